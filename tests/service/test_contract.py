"""Contract bridge through the callables (SPEC §11): a room of the variant, the auction with
doubling, the dummy shown from the opening lead on and played by the declarer, the score sheet
and the deal record."""
from __future__ import annotations

from tests import client
from tests.table import Table, assert_rejected, legal_cards, new_player

CONTRACT = {"variant": "contract"}


def test_a_contract_room_scores_a_rubber_and_has_no_fixed_length():
    table = Table.open(1, settings={**CONTRACT, "honours": True})
    assert table.room()["settings"] == {
        "variant": "contract", "inviteOnly": False, "deals": 0, "scoring": "rubber", "turnSeconds": 0,
        "botReplacesLeaver": False, "botLevel": "basic", "chat": True, "undo": True, "honours": True}


def test_settings_of_another_variant_or_a_fixed_length_are_refused_and_change_nothing():
    user = new_player()
    for settings in ({**CONTRACT, "deals": 3}, {**CONTRACT, "washRule": False}, {**CONTRACT, "scoring": "tricks"},
                     {"honours": True}, {"scoring": "chicago"}):
        assert_rejected("createGameRoom", {"settings": settings}, user, "invalid-argument", "INVALID_SETTINGS")


def test_the_dealer_opens_and_doubles_follow_their_rules():
    table = Table.started(settings=CONTRACT)
    assert table.room()["turn"] == 0  # the first deal's dealer, position 0, speaks first
    table.bid("1H")
    table.reject("placeBid", table.to_act(), "failed-precondition", "CANNOT_REDOUBLE", bid="XX")
    table.bid("X")
    table.reject("placeBid", table.to_act(), "failed-precondition", "CANNOT_DOUBLE", bid="X")
    room = table.auction("XX", "PASS", "PASS", "PASS")
    assert room["status"] == "playing" and room["turn"] == 1
    assert room["contract"] == {"declarer": 0, "bid": "1H", "doubled": "XX", "trump": "H", "target": 7,
                                "defenderTarget": 7}
    assert room["dummy"] is None
    table.reject("chooseTeammate", table.at(0), "failed-precondition", "WRONG_PHASE", card="AS")


def play_one(table: Table) -> dict:
    """The player to act plays a card they are told they may play: the declarer for the dummy.
    The room afterwards."""
    room = table.room()
    player = table.card_player(room)
    table.play(table.choose_card(player, room), player)
    return table.room()


def shown(dummy: dict) -> dict:
    """The dummy's position and cards (its `plays` aside: the declarer's told cards)."""
    return {"position": dummy["position"], "cards": dummy["cards"]}


def test_the_dummy_is_shown_after_the_opening_lead_and_played_by_the_declarer():
    table = Table.started(settings=CONTRACT)
    table.auction("2S", "PASS", "PASS", "PASS")
    declarer, dummy = table.at(0), table.at(2)
    dummy_hand = table.hand(dummy)
    for player in table.players:
        assert table.room(player)["dummy"] is None
    room = play_one(table)  # the opening lead, left of the declarer
    assert shown(room["dummy"]) == {"position": 2, "cards": dummy_hand}
    assert room["turn"] == 2
    assert table.card_player(room) == declarer and table.told(dummy, room) == []
    assert table.told(declarer, room) == legal_cards(dummy_hand, room)  # the dummy's, told in the room
    card = table.told(declarer, room)[0]
    assert card in dummy_hand
    table.reject("playCard", dummy, "failed-precondition", "NOT_YOUR_TURN", card=card)
    table.play(card, declarer)
    room = table.room()
    assert shown(room["dummy"]) == {"position": 2, "cards": [c for c in dummy_hand if c != card]}
    assert room["trick"]["cards"][-1] == {"position": 2, "card": card}
    assert card not in table.hand(dummy)


def test_a_deal_played_to_its_end_is_scored_on_the_sheet_and_recorded():
    table = Table.started(settings=CONTRACT)
    table.auction("1NT", "PASS", "PASS", "PASS")
    room = table.room()
    while room["status"] == "playing":
        room = play_one(table)
    assert room["status"] == "dealEnded" and len(room["tricks"]) == 13
    result, sheet = room["result"], room["match"]["sheet"]
    made = result["declarerTricks"] >= 7
    points = result["points"]
    if made:
        assert points["NS"]["contract"] == 40 and sheet["NS"]["below"] == 40
    else:
        assert points["EW"]["undertricks"] == 50 * (7 - result["declarerTricks"])
    for side, positions in (("NS", (0, 2)), ("EW", (1, 3))):
        assert sheet[side]["total"] == sum(points[side].values())
        for position in positions:
            assert room["match"]["scores"][room["seating"][position]] == sheet[side]["total"]
    record = client.read(f"rooms/{table.room_id}/deals/1", table.players[1])
    assert record["result"] == result and record["contract"]["bid"] == "1NT"
    assert record["variant"] == "contract"


def play_a_match_against_bots(settings: dict, bots: int = 3) -> tuple[Table, dict, int]:
    """One person (the host, position 0) and `bots` bots play a whole match: the person passes in
    the auction and plays cards they are told they may, the dummy's too when they declare; bots
    play the rest.
    Returns the table, the final room and the deals played."""
    table = Table.against_bots(bots, settings=settings)
    me = table.players[0]
    room, deals = table.room(), 1
    for _ in range(2000):
        if room["status"] == "ended":
            return table, room, deals
        if room["status"] == "dealEnded":
            table.toggle_ready(me)
            table.start()
            deals += 1
        elif room["status"] == "bidding":
            table.bid("PASS", me)
        else:
            table.play(table.choose_card(me, room), me)
        room = table.room()
    raise AssertionError("the match did not end")


def test_a_whole_rubber_and_a_whole_chicago_through_the_callables():
    for scoring in ("rubber", "chicago"):
        table, room, deals = play_a_match_against_bots({**CONTRACT, "scoring": scoring})
        sheet, scores = room["match"]["sheet"], room["match"]["scores"]
        if scoring == "rubber":
            assert sorted([sheet["NS"]["games"], sheet["EW"]["games"]])[1] == 2
            assert any("rubber" in kinds for kinds in room["result"]["points"].values())
        else:
            assert deals == room["match"]["dealNumber"] == 4
        for side, positions in (("NS", (0, 2)), ("EW", (1, 3))):
            for position in positions:
                assert scores[room["seating"][position]] == sheet[side]["total"]
        records = [client.read(f"rooms/{table.room_id}/deals/{n}", table.players[0]) for n in range(1, deals + 1)]
        for side in ("NS", "EW"):
            assert sum(sum(r["result"]["points"][side].values()) for r in records) == sheet[side]["total"]
