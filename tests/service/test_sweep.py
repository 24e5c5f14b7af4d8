"""The clean-up sweep (SPEC §10), of rooms and of duplicate events (issue 33), run in this
process against the emulators with chosen times:
`service.sweep.sweep(now)` is what the scheduled function `sweepRooms` runs (the Functions
emulator never fires schedules)."""
from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pytest

from tests import client
from tests.event_table import create, filled, spot
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


# ----- duplicate events (issue 33) ---------------------------------------------------------------


def backdate_event(event_id: str, when: dt.datetime, public: bool = True) -> None:
    """Set an event's idle clock as if time had passed: on its state and (unless `public` is
    false) on its event document, which the sweep's query reads."""
    from service import db

    event = db.client().collection("events").document(event_id)
    event.collection("private").document("state").update({"updatedAt": when})
    if public:
        event.update({"updatedAt": when})


def backdate_tables(event_id: str, when: dt.datetime) -> list[str]:
    """Backdate every table the event has opened (`{eventID}r{round}t{table}`); their ids."""
    tables = sorted(p.split("/")[1] for p in client.snapshot() if p.startswith(f"rooms/{event_id}r")
                    and p.count("/") == 1)
    for room_id in tables:
        backdate(room_id, updatedAt=when)
    return tables


def under(prefix: str) -> list[str]:
    return [path for path in client.snapshot() if path.startswith(prefix)]


def test_the_sweep_deletes_idle_events_with_their_tables_boards_and_standings_and_frees_their_people(
        sweep_module):
    """Issue 33: the sweep never removed an event (18 remained 25 hours later, their tables gone).
    Waiting, playing or ended alike, an event idle 24 hours goes with every round's tables."""
    now = dt.datetime.now(dt.UTC)
    director, ann, ben = new_player(), new_player(), new_player()
    ended = create(director, form="pairs", tables=3, boardsPerRound=1, boards=3)
    filled(director, ended, {})
    client.call("startEvent", {"eventID": ended}, director)  # bots alone: three rounds played at once
    waiting = create(director, boards=2)
    client.call("joinEventTable", {"eventID": waiting, **spot("NS", 0, 0)}, ann)
    playing = create(director, boards=2)
    filled(director, playing, {("EW", 1, 0): ben})
    client.call("startEvent", {"eventID": playing}, director)
    ben_table = client.read(f"players/{ben.uid}", ben)["roomID"]
    assert client.read(f"rooms/{ben_table}", ben)["status"] in ("bidding", "playing")
    assert len(under(f"events/{ended}/boards/")) == 3 and under(f"events/{ended}/director/standings")
    tables = {event_id: backdate_tables(event_id, now - dt.timedelta(hours=25)) for event_id in (ended, playing)}
    assert len(tables[ended]) == 9 and len(tables[playing]) == 2
    for event_id in (ended, waiting, playing):
        backdate_event(event_id, now - dt.timedelta(hours=25))

    report = sweep_module.sweep(now)

    assert sorted(report.events) == sorted([ended, waiting, playing])
    assert report.deleted == []  # the tables went with their events, not as rooms
    for event_id in (ended, waiting, playing):
        assert under(f"events/{event_id}") == [] and under(f"rooms/{event_id}") == []
    for user in (ann, ben):
        account = client.read(f"players/{user.uid}", user)
        assert (account["roomID"], account["eventID"]) == (None, None)
    assert client.call("createGameRoom", {}, ben)["roomID"]
    assert sweep_module.sweep(now).events == []


def test_an_event_is_kept_while_any_of_its_tables_moved_within_a_day_and_its_tables_are_no_rooms_to_sweep(
        sweep_module):
    """Idle means the event and every table of it: Ben's table moved an hour ago, so neither the
    event nor any table goes, though the event's state and the other table are a day old."""
    now = dt.datetime.now(dt.UTC)
    director, ben = new_player(), new_player()
    event_id = create(director, boards=2)
    filled(director, event_id, {("EW", 1, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    ben_table = client.read(f"players/{ben.uid}", ben)["roomID"]
    tables = backdate_tables(event_id, now - dt.timedelta(hours=30))
    backdate(ben_table, updatedAt=now - dt.timedelta(hours=1))
    backdate_event(event_id, now - dt.timedelta(hours=30))

    report = sweep_module.sweep(now)

    assert (report.events, report.deleted) == ([], [])
    assert all(client.admin_get(f"rooms/{room_id}") is not None for room_id in tables)
    assert client.read(f"events/{event_id}", ben)["status"] == "playing"
    backdate(ben_table, updatedAt=now - dt.timedelta(hours=25))
    assert sweep_module.sweep(now).events == [event_id]


def test_an_event_changed_after_the_query_is_not_deleted(sweep_module):
    """Each event is re-checked in its own transaction: its event document says a day old, its
    state says it changed since; it stays."""
    now = dt.datetime.now(dt.UTC)
    director = new_player()
    event_id = create(director, boards=2)
    client.call("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, director)
    from service import db

    db.client().collection("events").document(event_id).update({"updatedAt": now - dt.timedelta(hours=25)})
    assert sweep_module.sweep(now).events == []
    assert client.read(f"players/{director.uid}", director)["eventID"] == event_id


def test_each_sweep_looks_at_a_batch_of_events_the_latest_idle_first(sweep_module, monkeypatch):
    now = dt.datetime.now(dt.UTC)
    director = new_player()
    older, newer = create(director, boards=2), create(director, boards=2)
    backdate_event(older, now - dt.timedelta(hours=40))
    backdate_event(newer, now - dt.timedelta(hours=30))
    monkeypatch.setattr(sweep_module, "BATCH", 1)
    assert sweep_module.sweep(now).events == [newer]
    assert sweep_module.sweep(now).events == [older]


def test_a_director_whose_events_the_sweep_deleted_may_create_again(sweep_module):
    now = dt.datetime.now(dt.UTC)
    director = new_player()
    events = [create(director, boards=2) for _ in range(3)]
    assert client.call_error("createEvent", {"form": "teams", "boards": 2}, director).reason == "TOO_MANY_EVENTS"
    backdate_event(events[0], now - dt.timedelta(hours=25))
    assert sweep_module.sweep(now).events == [events[0]]
    fourth = create(director, boards=2)
    assert client.read(f"players/{director.uid}", director)["directing"] == [*events[1:], fourth]
