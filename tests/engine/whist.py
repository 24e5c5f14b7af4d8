"""Whist, a test-only sixth variant (issue 35): a game of the family without an auction.

Four players in fixed partnerships, 0 and 2 against 1 and 3. There is no auction: the dealer's
seat names trump (North spades, East hearts, South diamonds, West clubs), the dealer's side
plays to take seven tricks as if it had bid one in trump, the player left of the dealer leads,
and all thirteen tricks are played; with the option `trumps` off (a whist room's own setting)
every deal is played in no trump. A side that takes seven or more scores a point for each
trick over six. This one module and one registry line (`tests/engine/test_whist.py`) are the
whole change: it uses the shared engine's primitives (`Playing`, `FixedSides`, the card-play
policy) and its hooks (`Variant.opening`, `Variant.phases`, `Variant.options`), and touches no shared module.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridge.bids import Bid, Strain
from bridge.card_play import choose_card
from bridge.cards import Card
from bridge.deal import Action, Contract, Deal, Finished, Playing, SeatView, Trick
from bridge.dealing import Shuffler, deal_hands
from bridge.option import Option, switch
from bridge.settings import Settings
from bridge.sides import OPPOSITE
from bridge.variant import AuctionRules, EachDealAlone, PlayRules, Variant

#: The one scoring: a point a trick over six.
POINTS = "points"
#: Trump by the dealer's position.
TRUMP_OF_DEALER = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: The tricks a side scores beyond.
BOOK = 6
#: Whist's own option: the dealer's seat names trump (on, the default), or every deal is played
#: in no trump (off).
TRUMPS: Option[bool] = switch("trumps", True)


def no_auction(variant: Variant, players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler,
               washes: int = 0) -> Deal:
    """Whist's opening (`Variant.opening`): the hands dealt and play begun at once, the dealer's
    side playing one in the dealer's trump (in no trump with the `trumps` option off), the player
    left of the dealer leading."""
    bid = Bid(1, TRUMP_OF_DEALER[dealer] if TRUMPS.of(settings) else Strain.NO_TRUMP)
    contract = Contract(dealer, bid, variant.target(bid), variant.defender_target(bid))
    hands = deal_hands(rng, variant.seats, variant.hand_size)
    return Deal(variant, settings, players, dealer, hands, Playing((), contract, None, Trick(variant.left_of(dealer))),
                washes)


@dataclass(frozen=True, slots=True)
class Points(EachDealAlone):
    """Whist's score sheet: each deal scores alone, a point a trick over six to the side that took
    seven or more; the `deals` setting ends the match."""

    def points(self, deal: Deal) -> tuple[int, ...]:
        outcome = deal.outcome()
        assert outcome is not None  # a whist deal is always played out
        won = max(outcome.declarer_tricks, outcome.defender_tricks) - BOOK
        return tuple(won if position in outcome.winners else 0 for position in range(outcome.seats))


def play(view: SeatView, legal: Sequence[Action]) -> Action:
    """The shared card-play policy, the fixed partner an ally."""
    assert view.trick is not None
    cards = [action for action in legal if isinstance(action, Card)]
    seat = (view.trick.leader + len(view.trick.plays)) % view.variant.seats
    return choose_card(view, cards, view.hand, {view.variant.sides.partner_of(seat)}, view.hand)


WHIST = Variant(
    name="whist",
    seats=4,
    hand_size=13,
    auction=AuctionRules(ladder=(), opener=1, book=BOOK, top_bid_ends=False),
    sides=OPPOSITE,
    opening=no_auction,
    phases=(Playing, Finished),
    hands_per_deck=4,
    play=PlayRules(trump_must_be_broken=False, declarer_leads_no_trump=False),
    wash_threshold=None,
    early_end=False,
    scorings=(POINTS,),
    sheet_ends=frozenset(),
    options=(TRUMPS,),
    sheet=lambda settings: Points(),
    bot=play,
)
