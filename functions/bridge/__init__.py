"""Floating Bridge rules engine: pure Python, no Firebase imports.

Values (`Card`, `Bid`, `Settings`), the deal state machine (`Game`), the room lobby
(`Room`), and the wire projections (`documents`). Moves are methods returning new
immutable values; every broken rule raises `BridgeError` with a SPEC §7 `Reason`.
"""
from .bids import ALL_BIDS, PASS, Bid, Call, Pass, Strain, parse_call
from .cards import DECK, Card, Rank, Suit
from .deal import Shuffler, deal_hands, hand_points, is_weak, secure_rng
from .errors import BridgeError, Reason
from .game import AuctionCall, Contract, Game, Outcome, Phase, Play, Trick, left_of, new_game
from .room import MAX_INVITED, Result, Room, Seat, Status
from .settings import Settings

__all__ = [
    "ALL_BIDS",
    "DECK",
    "MAX_INVITED",
    "PASS",
    "AuctionCall",
    "Bid",
    "BridgeError",
    "Call",
    "Card",
    "Contract",
    "Game",
    "Outcome",
    "Pass",
    "Phase",
    "Play",
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
    "deal_hands",
    "hand_points",
    "is_weak",
    "left_of",
    "new_game",
    "parse_call",
    "secure_rng",
]
