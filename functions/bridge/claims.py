"""How a bot answers a claim (SPEC §15): from its seat's view, which a claim extends with the
claimer's remaining cards, it accepts exactly when the claim holds in every layout of the cards
it cannot see: in each, the claimer's side can take the claimed tricks against any defence
(`double_dummy.Solver.can_take`).

With the dummy shown (contract bridge, TigerBridge) or two players (Memory Bridge) an opponent
sees every hand but one, which is therefore known too: there is one layout. In Floating Bridge
the partner's and the other opponent's hands are unknown: every split of the unseen cards
between them that gives each its number of cards and none of a suit it has shown out of is a
layout. The searches of one answer share one solver (what one layout's search learnt serves the
next: layouts that differ in small cards meet the same positions) and one budget of work (search
nodes, and one for each layout): a claim the search cannot prove within it is rejected, as a
careful player rejects a claim they cannot check (docs/DECISIONS.md).

**Steady answers** (issue 33): the work an answer needs depends on the cards the bot holds, and
the claimer waits on it. A room's bots (`STEADY`) therefore spend the whole budget on every
answer, searching a deal fixed in advance once the answer is known, and then
wait out the rest of the answer's time: how long a claim takes to be answered tells nothing about
the hidden cards. Budget and time depend on public facts only: how many hands the answering seat
cannot see (`WORK`), chosen by measurement (bench/claims.py) so that every claim measured is
answered exactly (all but the longest Floating Bridge claims: see `WORK`).
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from .cards import DECK, Card, Suit
from .deal import SeatView
from .dealing import Hand
from .double_dummy import Budget, Ending, SearchLimit, Solver


@dataclass(frozen=True, slots=True)
class Work:
    """What one bot's answer to a claim may spend: `units` of search (nodes, and one a layout),
    and for a steady answer the wall time it takes (`seconds`, above what the units take)."""

    units: int
    seconds: float


#: By how many hands the answering seat cannot see: none or one (the dummy shown, or two players:
#: one layout), or two (Floating Bridge: every split of the unseen cards). Measured with the native
#: search (issue 34; 130-ish ns a unit on this machine): with one layout the most any claim needed
#: was 292,322 units (contract bridge, 12 cards left); with two, 13,918 at 6 cards left, 409,220 at
#: 9 and 1,347,922 at 11 (Floating Bridge). Each budget leaves room above that, and the time above
#: what the budget takes here. A Floating Bridge claim of all 12 tricks right after the first
#: (2.7 million layouts) is the one kind a budget can cut short, and then it is rejected.
WORK: Mapping[int, Work] = MappingProxyType({0: Work(1_000_000, 0.25), 1: Work(1_000_000, 0.25),
                                             2: Work(4_000_000, 1.0)})


#: The transposition table of one answer's solver: at most 2^18 entries (some 13 MB), so that the
#: claims a callable instance answers at once (16 of them) stay well inside its memory.
CLAIM_TABLE = 1 << 18


class Verdict(Enum):
    """What the search found of a claim."""

    #: It holds in every layout the seat cannot rule out.
    HOLDS = "holds"
    #: Some layout defeats it.
    FAILS = "fails"
    #: The budget ran out before every layout was checked.
    UNPROVEN = "unproven"


@dataclass(frozen=True, slots=True)
class ClaimAnswerer:
    """How bots answer an open claim: accept exactly when it holds in every layout of the cards
    the seat cannot see, as far as the units of `work` (by the hands it cannot see) can tell.
    `steady`: every answer spends all its units and then takes its `seconds` of wall time."""

    work: Mapping[int, Work] = field(default_factory=lambda: WORK)
    steady: bool = False

    def answers(self, views: Sequence[SeatView]) -> tuple[bool, ...]:
        """Each seat's answer to the open claim of its view, all computed whatever the first says
        (a steady table spends the same on every claim it answers: as many answers as it has
        bots to answer, each its whole budget, then the wait)."""
        started = time.perf_counter()
        verdicts, seconds = [], 0.0
        for view in views:
            work = self.work_of(view)
            budget = Budget(work.units)
            verdicts.append(check_claim(view, budget) is Verdict.HOLDS)
            if self.steady:
                _public_work(budget)
                seconds += work.seconds
        if self.steady:
            time.sleep(max(0.0, seconds - (time.perf_counter() - started)))
        return tuple(verdicts)

    def work_of(self, view: SeatView) -> Work:
        """The work an answer from `view` may spend: by how many hands that seat cannot see."""
        return self.work[len(_unknown(view))]


#: How a room's bots answer a claim: steady (their time says nothing about their cards).
STEADY = ClaimAnswerer(steady=True)


def check_claim(view: SeatView, budget: Budget) -> Verdict:
    """The open claim of `view` checked in every layout of the cards that seat cannot see, within
    `budget` (search nodes, and one a layout)."""
    claim, contract, trick = view.claim, view.contract, view.trick
    assert claim is not None and contract is not None and trick is not None  # answered during play only
    variant, seats = view.variant, view.variant.seats
    known = _known(view)
    unseen = _unseen(view, known.values())
    unknown = _unknown(view)
    voids = {p: _shown_out(view, p) for p in unknown}
    trump = contract.trump
    sides = _sides(view)
    solver = Solver(seats, trump, sides, variant.play.trump_must_be_broken, budget, CLAIM_TABLE)
    hands = [known.get(p) for p in range(seats)]
    try:
        holds = solver.can_take_every_layout(hands, unseen, voids, trick.leader, _trump_broken(view), claim.tricks)
    except SearchLimit:
        return Verdict.UNPROVEN
    return Verdict.HOLDS if holds else Verdict.FAILS


def _public_work(budget: Budget) -> None:
    """Spend what is left of `budget` searching `_PADDING`, a whole deal fixed in advance (it
    depends on nothing at the table), so that the work of an answer does not depend on what its
    check needed: a new solver each round, and one unit a round at least, so that it ends."""
    while budget.nodes > 0:
        budget.nodes -= 1
        try:
            Solver(4, None, _PADDING.side, False, budget, CLAIM_TABLE).most_tricks(_PADDING)
        except SearchLimit:
            return


def _padding() -> Ending:
    """The deal the steady answers' spare work searches: the deck dealt by a fixed shuffle (no
    secret: any order would do), no trump, North-South's tricks; solving a whole deal takes far
    more nodes than any answer's budget."""
    deck = random.Random(33).sample(DECK, len(DECK))
    return Ending(tuple(tuple(deck[13 * p:13 * (p + 1)]) for p in range(4)), 0, None, (True, False, True, False))


