"""Undo through the callables (SPEC §15): `requestUndo` by the player whose call or card is the
last person's action of the deal, `respondUndo` by the other side, the deal back as it was (hand
documents included); bots agreeing at once; actions that showed cards standing."""
from __future__ import annotations

import pytest

from tests.service.test_claims import between_tricks
from tests.service.test_contract import play_one
from tests.service.test_timers import expire
from tests.table import Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")

CONTRACT = {"variant": "contract"}


def actor(table: Table, room: dict):
    """Who makes the move for `room["turn"]`: the declarer on the dummy's turn."""
    dummy = room["dummy"]
    return table.at(room["contract"]["declarer"] if dummy and room["turn"] == dummy["position"] else room["turn"],
                    room)


def test_a_card_taken_back_once_the_opponents_agree_is_back_in_the_hand():
    table = Table.started(settings=CONTRACT)
    table.auction("1NT", "PASS", "PASS", "PASS")
    before = between_tricks(table, 2)
    player = actor(table, before)
    hand = table.hand(player)
    card = play_one(table)["trick"]["cards"][0]["card"]
    mover = table.position(player)
    other_side = [p for p in range(4) if p % 2 != mover % 2]
    assert table.call("requestUndo", player) == {"success": True}
    room = table.room()
    assert room["undo"] == {"by": mover, "accepted": [], "answering": other_side}
    table.reject("playCard", actor(table, room), "failed-precondition", "UNDO_PENDING", card=card)
    table.reject("respondUndo", table.at((mover + 2) % 4), "permission-denied", "NOT_OPPONENT", accept=True)
    table.reject("respondUndo", new_player(), "permission-denied", "NOT_IN_ROOM", accept=True)
    assert table.call("respondUndo", table.at(other_side[0]), accept=True) == {"success": True}
    table.reject("respondUndo", table.at(other_side[0]), "failed-precondition", "ALREADY_ANSWERED", accept=True)
    assert table.call("respondUndo", table.at(other_side[1]), accept=True) == {"success": True}
    after = table.room()
    assert after["undo"] is None and after["version"] == room["version"] + 2
    assert {k: v for k, v in table.as_told(after).items() if k not in ("legal", "version", "updatedAt")} == {
        k: v for k, v in table.as_told(before).items() if k not in ("legal", "version", "updatedAt")}
    # As it was, except that an action taken back leaves nothing before it to take back.
    assert after["legal"] == [{**entry, "requestUndo": False} for entry in before["legal"]]
    if before["turn"] == mover:
        assert table.hand(player) == hand
    table.reject("requestUndo", player, "failed-precondition", "NOTHING_TO_UNDO")  # not twice


def test_a_refusal_ends_the_request_and_the_card_stands():
    table = Table.started(settings=CONTRACT)
    table.auction("2H", "PASS", "PASS", "PASS")
    before = between_tricks(table, 1)
    player = actor(table, before)
    play_one(table)
    table.call("requestUndo", player)
    mover = table.position(player)
    assert table.call("respondUndo", table.at((mover + 1) % 4), accept=False) == {"success": True}
    room = table.room()
    assert room["undo"] is None and len(room["trick"]["cards"]) == 1
    table.reject("requestUndo", player, "failed-precondition", "NOTHING_TO_UNDO")
    table.reject("respondUndo", player, "failed-precondition", "NO_UNDO", accept=True)


#: The bot on the first caller's left holds this and overcalls: the auction goes on to the first
#: caller again (three passes after their opening would end it and the opening lead would show the
#: dummy, which no undo takes back).
OVERCALLER = ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "QH", "AD", "KD", "AC", "KC"]


def test_against_bots_a_call_the_bots_have_called_after_stands():
    """Nothing seen is taken back: my call and the bots' calls after it, which I have seen, stand."""
    table = Table.against_bots(settings=CONTRACT)
    me = table.players[0]
    rest = [r + s for s in "CDHS" for r in "23456789TJQKA" if r + s not in OVERCALLER]
    table.rig_hands({0: rest[:13], 1: OVERCALLER, 2: rest[13:26], 3: rest[26:]})
    table.bid("1C", me)
    bid = table.room()
    assert len(bid["bids"]) == 4 and bid["turn"] == 0 and bid["bids"][1]["bid"] != "PASS"  # the bots called after me
    table.reject("requestUndo", me, "failed-precondition", "NOTHING_TO_UNDO")


def played(room: dict) -> int:
    """The cards played in the room's deal."""
    return sum(len(t["cards"]) for t in room["tricks"]) + (len(room["trick"]["cards"]) if room["trick"] else 0)


def test_against_bots_my_card_is_taken_back_at_once_while_no_bot_has_played_after_it():
    """I play my cards (and the dummy's when I declare), deal after deal, until a card of mine
    after which no bot has played (one that wins a trick for my side: I lead next): it is taken
    back at once, the bots agreeing; the cards the bots played before it stand."""
    table = Table.against_bots(settings=CONTRACT)
    me = table.players[0]
    room = table.room()
    for _ in range(300):
        if room["status"] == "ended":  # the rubber is over: another table
            table = Table.against_bots(settings=CONTRACT)
            me = table.players[0]
        elif room["status"] == "dealEnded":
            table.toggle_ready(me)
            table.start()
        elif room["status"] == "bidding":
            table.bid("1NT" if room["highestBid"] is None else "PASS", me)
        else:
            before = room
            room = play_one(table)
            if room["status"] == "playing" and played(room) == played(before) + 1 and before["dummy"] is not None:
                break  # my card (not the opening lead, which shows the dummy), and nobody played after it
            continue
        room = table.room()
    else:
        raise AssertionError("no card of mine was left unanswered")
    assert table.call("requestUndo", me) == {"success": True}
    after = table.room()
    assert after["version"] == room["version"] + 1 and after["undo"] is None
    assert {k: v for k, v in table.as_told(after).items() if k not in ("version", "updatedAt", "turnDeadline")} == {
        k: v for k, v in table.as_told(before).items() if k not in ("version", "updatedAt", "turnDeadline")}


def test_the_opening_lead_the_end_of_a_deal_and_others_actions_cannot_be_undone():
    table = Table.started(settings=CONTRACT)
    table.reject("requestUndo", table.at(0), "failed-precondition", "NOTHING_TO_UNDO")
    table.auction("3NT", "PASS", "PASS", "PASS")
    leader = table.to_act()
    play_one(table)  # the opening lead: the dummy is shown
    table.reject("requestUndo", leader, "failed-precondition", "UNDO_NOT_ALLOWED")
    for player in table.others(leader):
        table.reject("requestUndo", player, "failed-precondition", "NOTHING_TO_UNDO")
    room = table.room()
    while room["status"] == "playing":
        last = actor(table, room)
        room = play_one(table)
    table.reject("requestUndo", last, "failed-precondition", "UNDO_NOT_ALLOWED")


def test_undo_turned_off_is_refused():
    table = Table.started(settings={**CONTRACT, "undo": False})
    assert table.room()["settings"]["undo"] is False
    table.bid("1C")
    table.reject("requestUndo", table.at(0), "failed-precondition", "UNDO_DISABLED")


def test_past_the_turn_deadline_claim_timeout_agrees_to_the_undo_for_the_idle():
    table = Table.started(settings={**CONTRACT, "turnSeconds": 30})
    before = table.room()
    table.bid("1C", table.at(0))
    assert table.call("requestUndo", table.at(0)) == {"success": True}
    expire(table)
    assert table.call("claimTimeout", table.at(0)) == {"success": True}
    after = table.room()
    assert after["bids"] == before["bids"] == [] and after["undo"] is None and after["turn"] == 0
