"""One exception family for every broken rule, each carrying a SPEC §7 reason."""
from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Stable upper-case codes clients switch on (SPEC §7 `details.reason`)."""

    UNAUTHENTICATED = "UNAUTHENTICATED"
    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    INVALID_CARD = "INVALID_CARD"
    INVALID_BID = "INVALID_BID"
    INVALID_SETTINGS = "INVALID_SETTINGS"
    ROOM_NOT_FOUND = "ROOM_NOT_FOUND"
    PLAYER_NOT_FOUND = "PLAYER_NOT_FOUND"
    ACCOUNT_EXISTS = "ACCOUNT_EXISTS"
    NOT_IN_ROOM = "NOT_IN_ROOM"
    NOT_HOST = "NOT_HOST"
    NOT_INVITED = "NOT_INVITED"
    NOT_DECLARER = "NOT_DECLARER"
    ALREADY_IN_ROOM = "ALREADY_IN_ROOM"
    ROOM_FULL = "ROOM_FULL"
    GAME_STARTED = "GAME_STARTED"
    GAME_ENDED = "GAME_ENDED"
    NOT_ALL_READY = "NOT_ALL_READY"
    NOT_ENOUGH_PLAYERS = "NOT_ENOUGH_PLAYERS"
    WRONG_PHASE = "WRONG_PHASE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    BID_TOO_LOW = "BID_TOO_LOW"
    CANNOT_DOUBLE = "CANNOT_DOUBLE"
    CANNOT_REDOUBLE = "CANNOT_REDOUBLE"
    OWN_CARD = "OWN_CARD"
    CARD_NOT_DEALT = "CARD_NOT_DEALT"
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    MUST_FOLLOW_SUIT = "MUST_FOLLOW_SUIT"
    TRUMP_NOT_BROKEN = "TRUMP_NOT_BROKEN"
    CONTENTION = "CONTENTION"
    STALE_STATE = "STALE_STATE"
    UNAVAILABLE = "UNAVAILABLE"
    NO_FREE_SEAT = "NO_FREE_SEAT"
    BOT_NOT_FOUND = "BOT_NOT_FOUND"
    TURN_NOT_EXPIRED = "TURN_NOT_EXPIRED"
    KICKED = "KICKED"
    CHAT_DISABLED = "CHAT_DISABLED"
    RATE_LIMITED = "RATE_LIMITED"
    APP_CHECK_REQUIRED = "APP_CHECK_REQUIRED"
    EVENT_NOT_FOUND = "EVENT_NOT_FOUND"
    INVALID_EVENT = "INVALID_EVENT"
    NOT_DIRECTOR = "NOT_DIRECTOR"
    NOT_IN_EVENT = "NOT_IN_EVENT"
    SEAT_TAKEN = "SEAT_TAKEN"
    EVENT_STARTED = "EVENT_STARTED"
    EVENT_ENDED = "EVENT_ENDED"
    EVENT_TABLE = "EVENT_TABLE"
    TOO_MANY_EVENTS = "TOO_MANY_EVENTS"
    CLAIM_PENDING = "CLAIM_PENDING"
    CLAIM_REJECTED = "CLAIM_REJECTED"
    NO_CLAIM = "NO_CLAIM"
    NOT_OPPONENT = "NOT_OPPONENT"
    ALREADY_ANSWERED = "ALREADY_ANSWERED"
    UNDO_DISABLED = "UNDO_DISABLED"
    NOTHING_TO_UNDO = "NOTHING_TO_UNDO"
    UNDO_NOT_ALLOWED = "UNDO_NOT_ALLOWED"
    UNDO_PENDING = "UNDO_PENDING"
    NO_UNDO = "NO_UNDO"
    TOURNAMENT_NOT_FOUND = "TOURNAMENT_NOT_FOUND"
    INVALID_TOURNAMENT = "INVALID_TOURNAMENT"
    TOURNAMENT_NOT_OPEN = "TOURNAMENT_NOT_OPEN"
    ALREADY_ENTERED = "ALREADY_ENTERED"
    NOT_ENTERED = "NOT_ENTERED"
    TOO_MANY_TOURNAMENTS = "TOO_MANY_TOURNAMENTS"

    @property
    def status(self) -> str:
        """The callable error code (`invalid-argument`, …) this reason belongs to."""
        return _STATUS[self]


_STATUS: dict[Reason, str] = {
    Reason.UNAUTHENTICATED: "unauthenticated",
    Reason.APP_CHECK_REQUIRED: "unauthenticated",
    **{r: "invalid-argument" for r in (
        Reason.INVALID_ARGUMENT, Reason.INVALID_CARD, Reason.INVALID_BID, Reason.INVALID_SETTINGS,
        Reason.INVALID_EVENT, Reason.INVALID_TOURNAMENT)},
    Reason.EVENT_NOT_FOUND: "not-found",
    Reason.TOURNAMENT_NOT_FOUND: "not-found",
    Reason.ROOM_NOT_FOUND: "not-found",
    Reason.PLAYER_NOT_FOUND: "not-found",
    Reason.BOT_NOT_FOUND: "not-found",
    Reason.ACCOUNT_EXISTS: "already-exists",
    **{r: "permission-denied" for r in (
        Reason.NOT_IN_ROOM, Reason.NOT_HOST, Reason.NOT_INVITED, Reason.NOT_DECLARER, Reason.KICKED,
        Reason.NOT_DIRECTOR, Reason.NOT_IN_EVENT, Reason.NOT_OPPONENT, Reason.NOT_ENTERED)},
    **{r: "failed-precondition" for r in (
        Reason.ALREADY_IN_ROOM, Reason.ROOM_FULL, Reason.GAME_STARTED, Reason.GAME_ENDED,
        Reason.NOT_ALL_READY, Reason.NOT_ENOUGH_PLAYERS, Reason.WRONG_PHASE, Reason.NOT_YOUR_TURN,
        Reason.BID_TOO_LOW, Reason.CANNOT_DOUBLE, Reason.CANNOT_REDOUBLE, Reason.OWN_CARD, Reason.CARD_NOT_DEALT,
        Reason.CARD_NOT_IN_HAND,
        Reason.MUST_FOLLOW_SUIT, Reason.TRUMP_NOT_BROKEN, Reason.NO_FREE_SEAT, Reason.TURN_NOT_EXPIRED,
        Reason.CHAT_DISABLED, Reason.SEAT_TAKEN, Reason.EVENT_STARTED, Reason.EVENT_ENDED, Reason.EVENT_TABLE,
        Reason.CLAIM_PENDING, Reason.CLAIM_REJECTED, Reason.NO_CLAIM, Reason.ALREADY_ANSWERED, Reason.UNDO_DISABLED,
        Reason.NOTHING_TO_UNDO, Reason.UNDO_NOT_ALLOWED, Reason.UNDO_PENDING, Reason.NO_UNDO,
        Reason.TOURNAMENT_NOT_OPEN, Reason.ALREADY_ENTERED)},
    Reason.RATE_LIMITED: "resource-exhausted",
    Reason.TOO_MANY_EVENTS: "resource-exhausted",
    Reason.TOO_MANY_TOURNAMENTS: "resource-exhausted",
    Reason.CONTENTION: "aborted",
    Reason.STALE_STATE: "aborted",
    Reason.UNAVAILABLE: "unavailable",
}


class BridgeError(Exception):
    """A request broke a rule. `reason` is the SPEC §7 code; the message names the rule.

    Messages only ever mention cards the caller supplied or public facts (the led
    suit, the trump suit), never another player's cards. `retry_after` (RATE_LIMITED): the
    seconds after which the same call will be taken, for the client (`details.retryAfter`).
    """

    def __init__(self, reason: Reason, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.retry_after = retry_after

    @property
    def status(self) -> str:
        return self.reason.status

    def __repr__(self) -> str:
        return f"BridgeError({self.reason.value}: {self.message})"
