"""TigerBridge through the callables (docs/TIGER.md): a room of the variant, the ladder of 5-9
rounds with no doubling, the Lookout shown from the opening lead on and played by the
proclaimer, set points on the sheet and a whole match to two game points."""
from __future__ import annotations

from tests import client
from tests.service.test_contract import play_a_match_against_bots, play_one
from tests.table import Table, assert_rejected, new_player

TIGER = {"variant": "tiger"}


def test_a_tiger_room_scores_sets_and_has_no_fixed_length():
    table = Table.open(1, settings=TIGER)
    assert table.room()["settings"] == {
        "variant": "tiger", "inviteOnly": False, "deals": 0, "scoring": "sets", "turnSeconds": 0,
        "botReplacesLeaver": False, "botLevel": "basic", "chat": True, "undo": True}
    user = new_player()
    for settings in ({**TIGER, "deals": 3}, {**TIGER, "honours": True}, {**TIGER, "scoring": "rubber"}):
        assert_rejected("createGameRoom", {"settings": settings}, user, "invalid-argument", "INVALID_SETTINGS")


def test_the_player_left_of_the_dealer_opens_on_a_ladder_of_five_to_nine_rounds_with_no_doubling():
    table = Table.started(settings=TIGER)
    assert table.room()["turn"] == 1  # the first deal's dealer is position 0
    for bid in ("4S", "1NT", "X", "XX"):
        table.reject("placeBid", table.to_act(), "invalid-argument", "INVALID_BID", bid=bid)
    table.bid("5S")
    error = table.reject("placeBid", table.to_act(), "failed-precondition", "BID_TOO_LOW", bid="5NT")
    assert "5S" in error.message
    room = table.auction("6NT", "PASS", "PASS", "PASS")
    assert room["status"] == "playing" and room["turn"] == 3  # the defender left of the proclaimer
    assert room["contract"] == {"declarer": 2, "bid": "6NT", "doubled": None, "trump": None, "target": 6,
                                "defenderTarget": 8}


def test_the_lookout_is_shown_after_the_opening_lead_and_played_by_the_proclaimer():
    table = Table.started(settings=TIGER)
    table.auction("7H", "PASS", "PASS", "PASS")  # proclaimed by position 1; the Lookout is 3
    lookout_hand = table.hand(table.at(3))
    assert all(table.room(player)["dummy"] is None for player in table.players)
    room = play_one(table)  # the opening lead, by position 2
    assert (room["dummy"]["position"], room["dummy"]["cards"], room["turn"]) == (3, lookout_hand, 3)
    table.reject("playCard", table.at(3), "failed-precondition", "NOT_YOUR_TURN", card=lookout_hand[0])
    while room["status"] == "playing":
        room = play_one(table)
    result, sheet = room["result"], room["match"]["sheet"]
    assert len(room["tricks"]) == 13 and result["contract"] == "7H"
    taken = result["declarerTricks"]
    side, other = ("EW", "NS")
    expected = {side: min(taken - 7, 5), other: 0} if taken >= 7 else {side: 0, other: min(7 - taken, 5)}
    assert {s: result["points"][s].get("setPoints", 0) for s in ("NS", "EW")} == expected
    assert {s: sheet[s]["setPoints"] for s in ("NS", "EW")} == expected
    record = client.read(f"rooms/{table.room_id}/deals/1", table.players[0])
    assert record["variant"] == "tiger" and record["result"] == result


def test_a_whole_tiger_match_through_the_callables_ends_at_two_game_points():
    table, room, deals = play_a_match_against_bots(TIGER)
    sheet, scores = room["match"]["sheet"], room["match"]["scores"]
    games = sorted([sheet["NS"]["gamePoints"], sheet["EW"]["gamePoints"]])
    assert games in ([1, 2], [0, 3])
    for side, positions in (("NS", (0, 2)), ("EW", (1, 3))):
        for position in positions:
            assert scores[room["seating"][position]] == sheet[side]["gamePoints"]
    records = [client.read(f"rooms/{table.room_id}/deals/{n}", table.players[0]) for n in range(1, deals + 1)]
    for side in ("NS", "EW"):
        assert sum(r["result"]["points"][side].get("gamePoints", 0) for r in records) == sheet[side]["gamePoints"]
