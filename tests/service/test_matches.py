"""Matches of several deals in one room, through the callables (SPEC §9): statuses between deals,
the next deal, joining and leaving between deals, abandoning mid-match, the score against an
oracle computed here from the public tricks, the hand records and who may read them, and stats
that count deals."""
from __future__ import annotations

from typing import Any

import pytest

from tests import client
from tests.table import DECK, Room, Table, assert_rejected, new_player, trick_winner

pytestmark = pytest.mark.usefixtures("emulator")

#: A known dealer for the first deal (0) and no automatic redeal: dealers are predictable.
NO_WASH = {"washRule": False}
CONTRACTS = ("1NT", "2S", "3H", "4D", "2C")


def play_deal(table: Table, bid: str) -> Room:
    """From the start of a deal's auction: `bid` wins, a partner card is named, legal cards to the end."""
    table.win_auction(bid)
    table.choose_teammate()
    return table.play_to_end()


def next_deal(table: Table) -> Room:
    table.ready_all()
    table.start()
    return table.room()


def oracle_points(room: Room, scoring: str) -> dict[str, int]:
    """The points of a finished deal, from its public tricks alone: trick winners by the rules,
    the sides from the declarer and the revealed partner, the winners from the targets."""
    contract = room["contract"]
    winners_by_trick = [trick_winner(trick["cards"], contract["trump"]) for trick in room["tricks"]]
    assert winners_by_trick == [trick["winner"] for trick in room["tricks"]]
    side = {contract["declarer"], room["partnerPosition"]}
    ours = sum(winner in side for winner in winners_by_trick)
    theirs = len(winners_by_trick) - ours
    made = ours >= contract["target"]
    assert made or theirs >= contract["defenderTarget"], "the deal ended before a side reached its target"
    winners = side if made else {0, 1, 2, 3} - side
    points = 1 if scoring == "deals" else (ours if made else theirs)
    return {uid: points if position in winners else 0 for position, uid in enumerate(room["seating"])}


def account(user: client.User) -> dict[str, Any]:
    return client.read(f"players/{user.uid}", user)


def record_path(table: Table, number: int) -> str:
    return f"rooms/{table.room_id}/deals/{number}"


@pytest.mark.parametrize("scoring", ["deals", "tricks"])
def test_a_three_deal_match_scores_every_deal_and_ends_after_the_third(scoring):
    table = Table.started(settings={**NO_WASH, "deals": 3, "scoring": scoring})
    totals: dict[str, int] = {}
    won = {player.uid: 0 for player in table.players}
    for number in (1, 2, 3):
        room = table.room()
        assert (room["status"], room["dealer"], room["match"]["dealNumber"]) == ("bidding", number - 1, number)
        assert room["result"] is None
        hands = {player.uid: table.hand(player) for player in table.players}
        room = play_deal(table, CONTRACTS[number])
        points = oracle_points(room, scoring)
        for uid, n in points.items():
            totals[uid] = totals.get(uid, 0) + n
        for uid in room["result"]["winners"]:
            won[uid] += 1
        names = {player["uid"]: player["displayName"] for player in room["players"]}
        assert room["match"] == {"dealNumber": number, "deals": 3, "scores": totals, "names": names, "sheet": None}
        record = client.read(record_path(table, number), table.players[number % 4])
        assert record["scoreChanges"] == points
        assert (record["number"], record["dealer"], record["players"]) == (number, number - 1, room["seating"])
        assert [h["cards"] for h in record["hands"]] == [hands[uid] for uid in room["seating"]]
        assert (record["tricks"], record["result"], record["bids"]) == (room["tricks"], room["result"], room["bids"])
        if number < 3:
            assert room["status"] == "dealEnded"
            assert [p["ready"] for p in room["players"]] == [False] * 4
            assert room["turn"] is None and room["result"]["winners"]
            next_deal(table)
    assert room["status"] == "ended"
    for player in table.players:
        assert account(player)["stats"] == {"gamesPlayed": 3, "gamesWon": won[player.uid], "gamesAbandoned": 0}


