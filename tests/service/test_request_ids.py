"""`requestID` (SPEC §8): an action resent with its request id is answered as the first time and
changes nothing, even after the room has moved on; an id reused for another action is
`invalid-argument` / `INVALID_ARGUMENT`; the ids are the caller's own and kept server-only."""
from __future__ import annotations

import uuid

import pytest

from tests import client
from tests.service.test_versions import ROOM_CHANGING, a_valid_move
from tests.table import Table, assert_rejected, assert_unchanged, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def fresh_id() -> str:
    return uuid.uuid4().hex


@pytest.mark.parametrize("name", ROOM_CHANGING)
def test_an_action_resent_with_its_request_id_gets_the_first_answer_and_changes_nothing(name):
    table, player, data = a_valid_move(name)
    data = {**data, "requestID": fresh_id()}
    version = client.admin_get(f"rooms/{table.room_id}")["version"]
    first = client.call(name, data, player)
    after = database()
    room = after.get(f"rooms/{table.room_id}")
    assert room is None or room["version"] == version + 1
    assert client.call(name, data, player) == first
    assert_unchanged(after)


def test_a_created_room_is_answered_again_not_created_twice():
    user = new_player(anonymous=True)
    data = {"settings": {"inviteOnly": True}, "requestID": fresh_id()}
    first = client.call("createGameRoom", data, user)
    after = database()
    assert client.call("createGameRoom", data, user) == first
    assert_unchanged(after)
    assert client.admin_get(f"players/{user.uid}")["roomID"] == first["roomID"]


def test_a_resent_leave_that_deleted_the_room_is_answered_again():
    table = Table.open(1)
    data = {"roomID": table.room_id, "requestID": fresh_id()}
    assert client.call("leaveGameRoom", data, table.players[0]) is None
    after = database()
    assert f"rooms/{table.room_id}" not in after
    assert client.call("leaveGameRoom", data, table.players[0]) is None
    assert_unchanged(after)


def test_a_resent_action_is_answered_after_the_room_moved_on_even_with_a_stale_expected_version():
    table = Table.open(2)
    guest = table.players[1]
    version = table.room()["version"]
    first = {"roomID": table.room_id, "expectedVersion": version, "requestID": fresh_id()}
    assert client.call("toggleReady", first, guest) == {"success": True, "ready": True}
    assert table.call("toggleReady", guest, requestID=fresh_id()) == {"success": True, "ready": False}
    after = database()
    assert client.call("toggleReady", first, guest) == {"success": True, "ready": True}
    assert_unchanged(after)
    assert table.room()["players"][1]["ready"] is False


def test_a_request_id_reused_for_another_function_is_invalid_argument():
    table = Table.open(2)
    request_id = fresh_id()
    table.call("toggleReady", table.players[1], requestID=request_id)
    table.reject("leaveGameRoom", table.players[1], "invalid-argument", "INVALID_ARGUMENT", requestID=request_id)


def test_a_request_id_reused_with_other_data_is_invalid_argument():
    table = Table.playing("1NT")
    room = table.room()
    player = table.to_act(room)
    hand = table.hand(player)
    request_id = fresh_id()
    card = table.told(player, room)[0]
    table.call("playCard", player, card=card, requestID=request_id)
    other = next(c for c in hand if c != card)
    table.reject("playCard", player, "invalid-argument", "INVALID_ARGUMENT", card=other, requestID=request_id)
    table.reject("playCard", player, "invalid-argument", "INVALID_ARGUMENT", card=card, requestID=request_id,
                 expectedVersion=room["version"])


def test_request_ids_belong_to_their_caller():
    table = Table.open(2)
    request_id = fresh_id()
    assert table.call("toggleReady", table.players[0], requestID=request_id) == {"success": True, "ready": True}
    assert table.call("toggleReady", table.players[1], requestID=request_id) == {"success": True, "ready": True}
    assert [p["ready"] for p in table.room()["players"]] == [True, True]


def test_a_rejected_action_is_not_remembered():
    """Only applied actions are recorded: the same action, resent once it is allowed, applies."""
    table = Table.open(4)
    request_id = fresh_id()
    assert_rejected("startGame", {"requestID": request_id}, table.players[0], "failed-precondition", "NOT_ALL_READY")
    table.ready_all()
    assert client.call("startGame", {"requestID": request_id}, table.players[0]) == {"success": True}
    assert table.room()["status"] == "bidding"


