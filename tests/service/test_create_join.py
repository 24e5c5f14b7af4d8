"""createGameRoom and joinGameRoom (SPEC §4, §5.8)."""
from __future__ import annotations

import datetime as dt

import pytest

from tests import client
from tests.table import DEFAULT_SETTINGS, Table, assert_rejected, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def abandoned_table() -> Table:
    """A started game the last player left: the room is `ended`, three players still seated."""
    table = Table.started()
    table.leave(table.players[3])
    assert table.room()["status"] == "ended"
    return table


# ---- createGameRoom ------------------------------------------------------------------------

def test_create_game_room_seats_the_caller_as_host_at_position_0_of_a_fresh_room():
    alice = new_player(name="Alice")
    reply = client.call("createGameRoom", {}, alice)
    assert set(reply) == {"roomID"} and isinstance(reply["roomID"], str) and reply["roomID"]

    room = client.read(f"rooms/{reply['roomID']}", alice)
    assert room["hostID"] == alice.uid
    assert room["status"] == "waiting"
    assert room["players"] == [{"uid": alice.uid, "displayName": "Alice", "position": 0, "ready": False, "bot": False,
                                "entropy": ""}]
    assert room["settings"] == DEFAULT_SETTINGS
    assert room["invited"] == []
    assert room["version"] == 1
    assert isinstance(room["createdAt"], dt.datetime) and isinstance(room["updatedAt"], dt.datetime)
    assert {name: room[name] for name in (
        "dealer", "turn", "washes", "bids", "highestBid", "contract", "partnerCard", "partnerPosition",
        "trick", "tricks", "tricksWon", "trumpBroken", "handSizes", "result")} == {
        "dealer": None, "turn": None, "washes": 0, "bids": [], "highestBid": None, "contract": None,
        "partnerCard": None, "partnerPosition": None, "trick": None, "tricks": [], "tricksWon": [0, 0, 0, 0],
        "trumpBroken": False, "handSizes": [0, 0, 0, 0], "result": None}
    assert client.read(f"players/{alice.uid}", alice)["roomID"] == reply["roomID"]


def test_create_game_room_accepts_null_data_as_no_settings():
    alice = new_player()
    room_id = client.call("createGameRoom", None, alice)["roomID"]
    assert client.read(f"rooms/{room_id}", alice)["settings"] == DEFAULT_SETTINGS


def test_create_game_room_applies_the_given_settings_over_the_defaults():
    alice = new_player()
    room_id = client.call("createGameRoom", {"settings": {"playAllTricks": True, "washRule": False}}, alice)["roomID"]
    assert client.read(f"rooms/{room_id}", alice)["settings"] == {
        **DEFAULT_SETTINGS, "playAllTricks": True, "washRule": False}


def test_each_created_room_gets_its_own_id():
    first, second = new_player(), new_player(anonymous=True)
    assert client.call("createGameRoom", {}, first)["roomID"] != client.call("createGameRoom", {}, second)["roomID"]


def test_create_game_room_rejects_a_host_already_in_a_waiting_room():
    table = Table.open(1)
    assert_rejected("createGameRoom", {}, table.players[0], "failed-precondition", "ALREADY_IN_ROOM")


def test_create_game_room_rejects_a_joined_player_already_in_a_waiting_room():
    table = Table.open(2, anonymous=[1])
    assert_rejected("createGameRoom", {}, table.players[1], "failed-precondition", "ALREADY_IN_ROOM")


def test_create_game_room_rejects_a_player_in_a_game_in_progress():
    table = Table.started()
    for player in table.players:
        assert_rejected("createGameRoom", {}, player, "failed-precondition", "ALREADY_IN_ROOM")


def test_a_member_of_an_ended_room_may_create_a_room():
    table = abandoned_table()
    host = table.players[0]
    room_id = client.call("createGameRoom", {}, host)["roomID"]
    assert room_id != table.room_id
    assert client.read(f"rooms/{room_id}", host)["players"][0]["uid"] == host.uid
    assert client.read(f"players/{host.uid}", host)["roomID"] == room_id
    # The ended room still seats them; it is final and unchanged.
    assert host.uid in [p["uid"] for p in table.room(host)["players"]]


