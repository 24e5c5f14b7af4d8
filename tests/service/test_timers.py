"""Turn timers and leavers replaced by bots, through the callables (SPEC §10)."""
from __future__ import annotations

import time

import pytest

from tests import client
from tests.table import Table, assert_rejected, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def deadline_seconds(room: dict) -> float:
    stamp = room["turnDeadline"]
    return stamp.timestamp()


def expire(table: Table) -> None:
    """Move the stored turn deadline into the past, as if the person to act had idled."""
    path = f"rooms/{table.room_id}/private/state"
    state = client.admin_get(path)
    assert state["turnDeadline"] is not None
    client.admin_set(path, {**state, "turnDeadline": time.time() - 1})


def test_with_a_timer_the_person_to_act_has_turn_seconds_and_without_one_no_deadline():
    assert Table.started().room()["turnDeadline"] is None
    before = time.time()
    table = Table.started(settings={"turnSeconds": 30})
    room = table.room()
    assert before + 30 - 1 <= deadline_seconds(room) <= time.time() + 30 + 1


def test_claim_timeout_before_the_deadline_is_refused_and_changes_nothing():
    table = Table.started(settings={"turnSeconds": 30})
    idle = table.to_act()
    other = next(p for p in table.players if p is not idle)
    table.reject("claimTimeout", other, "failed-precondition", "TURN_NOT_EXPIRED")
    table.reject("claimTimeout", new_player(), "permission-denied", "NOT_IN_ROOM")
    untimed = Table.started()
    untimed.reject("claimTimeout", untimed.players[0], "failed-precondition", "TURN_NOT_EXPIRED")


def test_after_the_deadline_any_member_has_the_server_move_for_the_idle_person():
    table = Table.started(settings={"turnSeconds": 30, "washRule": False})
    room = table.room()
    idle = table.to_act(room)
    other = next(p for p in table.players if p is not idle)
    expire(table)
    assert table.call("claimTimeout", other) == {"success": True}
    after = table.room()
    assert [entry["position"] for entry in after["bids"]] == [room["turn"]]  # the idle seat's call
    assert after["turn"] == (room["turn"] + 1) % 4 and deadline_seconds(after) > time.time() + 25
    table.reject("claimTimeout", other, "failed-precondition", "TURN_NOT_EXPIRED")  # a fresh deadline


def test_a_leaver_replaced_by_a_bot_leaves_the_deal_going_on_and_still_abandoned_it():
    table = Table.playing("2NT", settings={"botReplacesLeaver": True})
    leaver = next(p for p in table.players if p is not table.to_act())
    position = table.position(leaver)
    table.leave(leaver)
    table.players.remove(leaver)
    room = table.room()
    assert room["status"] == "playing" and room["result"] is None
    assert room["players"][position]["bot"] is True and room["seating"][position].startswith("~bot")
    assert leaver.uid not in room["memberIDs"]
    account = client.read(f"players/{leaver.uid}", leaver)
    assert account["roomID"] is None and account["stats"]["gamesAbandoned"] == 1
    final = table.play_to_end()
    assert final["status"] == "ended" and final["result"]["abandonedBy"] is None
    assert_rejected("leaveGameRoom", {"roomID": table.room_id}, leaver, "permission-denied", "NOT_IN_ROOM")
