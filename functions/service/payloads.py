"""Each callable's request (`data`), declared once (`bridge.request`): the fields it takes, the
value each takes on the wire and the typed value the callable gets.

`Request.parse` checks a call's data before any Firestore access: unknown, missing and malformed
fields are INVALID_ARGUMENT, bad cards, calls and settings their own reasons. scripts/export-schema
writes each request's JSON Schema into docs/schema.json, from which the web client's types are
generated. Which callable takes which request is `endpoint.takes`'s, on each handler.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from bridge import Call, Card, parse_call
from bridge.bids import DOUBLE, MAX_LEVEL, PASS, REDOUBLE, Strain
from bridge.cards import Rank, Suit
from bridge.chat import MESSAGE, plain
from bridge.deal import MAX_ALERT
from bridge.deal_seed import ENTROPY
from bridge.event import Direction, Form, Spot
from bridge.option import SettingValue
from bridge.request import Request, Value, flag, list_of, matching, one_of, request, whole, wire
from bridge.room import BOT_PREFIX
from bridge.settings import BOT_LEVEL, CHANGES, TURN_SECONDS
from bridge.tournament import GAMES, FieldScoring

from .accounts import MAX_DISPLAY_NAME, parse_display_name

# Firestore auto-ids are 20 alphanumerics; Auth uids at most 128 characters. Neither may hold '/'.
ROOM_ID = matching(r"[A-Za-z0-9]{1,64}", "'roomID' must be a room id (1-64 letters and digits).")
EVENT_ID = matching(r"[A-Za-z0-9]{1,64}", "'eventID' must be an event id (1-64 letters and digits).")
#: A user id that can name a document (`is_document_id`: not of the reserved form `__…__`).
_UID = r"(?!__.*__$)[A-Za-z0-9_-]{1,128}"
_UID_MESSAGE = "'uid' must be a user id (1-128 letters, digits, '-' or '_')."
UID = matching(_UID, _UID_MESSAGE)
#: A bot's uid (`~bot` and a number), or a user's (refused later as BOT_NOT_FOUND).
USER_OR_BOT_UID = matching(f"{BOT_PREFIX}[0-9]{{1,6}}|{_UID}", _UID_MESSAGE)
#: A room's `version`: Firestore and JSON numbers are exact up to 2**53.
VERSION = whole(0, 2**53 - 1, "'expectedVersion' must be a non-negative integer.")
#: SPEC §8: 1-64 of `A-Z a-z 0-9 _ -`, fresh for each intended action.
REQUEST_ID = matching(r"[A-Za-z0-9_-]{1,64}", "'requestID' must be 1-64 letters, digits, '-' or '_'.")
#: A card, rank then suit (`QH`); anything else is INVALID_CARD.
CARD = Value(Card.parse, {"type": "string",
                          "pattern": f"^(?:[{''.join(r.letter for r in Rank)}][{''.join(s.letter for s in Suit)}])$"})
#: A call: `PASS`, `X`, `XX` or a level and strain (`3NT`); anything else is INVALID_BID. Whether
#: the game allows it is the auction's rule.
BID = Value(parse_call, {"type": "string", "pattern": f"^(?:{PASS}|{DOUBLE}|{REDOUBLE}|[1-{MAX_LEVEL}]"
                                                      f"(?:{'|'.join(strain.code for strain in Strain)}))$"})
#: SPEC §15: the explanation of a call.
ALERT = plain("alert", MAX_ALERT)
#: SPEC §14: a display name (`parse_display_name`).
DISPLAY_NAME = Value(parse_display_name, {
    "type": "string", "minLength": 1,
    "description": f"1-{MAX_DISPLAY_NAME} characters, not counting spaces around it; no control or format characters."})
#: A number of tricks (whether that many are left is the engine's rule).
TRICKS = whole(0, 13, "'tricks' must be a whole number of tricks, 0-13.")


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


class RoomMove(Protocol):
    """A request acting on one room."""

    @property
    def room_id(self) -> str: ...

    @property
    def expected_version(self) -> int | None: ...

    @property
    def request_id(self) -> str | None: ...


@request
class Resendable(Request):
    """`requestID` makes a resent action harmless (SPEC §8)."""

    request_id: str | None = wire("requestID", REQUEST_ID, default=None)


@request
class Guards(Resendable):
    """Optional on every room-changing call: reject unless the room is at `expectedVersion`
    (STALE_STATE); `requestID` makes a resent action harmless (SPEC §8)."""

    expected_version: int | None = wire("expectedVersion", VERSION, default=None)


@request
class CreateGameRoomRequest(Resendable):
    """createGameRoom: the new room's settings, where they differ from the defaults."""

    settings: Mapping[str, SettingValue] | None = wire("settings", CHANGES, default=None)


@request
class RoomRequest(Guards):
    """joinGameRoom, leaveGameRoom, requestUndo, addBot, claimTimeout, watchRoom, stopWatching:
    the room."""

    room_id: str = wire("roomID", ROOM_ID)


@request
class ToggleReadyRequest(Guards):
    """toggleReady: `entropy` (1-64 characters, public) goes into the next deal's dealing when
    the call gets the caller ready (SPEC §16)."""

    room_id: str = wire("roomID", ROOM_ID)
    entropy: str | None = wire("entropy", ENTROPY, default=None)


@request
class ExportDealsRequest(Request):
    """exportDeals (SPEC §16): the room whose finished deals to export, and the format (`pbn`)."""

    room_id: str = wire("roomID", ROOM_ID)
    format: str = wire("format", one_of(("pbn",), "'format' must be one of pbn."))


