"""`expectedVersion` (SPEC §4): a matching version is accepted, a stale one is `aborted`/`STALE_STATE`
and changes nothing, and a move sent twice with the same version is applied once."""
from __future__ import annotations

from typing import Any

import pytest

from tests import client
from tests.table import DECK, Table, assert_rejected, assert_unchanged, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")

ROOM_CHANGING = ["joinGameRoom", "leaveGameRoom", "toggleReady", "startGame", "placeBid", "chooseTeammate",
                 "playCard", "inviteToRoom", "updateRoomSettings"]


def a_valid_move(name: str) -> tuple[Table, client.User, dict[str, Any]]:
    """A room, a caller and the data of a `name` call that would succeed now."""
    if name == "joinGameRoom":
        table = Table.open(2)
        return table, new_player(anonymous=True), {"roomID": table.room_id}
    if name in ("leaveGameRoom", "toggleReady"):
        table = Table.open(2)
        return table, table.players[1], {"roomID": table.room_id}
    if name == "startGame":
        table = Table.ready()
        return table, table.players[0], {}
    if name == "placeBid":
        table = Table.started()
        return table, table.to_act(), {"roomID": table.room_id, "bid": "1C"}
    if name == "chooseTeammate":
        table = Table.started()
        declarer = table.win_auction("1NT")
        card = max(table.told(declarer), key=DECK.index)
        return table, declarer, {"roomID": table.room_id, "card": card}
    if name == "playCard":
        table = Table.playing("1NT")
        room = table.room()
        player = table.to_act(room)
        return table, player, {"roomID": table.room_id, "card": table.told(player, room)[0]}
    if name == "inviteToRoom":
        table = Table.open(1)
        return table, table.players[0], {"roomID": table.room_id, "uid": new_player().uid}
    if name == "updateRoomSettings":
        table = Table.open(1)
        return table, table.players[0], {"roomID": table.room_id, "settings": {"playAllTricks": True}}
    raise AssertionError(name)


@pytest.mark.parametrize("name", ROOM_CHANGING)
def test_a_matching_expected_version_is_accepted_and_raises_it_by_one(name):
    table, player, data = a_valid_move(name)
    before = client.admin_get(f"rooms/{table.room_id}")
    client.call(name, {**data, "expectedVersion": before["version"]}, player)
    after = client.admin_get(f"rooms/{table.room_id}")
    assert after["version"] == before["version"] + 1
    assert after["createdAt"] == before["createdAt"]
    assert after["updatedAt"] > before["updatedAt"]


@pytest.mark.parametrize("name", ROOM_CHANGING)
def test_a_stale_expected_version_is_rejected_and_changes_nothing(name):
    table, player, data = a_valid_move(name)
    version = table.room()["version"]
    for stale in (version - 1, version + 1, 0):
        assert_rejected(name, {**data, "expectedVersion": stale}, player, "aborted", "STALE_STATE")


@pytest.mark.parametrize("name", ROOM_CHANGING)
def test_the_same_move_sent_twice_with_one_expected_version_is_applied_once(name):
    table, player, data = a_valid_move(name)
    version = table.room()["version"]
    client.call(name, {**data, "expectedVersion": version}, player)
    applied = database()
    assert client.admin_get(f"rooms/{table.room_id}")["version"] == version + 1
    error = client.call_error(name, {**data, "expectedVersion": version}, player)
    assert (error.code, error.reason) == ("aborted", "STALE_STATE")
    assert_unchanged(applied)


def test_a_double_clicked_ready_stays_ready():
    table = Table.open(2)
    version = table.room()["version"]
    data = {"roomID": table.room_id, "expectedVersion": version}
    assert client.call("toggleReady", data, table.players[1]) == {"success": True, "ready": True}
    assert_rejected("toggleReady", data, table.players[1], "aborted", "STALE_STATE")
    assert [p["ready"] for p in table.room()["players"]] == [False, True]


def test_a_retried_card_is_played_once_and_the_turn_moves_on_once():
    table = Table.playing("1NT")
    room = table.room()
    player = table.to_act(room)
    card = table.told(player, room)[0]
    data = {"roomID": table.room_id, "card": card, "expectedVersion": room["version"]}
    client.call("playCard", data, player)
    assert_rejected("playCard", data, player, "aborted", "STALE_STATE")
    after = table.room()
    assert after["trick"]["cards"] == [{"position": room["turn"], "card": card}]
    assert after["turn"] == (room["turn"] + 1) % 4
    assert after["version"] == room["version"] + 1


def test_a_matching_expected_version_does_not_bypass_the_rules():
    table = Table.started()
    bystander = table.others(table.to_act())[0]
    version = table.room()["version"]
    table.reject("placeBid", bystander, "failed-precondition", "NOT_YOUR_TURN", bid="1C", expectedVersion=version)
