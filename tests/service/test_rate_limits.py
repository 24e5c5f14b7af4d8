"""Every caller's allowance of calls (issue 33), through the emulators as clients call: a caller
past it is RATE_LIMITED with the wait in `details.retryAfter` and nothing changes, while everyone
else plays on; watching and exports have tighter allowances of their own; a call that changes
nothing spends nothing. The allowances are the same in the emulators as deployed
(`service/request_log.py`: `CALLS`, `WATCHING`, `EXPORTS`)."""
from __future__ import annotations

import time

import pytest

from tests import client
from tests.service.test_bots import play_as_the_person, with_bots
from tests.table import Table, assert_rejected, assert_unchanged, database, new_player, patiently

pytestmark = pytest.mark.usefixtures("emulator")

#: service/request_log.py: every call at most 120 at once, then one every 0.5 s; watchRoom and
#: stopWatching 10, then one every 15 s; exportDeals 5, then one every 60 s.
CALLS, EVERY = 120, 0.5
WATCHES, WATCH_EVERY = 10, 15
EXPORTS, EXPORT_EVERY = 5, 60


def until_limited(name: str, data: dict, user: client.User, most: int) -> tuple[int, client.CallError]:
    """Make the call again and again, as fast as the server answers, until it is refused (at most
    `most` times); how many were applied, and the refusal."""
    for applied in range(most):
        try:
            client.call(name, data, user)
        except client.CallError as error:
            return applied, error
    raise AssertionError(f"{name} was never refused in {most} calls")


def refused_changing_nothing(name: str, data: dict, user: client.User) -> client.CallError:
    """A call of `user`, already at an allowance's limit, refused with nothing changed. The
    allowance of calls refills every half second, so a call may land just after a refill: it is
    applied, the allowance is at its limit again, and the next call is looked at."""
    for _ in range(20):
        before = database()
        try:
            client.call(name, data, user)
        except client.CallError as error:
            assert error.reason == "RATE_LIMITED", error
            assert_unchanged(before)
            return error
    raise AssertionError(f"{name} was applied 20 times in a row past the allowance")


def assert_rate_limited(error: client.CallError, limit: int, every: float, what: str) -> None:
    assert (error.code, error.reason, error.http_status) == ("resource-exhausted", "RATE_LIMITED", 429), error
    assert f"Too many {what}: at most {limit} at once, then one every {every:g} s" in error.message, error.message
    retry_after = error.details["retryAfter"]
    assert 0 < retry_after <= every and f"try again in {retry_after:g} s" in error.message, error


def test_a_caller_past_the_allowance_of_calls_is_rate_limited_changes_nothing_and_may_call_again_after_the_wait():
    table = Table.open(2)
    host, guest = table.players
    started = time.monotonic()
    applied, error = until_limited("toggleReady", {"roomID": table.room_id}, guest, most=CALLS * 3)
    # At most `CALLS` at once, plus one for every `EVERY` seconds the calls took.
    assert CALLS <= applied <= CALLS + (time.monotonic() - started) / EVERY + 1, applied
    assert_rate_limited(error, CALLS, EVERY, "calls")
    refused = refused_changing_nothing("toggleReady", {"roomID": table.room_id}, guest)
    assert_rate_limited(refused, CALLS, EVERY, "calls")
    assert table.toggle_ready(host) is True  # another person's calls are theirs: untouched
    time.sleep(refused.details["retryAfter"])
    assert table.call("toggleReady", guest)["success"] is True  # the wait the answer gave was enough


def test_a_new_table_is_no_fresh_allowance():
    """A move spends the allowance kept at the table (issue 38); leaving takes what was spent there
    back into the person's own, and their first move at the next table starts from it: sitting
    down elsewhere does not refill it."""
    table = Table.open(2)
    guest = table.players[1]
    until_limited("toggleReady", {"roomID": table.room_id}, guest, most=CALLS * 3)
    assert patiently("leaveGameRoom", {"roomID": table.room_id}, guest) is None
    room_id = patiently("createGameRoom", {}, guest)["roomID"]
    error = refused_changing_nothing("toggleReady", {"roomID": room_id}, guest)
    assert_rate_limited(error, CALLS, EVERY, "calls")


