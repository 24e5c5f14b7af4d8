"""A game room: seats, host, invitations, settings and the match played in it (SPEC §4, §5.7-5.8, §9).

Every move takes the caller's uid (never a seat from the request), checks the lobby
rules, and for deal moves delegates to the match's `Deal` by the caller's position.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Container, Mapping
from dataclasses import dataclass
from enum import StrEnum

from .bids import Call
from .cards import Card
from .claims import STEADY
from .deal import Deal, Outcome, Phase
from .deal_seed import DealSeed, SeededShuffle, new_seed
from .dealing import Board, Shuffler, secure_rng
from .errors import BridgeError, Reason
from .match import Match
from .option import SettingValue
from .settings import Settings
from .thinking_bot import THINKING_BOT
from .values import evolve
from .variant import BotPolicy
from .variants import variant_named

#: Invitations per room; bounds the room document.
MAX_INVITED = 50

#: Bot uids start with this: no Auth provider makes such a uid, and the callables refuse a
#: caller whose uid starts with it (a custom token could carry any string).
BOT_PREFIX = "~bot"

#: Settings that shape the match; fixed once its first deal is dealt.
MATCH_SETTINGS = frozenset({"variant", "deals", "scoring"})


class Status(StrEnum):
    """The room document's `status` values."""

    WAITING = "waiting"
    FIRST_HALF = Phase.FIRST_HALF.value
    BIDDING = Phase.BIDDING.value
    CHOOSING_TEAMMATE = Phase.CHOOSING_TEAMMATE.value
    PLAYING = Phase.PLAYING.value
    DEAL_ENDED = "dealEnded"
    ENDED = "ended"


_STATUS_OF_PHASE = {Phase.FIRST_HALF: Status.FIRST_HALF, Phase.BIDDING: Status.BIDDING,
                    Phase.CHOOSING_TEAMMATE: Status.CHOOSING_TEAMMATE, Phase.PLAYING: Status.PLAYING}

