"""The clean-up sweep (SPEC §10), run in this process against the emulators with chosen times:
`service.sweep.sweep(now)` is what the scheduled function `sweepRooms` runs (the Functions
emulator never fires schedules)."""
from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pytest

from tests import client
from tests.table import Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture
def sweep_module() -> Any:
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    from service import sweep

    return sweep


def backdate(room_id: str, **fields: dt.datetime) -> None:
    """Set timestamps of a room as if time had passed: on its state (seconds for `turnDeadline`)
    and on its room document (which the sweep's queries read)."""
    from service import db

    rooms = db.client().collection("rooms")
    rooms.document(room_id).update(dict(fields))
    on_state = {name: value.timestamp() if name == "turnDeadline" else value for name, value in fields.items()}
    rooms.document(room_id).collection("private").document("state").update(on_state)


def test_the_sweep_deletes_exactly_the_idle_rooms_and_clears_their_members_room(sweep_module):
    now = dt.datetime.now(dt.UTC)
    idle, fresh = Table.open(2), Table.open(2)
    idle_started = Table.started()
    backdate(idle.room_id, updatedAt=now - dt.timedelta(hours=25))
    backdate(idle_started.room_id, updatedAt=now - dt.timedelta(hours=30))
    backdate(fresh.room_id, updatedAt=now - dt.timedelta(hours=23))

    report = sweep_module.sweep(now)

    assert sorted(report.deleted) == sorted([idle.room_id, idle_started.room_id])
    for table in (idle, idle_started):
        assert [p for p in client.snapshot() if p.startswith(f"rooms/{table.room_id}")] == []
        for player in table.players:
            assert client.read(f"players/{player.uid}", player)["roomID"] is None
    assert fresh.room()["status"] == "waiting"
    assert sweep_module.sweep(now).deleted == []  # nothing left to do


def test_the_sweep_finishes_a_deal_whose_turn_deadline_passed_long_ago(sweep_module):
    now = dt.datetime.now(dt.UTC)
    stale = Table.started(settings={"turnSeconds": 30})
    recent = Table.started(settings={"turnSeconds": 30})
    backdate(stale.room_id, turnDeadline=now - dt.timedelta(minutes=11))
    backdate(recent.room_id, turnDeadline=now - dt.timedelta(minutes=5))

    report = sweep_module.sweep(now)

    assert report.finished == [stale.room_id] and report.deleted == []
    room = stale.room()
    assert room["status"] == "ended" and room["result"]["abandonedBy"] is None and room["turnDeadline"] is None
    assert client.read(f"rooms/{stale.room_id}/deals/1", stale.players[0])["result"] == room["result"]
    for player in stale.players:
        assert client.read(f"players/{player.uid}", player)["stats"]["gamesPlayed"] == 1
    assert recent.room()["status"] == "bidding"


def test_a_room_touched_after_the_query_is_not_deleted(sweep_module):
    """The sweep re-checks each room in its transaction: a room made idle in the query's eyes
    but whose state says it changed since is kept."""
    from service import db

    now = dt.datetime.now(dt.UTC)
    table = Table.open(1)
    db.client().collection("rooms").document(table.room_id).update({"updatedAt": now - dt.timedelta(hours=25)})
    assert sweep_module.sweep(now).deleted == []
    assert table.room(new_player())["status"] == "waiting"
