"""playCard (SPEC §4, §5.5): following suit, trump, tricks, revealing the partner."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import (
    DECK,
    HAND_SIZE,
    SUITS,
    Table,
    illegal_cards,
    led_suit,
    new_player,
    suit,
    trick_winner,
)

pytestmark = pytest.mark.usefixtures("emulator")

NO_WASH = {"washRule": False}


def suit_contract_table(**settings: bool) -> tuple[Table, str]:
    """Dealer 0, position 1 wins the auction in a suit that the opening leader (position 2)
    holds but not exclusively; the partner is chosen. Returns the table and the trump suit."""
    table = Table.started(settings={**NO_WASH, **settings})
    leader_hand = table.hand(table.at(2))
    trump = next(s for s in SUITS if 0 < sum(suit(c) == s for c in leader_hand) < HAND_SIZE)
    table.win_auction("1" + trump)
    table.choose_teammate()
    return table, trump


# ---- legal play ----------------------------------------------------------------------------

def test_playing_a_card_moves_it_from_the_hand_into_the_trick():
    table = Table.playing("1NT", settings=NO_WASH)
    room = table.room()
    leader = table.to_act(room)
    assert room["turn"] == 1  # the declarer leads in NT
    hand = table.hand(leader)
    card = table.told(leader, room)[0]
    assert client.call("playCard", {"roomID": table.room_id, "card": card}, leader) == {"success": True}

    after = table.room(new_player())
    assert table.hand(leader) == [c for c in hand if c != card]
    assert after["handSizes"] == [13, 12, 13, 13]
    assert after["trick"] == {"leader": 1, "cards": [{"position": 1, "card": card}]}
    assert after["turn"] == 2
    assert after["version"] == room["version"] + 1
    assert after["tricks"] == []


def test_a_complete_trick_goes_to_its_winner_who_leads_the_next():
    table = Table.playing("2S", settings=NO_WASH)
    plays = []
    for _ in range(4):
        room = table.room()
        position = room["turn"]
        plays.append({"position": position, "card": table.play_legal()})
    room = table.room()
    winner = trick_winner(plays, "S")
    assert room["tricks"] == [{"leader": 2, "cards": plays, "winner": winner}]
    assert room["tricksWon"] == [int(p == winner) for p in range(4)]
    assert room["trick"] == {"leader": winner, "cards": []}
    assert room["turn"] == winner
    assert room["handSizes"] == [12] * 4
    assert room["trumpBroken"] is any(suit(p["card"]) == "S" for p in plays)


def test_the_partner_is_published_when_the_partner_card_is_played():
    table = Table.started(settings=NO_WASH)
    table.win_auction("1NT")  # position 1 declares and leads; position 2 plays second
    declarer_hand, second_hand = table.hand(table.at(1)), table.hand(table.at(2))
    # A card of position 2 in a suit the declarer can lead, so that position 2 may follow with it.
    card = next(c for c in second_hand if any(suit(d) == suit(c) for d in declarer_hand))
    table.choose_teammate(card)
    assert table.room()["partnerPosition"] is None
    table.play(next(c for c in declarer_hand if suit(c) == suit(card)), table.at(1))
    assert table.room()["partnerPosition"] is None
    table.play(card, table.at(2))
    room = table.room(new_player())
    assert room["partnerPosition"] == 2
    assert room["partnerCard"] == card


def test_a_trump_played_to_a_trick_breaks_trump_and_then_trump_may_be_led():
    # Play real deals, ruffing whenever possible, until a completed trick holds a trump; then
    # check trumpBroken and that a leader holding trump and another suit may lead trump.
    for _ in range(4):
        table, trump = suit_contract_table(playAllTricks=True)
        room = table.room()
        while room["status"] == "playing":
            player = table.to_act(room)
            hand = table.hand(player)
            legal = table.told(player, room)
            if room["trumpBroken"] and led_suit(room) is None and \
                    any(suit(c) == trump for c in hand) and any(suit(c) != trump for c in hand):
                table.play(next(c for c in hand if suit(c) == trump), player)
                assert suit(table.room()["trick"]["cards"][0]["card"]) == trump
                return
            trumps = [c for c in legal if suit(c) == trump]
            table.play(trumps[0] if trumps and led_suit(room) not in (None, trump) else table.rng.choice(legal), player)
            after = table.room()
            completed_with_trump = any(suit(p["card"]) == trump for t in after["tricks"] for p in t["cards"])
            assert after["trumpBroken"] is completed_with_trump
            room = after
    pytest.fail("no deal of four reached a trump lead after trump was broken")


# ---- rejections ----------------------------------------------------------------------------

def test_play_card_rejects_a_room_whose_game_has_not_started():
    table = Table.ready()
    table.reject("playCard", table.players[0], "failed-precondition", "WRONG_PHASE", card="AS")


def test_play_card_rejects_the_auction():
    table = Table.started()
    player = table.to_act()
    table.reject("playCard", player, "failed-precondition", "WRONG_PHASE", card=table.hand(player)[0])


def test_play_card_rejects_the_teammate_phase():
    table = Table.started(settings=NO_WASH)
    table.win_auction("1H")
    for player in table.players:
        table.reject("playCard", player, "failed-precondition", "WRONG_PHASE", card=table.hand(player)[0])


def test_play_card_rejects_an_ended_game():
    table = Table.playing("1NT")
    player = table.to_act()
    table.leave(table.others(player)[0])
    table.reject("playCard", player, "failed-precondition", "GAME_ENDED", card=table.hand(player)[0])


def test_play_card_rejects_a_player_not_in_the_room():
    table = Table.playing("1NT")
    table.reject("playCard", new_player(), "permission-denied", "NOT_IN_ROOM", card="AS")
    table.reject("playCard", new_player(anonymous=True), "permission-denied", "NOT_IN_ROOM", card="2C")


def test_play_card_rejects_a_player_out_of_turn():
    table = Table.playing("1NT")
    room = table.room()
    for player in table.others(table.to_act(room)):
        table.reject("playCard", player, "failed-precondition", "NOT_YOUR_TURN", card=table.hand(player)[0])


def test_play_card_rejects_a_card_another_player_holds():
    table = Table.playing("1NT")
    player = table.to_act()
    for other in table.others(player):
        table.reject("playCard", player, "failed-precondition", "CARD_NOT_IN_HAND", card=table.hand(other)[0])


def test_play_card_rejects_a_card_already_played():
    table = Table.playing("1NT")
    led = table.play_legal()
    table.reject("playCard", table.to_act(), "failed-precondition", "CARD_NOT_IN_HAND", card=led)


def test_play_card_rejects_a_card_that_does_not_follow_suit():
    table = Table.playing("1NT")
    room = table.room()
    for _ in range(52):
        player = table.to_act(room)
        forbidden = illegal_cards(table.hand(player), room)
        if forbidden:
            card, reason = next(iter(forbidden.items()))
            assert reason == "MUST_FOLLOW_SUIT"
            table.reject("playCard", player, "failed-precondition", "MUST_FOLLOW_SUIT", card=card)
            return
        table.play_legal(player)
        room = table.room()
        assert room["status"] == "playing", "the deal ended before anyone could revoke"
    pytest.fail("unreachable")


def test_play_card_rejects_leading_trump_before_trump_is_broken():
    table, trump = suit_contract_table()
    room = table.room()
    leader = table.to_act(room)
    assert room["turn"] == 2 and room["trumpBroken"] is False
    hand = table.hand(leader)
    for card in [c for c in hand if suit(c) == trump]:
        table.reject("playCard", leader, "failed-precondition", "TRUMP_NOT_BROKEN", card=card)
    table.play(next(c for c in hand if suit(c) != trump), leader)  # any other suit may be led


def test_a_leader_holding_only_trump_may_lead_it_before_trump_is_broken():
    # Arranged with admin writes (`Table.rig_hands`): the opening leader gets all 13 spades, the
    # others the rest; spades are trump and unbroken.
    table = Table.started(settings=NO_WASH)
    table.win_auction("1S")
    room = table.room()
    others = [c for c in DECK if suit(c) != "S" and c != "AH"]
    new_hands = {1: others[:13], 2: [c for c in DECK if suit(c) == "S"], 3: [*others[13:25], "AH"], 0: others[25:]}
    table.rig_hands(new_hands, room)
    table.choose_teammate("AH")
    room = table.room()
    assert (room["turn"], room["trumpBroken"]) == (2, False)
    table.play("2S", table.at(2))
    assert table.room()["trick"]["cards"] == [{"position": 2, "card": "2S"}]


def test_play_card_rejects_text_that_is_not_a_card():
    table = Table.playing("1NT")
    player = table.to_act()
    for text in ["1S", "10H", "ah", "Ah", "HA", "ZZ", "", "A", "AHH", "XS", "AX", "AH "]:
        table.reject("playCard", player, "invalid-argument", "INVALID_CARD", card=text)
    for value in [2, None, True, ["AH"], {"card": "AH"}]:
        table.reject("playCard", player, "invalid-argument", "INVALID_CARD", card=value)