def test_a_match_with_no_fixed_end_deals_on_and_passes_the_deal_left_each_time():
    table = Table.started(settings={**NO_WASH, "deals": 0})
    for number in range(1, 7):
        room = table.room()
        assert (room["dealer"], room["match"]["dealNumber"], room["match"]["deals"]) == ((number - 1) % 4, number, 0)
        room = play_deal(table, CONTRACTS[number % len(CONTRACTS)])
        assert room["status"] == "dealEnded"
        assert client.read(record_path(table, number), table.players[0])["number"] == number
        if number < 6:
            next_deal(table)
    assert sum(room["match"]["scores"].values()) == 2 * 6  # two winners a deal
    for player in table.players:
        assert account(player)["stats"]["gamesPlayed"] == 6


def test_a_deals_hand_record_exists_for_nobody_until_the_deal_has_finished():
    table = Table.started(settings={**NO_WASH, "deals": 2})
    stranger = new_player()
    path = record_path(table, 1)
    readers = [*table.players, stranger]
    for reader in readers:
        assert client.read_error(path, reader).code == "not-found"
    table.win_auction("2S")
    table.choose_teammate()
    table.play_legal()
    for reader in readers:
        assert client.read_error(path, reader).code == "not-found"
    room = table.play_to_end()
    records = [client.read(path, reader) for reader in readers]
    # the same record for every reader; its analysis, which the trigger adds once the record is
    # written, may arrive between two of the reads
    played = [{k: v for k, v in record.items() if k not in ("analysis", "analysisSkipped")} for record in records]
    assert all(record == played[0] for record in played)
    assert sorted(card for hand in records[0]["hands"] for card in hand["cards"]) == sorted(DECK)
    assert records[0]["partnerCard"] == room["partnerCard"] and records[0]["partner"] == room["partnerPosition"]


def test_an_invite_only_rooms_hand_records_are_for_its_members_and_invitees_only():
    table = Table.open(4, settings={**NO_WASH, "inviteOnly": True, "deals": 2})
    invitee, stranger = new_player(), new_player()
    table.invite(invitee)
    table.ready_all()
    table.start()
    play_deal(table, "1NT")
    path = record_path(table, 1)
    assert client.read(path, invitee)["number"] == 1
    assert client.read(path, table.players[3])["number"] == 1
    assert client.read_error(path, stranger).code == "permission-denied"


def test_leaving_between_deals_empties_the_seat_keeps_the_scores_and_the_room_waits_for_a_fourth():
    table = Table.started(settings={**NO_WASH, "deals": 3})
    room = play_deal(table, "1NT")
    scores = room["match"]["scores"]
    leaver = table.players[2]
    table.leave(leaver)
    table.players.remove(leaver)
    room = table.room()
    assert room["status"] == "waiting"
    assert [p["uid"] for p in room["players"]] == [p.uid for p in table.players]
    assert [p["position"] for p in room["players"]] == [0, 1, 2]
    assert room["match"]["scores"] == scores and room["result"]["abandonedBy"] is None
    assert room["match"]["names"][leaver.uid] == account(leaver)["displayName"]
    assert account(leaver)["roomID"] is None and account(leaver)["stats"]["gamesAbandoned"] == 0
    for player in table.players:
        table.toggle_ready(player)
    assert_rejected("startGame", {}, table.host(), "failed-precondition", "NOT_ENOUGH_PLAYERS")
    newcomer = new_player()
    table.join(newcomer)
    assert_rejected("startGame", {}, table.host(), "failed-precondition", "NOT_ALL_READY")
    table.toggle_ready(newcomer)
    table.start()
    room = table.room()
    assert room["status"] == "bidding" and room["match"]["dealNumber"] == 2
    assert room["seating"] == [p.uid for p in table.players] and room["dealer"] == 1
    assert room["match"]["scores"] == {**scores, newcomer.uid: 0}
    assert room["result"] is None


