"""leaveGameRoom (SPEC §4): renumbering, host hand-over, deleting an empty room, abandoning a game (§5.7)."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import Table, assert_rejected, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def seats(room: dict) -> list[tuple[str, int, bool]]:
    return [(p["uid"], p["position"], p["ready"]) for p in room["players"]]


def account(player: client.User) -> dict:
    return client.read(f"players/{player.uid}", player)


def documents_of_room(room_id: str) -> list[str]:
    """Every document left at or under rooms/{room_id}, from an admin listing of the database."""
    return [path for path in client.snapshot() if path == f"rooms/{room_id}" or path.startswith(f"rooms/{room_id}/")]


# ---- waiting rooms -------------------------------------------------------------------------

def test_leave_game_room_returns_null_and_clears_the_players_room():
    table = Table.open(2)
    bob = table.players[1]
    assert client.call("leaveGameRoom", {"roomID": table.room_id}, bob) is None
    assert account(bob)["roomID"] is None
    assert [p["uid"] for p in table.room()["players"]] == [table.players[0].uid]


def test_leaving_renumbers_positions_contiguously_in_their_old_order():
    table = Table.open(4, anonymous=[2])
    a, b, c, d = table.players
    table.toggle_ready(c)
    version = table.room()["version"]
    table.leave(b)
    room = table.room(a)
    assert seats(room) == [(a.uid, 0, False), (c.uid, 1, True), (d.uid, 2, False)]
    assert room["hostID"] == a.uid
    assert room["version"] == version + 1


def test_the_host_leaving_passes_the_host_to_the_lowest_remaining_position():
    table = Table.open(4)
    a, b, c, d = table.players
    table.toggle_ready(d)
    table.leave(a)
    room = table.room(b)
    assert room["hostID"] == b.uid
    assert seats(room) == [(b.uid, 0, False), (c.uid, 1, False), (d.uid, 2, True)]
    # The new host has the host's powers, the old one none.
    assert client.call("updateRoomSettings", {"roomID": table.room_id, "settings": {"playAllTricks": True}}, b) == {
        "success": True}
    table.leave(c)
    assert table.room(b)["hostID"] == b.uid
    table.leave(b)
    room = table.room(d)
    assert (room["hostID"], seats(room)) == (d.uid, [(d.uid, 0, True)])


def test_the_last_player_leaving_a_waiting_room_deletes_it():
    table = Table.open(2)
    table.leave(table.players[0])
    table.leave(table.players[1])
    assert documents_of_room(table.room_id) == []
    assert client.read_error(f"rooms/{table.room_id}", table.players[0]).code in ("not-found", "permission-denied")
    assert all(account(p)["roomID"] is None for p in table.players)


def test_a_deleted_room_can_no_longer_be_joined():
    table = Table.open(1)
    table.leave(table.players[0])
    table.reject("joinGameRoom", new_player(), "not-found", "ROOM_NOT_FOUND")


def test_leave_game_room_rejects_a_player_not_in_the_room():
    table = Table.open(2)
    table.reject("leaveGameRoom", new_player(), "permission-denied", "NOT_IN_ROOM")
    table.reject("leaveGameRoom", new_player(anonymous=True), "permission-denied", "NOT_IN_ROOM")


def test_leave_game_room_rejects_a_member_of_another_room():
    table, other = Table.open(2), Table.open(2)
    table.reject("leaveGameRoom", other.players[1], "permission-denied", "NOT_IN_ROOM")


def test_leave_game_room_rejects_leaving_twice():
    table = Table.open(2)
    table.leave(table.players[1])
    table.reject("leaveGameRoom", table.players[1], "permission-denied", "NOT_IN_ROOM")


def test_leave_game_room_rejects_a_room_that_does_not_exist():
    table = Table.open(1)
    assert_rejected("leaveGameRoom", {"roomID": "noSuchRoom0000000000"}, table.players[0],
                    "not-found", "ROOM_NOT_FOUND")


# ---- leaving a game in progress: abandon -------------------------------------------------

@pytest.mark.parametrize("leaver_position", [0, 2])
def test_leaving_mid_game_ends_it_as_abandoned(leaver_position):
    table = Table.started(anonymous=[1])
    leaver = table.players[leaver_position]
    stayers = table.others(leaver)
    before = table.room()
    table.leave(leaver)

    room = table.room(stayers[0])
    assert room["status"] == "ended"
    assert room["turn"] is None
    assert room["result"]["abandonedBy"] == leaver.uid
    assert room["result"]["winners"] == []
    assert room["version"] == before["version"] + 1
    assert [p["uid"] for p in room["players"]] == [p.uid for p in stayers]
    assert [p["position"] for p in room["players"]] == [0, 1, 2]
    assert room["hostID"] == stayers[0].uid

    assert account(leaver)["roomID"] is None
    assert account(leaver)["stats"] == {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 1}
    for player in stayers:
        assert account(player)["roomID"] == table.room_id
        assert account(player)["stats"] == {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0}
        assert table.room(player)["result"]["abandonedBy"] == leaver.uid  # still readable by each


def test_after_an_abandon_everyone_may_create_or_join_a_new_room():
    table = Table.started()
    a, b, c, d = table.players
    table.leave(b)
    new_room = client.call("createGameRoom", {}, a)["roomID"]
    assert client.call("joinGameRoom", {"roomID": new_room}, c) == {"success": True}
    assert client.call("joinGameRoom", {"roomID": new_room}, b) == {"success": True}
    assert client.call("createGameRoom", {}, d)["roomID"] != new_room
    assert [p["uid"] for p in client.read(f"rooms/{new_room}", a)["players"]] == [a.uid, c.uid, b.uid]


def test_abandoning_during_play_keeps_an_unplayed_partner_secret():
    table = Table.playing("1NT", settings={"washRule": False})
    room = table.room()
    partner_card = room["partnerCard"]
    # Leave before anyone has played a card: the partner card has not been played.
    table.leave(table.to_act(room))
    room = table.room()
    assert room["status"] == "ended"
    assert room["partnerCard"] == partner_card
    assert room["partnerPosition"] is None
    assert room["result"]["partner"] is None


def test_leaving_an_ended_room_changes_no_stats():
    table = Table.started()
    a, b, c, d = table.players
    table.leave(d)
    table.leave(b)
    room = table.room(a)
    assert room["status"] == "ended" and room["result"]["abandonedBy"] == d.uid
    assert [p["uid"] for p in room["players"]] == [a.uid, c.uid]
    assert account(b)["stats"] == {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0}
    assert account(b)["roomID"] is None
    assert account(d)["stats"]["gamesAbandoned"] == 1


def test_leaving_an_ended_room_keeps_the_pointer_to_a_newer_room():
    table = Table.started()
    a = table.players[0]
    table.leave(table.players[3])
    new_room = client.call("createGameRoom", {}, a)["roomID"]
    table.leave(a)
    assert account(a)["roomID"] == new_room
    assert a.uid not in [p["uid"] for p in table.room(a)["players"]]


def test_the_last_member_leaving_an_ended_room_deletes_it_and_every_hand():
    table = Table.started()
    assert len(documents_of_room(table.room_id)) == 6  # the room, its state and four hands
    for player in table.players:
        table.leave(player)
    assert documents_of_room(table.room_id) == []
