"""placeBid (SPEC §4, §5.3)."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import HAND_SIZE, Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")

NO_WASH = {"washRule": False}


def test_the_auction_starts_left_of_the_dealer_and_goes_in_play_order():
    table = Table.started(settings=NO_WASH)
    expected = []
    for turn, bid in zip([1, 2, 3, 0, 1, 2], ["1C", "PASS", "1D", "PASS", "PASS", "2C"], strict=True):
        room = table.room()
        assert room["turn"] == turn
        player = table.at(turn, room)
        assert client.call("placeBid", {"roomID": table.room_id, "bid": bid}, player) is None
        expected.append({"position": turn, "bid": bid})
        room = table.room()
        assert room["bids"] == expected
        assert room["status"] == "bidding"
    assert room["highestBid"] == {"position": 2, "bid": "2C"}
    assert room["turn"] == 3


def test_every_call_raises_the_version_by_one():
    table = Table.started(settings=NO_WASH)
    version = table.room()["version"]
    for n, bid in enumerate(["1H", "PASS", "2C"], start=1):
        table.bid(bid)
        assert table.room()["version"] == version + n


def test_a_player_who_passed_may_bid_again():
    table = Table.started(settings=NO_WASH)
    room = table.auction("PASS", "1C", "PASS", "PASS")
    assert room["turn"] == 1 and room["status"] == "bidding"
    table.bid("1NT", table.at(1))
    assert table.room()["highestBid"] == {"position": 1, "bid": "1NT"}


@pytest.mark.parametrize(("first", "higher"), [("1C", "1D"), ("1D", "1H"), ("1H", "1S"), ("1S", "1NT"),
                                               ("1NT", "2C"), ("6NT", "7C")])
def test_bids_rank_by_level_then_suit(first, higher):
    table = Table.started(settings=NO_WASH)
    table.auction(first, higher)
    assert table.room()["highestBid"] == {"position": 2, "bid": higher}


@pytest.mark.parametrize(("bid", "trump"), [("1NT", None), ("3H", "H"), ("2C", "C")])
def test_three_passes_after_a_bid_make_it_the_contract(bid, trump):
    table = Table.started(settings=NO_WASH)
    room = table.auction("PASS", bid, "PASS", "PASS")
    assert room["status"] == "bidding"  # two passes are not enough
    version = room["version"]
    table.bid("PASS")
    room = table.room()
    level = int(bid[0])
    assert room["status"] == "choosingTeammate"
    assert room["contract"] == {"declarer": 2, "bid": bid, "doubled": None, "trump": trump,
                                "target": level + 6, "defenderTarget": 8 - level}
    assert room["turn"] == 2
    assert room["highestBid"] == {"position": 2, "bid": bid}
    assert [b["bid"] for b in room["bids"]] == ["PASS", bid, "PASS", "PASS", "PASS"]
    assert room["version"] == version + 1


def test_the_highest_bid_wins_not_the_last_bidder_before_the_passes():
    table = Table.started(settings=NO_WASH)
    room = table.auction("1C", "2D", "PASS", "3C", "PASS", "PASS", "PASS")
    assert room["status"] == "choosingTeammate"
    assert (room["contract"]["declarer"], room["contract"]["bid"]) == (0, "3C")


def test_seven_no_trump_ends_the_auction_at_once():
    table = Table.started(settings=NO_WASH)
    room = table.auction("1C", "7NT")
    assert room["status"] == "choosingTeammate"
    assert room["contract"] == {"declarer": 2, "bid": "7NT", "doubled": None, "trump": None, "target": 13,
                                "defenderTarget": 1}
    assert room["turn"] == 2


def test_four_passes_redeal_and_pass_the_deal_left():
    table = Table.started(settings=NO_WASH, anonymous=[2])
    old_hands = table.hands()
    room = table.auction("PASS", "PASS", "PASS")
    assert room["status"] == "bidding" and room["dealer"] == 0
    version = room["version"]
    table.bid("PASS")

    room = table.room()
    assert room["status"] == "bidding"
    assert (room["dealer"], room["turn"]) == (1, 2)
    assert room["bids"] == [] and room["highestBid"] is None
    assert room["handSizes"] == [HAND_SIZE] * 4
    assert room["version"] == version + 1
    new_hands = table.hands(room)
    assert all(len(hand) == HAND_SIZE for hand in new_hands)
    assert new_hands != old_hands

    # The new auction runs from the new dealer's left, and a second redeal moves the deal on.
    table.auction("PASS", "PASS", "PASS", "PASS")
    room = table.room()
    assert (room["dealer"], room["turn"], room["bids"]) == (2, 3, [])


# ---- rejections ----------------------------------------------------------------------------

def test_place_bid_rejects_a_room_whose_game_has_not_started():
    table = Table.ready()
    table.reject("placeBid", table.players[0], "failed-precondition", "WRONG_PHASE", bid="1C")


def test_place_bid_rejects_the_teammate_phase():
    table = Table.started()
    declarer = table.win_auction("1S")
    for player in table.players:
        table.reject("placeBid", player, "failed-precondition", "WRONG_PHASE", bid="2S")
    table.reject("placeBid", declarer, "failed-precondition", "WRONG_PHASE", bid="PASS")


def test_place_bid_rejects_the_playing_phase():
    table = Table.playing("2H")
    table.reject("placeBid", table.to_act(), "failed-precondition", "WRONG_PHASE", bid="3NT")


def test_place_bid_rejects_an_ended_game():
    table = Table.started(settings=NO_WASH)
    table.leave(table.players[3])
    table.reject("placeBid", table.players[1], "failed-precondition", "GAME_ENDED", bid="1C")


def test_place_bid_rejects_a_player_not_in_the_room():
    table = Table.started()
    table.reject("placeBid", new_player(), "permission-denied", "NOT_IN_ROOM", bid="1C")
    table.reject("placeBid", Table.started().to_act(), "permission-denied", "NOT_IN_ROOM", bid="1C")


def test_place_bid_rejects_a_player_out_of_turn():
    table = Table.started(settings=NO_WASH)
    for position in (0, 2, 3):
        table.reject("placeBid", table.at(position), "failed-precondition", "NOT_YOUR_TURN", bid="1C")
        table.reject("placeBid", table.at(position), "failed-precondition", "NOT_YOUR_TURN", bid="PASS")
    table.bid("1C", table.at(1))
    table.reject("placeBid", table.at(1), "failed-precondition", "NOT_YOUR_TURN", bid="2C")


@pytest.mark.parametrize("low", ["1H", "1D", "1C", "1S"])
def test_place_bid_rejects_a_bid_not_higher_than_the_highest(low):
    table = Table.started(settings=NO_WASH)
    table.auction("1S", "PASS")
    table.reject("placeBid", table.to_act(), "failed-precondition", "BID_TOO_LOW", bid=low)


def test_place_bid_rejects_a_lower_level_in_a_higher_suit():
    table = Table.started(settings=NO_WASH)
    table.auction("3C")
    table.reject("placeBid", table.to_act(), "failed-precondition", "BID_TOO_LOW", bid="2NT")


def test_a_pass_is_always_allowed_after_a_bid():
    table = Table.started(settings=NO_WASH)
    table.auction("7S", "PASS")
    assert table.room()["bids"][-1] == {"position": 2, "bid": "PASS"}


def test_place_bid_rejects_a_bid_that_is_not_a_bid():
    table = Table.started()
    player = table.to_act()
    for text in ["8C", "0NT", "1N", "1nt", "pass", "Pass", "NT", "1", "", " 1C", "1C ", "1CD", "P", "x", "XXX"]:
        table.reject("placeBid", player, "invalid-argument", "INVALID_BID", bid=text)
    for value in [1, None, True, ["1C"], {"bid": "1C"}]:
        table.reject("placeBid", player, "invalid-argument", "INVALID_BID", bid=value)


def test_floating_bridge_has_no_double_or_redouble():
    table = Table.started(settings=NO_WASH)
    table.auction("1C")
    for text in ["X", "XX"]:
        table.reject("placeBid", table.to_act(), "invalid-argument", "INVALID_BID", bid=text)
