"""A duplicate event (docs/DUPLICATE.md): boards dealt once and replayed at several tables, the
players and bots in their spots, the movement's rounds, every table's result on every board,
and the ranking in IMPs (teams) or matchpoints (pairs). An immutable value; each move returns a
new `Event` or raises `BridgeError`.

A table is a `Room` (`Room.competition_table`): the event seats its four, hands it the boards of its
round, and learns each board's result from it (`recorded`). A round opens at every table at
once, when every table has finished the last one.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from .contract_scoring import Form as ScoringForm
from .deal_seed import DealSeed, new_seed
from .dealing import Board, Shuffler, deal_hands
from .duplicate import Meeting, board_score, imps, matchpoints, mitchell
from .errors import BridgeError, Reason
from .room import EventTable, Room, Seat, finished_since, is_bot, new_bot
from .settings import Settings
from .values import evolve

#: Limits: boards in an event; pairs tables; boards per round of a pairs event; invitations.
MAX_BOARDS = 32
MIN_TEAMS_BOARDS = 2
MIN_TABLES, MAX_TABLES = 3, 8
MAX_BOARDS_PER_ROUND = 4
MAX_EVENT_INVITED = 64


class Form(StrEnum):
    """`teams`: two teams of four at two tables, every board at both. `pairs`: 3-8 tables and a
    Mitchell movement."""

    TEAMS = "teams"
    PAIRS = "pairs"


class Direction(StrEnum):
    NS = "NS"
    EW = "EW"


class EventStatus(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class Spot:
    """A place in the event: the `pair` (numbered from 0: the table it starts at) of a
    `direction`, and its `seat` in the pair: North (0) and South (1), or East (0) and West (1)."""

    direction: Direction
    pair: int
    seat: int

    @property
    def position(self) -> int:
        """Its position at the table: North 0, East 1, South 2, West 3."""
        return (0 if self.direction is Direction.NS else 1) + 2 * self.seat


@dataclass(frozen=True, slots=True)
class Entrant:
    """Who fills a spot: a person, or a bot (`room.BOT_PREFIX` uid)."""

    spot: Spot
    uid: str
    display_name: str

    @property
    def bot(self) -> bool:
        return is_bot(self.uid)

    @property
    def seat(self) -> Seat:
        """Their seat at a table: a bot is always ready; a person gets ready between boards."""
        return Seat(self.uid, self.display_name, ready=self.bot)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board played at one table: who sat where (`players` by position), the contract (None:
    passed out), its declarer and the tricks the declarer's side took, and the score for
    North-South (`board_score`)."""

    board: int
    round: int
    table: int
    ns: int
    ew: int
    players: tuple[str, ...]
    contract: str | None
    declarer: int | None
    tricks: int | None
    score: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of a ranking: a team (`pairs` of its two pairs) or a pair, its total (IMPs or
    matchpoints), its percentage (pairs) and its place (ties share the higher place)."""

    name: str
    direction: Direction | None
    pair: int
    uids: tuple[str, ...]
    total: int
    percentage: float | None
    place: int


#: A table's successive states, each finishing at most one board (the last: the table as it stays).
Chain = tuple[Room, ...]


@dataclass(frozen=True, slots=True)
class Event:
    """`director` created it; `boards` are its boards, numbered 1…n; `entrants` fill its spots;
    `round` is the round being played (None before the start; the number of rounds once
    ended); `results` every board played at every table so far. `seed`: the secret the boards
    were dealt from (SPEC §16), revealed once the event has ended (None: dealt otherwise).
    `turn_seconds` and `bot_level` are its tables' `turnSeconds` and `botLevel` settings, the
    same at every table (`table_settings`)."""

    event_id: str
    director: str
    form: Form
    tables: int
    boards_per_round: int
    boards: tuple[Board, ...]
    invite_only: bool = False
    invited: tuple[str, ...] = ()
    turn_seconds: int = 0
    bot_level: str = "basic"
    entrants: tuple[Entrant, ...] = ()
    round: int | None = None
    results: tuple[BoardResult, ...] = ()
    seed: bytes | None = None

    @staticmethod
    def create(event_id: str, director: str, form: Form, *, boards: int, tables: int | None = None,
               boards_per_round: int | None = None, invite_only: bool = False, invited: Iterable[str] = (),
               turn_seconds: int = 0, bot_level: str = "basic", rng: Shuffler | None = None) -> Event:
        """A new event, its boards dealt from a fresh secret seed it commits to (board `n` as deal
        `n` of that seed, no entropy: SPEC §16), or with `rng` when given (tests), its tables'
        turn timer `turn_seconds` and their bots' `bot_level` (valid `turnSeconds` and `botLevel`
        settings: the request's values are the settings'). Teams: two
        tables, 2-32 boards all played at both. Pairs: 3-8 tables, 1-4 boards a round, one set of
        boards per table (`boards` = tables x boards per round, at most 32)."""
        def invalid(message: str) -> BridgeError:
            return BridgeError(Reason.INVALID_EVENT, message)
        if form is Form.TEAMS:
            if tables not in (None, 2):
                raise invalid("A teams match has two tables.")
            if not MIN_TEAMS_BOARDS <= boards <= MAX_BOARDS:
                raise invalid(f"A teams match has {MIN_TEAMS_BOARDS}-{MAX_BOARDS} boards.")
            tables, boards_per_round = 2, boards
        else:
            if tables is None or not MIN_TABLES <= tables <= MAX_TABLES:
                raise invalid(f"A pairs event has {MIN_TABLES}-{MAX_TABLES} tables.")
            if boards_per_round is None or not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
                raise invalid(f"A pairs event plays 1-{MAX_BOARDS_PER_ROUND} boards a round.")
            if boards != tables * boards_per_round or boards > MAX_BOARDS:
                raise invalid(f"A pairs event of {tables} tables at {boards_per_round} boards a round has "
                              f"{tables * boards_per_round} boards (at most {MAX_BOARDS}).")
        invited = tuple(dict.fromkeys(invited))
        if len(invited) > MAX_EVENT_INVITED:
            raise invalid(f"An event holds at most {MAX_EVENT_INVITED} invitations.")
        seed: bytes | None = None
        if rng is None:
            seed = new_seed()
            shufflers: list[Shuffler] = [DealSeed(seed, (), number).shuffler() for number in range(1, boards + 1)]
        else:
            shufflers = [rng] * boards
        dealt = tuple(Board(number, deal_hands(shuffler)) for number, shuffler in enumerate(shufflers, 1))
        return Event(event_id, director, form, tables, boards_per_round, dealt, invite_only, invited,
                     turn_seconds, bot_level, seed=seed)

    # ----- derived facts -------------------------------------------------------------

    @property
    def movement(self) -> tuple[tuple[Meeting, ...], ...]:
        """Who meets where with which set of boards, round by round."""
        if self.form is Form.TEAMS:
            return ((Meeting(0, 0, 0, 0), Meeting(1, 1, 1, 0)),)
        return mitchell(self.tables)

    @property
    def status(self) -> EventStatus:
        if self.round is None:
            return EventStatus.WAITING
        return EventStatus.ENDED if self.round >= len(self.movement) else EventStatus.PLAYING

    @property
    def spots(self) -> tuple[Spot, ...]:
        return tuple(Spot(direction, pair, seat) for direction in Direction for pair in range(self.tables)
                     for seat in (0, 1))

    def board_set(self, number: int) -> tuple[Board, ...]:
        """Set `number` (from 0): boards `number x k + 1 … (number + 1) x k`, k boards a round."""
        k = self.boards_per_round
        return self.boards[number * k:(number + 1) * k]

    def entrant(self, spot: Spot) -> Entrant | None:
        return next((e for e in self.entrants if e.spot == spot), None)

    def spot_of(self, uid: str) -> Spot | None:
        return next((e.spot for e in self.entrants if e.uid == uid), None)

    @property
    def member_ids(self) -> tuple[str, ...]:
        """The people and bots in the event, in spot order."""
        return tuple(e.uid for spot in self.spots if (e := self.entrant(spot)) is not None)

    def readable_by(self, uid: str) -> bool:
        """Who may read the event document: the director and the entrants, invitees, and anyone
        signed in when it is open."""
        return not self.invite_only or uid == self.director or uid in self.invited or self.spot_of(uid) is not None

    def meetings(self) -> tuple[Meeting, ...]:
        """The current round's meetings (none before the start or after the end)."""
        if self.status is not EventStatus.PLAYING:
            return ()
        assert self.round is not None
        return self.movement[self.round]

    def table_of(self, uid: str) -> EventTable | None:
        """The table `uid` plays at in the current round (None: none)."""
        spot = self.spot_of(uid)
        if spot is None:
            return None
        pair = spot.pair
        for meeting in self.meetings():
            if (meeting.ns if spot.direction is Direction.NS else meeting.ew) == pair:
                assert self.round is not None
                return EventTable(self.event_id, meeting.table, self.round)
        return None

    @property
    def opened_tables(self) -> tuple[EventTable, ...]:
        """Every table the event has opened so far, round by round: none before the start, then
        each round's up to the current one (every round's once ended)."""
        rounds = 0 if self.round is None else min(self.round + 1, len(self.movement))
        return tuple(EventTable(self.event_id, meeting.table, number) for number in range(rounds)
                     for meeting in self.movement[number])

    def team_of(self, direction: Direction, pair: int) -> int:
        """Teams: team 0 is North-South at table 0 and East-West at table 1; team 1 the others."""
        return pair if direction is Direction.NS else 1 - pair

    def finished_board(self, uid: str, board: int) -> bool:
        return any(r.board == board and uid in r.players for r in self.results)

    @property
    def observer(self) -> str | None:
        """The director, unless they play in the event: a playing director is a player first,
        and sees a board, a table and the standings only as the other players do."""
        return None if self.spot_of(self.director) is not None else self.director

    def readers(self, board: int) -> tuple[str, ...]:
        """Who may read board `board`'s document: the director (unless they play), and every
        person who has finished that board; once the event has ended, everyone in it."""
        people = [self.observer] if self.observer else []
        if self.status is EventStatus.ENDED:
            people += [uid for uid in self.member_ids if not is_bot(uid)]
        people += [uid for r in self.results if r.board == board for uid in r.players if not is_bot(uid)]
        return tuple(dict.fromkeys(people))

    # ----- moves before the start ---------------------------------------------------------

    def _require_spot(self, spot: Spot) -> None:
        if not 0 <= spot.pair < self.tables or spot.seat not in (0, 1):
            raise BridgeError(Reason.INVALID_EVENT,
                              f"Pairs are numbered 0-{self.tables - 1} and seats in a pair 0-1.")

    def _require_waiting(self) -> None:
        status = self.status
        if status is EventStatus.ENDED:
            raise BridgeError(Reason.EVENT_ENDED, "The event has ended.")
        if status is EventStatus.PLAYING:
            raise BridgeError(Reason.EVENT_STARTED, "The event has started.")

    def _require_director(self, uid: str) -> None:
        if uid != self.director:
            raise BridgeError(Reason.NOT_DIRECTOR, "Only the event's director may do that.")

    def _seated(self, entrant: Entrant) -> Event:
        self._require_spot(entrant.spot)
        self._require_waiting()
        if self.entrant(entrant.spot) is not None:
            raise BridgeError(Reason.SEAT_TAKEN, "Someone already sits in that spot.")
        return evolve(self, entrants=(*self.entrants, entrant))

    def join(self, uid: str, display_name: str, spot: Spot) -> Event:
        """A person takes a free spot before the start (invitees only, in an invite-only event).
        Checked first: whether an invite-only event has started is not for an outsider to learn."""
        if self.invite_only and uid not in self.invited and uid != self.director:
            raise BridgeError(Reason.NOT_INVITED, "This event is invite-only and you have not been invited.")
        if self.spot_of(uid) is not None:
            raise BridgeError(Reason.ALREADY_IN_ROOM, "You already have a spot in this event; leave it first.")
        return self._seated(Entrant(spot, uid, display_name))

    def _new_bot(self, spot: Spot) -> Entrant:
        """A bot for `spot` whose uid no spot of the event holds, at any table, so a bot's seat,
        results and standing are its own. (Nor did any earlier result name it: a bot keeps its
        spot to the end, so every bot a result names still holds one.)"""
        bot = new_bot(set(self.member_ids))
        return Entrant(spot, bot.uid, bot.display_name)

    def add_bot(self, uid: str, spot: Spot) -> tuple[Event, str]:
        """The director puts a bot in a free spot before the start; returns its uid."""
        self._require_director(uid)
        bot = self._new_bot(spot)
        return self._seated(bot), bot.uid

    def leave(self, uid: str) -> Event:
        """Before the start a person gives up their spot; once playing, `replaced` by a bot."""
        if self.spot_of(uid) is None:
            raise BridgeError(Reason.NOT_IN_EVENT, "You have no spot in this event.")
        self._require_waiting()
        return evolve(self, entrants=tuple(e for e in self.entrants if e.uid != uid))

    def replaced(self, uid: str) -> tuple[Event, Entrant]:
        """Playing: the person `uid` left, and a bot new to the event (`_new_bot`) plays their spot
        for the rest of it; returns the event and that bot (whose `seat` takes theirs at their
        table: `Room.left_event`)."""
        spot = self.spot_of(uid)
        if spot is None:
            raise BridgeError(Reason.NOT_IN_EVENT, "You have no spot in this event.")
        if self.status is not EventStatus.PLAYING:
            raise BridgeError(Reason.EVENT_ENDED, "The event has ended.")
        bot = self._new_bot(spot)
        return evolve(self, entrants=tuple(bot if e.uid == uid else e for e in self.entrants)), bot

    def start(self, uid: str) -> tuple[Event, tuple[Chain, ...]]:
        """The director starts the event once every spot is filled: round 0 opens (`opened`)."""
        self._require_director(uid)
        self._require_waiting()
        missing = len(self.spots) - len(self.entrants)
        if missing:
            raise BridgeError(Reason.NOT_ENOUGH_PLAYERS, f"{missing} of the event's {len(self.spots)} spots are empty.")
        return evolve(self, round=0).opened()

    # ----- the tables ----------------------------------------------------------------------

    def table_settings(self) -> Settings:
        """Every table's room: contract bridge scored as duplicate boards, invite-only (its four
        and the director read it), the event's turn timer, a bot for a player who leaves, and the
        event's bot level: every table's bots play alike, so that every table of a board meets
        the same bots."""
        return Settings(variant="contract", scoring=ScoringForm.DUPLICATE.value, deals=self.boards_per_round,
                        invite_only=True, turn_seconds=self.turn_seconds, bot_replaces_leaver=True,
                        bot_level=self.bot_level)

    def table_seats(self, meeting: Meeting) -> tuple[Seat, ...]:
        """The four of a meeting by position: North-South pair `ns`, East-West pair `ew`."""
        by_position: dict[int, Entrant] = {}
        for direction, pair in ((Direction.NS, meeting.ns), (Direction.EW, meeting.ew)):
            for seat in (0, 1):
                entrant = self.entrant(Spot(direction, pair, seat))
                assert entrant is not None  # every spot is filled once the event has started
                by_position[entrant.spot.position] = entrant
        return tuple(e.seat for _, e in sorted(by_position.items()))

    def tables_of_round(self) -> tuple[Room, ...]:
        """The rooms of the current round's tables, each with its first board dealt."""
        assert self.round is not None
        return tuple(Room.competition_table(EventTable(self.event_id, m.table, self.round), self.director,
                                      self.observer, self.table_seats(m), self.table_settings(),
                                      self.board_set(m.board_set))
                     for m in self.meetings())

    def opened(self) -> tuple[Event, tuple[Chain, ...]]:
        """The current round's tables dealt (`tables_of_round`), each played on as far as it plays
        itself (`table_played`); while that completes the round (bots alone), the next round's
        too. Returns the event and every new table's chain of states."""
        event, chains = self, []
        while event.status is EventStatus.PLAYING:
            for table in event.tables_of_round():
                event, states = event.table_played(None, table)
                chains.append(states)
            if not event.round_complete:
                break
            event = event.next_round()
        return event, tuple(chains)

    def table_played(self, before: Room | None, room: Room) -> tuple[Event, Chain]:
        """A table of this event has become `room` (from `before`; None: new): every board it has
        just finished entered, and while it can deal its next board itself (bots alone), dealt and
        played. Returns the event and the table's states from `room` on, each finishing at most one
        board (the last is the table's new state)."""
        event, states = self, [room]
        while True:
            current = states[-1]
            if finished_since(states[-2] if len(states) > 1 else before, current):
                event = event.recorded(current)
            following = current.next_board_if_ready()
            if following is current:
                return event, tuple(states)
            states.append(following)

    def after_table(self, before: Room, room: Room) -> tuple[Event, Chain, tuple[Chain, ...]]:
        """A move at one of this event's tables made it `room`: `table_played`, then, if that
        completed the round, the next round `opened`. Returns the event, the table's chain and the
        new tables' chains."""
        event, chain = self.table_played(before, room)
        if not event.round_complete:
            return event, chain, ()
        event, chains = event.next_round().opened()
        return event, chain, chains

    def recorded(self, room: Room) -> Event:
        """The board `room`, one of this round's tables, has just finished, entered."""
        deal, table = room.deal, room.event
        assert deal is not None and deal.board is not None and table is not None and deal.is_finished
        assert self.round == table.round
        meeting = self.movement[table.round][table.table]
        outcome = deal.outcome()
        contract = outcome.contract if outcome else None
        result = BoardResult(deal.board, table.round, table.table, meeting.ns, meeting.ew, deal.players,
                             str(contract) if contract else None, contract.declarer if contract else None,
                             outcome.declarer_tricks if outcome else None,
                             board_score(deal.board, contract, outcome.declarer_tricks if outcome else 0))
        return evolve(self, results=(*self.results, result))

    @property
    def round_complete(self) -> bool:
        """Every table of the current round has played all its boards."""
        if self.status is not EventStatus.PLAYING:
            return False
        played = sum(1 for r in self.results if r.round == self.round)
        return played == len(self.meetings()) * self.boards_per_round

    def next_round(self) -> Event:
        """The next round (or the end, after the last)."""
        assert self.round is not None and self.round_complete
        return evolve(self, round=self.round + 1)

    # ----- scores ----------------------------------------------------------------------------

    def results_of(self, board: int) -> tuple[BoardResult, ...]:
        return tuple(r for r in self.results if r.board == board)

    def board_points(self, board: int) -> Mapping[tuple[int, int], int]:
        """Each result of `board`, by (round, table), scored for its North-South: IMPs (teams,
        once both tables have played it: the difference between the two tables for the team that
        sat North-South at table 0 is its IMPs, the other team's the negative) or matchpoints
        (pairs, among the results so far)."""
        results = self.results_of(board)
        if self.form is Form.TEAMS:
            if len(results) < 2:
                return {}
            by_table = {r.table: r for r in results}
            won = imps(by_table[0].score - by_table[1].score)
            return {(0, 0): won, (0, 1): -won}
        points = matchpoints([r.score for r in results])
        return {(r.round, r.table): p for r, p in zip(results, points, strict=True)}

    def standings(self) -> tuple[Standing, ...]:
        """The ranking from every result so far: teams by IMPs; pairs by matchpoints, North-South
        and East-West ranked apart (a Mitchell has two fields), percentages of the tops."""
        if self.form is Form.TEAMS:
            totals = [0, 0]
            for board in self.boards:
                for (_, table), won in self.board_points(board.number).items():
                    team = self.team_of(Direction.NS, table)
                    totals[team] += won
            return _ranked([Standing(f"Team {'AB'[team]}", None, team, self._team_uids(team), totals[team], None, 0)
                            for team in (0, 1)])
        lines: list[Standing] = []
        for direction in Direction:
            for pair in range(self.tables):
                total, top = 0, 0
                for board in self.boards:
                    results = self.results_of(board.number)
                    points = self.board_points(board.number)
                    for r in results:
                        if (r.ns if direction is Direction.NS else r.ew) != pair:
                            continue
                        mine = points[(r.round, r.table)]
                        total += mine if direction is Direction.NS else 2 * (len(results) - 1) - mine
                        top += 2 * (len(results) - 1)
                percentage = round(100 * total / top, 2) if top else None
                lines.append(Standing(f"{direction.value} {pair + 1}", direction, pair,
                                      self._pair_uids(direction, pair), total, percentage, 0))
        return _ranked([line for line in lines if line.direction is Direction.NS]) + \
            _ranked([line for line in lines if line.direction is Direction.EW])

    def _pair_uids(self, direction: Direction, pair: int) -> tuple[str, ...]:
        return tuple(e.uid for seat in (0, 1) if (e := self.entrant(Spot(direction, pair, seat))) is not None)

    def _team_uids(self, team: int) -> tuple[str, ...]:
        return (*self._pair_uids(Direction.NS, team), *self._pair_uids(Direction.EW, 1 - team))


def _ranked(lines: list[Standing]) -> tuple[Standing, ...]:
    """Lines by total, highest first, each with its place; equal totals share the higher place."""
    ordered = sorted(lines, key=lambda line: -line.total)
    return tuple(evolve(line, place=1 + sum(1 for other in ordered if other.total > line.total)) for line in ordered)
