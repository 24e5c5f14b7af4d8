"""What the adversarial tests share: the SPEC §7 error table, a check that a raw callable
response is a clean SPEC error, card patterns, and a barrier-started race of HTTP calls."""
from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

import httpx

from tests import client

CALLABLES = ("createGameRoom", "joinGameRoom", "leaveGameRoom", "toggleReady", "startGame", "placeBid",
             "chooseTeammate", "playCard", "claim", "respondClaim", "requestUndo", "respondUndo", "inviteToRoom",
             "updateRoomSettings", "updateProfile", "addBot", "removeBot", "claimTimeout", "watchRoom", "stopWatching",
             "kickPlayer", "sendMessage", "exportDeals")

#: SPEC §7: wire status -> the `details.reason` values it may carry.
SPEC_REASONS: dict[str, set[str]] = {
    "UNAUTHENTICATED": {"UNAUTHENTICATED"},
    "INVALID_ARGUMENT": {"INVALID_ARGUMENT", "INVALID_CARD", "INVALID_BID", "INVALID_SETTINGS"},
    "NOT_FOUND": {"ROOM_NOT_FOUND", "PLAYER_NOT_FOUND", "BOT_NOT_FOUND"},
    "ALREADY_EXISTS": {"ACCOUNT_EXISTS"},
    "PERMISSION_DENIED": {"NOT_IN_ROOM", "NOT_HOST", "NOT_INVITED", "NOT_DECLARER", "KICKED", "NOT_OPPONENT"},
    "FAILED_PRECONDITION": {"ALREADY_IN_ROOM", "ROOM_FULL", "GAME_STARTED", "GAME_ENDED", "NOT_ALL_READY",
                            "NOT_ENOUGH_PLAYERS", "WRONG_PHASE", "NOT_YOUR_TURN", "BID_TOO_LOW", "OWN_CARD",
                            "CARD_NOT_DEALT", "CARD_NOT_IN_HAND", "MUST_FOLLOW_SUIT", "TRUMP_NOT_BROKEN",
                            "NO_FREE_SEAT", "TURN_NOT_EXPIRED", "CHAT_DISABLED", "CANNOT_DOUBLE",
                            "CANNOT_REDOUBLE", "CLAIM_PENDING", "NO_CLAIM", "ALREADY_ANSWERED", "UNDO_DISABLED",
                            "NOTHING_TO_UNDO", "UNDO_NOT_ALLOWED", "UNDO_PENDING", "NO_UNDO"},
    "RESOURCE_EXHAUSTED": {"RATE_LIMITED"},
    "ABORTED": {"CONTENTION", "STALE_STATE"},
    "UNAVAILABLE": {"UNAVAILABLE"},
}
#: The HTTP status of each callable error code (the callable protocol's mapping).
HTTP_STATUS = {"UNAUTHENTICATED": 401, "INVALID_ARGUMENT": 400, "NOT_FOUND": 404, "ALREADY_EXISTS": 409,
               "PERMISSION_DENIED": 403, "FAILED_PRECONDITION": 400, "ABORTED": 409, "UNAVAILABLE": 503,
               "RESOURCE_EXHAUSTED": 429}

RANKS, SUITS = "23456789TJQKA", "CDHS"
DECK = tuple(r + s for s in SUITS for r in RANKS)
#: A card's text standing alone in a message ("You do not hold QS.").
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")


def clean_error(response: httpx.Response, sent: str = "") -> tuple[str, str, str]:
    """Assert `response` is a SPEC §7 callable error: a 4xx JSON body `{"error": {status,
    message, details: {reason}}}`, the reason one of its status's, never INTERNAL. Returns
    (status, reason, message)."""
    where = f"{sent} -> {response.status_code} {response.text[:300]!r}"
    assert 400 <= response.status_code < 500, f"not a client error: {where}"
    try:
        body = response.json()
    except ValueError:
        raise AssertionError(f"not JSON: {where}") from None
    assert isinstance(body, dict) and set(body) == {"error"}, where
    error = body["error"]
    assert isinstance(error, dict), where
    status, message, details = error.get("status"), error.get("message"), error.get("details")
    assert status in SPEC_REASONS, f"status {status!r} is not a SPEC §7 code: {where}"
    assert isinstance(details, dict) and details.get("reason") in SPEC_REASONS[status], \
        f"reason {details!r} does not belong to {status}: {where}"
    assert response.status_code == HTTP_STATUS[status], where
    assert isinstance(message, str) and message.strip(), f"no readable message: {where}"
    return status, details["reason"], message


@dataclass
class Outcome:
    """One racer's result: `result` when the call succeeded, else `error`; when it started and
    finished (`time.perf_counter`)."""

    result: Any = None
    error: client.CallError | None = None
    started: float = 0.0
    finished: float = 0.0

    @property
    def seconds(self) -> float:
        return self.finished - self.started

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def reason(self) -> str | None:
        return self.error.reason if self.error else None

    def __repr__(self) -> str:
        return f"ok({self.result!r})" if self.ok else f"{self.error.code}/{self.error.reason}"