#: Where players gather: join, leave freely, toggle ready, start the next deal.
LOBBY = frozenset({Status.WAITING, Status.DEAL_ENDED})


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table; their position is their index in `Room.seats`. A bot (SPEC §10)
    has a uid starting with `BOT_PREFIX`, no account and no stats, and is always ready.
    `entropy`: what the player added to the next deal's dealing when they got ready (SPEC §16;
    "": nothing)."""

    uid: str
    display_name: str
    ready: bool = False
    entropy: str = ""

    @property
    def bot(self) -> bool:
        return is_bot(self.uid)


def is_bot(uid: str) -> bool:
    return uid.startswith(BOT_PREFIX)


def new_bot(known: Collection[str]) -> Seat:
    """A bot, always ready, whose uid is none of `known`: `~bot` and the lowest number free."""
    number = next(n for n in range(1, len(known) + 2) if f"{BOT_PREFIX}{n}" not in known)
    return Seat(f"{BOT_PREFIX}{number}", f"Bot {number}", ready=True)


@dataclass(frozen=True, slots=True)
class EventTable:
    """What makes a room a table of a duplicate event (docs/DUPLICATE.md): the event, the table's
    number (from 0) and the round it plays there. The event seats its players and bots, deals
    its boards, and starts each next board once the four are ready; the room has no lobby."""

    event_id: str
    table: int
    round: int

    @property
    def room_id(self) -> str:
        """The table's room id: the event's id, `r` and the round, `t` and the table (from 1)."""
        return f"{self.event_id}r{self.round + 1}t{self.table + 1}"


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """What makes a room an entrant's table in a robot tournament (docs/TOURNAMENTS.md): the
    tournament and its `entrant`, who plays every board there with three bots, at their own pace.
    Like an event's table it has no lobby and its next board starts when the entrant is ready;
    unlike one, its bots never play on alone: once the entrant has left, the board in play is
    played out and the table has ended."""

    tournament_id: str
    entrant: str


@dataclass(frozen=True, slots=True)
class UndoPoint:
    """The last action a person made in the deal in progress (SPEC §15), while nobody has acted
    after it: who made it, and the deal as it was just before."""

    position: int
    deal: Deal


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """`position` asks to take back their last action; `accepted`: who of those who answer has
    agreed so far."""

    position: int
    accepted: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """How a room's last deal ended: played out (`outcome`), abandoned by a player who left, or
    (neither) a board passed out."""

    players: tuple[str, ...]
    outcome: Outcome | None
    abandoned_by: str | None

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.players[p] for p in self.outcome.winners) if self.outcome else ()


@dataclass(frozen=True, slots=True)
class Room:
    """`match` and `deal` (the deal in progress, or the last one played) are None until the first
    deal, and both set from then on; `regrouping` is set when a player leaves between deals (the
    room waits for the table to fill again) and cleared by the next deal. `turn_deadline`
    (seconds since the epoch) is when the person to act must have moved, under a turn timer.
    Who watches the room and whom the host banned are not the room's: they are its audience
    (`bridge.audience`, SPEC §13). `event`: the duplicate event the room is a table of (None: a
    room of its own). `undo_point`: the last person's action of the deal in progress, which they
    may ask to take back; `undo_request`: such a request being answered.
    `next_seed`: the secret seed the room has committed to for its next deal (SPEC §16; None at
    an event's table, whose boards the event deals); `seed`: the current or last deal's, with
    the entropy it was dealt with and the decks drawn (None: dealt otherwise). `tournament`: the
    robot tournament the room is an entrant's table of (None: none; never with `event`)."""

    host: str
    seats: tuple[Seat, ...]
    settings: Settings = Settings()
    invited: tuple[str, ...] = ()
    match: Match | None = None
    deal: Deal | None = None
    abandoned_by: str | None = None
    regrouping: bool = False
    turn_deadline: float | None = None
    event: EventTable | None = None
    undo_point: UndoPoint | None = None
    undo_request: UndoRequest | None = None
    next_seed: bytes | None = None
    seed: DealSeed | None = None
    tournament: TournamentTable | None = None

    @staticmethod
    def create(host: str, display_name: str, settings: Settings = Settings()) -> Room:
        """A new room with its creator seated at position 0 as host, committed to its first deal's seed."""
        return Room(host, (Seat(host, display_name),), settings, next_seed=new_seed())

    @staticmethod
    def competition_table(table: EventTable | TournamentTable, host: str, observer: str | None,
                          seats: tuple[Seat, ...], settings: Settings, boards: tuple[Board, ...]) -> Room:
        """A table of a duplicate event or a tournament with its four seated, its first board dealt
        at once (then the bots' moves). `host`: the event's director, or the tournament's entrant;
        `observer` (an event's director when they do not play) may read it too."""
        players = tuple(seat.uid for seat in seats)
        names = {seat.uid: seat.display_name for seat in seats}
        room = Room(host, seats, settings, invited=(observer,) if observer else (),
                    event=table if isinstance(table, EventTable) else None,
                    tournament=table if isinstance(table, TournamentTable) else None)
        match, deal = Match.start(players, names, settings, secure_rng(), boards)
        return evolve(room, match=match)._moved(deal, None)

    @property
    def competition(self) -> EventTable | TournamentTable | None:
        """The duplicate event or tournament the room is a table of (None: a room of its own),
        which seats, deals and replaces its players: such a table has no lobby."""
        return self.event or self.tournament

    # ----- derived facts -------------------------------------------------------------

    @property
    def status(self) -> Status:
        """The room's phase. A tournament's table where no person sits any more (its entrant left)
        has ended once its board in play is over: its bots do not play the entrant's boards."""
        # Read two or three times a move: the phase maps through a dict (`Status(value)`, an
        # enum lookup by value, made the whole engine ~10 % slower).
        match, deal = self.match, self.deal
        if self.abandoned_by is not None:
            return Status.ENDED
        if match is None or deal is None:
            return Status.WAITING
        if not deal.is_finished:
            return _STATUS_OF_PHASE[deal.phase]
        if match.is_over(deal) or (self.tournament is not None and self._bots_alone):
            return Status.ENDED
        return Status.WAITING if self.regrouping else Status.DEAL_ENDED

    @property
    def is_ended(self) -> bool:
        return self.status is Status.ENDED

    @property
    def deal_in_progress(self) -> bool:
        return self.deal is not None and not self.deal.is_finished and not self.is_ended

    @property
    def _bots_alone(self) -> bool:
        return all(seat.bot for seat in self.seats)

    @property
    def seat_count(self) -> int:
        return variant_named(self.settings.variant).seats

    @property
    def member_ids(self) -> tuple[str, ...]:
        return tuple(seat.uid for seat in self.seats)

    def position_of(self, uid: str) -> int | None:
        for position, seat in enumerate(self.seats):
            if seat.uid == uid:
                return position
        return None

    def readable_by(self, uid: str) -> bool:
        """Who may read the room document and its deal records (SPEC §6, §9, as firestore.rules
        enforces it): anyone while the room is open, else its members and invitees."""
        return not self.settings.invite_only or uid in self.invited or self.position_of(uid) is not None

    @property
    def result(self) -> Result | None:
        """The last deal's result once it has finished or been abandoned."""
        deal = self.deal
        if deal is None:
            return None
        if self.abandoned_by is not None:
            return Result(deal.players, None, self.abandoned_by)
        return Result(deal.players, deal.outcome(), None) if deal.is_finished else None

    # ----- lobby moves ---------------------------------------------------------------

    def _member(self, uid: str) -> int:
        position = self.position_of(uid)
        if position is None:
            raise BridgeError(Reason.NOT_IN_ROOM, "You are not in this room.")
        return position

    def _require_lobby(self, statuses: frozenset[Status] = LOBBY) -> None:
        """The room is between deals (or before the first) in one of `statuses`."""
        status = self.status
        if status is Status.ENDED:
            raise BridgeError(Reason.GAME_ENDED, "The game in this room has ended.")
        if status not in statuses:
            message = ("The match in this room has started." if status is Status.DEAL_ENDED
                       else "The game in this room has already started.")
            raise BridgeError(Reason.GAME_STARTED, message)

    def _require_host(self, uid: str) -> None:
        self._require_no_event()
        self._member(uid)
        if uid != self.host:
            raise BridgeError(Reason.NOT_HOST, "Only the host may do that.")

    def join(self, uid: str, display_name: str) -> Room:
        """Take the next free seat of a room before its first deal or between deals; invite-only
        rooms admit invitees only. (A player the host removed is refused by `Audience.join`.)"""
        self.require_welcome(uid)
        self._require_lobby()
        if len(self.seats) >= self.seat_count:
            raise BridgeError(Reason.ROOM_FULL, "The room is full.")
        return evolve(self, seats=(*self.seats, Seat(uid, display_name)))

    def _require_no_event(self) -> None:
        """A duplicate event's or a tournament's table has no lobby: its event or tournament seats,
        starts and replaces players."""
        if self.competition is not None:
            raise BridgeError(Reason.EVENT_TABLE, "This room is a table of a duplicate event or a tournament: its "
                                                  "calls seat, start and replace the table's players.")

    def require_welcome(self, uid: str) -> None:
        """`uid` may come in to sit or watch: not seated already, and invited to an invite-only
        room (and not banned: the audience's part). Checked before the room's state: whether an
        invite-only room is full, started or ended is not for a player who may not read it."""
        self._require_no_event()
        if self.position_of(uid) is not None:
            raise BridgeError(Reason.ALREADY_IN_ROOM, "You are already seated in this room.")
        if not self.readable_by(uid):
            raise BridgeError(Reason.NOT_INVITED, "This room is invite-only and you have not been invited.")

    def kick(self, uid: str, target: str) -> Room:
        """The host removes a seated player (as if they left), before the first deal or between
        deals, and withdraws their invitation; `Audience.kick` bans them (SPEC §13). Whom the host
        names is checked first: a stranger is not found whatever the status."""
        self._require_host(uid)
        if target == uid:
            raise BridgeError(Reason.INVALID_ARGUMENT, "The host cannot remove themselves; leave the room instead.")
        position = self.position_of(target)
        if position is None:
            raise BridgeError(Reason.PLAYER_NOT_FOUND, "No player or spectator with that uid is in this room.")
        if self.seats[position].bot:
            raise BridgeError(Reason.INVALID_ARGUMENT, "A bot is taken off the table with removeBot.")
        self._require_lobby()
        room = self.leave(target)
        assert room is not None  # the host, a person, stays
        return room.withdraw_invitation(uid, target)

    def withdraw_invitation(self, uid: str, target: str) -> Room:
        """The host takes back `target`'s invitation, at any time (the same room if there is none):
        the part of removing someone (`Audience.kick`) that is the room's."""
        self._require_host(uid)
        if target not in self.invited:
            return self
        return evolve(self, invited=tuple(i for i in self.invited if i != target))

    def leave(self, uid: str) -> Room | None:
        """Leave; None means no human is left and the room is deleted.

        The host's role passes to the lowest remaining human and positions close up in their
        old order. Leaving a deal in progress ends the match as abandoned; leaving between
        deals empties the seat and the room waits for the table to fill again.
        """
        position = self._member(uid)
        self._require_no_event()
        if self.deal_in_progress and self.settings.bot_replaces_leaver:
            return self._replaced_by_bot(position)
        seats = tuple(seat for seat in self.seats if seat.uid != uid)
        humans = [seat.uid for seat in seats if not seat.bot]
        if not humans:
            return None
        between = self.match is not None and self.status in LOBBY
        return evolve(
            self,
            seats=seats,
            host=humans[0] if uid == self.host else self.host,
            abandoned_by=uid if self.deal_in_progress else self.abandoned_by,
            regrouping=self.regrouping or between,
        )

    def _new_bot(self) -> Seat:
        """A bot whose uid is new to the room (never one of an earlier bot, whose score the match keeps)."""
        return new_bot({*self.member_ids, *(self.match.scores if self.match else ())})

    def left_event(self, uid: str, bot: Seat) -> Room:
        """A player leaves a duplicate event's or a tournament's table: `bot` takes their seat (and
        their cards, in a board in progress) and the table plays on, even with bots alone (at a
        tournament's, to the end of that board: `status`). The event chooses the bot
        (`Event.replaced`): its uid is new to the whole event, not only to this table."""
        position = self._member(uid)
        seats = (*self.seats[:position], bot, *self.seats[position + 1:])
        room, deal = evolve(self, seats=seats, undo_point=None, undo_request=None), self.deal
        if deal is not None and self.deal_in_progress:
            players = (*deal.players[:position], bot.uid, *deal.players[position + 1:])
            return room._moved(evolve(deal, players=players), None)
        return room.next_board_if_ready()

    def _replaced_by_bot(self, position: int) -> Room | None:
        """A person leaves a deal in progress under `botReplacesLeaver`: a bot takes their seat and
        their cards, and the deal goes on (SPEC §10). None if no person is left."""
        deal = self.deal
        assert deal is not None
        bot = self._new_bot()
        seats = (*self.seats[:position], bot, *self.seats[position + 1:])
        humans = [seat.uid for seat in seats if not seat.bot]
        if not humans:
            return None
        players = (*deal.players[:position], bot.uid, *deal.players[position + 1:])
        leaver = self.seats[position].uid
        room = evolve(self, seats=seats, host=humans[0] if leaver == self.host else self.host, undo_point=None,
                      undo_request=None)
        return room._moved(evolve(deal, players=players), None)

    def add_bot(self, uid: str) -> Room:
        """The host seats a bot in the next free seat, before the first deal or between deals."""
        self._require_host(uid)
        self._require_lobby()
        if len(self.seats) >= self.seat_count:
            raise BridgeError(Reason.NO_FREE_SEAT, "Every seat is taken.")
        return evolve(self, seats=(*self.seats, self._new_bot()))

    def remove_bot(self, uid: str, bot_uid: str) -> Room:
        """The host takes a bot off the table, before the first deal or between deals (as if it left)."""
        self._require_host(uid)
        self._require_lobby()
        position = self.position_of(bot_uid)
        if position is None or not self.seats[position].bot:
            raise BridgeError(Reason.BOT_NOT_FOUND, "No bot with that uid sits in this room.")
        room = self.leave(bot_uid)
        assert room is not None  # the host, a human, stays
        return room

    def toggle_ready(self, uid: str, entropy: str | None = None) -> Room:
        """Ready or not for the next deal, adding `entropy` to its dealing when getting ready
        (SPEC §16; getting unready withdraws it). At a duplicate event's table the next board
        starts as soon as the four are ready (its boards were dealt with the event: no entropy)."""
        position = self._member(uid)
        self._require_lobby()
        ready = not self.seats[position].ready
        if entropy is not None and self.competition is not None:
            raise BridgeError(Reason.INVALID_ARGUMENT, "An event's or a tournament's boards were dealt when it was "
                                                       "created: send no entropy at its tables.")
        if entropy is not None and not ready:
            raise BridgeError(Reason.INVALID_ARGUMENT, "Entropy goes with getting ready, and this call makes "
                                                       "you not ready: send it without entropy.")
        return self._with_seat(position, ready=ready, entropy=entropy or "").next_board_if_ready()

    def next_board_if_ready(self) -> Room:
        """At an event's or a tournament's table between boards, with every seat ready and a board
        to come: that board dealt (then the bots' moves). Anywhere else, the room as it is (the
        same value). An event's table of bots alone is ready after every board: whoever saves it
        deals on, one board at a time, recording each. (A tournament's table of bots alone has
        ended: `status`.)"""
        match, deal = self.match, self.deal
        if (self.competition is None or match is None or deal is None or match.upcoming_board is None
                or self.status is not Status.DEAL_ENDED or not all(seat.ready for seat in self.seats)):
            return self
        players = self.member_ids
        match, deal = match.next_deal(deal, players, {s.uid: s.display_name for s in self.seats}, self.settings,
                                      secure_rng())
        return evolve(self, match=match)._moved(deal, None)

    def start(self, uid: str, rng: Shuffler | None = None) -> Room:
        """The host starts the first or the next deal once every seat is taken and all are ready.
        The deal is dealt from the committed `next_seed` with the seats' entropy (SPEC §16), and
        the room commits to a fresh seed for the deal after it. `rng`, when given, deals instead
        (tests stack decks with it), as the secure RNG does for a room stored before seeds
        (`next_seed` None): the deal then has no seed to reveal."""
        self._require_no_event()
        self._member(uid)
        self._require_lobby()
        self._require_host(uid)
        seats = self.seat_count
        if len(self.seats) < seats:
            raise BridgeError(Reason.NOT_ENOUGH_PLAYERS, f"A deal needs {seats} players; {len(self.seats)} are seated.")
        if not all(seat.ready for seat in self.seats):
            raise BridgeError(Reason.NOT_ALL_READY, "Every player must be ready before the deal starts.")
        players = self.member_ids
        names = {seat.uid: seat.display_name for seat in self.seats}
        seed = None
        if rng is None and self.next_seed is not None:
            seed = DealSeed(self.next_seed, tuple(seat.entropy for seat in self.seats), self.next_deal_number)
        shuffler = seed.shuffler() if seed is not None else rng if rng is not None else secure_rng()
        match, deal = (Match.start(players, names, self.settings, shuffler) if self.match is None or self.deal is None
                       else self.match.next_deal(self.deal, players, names, self.settings, shuffler))
        cleared = tuple(evolve(seat, entropy="") for seat in self.seats)
        return evolve(self, match=match, deal=deal, regrouping=False, seats=cleared, next_seed=new_seed(),
                      seed=seed)._moved(deal, shuffler)

    @property
    def next_deal_number(self) -> int:
        """The number in its match of the deal `start` would deal (a new match's first is 1)."""
        return self.match.number + 1 if self.match is not None and self.deal is not None else 1

    def invite(self, uid: str, invitee: str) -> Room:
        """The host invites a player by uid before the first deal or between deals (inviting twice
        changes nothing); `Audience.invite` lifts a ban with it."""
        self._require_host(uid)
        self._require_lobby()
        if invitee in self.invited or invitee in self.member_ids:
            return self
        if len(self.invited) >= MAX_INVITED:
            raise BridgeError(Reason.INVALID_ARGUMENT, f"A room holds at most {MAX_INVITED} invitations.")
        return evolve(self, invited=(*self.invited, invitee))

    def update_settings(self, uid: str, changes: Mapping[str, SettingValue]) -> Room:
        """The host of a waiting room changes settings (validated by `Settings.parse_changes`);
        the variant, deals and scoring only before the match's first deal (resending their
        current values is no change)."""
        self._require_host(uid)
        self._require_lobby(frozenset({Status.WAITING}))
        settings = self.settings.with_changes(changes)
        if self.match is not None and any(getattr(settings, name) != getattr(self.settings, name)
                                          for name in MATCH_SETTINGS):
            raise BridgeError(Reason.GAME_STARTED, "The match has started: its variant, deals and scoring are fixed.")
        return evolve(self, settings=settings)

    def rename(self, uid: str, display_name: str) -> Room:
        """A player's new name shows at their seat; an ended room keeps the names it ended with."""
        position = self._member(uid)
        if self.is_ended:
            return self
        room = self._with_seat(position, display_name=display_name)
        return evolve(room, match=room.match.renamed(uid, display_name)) if room.match else room

    def _with_seat(self, position: int, **changes: object) -> Room:
        seats = list(self.seats)
        seats[position] = evolve(seats[position], **changes)
        return evolve(self, seats=tuple(seats))

    # ----- deal moves ----------------------------------------------------------------

    def _deal_move(self, uid: str, move: Callable[[Deal, int, Shuffler], Deal], rng: Shuffler | None = None,
                   undoable: bool = True) -> Room:
        """Apply `move` to the deal in progress as the caller's position (then the bots' moves).
        An `undoable` move becomes the deal's undo point (SPEC §15); any other clears it."""
        position = self._member(uid)
        before = self._deal_in_play()
        if self.undo_request is not None:
            raise BridgeError(Reason.UNDO_PENDING, "An undo is being answered: play waits for it.")
        shuffler = self._shuffler(rng)
        point = UndoPoint(position, before) if undoable else None
        return self._moved(move(before, position, shuffler), shuffler, point)

    def _deal_in_play(self) -> Deal:
        """The deal being played, or (`_no_deal_in_play`) GAME_ENDED / WRONG_PHASE when there is none."""
        if (error := self._no_deal_in_play()) is not None:
            raise error
        assert self.deal is not None
        return self.deal

    def _no_deal_in_play(self) -> BridgeError | None:
        deal = self.deal
        if self.match is None or deal is None or self.abandoned_by is not None or deal.is_finished:
            if self.is_ended:
                return BridgeError(Reason.GAME_ENDED, "The game in this room has ended.")
            return BridgeError(Reason.WRONG_PHASE, "No deal is being played.")
        return None

    def _shuffler(self, rng: Shuffler | None) -> Shuffler:
        """What a redeal of the deal in progress shuffles with: `rng` when given (tests stack decks
        with it), else the deal's seeded stream (SPEC §16), else (a deal dealt otherwise: an
        event's board, which is never redealt, or a deal stored before seeds) the secure RNG."""
        if rng is not None:
            return rng
        return self.seed.shuffler() if self.seed is not None else secure_rng()

    def _moved(self, deal: Deal, rng: Shuffler | None, undo_point: UndoPoint | None = None) -> Room:
        """The room once its deal has become `deal`: the bots seated in it move on, one after
        another, until a human is to act or the deal ends (SPEC §10). A finished deal is scored;
        when the match goes on, every human's `ready` is reset for the next deal. `rng` is what
        the move shuffled with, if anything (`_shuffler`): redeals go on drawing from it.
        `undo_point`: the person's action that moved the deal, which they may take back while
        the deal goes on (SPEC §15), unless a bot moves after it: nothing the table has seen is taken
        back (docs/DECISIONS.md "Undo"), so a bot's call or card makes the person's action stand."""
        shuffler = self._shuffler(rng)
        bots = {position for position, seat in enumerate(self.seats) if is_bot(seat.uid)}
        # A table of bots alone (a duplicate event's: no other room keeps bots alone) plays every
        # board it has left in this call, so it plays at the basic level whatever its `botLevel`:
        # thinking bots take ~8 s a board (docs/DECISIONS.md, "Duplicate events choose").
        bot = room_bot(deal.settings) if len(bots) < len(self.seats) else None
        while bots and (moved := _policy_move(deal, bots, shuffler, bot)) is not None:
            deal, undo_point = moved, None  # a bot's move, seen by the table, stands: so does what it answered
        seed = shuffler.seed if isinstance(shuffler, SeededShuffle) else self.seed
        match = self.match
        if not deal.is_finished or match is None:
            return evolve(self, deal=deal, seed=seed, undo_point=undo_point)
        match = match.scored(deal)
        seats = self.seats if match.is_over(deal) else tuple(evolve(seat, ready=seat.bot) for seat in self.seats)
        return evolve(self, match=match, deal=deal, seats=seats, undo_point=None, undo_request=None, seed=seed)

    # ----- the turn timer (SPEC §10) ------------------------------------------------------

    @property
    def _turn(self) -> tuple[int, int, int, int, int] | None:
        """Which turn of which deal it is, while a person is to act or to answer a claim or an
        undo (None otherwise). A claim, or an undo asked for, is one turn until it is answered."""
        deal, match = self.deal, self.match
        if deal is None or match is None or not self.deal_in_progress:
            return None
        waiting = self.undo_answerers or deal.claim_answerers or ((deal.actor,) if deal.actor is not None else ())
        if all(self.seats[position].bot for position in waiting):
            return None
        plays = len(deal.tricks) * deal.variant.seats + len(deal.trick.plays if deal.trick else ())
        asked = 2 * int(deal.claim is not None) + int(self.undo_request is not None)
        return match.number, len(deal.calls), int(deal.partner_card is not None), plays, asked

    def timed(self, before: Room | None, now: float) -> Room:
        """The room with its turn deadline as of `now`: `turnSeconds` after a person was handed the
        turn, kept while that turn lasts; None with no timer or no person to act."""
        seconds = self.settings.turn_seconds
        turn = self._turn
        if not seconds or turn is None:
            deadline = None
        elif before is not None and before.turn_deadline is not None and before._turn == turn:
            deadline = before.turn_deadline
        else:
            deadline = now + seconds
        return self if deadline == self.turn_deadline else evolve(self, turn_deadline=deadline)

    def claim_timeout(self, uid: str, now: float, rng: Shuffler | None = None) -> Room:
        """Any member, once the turn deadline has passed: the server makes the idle person's move,
        or answers the open claim for every idle opponent, with the bot's policy (then the bots'
        moves that follow), or accepts the undo asked for in their place."""
        self._member(uid)
        deal = self._deal_in_play()
        if self.turn_deadline is None or now < self.turn_deadline:
            raise BridgeError(Reason.TURN_NOT_EXPIRED, "The player to act still has time.")
        if self.undo_request is not None:  # the idle accept, as bots do
            return self._undo_accepted_by(self.undo_answerers)
        shuffler = self._shuffler(rng)
        bot = room_bot(deal.settings)
        moved = _policy_move(deal, range(deal.variant.seats), shuffler, bot)
        assert moved is not None  # a deadline is set only while someone is to move
        while moved.claim_answerers:
            moved = _policy_move(moved, moved.claim_answerers, shuffler, bot) or moved
        return self._moved(moved, shuffler)

    def played_out(self, rng: Shuffler | None = None) -> Room:
        """The deal in progress played to its end with the bot's policy for every seat: the
        clean-up's way to finish a deal its table has left idle long past its turn deadline."""
        deal = self.deal
        if deal is None or not self.deal_in_progress:
            return self
        shuffler = self._shuffler(rng)
        bot = room_bot(deal.settings)
        while (moved := _policy_move(deal, range(deal.variant.seats), shuffler, bot)) is not None:
            deal = moved
        return evolve(self, undo_request=None)._moved(deal, shuffler)

    def place_bid(self, uid: str, call: Call, rng: Shuffler | None = None, alert: str | None = None) -> Room:
        """A call; a round of passes redeals from the deal's seed (`_shuffler`)."""
        return self._deal_move(uid, lambda deal, position, shuffler: deal.place_bid(position, call, shuffler, alert),
                               rng)

    def choose_partner(self, uid: str, card: Card) -> Room:
        return self._deal_move(uid, lambda deal, position, _: deal.choose_partner(position, card))

    def play_card(self, uid: str, card: Card) -> Room:
        return self._deal_move(uid, lambda deal, position, _: deal.play_card(position, card))

    def claim(self, uid: str, tricks: int) -> Room:
        """The declarer claims `tricks` of the tricks left (SPEC §15); bot opponents answer at once.
        The claimer's cards are shown: no action before it can be taken back."""
        return self._deal_move(uid, lambda deal, position, _: deal.make_claim(position, tricks), undoable=False)

    def answer_claim(self, uid: str, accept: bool) -> Room:
        return self._deal_move(uid, lambda deal, position, _: deal.answer_claim(position, accept), undoable=False)

    # ----- undo (SPEC §15) -------------------------------------------------------------------

    def request_undo(self, uid: str) -> Room:
        """The player whose call or card is the last action of the deal asks to take it back, unless
        it showed the table something (`_revealed`); once anyone else has acted after it (a bot
        at once, or a person) there is nothing of theirs to take back (`undo_point`). Each person
        of the other side as the table knows it answers (`undo_answerers`); bots agree at once.
        Agreed by all, the deal is as it was before that action."""
        position = self._member(uid)
        if (error := self.undo_violation(position)) is not None:
            raise error
        return evolve(self, undo_request=UndoRequest(position))._undo_accepted_by(())

    def undo_violation(self, position: int) -> BridgeError | None:
        """Why the person at `position` may not ask for an undo now (None: they may); see `request_undo`."""
        if self.deal is not None and self.deal.is_finished and not self.is_ended:
            return BridgeError(Reason.UNDO_NOT_ALLOWED, "The deal is over: its last card stands.")
        if (error := self._no_deal_in_play()) is not None:
            return error
        deal = self.deal
        assert deal is not None
        if not self.settings.undo:
            return BridgeError(Reason.UNDO_DISABLED, "The host has turned undo off in this room.")
        if self.undo_request is not None:
            return BridgeError(Reason.UNDO_PENDING, "An undo is already being answered.")
        if deal.claim_answerers:
            return BridgeError(Reason.CLAIM_PENDING, "A claim is open: wait for its answers.")
        point = self.undo_point
        if point is None or point.position != position:
            return BridgeError(Reason.NOTHING_TO_UNDO, "The last action at the table is not yours to take back.")
        if _revealed(point.deal, deal):
            return BridgeError(Reason.UNDO_NOT_ALLOWED, "That action showed the table cards (the partner card, the "
                                                        "dummy, new hands or the end of the deal): it stands.")
        return None

    def answer_undo(self, uid: str, accept: bool) -> Room:
        """A person asked to agree to an undo answers; one refusal ends the request, and the action
        can no longer be taken back."""
        position = self._member(uid)
        request = self.undo_request
        if request is None:
            raise BridgeError(Reason.NO_UNDO, "Nobody is asking for an undo.")
        if position not in self.undo_answerers:
            if position in request.accepted:
                raise BridgeError(Reason.ALREADY_ANSWERED, "You have agreed to this undo already.")
            raise BridgeError(Reason.NOT_OPPONENT, "Only the other side answers an undo.")
        if not accept:
            return evolve(self, undo_request=None, undo_point=None)
        return self._undo_accepted_by((position,))

    @property
    def undo_answerers(self) -> tuple[int, ...]:
        """The people still to answer the undo asked for: the seats the table does not know to be
        on the asker's side (in Floating Bridge before the partner is known: every other seat),
        bots excepted."""
        request, deal = self.undo_request, self.deal
        if request is None or deal is None:
            return ()
        side = deal.known_side(request.position)
        return tuple(p for p, seat in enumerate(self.seats)
                     if not seat.bot and p not in side and p not in request.accepted)

    def _undo_accepted_by(self, positions: tuple[int, ...]) -> Room:
        """The undo request with `positions` agreeing; once nobody is left to answer, done."""
        request, point = self.undo_request, self.undo_point
        assert request is not None and point is not None
        room = evolve(self, undo_request=evolve(request, accepted=(*request.accepted, *positions)))
        if room.undo_answerers:
            return room
        return evolve(self, deal=point.deal, undo_point=None, undo_request=None)


def _revealed(before: Deal, after: Deal) -> bool:
    """From `before` to `after` the table was shown something an undo cannot hide again: who the
    declarer's partner is, learnt in play (the partner card played), the dummy's cards, new hands
    (a redeal, a second half) or the end."""
    return (after.is_finished or (before.dummy is None) != (after.dummy is None)
            or (before.contract is not None and before.partner_revealed != after.partner_revealed)
            or before.hands_dealt() != after.hands_dealt())


def _policy_move(deal: Deal, positions: Container[int], rng: Shuffler, bot: BotPolicy | None) -> Deal | None:
    """One move by the bots' policy for the seats of `positions` that are to move: their answers
    to the open claim (`claims.STEADY`, in turn until one rejects it), or the actor's call or
    card by `bot` (`room_bot`; None: the variant's own). None: none of them is to move."""
    answerers = [position for position in deal.claim_answerers if position in positions]
    if answerers:
        for position, holds in zip(answerers, STEADY.answers([deal.view(p) for p in answerers]), strict=True):
            deal = deal.answer_claim(position, holds)
            if not holds:
                break
        return deal
    actor = deal.actor
    return deal.act(actor, deal.bot_action(bot), rng) \
        if actor is not None and actor in positions else None


def room_bot(settings: Settings) -> BotPolicy | None:
    """How a room's bots play, by its `botLevel` setting: the thinking bot, or (None) the variant's own."""
    return THINKING_BOT if settings.bot_level == "thinking" else None


def finished_since(before: Room | None, after: Room) -> bool:
    """`after`'s last deal has finished since `before`: it is to be recorded and counted once."""
    match, deal = after.match, after.deal
    if match is None or deal is None or not deal.is_finished:
        return False
    old_match, old_deal = (before.match, before.deal) if before else (None, None)
    return not (old_match is not None and old_deal is not None and old_match.number == match.number
                and old_deal.is_finished)


def stat_changes(before: Room | None, after: Room | None) -> dict[str, dict[str, int]]:
    """Account stat increments for a room changing from `before` to `after` (None: deleted)
    (SPEC §5.6-5.7, §9, §10; stats count deals, bots have none): every person of a deal that has
    just finished played it, and its winners won it; a person who was in a deal in progress and is
    no longer at the table abandoned it, whether that ended the match, a bot took the seat, or the
    room was deleted."""
    changes: dict[str, dict[str, int]] = {}
    result = after.result if after is not None and finished_since(before, after) else None
    if result is not None:
        winners = set(result.winners)
        changes.update({uid: {"gamesPlayed": 1, "gamesWon": int(uid in winners)}
                        for uid in result.players if not is_bot(uid)})
    if before is not None and before.deal_in_progress:
        seated = set(after.member_ids) if after is not None else set()
        changes.update({uid: {"gamesAbandoned": 1} for uid in before.member_ids
                        if uid not in seated and not is_bot(uid)})
    return changes
