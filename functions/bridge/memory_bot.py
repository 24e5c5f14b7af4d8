"""The Memory Bridge bot: one seat's choice from what that seat may see (docs/MEMORY.md).

In the second half the bot knows its opponent's cards: the 52 less its own 13 as dealt and the
26 of the first half (`opponent_cards`). It decides from that and its view alone.

- **Auction.** For each strain it counts the tricks it expects declaring it: its own count
  (`tricks_expected`: top tricks, suits it can run in no trump, its trump length beyond the
  opponent's), at most what the opponent's count in the same strain leaves it. It bids the
  cheapest legal bid in its best strain (no trump, then the higher suit, on equal counts) at
  most its count less six, else passes. It never doubles.
- **Play** by `card_play.choose_card`, with no allies; a card is "out" above one of its own
  when the opponent holds it (in the first half: when it is neither its own nor played).
"""
from __future__ import annotations

from collections.abc import Sequence

from .bids import PASS, Bid, Call, Strain
from .card_play import choose_card
from .cards import DECK, Card, Suit
from .deal import Action, SeatView

#: A bid's level counts tricks beyond this many.
BOOK = 6


def choose(view: SeatView, legal: Sequence[Action]) -> Action:
    if view.contract is None and view.first_tricks:
        return _call(view, [a for a in legal if not isinstance(a, Card)])
    cards = [a for a in legal if isinstance(a, Card)]
    theirs = opponent_cards(view)
    ours = set(DECK) - theirs if view.first_tricks else set(view.hand)
    return choose_card(view, cards, view.hand, (), ours)


def opponent_cards(view: SeatView) -> set[Card]:
    """The cards the opponent holds now, as far as the seat can tell: once the first half is over,
    every card neither in its hand nor played; before, none are known."""
    if not view.first_tricks:
        return set()
    played = {play.card for trick in (*view.first_tricks, *view.tricks) for play in trick.plays}
    if view.trick is not None:
        played |= {play.card for play in view.trick.plays}
    return set(DECK) - played - set(view.hand)


def tricks_expected(mine: Sequence[Card], theirs: set[Card], strain: Strain) -> int:
    """The tricks the bot counts on declaring `strain` with `mine` against `theirs`: in each suit
    its top tricks (its cards above all of the opponent's in the suit); all its cards of a suit it
    can run (its top tricks cover the opponent's length) in no trump; and in the trump suit its
    length beyond the opponent's, if that is more than its top tricks."""
    total = 0
    for suit in Suit:
        my = sorted((c.rank for c in mine if c.suit is suit), reverse=True)
        op = [c.rank for c in theirs if c.suit is suit]
        top = sum(1 for rank in my if not op or rank > max(op))
        if strain.trump is suit:
            top = max(top, len(my) - len(op))
        elif strain is Strain.NO_TRUMP and top >= len(op):
            top = len(my)
        total += top
    return min(total, 13)


def _call(view: SeatView, legal: Sequence[Call]) -> Call:
    theirs = opponent_cards(view)
    counts = {strain: min(tricks_expected(view.hand, theirs, strain),
                          13 - tricks_expected(tuple(theirs), set(view.hand), strain)) for strain in Strain}
    strain = max(Strain, key=lambda s: (counts[s], s))
    for call in legal:
        if isinstance(call, Bid) and call.strain is strain and call.level <= counts[strain] - BOOK:
            return call
    return PASS