def race(*calls: Callable[[], Any]) -> list[Outcome]:
    """Run the calls on their own threads, released together by a barrier; their outcomes in order.
    Anything but a callable's rejection (a protocol error, a crash) propagates."""
    barrier = threading.Barrier(len(calls))

    def run(call: Callable[[], Any]) -> Outcome:
        barrier.wait()
        started = time.perf_counter()
        try:
            result = call()
        except client.CallError as error:
            return Outcome(error=error, started=started, finished=time.perf_counter())
        return Outcome(result=result, started=started, finished=time.perf_counter())

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def start_workers(function: str, count: int) -> None:
    """At least `count` workers of `function` up in the Functions emulator, before a `held_race`
    of that many calls of it: `count` calls at once, each refused before it reads anything (no
    ID token). A call that finds none of its function's workers idle gets a new one, which takes
    a second or more to start; started beforehand, each racer is in a worker of its own and reads
    at once, well inside the hold."""
    for outcome in race(*[partial(client.call, function, {}, None)] * count):
        assert outcome.reason == "UNAUTHENTICATED", f"{function} without a token: {outcome}"


#: How long `held_race` holds the documents its racers write.
HOLD_SECONDS = 1.0


def held_race(paths: list[str], *calls: Callable[[], Any]) -> list[Outcome]:
    """`race`, with the documents at `paths` held (`client.admin_holding`) for `HOLD_SECONDS`
    after the racers are sent: the race is certain, not a matter of timing. Each racer reads the
    state as it was, and none can commit before the hold ends: every racer must have started
    before the release and finish after it (one that finished inside the hold did not race).
    Times are compared as instants, not durations: the racers start a little after the hold's
    clock does, on a thread of their own."""
    with ThreadPoolExecutor(1) as pool:
        with client.admin_holding(paths):
            pending = pool.submit(race, *calls)
            time.sleep(HOLD_SECONDS)
            assert not pending.done(), f"a racer finished while {paths} were held"
            released = time.perf_counter()
        outcomes = pending.result()
    assert all(o.started < released < o.finished for o in outcomes), \
        f"a racer was not held: {[(o, o.started - released, o.finished - released) for o in outcomes]}"
    return outcomes


# ---- whole-database invariants -------------------------------------------------------------------

def assert_consistent(documents: dict[str, dict] | None = None) -> None:
    """Everything the backend keeps in step, checked over every document (`database()`):

    - a room's seats are positions 0…n-1 in order, with distinct uids equal to `memberIDs`, n ≤ 4;
    - a room that has dealt seals a hand for each person of its `seating` (a bot: none), which
      their key opens to as many cards as the room's `handSizes` says; a key exists only under an
      existing room;
    - an account's `roomID` names an existing room that seats the account;
    - every member of a room that has not ended points at it, so nobody sits in two such rooms.
    """
    from tests.table import database

    documents = database() if documents is None else documents
    rooms = {path: doc for path, doc in documents.items() if path.count("/") == 1 and path.startswith("rooms/")}
    accounts = {path.split("/", 1)[1]: doc for path, doc in documents.items()
                if path.count("/") == 1 and path.startswith("players/")}
    problems: list[str] = []
    for path, room in rooms.items():
        uids = [p["uid"] for p in room["players"]]
        if [p["position"] for p in room["players"]] != list(range(len(uids))):
            problems.append(f"{path}: positions {[p['position'] for p in room['players']]}")
        if len(set(uids)) != len(uids) or len(uids) > 4 or uids != room["memberIDs"]:
            problems.append(f"{path}: players {uids} memberIDs {room['memberIDs']}")
        seating = room.get("seating") or []
        seals = room.get("sealedHands") or []
        if len(seals) != len(seating) or (room["status"] in ("bidding", "choosingTeammate", "playing") \
                and len(seating) != 4):
            problems.append(f"{path}: {room['status']} with {len(seals)} seals for seating {seating}")
        for position, (uid, seal) in enumerate(zip(seating, seals, strict=False)):
            key = documents.get(f"{path}/keys/{uid}")
            if uid.startswith("~"):  # a bot: no hand sealed, no key
                if seal is not None or key is not None:
                    problems.append(f"{path}: the bot at {position} has a seal or a key")
            elif seal is None or key is None:
                problems.append(f"{path}: {uid} at {position} has no seal or no key")
            elif len(cards := client.open_hand(seal, key["key"])["cards"]) != room["handSizes"][position]:
                problems.append(f"{path}: {uid}'s hand holds {len(cards)} cards, room says {room['handSizes']}")
        for uid in uids:
            if room["status"] != "ended" and (accounts.get(uid) or {}).get("roomID") != path.split("/")[1]:
                problems.append(f"{path}: member {uid} has account roomID {(accounts.get(uid) or {}).get('roomID')!r}")
    for path in documents:
        parts = path.split("/")
        if len(parts) == 4 and parts[0] == "rooms" and parts[2] == "keys" and f"rooms/{parts[1]}" not in rooms:
            problems.append(f"{path}: a key of a room that does not exist")
    for uid, account in accounts.items():
        room_id = account.get("roomID")
        if room_id is not None:
            room = rooms.get(f"rooms/{room_id}")
            if room is None or uid not in room["memberIDs"]:
                problem = "does not exist" if room is None else "does not seat it"
                problems.append(f"players/{uid}: roomID {room_id} {problem}")
    assert not problems, "inconsistent documents:\n  " + "\n  ".join(problems)
