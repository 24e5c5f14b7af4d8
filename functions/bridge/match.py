"""A match: the deals played in one room, one after another, and their score (SPEC §9)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .deal import Deal, board_deal, new_deal
from .dealing import Board, Shuffler, deal_hands
from .settings import Settings
from .values import evolve
from .variant import ScoreSheet, Variant
from .variants import variant_named

#: Position 0 deals the first deal of a match; each next deal is dealt by the seat to the left.
FIRST_DEALER = 0


@dataclass(frozen=True, slots=True)
class Match:
    """The score sheet of the deals played in one room. `deals`: how many deals the match has
    (0: no fixed end); `scoring`: how a finished deal scores (one of the variant's `scorings`);
    both are fixed when the match starts. `number` counts the deals started (redeals of one
    deal do not count). `scores` maps every uid that has played a deal in the match to their
    points, in the order they first sat down to one; `names` maps the same uids to their display
    names as last seen at the table, so players who left keep a name. `boards`: at a duplicate
    event's table, the boards it plays, in order, instead of shuffled deals (`deals` is their
    number); empty elsewhere.

    The deal itself is the room's (`Room.deal`): a move changes the deal alone, and the match
    only when a deal starts or finishes."""

    deals: int
    scoring: str
    number: int
    scores: Mapping[str, int]
    names: Mapping[str, str]
    sheet: ScoreSheet
    boards: tuple[Board, ...] = ()

    @staticmethod
    def start(players: tuple[str, ...], names: Mapping[str, str], settings: Settings,
              rng: Shuffler, boards: tuple[Board, ...] = ()) -> tuple[Match, Deal]:
        """A match played by `settings`, and its first deal: dealt by position 0, or the first of
        `boards`."""
        variant = variant_named(settings.variant)
        match = Match(settings.deals, settings.scoring, 0, MappingProxyType({}), MappingProxyType({}),
                      variant.sheet(settings), boards)
        board = match._next_board(variant, rng)
        deal = board_deal(variant, players, settings, board) if board else \
            new_deal(variant, players, settings, FIRST_DEALER, rng)
        return match.seated(players, names), deal

    def next_deal(self, last: Deal, players: tuple[str, ...], names: Mapping[str, str], settings: Settings,
                  rng: Shuffler) -> tuple[Match, Deal]:
        """The next deal, for whoever sits now: the next board, or dealt by the seat left of the
        `last` deal's dealer."""
        board = self._next_board(last.variant, rng)
        deal = board_deal(last.variant, players, settings, board) if board else \
            new_deal(last.variant, players, settings, last.variant.left_of(last.dealer), rng)
        return self.seated(players, names), deal

    @property
    def upcoming_board(self) -> Board | None:
        """The given board the next deal is dealt from (None: shuffled, or every board is played)."""
        return self.boards[self.number] if self.number < len(self.boards) else None

    def _next_board(self, variant: Variant, rng: Shuffler) -> Board | None:
        """The board the next deal is: the next given one or, where the sheet scores boards, one
        shuffled now and numbered in the match; None where deals are not boards."""
        if self.boards:
            return self.upcoming_board
        if self.sheet.scores_boards:
            return Board(self.number + 1, deal_hands(rng, variant.seats, variant.hand_size))
        return None

    def seated(self, players: tuple[str, ...], names: Mapping[str, str]) -> Match:
        """One more deal started, for `players` named `names` (new players score 0 so far)."""
        scores = {**self.scores, **{uid: self.scores.get(uid, 0) for uid in players}}
        return evolve(self, number=self.number + 1, scores=MappingProxyType(scores),
                      names=MappingProxyType({**self.names, **names}))

    def is_over(self, deal: Deal) -> bool:
        """`deal`, this match's latest, is finished and was the last of a match of `deals` deals,
        or the score sheet ends the match."""
        return deal.is_finished and (0 < self.deals <= self.number or self.sheet.is_over)

    def score_changes(self, deal: Deal) -> Mapping[str, int]:
        """The points each player of `deal`, this match's latest, earned from it once it has
        finished and been `scored` (else none)."""
        if not deal.is_finished:
            return {}
        return dict(zip(deal.players, self.sheet.points(deal), strict=True))

    def scored(self, deal: Deal) -> Match:
        """The match once `deal`, its latest, has finished: entered on the sheet, its points added."""
        match = evolve(self, sheet=self.sheet.scored(deal))
        scores = dict(self.scores)
        for uid, gained in match.score_changes(deal).items():
            scores[uid] = scores.get(uid, 0) + gained
        return evolve(match, scores=MappingProxyType(scores))

    def renamed(self, uid: str, display_name: str) -> Match:
        """A player of the match has a new display name."""
        if uid not in self.names:
            return self
        return evolve(self, names=MappingProxyType({**self.names, uid: display_name}))
