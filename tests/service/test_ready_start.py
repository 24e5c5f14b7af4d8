"""toggleReady and startGame (SPEC §4, §5.1-5.2)."""
from __future__ import annotations

import pytest
from cryptography.exceptions import InvalidTag

from tests import client
from tests.table import DECK, HAND_SIZE, Table, assert_rejected, database, hand_points, new_player

pytestmark = pytest.mark.usefixtures("emulator")


# ---- toggleReady ---------------------------------------------------------------------------

def test_toggle_ready_flips_the_callers_ready_flag_and_reports_it():
    table = Table.open(2, anonymous=[1])
    host, guest = table.players
    version = table.room()["version"]
    assert client.call("toggleReady", {"roomID": table.room_id}, guest) == {"success": True, "ready": True}
    room = table.room()
    assert [p["ready"] for p in room["players"]] == [False, True]
    assert room["version"] == version + 1
    assert client.call("toggleReady", {"roomID": table.room_id}, guest) == {"success": True, "ready": False}
    assert client.call("toggleReady", {"roomID": table.room_id}, host) == {"success": True, "ready": True}
    room = table.room()
    assert [p["ready"] for p in room["players"]] == [True, False]
    assert room["version"] == version + 3


def test_toggle_ready_rejects_a_player_not_in_the_room():
    table = Table.open(2)
    table.reject("toggleReady", new_player(), "permission-denied", "NOT_IN_ROOM")
    table.reject("toggleReady", Table.open(1).players[0], "permission-denied", "NOT_IN_ROOM")


def test_toggle_ready_rejects_a_room_that_does_not_exist():
    table = Table.open(1)
    assert_rejected("toggleReady", {"roomID": "noSuchRoom0000000000"}, table.players[0], "not-found", "ROOM_NOT_FOUND")


def test_toggle_ready_rejects_a_started_game():
    table = Table.started()
    for player in table.players:
        table.reject("toggleReady", player, "failed-precondition", "GAME_STARTED")


def test_toggle_ready_rejects_an_ended_game():
    table = Table.started()
    table.leave(table.players[1])
    table.reject("toggleReady", table.players[0], "failed-precondition", "GAME_ENDED")


# ---- startGame -----------------------------------------------------------------------------

def test_start_game_deals_thirteen_cards_each_and_opens_the_auction_left_of_dealer_0():
    table = Table.ready(settings={"washRule": False}, anonymous=[3])
    version = table.room()["version"]
    assert client.call("startGame", {}, table.players[0]) == {"success": True}

    room = table.room(table.players[2])
    assert room["status"] == "bidding"
    assert (room["dealer"], room["turn"], room["washes"]) == (0, 1, 0)
    assert room["bids"] == [] and room["highestBid"] is None
    assert room["contract"] is None and room["partnerCard"] is None and room["partnerPosition"] is None
    assert room["trick"] is None and room["tricks"] == [] and room["tricksWon"] == [0, 0, 0, 0]
    assert room["trumpBroken"] is False and room["result"] is None
    assert room["handSizes"] == [HAND_SIZE] * 4
    assert room["version"] == version + 1
    assert [p["uid"] for p in room["players"]] == [p.uid for p in table.players]

    hands = table.hands(room)
    assert all(len(hand) == HAND_SIZE for hand in hands)
    assert sorted(card for hand in hands for card in hand) == sorted(DECK)


def test_start_game_accepts_null_data():
    table = Table.ready()
    assert client.call("startGame", None, table.players[0]) == {"success": True}
    assert table.room()["status"] == "bidding"


def test_each_hand_opens_with_its_owners_key_alone_and_each_key_is_its_owners_alone():
    table = Table.started(anonymous=[1])
    outsider, guest = new_player(), new_player(anonymous=True)
    room = table.room()
    for owner in table.players:
        assert len(table.told_hand(owner, room)["cards"]) == HAND_SIZE
        path = f"rooms/{table.room_id}/keys/{owner.uid}"
        for reader in [*table.others(owner), outsider, guest, None]:
            assert client.read_error(path, reader).code == "permission-denied"
        for other in table.others(owner):
            with pytest.raises(InvalidTag):
                client.hand_in(room, owner.uid, table.key(other))


