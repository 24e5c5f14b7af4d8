"""Memory Bridge (seed 002, docs/MEMORY.md): the variant `"memory"`.

Two players, each a side alone; the dealer alternates. A deal opens with a first half of 13
no-trump tricks from 13 cards each, led by the non-dealer; then the other 26 cards are dealt and
the dealer opens an auction of bids 1C-7NT with double and redouble, which a pass after a bid
ends; the last bidder declares, the opponent leads, 13 tricks in the contract's strain. Scored on
a `TargetSheet`: the first half's winner as 1NT made plus 100, a contract made by its tricks over
six, a contract failed 50 a trick to the opponent (doubled ×2, redoubled ×4); the match ends when
a player has reached the `targetScore` and leads.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from . import memory_bot
from .bids import ALL_BIDS, Bid, Doubling, Strain
from .card_play import longest_suit_bid
from .cards import Card
from .contract_scoring import Entry, Kind, Side, trick_points
from .core import NO_TRUMP, PlayCore, Rules, hand_mask
from .deal import AUCTION_PHASES, Action, AuctionCall, Bidding, Deal, Phase, StoredState, Trick, TrickPlay
from .dealing import Shuffler, deal_hands
from .option import Option, points
from .sides import ALONE
from .values import evolve
from .variant import AuctionRules, DeclarerRule, PlayRules, Variant

if TYPE_CHECKING:
    from .deal import Outcome
    from .settings import Settings
    from .wire import PointsDoc

#: The one scoring: to the `targetScore`.
TARGET = "target"
#: A trick's points start beyond this many tricks ("each trick you win over 6").
BOOK = 6
#: The first half's winner's "extra 100 points".
FIRST_HALF_BONUS = 100
#: The opponent's points for each trick a contract falls short (docs/MEMORY.md's reading).
UNDERTRICK = 50
#: The option `targetScore`: a player who has reached it and leads wins the match (`TargetSheet`).
TARGET_SCORE: Option[int] = points("targetScore", 500, 100, 5000)


def tricks_over_book(strain: Strain, tricks: int, doubling: Doubling = Doubling.UNDOUBLED) -> int:
    """Points for `tricks` taken in `strain`, "for each trick you win over 6": clubs and
    diamonds 20, hearts and spades 30, no trump 40 for the first and 30 for each further one;
    doubled ×2, redoubled ×4 (0 for six tricks or fewer)."""
    over = tricks - BOOK
    return trick_points(Bid(over, strain), doubling) if over > 0 else 0


def first_half_entries(tricks: tuple[Trick, ...], seats: int) -> tuple[Entry, ...]:
    """The first half's winner (7 or more of its 13 no-trump tricks) scores as 1NT made with that
    many tricks, plus 100."""
    won = [0] * seats
    for trick in tricks:
        won[trick.winner(None)] += 1
    winner = max(range(seats), key=lambda p: won[p])
    points = tricks_over_book(Strain.NO_TRUMP, won[winner]) + FIRST_HALF_BONUS
    return (Entry(Side.of(winner), Kind.FIRST_HALF, points),)


@dataclass(frozen=True, slots=True)
class TargetSheet:
    """Memory Bridge's score sheet (the variant's `ScoreSheet`): each position's total, what the
    last deal earned, and the target that ends the match."""

    target: int
    totals: tuple[int, ...] = (0, 0)
    last: tuple[Entry, ...] = ()

    @property
    def is_over(self) -> bool:
        """A player has reached the target and has more points than the other."""
        best = max(self.totals)
        return best >= self.target and self.totals.count(best) == 1

    @property
    def scores_boards(self) -> bool:
        return False

    def scored(self, deal: Deal) -> TargetSheet:
        """The sheet after finished `deal`: its first half, and its contract made or failed (a
        second half passed out scores nothing)."""
        entries = first_half_entries(deal.first_tricks, len(self.totals))
        outcome = deal.outcome()
        if outcome is not None:
            entries += (contract_entry(outcome),)
        totals = list(self.totals)
        for entry in entries:
            totals[_position(entry.side)] += entry.points
        return TargetSheet(self.target, tuple(totals), entries)

    def points(self, deal: Deal) -> tuple[int, ...]:
        won = [0] * len(self.totals)
        for entry in self.last:
            won[_position(entry.side)] += entry.points
        return tuple(won)

    def last_vulnerable(self) -> None:
        return None

    def points_by_kind(self) -> PointsDoc:
        doc: PointsDoc = {"NS": {}, "EW": {}}
        for entry in self.last:
            doc[entry.side.value][entry.kind.value] = entry.points
        return doc

    def unfinished_points(self) -> None:
        return None

    def document(self, dealer: int, board: int | None) -> None:
        return None

    def encoded(self) -> dict[str, Any]:
        return {"totals": list(self.totals),
                "last": [{"side": e.side.value, "kind": e.kind.value, "points": e.points} for e in self.last]}

    def decoded(self, doc: Mapping[str, Any] | None) -> TargetSheet:
        if doc is None:
            return self
        last = tuple(Entry(Side(e["side"]), Kind(e["kind"]), e["points"]) for e in doc["last"])
        return TargetSheet(self.target, tuple(doc["totals"]), last)


def _position(side: Side) -> int:
    """Two players: position 0 is the side `NS`, position 1 `EW`."""
    return 0 if side is Side.NS else 1


def contract_entry(outcome: Outcome) -> Entry:
    """What the second half's contract scores: made, its tricks over book to the declarer
    (`tricks_over_book`); short, `UNDERTRICK` a trick short to the opponent, times the doubling."""
    contract, declarer = outcome.contract, Side.of(outcome.declarer)
    if outcome.made:
        return Entry(declarer, Kind.CONTRACT, tricks_over_book(contract.bid.strain, outcome.declarer_tricks,
                                                                contract.doubling))
    short = contract.target - outcome.declarer_tricks
    return Entry(declarer.other, Kind.UNDERTRICKS, UNDERTRICK * short * contract.doubling)


def worth(outcome: Outcome) -> int:
    """The second half's points to the declarer, or less the opponent's (`Variant.worth`)."""
    entry = contract_entry(outcome)
    return entry.points if entry.side is Side.of(outcome.declarer) else -entry.points


def target_sheet(settings: Settings) -> TargetSheet:
    return TargetSheet(TARGET_SCORE.of(settings))


# ----- the first half ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstHalf(TrickPlay):
    """The deal's first half: no-trump tricks from half the deck, the completed `tricks` and the
    `trick` being played. Its last trick deals the other half (the deal's `stock`) and opens the
    auction."""

    phase: ClassVar[Phase] = Phase.FIRST_HALF
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    calls: tuple[AuctionCall, ...] = ()

    def act(self, deal: Deal, position: int, action: Action, rng: Shuffler) -> Deal:
        if not isinstance(action, Card):
            return deal.place_bid(position, action, rng)  # raises: the auction comes after
        moved, hands, trick = deal.played(position, action)
        if moved.trick:
            return evolve(deal, hands=hands, state=evolve(self, trick=trick), play_core=moved)
        tricks = (*self.tricks, trick)
        if moved.tricks == deal.variant.hand_size:
            return evolve(deal, hands=deal.stock, stock=(), first_tricks=tricks, state=Bidding())
        return evolve(deal, hands=hands, state=FirstHalf(Trick(moved.leader), tricks), play_core=moved)

    @classmethod
    def restored(cls, stored: StoredState) -> FirstHalf | None:
        return cls(stored.trick, stored.tricks) if stored.phase is cls.phase and stored.trick else None

    def start(self, deal: Deal) -> PlayCore:
        leader = self.tricks[0].leader if self.tricks else self.trick.leader
        rules = Rules(deal.variant.seats, NO_TRUMP, False, deal.variant.hand_size)
        return PlayCore.start(rules, tuple(hand_mask(hand) for hand in deal.hands_dealt()), leader, -1)


def first_half(variant: Variant, players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler,
               washes: int = 0) -> Deal:
    """Memory Bridge's opening (`Variant.opening`): the whole deck dealt at once, the first
    half's hands and the second half's kept in the `stock`; the player left of the dealer leads."""
    dealt = deal_hands(rng, variant.hands_per_deck, variant.hand_size)
    return Deal(variant, settings, players, dealer, dealt[:variant.seats], FirstHalf(Trick(variant.left_of(dealer))),
                washes, stock=dealt[variant.seats:])


MEMORY = Variant(
    name="memory",
    seats=2,
    hand_size=13,
    auction=AuctionRules(ladder=ALL_BIDS, opener=0, book=BOOK, top_bid_ends=False, doubling=True,
                         declarer=DeclarerRule.LAST_BIDDER, redeal_passed_out=False),
    sides=ALONE,
    opening=first_half,
    phases=(FirstHalf, *AUCTION_PHASES),
    hands_per_deck=4,
    play=PlayRules(trump_must_be_broken=False, declarer_leads_no_trump=False),
    wash_threshold=None,
    early_end=False,
    scorings=(TARGET,),
    sheet_ends=frozenset({TARGET}),
    options=(TARGET_SCORE,),
    sheet=target_sheet,
    bot=memory_bot.choose,
    worth=worth,
    alternatives=longest_suit_bid,
)
