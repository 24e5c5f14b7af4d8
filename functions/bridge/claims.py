"""How a bot answers a claim (SPEC §15): from its seat's view, which a claim extends with the
claimer's remaining cards, it accepts exactly when the claim holds in every layout of the cards
it cannot see: in each, the claimer's side can take the claimed tricks against any defence
(`double_dummy.can_take`).

With the dummy shown (contract bridge, TigerBridge) or two players (Memory Bridge) an opponent
sees every hand but one, which is therefore known too: there is one layout. In Floating Bridge
the partner's and the other opponent's hands are unknown: every split of the unseen cards
between them that gives each its number of cards and none of a suit it has shown out of is a
layout. All the searches of one answer share one budget (`CLAIM_BUDGET` nodes): a claim the
search cannot prove within it is rejected, as a careful player rejects a claim they cannot
check (docs/DECISIONS.md).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from enum import Enum
from itertools import combinations

from .cards import DECK, Card, Suit
from .deal import SeatView
from .dealing import Hand
from .double_dummy import Budget, Ending, SearchLimit, can_take

#: Search nodes one claim answer may visit over all its layouts (bench/claims.py: a 9-card contract
#: bridge claim takes ~4 ms at p50 since the faster search, none of 80 cut short by this budget).
CLAIM_BUDGET = 60_000


class Verdict(Enum):
    """What the search found of a claim."""

    #: It holds in every layout the seat cannot rule out.
    HOLDS = "holds"
    #: Some layout defeats it.
    FAILS = "fails"
    #: The budget ran out before every layout was checked.
    UNPROVEN = "unproven"


def claim_holds(view: SeatView, budget: int = CLAIM_BUDGET) -> bool:
    """The bot's answer: accept exactly when the open claim of `view` holds in every layout of the
    cards that seat cannot see, as far as `budget` nodes of search can tell."""
    return check_claim(view, budget) is Verdict.HOLDS


def check_claim(view: SeatView, budget: int = CLAIM_BUDGET) -> Verdict:
    """The open claim of `view` checked in every layout of the cards that seat cannot see."""
    claim, contract, trick = view.claim, view.contract, view.trick
    assert claim is not None and contract is not None and trick is not None  # answered during play only
    variant, seats = view.variant, view.variant.seats
    side = {contract.declarer, view.partner if view.partner is not None else contract.declarer}
    known: dict[int, Hand] = {view.position: view.hand, claim.position: view.claim_cards}
    if view.dummy is not None:
        known[view.dummy[0]] = view.dummy[1]
    played = {play.card for t in (*view.first_tricks, *view.tricks) for play in t.plays}
    seen = played.union(*known.values())
    unseen = [card for card in DECK if card not in seen]
    unknown = [p for p in range(seats) if p not in known]
    voids = {p: _shown_out(view, p) for p in unknown}
    left = variant.hand_size - len(view.tricks)
    trump = contract.trump
    broken = trump is not None and any(play.card.suit == trump for t in view.tricks for play in t.plays)
    remaining = Budget(budget)
    try:
        for layout in _layouts(unseen, unknown, left, voids):
            hands = tuple(known[p] if p in known else layout[p] for p in range(seats))
            ending = Ending(hands, trick.leader, trump, tuple(p in side for p in range(seats)),
                            variant.play.trump_must_be_broken, broken)
            if not can_take(ending, claim.tricks, remaining):
                return Verdict.FAILS
    except SearchLimit:
        return Verdict.UNPROVEN
    return Verdict.HOLDS


def _shown_out(view: SeatView, position: int) -> frozenset[Suit]:
    """The suits `position` has failed to follow in this half's tricks: it holds none of them."""
    return frozenset(trick.plays[0].card.suit for trick in view.tricks for play in trick.plays
                     if play.position == position and play.card.suit != trick.plays[0].card.suit)


def _layouts(cards: Sequence[Card], seats: Sequence[int], size: int,
             voids: dict[int, frozenset[Suit]]) -> Iterator[dict[int, Hand]]:
    """Every way to give each of `seats` `size` of `cards`, none of a suit it is void in, in a
    fixed order."""
    if not seats:
        if not cards:
            yield {}
        return
    first, rest = seats[0], seats[1:]
    allowed = [card for card in cards if card.suit not in voids[first]]
    for hand in combinations(allowed, size):
        chosen = set(hand)
        others = [card for card in cards if card not in chosen]
        for layout in _layouts(others, rest, size, voids):
            yield {first: hand, **layout}
