"""documents.py: the wire form of a room (SPEC §6) and what each reader may see."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bridge import DECK, BridgeError, Card, Phase, Reason, Room, Settings, documents, state
from bridge.variants import VARIANTS
from tests import client

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    Permuting,
    acted,
    bidding_game,
    call,
    card,
    cards_in_document,
    choosing_game,
    endgame,
    hands_from,
    play_trick,
    playing_game,
    room_with,
    seated_room,
    started,
    trick,
)

#: SPEC §6 and §9 public fields the engine fills (the service adds version, createdAt, updatedAt).
SPEC_FIELDS = {
    "hostID", "status", "settings", "invited", "players", "dealer", "turn", "washes", "bids", "highestBid",
    "contract", "partnerCard", "partnerPosition", "trick", "tricks", "tricksWon", "trumpBroken", "handSizes",
    "result", "match", "dummy",
}


def finished_room() -> Room:
    return room_with(play_trick(endgame("1NT"), "AH", "TS", "AC", "KS"))


def in_play_room() -> Room:
    """1S by seat 0, partner card AH (seat 2, unplayed); one trick done, one card on the next."""
    hands = hands_from("AS KS 2D", "QS 3D 4D", "AH 2H 5D", "6D 7D")
    game = playing_game(hands, declarer=0, contract="1S", partner="AH", leader=3,
                        tricks=[trick(1, "2C 3C 4C 5C")], current="JS")
    return room_with(game)


ROOMS = {
    "waiting": lambda: seated_room(3, ready=False).toggle_ready(PLAYERS[1]).invite(PLAYERS[0], "eve"),
    "invite-only": lambda: Room.create("ann", "Ann", Settings.of(inviteOnly=True, washRule=False)).invite("ann", "ben"),
    "bidding": lambda: room_with(bidding_game(MIXED_DEAL, "1C", "PASS", "2H", dealer=2)),
    "choosing": lambda: room_with(choosing_game(MIXED_DEAL, declarer=1, contract="3NT")),
    "playing": in_play_room,
    "finished": finished_room,
    "finished-then-left": lambda: finished_room().leave(PLAYERS[0]),
    "abandoned": lambda: in_play_room().leave(PLAYERS[1]),
}


def test_public_room_has_the_spec_fields() -> None:
    for make in ROOMS.values():
        doc = documents.public_room(make())
        assert SPEC_FIELDS <= doc.keys()
        assert json.loads(json.dumps(doc)) == doc  # plain JSON values only


def test_waiting_room_document() -> None:
    doc = documents.public_room(ROOMS["waiting"]())
    assert doc["hostID"] == "ann" and doc["status"] == "waiting"
    assert doc["settings"] == {"variant": "floating", "inviteOnly": False, "deals": 1, "scoring": "deals",
                               "turnSeconds": 0, "botReplacesLeaver": False, "botLevel": "basic", "chat": True,
                               "undo": True, "playAllTricks": False, "washRule": True}
    assert doc["invited"] == ["eve"] and doc["memberIDs"] == ["ann", "ben", "cat"]
    assert doc["players"] == [
        {"uid": "ann", "displayName": "Ann", "position": 0, "ready": False, "bot": False, "entropy": ""},
        {"uid": "ben", "displayName": "Ben", "position": 1, "ready": True, "bot": False, "entropy": ""},
        {"uid": "cat", "displayName": "Cat", "position": 2, "ready": False, "bot": False, "entropy": ""},
    ]
    assert (doc["dealer"], doc["turn"], doc["washes"], doc["bids"], doc["highestBid"]) == (None, None, 0, [], None)
    assert (doc["contract"], doc["partnerCard"], doc["partnerPosition"], doc["trick"]) == (None, None, None, None)
    assert (doc["tricks"], doc["tricksWon"], doc["trumpBroken"]) == ([], [0, 0, 0, 0], False)
    assert (doc["handSizes"], doc["result"], doc["seating"]) == ([0, 0, 0, 0], None, None)
    assert doc["match"] == {"dealNumber": 0, "deals": 1, "scores": {}, "names": {}, "sheet": None}
    assert doc["dummy"] is None and doc["alerts"] is False
    assert documents.hand_views(ROOMS["waiting"]()) == {}


def test_auction_document() -> None:
    doc = documents.public_room(ROOMS["bidding"]())
    assert doc["status"] == "bidding" and doc["dealer"] == 2 and doc["turn"] == 2
    assert doc["bids"] == [{"position": 3, "bid": "1C"}, {"position": 0, "bid": "PASS"}, {"position": 1, "bid": "2H"}]
    assert doc["highestBid"] == {"position": 1, "bid": "2H"}
    assert doc["handSizes"] == [13, 13, 13, 13] and doc["seating"] == list(PLAYERS)


def test_contract_document() -> None:
    doc = documents.public_room(ROOMS["choosing"]())
    assert doc["status"] == "choosingTeammate" and doc["turn"] == 1
    assert doc["contract"] == {"declarer": 1, "bid": "3NT", "doubled": None, "trump": None, "target": 9,
                               "defenderTarget": 5}
    suit = documents.public_room(room_with(choosing_game(MIXED_DEAL, declarer=0, contract="4H")))
    assert suit["contract"] == {"declarer": 0, "bid": "4H", "doubled": None, "trump": "H", "target": 10,
                                "defenderTarget": 4}


def test_play_document() -> None:
    doc = documents.public_room(in_play_room())
    assert doc["status"] == "playing" and doc["turn"] == 0
    assert doc["partnerCard"] == "AH" and doc["partnerPosition"] is None
    assert doc["trick"] == {"leader": 3, "cards": [{"position": 3, "card": "JS"}]}
    assert doc["tricks"] == [{"leader": 1, "cards": [{"position": 1, "card": "2C"}, {"position": 2, "card": "3C"},
                                                    {"position": 3, "card": "4C"}, {"position": 0, "card": "5C"}],
                              "winner": 0}]
    assert doc["tricksWon"] == [1, 0, 0, 0] and doc["trumpBroken"] is False and doc["handSizes"] == [3, 3, 3, 2]


def test_partner_position_is_published_once_the_partner_card_is_played() -> None:
    game = playing_game(SUIT_PER_SEAT, declarer=0, contract="1NT", partner="AD").play_card(0, card("2C"))
    assert documents.public_room(room_with(game))["partnerPosition"] is None
    revealed = documents.public_room(room_with(game.play_card(1, card("AD"))))
    assert revealed["partnerPosition"] == 1


def test_result_document() -> None:
    doc = documents.public_room(finished_room())
    assert doc["status"] == "ended" and doc["turn"] is None and doc["trick"] is None
    assert doc["result"] == {
        "players": list(PLAYERS), "abandonedBy": None, "passedOut": False, "winners": ["ann", "cat"], "contract": "1NT",
        "declarer": 0, "partner": 2, "declarerTricks": 7, "defenderTricks": 5, "made": True,
        "points": None, "unfinishedRubber": None,
    }
    assert doc["partnerPosition"] == 2  # the result names the partner (SPEC §5.6)


def test_abandoned_result_document() -> None:
    doc = documents.public_room(ROOMS["abandoned"]())
    assert doc["status"] == "ended" and doc["turn"] is None
    assert doc["result"] == {
        "players": list(PLAYERS), "abandonedBy": "ben", "passedOut": False, "winners": [], "contract": None,
        "declarer": None, "partner": None, "declarerTricks": None, "defenderTricks": None, "made": None,
        "points": None, "unfinishedRubber": None,
    }
    assert doc["memberIDs"] == ["ann", "cat", "dan"] and doc["seating"] == list(PLAYERS)


def test_abandoned_game_does_not_reveal_an_unplayed_partner() -> None:
    # SPEC §6: before the partner card is played, no public field may say who the partner is.
    # An abandoned deal never reached a result naming the partner (§5.6), so it stays secret.
    doc = documents.public_room(ROOMS["abandoned"]())
    assert doc["partnerCard"] == "AH" and doc["partnerPosition"] is None


@pytest.mark.parametrize("name", VARIANTS)
def test_alerts_is_true_exactly_when_the_deals_calls_may_carry_alerts(name: str) -> None:
    """The room document's `alerts` (SPEC §15) is true exactly when a call of the current or
    last deal may carry an alert, and then that deal's alert documents exist: false before the
    first deal; at every call of a deal, the player to call is offered an alert (`legal[].alert`)
    and `place_bid` takes one exactly when it is true; every step of the deal, and its end, says
    the same. For every registered variant, with nothing written for any."""
    room = Room.create(PLAYERS[0], "Ann", Settings.of(variant=name))
    assert documents.public_room(room)["alerts"] is False and documents.alert_documents(room) == {}
    rng = random.Random(7)
    room = started(name, rng)
    alerts = documents.public_room(room)["alerts"]
    calls = 0
    while room.deal_in_progress:
        deal = room.deal
        doc = documents.public_room(room)
        assert doc["alerts"] is alerts and bool(documents.alert_documents(room)) is alerts
        uid, action = deal.players[deal.actor], deal.bot_action()
        if deal.phase is Phase.BIDDING:
            calls += 1
            assert doc["legal"][deal.actor]["alert"] is alerts
            try:
                room.place_bid(uid, action, random.Random(0), "an agreement of ours")
                taken = True
            except BridgeError as error:
                assert error.reason is Reason.INVALID_ARGUMENT
                taken = False
            assert taken is alerts
        room = acted(room, action, rng)
    assert calls > 0, "the deal had an auction"
    assert documents.public_room(room)["alerts"] is alerts and bool(documents.alert_documents(room)) is alerts


@pytest.mark.parametrize("name", VARIANTS)
def test_a_hand_is_fifty_bytes_whatever_it_holds_and_they_say_what_the_hand_view_says(name: str) -> None:
    """Every hand told at every step of a deal of every variant, as the bytes sealed for its
    holder (`documents.hand_bytes`): always 50 of them, so a seal's length tells nothing, and read
    back by the layout docs/API.md gives (`tests.client.read_hand_bytes`, written from it) they are
    the hand view, each set of cards in the deck's order."""
    rng = random.Random(11)
    room = started(name, rng)
    told = 0
    while True:
        for view in documents.hand_views(room).values():
            plain = documents.hand_bytes(view)
            assert len(plain) == documents.HAND_BYTES == 50
            in_order = {"cards": sorted(view["cards"], key=client.DECK.index),
                        "plays": {k: sorted(v, key=client.DECK.index) for k, v in view["plays"].items()}
                        if view["plays"] is not None else None,
                        "partnerCards": sorted(view["partnerCards"], key=client.DECK.index)
                        if view["partnerCards"] is not None else None}
            assert client.read_hand_bytes(plain) == in_order
            told += 1
        if not room.deal_in_progress:
            break
        room = acted(room, room.deal.bot_action(), rng)
    assert told > 50


