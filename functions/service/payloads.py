"""Strict parsing of callable `data` into typed requests, before any Firestore access.

Unknown fields, missing fields, wrong types and bad card/bid/settings text are rejected
as `invalid-argument` with the matching reason.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from bridge import BridgeError, Call, Card, Reason, Settings, parse_call
from bridge.chat import message_text, plain_text
from bridge.deal import MAX_ALERT
from bridge.deal_seed import entropy_text
from bridge.event import Direction, Form, Spot
from bridge.option import SettingValue
from bridge.room import BOT_PREFIX

from .accounts import parse_display_name

# Firestore auto-ids are 20 alphanumerics; Auth uids at most 128 characters. Neither may hold '/'.
_ROOM_ID = re.compile(r"[A-Za-z0-9]{1,64}")
_UID = re.compile(r"[A-Za-z0-9_\-]{1,128}")
_REQUEST_ID = re.compile(r"[A-Za-z0-9_\-]{1,64}")
_BOT_UID = re.compile(re.escape(BOT_PREFIX) + r"[0-9]{1,6}")
_MAX_VERSION = 2**53


def _invalid(message: str) -> BridgeError:
    return BridgeError(Reason.INVALID_ARGUMENT, message)


def room_id(value: Any) -> str:
    if not isinstance(value, str) or not _ROOM_ID.fullmatch(value):
        raise _invalid("'roomID' must be a room id (1-64 letters and digits).")
    return value


def is_document_id(value: Any) -> bool:
    """Whether Firestore accepts `value` as a document id: a non-empty string of at most 1500
    UTF-8 bytes, without '/', not '.' or '..', and not of the reserved form `__…__`."""
    if not isinstance(value, str) or not value or "/" in value or value in (".", ".."):
        return False
    if len(value) >= 4 and value.startswith("__") and value.endswith("__"):
        return False
    try:
        return len(value.encode("utf-8")) <= 1500
    except UnicodeEncodeError:  # a lone surrogate, as JSON's "\ud800" decodes to
        return False


def uid(value: Any) -> str:
    if not isinstance(value, str) or not _UID.fullmatch(value) or not is_document_id(value):
        raise _invalid("'uid' must be a user id (1-128 letters, digits, '-' or '_').")
    return value


def bot_uid(value: Any) -> str:
    """A bot's uid (`~bot` and a number), or a user's (refused later as BOT_NOT_FOUND)."""
    if isinstance(value, str) and _BOT_UID.fullmatch(value):
        return value
    return uid(value)


def version(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < _MAX_VERSION:
        raise _invalid("'expectedVersion' must be a non-negative integer.")
    return value


def request_id(value: Any) -> str:
    """SPEC §8: 1-64 of `A-Z a-z 0-9 _ -`, fresh for each intended action."""
    if not isinstance(value, str) or not _REQUEST_ID.fullmatch(value):
        raise _invalid("'requestID' must be 1-64 letters, digits, '-' or '_'.")
    return value


#: The optional fields of every room-changing call (SPEC §4, §8).
_GUARDS: dict[str, Callable[[Any], Any]] = {"expectedVersion": version, "requestID": request_id}


class RoomMove(Protocol):
    """A request acting on one room."""

    @property
    def room_id(self) -> str: ...

    @property
    def expected_version(self) -> int | None: ...

    @property
    def request_id(self) -> str | None: ...


def _fields(data: Any, required: dict[str, Callable[[Any], Any]],
            optional: dict[str, Callable[[Any], Any]]) -> dict[str, Any]:
    """Parse an object with exactly the named fields; absent optional fields come back as None."""
    if data is None and not required:
        data = {}
    if not isinstance(data, dict):
        raise _invalid("The request data must be an object.")
    allowed = required | optional
    for name in data:
        if name not in allowed:
            raise _invalid(f"Unknown field; this call takes {', '.join(allowed) or 'no fields'}.")
    for name in required:
        if name not in data:
            raise _invalid(f"Missing field '{name}'.")
    return {name: (parse(data[name]) if name in data else None) for name, parse in allowed.items()}


@dataclass(frozen=True, slots=True)
class CreateRoom:
    settings: dict[str, SettingValue]
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> CreateRoom:
        fields = _fields(data, {}, {"settings": Settings.parse_changes, "requestID": request_id})
        return CreateRoom(fields["settings"] or {}, fields["requestID"])


@dataclass(frozen=True, slots=True)
class RoomAction:
    """joinGameRoom, leaveGameRoom and the like: a room and an optional expected version."""

    room_id: str
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> RoomAction:
        fields = _fields(data, {"roomID": room_id}, _GUARDS)
        return RoomAction(fields["roomID"], fields["expectedVersion"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class ToggleReady:
    """toggleReady: a room, and the entropy the caller adds to the next deal as they get ready (SPEC §16)."""

    room_id: str
    entropy: str | None
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> ToggleReady:
        fields = _fields(data, {"roomID": room_id}, {"entropy": entropy_text, **_GUARDS})
        return ToggleReady(fields["roomID"], fields["entropy"], fields["expectedVersion"], fields["requestID"])


#: The formats `exportDeals` writes.
EXPORT_FORMATS = ("pbn",)


def export_format(value: Any) -> str:
    if value not in EXPORT_FORMATS:
        raise _invalid(f"'format' must be one of {', '.join(EXPORT_FORMATS)}.")
    return str(value)


@dataclass(frozen=True, slots=True)
class ExportDeals:
    """exportDeals: a room and the format of its hand records (SPEC §16)."""

    room_id: str
    format: str

    @staticmethod
    def parse(data: Any) -> ExportDeals:
        fields = _fields(data, {"roomID": room_id, "format": export_format}, {})
        return ExportDeals(fields["roomID"], fields["format"])


@dataclass(frozen=True, slots=True)
class StartGame:
    """startGame acts on the caller's current room."""

    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> StartGame:
        fields = _fields(data, {}, _GUARDS)
        return StartGame(fields["expectedVersion"], fields["requestID"])