def test_the_last_eight_request_ids_of_a_player_in_a_room_are_remembered():
    table = Table.open(2)
    guest = table.players[1]
    ids = [fresh_id() for _ in range(12)]
    answers = [table.call("toggleReady", guest, requestID=request_id)["ready"] for request_id in ids]
    assert answers == [True, False] * 6
    after = database()
    for request_id, ready in list(zip(ids, answers, strict=True))[-8:]:
        assert table.call("toggleReady", guest, requestID=request_id) == {"success": True, "ready": ready}
    assert_unchanged(after)
    log = moves_log(table, guest)
    assert len(log["entries"]) <= 8 + 4, "the request log must stay bounded"


@pytest.mark.parametrize("request_id", ["", "x" * 65, "has space", "dot.ted", "é", "~server", 7, None, ["a"]])
def test_a_malformed_request_id_is_invalid_argument_and_changes_nothing(request_id):
    table = Table.open(2)
    assert_rejected("toggleReady", {"roomID": table.room_id, "requestID": request_id}, table.players[1],
                    "invalid-argument", "INVALID_ARGUMENT")


def test_a_request_id_of_sixty_four_allowed_characters_is_accepted():
    table = Table.open(2)
    request_id = ("Az09_-" * 11)[:64]
    assert table.call("toggleReady", table.players[1], requestID=request_id) == {"success": True, "ready": True}


def moves_log(table: Table, player: client.User) -> dict:
    """`player`'s log of their moves at `table`, kept in its server-only state document."""
    log: dict = client.admin_get(f"rooms/{table.room_id}/private/state")["requests"][player.uid]
    return log


def test_the_request_logs_are_server_only():
    table = Table.open(2)
    guest = table.players[1]
    table.call("toggleReady", guest, requestID=fresh_id())
    assert client.admin_get(f"requestLog/{guest.uid}") is not None  # joining: their own log
    assert moves_log(table, guest)["entries"]  # a move: the room's
    for reader in (guest, table.players[0], new_player()):
        assert client.read_error(f"requestLog/{guest.uid}", reader).code == "permission-denied"
        assert client.read_error(f"rooms/{table.room_id}/private/state", reader).code == "permission-denied"


def test_a_move_keeps_its_entry_with_the_table_and_writes_no_log_of_its_own():
    """Issue 38: a move's exactly-once costs no document of its own: its entry is written with the
    room's state, which the move writes anyway; the player's own log is left as it was."""
    table = Table.playing("1NT")
    room = table.room()
    player = table.to_act(room)
    own = client.admin_get(f"requestLog/{player.uid}")
    request_id = fresh_id()
    assert table.call("playCard", player, card=table.told(player, room)[0], requestID=request_id) == {"success": True}
    assert client.admin_get(f"requestLog/{player.uid}") == own
    assert moves_log(table, player)["entries"][-1]["id"] == request_id


def test_a_move_recorded_in_the_players_own_log_before_the_entries_moved_is_still_answered_once():
    """Rooms stored before issue 38 have their moves' entries in each player's own log: a resend
    of such a move is answered from there, and the player's next move carries the room's entries
    over into the room's log."""
    table = Table.open(2)
    guest = table.players[1]
    request_id = fresh_id()
    first = table.call("toggleReady", guest, requestID=request_id)
    state_path, own_path = f"rooms/{table.room_id}/private/state", f"requestLog/{guest.uid}"
    stored, own = client.admin_get(state_path), client.admin_get(own_path)
    entry = stored.pop("requests")[guest.uid]["entries"][-1]
    client.admin_set(state_path, stored)  # as stored before: no `requests`, the entry in the player's own log
    client.admin_set(own_path, {**own, "entries": [*own["entries"], entry]})
    after = database()
    assert table.call("toggleReady", guest, requestID=request_id) == first
    assert_unchanged(after)
    assert table.call("toggleReady", guest, requestID=fresh_id()) == {"success": True, "ready": False}
    assert request_id in [kept["id"] for kept in moves_log(table, guest)["entries"]]
    after = database()
    assert table.call("toggleReady", guest, requestID=request_id) == first
    assert_unchanged(after)


def test_a_room_keeps_the_logs_of_the_eight_people_who_moved_there_last():
    table = Table.open(1)
    movers = []
    for _ in range(9):
        person = new_player()
        assert client.call("joinGameRoom", {"roomID": table.room_id}, person) == {"success": True}
        assert table.call("toggleReady", person, requestID=fresh_id())["ready"] is True
        assert client.call("leaveGameRoom", {"roomID": table.room_id}, person) is None
        movers.append(person.uid)
    logs = client.admin_get(f"rooms/{table.room_id}/private/state")["requests"]
    assert set(logs) == set(movers[1:])
