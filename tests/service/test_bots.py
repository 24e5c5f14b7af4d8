"""Bot seats through the callables (SPEC §10): addBot / removeBot and their rejections, bots
moving on the server in the transaction of the call that hands them the turn, a person playing
whole deals and a match against three bots, and what nobody may read."""
from __future__ import annotations

import random

import pytest

from bridge import Deal
from bridge.room import is_bot
from bridge.thinking_bot import THINKING_BOT, ThinkingBot
from tests import client
from tests.table import DECK, Room, Table, assert_rejected, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")

PLAYING = ("bidding", "choosingTeammate", "playing")


def with_bots(bots: int, **settings: object) -> Table:
    """A room of one person (the host) and `bots` bots, everyone ready."""
    table = Table.open(1, settings={"washRule": False, **settings})
    for n in range(1, bots + 1):
        assert table.call("addBot", table.host()) == {"success": True, "uid": f"~bot{n}"}
    table.toggle_ready(table.host())
    return table


def play_as_the_person(table: Table) -> tuple[Room, int]:
    """The person makes every move until the deal ends (bots move in between); (final room, calls)."""
    me, calls = table.players[0], 0
    room = table.room()
    while room["status"] in PLAYING:
        assert room["seating"][room["turn"]] == me.uid, "a bot was to act after a call returned"
        if room["status"] == "bidding":
            table.call("placeBid", me, bid="PASS" if room["highestBid"] else "1C")
        elif room["status"] == "choosingTeammate":
            told = table.told(me, room)
            assert told, f"naming the partner card, told no card to name: {room['legal']}"
            # An ace, unless they hold all four and the king of spades: then the highest card told.
            card = next((c for c in ("AS", "AH", "AD", "AC", "KS") if c in told), max(told, key=DECK.index))
            table.call("chooseTeammate", me, card=card)
        else:
            table.play(table.choose_card(me, room), me)
        calls += 1
        room = table.room()
    return room, calls


def test_bot_seats_are_ready_bots_with_uids_no_user_has_and_no_account():
    table = with_bots(3)
    room = table.room()
    assert [(p["uid"], p["displayName"], p["ready"], p["bot"]) for p in room["players"]] == [
        (table.players[0].uid, room["players"][0]["displayName"], True, False),
        ("~bot1", "Bot 1", True, True), ("~bot2", "Bot 2", True, True), ("~bot3", "Bot 3", True, True)]
    assert all(client.admin_get(f"players/~bot{n}") is None for n in (1, 2, 3))


def test_one_person_plays_a_three_deal_match_against_three_bots():
    table = with_bots(3, deals=3)
    me = table.players[0]
    table.start()
    for number in (1, 2, 3):
        room, calls = play_as_the_person(table)
        assert calls >= 5 and room["match"]["dealNumber"] == number
        record = client.read(f"rooms/{table.room_id}/deals/{number}", me)
        assert sorted(c for hand in record["hands"] for c in hand["cards"]) == sorted(
            r + s for s in "CDHS" for r in "23456789TJQKA")
        if number < 3:
            assert room["status"] == "dealEnded"
            assert [p["ready"] for p in room["players"]] == [False, True, True, True]
            table.toggle_ready(me)
            table.start()
    assert room["status"] == "ended"
    assert client.read(f"players/{me.uid}", me)["stats"]["gamesPlayed"] == 3
    assert set(room["match"]["scores"]) == {me.uid, "~bot1", "~bot2", "~bot3"}


