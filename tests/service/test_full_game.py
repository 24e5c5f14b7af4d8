"""A whole game through the callables, from an empty room to the stats (SPEC §4-§6).

Every move is checked against what the test computes itself from the public room document
and the hands it dealt: turn order, version +1, tricks and their winners, tricksWon,
trumpBroken, handSizes, when the partner becomes public, when the deal ends, and the result.
"""
from __future__ import annotations

import pytest

from tests import client
from tests.table import DECK, HAND_SIZE, Table, new_player, suit, trick_winner

pytestmark = pytest.mark.usefixtures("emulator")


def account(player: client.User) -> dict:
    return client.read(f"players/{player.uid}", player)


def assert_sees_only_own_hand(table: Table, hands: list[list[str]], room: dict) -> None:
    for position in range(4):
        owner = table.at(position, room)
        assert table.hand(owner) == hands[position]
        for other in table.others(owner):
            assert client.read_error(f"rooms/{table.room_id}/keys/{owner.uid}", other).code == "permission-denied"


@pytest.mark.parametrize(("play_all_tricks", "contract"), [(False, "2H"), (True, "1D")])
def test_a_full_game_from_empty_room_to_stats(play_all_tricks, contract):
    # -- the lobby: two email users, two anonymous ones -------------------------------------
    users = [new_player(name="North"), new_player(anonymous=True), new_player(name="South"), new_player(anonymous=True)]
    settings = {"washRule": False, "playAllTricks": play_all_tricks}
    table = Table.open(players=users, settings=settings)
    room = table.room()
    assert [p["uid"] for p in room["players"]] == [u.uid for u in users]
    assert [p["position"] for p in room["players"]] == [0, 1, 2, 3]
    assert room["hostID"] == users[0].uid and room["status"] == "waiting" and room["version"] == 4
    table.ready_all()
    table.start()

    # -- the deal ---------------------------------------------------------------------------
    room = table.room(users[1])
    assert (room["status"], room["dealer"], room["turn"]) == ("bidding", 0, 1)
    assert room["handSizes"] == [HAND_SIZE] * 4
    assert room["version"] == 9
    first_hands = table.hands(room)
    assert sorted(c for h in first_hands for c in h) == sorted(DECK)
    assert_sees_only_own_hand(table, first_hands, room)

    # -- four passes: a redeal, the deal passing left -------------------------------------------
    room = table.auction("PASS", "PASS", "PASS", "PASS")
    assert (room["status"], room["dealer"], room["turn"], room["bids"], room["highestBid"]) == \
        ("bidding", 1, 2, [], None)
    assert room["version"] == 13
    hands = table.hands(room)
    assert hands != first_hands
    assert sorted(c for h in hands for c in h) == sorted(DECK)
    assert room["handSizes"] == [HAND_SIZE] * 4

    # -- an auction won after three passes -------------------------------------------------------
    room = table.auction("1C", "PASS", contract, "PASS", "PASS", "PASS")
    declarer, trump, level = 0, contract[1], int(contract[0])
    assert room["status"] == "choosingTeammate"
    assert room["contract"] == {"declarer": declarer, "bid": contract, "doubled": None, "trump": trump,
                                "target": level + 6, "defenderTarget": 8 - level}
    assert room["turn"] == declarer
    assert room["bids"] == [{"position": p, "bid": b} for p, b in
                            zip([2, 3, 0, 1, 2, 3], ["1C", "PASS", contract, "PASS", "PASS", "PASS"], strict=True)]
    assert room["version"] == 19

    # -- the partner card: public; its holder secret ------------------------------------------
    partner_card = table.rng.choice([c for c in DECK if c not in hands[declarer]])
    partner = next(p for p in range(4) if partner_card in hands[p])
    assert client.call("chooseTeammate", {"roomID": table.room_id, "card": partner_card}, users[declarer]) is None
    room = table.room(users[3])
    assert (room["status"], room["partnerCard"], room["partnerPosition"]) == ("playing", partner_card, None)
    leader = (declarer + 1) % 4
    assert room["trick"] == {"leader": leader, "cards": []} and room["turn"] == leader
    assert room["version"] == 20

    # -- the play ---------------------------------------------------------------------------------
    tricks, current, won = [], [], [0, 0, 0, 0]
    partner_played = False
    target, defender_target = level + 6, 8 - level
    while room["status"] == "playing":
        position = room["turn"]
        assert position == (leader + len(current)) % 4
        player = table.at(position, room)
        assert table.hand(player) == hands[position]
        assert room["handSizes"] == [len(h) for h in hands]
        card = table.choose_card(player, room)
        table.play(card, player)

        hands[position] = [c for c in hands[position] if c != card]
        current.append({"position": position, "card": card})
        partner_played = partner_played or card == partner_card
        if len(current) == 4:
            winner = trick_winner(current, trump)
            tricks.append({"leader": leader, "cards": current, "winner": winner})
            won[winner] += 1
            current, leader = [], winner

        after = table.room(users[(position + 2) % 4])
        assert after["version"] == room["version"] + 1
        assert after["tricks"] == tricks
        assert after["tricksWon"] == won
        assert after["trumpBroken"] is any(suit(p["card"]) == trump for t in tricks for p in t["cards"])
        assert after["handSizes"] == [len(h) for h in hands]
        ours = won[declarer] + won[partner]
        theirs = len(tricks) - ours
        # SPEC §5.6: early only if a side has reached its target whoever of the seats that may
        # hold the partner card (as the table can tell) holds it.
        possible = [partner] if partner_played else [
            p for p in range(4) if p != declarer and not any(
                t["cards"][0]["card"][1] == partner_card[1] != c["card"][1] and c["position"] == p
                for t in tricks for c in t["cards"])]
        decided = all(won[declarer] + won[p] >= target or len(tricks) - won[declarer] - won[p] >= defender_target
                      for p in possible)
        over = not current and (len(tricks) == 13 or (not play_all_tricks and decided))  # checked as a trick ends
        if over:
            assert after["status"] == "ended"
            assert (after["turn"], after["trick"]) == (None, None)
        else:
            assert after["status"] == "playing"
            assert after["trick"] == {"leader": leader, "cards": current}
            assert after["partnerPosition"] == (partner if partner_played else None)
        room = after

    # -- the result ---------------------------------------------------------------------------------
    if play_all_tricks:
        assert len(tricks) == 13
    made = ours >= target
    declarer_side = {declarer, partner}
    winners = [users[p].uid for p in range(4) if (p in declarer_side) == made]
    assert room["partnerPosition"] == partner
    result = room["result"]
    assert result["abandonedBy"] is None
    assert result["players"] == [u.uid for u in users]
    assert result["winners"] == winners
    assert (result["declarer"], result["partner"], result["contract"]) == (declarer, partner, contract)
    assert (result["declarerTricks"], result["defenderTricks"], result["made"]) == (ours, theirs, made)

    # -- the stats of all four accounts -------------------------------------------------------------
    for player in users:
        assert account(player)["stats"] == {
            "gamesPlayed": 1, "gamesWon": int(player.uid in winners), "gamesAbandoned": 0}

    # -- after the end: the room stays readable, moves are refused, members may start afresh ------
    for player in users:
        assert table.room(player)["result"] == result
    table.reject("playCard", users[0], "failed-precondition", "GAME_ENDED", card="AS")
    table.reject("placeBid", users[0], "failed-precondition", "GAME_ENDED", bid="7NT")
    new_room = client.call("createGameRoom", {}, users[1])["roomID"]
    assert client.call("joinGameRoom", {"roomID": new_room}, users[2]) == {"success": True}

    # Everyone leaves: no stat moves, and the last one out deletes the room and every hand.
    for player in users:
        table.leave(player)
    for player in users:
        assert account(player)["stats"]["gamesAbandoned"] == 0
        assert account(player)["stats"]["gamesPlayed"] == 1
    assert [p for p in client.snapshot() if p.startswith(f"rooms/{table.room_id}")] == []
    assert account(users[1])["roomID"] == new_room and account(users[0])["roomID"] is None
