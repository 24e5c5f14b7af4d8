"""Exactly once when the commit's outcome is unknown (SPEC §8).

The handlers run in this process against the emulator (as in test_faults.py), with faults
injected at the commit itself:

- `lands-then-deadline`: the commit lands, then the call sees DEADLINE_EXCEEDED;
- `lands-then-resent`: the commit lands, the Firestore client resends the same `Commit` (as
  it does after UNAVAILABLE) and that resend fails its preconditions;
- `deadline-before-landing`: the commit never reaches the backend and the call sees a deadline;

Each time the call must answer what the action answers without faults, the database must show
the action applied exactly once, and the same call resent with its `requestID` must get the
same answer and change nothing. When every commit fails with an unknown outcome, the call
must say `unavailable`/`UNAVAILABLE` (never CONTENTION, "safe to retry"), whether or not the
first commit landed, and a resend must then settle it: applied once in all.
"""
from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from google.api_core import exceptions as google_errors

from tests.adversarial.common import assert_consistent
from tests.adversarial.test_faults import KINDS, Move, make_move, rooms
from tests.table import database

pytestmark = pytest.mark.usefixtures("emulator")

FAULTS = ["lands-then-deadline", "lands-then-resent", "deadline-before-landing"]


def with_request_id(move: Move) -> Move:
    return Move(move.name, move.user, {**move.data, "requestID": uuid.uuid4().hex}, move.room_id)


def commit_fault(fault: str, original: Callable) -> Callable:
    """A replacement for `store.Transaction.commit` that injects `fault` into its first call only."""
    calls = []

    def commit(self) -> None:
        calls.append(1)
        if len(calls) > 1:
            return original(self)
        if fault == "deadline-before-landing":
            raise google_errors.DeadlineExceeded("injected: the commit did not reach the backend in time")
        writes = list(self._batch._write_pbs)
        original(self)  # landed
        if fault == "lands-then-deadline":
            raise google_errors.DeadlineExceeded("injected: the commit landed but its answer was lost")
        resend = self._client.batch()
        resend._write_pbs = writes
        resend.commit()  # the client's own retry of the same Commit: its preconditions now fail
        raise AssertionError("a resent commit was applied twice")
    return commit


def expected_answer(move: Move, after: dict[str, Any], before: dict[str, Any]) -> Any:
    """What the action answers when it is applied once."""
    if move.name == "createGameRoom":
        (new,) = rooms(after) - rooms(before)
        return {"roomID": new.split("/")[1]}
    return {"joinGameRoom": {"success": True}, "toggleReady": {"success": True, "ready": True},
            "startGame": {"success": True}, "playCard": {"success": True}, "inviteToRoom": {"success": True},
            "updateRoomSettings": {"success": True}}.get(move.name)


def assert_applied_once(move: Move, before: dict[str, Any], after: dict[str, Any]) -> None:
    """One application: one new room for a create, else the room's version up by exactly one
    (or the room gone, when its last member left)."""
    if move.name == "createGameRoom":
        assert len(rooms(after) - rooms(before)) == 1
        return
    room_before, room_after = before[f"rooms/{move.room_id}"], after.get(f"rooms/{move.room_id}")
    if room_after is None:
        assert move.name == "leaveGameRoom" and len(room_before["memberIDs"]) == 1
        return
    assert room_after["version"] == room_before["version"] + 1, "applied more than once, or not at all"
    assert_consistent(after)


@pytest.mark.parametrize("fault", FAULTS)
@pytest.mark.parametrize("kind", KINDS)
def test_a_commit_with_an_unknown_outcome_is_applied_exactly_once_and_answered_twice_alike(
        service, monkeypatch, kind, fault):
    move = with_request_id(make_move(kind))
    before = database()
    with monkeypatch.context() as patch:
        patch.setattr(service.store.Transaction, "commit", commit_fault(fault, service.store.Transaction.commit))
        answer = service.call(move.name, move.user.uid, move.data)
    after = database()
    assert_applied_once(move, before, after)
    assert answer == expected_answer(move, after, before)

    assert service.call(move.name, move.user.uid, move.data) == answer, "a resent action got another answer"
    assert database() == after, "a resent action changed something"


def always_unavailable(original: Callable, land_first: bool) -> Callable:
    """Every commit fails with UNAVAILABLE; the first one lands first if `land_first`."""
    calls = []

    def commit(self) -> None:
        calls.append(1)
        if land_first and len(calls) == 1:
            original(self)
        raise google_errors.ServiceUnavailable("injected: the backend is unavailable")
    return commit


@pytest.mark.parametrize("land_first", [False, True], ids=["never-landed", "first-landed"])
@pytest.mark.parametrize("kind", ["create", "toggle", "play", "last-leaver-deletes"])
def test_an_outcome_that_cannot_be_learnt_is_unavailable_never_contention(service, monkeypatch, kind, land_first):
    from firebase_functions import https_fn

    move = with_request_id(make_move(kind))
    before = database()
    with monkeypatch.context() as patch:
        commit = always_unavailable(service.store.Transaction.commit, land_first)
        patch.setattr(service.store.Transaction, "commit", commit)
        if land_first:
            # The first commit landed and later attempts find it in the log: the answer is known.
            answer = service.call_endpoint(move.name, move.user.uid, move.data)
        else:
            with pytest.raises(https_fn.HttpsError) as raised:
                service.call_endpoint(move.name, move.user.uid, move.data)
    if not land_first:
        assert (raised.value.code.value, raised.value.details) == ("unavailable", {"reason": "UNAVAILABLE"})
        assert database() == before
        answer = service.call_endpoint(move.name, move.user.uid, move.data)  # the client resends
    after = database()
    assert_applied_once(move, before, after)
    assert answer == expected_answer(move, after, before)
    assert service.call_endpoint(move.name, move.user.uid, move.data) == answer
    assert database() == after


def test_when_the_backend_cannot_be_read_after_an_unknown_commit_the_call_is_unavailable(service, monkeypatch):
    """The first commit lands, its answer is lost, and then every read fails: the server cannot
    find out, so it must not guess (UNAVAILABLE); the client's resend then gets the answer."""
    from firebase_functions import https_fn

    move = with_request_id(make_move("toggle"))
    before = database()
    store = service.store
    original_commit, original_get_all = store.Transaction.commit, store.Transaction.get_all
    landed = []

    def commit(self) -> None:
        original_commit(self)
        landed.append(1)
        raise google_errors.DeadlineExceeded("injected: the answer was lost")

    def get_all(self, *args, **kwargs):
        if landed:
            raise google_errors.ServiceUnavailable("injected: the backend is unavailable")
        return original_get_all(self, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(store.Transaction, "commit", commit)
        patch.setattr(store.Transaction, "get_all", get_all)
        with pytest.raises(https_fn.HttpsError) as raised:
            service.call_endpoint(move.name, move.user.uid, move.data)
    assert raised.value.details == {"reason": "UNAVAILABLE"}
    after = database()
    assert_applied_once(move, before, after)
    assert service.call_endpoint(move.name, move.user.uid, move.data) == {"success": True, "ready": True}
    assert database() == after
