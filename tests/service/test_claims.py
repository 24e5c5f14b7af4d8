"""Claims through the callables (SPEC §15): `claim` by the declarer between tricks, the
claimer's cards public, `respondClaim` by each opponent, the deal ended as if played and
recorded with the claim, a rejection withdrawing it; bots answering from their seat's view."""
from __future__ import annotations

import pytest

from bridge.double_dummy import Ending, most_tricks
from tests import client
from tests.service.test_contract import play_one
from tests.service.test_timers import expire
from tests.table import Table, assert_rejected, new_player

pytestmark = pytest.mark.usefixtures("emulator")

CONTRACT = {"variant": "contract"}


def between_tricks(table: Table, tricks: int) -> dict:
    """Cards played (the declarer's for the dummy) until `tricks` tricks are complete and no card
    of the next is played (four people at the table: every moment between tricks is seen)."""
    room = table.room()
    while len(room["tricks"]) < tricks or room["trick"]["cards"]:
        room = play_one(table)
    return room


def test_the_declarer_claims_the_opponents_answer_and_the_deal_ends_as_if_played():
    table = Table.started(settings=CONTRACT)
    table.auction("1NT", "PASS", "PASS", "PASS")  # the dealer (0) declares; 2 is the dummy
    room = between_tricks(table, 4)
    declarer, dummy, left, right = (table.at(p) for p in (0, 2, 1, 3))
    won = sum(1 for t in room["tricks"] if t["winner"] in (0, 2))
    next_player = table.card_player(room)
    next_card = table.told(next_player, room)[0]  # a card they may play, until the claim

    assert table.call("claim", declarer, tricks=5, expectedVersion=room["version"]) == {"success": True,
                                                                                         "claim": "open"}
    room = table.room()
    assert room["claim"] == {"by": 0, "tricks": 5, "cards": table.hand(declarer), "accepted": [],
                             "answering": [1, 3]}
    assert room["claims"] == [{"by": 0, "tricks": 5, "after": 4, "cards": table.hand(declarer), "accepted": [],
                               "result": None}]
    assert room["status"] == "playing" and room["version"] == table.room(left)["version"]
    for player in table.players:
        assert table.room(player)["claim"]["cards"] == table.hand(declarer)
    assert table.told(next_player, room) == []
    table.reject("playCard", next_player, "failed-precondition", "CLAIM_PENDING", card=next_card)
    table.reject("claim", declarer, "failed-precondition", "CLAIM_PENDING", tricks=4)
    for player in (declarer, dummy):
        table.reject("respondClaim", player, "permission-denied", "NOT_OPPONENT", accept=True)
    table.reject("respondClaim", new_player(), "permission-denied", "NOT_IN_ROOM", accept=True)

    assert table.call("respondClaim", left, accept=True) == {"success": True}
    assert table.room()["claim"]["accepted"] == [1] and table.room()["claim"]["answering"] == [3]
    table.reject("respondClaim", left, "failed-precondition", "ALREADY_ANSWERED", accept=True)
    assert table.call("respondClaim", right, accept=True) == {"success": True}

    room = table.room()
    assert room["status"] == "dealEnded" and room["turn"] is None
    assert room["claim"]["answering"] == [] and room["claim"]["accepted"] == [1, 3]
    assert (room["result"]["declarerTricks"], room["result"]["defenderTricks"]) == (won + 5, 13 - won - 5)
    record = client.read(f"rooms/{table.room_id}/deals/1", left)
    assert record["claim"] == {"by": 0, "tricks": 5} and len(record["tricks"]) == 4
    assert record["claims"] == room["claims"] == [{**room["claims"][0], "accepted": [1, 3], "result": "accepted"}]
    assert record["result"] == room["result"]


def test_a_rejected_claim_is_withdrawn_stays_on_the_record_and_the_next_waits_for_another_trick():
    table = Table.started(settings=CONTRACT)
    table.auction("2S", "PASS", "PASS", "PASS")
    room = between_tricks(table, 2)
    shown = table.hand(table.at(0))
    table.call("claim", table.at(0), tricks=11)
    assert table.call("respondClaim", table.at(1), accept=True) == {"success": True}
    assert table.call("respondClaim", table.at(3), accept=False) == {"success": True}
    after = table.room()
    assert after["claim"] is None and after["status"] == "playing" and after["turn"] == room["turn"]
    assert after["version"] == room["version"] + 3
    assert after["claims"] == [{"by": 0, "tricks": 11, "after": 2, "cards": shown, "accepted": [1],
                                "result": "rejected"}]
    table.reject("claim", table.at(0), "failed-precondition", "CLAIM_REJECTED", tricks=10)
    table.reject("requestUndo", table.at(0), "failed-precondition", "NOTHING_TO_UNDO")
    play_one(table)
    assert len(table.room()["trick"]["cards"]) == 1
    assert table.room()["claims"] == after["claims"]  # the cards it showed stay shown, played or not
    between_tricks(table, 3)
    assert table.call("claim", table.at(0), tricks=10)["claim"] == "open"
    assert [c["result"] for c in table.room()["claims"]] == ["rejected", None]


