"""PlayerAccounts as the callables see them (SPEC §3): the trigger makes an email user's account;
an anonymous user's account is made by their first successful callable, in the same transaction."""
from __future__ import annotations

import datetime as dt

import pytest

from tests import client
from tests.table import Table, assert_rejected, new_player

pytestmark = pytest.mark.usefixtures("emulator")

NEW_STATS = {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0}


def test_an_email_users_account_exists_before_any_callable():
    alice = new_player(name="Alice")
    account = client.read(f"players/{alice.uid}", alice)
    assert account["uid"] == alice.uid and account["displayName"] == "Alice"
    assert account["roomID"] is None and account["stats"] == NEW_STATS
    assert isinstance(account["createdAt"], dt.datetime)


def test_an_email_users_first_room_updates_the_trigger_made_account():
    alice = new_player(name="Alice")
    created = client.read(f"players/{alice.uid}", alice)
    room_id = client.call("createGameRoom", {}, alice)["roomID"]
    account = client.read(f"players/{alice.uid}", alice)
    assert account == {**created, "roomID": room_id}
    assert client.read(f"rooms/{room_id}", alice)["players"][0]["displayName"] == "Alice"


def test_an_anonymous_user_has_no_account_until_a_callable_succeeds():
    guest = new_player(anonymous=True)
    assert client.admin_get(f"players/{guest.uid}") is None
    assert client.read_error(f"players/{guest.uid}", guest).code == "not-found"


def test_create_game_room_creates_the_account_of_an_anonymous_caller():
    guest = new_player(anonymous=True)
    room_id = client.call("createGameRoom", {}, guest)["roomID"]
    account = client.read(f"players/{guest.uid}", guest)
    assert set(account) == {"uid", "displayName", "createdAt", "roomID", "eventID", "directing", "tournaments",
                            "entered", "stats"}
    assert account["uid"] == guest.uid
    assert account["roomID"] == room_id
    assert account["stats"] == NEW_STATS
    assert isinstance(account["createdAt"], dt.datetime)
    assert account["displayName"] == f"Player-{guest.uid[:6]}"
    # The room shows the same name the account holds.
    assert client.read(f"rooms/{room_id}", guest)["players"][0]["displayName"] == account["displayName"]


def test_join_game_room_creates_the_account_of_an_anonymous_caller():
    table = Table.open(1)
    guest = new_player(anonymous=True)
    table.join(guest)
    account = client.read(f"players/{guest.uid}", guest)
    assert account["uid"] == guest.uid and account["roomID"] == table.room_id and account["stats"] == NEW_STATS
    assert table.room()["players"][1]["displayName"] == account["displayName"]


def test_later_callables_keep_the_anonymous_account_they_created():
    guest = new_player(anonymous=True)
    room_id = client.call("createGameRoom", {}, guest)["roomID"]
    first = client.read(f"players/{guest.uid}", guest)
    client.call("leaveGameRoom", {"roomID": room_id}, guest)
    other = Table.open(1)
    other.join(guest)
    account = client.read(f"players/{guest.uid}", guest)
    assert account == {**first, "roomID": other.room_id}


def test_a_rejected_first_callable_creates_no_account():
    table = Table.open(4)
    guest = new_player(anonymous=True)
    table.reject("joinGameRoom", guest, "failed-precondition", "ROOM_FULL")
    assert_rejected("joinGameRoom", {"roomID": "noSuchRoom0000000000"}, guest, "not-found", "ROOM_NOT_FOUND")
    assert_rejected("createGameRoom", {"settings": {"bogus": True}}, guest, "invalid-argument", "INVALID_SETTINGS")
    assert client.admin_get(f"players/{guest.uid}") is None


@pytest.mark.parametrize("name", ["toggleReady", "leaveGameRoom", "placeBid", "chooseTeammate", "playCard",
                                  "inviteToRoom", "updateRoomSettings", "startGame"])
def test_calls_that_need_a_seat_create_no_account_for_an_anonymous_outsider(name):
    table = Table.started() if name in ("placeBid", "chooseTeammate", "playCard") else Table.open(2)
    guest = new_player(anonymous=True)
    data = {"placeBid": {"bid": "1C"}, "chooseTeammate": {"card": "AS"}, "playCard": {"card": "AS"},
            "inviteToRoom": {"uid": table.players[1].uid}, "updateRoomSettings": {"settings": {"inviteOnly": True}}}
    request = {} if name == "startGame" else {"roomID": table.room_id, **data.get(name, {})}
    assert_rejected(name, request, guest, "permission-denied", "NOT_IN_ROOM")
    assert client.admin_get(f"players/{guest.uid}") is None


def test_stats_of_anonymous_players_are_kept_on_their_callable_made_accounts():
    table = Table.started(anonymous=[0, 1])
    leaver = table.players[1]
    table.leave(leaver)
    assert client.read(f"players/{leaver.uid}", leaver)["stats"] == {**NEW_STATS, "gamesAbandoned": 1}