def test_hand_views_hold_each_players_hand() -> None:
    room = ROOMS["playing"]()
    hands = documents.hand_views(room)
    assert {uid: hand["cards"] for uid, hand in hands.items()} == {
        uid: [str(c) for c in hand] for uid, hand in zip(PLAYERS, room.deal.hands, strict=True)}
    assert hands["ann"]["cards"] == ["2D", "KS", "AS"]  # sorted by suit then rank


def test_every_hand_says_which_of_its_cards_may_be_played_to_each_trick_it_could_be_played_to() -> None:
    """Spades are trump and not yet broken (the trick on the table is still being played): on lead,
    no trump while the hand holds another suit; following, the suit led if held, else anything."""
    room = ROOMS["playing"]()  # ann is to follow a spade lead: her spades, not her diamond
    hands = documents.hand_views(room)
    assert hands["ann"]["plays"] == {"lead": ["2D"], "C": ["2D", "KS", "AS"], "D": ["2D"],
                                     "H": ["2D", "KS", "AS"], "S": ["KS", "AS"]}
    assert hands["ben"]["plays"] == {"lead": ["3D", "4D"], "C": ["3D", "4D", "QS"], "D": ["3D", "4D"],
                                     "H": ["3D", "4D", "QS"], "S": ["QS"]}
    assert all(hand["partnerCards"] is None for hand in hands.values())