def test_a_resend_of_an_applied_action_is_answered_even_past_the_allowance():
    """The request log answers a resent action before the allowance is looked at (it changes nothing)."""
    table = Table.open(2)
    guest = table.players[1]
    first = client.call("toggleReady", {"roomID": table.room_id, "requestID": "resent-action"}, guest)
    until_limited("toggleReady", {"roomID": table.room_id}, guest, most=CALLS * 3)
    before = database()
    assert client.call("toggleReady", {"roomID": table.room_id, "requestID": "resent-action"}, guest) == first
    assert database() == before


def test_calls_that_change_nothing_spend_nothing():
    """A rejected call, or one with nothing to do (an invitation already made), writes nothing: it
    spends nothing, so many of them leave the whole allowance."""
    table = Table.open(2, settings={"inviteOnly": True})
    host, guest = table.players
    for _ in range(CALLS + 10):
        assert table.call("inviteToRoom", host, uid=guest.uid) == {"success": True}  # already invited: nothing
    for _ in range(5):
        assert_rejected("startGame", {}, host, "failed-precondition", "NOT_ENOUGH_PLAYERS")
    applied, error = until_limited("toggleReady", {"roomID": table.room_id}, host, most=CALLS * 3)
    assert applied >= CALLS
    assert_rate_limited(error, CALLS, EVERY, "calls")


def test_watching_has_a_tighter_allowance_of_its_own():
    """An outsider looping watchRoom / stopWatching (issue 33's attack on other people's tables)
    is stopped after `WATCHES`; their other calls, and other people's watching, are untouched."""
    table = Table.open(2)
    outsider, other = new_player(), new_player()
    for n in range(WATCHES):
        assert table.call("stopWatching" if n % 2 else "watchRoom", outsider) == {"success": True}
    error = table.reject("watchRoom", outsider, "resource-exhausted", "RATE_LIMITED")
    assert_rate_limited(error, WATCHES, WATCH_EVERY, "watchRoom and stopWatching calls")
    table.reject("stopWatching", outsider, "resource-exhausted", "RATE_LIMITED")
    assert client.call("updateProfile", {"displayName": "Outsider"}, outsider)["success"] is True
    assert table.call("watchRoom", other) == {"success": True}


def test_exports_have_an_allowance_of_their_own_and_a_refused_export_spends_none_of_it():
    table = with_bots(3)
    me = table.players[0]
    table.start()
    play_as_the_person(table)
    for _ in range(EXPORTS + 1):
        assert_rejected("exportDeals", {"roomID": "noSuchRoom", "format": "pbn"}, me, "not-found", "ROOM_NOT_FOUND")
    for _ in range(EXPORTS):
        assert table.call("exportDeals", me, format="pbn")["text"].startswith("% PBN 2.1")
    error = table.reject("exportDeals", me, "resource-exhausted", "RATE_LIMITED", format="pbn")
    assert_rate_limited(error, EXPORTS, EXPORT_EVERY, "exportDeals calls")
    assert table.call("exportDeals", new_player(), format="pbn")["text"].startswith("% PBN 2.1")  # anyone else may


def test_the_allowances_are_kept_in_the_server_only_request_logs():
    """A call spends from the caller's own log; a move at a table from the caller's log there, in
    the room's state document (issue 38: a person sits at one table at a time)."""
    table = Table.open(2)
    guest = table.players[1]
    assert set(client.admin_get(f"requestLog/{guest.uid}")["limits"]) == {"calls"}  # joining
    table.call("toggleReady", guest)
    log = client.admin_get(f"rooms/{table.room_id}/private/state")["requests"][guest.uid]
    assert set(log["limits"]) == {"calls"}  # only the allowance toggleReady spends
    assert client.read_error(f"requestLog/{guest.uid}", guest).code == "permission-denied"
    assert client.read_error(f"rooms/{table.room_id}/private/state", guest).code == "permission-denied"
