"""chooseTeammate (SPEC §4, §5.4)."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import DECK, Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")

NO_WASH = {"washRule": False}


def declarer_table(bid: str) -> tuple[Table, client.User]:
    """Auction won by position 1 with `bid` (dealer 0, no wash): the declarer is position 1."""
    table = Table.started(settings=NO_WASH)
    return table, table.win_auction(bid)


@pytest.mark.parametrize(("bid", "leader"), [("2H", 2), ("1NT", 1)])
def test_choose_teammate_publishes_the_card_but_not_its_holder_and_opens_play(bid, leader):
    table, declarer = declarer_table(bid)
    hands = table.hands()
    card = next(c for c in hands[3] if c not in hands[1])
    version = table.room()["version"]
    assert client.call("chooseTeammate", {"roomID": table.room_id, "card": card}, declarer) is None

    room = table.room(new_player())
    assert room["status"] == "playing"
    assert room["partnerCard"] == card
    assert room["partnerPosition"] is None
    # In NT the declarer leads; with a trump suit the player to the declarer's left.
    assert room["trick"] == {"leader": leader, "cards": []}
    assert room["turn"] == leader
    assert room["tricks"] == [] and room["tricksWon"] == [0, 0, 0, 0] and room["trumpBroken"] is False
    assert room["version"] == version + 1
    # The holder learns it from their own hand only.
    assert card in table.hand(table.at(3))


def test_choose_teammate_rejects_the_auction_phase():
    table = Table.started(settings=NO_WASH)
    table.bid("1C")
    for player in table.players:
        table.reject("chooseTeammate", player, "failed-precondition", "WRONG_PHASE", card="AS")


def test_choose_teammate_rejects_a_room_whose_game_has_not_started():
    table = Table.ready()
    table.reject("chooseTeammate", table.players[0], "failed-precondition", "WRONG_PHASE", card="AS")


def test_choose_teammate_rejects_choosing_again_once_play_began():
    table, declarer = declarer_table("1NT")
    chosen = table.choose_teammate()
    other = next(c for c in reversed(DECK) if c != chosen and c not in table.hand(declarer))
    table.reject("chooseTeammate", declarer, "failed-precondition", "WRONG_PHASE", card=other)


def test_choose_teammate_rejects_an_ended_game():
    table, declarer = declarer_table("1NT")
    table.leave(table.at(3))
    table.reject("chooseTeammate", declarer, "failed-precondition", "GAME_ENDED", card="AS")


def test_choose_teammate_rejects_a_player_not_in_the_room():
    table, declarer = declarer_table("1NT")
    card = next(c for c in DECK if c not in table.hand(declarer))
    table.reject("chooseTeammate", new_player(), "permission-denied", "NOT_IN_ROOM", card=card)
    table.reject("chooseTeammate", new_player(anonymous=True), "permission-denied", "NOT_IN_ROOM", card=card)


def test_choose_teammate_rejects_a_player_other_than_the_declarer():
    table, declarer = declarer_table("3D")
    for player in table.others(declarer):
        card = next(c for c in DECK if c not in table.hand(player))
        table.reject("chooseTeammate", player, "permission-denied", "NOT_DECLARER", card=card)


def test_choose_teammate_rejects_a_card_the_declarer_holds():
    table, declarer = declarer_table("2S")
    for card in table.hand(declarer)[:3]:
        table.reject("chooseTeammate", declarer, "failed-precondition", "OWN_CARD", card=card)


def test_choose_teammate_rejects_text_that_is_not_a_card():
    table, declarer = declarer_table("1NT")
    for text in ["1S", "10S", "as", "As", "SA", "ZZ", "", "A", "ASS", "XS", "AX", " AS"]:
        table.reject("chooseTeammate", declarer, "invalid-argument", "INVALID_CARD", card=text)
    for value in [14, None, False, ["AS"], {"card": "AS"}]:
        table.reject("chooseTeammate", declarer, "invalid-argument", "INVALID_CARD", card=value)
