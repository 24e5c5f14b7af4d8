"""Safe retries (SPEC §8): what each player's recent actions answered, by request id.

A client names each intended action with a `requestID` and resends that id only with the same
action. The server keeps, in the server-only document `requestLog/{uid}`, the actions of that
player that were applied: per room, the last `CLIENT_IDS_PER_ROOM` client request ids (and the
last `SERVER_IDS_PER_ROOM` ids the server made for calls sent without one), each with a
fingerprint of the action and the answer it got, for the `ROOMS_KEPT` rooms acted in last.

The entry is written in the same commit as the action itself, so "the action was applied" and
"its id is in the log" are one fact. A call first reads the log: an id already there is answered
with the recorded answer and changes nothing; an id there for another action is
`INVALID_ARGUMENT`. That also lets the server find out whether a commit whose outcome it did not
learn (a deadline, an unavailable backend) landed: it reads the log again (`store.run_action`).
"""
from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

from bridge import BridgeError, Reason

COLLECTION = "requestLog"
CLIENT_IDS_PER_ROOM = 8
SERVER_IDS_PER_ROOM = 4
ROOMS_KEPT = 4

#: Ids the server makes start with a character a client's ids cannot hold (SPEC §8 allows
#: `A-Z a-z 0-9 _ -`), so the two never meet.
_SERVER_PREFIX = "~"


@dataclass(frozen=True, slots=True)
class Action:
    """One intended action: a player calling a function with some data, named by a request id."""

    uid: str
    request_id: str
    from_client: bool
    fingerprint: str  # the function and its data (without `requestID`), hashed

    @staticmethod
    def of(uid: str, function: str, data: Any, request_id: str | None) -> Action:
        """The action of a call; a call without a `requestID` gets a fresh id of the server's."""
        rest = {name: value for name, value in data.items() if name != "requestID"} if isinstance(data, dict) else data
        canonical = json.dumps([function, rest], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        fingerprint = hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        if request_id is None:
            return Action(uid, _SERVER_PREFIX + secrets.token_urlsafe(12), False, fingerprint)
        return Action(uid, request_id, True, fingerprint)


@dataclass(frozen=True, slots=True)
class Recorded:
    """The answer an action got when it was applied."""

    answer: Any


def recorded_answer(log: dict[str, Any] | None, action: Action) -> Recorded | None:
    """The answer `action` got if it was already applied, else None.

    A request id that was applied for a different action is an error: the client reused it."""
    for entry in (log or {}).get("entries", []):
        if entry["id"] == action.request_id:
            if entry["fingerprint"] != action.fingerprint:
                raise BridgeError(Reason.INVALID_ARGUMENT,
                                  "This requestID was already used for a different action; make a new one.")
            return Recorded(entry["answer"])
    return None


def with_entry(log: dict[str, Any] | None, action: Action, room_id: str, answer: Any) -> dict[str, Any]:
    """The log with `action` recorded (newest last), trimmed to the most recent entries per room
    (client and server ids counted apart) and to the rooms acted in last."""
    entries = [*(log or {}).get("entries", []),
               {"id": action.request_id, "room": room_id, "client": action.from_client,
                "fingerprint": action.fingerprint, "answer": answer}]
    kept: list[dict[str, Any]] = []
    rooms: list[str] = []
    counts: dict[tuple[str, bool], int] = {}
    for entry in reversed(entries):
        room, own = entry["room"], entry["client"]
        if room not in rooms:
            if len(rooms) == ROOMS_KEPT:
                continue
            rooms.append(room)
        limit = CLIENT_IDS_PER_ROOM if own else SERVER_IDS_PER_ROOM
        if counts.get((room, own), 0) < limit:
            counts[room, own] = counts.get((room, own), 0) + 1
            kept.append(entry)
    return {"entries": kept[::-1]}