def test_a_hand_document_changes_with_its_hand_not_with_every_move() -> None:
    """Issue 38: another seat's card leaves a hand's document as it was; its own card, or trump
    broken, changes it."""
    room = ROOMS["playing"]()
    before = documents.hand_views(room)
    after = documents.hand_views(room.play_card("ann", Card.parse("AS")))
    assert after["ann"]["cards"] == ["2D", "KS"] and after["ann"]["plays"]["S"] == ["KS"]
    assert {uid: after[uid] for uid in PLAYERS[1:]} == {uid: before[uid] for uid in PLAYERS[1:]}


def test_the_cards_a_declarer_may_name_are_in_their_hand_document_while_they_name_them() -> None:
    room = ROOMS["choosing"]()
    hands = documents.hand_views(room)
    declarer = room.deal.players[1]
    assert set(hands[declarer]["partnerCards"]) == {str(c) for c in DECK} - set(hands[declarer]["cards"])
    assert all(hand["partnerCards"] is None for uid, hand in hands.items() if uid != declarer)
    assert all(hand["plays"] is None for hand in hands.values())


def test_player_view_shows_only_the_callers_hand() -> None:
    room = ROOMS["bidding"]()
    for position, uid in enumerate(PLAYERS):
        view = documents.player_view(room, uid)
        assert view["hand"]["cards"] == [str(c) for c in MIXED_DEAL[position]]
        assert view["room"] == documents.public_room(room)
        others = {str(c) for p, hand in enumerate(MIXED_DEAL) if p != position for c in hand}
        assert not cards_in_document(view) & others
    assert documents.player_view(room, "eve")["hand"] is None


