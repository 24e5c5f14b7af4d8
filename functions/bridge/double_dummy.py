"""Double-dummy search: whether a side can take a number of the remaining tricks of an ending
when every hand is known, against any defence (used to check claims, SPEC §15).

The search works on small integers: a card is `suit * 13 + rank - 2` (0-51) and a hand is a
52-bit set of them. It is a boolean alpha-beta search ("can the side take `need` more tricks?")
over single cards, with two exact reductions and a memo:

- cards of one hand that are adjacent in their suit among the cards still out (no other hand's
  card, played or held, between them) are equivalent: only one of them is tried;
- a side that needs no more tricks has won, and one that needs more than remain has lost;
- at the start of each trick the bounds learnt for that position are kept, keyed by the hands
  with each card replaced by its rank among the cards of its suit still out (only the order of
  the cards left decides a trick), the leader and whether trump is broken: a position reached by
  different orders of play, or differing only in cards played long ago, is searched once.

The search counts the nodes it visits and stops with `SearchLimit` past its `budget`: a caller
that must answer (a bot answering a claim) treats an unfinished search as "not proven".
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, Suit

#: The cards of each suit, as bit sets.
SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))


class SearchLimit(Exception):
    """The search visited more nodes than its budget allowed before it could answer."""


@dataclass(slots=True)
class Budget:
    """Nodes a search may still visit; several searches may share one (`SearchLimit` past it)."""

    nodes: int = field(default=200_000)


def card_index(card: Card) -> int:
    """The card as 0-51: `suit * 13 + rank - 2`."""
    return card.suit * 13 + card.rank - 2


def hand_mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card_index(card)
    return mask


@dataclass(frozen=True, slots=True)
class Ending:
    """A position: each seat's cards (`hands`, by position), the leader of the trick in progress
    and the cards played to it so far (`trick`, from the leader on), the trump suit (None: no
    trump), whether trump may not be led until broken (and whether it is), and which seats are
    on the side whose tricks are counted (`side`, by position)."""

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trump: Suit | None
    side: tuple[bool, ...]
    must_break_trump: bool = False
    trump_broken: bool = False
    trick: tuple[Card, ...] = ()

    @property
    def tricks_left(self) -> int:
        """The tricks still to be won, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)


def can_take(ending: Ending, tricks: int, budget: Budget | None = None) -> bool:
    """The side (`ending.side`) can take at least `tricks` of the remaining tricks against any
    defence, every hand known. Raises `SearchLimit` once `budget` is spent."""
    return _Search(ending, budget or Budget()).start(ending, tricks)


def most_tricks(ending: Ending, budget: Budget | None = None) -> int:
    """The most tricks the side can take against any defence, every hand known."""
    search = _Search(ending, budget or Budget(2_000_000))
    made = 0
    while made < ending.tricks_left and search.start(ending, made + 1):
        made += 1
    return made


class _Search:
    def __init__(self, ending: Ending, budget: Budget) -> None:
        self.seats = len(ending.hands)
        self.side = ending.side
        self.trump = -1 if ending.trump is None else int(ending.trump)
        self.trump_mask = 0 if ending.trump is None else SUIT_MASKS[ending.trump]
        self.must_break = ending.must_break_trump and ending.trump is not None
        self.budget = budget
        #: (relative hands, leader, trump broken) -> (lower, upper) bounds on the side's tricks from there.
        self.bounds: dict[tuple[tuple[int, ...], int, bool], tuple[int, int]] = {}

    def start(self, ending: Ending, need: int) -> bool:
        hands = tuple(hand_mask(h) for h in ending.hands)
        if not ending.trick:
            return self.wins(hands, ending.leader, need, ending.trump_broken)
        if need <= 0:
            return True
        if need > ending.tricks_left:
            return False
        trick = [card_index(card) for card in ending.trick]
        return self._play(list(hands), ending.leader, trick, need, ending.trump_broken)

    def wins(self, hands: tuple[int, ...], leader: int, need: int, broken: bool) -> bool:
        """At the start of a trick: can the side take `need` more tricks?"""
        if need <= 0:
            return True
        left = hands[leader].bit_count()
        if need > left:
            return False
        key = (_relative(hands), leader, broken)
        lower, upper = self.bounds.get(key, (0, left))
        if need <= lower:
            return True
        if need > upper:
            return False
        result = self._play(list(hands), leader, [], need, broken)
        self.bounds[key] = (max(lower, need), upper) if result else (lower, min(upper, need - 1))
        return result

    def _play(self, hands: list[int], leader: int, trick: list[int], need: int, broken: bool) -> bool:
        """Within a trick: `trick` holds the cards played to it so far, from `leader` on."""
        self.budget.nodes -= 1
        if self.budget.nodes < 0:
            raise SearchLimit
        seat = (leader + len(trick)) % self.seats
        ours = self.side[seat]
        hand = hands[seat]
        out = 0
        for h in hands:
            out |= h
        for c in trick:
            out |= 1 << c
        for card in self._choices(hand, trick, broken, out, ours):
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if len(trick) < self.seats:
                result = self._play(hands, leader, trick, need, broken)
            else:
                winner = (leader + self._winning_index(trick)) % self.seats
                trumped = broken or any(c // 13 == self.trump for c in trick)
                result = self.wins(tuple(hands), winner, need - self.side[winner], trumped)
            trick.pop()
            hands[seat] = hand
            if result == ours:  # the side to move found what it wants
                return result
        return not ours

    def _choices(self, hand: int, trick: list[int], broken: bool, out: int, ours: bool) -> list[int]:
        """The cards worth trying: one of each run of equivalent legal cards, the side's highest first."""
        if trick:
            legal = hand & SUIT_MASKS[trick[0] // 13] or hand
        elif self.must_break and not broken and hand & ~self.trump_mask:
            legal = hand & ~self.trump_mask
        else:
            legal = hand
        choices: list[int] = []
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if not cards:
                continue
            held = hand & SUIT_MASKS[suit]
            run = False
            for card in range(suit * 13 + 12, suit * 13 - 1, -1):  # high to low among the cards still out
                bit = 1 << card
                if not out & bit:
                    continue
                if held & bit:
                    if not run and cards & bit:
                        choices.append(card)
                    run = True
                else:
                    run = False
        return choices if ours else choices[::-1]

    def _winning_index(self, trick: list[int]) -> int:
        """The index in `trick` of the card that wins it: the highest trump, else the highest of the led suit."""
        best = 0
        for i in range(1, len(trick)):
            card, top = trick[i], trick[best]
            if (card > top) if card // 13 == top // 13 else card // 13 == self.trump:
                best = i
        return best


def _relative(hands: tuple[int, ...]) -> tuple[int, ...]:
    """`hands` with the cards still out of each suit renumbered from the top of the suit down (the
    highest card out becomes the ace), keeping their order and who holds them."""
    out = 0
    for hand in hands:
        out |= hand
    result = [0] * len(hands)
    for suit in range(4):
        cards = out & SUIT_MASKS[suit]
        top = suit * 13 + 12
        while cards:
            card = cards.bit_length() - 1
            bit = 1 << card
            for seat, hand in enumerate(hands):
                if hand & bit:
                    result[seat] |= 1 << top
                    break
            top -= 1
            cards ^= bit
    return tuple(result)
