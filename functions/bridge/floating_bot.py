"""The Floating Bridge bot: one seat's choice from what that seat may see (SPEC §10).

`choose(view, legal)` is a pure function of a `SeatView` (the seat's own hand and the public
state of the deal) and the legal actions, in a fixed order; it has no randomness, so the same
view always gives the same choice, whatever the hidden cards are.

- **Auction.** Points as SPEC §5.2 (A 4, K 3, Q 2, J 1, one per card beyond four in a suit).
  Under 13 points: pass. Otherwise the strain is the longest suit (the higher of equal lengths),
  or no trump with a balanced hand (no singleton or void, no suit of five or more) of 16 points
  or more; the highest level it will reach is 1 at 13-15 points, one more for every 3 points
  after. It bids the cheapest legal bid in its strain up to that level, else passes.
- **Partner card.** The highest trump it lacks; in no trump, the highest ace it lacks, then
  king, and so on.
- **The thinking bot** (`thinking_bot`) also weighs the actions `alternatives` names.
- **Play.** It knows its allies when the table does (the partner once the partner card is
  played), or from its own hand (the holder of the partner card is the declarer's partner). On
  lead: a card that is the highest still out in its suit (a sure winner, side suits first),
  else the lowest card of its longest side suit. Following: when an ally is winning the trick,
  its cheapest card; otherwise the cheapest card that wins the trick so far (a trump when void,
  if trumping wins); otherwise its least useful card (the lowest of its shortest side suit).
"""
from __future__ import annotations

from collections.abc import Sequence

from .bids import PASS, Bid, Call, Strain
from .card_play import choose_card, longest_suit_bid, suit_lengths
from .cards import Card, Rank, Suit
from .deal import Action, SeatView
from .dealing import hand_points

#: SPEC §5.2's points at which it opens, and how many more points buy each further level.
OPENING_POINTS, POINTS_PER_LEVEL, NO_TRUMP_POINTS = 13, 3, 16


def choose(view: SeatView, legal: Sequence[Action]) -> Action:
    """The bot's action for the seat whose `view` this is, one of `legal`."""
    if view.contract is None:
        return _call(view, [a for a in legal if not isinstance(a, Card)])
    cards = [a for a in legal if isinstance(a, Card)]
    if view.partner_card is None:
        return _partner_card(view, cards)
    return choose_card(view, cards, view.hand, _allies(view), frozenset(view.hand))


# ----- the auction ---------------------------------------------------------------------------


def _call(view: SeatView, legal: Sequence[Call]) -> Call:
    points = hand_points(view.hand)
    if points < OPENING_POINTS:
        return PASS
    lengths = suit_lengths(view.hand)
    longest = max(Suit, key=lambda suit: (lengths[suit], suit))
    balanced = min(lengths) >= 2 and max(lengths) <= 4
    strain = Strain.NO_TRUMP if balanced and points >= NO_TRUMP_POINTS else Strain(longest)
    top_level = min(7, 1 + (points - OPENING_POINTS) // POINTS_PER_LEVEL)
    for call in legal:
        if isinstance(call, Bid) and call.strain is strain and call.level <= top_level:
            return call
    return PASS


# ----- the partner card ---------------------------------------------------------------------


def _partner_card(view: SeatView, legal: Sequence[Card]) -> Card:
    assert view.contract is not None
    trump = view.contract.trump
    suits = [trump] if trump is not None else list(Suit)
    for rank in sorted(Rank, reverse=True):
        for suit in suits:
            card = Card(suit, rank)
            if card in legal:
                return card
    return max(legal)


# ----- what else the thinking bot weighs --------------------------------------------------------


def alternatives(view: SeatView, legal: Sequence[Action], preferred: Action) -> list[Action]:
    """The actions the thinking bot weighs beside the system's (`Variant.alternatives`): in the
    auction, the bid in the longest suit where the system passes (`longest_suit_bid`); for the
    partner card, the highest it may name in each suit and the next below the system's in its
    suit."""
    if not isinstance(preferred, Card):
        return longest_suit_bid(view, legal, preferred)
    cards = sorted((action for action in legal if isinstance(action, Card)), reverse=True)
    return [*(next(c for c in cards if c.suit is suit) for suit in Suit if any(c.suit is suit for c in cards)),
            *[c for c in cards if c.suit is preferred.suit and c < preferred][:1]]


# ----- play ----------------------------------------------------------------------------------


def _allies(view: SeatView) -> set[int]:
    """The seats this seat knows to be on its side."""
    assert view.contract is not None
    declarer, me = view.contract.declarer, view.position
    partner = view.partner
    if partner is None and view.partner_card in view.hand:
        partner = me
    if me == declarer:
        return {partner} if partner is not None else set()
    if partner == me:
        return {declarer}
    if partner is None:
        return set()
    return set(range(view.variant.seats)) - {declarer, partner, me}


