"""Memory Bridge through the callables (docs/MEMORY.md): a room of two seats, the first half of
no-trump tricks, the rest of the deck dealt, the dealer's auction and the second half, the
points on the result and the hand record of both halves, and a whole match against a bot."""
from __future__ import annotations

from tests import client
from tests.service.test_contract import play_a_match_against_bots
from tests.table import Table, assert_rejected, new_player

MEMORY = {"variant": "memory"}


def play_half(table: Table) -> dict:
    """The player to act plays a legal card until the half is over; the room afterwards."""
    room = table.room()
    status = room["status"]
    while room["status"] == status:
        player = table.to_act(room)
        table.play(table.choose_card(player, room), player)
        room = table.room()
    return room


def test_a_memory_room_has_two_seats_and_plays_to_a_target_score():
    table = Table.open(2, settings={**MEMORY, "targetScore": 800})
    assert table.room()["settings"] == {
        "variant": "memory", "inviteOnly": False, "deals": 0, "scoring": "target", "turnSeconds": 0,
        "botReplacesLeaver": False, "botLevel": "basic", "chat": True, "undo": True, "targetScore": 800}
    table.reject("joinGameRoom", new_player(), "failed-precondition", "ROOM_FULL")
    user = new_player()
    for settings in ({**MEMORY, "targetScore": 50}, {**MEMORY, "deals": 2}, {**MEMORY, "honours": True},
                     {"targetScore": 500}):
        assert_rejected("createGameRoom", {"settings": settings}, user, "invalid-argument", "INVALID_SETTINGS")


def test_a_deal_is_a_first_half_then_the_rest_dealt_an_auction_and_a_second_half():
    table = Table.started(seats=2, settings=MEMORY)
    room = table.room()
    assert room["status"] == "firstHalf" and room["turn"] == 1 and room["contract"] is None
    assert room["handSizes"] == [13, 13] and room["firstHalf"] is None
    table.reject("placeBid", table.to_act(room), "failed-precondition", "WRONG_PHASE", bid="1NT")
    first = {player.uid: table.hand(player) for player in table.players}
    room = play_half(table)
    assert room["status"] == "bidding" and room["turn"] == 0 and room["tricks"] == [] and room["bids"] == []
    assert len(room["firstHalf"]["tricks"]) == 13 and sum(room["firstHalf"]["tricksWon"]) == 13
    second = {player.uid: table.hand(player) for player in table.players}
    assert all(len(cards) == 13 for cards in second.values())
    seen = {c for cards in first.values() for c in cards}
    assert not seen & {c for cards in second.values() for c in cards}  # the other 26 cards
    table.bid("1NT")
    table.reject("placeBid", table.to_act(), "failed-precondition", "BID_TOO_LOW", bid="1S")
    room = table.auction("PASS")
    assert room["status"] == "playing" and room["contract"]["declarer"] == 0 and room["turn"] == 1
    assert room["dummy"] is None
    room = play_half(table)
    assert room["status"] in ("dealEnded", "ended") and len(room["tricks"]) == 13
    result, first_half = room["result"], room["firstHalf"]
    winner = "NS" if first_half["tricksWon"][0] >= 7 else "EW"
    assert result["points"][winner]["firstHalf"] >= 140
    record = client.read(f"rooms/{table.room_id}/deals/1", table.players[1])
    assert record["variant"] == "memory" and record["firstHalf"]["tricks"] == first_half["tricks"]
    assert {uid: h["cards"] for uid, h in zip(record["players"], record["firstHalf"]["hands"], strict=True)} == first
    assert {uid: h["cards"] for uid, h in zip(record["players"], record["hands"], strict=True)} == second
    scores = room["match"]["scores"]
    assert sum(scores.values()) == sum(sum(kinds.values()) for kinds in result["points"].values())


def test_a_whole_memory_match_against_a_bot_ends_at_the_target():
    table, room, deals = play_a_match_against_bots({**MEMORY, "targetScore": 300}, bots=1)
    scores = room["match"]["scores"]
    assert max(scores.values()) >= 300 and len(set(scores.values())) == 2
    me = table.players[0]
    records = [client.read(f"rooms/{table.room_id}/deals/{n}", me) for n in range(1, deals + 1)]
    assert [r["dealer"] for r in records] == [n % 2 for n in range(deals)]
    for uid, total in scores.items():
        assert sum(r["scoreChanges"][uid] for r in records) == total