def test_a_key_stays_while_its_person_is_in_the_last_deal_and_is_the_same_when_they_come_back():
    """A key document exists for the people of the room's current or last deal, as their hands do
    (so a room holds at most one a seat, however many come and go), and it is always the same key
    for one person at one room."""
    table = Table.playing("1NT", settings={"deals": 3, "washRule": False})
    table.play_to_end()
    leaver, newcomer = table.players[3], new_player()
    key = table.key(leaver)

    def path(user: client.User) -> str:
        return f"rooms/{table.room_id}/keys/{user.uid}"

    table.leave(leaver)
    table.players.remove(leaver)
    assert client.admin_get(path(leaver)) == {"key": key}  # their hand of the last deal is still theirs
    table.join(newcomer)
    table.ready_all()
    table.start()
    assert client.admin_get(path(leaver)) is None and client.admin_get(path(newcomer)) is not None
    assert len([p for p in database() if p.startswith(f"rooms/{table.room_id}/keys/")]) == 4
    table.win_auction("1NT")
    table.choose_teammate()
    table.play_to_end()
    table.leave(newcomer)
    table.players.remove(newcomer)
    table.join(leaver)
    table.ready_all()
    table.start()
    assert client.read(path(leaver), leaver) == {"key": key}
    assert len(table.told_hand(leaver)["cards"]) == HAND_SIZE


def test_the_public_room_document_shows_no_card_of_any_hand():
    table = Table.started()
    room = table.room(new_player())
    # The bidder's calls are bids, not cards ("2C" is both): the room names them, nothing else.
    text = repr({**room, "legal": [{**entry, "placeBid": []} for entry in room["legal"]]})
    assert room["legal"][room["turn"]]["placeBid"][0] == "PASS"
    held = [card for hand in table.hands() for card in hand]
    assert not any(f"'{card}'" in text for card in held)


def test_under_the_wash_rule_no_hand_is_weak_and_every_wash_passed_the_deal_left():
    # With the wash rule (the default) a deal with a hand under 4 points is redealt, the deal
    # passing left each time; a few games make it likely that at least one washes.
    for _ in range(3):
        table = Table.started()
        room = table.room()
        assert all(hand_points(hand) >= 4 for hand in table.hands(room))
        assert room["dealer"] == room["washes"] % 4
        assert room["turn"] == (room["dealer"] + 1) % 4


def test_start_game_rejects_a_caller_in_no_room():
    Table.ready()
    assert_rejected("startGame", {}, new_player(), "permission-denied", "NOT_IN_ROOM")
    assert_rejected("startGame", {}, new_player(anonymous=True), "permission-denied", "NOT_IN_ROOM")


def test_start_game_rejects_a_caller_who_left_the_room():
    table = Table.ready()
    leaver = table.players[0]
    table.leave(leaver)
    assert_rejected("startGame", {}, leaver, "permission-denied", "NOT_IN_ROOM")


def test_start_game_rejects_a_game_already_started():
    table = Table.started()
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "GAME_STARTED")


def test_start_game_rejects_an_ended_game():
    table = Table.started()
    table.leave(table.players[2])
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "GAME_ENDED")


def test_start_game_rejects_a_caller_who_is_not_the_host():
    table = Table.ready()
    for player in table.players[1:]:
        assert_rejected("startGame", {}, player, "permission-denied", "NOT_HOST")


@pytest.mark.parametrize("seated", [1, 3])
def test_start_game_rejects_fewer_than_four_players(seated):
    table = Table.open(seated)
    table.ready_all()
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "NOT_ENOUGH_PLAYERS")


@pytest.mark.parametrize("unready", [0, 3])
def test_start_game_rejects_a_table_not_all_ready(unready):
    table = Table.open(4)
    for position, player in enumerate(table.players):
        if position != unready:
            table.toggle_ready(player)
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "NOT_ALL_READY")


def test_start_game_rejects_a_table_where_a_player_became_unready():
    table = Table.ready()
    assert table.toggle_ready(table.players[2]) is False
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "NOT_ALL_READY")