@request
class StartGameRequest(Guards):
    """startGame: the caller's current room."""


@request
class PlaceBidRequest(Guards):
    """placeBid: the call, and in the games with alerts the caller's explanation of it."""

    room_id: str = wire("roomID", ROOM_ID)
    call: Call = wire("bid", BID)
    alert: str | None = wire("alert", ALERT, default=None)


@request
class CardRequest(Guards):
    """chooseTeammate, playCard: the card named or played."""

    room_id: str = wire("roomID", ROOM_ID)
    card: Card = wire("card", CARD)


@request
class ClaimRequest(Guards):
    """claim (SPEC §15): the tricks the declarer's side will take of those left."""

    room_id: str = wire("roomID", ROOM_ID)
    tricks: int = wire("tricks", TRICKS)


@request
class RespondRequest(Guards):
    """respondClaim, respondUndo (SPEC §15): the answer."""

    room_id: str = wire("roomID", ROOM_ID)
    accept: bool = wire("accept", flag("'accept' must be true or false."))


@request
class InviteToRoomRequest(Guards):
    """inviteToRoom: the user the host invites."""

    room_id: str = wire("roomID", ROOM_ID)
    target: str = wire("uid", UID)


@request
class RemoveRequest(Guards):
    """removeBot, kickPlayer: the bot, player or spectator the host removes."""

    room_id: str = wire("roomID", ROOM_ID)
    target: str = wire("uid", USER_OR_BOT_UID)


@request
class SendMessageRequest(Resendable):
    """sendMessage (SPEC §13): the text, stored trimmed."""

    room_id: str = wire("roomID", ROOM_ID)
    text: str = wire("text", MESSAGE)


@request
class UpdateRoomSettingsRequest(Guards):
    """updateRoomSettings: the settings to change."""

    room_id: str = wire("roomID", ROOM_ID)
    changes: Mapping[str, SettingValue] = wire("settings", CHANGES)


@request
class UpdateProfileRequest(Resendable):
    """updateProfile (SPEC §14): the caller's new display name, stored trimmed."""

    display_name: str = wire("displayName", DISPLAY_NAME)


# ----- duplicate events (docs/DUPLICATE.md) ----------------------------------------------------


def _count(name: str, low: int, high: int) -> Value[int]:
    return whole(low, high, f"'{name}' must be a whole number, {low}-{high}.")


@request
class CreateEventRequest(Resendable):
    """createEvent: `form` and `boards`; pairs also `tables` (3-8) and `boardsPerRound` (1-4).
    What sizes make an event is the event's rule (INVALID_EVENT), as is how many it may invite.
    `turnSeconds` and `botLevel` are every table's settings of those names, and take what the
    settings take (INVALID_SETTINGS)."""

    form: Form = wire("form", one_of(tuple(Form), f"'form' is one of {', '.join(Form)}."))
    boards: int = wire("boards", _count("boards", 1, 1000))
    tables: int | None = wire("tables", _count("tables", 1, 1000), default=None)
    boards_per_round: int | None = wire("boardsPerRound", _count("boardsPerRound", 1, 1000), default=None)
    invite_only: bool = wire("inviteOnly", flag("'inviteOnly' must be true or false."), default=False)
    invited: tuple[str, ...] = wire("invited", list_of(UID, "'invited' must be a list of user ids."), default=())
    turn_seconds: int = wire("turnSeconds", TURN_SECONDS, default=0)
    bot_level: str = wire("botLevel", BOT_LEVEL, default="basic")


@request
class EventSpotRequest(Resendable):
    """joinEventTable, addEventBot: the spot is pair `table` (the table it starts at, from 0) of
    `direction`, seat 0 (North or East) or 1 (South or West)."""

    event_id: str = wire("eventID", EVENT_ID)
    table: int = wire("table", _count("table", 0, 1000))
    direction: Direction = wire("direction", one_of(tuple(Direction), f"'direction' is one of {', '.join(Direction)}."))
    seat: int = wire("seat", _count("seat", 0, 1))

    @property
    def spot(self) -> Spot:
        return Spot(self.direction, self.table, self.seat)


@request
class EventRequest(Resendable):
    """startEvent, leaveEvent: the event."""

    event_id: str = wire("eventID", EVENT_ID)


# ----- robot tournaments (docs/TOURNAMENTS.md) -------------------------------------------------

TOURNAMENT_ID = matching(r"[A-Za-z0-9]{1,64}", "'tournamentID' must be a tournament id (1-64 letters and digits).")


@request
class CreateTournamentRequest(Resendable):
    """createTournament: a friends' tournament of `game` scored by `scoring` over `boards` boards,
    open from now for `minutes`, its bots at `botLevel`; `invited`: who may enter besides the
    creator (empty: anyone signed in). Which games, scorings, sizes and windows make a tournament
    is the tournament's rule (INVALID_TOURNAMENT)."""

    game: str = wire("game", one_of(tuple(GAMES), f"'game' is one of {', '.join(GAMES)}."))
    scoring: FieldScoring = wire("scoring", one_of(tuple(FieldScoring),
                                                   f"'scoring' is one of {', '.join(FieldScoring)}."))
    boards: int = wire("boards", _count("boards", 1, 1000))
    minutes: int = wire("minutes", _count("minutes", 1, 100_000))
    bot_level: str = wire("botLevel", BOT_LEVEL, default="basic")
    invited: tuple[str, ...] = wire("invited", list_of(UID, "'invited' must be a list of user ids."), default=())


@request
class TournamentRequest(Resendable):
    """enterTournament, leaveTournament: the tournament."""

    tournament_id: str = wire("tournamentID", TOURNAMENT_ID)