def test_between_deals_the_table_is_full_and_only_the_host_deals_once_all_are_ready():
    table = Table.started(settings={**NO_WASH, "deals": 2})
    play_deal(table, "3H")
    host, guest = table.players[0], table.players[1]
    assert_rejected("joinGameRoom", {"roomID": table.room_id}, new_player(), "failed-precondition", "ROOM_FULL")
    assert_rejected("startGame", {}, host, "failed-precondition", "NOT_ALL_READY")
    table.ready_all()
    assert_rejected("startGame", {}, guest, "permission-denied", "NOT_HOST")
    table.reject("placeBid", guest, "failed-precondition", "WRONG_PHASE", bid="1C")
    table.reject("updateRoomSettings", host, "failed-precondition", "GAME_STARTED", settings={"inviteOnly": True})
    table.start()
    assert table.room()["status"] == "bidding"


def test_the_match_settings_are_fixed_once_the_first_deal_is_dealt():
    table = Table.started(settings={**NO_WASH, "deals": 2, "scoring": "tricks"})
    play_deal(table, "1NT")
    table.leave(table.players[3])
    table.players.pop()
    host = table.host()
    for settings in ({"deals": 5}, {"scoring": "deals"}, {"deals": 0, "inviteOnly": True}):
        table.reject("updateRoomSettings", host, "failed-precondition", "GAME_STARTED", settings=settings)
    # A settings form that resends every current value changes only what differs.
    current = {**table.room()["settings"], "inviteOnly": True}
    assert table.call("updateRoomSettings", host, settings=current) == {"success": True}
    assert table.room()["settings"] == current and current["scoring"] == "tricks"


@pytest.mark.parametrize("settings", [{"deals": -1}, {"deals": 101}, {"deals": 2.5}, {"deals": True}, {"deals": "3"},
                                      {"scoring": "rubber"}, {"scoring": None}, {"variant": "whist"}])
def test_a_bad_deals_scoring_or_variant_setting_is_invalid_settings_and_changes_nothing(settings):
    table = Table.open(2)
    table.reject("updateRoomSettings", table.host(), "invalid-argument", "INVALID_SETTINGS", settings=settings)
    assert_rejected("createGameRoom", {"settings": settings}, new_player(), "invalid-argument", "INVALID_SETTINGS")


def test_leaving_mid_match_during_a_deal_abandons_the_match_and_keeps_the_score_so_far():
    table = Table.started(settings={**NO_WASH, "deals": 3})
    scores = play_deal(table, "2S")["match"]["scores"]
    next_deal(table)
    table.win_auction("1NT")
    leaver = table.players[1]
    table.leave(leaver)
    room = table.room(table.players[0])
    assert room["status"] == "ended" and room["result"]["abandonedBy"] == leaver.uid
    assert (room["match"]["dealNumber"], room["match"]["deals"], room["match"]["scores"]) == (2, 3, scores)
    assert room["match"]["names"][leaver.uid] == account(leaver)["displayName"]  # a leaver keeps a name
    assert client.read_error(record_path(table, 2), table.players[0]).code == "not-found"
    assert account(leaver)["stats"] == {"gamesPlayed": 1, "gamesWon": scores[leaver.uid], "gamesAbandoned": 1}
    assert_rejected("startGame", {}, table.players[0], "failed-precondition", "GAME_ENDED")


def test_the_last_player_leaving_deletes_the_room_its_state_and_its_hand_records():
    table = Table.started(settings={**NO_WASH, "deals": 2})
    play_deal(table, "1NT")
    paths = [f"rooms/{table.room_id}", f"rooms/{table.room_id}/private/state", record_path(table, 1)]
    assert all(client.admin_get(path) is not None for path in paths)
    for player in table.players:
        table.leave(player)
    assert [client.admin_get(path) for path in paths] == [None, None, None]
    assert [p for p in client.snapshot() if p.startswith(f"rooms/{table.room_id}")] == []
