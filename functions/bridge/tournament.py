"""A robot tournament (docs/TOURNAMENTS.md): boards dealt once from a committed seed, each entrant
playing all of them at a table of their own with three bots, at their own pace, in a time
window, and ranked against everyone who played the same boards: matchpoints or IMPs across the
field.

Pure values only. `Tournament` is what the server keeps (the boards, the seed); `Field` is the
results so far, from which every ranking and each board's traveller follow. What is stored
where, and who may read it, is `service.tournaments`' and firestore.rules'.
"""
from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from .deal_seed import DealSeed, new_seed
from .dealing import Board, Shuffler, deal_hands
from .duplicate import imps
from .errors import BridgeError, Reason
from .room import Room, Seat, TournamentTable, new_bot
from .settings import BOT_LEVELS, Settings
from .values import evolve


class FieldScoring(StrEnum):
    """How a board's result is scored against the field: `matchpoints` (2 for each result it
    beats, 1 for each it ties, as a percentage of the top) or `imps` (IMPs across the field: the
    mean of the IMPs won or lost against each other result)."""

    MATCHPOINTS = "matchpoints"
    IMPS = "imps"


@dataclass(frozen=True, slots=True)
class Game:
    """A game a tournament may be of: its variant's name, the scoring its tables use, and the
    field scorings that fit its scores (IMPs are contract bridge's scale)."""

    variant: str
    table_scoring: str
    scorings: tuple[FieldScoring, ...]


#: The games a tournament may be of, by variant name. Each board's score must be one number per
#: seat that orders its results (`seat_score`): contract bridge's duplicate score, and Floating
#: Bridge's tricks won (a deal won by more tricks is worth more).
GAMES: Mapping[str, Game] = {
    "contract": Game("contract", "duplicate", (FieldScoring.MATCHPOINTS, FieldScoring.IMPS)),
    "floating": Game("floating", "tricks", (FieldScoring.MATCHPOINTS,)),
}

#: Where the entrant sits at every table: South. Everyone plays a board from the same seat, so
#: their results on it compare.
ENTRANT_POSITION = 2
MIN_BOARDS, MAX_BOARDS = 1, 32
#: A tournament is open for 10 minutes to 7 days.
MIN_WINDOW, MAX_WINDOW = dt.timedelta(minutes=10), dt.timedelta(days=7)
#: Invitations a friends' tournament holds (its creator may always enter).
MAX_TOURNAMENT_INVITED = 200
#: A board the entrant did not play scores "average minus": 40 % of the top, or -3 IMPs.
UNPLAYED = {FieldScoring.MATCHPOINTS: Fraction(40), FieldScoring.IMPS: Fraction(-3)}


class TournamentStatus(StrEnum):
    """`upcoming` before its window, `open` in it, `closing` once past it while the boards still
    in play are played out and the ranking made final, `closed` after."""

    UPCOMING = "upcoming"
    OPEN = "open"
    CLOSING = "closing"
    CLOSED = "closed"


def seat_score(points: Sequence[int], position: int) -> int:
    """A seat's score on a board, from the points the board's sheet gave each seat: what it
    scored or, if it scored nothing, minus what the winners scored. In both games only the side
    that won a board scores on it, so this orders every result: a contract's duplicate score for
    the seat's side (620 made, -100 one down), Floating Bridge's tricks won or lost by."""
    return points[position] or -max(points)


def boards_analysed_once(game: str, series: str | None) -> bool:
    """Whether a tournament's boards are analysed once each, on their documents, instead of each
    entrant's record as any room's: a contract bridge board's analysis is the same at every table,
    and a series' tournaments are the deployer's, so their analyses are bounded by the schedule.
    A friends' tournament's tables are analysed as any room's, charged to the people who play
    them (`service.analysis`): a user making tournaments makes no analysis nobody pays for."""
    return game == "contract" and series is not None


