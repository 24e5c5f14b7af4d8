"""Rules engine for the bridge family of card games: pure Python, no Firebase imports.

Values (`Card`, `Bid`, `Settings`); a game of the family as data (`Variant`, registered by wire
name in `VARIANTS`); one deal as an immutable state machine with explicit phases (`Deal`); a
match of deals (`Match`); the room around it (`Room`); the room's canonical stored form
(`state`) and what clients may read of it (`documents`, shaped by `wire`). Moves are methods
returning new immutable values; every broken rule raises `BridgeError` with a SPEC §7 `Reason`.
"""
from .bids import ALL_BIDS, PASS, Bid, Call, Pass, Strain, parse_call
from .cards import DECK, Card, Rank, Suit
from .deal import (
    AuctionCall,
    Bidding,
    Contract,
    Deal,
    DealState,
    Finished,
    Outcome,
    Phase,
    Play,
    Playing,
    Trick,
    is_weak,
    new_deal,
)
from .dealing import Shuffler, deal_hands, hand_points, secure_rng
from .errors import BridgeError, Reason
from .floating import FLOATING, ChoosingPartner
from .match import Match
from .room import MAX_INVITED, Result, Room, Seat, Status
from .settings import Settings
from .variant import Variant
from .variants import VARIANTS, variant_named

__all__ = [
    "ALL_BIDS",
    "DECK",
    "FLOATING",
    "MAX_INVITED",
    "PASS",
    "VARIANTS",
    "AuctionCall",
    "Bid",
    "Bidding",
    "BridgeError",
    "Call",
    "Card",
    "ChoosingPartner",
    "Contract",
    "Deal",
    "DealState",
    "Finished",
    "Match",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
    "Playing",
    "Rank",
    "Reason",
    "Result",
    "Room",
    "Seat",
    "Settings",
    "Shuffler",
    "Status",
    "Strain",
    "Suit",
    "Trick",
    "Variant",
    "deal_hands",
    "hand_points",
    "is_weak",
    "new_deal",
    "parse_call",
    "secure_rng",
    "variant_named",
]
