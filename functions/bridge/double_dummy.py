"""Double-dummy search: how many of the remaining tricks of an ending a side can take when every
hand is known, against any defence (used to check claims, SPEC §15, and to analyse finished
deals, SPEC §16). It handles any sides (Floating Bridge's partner may sit beside the declarer, or
the declarer may play alone), two or four seats, and the rule that trump may not be led until
broken: what DDS, the standard solver, cannot model.

The search itself is native code, the `ddsolver` package (functions/ddsolver, C against the
CPython API, built by pip from functions/requirements.txt): a boolean alpha-beta search ("can the
side take `need` more tricks?", a null window) over single cards with equivalent cards merged,
sure-trick bounds that know which seats are a side, partition search in a transposition table
keyed by suit lengths and the holders of the top cards (kept from one question to the next by a
`Solver`), and move ordering after DDS's (leads) and bridge-solver's (followers); its C source
states each rule. This module is the engine's API to it: positions as `Ending`s of `Card`s, the
outer loop that finds the most tricks one trick at a time from a first guess, and budgets of
nodes (a node is a card tried: some 0.1 microseconds) that bound what one caller may spend.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ddsolver import Search

from .cards import Card, Suit
from .core import card_index, hand_mask


class SearchLimit(Exception):
    """The search visited more nodes than its budget allowed before it could answer."""


@dataclass(slots=True)
class Budget:
    """Nodes a search may still visit; several searches may share one (`SearchLimit` past it)."""

    nodes: int


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
    defence, every hand known. Raises `SearchLimit` once `budget` (None: no bound) is spent."""
    return Solver.of(ending, budget).can_take(ending, tricks)


def most_tricks(ending: Ending, budget: Budget | None = None) -> int:
    """The most tricks the side can take against any defence, every hand known."""
    return Solver.of(ending, budget).most_tricks(ending)


#: The nodes of a question without a budget: more than any search visits.
_UNBOUNDED = 1 << 62
#: The most entries a solver's transposition table keeps (48 bytes each and their buckets: some
#: 300 MB when full) before it forgets those of the positions with the fewest cards (its answers
#: stay exact). A table grows only as its searches need: a claim's or an ending's stays small; only
#: a whole deal's table reaches it, in the analysis trigger (1 GiB, one search at a time).
TABLE_LIMIT = 1 << 22


def first_guess(ending: Ending) -> int:
    """A guess at the side's tricks for the outer loop to start from (the count it finds is exact
    whatever the guess; a close one saves searches): the tricks left shared in proportion to the
    honour points each side holds (ace 4, king 3, queen 2, jack 1), and half a trick for each
    trump the side holds more than the other side."""
    points, trumps = [0, 0], [0, 0]
    for hand, ours in zip(ending.hands, ending.side, strict=True):
        points[ours] += sum(max(0, card.rank - 10) for card in hand)
        trumps[ours] += sum(1 for card in hand if card.suit == ending.trump)
    left = ending.tricks_left
    share = left * points[True] / max(1, sum(points)) + (trumps[True] - trumps[False]) / 2
    return max(0, min(left, round(share)))


class Solver:
    """Double-dummy questions about endings with one trump suit, one rule for leading trump and
    one side counted, sharing what each search learnt (its transposition table, of at most
    `table_limit` entries) with the next: the endings of one deal, or the layouts of one claim.
    `budget` (None: no bound) bounds the nodes of all its searches together."""

    def __init__(self, seats: int, trump: Suit | None, side: Sequence[bool], must_break_trump: bool,
                 budget: Budget | None = None, table_limit: int = TABLE_LIMIT) -> None:
        self._search = Search(seats, -1 if trump is None else int(trump),
                              sum(1 << p for p, ours in enumerate(side) if ours), must_break_trump, table_limit)
        self._budget = budget

    @staticmethod
    def of(ending: Ending, budget: Budget | None = None) -> Solver:
        return Solver(len(ending.hands), ending.trump, ending.side, ending.must_break_trump, budget)

    def can_take(self, ending: Ending, tricks: int) -> bool:
        """`ending.side` can take at least `tricks` of the tricks left (`SearchLimit` past the budget)."""
        return self.bound(ending, tricks) >= tricks

    def bound(self, ending: Ending, beta: int) -> int:
        """A bound on the side's tricks against `beta`: it takes at least the bound when that is
        `beta` or more, at most the bound when it is less (`SearchLimit` past the budget)."""
        return self._charged(self._search.bound([hand_mask(hand) for hand in ending.hands], ending.leader,
                                                [card_index(card) for card in ending.trick], ending.trump_broken,
                                                beta, self._allowance()))

    def can_take_every_layout(self, hands: Sequence[Sequence[Card] | None], unseen: Iterable[Card],
                              voids: Mapping[int, Iterable[Suit]], leader: int, broken: bool, tricks: int) -> bool:
        """At a trick's start, `leader` to lead: the side can take at least `tricks` of the tricks
        left in every layout of the `unseen` cards among the seats whose hand is None (at most two),
        each holding as many cards as the others and none of a suit in its `voids`. Each layout
        costs a node of the budget besides its search (`SearchLimit` past it)."""
        unknown = [p for p, hand in enumerate(hands) if hand is None]
        return self._charged(self._search.every_layout(
            [0 if hand is None else hand_mask(hand) for hand in hands], unknown, hand_mask(unseen),
            [sum(1 << int(suit) for suit in voids.get(p, ())) for p in unknown], leader, broken, tricks,
            self._allowance())) == 1

    def _allowance(self) -> int:
        """The nodes the next question may visit: what is left of the budget."""
        return _UNBOUNDED if self._budget is None else max(self._budget.nodes, 0)

    def _charged(self, answer: int) -> int:
        """`answer` (the native search's: -1 when it ran out), its nodes taken from the budget;
        `SearchLimit` when it ran out."""
        if self._budget is not None:
            self._budget.nodes -= self._search.nodes
            if answer < 0:
                self._budget.nodes = -1
                raise SearchLimit
        return answer

    def most_tricks(self, ending: Ending, guess: int | None = None) -> int:
        """The most tricks the side can take: bounds asked from `guess` (by default
        `first_guess`) until the lower and upper bounds meet (MTD(f): each answer moves one
        bound, often by more than a trick)."""
        if guess is None:
            guess = first_guess(ending)
        lower, upper = 0, ending.tricks_left
        made = min(max(guess, lower), upper)
        while lower < upper:
            beta = made + 1 if made == lower else made
            made = self.bound(ending, beta)
            if made >= beta:
                lower = made
            else:
                upper = made
        return made