@dataclass(frozen=True, slots=True)
class Tournament:
    """`creator`: the user who made it (None: a series', made by the schedule); `series`: the
    series it belongs to (None: a user's). `boards` are dealt from `seed` (board `n` as deal `n`
    of it, no entropy: SPEC §16), revealed at the close (None: dealt otherwise, in tests).
    `opens_at`/`closes_at`: its window (seconds since the epoch). `invited`: who may enter a
    friends' tournament besides its creator (empty: anyone signed in). `closed`: its ranking is
    final."""

    tournament_id: str
    creator: str | None
    series: str | None
    game: str
    scoring: FieldScoring
    boards: tuple[Board, ...]
    opens_at: float
    closes_at: float
    bot_level: str = "basic"
    invited: tuple[str, ...] = ()
    seed: bytes | None = None
    closed: bool = False

    @staticmethod
    def create(tournament_id: str, *, game: str, scoring: FieldScoring, boards: int, opens_at: float,
               closes_at: float, bot_level: str = "basic", creator: str | None = None, series: str | None = None,
               invited: Iterable[str] = (), rng: Shuffler | None = None) -> Tournament:
        """A new tournament, its boards dealt from a fresh secret seed it commits to, or with `rng`
        (tests). Its game and scoring must go together (`GAMES`), its boards be 1-32, its window
        10 minutes to 7 days."""
        def invalid(message: str) -> BridgeError:
            return BridgeError(Reason.INVALID_TOURNAMENT, message)
        kind = GAMES.get(game)
        if kind is None:
            raise invalid(f"A tournament is of {' or '.join(GAMES)}.")
        if scoring not in kind.scorings:
            raise invalid(f"A {game} tournament is scored by {' or '.join(kind.scorings)}.")
        if not MIN_BOARDS <= boards <= MAX_BOARDS:
            raise invalid(f"A tournament has {MIN_BOARDS}-{MAX_BOARDS} boards.")
        if not MIN_WINDOW.total_seconds() <= closes_at - opens_at <= MAX_WINDOW.total_seconds():
            raise invalid("A tournament is open for 10 minutes to 7 days.")
        if bot_level not in BOT_LEVELS:
            raise invalid(f"A tournament's bots are one of {', '.join(BOT_LEVELS)}.")
        invited = tuple(dict.fromkeys(invited))
        if len(invited) > MAX_TOURNAMENT_INVITED:
            raise invalid(f"A tournament holds at most {MAX_TOURNAMENT_INVITED} invitations.")
        seed = new_seed() if rng is None else None
        shufflers: list[Shuffler] = [DealSeed(seed, (), n).shuffler() for n in range(1, boards + 1)] \
            if seed is not None else [rng] * boards if rng is not None else []
        dealt = tuple(Board(n, deal_hands(shuffler)) for n, shuffler in enumerate(shufflers, 1))
        return Tournament(tournament_id, creator, series, game, scoring, dealt, opens_at, closes_at, bot_level,
                          invited, seed)

    def status(self, now: float) -> TournamentStatus:
        if self.closed:
            return TournamentStatus.CLOSED
        if now < self.opens_at:
            return TournamentStatus.UPCOMING
        return TournamentStatus.OPEN if now < self.closes_at else TournamentStatus.CLOSING

    def readable_by(self, uid: str) -> bool:
        """Who may read the tournament's document: anyone signed in, or, for a friends' tournament
        with invitations, its creator and invitees."""
        return not self.invited or uid == self.creator or uid in self.invited

    def require_entry(self, uid: str, now: float) -> None:
        """`uid` may enter now: invited (a friends' tournament with invitations; checked first, so
        an outsider learns nothing of it) and within the window."""
        if not self.readable_by(uid):
            raise BridgeError(Reason.NOT_INVITED, "This tournament is for its invitees and you have not been invited.")
        status = self.status(now)
        if status is TournamentStatus.UPCOMING:
            raise BridgeError(Reason.TOURNAMENT_NOT_OPEN, "The tournament has not opened yet.")
        if status is not TournamentStatus.OPEN:
            raise BridgeError(Reason.TOURNAMENT_NOT_OPEN, "The tournament has closed.")

    def table_settings(self) -> Settings:
        """Every entrant's table: the game, each board scored alone (`Game.table_scoring`), all
        the boards, invite-only (the entrant alone reads it), no timer (their own pace), the
        tournament's bots, no chat (no one to talk to) and no undo (every table plays by the same
        rules; taking back a card after seeing a bot's answer is not duplicate bridge)."""
        return Settings.of(variant=self.game, scoring=GAMES[self.game].table_scoring, deals=len(self.boards),
                           inviteOnly=True, botLevel=self.bot_level, chat=False, undo=False)

    def table(self, uid: str, display_name: str) -> Room:
        """The entrant's table: them at `ENTRANT_POSITION`, bots in the other seats, the first
        board dealt (and the bots' moves until it is the entrant's turn)."""
        seats: list[Seat] = []
        for position in range(4):
            seats.append(Seat(uid, display_name) if position == ENTRANT_POSITION
                         else new_bot({seat.uid for seat in seats}))
        return Room.competition_table(TournamentTable(self.tournament_id, uid), uid, None, tuple(seats),
                                self.table_settings(), self.boards)

    def closed_now(self) -> Tournament:
        return evolve(self, closed=True)


