"""Floating Bridge (Singaporean bridge, SPEC §5): the variant `"floating"`.

Four players; the player left of the dealer opens; bids 1C-7NT, and 7NT ends the auction; the
declarer names a partner card and its holder is the secret partner; trump may not be led until
broken; the declarer's side needs the level + 6 tricks, the defenders 8 - level; the deal ends as
soon as the table can tell that a side has reached its target; weak hands are washed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from . import floating_bot
from .bids import ALL_BIDS
from .cards import Card
from .core import card_index
from .deal import (
    AUCTION_PHASES,
    PLAY_ALL_TRICKS,
    WASH_RULE,
    Action,
    AuctionCall,
    Contract,
    Contracted,
    Deal,
    DealState,
    Move,
    Phase,
    Playing,
    StoredState,
    Trick,
    open_auction,
)
from .dealing import WASH_THRESHOLD, Shuffler
from .errors import BridgeError, Reason
from .values import evolve
from .variant import AuctionRules, EachDealAlone, PlayRules, Variant

if TYPE_CHECKING:
    from .deal import Outcome
    from .settings import Settings

#: Match scoring (SPEC §9): one point per deal won, or the tricks the winning side took.
DEALS, TRICKS = "deals", "tricks"


@dataclass(frozen=True, slots=True)
class Tally(EachDealAlone):
    """Floating Bridge's score sheet: each deal scores on its own, and only the `deals` setting
    ends a match. With `deals` scoring each winner of a deal scores 1; with `tricks` each winner
    scores the tricks their side won in it. The losers score 0."""

    scoring: str

    def points(self, deal: Deal) -> tuple[int, ...]:
        """A finished deal's points (`deal_points`); a deal every seat passed, over without a
        contract (a tournament's board: `PassedOut`), scores nothing."""
        outcome = deal.outcome()
        return deal_points(outcome, self.scoring) if outcome is not None else (0,) * len(deal.players)


def deal_points(outcome: Outcome, scoring: str) -> tuple[int, ...]:
    """A finished deal's points by position under `scoring` (see `Tally`)."""
    won = outcome.declarer_tricks if outcome.made else outcome.defender_tricks
    points = 1 if scoring == DEALS else won
    return tuple(points if position in outcome.winners else 0 for position in range(outcome.seats))


def tally(settings: Settings) -> Tally:
    return Tally(settings.scoring)


# ----- the partner card -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChoosingPartner(Contracted):
    """The auction is won; the declarer is to name the partner card (`chooseTeammate`): a card
    another player holds, whose holder is their secret partner. Play follows, the opening
    leader leading."""

    phase: ClassVar[Phase] = Phase.CHOOSING_TEAMMATE
    move: ClassVar[Move | None] = Move.NAME_PARTNER
    calls: tuple[AuctionCall, ...]
    contract: Contract

    def turn(self, deal: Deal) -> int | None:
        return self.contract.declarer

    def legal(self, deal: Deal) -> list[Action]:
        """Every card another player holds."""
        declarer = self.contract.declarer
        return [card for position, hand in enumerate(deal.hands) if position != declarer for card in hand]

    def act(self, deal: Deal, position: int, action: Action, rng: Shuffler) -> Deal:
        if not isinstance(action, Card):
            return deal.place_bid(position, action, rng)  # raises: the auction is over
        if position != self.contract.declarer:
            raise BridgeError(Reason.NOT_DECLARER, "Only the declarer chooses the partner card.")
        if action in deal.hands[position]:
            raise BridgeError(Reason.OWN_CARD, f"You hold {action}; name a card another player holds.")
        if not any(action in hand for hand in deal.hands):
            raise BridgeError(Reason.CARD_NOT_DEALT, f"Nobody holds {action}.")
        contract = self.contract
        return evolve(deal, state=Playing(self.calls, contract, action, Trick(deal.opening_leader(contract))))

    @classmethod
    def restored(cls, stored: StoredState) -> ChoosingPartner | None:
        return cls(stored.calls, stored.contract) if stored.phase is cls.phase and stored.contract else None


@dataclass(frozen=True, slots=True)
class PartnerCard:
    """Floating Bridge's sides (`SidesRule`): the declarer names a card once the auction is won,
    and its holder is their partner, a secret until the card is played (the declarer alone if
    they hold it after all: a card they could not name is theirs only by the play's record).
    Nobody is anyone's partner before that, so nobody doubles, and a call explains nothing."""

    def partner_of(self, position: int) -> int:
        return position

    def auction_won(self, deal: Deal, calls: tuple[AuctionCall, ...], contract: Contract) -> DealState:
        return ChoosingPartner(calls, contract)

    def partner(self, deal: Deal, contract: Contract) -> int | None:
        """Who holds (or held) the partner card; None before it is named."""
        card = deal.partner_card
        if card is None:
            return None
        core = deal.card_play()
        if core.partner_played:
            return core.possible.bit_length() - 1
        bit = 1 << card_index(card)
        return next((position for position, hand in enumerate(core.hands) if hand & bit), None)

    def revealed(self, deal: Deal) -> bool:
        """Once the partner card has been played."""
        return deal.partner_card is not None and deal.card_play().partner_played

    def table_sides(self, seats: int, declarer: int | None, partner: int | None) -> tuple[int, ...] | None:
        """The declarer and the partner the deal had against the rest; none without them."""
        if declarer is None or partner is None:
            return None
        return tuple(0 if position in (declarer, partner) else 1 for position in range(seats))


FLOATING = Variant(
    name="floating",
    seats=4,
    hand_size=13,
    auction=AuctionRules(ladder=ALL_BIDS, opener=1, book=6, top_bid_ends=True),
    sides=PartnerCard(),
    opening=open_auction,
    phases=(*AUCTION_PHASES, ChoosingPartner),
    hands_per_deck=4,
    play=PlayRules(trump_must_be_broken=True, declarer_leads_no_trump=True),
    wash_threshold=WASH_THRESHOLD,
    early_end=True,
    scorings=(DEALS, TRICKS),
    sheet_ends=frozenset(),
    options=(PLAY_ALL_TRICKS, WASH_RULE),
    sheet=tally,
    bot=floating_bot.choose,
    alternatives=floating_bot.alternatives,
)
