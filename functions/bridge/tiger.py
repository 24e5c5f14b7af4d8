"""TigerBridge (seed 001, docs/TIGER.md): the variant `"tiger"`.

Contract bridge with another ladder, no doubling and set points. Four players in fixed
partnerships, 0 and 2 against 1 and 3; the player left of the dealer calls first; a bid is 5-9
rounds in a strain, no crests (`NT`) ranking lowest, and means exactly that many tricks; the last
bidder is the proclaimer (declarer); the defender on the proclaimer's left leads; the Lookout
(dummy) is shown after the opening lead and played by the proclaimer; all 13 rounds are played; a
deal every seat declines is dealt again by the next dealer. Scored by set points, sets and game
points (`SetSheet`); the match ends when a side has two game points.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import tiger_bot
from .bids import Bid, Strain
from .contract_scoring import Side
from .deal import AUCTION_PHASES, open_auction
from .sides import OPPOSITE
from .values import evolve
from .variant import AuctionRules, DeclarerRule, PlayRules, Variant

if TYPE_CHECKING:
    from .deal import Deal, Outcome
    from .settings import Settings
    from .wire import PointsDoc, SetsColumnDoc, SetsSheetDoc

#: The one scoring: set points, sets and game points.
SETS = "sets"
#: Every bid in ascending order: 5NT 5C 5D 5H 5S 6NT ... 9S (no crests ranks lowest).
TIGER_BIDS: tuple[Bid, ...] = tuple(
    Bid(level, strain) for level in range(5, 10)
    for strain in (Strain.NO_TRUMP, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES))
#: Set points a deal gives are at most this many.
MAX_SET_POINTS = 5
#: A set is won with at least this many set points ...
SET_POINTS = 6
#: ... and a lead of at least this many.
SET_LEAD = 2
#: The match ends when a side has this many game points.
GAME_POINTS = 2


def set_points(outcome: Outcome) -> tuple[Side, int]:
    """One set point per roundover to the proclaimer's side, or per roundunder to the defenders,
    at most five: which side gets them and how many (0 for a proclamation made exactly)."""
    declarer = Side.of(outcome.declarer)
    over = outcome.declarer_tricks - outcome.contract.target
    if over >= 0:
        return declarer, min(over, MAX_SET_POINTS)
    return declarer.other, min(-over, MAX_SET_POINTS)


def worth(outcome: Outcome) -> int:
    """A deal's set points to the proclaimer's side (`Variant.worth`)."""
    side, points = set_points(outcome)
    return points if side is Side.of(outcome.declarer) else -points


@dataclass(frozen=True, slots=True)
class SetColumn:
    """One side's set points in the set being played and its game points so far (or, as a
    deal's gain, what that deal gave it)."""

    set_points: int = 0
    game_points: int = 0

    def document(self) -> SetsColumnDoc:
        return {"setPoints": self.set_points, "gamePoints": self.game_points}


@dataclass(frozen=True, slots=True)
class SetSheet:
    """TigerBridge's score sheet (the variant's `ScoreSheet`): each side's column and what the
    last deal gave each side (`gained`)."""

    ns: SetColumn = SetColumn()
    ew: SetColumn = SetColumn()
    gained_ns: SetColumn = SetColumn()
    gained_ew: SetColumn = SetColumn()

    def column(self, side: Side) -> SetColumn:
        return self.ns if side is Side.NS else self.ew

    def gained(self, side: Side) -> SetColumn:
        return self.gained_ns if side is Side.NS else self.gained_ew

    @property
    def is_over(self) -> bool:
        """A side has two game points."""
        return max(self.ns.game_points, self.ew.game_points) >= GAME_POINTS

    @property
    def scores_boards(self) -> bool:
        return False

    def scored(self, deal: Deal) -> SetSheet:
        outcome = deal.outcome()
        assert outcome is not None  # a TigerBridge deal every seat declines is redealt, never scored
        return self.entered(*set_points(outcome))

    def entered(self, side: Side, points: int) -> SetSheet:
        """`side` gets `points` set points. A side with six or more and a lead of two or more wins
        the set: a game point. The new set starts with the winner's excess (what it has beyond
        `max(6, the loser's points + 2)`) and the loser's 0, unless the set ends the match: a side
        has two game points, and a third if the other side has none."""
        columns = {s: self.column(s) for s in Side}
        winner = columns[side]
        winner = evolve(winner, set_points=winner.set_points + points)
        loser = columns[side.other]
        games = 0
        needed = max(SET_POINTS, loser.set_points + SET_LEAD)
        if winner.set_points >= needed:
            games = 1
            winner = evolve(winner, game_points=winner.game_points + 1)
            if winner.game_points >= GAME_POINTS:
                if loser.game_points == 0:
                    games, winner = 2, evolve(winner, game_points=winner.game_points + 1)
            else:
                winner, loser = evolve(winner, set_points=winner.set_points - needed), evolve(loser, set_points=0)
        gained = {side: SetColumn(points, games), side.other: SetColumn()}
        columns = {side: winner, side.other: loser}
        return SetSheet(columns[Side.NS], columns[Side.EW], gained[Side.NS], gained[Side.EW])

    def points(self, deal: Deal) -> tuple[int, ...]:
        """Each position's side's game points from the last deal entered: a match's scores count
        game points."""
        return tuple(self.gained(Side.of(position)).game_points for position in range(len(deal.players)))

    def last_vulnerable(self) -> None:
        """TigerBridge scores no vulnerability."""
        return None

    def points_by_kind(self) -> PointsDoc:
        """The last deal's set points and game points by side (a kind it did not earn is absent)."""
        doc: PointsDoc = {"NS": {}, "EW": {}}
        for side in Side:
            gained = self.gained(side)
            for kind, points in (("setPoints", gained.set_points), ("gamePoints", gained.game_points)):
                if points:
                    doc[side.value][kind] = points
        return doc

    def unfinished_points(self) -> None:
        return None

    def document(self, dealer: int, board: int | None) -> SetsSheetDoc:
        return {"NS": self.ns.document(), "EW": self.ew.document()}

    def encoded(self) -> dict[str, Any]:
        def flat(column: SetColumn) -> list[int]:
            return [column.set_points, column.game_points]
        return {"NS": flat(self.ns), "EW": flat(self.ew), "gained": {"NS": flat(self.gained_ns),
                                                                   "EW": flat(self.gained_ew)}}

    def decoded(self, doc: Mapping[str, Any] | None) -> SetSheet:
        if doc is None:
            return self
        gained = doc["gained"]
        return SetSheet(SetColumn(*doc["NS"]), SetColumn(*doc["EW"]), SetColumn(*gained["NS"]),
                        SetColumn(*gained["EW"]))


def set_sheet(settings: Settings) -> SetSheet:
    return SetSheet()


TIGER = Variant(
    name="tiger",
    seats=4,
    hand_size=13,
    auction=AuctionRules(ladder=TIGER_BIDS, opener=1, book=0, top_bid_ends=False, doubling=False,
                         declarer=DeclarerRule.LAST_BIDDER),
    sides=OPPOSITE,
    opening=open_auction,
    phases=AUCTION_PHASES,
    hands_per_deck=4,
    play=PlayRules(trump_must_be_broken=False, declarer_leads_no_trump=False, dummy=True),
    wash_threshold=None,
    early_end=False,
    scorings=(SETS,),
    sheet_ends=frozenset({SETS}),
    options=(),
    sheet=set_sheet,
    bot=tiger_bot.choose,
    worth=worth,
)