@dataclass(frozen=True, slots=True)
class Series:
    """A deployer's daily series (`functions/tournament_series.json`): every day, at each of
    `starts` (whole hours, UTC), a tournament of `game` scored by `scoring`, of `boards` boards
    and `bot_level` bots opens for `hours` hours. Its tournaments' ids are `name` (letters and
    digits) followed by the day and hour they open (`daily20261129h18`)."""

    name: str
    game: str
    scoring: FieldScoring
    boards: int
    hours: float
    starts: tuple[int, ...]
    bot_level: str = "basic"

    @staticmethod
    def of(entry: Mapping[str, Any]) -> Series:
        """A series from its configuration, every field checked (a tournament of it must be valid):
        ValueError naming the series and the rule."""
        name = entry.get("name")
        try:
            if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9]{1,40}", name):
                raise ValueError("a series' name is 1-40 letters and digits")
            starts = tuple(entry["starts"])
            if not starts or any(not isinstance(h, int) or not 0 <= h <= 23 for h in starts):
                raise ValueError("'starts' is a list of whole hours, 0-23 (UTC)")
            series = Series(name, entry["game"], FieldScoring(entry["scoring"]), entry["boards"],
                            float(entry["hours"]), starts, entry.get("botLevel", "basic"))
            series.tournament(f"{name}check", 0.0, rng=_NO_SHUFFLE)
        except (KeyError, TypeError, ValueError, BridgeError) as error:
            raise ValueError(f"tournament series {name!r}: {error}") from error
        return series

    def due(self, now: float) -> list[tuple[str, float]]:
        """The tournaments of the series open at `now`: (id, opening time) for each."""
        today = dt.datetime.fromtimestamp(now, tz=dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
        due = []
        for day in (today - dt.timedelta(days=1 + d) for d in range(-1, int(self.hours // 24) + 1)):
            for hour in self.starts:
                opens = day + dt.timedelta(hours=hour)
                if opens.timestamp() <= now < opens.timestamp() + self.hours * 3600:
                    due.append((f"{self.name}{opens:%Y%m%d}h{hour:02d}", opens.timestamp()))
        return due

    def tournament(self, tournament_id: str, opens_at: float, rng: Shuffler | None = None) -> Tournament:
        return Tournament.create(tournament_id, game=self.game, scoring=self.scoring, boards=self.boards,
                                 opens_at=opens_at, closes_at=opens_at + self.hours * 3600, bot_level=self.bot_level,
                                 series=self.name, rng=rng)


class _Unshuffled:
    """Deals the deck in order: checking a series' settings deals boards nobody plays."""

    def shuffle(self, x: list[Any]) -> None:
        pass


_NO_SHUFFLE = _Unshuffled()


@dataclass(frozen=True, slots=True)
class Result:
    """One entrant's result on one board: their `score` (`seat_score`) and how it came: the
    contract (None: passed out), its declarer's position and the tricks the declarer's side took."""

    uid: str
    name: str
    board: int
    score: int
    contract: str | None
    declarer: int | None
    tricks: int | None


def result_of(room: Room) -> Result:
    """The result of the board an entrant's table has just finished (`room.tournament` set)."""
    deal, match, table = room.deal, room.match, room.tournament
    assert deal is not None and match is not None and table is not None and deal.is_finished
    assert deal.board is not None
    outcome = deal.outcome()
    contract = outcome.contract if outcome else None
    name = match.names.get(table.entrant, table.entrant)
    return Result(table.entrant, name, deal.board, seat_score(match.sheet.points(deal), ENTRANT_POSITION),
                  str(contract) if contract else None, contract.declarer if contract else None,
                  outcome.declarer_tricks if outcome else None)


def board_points(scoring: FieldScoring, scores: Counter[int]) -> dict[int, Fraction]:
    """Each score's points on a board whose results are `scores` (score -> how many):
    matchpoints as a percentage of the top (alone on a board: 50 %), or IMPs across the field
    (alone: 0)."""
    others = sum(scores.values()) - 1
    if scoring is FieldScoring.MATCHPOINTS:
        if others == 0:
            return dict.fromkeys(scores, Fraction(50))
        return {mine: Fraction(100 * (sum(2 * n for s, n in scores.items() if s < mine) + scores[mine] - 1),
                               2 * others) for mine in scores}
    if others == 0:
        return dict.fromkeys(scores, Fraction(0))
    return {mine: Fraction(sum(n * imps(mine - s) for s, n in scores.items()), others) for mine in scores}


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line of the ranking: their score and points on each board (None: not
    played), their `total` (matchpoints: the mean percentage over every board; IMPs: the sum;
    a board not played counts `UNPLAYED`) and their place (ties share the higher place)."""

    uid: str
    name: str
    scores: tuple[int | None, ...]
    points: tuple[Fraction | None, ...]
    total: Fraction
    place: int

    @property
    def played(self) -> int:
        return sum(score is not None for score in self.scores)


@dataclass(frozen=True, slots=True)
class Entry:
    """What the field knows of one entrant: their name and their score on each board so far."""

    name: str
    scores: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class Field:
    """Every result so far of a tournament of `boards` boards scored by `scoring`: each entrant's
    scores (`entries`, by uid) and each board's results by how they came (`travellers`: board ->
    (contract, declarer, tricks, score) -> how many)."""

    scoring: FieldScoring
    boards: int
    entries: Mapping[str, Entry]
    travellers: tuple[Mapping[tuple[str | None, int | None, int | None, int], int], ...]

    @staticmethod
    def empty(scoring: FieldScoring, boards: int) -> Field:
        return Field(scoring, boards, {}, tuple({} for _ in range(boards)))

    def with_results(self, results: Iterable[Result]) -> Field:
        """The field with `results` entered; a result it already has (by entrant and board) is
        skipped, so entering the same result twice changes nothing."""
        entries = dict(self.entries)
        travellers = [dict(t) for t in self.travellers]
        for result in results:
            entry = entries.get(result.uid) or Entry(result.name, (None,) * self.boards)
            if entry.scores[result.board - 1] is not None:
                continue
            scores = list(entry.scores)
            scores[result.board - 1] = result.score
            entries[result.uid] = Entry(result.name, tuple(scores))
            key = (result.contract, result.declarer, result.tricks, result.score)
            traveller = travellers[result.board - 1]
            traveller[key] = traveller.get(key, 0) + 1
        return evolve(self, entries=entries, travellers=tuple(travellers))

    def scores(self, board: int) -> Counter[int]:
        """Board `board`'s scores so far: score -> how many."""
        counts: Counter[int] = Counter()
        for (_, _, _, score), n in self.travellers[board - 1].items():
            counts[score] += n
        return counts

    def standings(self) -> tuple[Standing, ...]:
        """Every entrant's line, best first (`Standing`)."""
        points = [board_points(self.scoring, self.scores(board)) for board in range(1, self.boards + 1)]
        unplayed = UNPLAYED[self.scoring]
        lines = []
        for uid, entry in self.entries.items():
            mine = tuple(None if score is None else points[i][score] for i, score in enumerate(entry.scores))
            total = sum((unplayed if p is None else p for p in mine), Fraction(0))
            if self.scoring is FieldScoring.MATCHPOINTS:
                total /= self.boards
            lines.append(Standing(uid, entry.name, entry.scores, mine, total, 0))
        lines.sort(key=lambda line: (-line.total, line.uid))
        placed: list[Standing] = []
        for index, line in enumerate(lines):
            tied = placed and placed[-1].total == line.total
            placed.append(evolve(line, place=placed[-1].place if tied else index + 1))
        return tuple(placed)