@pytest.mark.parametrize("name", ROOMS)
def test_room_round_trips_through_its_full_state(name: str) -> None:
    room = ROOMS[name]()
    assert state.decode(state.encode(room)) == room
    assert state.decode(json.loads(json.dumps(state.encode(room)))) == room


@pytest.mark.parametrize("name", ROOMS)
def test_room_round_trips_through_its_stored_documents(name: str) -> None:
    """What Part I stored (the public room + one hand document per seated uid) migrates back to the
    room: its seats, settings, invitations, deal (hands included), score and end."""
    room = ROOMS[name]()
    public, hands = documents.public_room(room), documents.hand_views(room)
    migrated = state.decode(state.from_public_v1(public, hands))
    assert (migrated.host, migrated.seats, migrated.settings, migrated.invited, migrated.abandoned_by) == (
        room.host, room.seats, room.settings, room.invited, room.abandoned_by)
    assert migrated.deal == room.deal
    if room.match is not None:
        assert migrated.match.scores == room.match.scores and migrated.match.number == room.match.number
    # A Part I room showed no commitment: it deals its next deal as it did, and commits from the one after.
    assert documents.public_room(migrated) == public | {"match": public["match"] | {
        "names": {uid: name for uid, name in public["match"]["names"].items() if uid in migrated.member_ids}},
        "nextDeal": None}


def test_state_holds_every_hand_by_position() -> None:
    def hands(room: Room) -> list[str] | None:
        match = state.encode(room)["match"]
        return match["deal"]["hands"] if match else None

    assert hands(ROOMS["bidding"]()) == [" ".join(str(c) for c in h) for h in MIXED_DEAL]
    assert hands(ROOMS["waiting"]()) is None
    assert hands(finished_room()) == ["AD", "AS", "QS", "JS"]


def test_started_room_round_trips() -> None:
    room = seated_room().start(PLAYERS[0], random.Random(5))
    assert state.decode(state.encode(room)) == room


# ----- the hand record of a finished deal (SPEC §9) ------------------------------------------------


def test_deal_record_is_written_only_once_the_deal_has_finished() -> None:
    for name in ("waiting", "invite-only", "bidding", "choosing", "playing", "abandoned"):
        assert documents.deal_record(ROOMS[name]()) is None, name
    assert documents.deal_record(finished_room()) is not None
    assert documents.deal_record(ROOMS["finished-then-left"]()) == documents.deal_record(finished_room())


def test_deal_record_of_a_deal_that_ended_early() -> None:
    record = documents.deal_record(finished_room())
    # the ENDGAME position: what each still holds plus what each played in the twelve tricks
    played = {p: [] for p in range(4)}
    for t in record["tricks"]:
        for c in t["cards"]:
            played[c["position"]].append(c["card"])
    remaining = [["AD"], ["AS"], ["QS"], ["JS"]]
    for position, hand in enumerate(record["hands"]):
        assert sorted(hand["cards"]) == sorted(remaining[position] + played[position])
        assert len(hand["cards"]) == 13
    assert sorted(c for hand in record["hands"] for c in hand["cards"]) == sorted(str(c) for c in DECK)
    assert "AH" in record["hands"][2]["cards"] and record["partner"] == 2 and record["partnerCard"] == "AH"
    assert len(record["tricks"]) == 12 and record["scoreChanges"] == {"ann": 1, "ben": 0, "cat": 1, "dan": 0}
    assert record["result"] == documents.public_room(finished_room())["result"]