def test_thinking_bots_make_the_thinking_bots_calls_and_cards_through_the_callables():
    """Setting `botLevel: "thinking"`: each call and card a bot makes, in the call that handed it
    the turn, is the thinking bot's choice from its seat's view (the deal replayed from the
    server's record)."""
    table = with_bots(3, botLevel="thinking")
    assert table.room()["settings"]["botLevel"] == "thinking"
    table.start()
    room, _ = play_as_the_person(table)
    assert room["status"] == "ended"
    final = table.stored_room().deal
    assert final.is_finished
    deal = Deal(final.variant, final.settings, final.players, final.dealer, final.hands_dealt())
    bot, bot_calls, bot_cards = ThinkingBot(THINKING_BOT.think_ms), 0, 0  # the room's bot's, without its wait
    for entry in final.calls:
        if is_bot(deal.players[entry.position]):
            assert entry.call == deal.bot_action(bot)
            bot_calls += 1
        deal = deal.place_bid(entry.position, entry.call, random.Random(0))  # never passed out: the person bids
    contract = deal.contract
    assert contract is not None and final.partner_card is not None and bot_calls >= 3
    deal = deal.choose_partner(contract.declarer, final.partner_card)
    for trick in final.tricks:
        for play in trick.plays:
            actor = deal.actor
            assert actor is not None
            if is_bot(deal.players[actor]):
                assert play.card == deal.bot_action(bot), len(deal.tricks)
                bot_cards += 1
            deal = deal.play_card(actor, play.card)
    assert deal == final and bot_cards >= 3 * len(final.tricks)


def test_a_bots_hand_is_not_sealed_and_it_has_no_key_no_one_may_read_one_at_its_path():
    table = with_bots(2)
    guest = new_player()
    table.join(guest)
    table.toggle_ready(guest)
    table.start()
    room = table.room()
    assert [seal is None for seal in room["sealedHands"]] == [uid.startswith("~") for uid in room["seating"]]
    assert client.admin_get(f"rooms/{table.room_id}/keys/~bot1") is None
    for reader in (table.players[0], guest):
        assert client.read_error(f"rooms/{table.room_id}/keys/~bot1", reader).code == "permission-denied"


def test_add_bot_is_for_the_host_into_a_free_seat_before_a_deal_and_changes_nothing_otherwise():
    table = Table.open(3)
    assert_rejected("addBot", {"roomID": table.room_id}, table.players[1], "permission-denied", "NOT_HOST")
    assert_rejected("addBot", {"roomID": table.room_id}, new_player(), "permission-denied", "NOT_IN_ROOM")
    table.call("addBot", table.host())
    assert_rejected("addBot", {"roomID": table.room_id}, table.host(), "failed-precondition", "NO_FREE_SEAT")
    for player in table.players:
        table.toggle_ready(player)
    table.start()
    assert_rejected("addBot", {"roomID": table.room_id}, table.host(), "failed-precondition", "GAME_STARTED")
    assert_rejected("removeBot", {"roomID": table.room_id, "uid": "~bot1"}, table.host(),
                    "failed-precondition", "GAME_STARTED")


def test_remove_bot_takes_only_a_bot():
    table = with_bots(1)
    guest = new_player()
    table.join(guest)
    for uid in (guest.uid, "~bot7"):
        assert_rejected("removeBot", {"roomID": table.room_id, "uid": uid}, table.host(), "not-found", "BOT_NOT_FOUND")
    assert_rejected("removeBot", {"roomID": table.room_id, "uid": "~bot1"}, guest, "permission-denied", "NOT_HOST")
    assert table.call("removeBot", table.host(), uid="~bot1") == {"success": True}
    assert [p["uid"] for p in table.room()["players"]] == [table.players[0].uid, guest.uid]


def test_the_last_person_leaving_deletes_the_room_with_its_bots():
    table = with_bots(3, deals=2)
    table.start()
    play_as_the_person(table)
    table.leave(table.players[0])
    assert [path for path in database() if path.startswith(f"rooms/{table.room_id}")] == []


def test_the_last_person_leaving_mid_deal_abandons_it_and_the_room_is_deleted():
    table = with_bots(3)
    table.start()
    me = table.players[0]
    table.leave(me)
    assert [path for path in database() if path.startswith(f"rooms/{table.room_id}")] == []
    account = client.admin_get(f"players/{me.uid}")
    assert account is not None
    assert (account["roomID"], account["stats"]["gamesAbandoned"]) == (None, 1)
