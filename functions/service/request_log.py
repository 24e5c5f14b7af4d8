"""Safe retries (SPEC §8) and each caller's allowance of calls, in a server-only document a call
reads first and writes with what it changes: the caller's own (`requestLog/{uid}`), or for a move
at a table the table's state document (`ROOM_FIELD`).

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

A move at a table (`store.run_room_move`: a bid, a card, getting ready, a claim, an undo, the
host's bots and settings) keeps its entry and the caller's allowances in the table's own
server-only state document instead, in `ROOM_FIELD` under the caller's uid (the same shape as
their own log, for the `PEOPLE_PER_ROOM` people who acted there last): that document is read and
written by the move anyway, so the move's exactly-once costs no document of its own (issue 38).
The allowances follow the person: their first move at a table carries over their own log's
entries for that room and their allowances as they stand (`carried_over`), so an action applied
before the entries moved is still answered once and a new table is no fresh allowance; a call
of their own that reads a table's state (leaving it, joining it again, an invitation) takes the
allowances spent there back into their own log (`spent_at`). A person sits at one table at a
time.

The same document keeps the caller's allowances (`LIMITS`): every applied call spends one unit of
`CALLS`, and some calls one of a tighter allowance of their own too. A call past an allowance is
`RATE_LIMITED` before its body runs, and changes nothing; a call that changes nothing
(rejected, or with nothing to do) spends nothing, since spending is a write in the same commit as
the call's own. A read-only call (`READ_ONLY`) spends when it answers; its answer is not recorded
(it is the current data, and can be large), so a resend reads again.
"""
from __future__ import annotations

import hashlib
import json
import math
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bridge import BridgeError, Reason

COLLECTION = "requestLog"
CLIENT_IDS_PER_ROOM = 8
SERVER_IDS_PER_ROOM = 4
ROOMS_KEPT = 4
#: The field of a room's state document that keeps its moves' logs, by uid; the people kept.
ROOM_FIELD = "requests"
PEOPLE_PER_ROOM = 8

#: Ids the server makes start with a character a client's ids cannot hold (SPEC §8 allows
#: `A-Z a-z 0-9 _ -`), so the two never meet.
_SERVER_PREFIX = "~"

#: Calls that change no game document: counted against the allowances, their answers not recorded.
READ_ONLY = frozenset({"exportDeals"})


@dataclass(frozen=True, slots=True)
class Limit:
    """An allowance of calls: at most `burst` at once, then one every `every` seconds, for the
    calls named in `functions` (every call when None).

    A token bucket of `burst` calls refilled at one per `every` seconds, kept as one number: the
    time at which it is full again (the generic cell rate algorithm). A call at `now` moves that
    time to `max(full, now) + every`, and is refused when that is more than `burst * every`
    seconds away: the bucket would be overdrawn."""

    name: str  # its key in the log's `limits`
    what: str  # the calls it counts, for the message
    burst: int
    every: float
    functions: frozenset[str] | None = None

    def counts(self, function: str) -> bool:
        return self.functions is None or function in self.functions

    def spent(self, full_at: float | None, now: float) -> float:
        """When the allowance is full again once one more call is made at `now` (it was full
        again at `full_at`); RATE_LIMITED when that call would overdraw it."""
        after = max(full_at or now, now) + self.every
        if after - now > self.burst * self.every:
            wait = math.ceil((after - now - self.burst * self.every) * 10) / 10  # in tenths, rounded up
            raise BridgeError(Reason.RATE_LIMITED,
                              f"Too many {self.what}: at most {self.burst} at once, then one every "
                              f"{self.every:g} s. Nothing was changed; try again in {wait:g} s.", retry_after=wait)
        return after


#: Every applied call: bursts of lobby calls and a fast player's pace (a card a second against
#: bots) are far inside it; an account looping calls gets a few times a real player's share.
CALLS = Limit("calls", "calls", burst=120, every=0.5)
#: Watching, tighter: a person browsing tables watches a few rooms a minute; an outsider looping
#: watchRoom and stopWatching was issue 33's attack on other people's tables.
WATCHING = Limit("watching", "watchRoom and stopWatching calls", burst=10, every=15,
                 functions=frozenset({"watchRoom", "stopWatching"}))
#: Exports read every hand record of a room (up to a hundred): a few at once, then one a minute.
EXPORTS = Limit("exports", "exportDeals calls", burst=5, every=60, functions=frozenset({"exportDeals"}))
LIMITS = (CALLS, WATCHING, EXPORTS)


@dataclass(frozen=True, slots=True)
class Action:
    """One intended action: a player calling a function with some data, named by a request id."""

    uid: str
    function: str
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
            return Action(uid, function, _SERVER_PREFIX + secrets.token_urlsafe(12), False, fingerprint)
        return Action(uid, function, request_id, True, fingerprint)

    @property
    def read_only(self) -> bool:
        return self.function in READ_ONLY


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


def allowances_after(log: dict[str, Any] | None, action: Action, now: float) -> dict[str, float]:
    """The log's `limits` once `action` is made at `now`: each allowance that counts it spent by one
    (`Limit.spent`); an allowance already full again is dropped. RATE_LIMITED, with the longest
    wait, when any of them would be overdrawn."""
    full_at = {name: at for name, at in (log or {}).get("limits", {}).items() if at > now}
    refused: list[BridgeError] = []
    for limit in LIMITS:
        if limit.counts(action.function):
            try:
                full_at[limit.name] = limit.spent(full_at.get(limit.name), now)
            except BridgeError as error:
                refused.append(error)
    if refused:
        raise max(refused, key=lambda error: error.retry_after or 0)
    return full_at


def logged(log: dict[str, Any] | None, action: Action, room_id: str, answer: Any,
           limits: dict[str, float]) -> dict[str, Any]:
    """The log once `action` is applied: its allowances `limits` (`allowances_after`), and unless it
    is read-only its entry (newest last), the entries trimmed to the most recent per room (client
    and server ids counted apart) and to the rooms acted in last."""
    before = (log or {}).get("entries", [])
    if action.read_only:
        return {"entries": before, "limits": limits}
    entries = [*before, {"id": action.request_id, "room": room_id, "client": action.from_client,
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
    return {"entries": kept[::-1], "limits": limits}


def carried_over(log: dict[str, Any] | None, room_id: str) -> dict[str, Any]:
    """A person's log at a table where they have not moved since the entries moved there: their
    own log's entries for that room (`logged` keeps them there) and their allowances as they stand."""
    return {"entries": [entry for entry in (log or {}).get("entries", []) if entry["room"] == room_id],
            "limits": dict((log or {}).get("limits", {}))}


def spent_at(log: dict[str, Any] | None, tables: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """A person's own log with the allowances they spent at `tables` (their logs there) taken
    back: each allowance full again at the latest of the times the logs say."""
    limits = dict((log or {}).get("limits", {}))
    for table in tables:
        for name, full_at in table.get("limits", {}).items():
            limits[name] = max(limits.get(name, full_at), full_at)
    return {**(log or {}), "limits": limits}


def room_logs_after(logs: dict[str, Any], uid: str, log: dict[str, Any], now: float) -> dict[str, Any]:
    """A table's logs (`ROOM_FIELD`) once `uid`'s is `log` (made at `now`): the `PEOPLE_PER_ROOM`
    people who acted there last are kept."""
    after = {**{other: kept for other, kept in logs.items() if other != uid}, uid: {**log, "at": now}}
    for oldest in sorted(after, key=lambda person: after[person]["at"])[:max(0, len(after) - PEOPLE_PER_ROOM)]:
        del after[oldest]
    return after