_PADDING = _padding()


def _known(view: SeatView) -> dict[int, Hand]:
    """The hands the answering seat sees: its own, the claimer's cards and the dummy once shown."""
    claim = view.claim
    assert claim is not None
    known = {view.position: view.hand, claim.position: view.claim_cards}
    if view.dummy is not None:
        known[view.dummy[0]] = view.dummy[1]
    return known


def _unknown(view: SeatView) -> list[int]:
    """The positions whose hands the answering seat cannot see (a public fact: which they are)."""
    known = _known(view)
    return [p for p in range(view.variant.seats) if p not in known]


def _unseen(view: SeatView, shown: Iterable[Hand]) -> list[Card]:
    """The cards not played and not in `shown`, in deck order."""
    played = {play.card for t in (*view.first_tricks, *view.tricks) for play in t.plays}
    seen = played.union(*shown)
    return [card for card in DECK if card not in seen]


def _sides(view: SeatView) -> tuple[bool, ...]:
    """By position, whether a seat is on the claimer's side: the declarer and the partner the
    table knows (a declarer playing alone has none)."""
    contract = view.contract
    assert contract is not None
    return tuple(p in (contract.declarer, view.partner) for p in range(view.variant.seats))


def _trump_broken(view: SeatView) -> bool:
    trump = view.trump
    return trump is not None and any(play.card.suit == trump for t in view.tricks for play in t.plays)


def _shown_out(view: SeatView, position: int) -> frozenset[Suit]:
    """The suits `position` has failed to follow in this half's tricks: it holds none of them."""
    return frozenset(trick.plays[0].card.suit for trick in view.tricks for play in trick.plays
                     if play.position == position and play.card.suit != trick.plays[0].card.suit)
