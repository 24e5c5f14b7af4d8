"""Floating Bridge (Singaporean bridge, SPEC §5): the variant `"floating"`.

Four players; the player left of the dealer opens; bids 1C-7NT, and 7NT ends the auction; the
declarer names a partner card and its holder is the secret partner; trump may not be led until
broken; the declarer's side needs the level + 6 tricks, the defenders 8 - level; the deal ends as
soon as the table can tell that a side has reached its target; weak hands are washed.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import floating_bot
from .bids import ALL_BIDS
from .dealing import WASH_THRESHOLD
from .variant import AuctionRules, PlayRules, Sides, Variant

if TYPE_CHECKING:
    from .deal import Deal, Outcome
    from .settings import Settings

#: Match scoring (SPEC §9): one point per deal won, or the tricks the winning side took.
DEALS, TRICKS = "deals", "tricks"


@dataclass(frozen=True, slots=True)
class Tally:
    """Floating Bridge's score sheet: each deal scores on its own, and only the `deals` setting
    ends a match. With `deals` scoring each winner of a deal scores 1; with `tricks` each winner
    scores the tricks their side won in it. The losers score 0."""

    scoring: str

    @property
    def is_over(self) -> bool:
        return False

    @property
    def scores_boards(self) -> bool:
        return False

    def scored(self, deal: Deal) -> Tally:
        return self

    def points(self, deal: Deal) -> tuple[int, ...]:
        outcome = deal.outcome()
        assert outcome is not None  # only a finished deal is scored
        return deal_points(outcome, self.scoring)

    def points_by_kind(self) -> None:
        return None

    def last_vulnerable(self) -> None:
        return None

    def unfinished_points(self) -> None:
        return None

    def document(self, dealer: int, board: int | None) -> None:
        return None

    def encoded(self) -> None:
        return None

    def decoded(self, doc: Mapping[str, Any] | None) -> Tally:
        return self


def deal_points(outcome: Outcome, scoring: str) -> tuple[int, ...]:
    """A finished deal's points by position under `scoring` (see `Tally`)."""
    won = outcome.declarer_tricks if outcome.made else outcome.defender_tricks
    points = 1 if scoring == DEALS else won
    return tuple(points if position in outcome.winners else 0 for position in range(outcome.seats))


def tally(settings: Settings) -> Tally:
    return Tally(settings.scoring)


FLOATING = Variant(
    name="floating",
    seats=4,
    hand_size=13,
    auction=AuctionRules(ladder=ALL_BIDS, opener=1, book=6, top_bid_ends=True),
    sides=Sides.PARTNER_CARD,
    play=PlayRules(trump_must_be_broken=True, declarer_leads_no_trump=True),
    wash_threshold=WASH_THRESHOLD,
    early_end=True,
    scorings=(DEALS, TRICKS),
    sheet_ends=frozenset(),
    options=frozenset({"playAllTricks", "washRule"}),
    sheet=tally,
    bot=floating_bot.choose,
)
