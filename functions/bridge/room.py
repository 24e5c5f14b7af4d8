"""A game room: seats, host, invitations, settings and the deal played in it (SPEC §4, §5.7-5.8).

Every move takes the caller's uid (never a seat from the request), checks the lobby
rules, and for game moves delegates to `Game` by the caller's position.
"""
from __future__ import annotations

from dataclasses import dataclass

from .bids import Call
from .cards import Card
from .deal import SEATS, Shuffler
from .errors import BridgeError, Reason
from .game import Game, Outcome, Phase, new_game
from .settings import Settings
from .values import evolve

#: Invitations per room; bounds the room document.
MAX_INVITED = 50
FIRST_DEALER = 0


class Status:
    """The room document's `status` values."""

    WAITING = "waiting"
    ENDED = Phase.COMPLETE.value


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table; their position is their index in `Room.seats`."""

    uid: str
    display_name: str
    ready: bool = False


@dataclass(frozen=True, slots=True)
class Result:
    """How a room's game ended: played out (`outcome`) or abandoned by a player who left."""

    players: tuple[str, ...]
    outcome: Outcome | None
    abandoned_by: str | None

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.players[p] for p in self.outcome.winners) if self.outcome else ()


@dataclass(frozen=True, slots=True)
class Room:
    host: str
    seats: tuple[Seat, ...]
    settings: Settings = Settings()
    invited: tuple[str, ...] = ()
    game: Game | None = None
    abandoned_by: str | None = None

    @staticmethod
    def create(host: str, display_name: str, settings: Settings = Settings()) -> Room:
        """A new room with its creator seated at position 0 as host."""
        return Room(host, (Seat(host, display_name),), settings)

    # ----- derived facts -------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.abandoned_by is not None:
            return Status.ENDED
        return Status.WAITING if self.game is None else self.game.phase.value

    @property
    def is_ended(self) -> bool:
        return self.status == Status.ENDED

    @property
    def member_ids(self) -> tuple[str, ...]:
        return tuple(seat.uid for seat in self.seats)

    def position_of(self, uid: str) -> int | None:
        for position, seat in enumerate(self.seats):
            if seat.uid == uid:
                return position
        return None

    def readable_by(self, uid: str) -> bool:
        """Who may read the room document (SPEC §6, as firestore.rules enforces it): anyone while
        the room is open, else its members and invitees. Nobody else may learn its state."""
        return not self.settings.invite_only or uid in self.invited or self.position_of(uid) is not None

    @property
    def result(self) -> Result | None:
        if not self.is_ended:
            return None
        outcome = None if self.abandoned_by else self.game.outcome()
        return Result(self.game.players, outcome, self.abandoned_by)

    def stat_changes(self) -> dict[str, dict[str, int]]:
        """Account stat increments due when this room's game has just ended (SPEC §5.6-5.7)."""
        result = self.result
        if result is None:
            return {}
        if result.abandoned_by is not None:
            return {result.abandoned_by: {"gamesAbandoned": 1}}
        winners = set(result.winners)
        return {uid: {"gamesPlayed": 1, "gamesWon": int(uid in winners)} for uid in result.players}

    # ----- lobby moves ---------------------------------------------------------------

    def _member(self, uid: str) -> int:
        position = self.position_of(uid)
        if position is None:
            raise BridgeError(Reason.NOT_IN_ROOM, "You are not in this room.")
        return position

    def _require_waiting(self) -> None:
        if self.status == Status.ENDED:
            raise BridgeError(Reason.GAME_ENDED, "The game in this room has ended.")
        if self.status != Status.WAITING:
            raise BridgeError(Reason.GAME_STARTED, "The game in this room has already started.")

    def _require_host(self, uid: str) -> None:
        self._member(uid)
        if uid != self.host:
            raise BridgeError(Reason.NOT_HOST, "Only the host may do that.")

    def join(self, uid: str, display_name: str) -> Room:
        """Take the next free seat of a waiting room; invite-only rooms admit invitees only."""
        if self.position_of(uid) is not None:
            raise BridgeError(Reason.ALREADY_IN_ROOM, "You are already in this room.")
        # Before the state checks: whether an invite-only room is full, started or ended is not
        # for a player who may not read it.
        if not self.readable_by(uid):
            raise BridgeError(Reason.NOT_INVITED, "This room is invite-only and you have not been invited.")
        self._require_waiting()
        if len(self.seats) >= SEATS:
            raise BridgeError(Reason.ROOM_FULL, "The room is full.")
        return evolve(self, seats=(*self.seats, Seat(uid, display_name)))

    def leave(self, uid: str) -> Room | None:
        """Leave; None means the room is now empty and is deleted.

        The host's role passes to the lowest remaining position and positions close up
        in their old order. Leaving a game in progress ends it as abandoned.
        """
        self._member(uid)
        seats = tuple(seat for seat in self.seats if seat.uid != uid)
        if not seats:
            return None
        in_progress = self.game is not None and not self.is_ended
        return evolve(
            self,
            seats=seats,
            host=seats[0].uid if uid == self.host else self.host,
            abandoned_by=uid if in_progress else self.abandoned_by,
        )

    def toggle_ready(self, uid: str) -> Room:
        position = self._member(uid)
        self._require_waiting()
        seats = list(self.seats)
        seats[position] = evolve(seats[position], ready=not seats[position].ready)
        return evolve(self, seats=tuple(seats))

    def start(self, uid: str, rng: Shuffler) -> Room:
        """The host starts once four players sit and all are ready; position 0 deals first."""
        self._member(uid)
        self._require_waiting()
        self._require_host(uid)
        if len(self.seats) < SEATS:
            raise BridgeError(Reason.NOT_ENOUGH_PLAYERS, f"A game needs {SEATS} players; {len(self.seats)} are seated.")
        if not all(seat.ready for seat in self.seats):
            raise BridgeError(Reason.NOT_ALL_READY, "Every player must be ready before the game starts.")
        return evolve(self, game=new_game(self.member_ids, self.settings, FIRST_DEALER, rng))

    def invite(self, uid: str, invitee: str) -> Room:
        """The host of a waiting room invites a player by uid (inviting twice changes nothing)."""
        self._require_host(uid)
        self._require_waiting()
        if invitee in self.invited or invitee in self.member_ids:
            return self
        if len(self.invited) >= MAX_INVITED:
            raise BridgeError(Reason.INVALID_ARGUMENT, f"A room holds at most {MAX_INVITED} invitations.")
        return evolve(self, invited=(*self.invited, invitee))

    def update_settings(self, uid: str, changes: dict[str, bool]) -> Room:
        """The host of a waiting room changes settings (validated by `Settings.parse_changes`)."""
        self._require_host(uid)
        self._require_waiting()
        return evolve(self, settings=self.settings.with_changes(changes))

    def rename(self, uid: str, display_name: str) -> Room:
        """A player's new name shows at their seat; an ended room keeps the names it ended with."""
        position = self._member(uid)
        if self.is_ended:
            return self
        seats = list(self.seats)
        seats[position] = evolve(seats[position], display_name=display_name)
        return evolve(self, seats=tuple(seats))

    # ----- game moves ----------------------------------------------------------------

    def _game_seat(self, uid: str) -> tuple[Game, int]:
        """The game in progress and the caller's position in it."""
        position = self._member(uid)
        if self.is_ended:
            raise BridgeError(Reason.GAME_ENDED, "The game in this room has ended.")
        if self.game is None:
            raise BridgeError(Reason.WRONG_PHASE, "The game has not started.")
        return self.game, position

    def place_bid(self, uid: str, call: Call, rng: Shuffler) -> Room:
        game, position = self._game_seat(uid)
        return evolve(self, game=game.place_bid(position, call, rng))

    def choose_partner(self, uid: str, card: Card) -> Room:
        game, position = self._game_seat(uid)
        return evolve(self, game=game.choose_partner(position, card))

    def play_card(self, uid: str, card: Card) -> Room:
        game, position = self._game_seat(uid)
        return evolve(self, game=game.play_card(position, card))