def alert(value: Any) -> str:
    """SPEC §15: the explanation of a call (`plain_text`, at most `MAX_ALERT` characters)."""
    return plain_text(value, "alert", MAX_ALERT)


@dataclass(frozen=True, slots=True)
class PlaceBid:
    room_id: str
    call: Call
    alert: str | None
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> PlaceBid:
        fields = _fields(data, {"roomID": room_id, "bid": parse_call}, {"alert": alert, **_GUARDS})
        return PlaceBid(fields["roomID"], fields["bid"], fields["alert"], fields["expectedVersion"],
                        fields["requestID"])


@dataclass(frozen=True, slots=True)
class CardAction:
    """chooseTeammate and playCard: a room and a card."""

    room_id: str
    card: Card
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> CardAction:
        fields = _fields(data, {"roomID": room_id, "card": Card.parse}, _GUARDS)
        return CardAction(fields["roomID"], fields["card"], fields["expectedVersion"], fields["requestID"])


def tricks(value: Any) -> int:
    """A number of tricks, 0-13 (whether that many are left is the engine's rule)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise _invalid("'tricks' must be a whole number of tricks, 0-13.")
    return value


def accept(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _invalid("'accept' must be true or false.")
    return value


@dataclass(frozen=True, slots=True)
class Claim:
    """claim (SPEC §15): a room and the tricks the declarer's side will take of those left."""

    room_id: str
    tricks: int
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> Claim:
        fields = _fields(data, {"roomID": room_id, "tricks": tricks}, _GUARDS)
        return Claim(fields["roomID"], fields["tricks"], fields["expectedVersion"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class Answer:
    """respondClaim, respondUndo (SPEC §15): a room and the answer."""

    room_id: str
    accept: bool
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> Answer:
        fields = _fields(data, {"roomID": room_id, "accept": accept}, _GUARDS)
        return Answer(fields["roomID"], fields["accept"], fields["expectedVersion"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class RoomTarget:
    """inviteToRoom, removeBot, kickPlayer: a room and the uid the host acts on."""

    room_id: str
    target: str
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any, target: Callable[[Any], str] = uid) -> RoomTarget:
        """`target` parses the `uid` field: a user's uid, or also a bot's (`bot_uid`)."""
        fields = _fields(data, {"roomID": room_id, "uid": target}, _GUARDS)
        return RoomTarget(fields["roomID"], fields["uid"], fields["expectedVersion"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class SendMessage:
    room_id: str
    text: str
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> SendMessage:
        fields = _fields(data, {"roomID": room_id, "text": message_text}, {"requestID": request_id})
        return SendMessage(fields["roomID"], fields["text"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class UpdateSettings:
    room_id: str
    changes: dict[str, SettingValue]
    expected_version: int | None
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> UpdateSettings:
        fields = _fields(data, {"roomID": room_id, "settings": Settings.parse_changes}, _GUARDS)
        return UpdateSettings(fields["roomID"], fields["settings"], fields["expectedVersion"], fields["requestID"])


@dataclass(frozen=True, slots=True)
class UpdateProfile:
    display_name: str
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> UpdateProfile:
        fields = _fields(data, {"displayName": parse_display_name}, {"requestID": request_id})
        return UpdateProfile(fields["displayName"], fields["requestID"])


# ----- duplicate events (docs/DUPLICATE.md) ----------------------------------------------------


def event_id(value: Any) -> str:
    if not isinstance(value, str) or not _ROOM_ID.fullmatch(value):
        raise _invalid("'eventID' must be an event id (1-64 letters and digits).")
    return value


def _choice(name: str, allowed: tuple[str, ...]) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if value not in allowed:
            raise _invalid(f"'{name}' is one of {', '.join(allowed)}.")
        return str(value)
    return parse


def _count(name: str, low: int, high: int) -> Callable[[Any], int]:
    def parse(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _invalid(f"'{name}' must be a whole number, {low}-{high}.")
        return value
    return parse


def _boolean(name: str) -> Callable[[Any], bool]:
    def parse(value: Any) -> bool:
        if not isinstance(value, bool):
            raise _invalid(f"'{name}' must be true or false.")
        return value
    return parse


def _uids(value: Any) -> tuple[str, ...]:
    """A list of user ids. How many an event may invite is the event's rule (INVALID_EVENT,
    `Event.create`), checked after the request is parsed; the request's size bounds the list."""
    if not isinstance(value, list):
        raise _invalid("'invited' must be a list of user ids.")
    return tuple(uid(item) for item in value)


def _turn_seconds(value: Any) -> int:
    """As the `turnSeconds` room setting: 0 (no timer) or 10-600 (INVALID_SETTINGS otherwise)."""
    seconds = Settings.parse_changes({"turnSeconds": value})["turnSeconds"]
    assert isinstance(seconds, int)
    return seconds


@dataclass(frozen=True, slots=True)
class CreateEvent:
    form: Form
    boards: int
    tables: int | None
    boards_per_round: int | None
    invite_only: bool
    invited: tuple[str, ...]
    turn_seconds: int
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> CreateEvent:
        fields = _fields(data, {"form": _choice("form", tuple(f.value for f in Form)),
                                "boards": _count("boards", 1, 1000)},
                         {"tables": _count("tables", 1, 1000), "boardsPerRound": _count("boardsPerRound", 1, 1000),
                          "inviteOnly": _boolean("inviteOnly"), "invited": _uids, "turnSeconds": _turn_seconds,
                          "requestID": request_id})
        return CreateEvent(Form(fields["form"]), fields["boards"], fields["tables"], fields["boardsPerRound"],
                           bool(fields["inviteOnly"]), fields["invited"] or (), fields["turnSeconds"] or 0,
                           fields["requestID"])


@dataclass(frozen=True, slots=True)
class EventSpot:
    """joinEventTable, addEventBot: an event and a spot (the pair's starting table, its
    direction and the seat in the pair)."""

    event_id: str
    spot: Spot
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> EventSpot:
        fields = _fields(data, {"eventID": event_id, "table": _count("table", 0, 1000),
                                "direction": _choice("direction", tuple(d.value for d in Direction)),
                                "seat": _count("seat", 0, 1)}, {"requestID": request_id})
        spot = Spot(Direction(fields["direction"]), fields["table"], fields["seat"])
        return EventSpot(fields["eventID"], spot, fields["requestID"])


@dataclass(frozen=True, slots=True)
class EventAction:
    """startEvent, leaveEvent: an event."""

    event_id: str
    request_id: str | None

    @staticmethod
    def parse(data: Any) -> EventAction:
        fields = _fields(data, {"eventID": event_id}, {"requestID": request_id})
        return EventAction(fields["eventID"], fields["requestID"])
