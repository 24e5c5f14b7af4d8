"""A call is always run by the function it names (SPEC §8), even when the Functions emulator
starts many Python workers at once.

The emulator gives each new worker a port picked by `portfinder` from a random base before the
worker has bound it; two workers starting together could be handed the same port, and then the
emulator's proxy for one function reached the other function's worker (about 1 call in 60 in
cold bursts). Our set-up patches firebase-tools so that a port is never handed out twice
(`patches/`), and the endpoint refuses a request whose path names another of our functions.

This test fires bursts of different callables at once — each round wider than the last, so that
every round makes the emulator start new workers together — and checks that every answer has
the shape of the function called and every room ends as its one action says. It is ordered
first in a pytest session (the `cold_emulator` marker, see tests/conftest.py), when a freshly
started emulator has no workers at all.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from tests import client
from tests.table import new_player

pytestmark = [pytest.mark.usefixtures("emulator"), pytest.mark.cold_emulator]

#: Calls fired at once in each round. Every function gets about width/7 concurrent calls, so
#: each round starts several new workers of every function at the same moment. A longer run:
#: BURST_WIDTHS=28,56,84 ./scripts/test tests/emulator
WIDTHS = tuple(int(w) for w in os.environ.get("BURST_WIDTHS", "21,28,35,42").split(","))


@dataclass
class Shot:
    """One call of a burst: what is called, and what its answer must be."""

    function: str
    data: dict
    user: client.User
    expect: Callable[[Any], bool]  # given the result, or the CallError
    check_after: Callable[[], str | None] = lambda: None  # a problem with the final state, or None


def _is_error(reason: str) -> Callable[[Any], bool]:
    return lambda outcome: isinstance(outcome, client.CallError) and outcome.reason == reason


def _room(room_id: str) -> dict | None:
    return client.admin_get(f"rooms/{room_id}")


def _hosted_room(settings: dict | None = None) -> tuple[client.User, str]:
    host = new_player(anonymous=True)
    data = {"settings": settings} if settings else {}
    return host, client.call("createGameRoom", data, host)["roomID"]


def _shots(width: int) -> list[Shot]:
    """`width` calls of seven kinds, each on a room (or user) of its own, so none contend."""
    kinds = [_toggle_ready, _join, _leave_as_outsider, _create, _start_outside_a_room, _invite, _update_settings]
    return [kinds[i % len(kinds)]() for i in range(width)]


def _toggle_ready() -> Shot:
    host, room_id = _hosted_room()

    def after() -> str | None:
        room = _room(room_id)
        ok = room is not None and [p["ready"] for p in room["players"]] == [True]
        return None if ok else f"toggleReady: room {room_id} is {room and room['players']}"
    return Shot("toggleReady", {"roomID": room_id}, host, lambda r: r == {"success": True, "ready": True}, after)


def _join() -> Shot:
    _, room_id = _hosted_room()
    guest = new_player(anonymous=True)

    def after() -> str | None:
        room = _room(room_id)
        ok = room is not None and room["memberIDs"][1:] == [guest.uid]
        return None if ok else f"joinGameRoom: room {room_id} has {room and room['memberIDs']}"
    return Shot("joinGameRoom", {"roomID": room_id}, guest, lambda r: r == {"success": True}, after)


def _leave_as_outsider() -> Shot:
    host, room_id = _hosted_room()
    outsider = new_player(anonymous=True)

    def after() -> str | None:
        room = _room(room_id)
        ok = room is not None and room["memberIDs"] == [host.uid]
        return None if ok else f"leaveGameRoom: room {room_id} has {room and room['memberIDs']}"
    return Shot("leaveGameRoom", {"roomID": room_id}, outsider, _is_error("NOT_IN_ROOM"), after)


def _create() -> Shot:
    user = new_player(anonymous=True)
    return Shot("createGameRoom", {"settings": {"playAllTricks": True}}, user,
                lambda r: isinstance(r, dict) and set(r) == {"roomID"})


def _start_outside_a_room() -> Shot:
    user = client.sign_up()  # has an account (the trigger), is in no room
    return Shot("startGame", {}, user, _is_error("NOT_IN_ROOM"))


def _invite() -> Shot:
    host, room_id = _hosted_room({"inviteOnly": True})
    friend = client.sign_up()

    def after() -> str | None:
        room = _room(room_id)
        ok = room is not None and room["invited"] == [friend.uid] and room["memberIDs"] == [host.uid]
        return None if ok else f"inviteToRoom: room {room_id} is {room}"
    return Shot("inviteToRoom", {"roomID": room_id, "uid": friend.uid}, host, lambda r: r == {"success": True}, after)


def _update_settings() -> Shot:
    host, room_id = _hosted_room()

    def after() -> str | None:
        room = _room(room_id)
        ok = room is not None and room["settings"]["washRule"] is False and room["memberIDs"] == [host.uid]
        return None if ok else f"updateRoomSettings: room {room_id} is {room}"
    return Shot("updateRoomSettings", {"roomID": room_id, "settings": {"washRule": False}}, host,
                lambda r: r == {"success": True}, after)


def _fire(shots: list[Shot]) -> list[Any]:
    """Every call at the same moment; each call's result or CallError, in order."""
    start = threading.Barrier(len(shots))

    def one(shot: Shot) -> Any:
        start.wait()
        try:
            return client.call(shot.function, shot.data, shot.user)
        except client.CallError as error:
            return error

    with ThreadPoolExecutor(max_workers=len(shots)) as pool:
        return list(pool.map(one, shots))


def _emulator_log() -> str:
    """The emulators' output so far (scripts/with-emulators writes it to $EMULATOR_LOG)."""
    path = os.environ.get("EMULATOR_LOG")
    assert path, "EMULATOR_LOG is not set: run this test with ./scripts/test (scripts/with-emulators)"
    with open(path, encoding="utf-8", errors="replace") as log:
        return log.read()


#: A worker that could not bind the port it was given (another worker had it), and a request
#: our endpoint refused as meant for another function (service/endpoint.py).
PORT_TAKEN = "Address already in use"
REFUSED = "Refused a request for"


def test_every_call_in_cold_bursts_is_run_by_the_function_it_names() -> None:
    wrong: list[str] = []
    calls = 0
    log_before = len(_emulator_log())
    for width in WIDTHS:
        shots = _shots(width)
        outcomes = _fire(shots)
        calls += len(shots)
        for shot, outcome in zip(shots, outcomes, strict=True):
            if not shot.expect(outcome):
                wrong.append(f"width {width}: {shot.function}({shot.data}) answered {outcome!r}")
            elif (problem := shot.check_after()) is not None:
                wrong.append(f"width {width}: {problem}")
    log = _emulator_log()[log_before:]
    ports_taken, refused = log.count(PORT_TAKEN), log.count(REFUSED)
    print(f"\ncold bursts: {calls} calls in {len(WIDTHS)} rounds {WIDTHS}, {len(wrong)} wrong, "
          f"{ports_taken} failed port binds, {refused} refused as meant for another function")
    assert not wrong, f"{len(wrong)} of {calls} calls were not run as the function called:\n  " + "\n  ".join(wrong)
    assert ports_taken == 0, f"a worker was handed a port another worker had ({ports_taken} failed binds)"
    assert refused == 0, f"{refused} requests reached the worker of another function"
