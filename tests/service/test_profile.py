"""Display names (SPEC §14): a name is public in every room, so it never comes from the email;
`updateProfile` sets it on the account and at the caller's seat, with a length cap and no
control or format characters."""
from __future__ import annotations

import os
import uuid

import pytest

from tests import client
from tests.table import Table, assert_rejected, assert_unchanged, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def emulator_log_size() -> int:
    return os.path.getsize(os.environ["EMULATOR_LOG"]) if os.environ.get("EMULATOR_LOG") else 0


def emulator_log_since(offset: int) -> str:
    path = os.environ.get("EMULATOR_LOG")
    assert path, "EMULATOR_LOG is not set: run the tests with ./scripts/test"
    with open(path, "rb") as log:
        log.seek(offset)
        return log.read().decode("utf-8", "replace")


def test_no_part_of_an_email_address_shows_in_any_document_or_log_line():
    local, domain = f"zebra.quartz{uuid.uuid4().hex[:6]}", "mango-example.com"
    offset = emulator_log_size()
    owner = client.sign_up(email=f"{local}@{domain}")
    table = Table.open(4, players=[owner, new_player(anonymous=True), new_player(), new_player(anonymous=True)])
    table.ready_all()
    table.start()
    assert client.read(f"players/{owner.uid}", owner)["displayName"] == f"Player-{owner.uid[:6]}"
    assert table.room(table.players[1])["players"][0]["displayName"] == f"Player-{owner.uid[:6]}"
    parts = [local, *local.split("."), domain.split(".")[0], domain]
    stored = repr(database())
    assert not [part for part in parts if part in stored], "the email leaked into a document"
    logged = emulator_log_since(offset)
    assert "createAccount" in logged or "createGameRoom" in logged  # the control: the log was read
    assert not [part for part in parts if part in logged], "the email leaked into the functions log"


def test_update_profile_renames_the_account_and_the_seat_in_one_change():
    table = Table.open(2)
    player = table.players[1]
    version = table.room()["version"]
    assert client.call("updateProfile", {"displayName": "  Queen of Spades  "}, player) == {
        "success": True, "displayName": "Queen of Spades"}
    assert client.read(f"players/{player.uid}", player)["displayName"] == "Queen of Spades"
    room = table.room(table.players[0])
    assert room["players"][1]["displayName"] == "Queen of Spades"
    assert room["version"] == version + 1


def test_update_profile_renames_the_seat_during_a_game():
    table = Table.playing("1NT")
    player = table.players[2]
    client.call("updateProfile", {"displayName": "Declarer's Friend"}, player)
    assert table.room()["players"][2]["displayName"] == "Declarer's Friend"


def test_an_ended_room_keeps_the_names_it_ended_with():
    table = Table.started()
    table.leave(table.players[3])  # abandons: the room has ended
    player = table.players[0]
    before = table.room()
    assert before["status"] == "ended"
    client.call("updateProfile", {"displayName": "Renamed Later"}, player)
    assert table.room() == before
    assert client.read(f"players/{player.uid}", player)["displayName"] == "Renamed Later"


def test_a_player_in_no_room_renames_the_account_only():
    player = new_player()
    assert client.call("updateProfile", {"displayName": "Solo"}, player)["displayName"] == "Solo"
    assert client.read(f"players/{player.uid}", player)["displayName"] == "Solo"


def test_an_anonymous_player_gets_the_account_with_the_chosen_name():
    guest = new_player(anonymous=True)
    client.call("updateProfile", {"displayName": "Guest Star"}, guest)
    account = client.read(f"players/{guest.uid}", guest)
    assert account["displayName"] == "Guest Star" and account["roomID"] is None
    room_id = client.call("createGameRoom", {}, guest)["roomID"]
    assert client.read(f"rooms/{room_id}", guest)["players"][0]["displayName"] == "Guest Star"


def test_a_name_of_twenty_four_characters_after_trimming_is_accepted():
    name = "x" * 24
    assert client.call("updateProfile", {"displayName": f"  {name}\t"}, new_player())["displayName"] == name


@pytest.mark.parametrize("name", ["", "   ", "y" * 25, "bell\u0007", "right\u202eto-left", "zero\u200bwidth",
                                  "two\u2028lines", "tab\there", 7, None, ["Ann"]])
def test_a_bad_display_name_is_invalid_argument_and_changes_nothing(name):
    player = new_player()
    assert_rejected("updateProfile", {"displayName": name}, player, "invalid-argument", "INVALID_ARGUMENT")


def test_a_lone_surrogate_is_no_name():
    """JSON's "\\ud800" decodes to a lone surrogate: not text, and Firestore could not store it."""
    player = new_player()
    before = database()
    response = client.call_raw("updateProfile", '{"data": {"displayName": "A\\ud800"}}', player)
    assert response.status_code == 400
    assert response.json()["error"]["details"] == {"reason": "INVALID_ARGUMENT"}
    assert_unchanged(before)


@pytest.mark.parametrize("data", [{}, {"displayName": "Ann", "roomID": "x"}, None, "Ann"])
def test_malformed_update_profile_data_is_invalid_argument(data):
    assert_rejected("updateProfile", data, new_player(), "invalid-argument", "INVALID_ARGUMENT")


def test_update_profile_needs_a_signed_in_caller():
    assert_rejected("updateProfile", {"displayName": "Nobody"}, None, "unauthenticated", "UNAUTHENTICATED")


def test_a_resent_update_profile_is_answered_once():
    table = Table.open(2)
    data = {"displayName": "Once", "requestID": uuid.uuid4().hex}
    first = client.call("updateProfile", data, table.players[1])
    after = database()
    assert client.call("updateProfile", data, table.players[1]) == first
    assert_unchanged(after)
