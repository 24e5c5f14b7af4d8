"""documents.py: the wire form of a room (SPEC §6) and what each reader may see."""
from __future__ import annotations

import json
import random

import pytest

from bridge import Room, Settings, documents

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    bidding_game,
    card,
    cards_in_document,
    choosing_game,
    endgame,
    hands_from,
    play_trick,
    playing_game,
    room_with,
    seated_room,
    trick,
)

#: SPEC §6 public fields the engine fills (the service adds version, createdAt, updatedAt).
SPEC_FIELDS = {
    "hostID", "status", "settings", "invited", "players", "dealer", "turn", "washes", "bids", "highestBid",
    "contract", "partnerCard", "partnerPosition", "trick", "tricks", "tricksWon", "trumpBroken", "handSizes",
    "result",
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
    "invite-only": lambda: Room.create("ann", "Ann", Settings(invite_only=True, wash_rule=False)).invite("ann", "ben"),
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
    assert doc["settings"] == {"inviteOnly": False, "playAllTricks": False, "washRule": True}
    assert doc["invited"] == ["eve"] and doc["memberIDs"] == ["ann", "ben", "cat"]
    assert doc["players"] == [
        {"uid": "ann", "displayName": "Ann", "position": 0, "ready": False},
        {"uid": "ben", "displayName": "Ben", "position": 1, "ready": True},
        {"uid": "cat", "displayName": "Cat", "position": 2, "ready": False},
    ]
    assert (doc["dealer"], doc["turn"], doc["washes"], doc["bids"], doc["highestBid"]) == (None, None, 0, [], None)
    assert (doc["contract"], doc["partnerCard"], doc["partnerPosition"], doc["trick"]) == (None, None, None, None)
    assert (doc["tricks"], doc["tricksWon"], doc["trumpBroken"]) == ([], [0, 0, 0, 0], False)
    assert (doc["handSizes"], doc["result"], doc["seating"]) == ([0, 0, 0, 0], None, None)
    assert documents.hand_documents(ROOMS["waiting"]()) == {}


def test_auction_document() -> None:
    doc = documents.public_room(ROOMS["bidding"]())
    assert doc["status"] == "bidding" and doc["dealer"] == 2 and doc["turn"] == 2
    assert doc["bids"] == [{"position": 3, "bid": "1C"}, {"position": 0, "bid": "PASS"}, {"position": 1, "bid": "2H"}]
    assert doc["highestBid"] == {"position": 1, "bid": "2H"}
    assert doc["handSizes"] == [13, 13, 13, 13] and doc["seating"] == list(PLAYERS)


def test_contract_document() -> None:
    doc = documents.public_room(ROOMS["choosing"]())
    assert doc["status"] == "choosingTeammate" and doc["turn"] == 1
    assert doc["contract"] == {"declarer": 1, "bid": "3NT", "trump": None, "target": 9, "defenderTarget": 5}
    suit = documents.public_room(room_with(choosing_game(MIXED_DEAL, declarer=0, contract="4H")))
    assert suit["contract"] == {"declarer": 0, "bid": "4H", "trump": "H", "target": 10, "defenderTarget": 4}


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
        "players": list(PLAYERS), "abandonedBy": None, "winners": ["ann", "cat"], "contract": "1NT",
        "declarer": 0, "partner": 2, "declarerTricks": 7, "defenderTricks": 5, "made": True,
    }
    assert doc["partnerPosition"] == 2  # the result names the partner (SPEC §5.6)


def test_abandoned_result_document() -> None:
    doc = documents.public_room(ROOMS["abandoned"]())
    assert doc["status"] == "ended" and doc["turn"] is None
    assert doc["result"] == {
        "players": list(PLAYERS), "abandonedBy": "ben", "winners": [], "contract": None, "declarer": None,
        "partner": None, "declarerTricks": None, "defenderTricks": None, "made": None,
    }
    assert doc["memberIDs"] == ["ann", "cat", "dan"] and doc["seating"] == list(PLAYERS)


def test_abandoned_game_does_not_reveal_an_unplayed_partner() -> None:
    # SPEC §6: before the partner card is played, no public field may say who the partner is.
    # An abandoned deal never reached a result naming the partner (§5.6), so it stays secret.
    doc = documents.public_room(ROOMS["abandoned"]())
    assert doc["partnerCard"] == "AH" and doc["partnerPosition"] is None


def test_hand_documents_hold_each_players_hand() -> None:
    room = ROOMS["playing"]()
    hands = documents.hand_documents(room)
    assert hands == {uid: {"cards": [str(c) for c in hand]} for uid, hand in zip(PLAYERS, room.game.hands, strict=True)}
    assert hands["ann"] == {"cards": ["2D", "KS", "AS"]}  # sorted by suit then rank


def test_player_view_shows_only_the_callers_hand() -> None:
    room = ROOMS["bidding"]()
    for position, uid in enumerate(PLAYERS):
        view = documents.player_view(room, uid)
        assert view["hand"] == [str(c) for c in MIXED_DEAL[position]]
        assert view["room"] == documents.public_room(room)
        others = {str(c) for p, hand in enumerate(MIXED_DEAL) if p != position for c in hand}
        assert not cards_in_document(view) & others
    assert documents.player_view(room, "eve")["hand"] is None


@pytest.mark.parametrize("name", ROOMS)
def test_room_round_trips_through_its_full_state(name: str) -> None:
    room = ROOMS[name]()
    assert documents.from_dict(documents.to_dict(room)) == room
    assert documents.from_dict(json.loads(json.dumps(documents.to_dict(room)))) == room


@pytest.mark.parametrize("name", ROOMS)
def test_room_round_trips_through_its_stored_documents(name: str) -> None:
    """What the service stores (public room + one hand document per seated uid) rebuilds the room."""
    room = ROOMS[name]()
    public, hands = documents.public_room(room), documents.hand_documents(room)
    seating = public["seating"]
    stored = {**public, "hands": [hands[uid]["cards"] for uid in seating] if seating else None}
    assert documents.from_dict(stored) == room


def test_to_dict_holds_every_hand_by_position() -> None:
    assert documents.to_dict(ROOMS["bidding"]())["hands"] == [[str(c) for c in h] for h in MIXED_DEAL]
    assert documents.to_dict(ROOMS["waiting"]())["hands"] is None
    assert documents.to_dict(finished_room())["hands"] == [["AD"], ["AS"], ["QS"], ["JS"]]


def test_started_room_round_trips() -> None:
    room = seated_room().start(PLAYERS[0], random.Random(5))
    assert documents.from_dict(documents.to_dict(room)) == room