RANKS = "23456789TJQKA"


def wire_winner(cards: list[dict], trump: str | None) -> int:
    """The trick's winner restated on wire strings: the highest trump, else the highest of the suit led."""
    led = cards[0]["card"][1]
    pool = [c for c in cards if c["card"][1] == trump] or [c for c in cards if c["card"][1] == led]
    return max(pool, key=lambda c: RANKS.index(c["card"][0]))["position"]


@pytest.mark.parametrize("scoring", ["deals", "tricks"])
def test_deal_record_holds_the_hands_as_dealt_and_the_whole_deal(scoring: str) -> None:
    rng = random.Random(13)
    room = seated_room(settings=Settings(deals=2, scoring=scoring)).start(PLAYERS[0], Permuting.dealing(MIXED_DEAL))
    # A bid of 1H from the player to speak, then three passes (no pass-out: the deal is MIXED_DEAL);
    # a random partner card and random legal cards, written down as played. Until the deal ends
    # there is no record.
    calls = iter(["1H", "PASS", "PASS", "PASS"])
    partner_card, played = None, []
    while room.deal_in_progress:
        assert documents.deal_record(room) is None
        deal = room.deal
        uid = deal.players[deal.turn]
        if deal.phase is Phase.BIDDING:
            room = room.place_bid(uid, call(next(calls)), rng)
        elif deal.phase is Phase.CHOOSING_TEAMMATE:
            partner_card = rng.choice(deal.legal_partner_cards())
            room = room.choose_partner(uid, partner_card)
        else:
            choice = rng.choice(deal.legal_cards())
            played.append({"position": deal.turn, "card": str(choice)})
            room = room.play_card(uid, choice)
    assert room.status == "dealEnded"
    record = documents.deal_record(room)
    public = documents.public_room(room)
    assert json.loads(json.dumps(record)) == record
    assert record["hands"] == [{"cards": [str(c) for c in hand]} for hand in MIXED_DEAL]
    assert (record["number"], record["variant"], record["dealer"], record["washes"]) == (1, "floating", 0, 0)
    assert record["players"] == list(PLAYERS)
    assert record["bids"] == public["bids"] == [{"position": 1, "bid": "1H"}, {"position": 2, "bid": "PASS"},
                                                {"position": 3, "bid": "PASS"}, {"position": 0, "bid": "PASS"}]
    contract = record["contract"]
    assert (contract["bid"], contract["declarer"], record["partnerCard"]) == ("1H", 1, str(partner_card))
    # The tricks are the cards played, four by four, each won as the rules say (hearts trump).
    tricks = [played[i:i + 4] for i in range(0, len(played), 4)]
    assert [t["cards"] for t in record["tricks"]] == tricks
    assert [(t["leader"], t["winner"]) for t in record["tricks"]] == [(t[0]["position"], wire_winner(t, "H"))
                                                                       for t in tricks]
    assert any(wire_winner(t, "H") != wire_winner(t, None) for t in tricks)  # a heart ruffed: trump counted
    holder = next(p for p, hand in enumerate(MIXED_DEAL) if partner_card in hand)
    assert record["partner"] == holder == public["partnerPosition"] == public["result"]["partner"]
    # The result, from those winners: 1H needs seven tricks for the declarer and partner.
    won = Counter(wire_winner(t, "H") for t in tricks)
    ours = won[1] + (won[holder] if holder != 1 else 0)
    made = ours >= 7
    result = record["result"]
    assert (result["declarerTricks"], result["defenderTricks"], result["made"]) == (ours, len(tricks) - ours, made)
    winners = {1, holder} if made else {0, 1, 2, 3} - {1, holder}
    assert set(result["winners"]) == {PLAYERS[p] for p in winners}
    points = 1 if scoring == "deals" else (ours if made else len(tricks) - ours)
    assert record["scoreChanges"] == {uid: points if p in winners else 0 for p, uid in enumerate(PLAYERS)}
    assert record["scoreChanges"] == public["match"]["scores"]
    assert record["result"] == public["result"] and record["tricks"] == public["tricks"]