def test_a_claim_is_refused_to_anyone_but_the_declarer_between_tricks_within_the_tricks_left():
    table = Table.started(settings=CONTRACT)
    table.reject("claim", table.at(0), "failed-precondition", "WRONG_PHASE", tricks=1)  # the auction
    table.auction("3H", "PASS", "PASS", "PASS")
    room = between_tricks(table, 3)
    for position in (1, 2, 3):
        table.reject("claim", table.at(position), "permission-denied", "NOT_DECLARER", tricks=1)
    for tricks in (-1, 11, "3", True, 2.5, None):
        table.reject("claim", table.at(0), "invalid-argument", "INVALID_ARGUMENT", tricks=tricks)
    table.reject("respondClaim", table.at(1), "failed-precondition", "NO_CLAIM", accept=True)
    table.reject("respondClaim", table.at(1), "invalid-argument", "INVALID_ARGUMENT", accept="yes")
    play_one(table)
    table.reject("claim", table.at(0), "failed-precondition", "WRONG_PHASE", tricks=1)
    assert table.room()["version"] == room["version"] + 1


def test_in_floating_bridge_no_claim_before_the_partner_card_is_played():
    table = Table.playing("1NT", settings={"washRule": False})
    room = table.room()
    assert room["partnerPosition"] is None
    table.reject("claim", table.declarer(room), "failed-precondition", "WRONG_PHASE", tricks=1)


def claim_moment(table: Table, me, after: tuple[int, int] = (0, 0)) -> tuple[dict, int]:
    """Play on (deal after deal: I declare 7NT in each, and the bots never double) to a moment to
    claim against bots: between tricks with my side on lead, 3 to 7 tricks left, past `after` (a
    deal's number and its tricks complete), where my side cannot take them all. The room then,
    and what it can take."""
    room = table.room()
    for _ in range(400):
        if room["status"] == "dealEnded":
            table.toggle_ready(me)
            table.start()
            room = table.room()
        if room["status"] == "bidding":
            table.bid("PASS" if room["highestBid"] and room["highestBid"]["bid"] == "7NT" else "7NT", me)
            room = table.room()
            continue
        left = 13 - len(room["tricks"])
        if room["contract"]["declarer"] == 0 and not room["trick"]["cards"] and 3 <= left <= 7 \
                and (room["match"]["dealNumber"], len(room["tricks"])) > after:
            deal = table.stored_room().deal
            best = most_tricks(Ending(deal.hands, deal.trick.leader, None, tuple(p in (0, 2) for p in range(4))))
            if best < left:
                return room, best
        room = play_one(table)
    raise AssertionError("no moment to claim came")


def test_bot_defenders_reject_a_claim_one_trick_over_double_dummy_and_accept_the_double_dummy_count():
    table = Table.against_bots(settings=CONTRACT)
    me = table.players[0]
    room, best = claim_moment(table, me)
    hand = table.hand(me)
    assert table.call("claim", me, tricks=best + 1) == {"success": True, "claim": "rejected"}
    after = table.room()
    assert after["version"] == room["version"] + 1 and after["claim"] is None
    assert after["claims"] == [{"by": 0, "tricks": best + 1, "after": len(room["tricks"]), "cards": hand,
                                "accepted": [], "result": "rejected"}]
    assert {k: v for k, v in table.as_told(after).items() if k not in ("claims", "legal", "version", "updatedAt")} == {
        k: v for k, v in table.as_told(room).items() if k not in ("claims", "legal", "version", "updatedAt")}
    # Rejected at this trick, the claimer is no longer told they may claim; a claim takes nothing back.
    assert room["legal"][0]["claim"] == 13 - len(room["tricks"])
    assert after["legal"] == [{**entry, "claim": None, "requestUndo": False} for entry in room["legal"]]
    table.reject("claim", me, "failed-precondition", "CLAIM_REJECTED", tricks=best)
    room, best = claim_moment(table, me, (room["match"]["dealNumber"], len(room["tricks"])))
    won = sum(1 for t in room["tricks"] if t["winner"] in (0, 2))
    assert table.call("claim", me, tricks=best) == {"success": True, "claim": "accepted"}
    room = table.room()
    assert room["status"] == "dealEnded" and room["claim"]["accepted"] == [1, 3]
    assert room["result"]["declarerTricks"] == won + best


def test_malformed_claims_and_answers_are_invalid_argument_and_change_nothing():
    table = Table.started(settings=CONTRACT)
    user, room_id = table.at(0), table.room_id
    for data in ({"roomID": room_id}, {"roomID": room_id, "tricks": 1, "accept": True}, {"tricks": 1}):
        assert_rejected("claim", data, user, "invalid-argument", "INVALID_ARGUMENT")
    for data in ({"roomID": room_id}, {"roomID": room_id, "accept": True, "tricks": 1}, {"accept": False},
                 {"roomID": room_id, "accept": None}):
        assert_rejected("respondClaim", data, user, "invalid-argument", "INVALID_ARGUMENT")


def test_past_the_turn_deadline_claim_timeout_answers_for_the_idle_opponents():
    table = Table.started(settings={**CONTRACT, "turnSeconds": 30})
    table.auction("1NT", "PASS", "PASS", "PASS")
    between_tricks(table, 3)
    assert table.call("claim", table.at(0), tricks=0)["claim"] == "open"  # conceding the rest always holds
    table.reject("claimTimeout", table.at(2), "failed-precondition", "TURN_NOT_EXPIRED")
    expire(table)
    assert table.call("claimTimeout", table.at(2)) == {"success": True}
    room = table.room()
    assert room["status"] == "dealEnded" and room["claim"]["accepted"] == [1, 3]