# ---- joinGameRoom --------------------------------------------------------------------------

def test_join_game_room_takes_the_next_position_and_points_the_account_at_the_room():
    table = Table.open(1)
    bob, guest = new_player(name="Bob"), new_player(anonymous=True)
    assert client.call("joinGameRoom", {"roomID": table.room_id}, bob) == {"success": True}
    assert client.call("joinGameRoom", {"roomID": table.room_id}, guest) == {"success": True}

    room = table.room(bob)
    assert [(p["uid"], p["position"], p["ready"]) for p in room["players"]] == [
        (table.players[0].uid, 0, False), (bob.uid, 1, False), (guest.uid, 2, False)]
    assert room["players"][1]["displayName"] == "Bob"
    assert room["hostID"] == table.players[0].uid
    assert room["version"] == 3
    assert client.read(f"players/{bob.uid}", bob)["roomID"] == table.room_id
    assert client.read(f"players/{guest.uid}", guest)["roomID"] == table.room_id


def test_join_game_room_rejects_a_player_already_in_another_waiting_room():
    table, other = Table.open(1), Table.open(1)
    assert_rejected("joinGameRoom", {"roomID": table.room_id}, other.players[0],
                    "failed-precondition", "ALREADY_IN_ROOM")


def test_join_game_room_rejects_a_player_already_in_a_game_in_progress():
    table, other = Table.open(1), Table.started()
    assert_rejected("joinGameRoom", {"roomID": table.room_id}, other.players[2],
                    "failed-precondition", "ALREADY_IN_ROOM")


def test_join_game_room_rejects_joining_the_same_room_twice():
    table = Table.open(2)
    for player in table.players:
        table.reject("joinGameRoom", player, "failed-precondition", "ALREADY_IN_ROOM")


def test_join_game_room_rejects_a_room_that_does_not_exist():
    Table.open(1)  # something in the database that must stay as it is
    assert_rejected("joinGameRoom", {"roomID": "noSuchRoom0000000000"}, new_player(), "not-found", "ROOM_NOT_FOUND")


def test_join_game_room_rejects_a_fifth_player():
    table = Table.open(4)
    table.reject("joinGameRoom", new_player(), "failed-precondition", "ROOM_FULL")


def test_join_game_room_rejects_a_room_whose_game_started():
    table = Table.started()
    table.reject("joinGameRoom", new_player(), "failed-precondition", "GAME_STARTED")


def test_join_game_room_rejects_an_ended_room():
    table = abandoned_table()
    table.reject("joinGameRoom", new_player(), "failed-precondition", "GAME_ENDED")
    table.reject("joinGameRoom", new_player(anonymous=True), "failed-precondition", "GAME_ENDED")


def test_join_game_room_rejects_a_member_of_an_ended_room_rejoining_it():
    table = abandoned_table()
    table.reject("joinGameRoom", table.players[1], "failed-precondition", "ALREADY_IN_ROOM")


def test_the_player_who_abandoned_cannot_rejoin_the_ended_room():
    table = abandoned_table()
    table.reject("joinGameRoom", table.players[3], "failed-precondition", "GAME_ENDED")


def test_a_member_of_an_ended_room_may_join_another_room():
    ended, lobby = abandoned_table(), Table.open(1)
    member = ended.players[2]
    lobby.join(member)
    assert lobby.position(member) == 1
    assert client.read(f"players/{member.uid}", member)["roomID"] == lobby.room_id


def test_a_player_who_left_a_waiting_room_may_join_it_again_at_the_end():
    table = Table.open(3)
    bob = table.players[1]
    table.leave(bob)
    assert client.call("joinGameRoom", {"roomID": table.room_id}, bob) == {"success": True}
    assert [p["uid"] for p in table.room()["players"]] == [table.players[0].uid, table.players[2].uid, bob.uid]
