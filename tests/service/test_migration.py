"""Rooms stored by the Part I server (schema 1: no state document; the public room document and
the hand documents were the state) still load, play on, and are stored in the current schema
when they next change (`bridge.state.from_public_v1`, `service.store.load_room`)."""
from __future__ import annotations

import pytest

from bridge import state
from tests import client
from tests.table import Table, database

pytestmark = pytest.mark.usefixtures("emulator")

PART_ONE_SETTINGS = ("inviteOnly", "playAllTricks", "washRule")


def as_part_one(table: Table) -> dict:
    """Rewrite the room as the Part I server stored it: no state document, no `match`, the
    three Part I settings. Returns the room document as stored."""
    path = f"rooms/{table.room_id}"
    room = client.admin_get(path)
    del room["match"]
    room["settings"] = {name: room["settings"][name] for name in PART_ONE_SETTINGS}
    client.admin_set(path, room)
    client.admin_delete(f"{path}/private/state")
    return room


@pytest.mark.parametrize("stage", ["waiting", "bidding", "playing"])
def test_a_part_one_room_loads_plays_to_its_end_and_is_then_stored_in_the_current_schema(stage):
    table = {"waiting": lambda: Table.ready(), "bidding": lambda: Table.started(),
             "playing": lambda: Table.playing("2NT")}[stage]()
    if stage == "playing":
        table.play_legal()
    old = as_part_one(table)
    assert client.admin_get(f"rooms/{table.room_id}/private/state") is None

    if stage == "waiting":
        table.start()
    if stage in ("waiting", "bidding"):
        table.win_auction("1NT")
        table.choose_teammate()
    final = table.play_to_end()

    assert final["status"] == "ended" and final["version"] > old["version"]
    assert final["match"]["dealNumber"] == 1 and final["match"]["deals"] == 1
    assert sum(final["match"]["scores"].values()) == 2  # the deal's two winners, one point each
    assert final["hostID"] == old["hostID"] and [p["uid"] for p in final["players"]] == old["memberIDs"]
    stored = client.admin_get(f"rooms/{table.room_id}/private/state")
    assert stored["schemaVersion"] == state.SCHEMA_VERSION and stored["version"] == final["version"]
    assert client.read(f"rooms/{table.room_id}/deals/1", table.players[0])["result"] == final["result"]
    for player in table.players:
        assert client.read(f"players/{player.uid}", player)["stats"]["gamesPlayed"] == 1


def test_a_rejected_call_on_a_part_one_room_migrates_nothing():
    table = Table.started()
    as_part_one(table)
    before = database()
    error = table.error("playCard", table.to_act(), card="AS")
    assert error.reason == "WRONG_PHASE"
    assert database() == before
