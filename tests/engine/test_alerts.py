"""Alerts (SPEC §15): in fixed-partnership games a call may carry the caller's explanation; each
side's alerts are a document of their own, read by the other side (and spectators) at once and by
everyone who may read the room once the auction is over; the room document never holds one."""
from __future__ import annotations

import json
import random

from bridge import Reason, Settings, documents, new_deal, state
from bridge.contract import CONTRACT
from bridge.deal import Bidding, Deal
from bridge.memory import MEMORY
from bridge.tiger import TIGER

from .conftest import MIXED_DEAL, PLAYERS, bidding_game, call, rejects, room_with

RNG = random.Random(6)
CONTRACT_SETTINGS = Settings(variant="contract", scoring="rubber", deals=0)


def auction(*calls: tuple[str, str | None]) -> Deal:
    """Contract bridge, dealer 0: each call with its alert (None: none)."""
    deal = Deal(CONTRACT, CONTRACT_SETTINGS, PLAYERS, 0, MIXED_DEAL, Bidding())
    for text, alert in calls:
        deal = deal.place_bid(deal.turn, call(text), RNG, alert)
    return deal


def test_a_call_keeps_its_alert_and_the_room_document_does_not_show_it() -> None:
    deal = auction(("1C", "could be short"), ("PASS", None), ("1D", "artificial: no four-card major"))
    assert [e.alert for e in deal.calls] == ["could be short", None, "artificial: no four-card major"]
    text = json.dumps(documents.public_room(room_with(deal)), default=str)
    assert "short" not in text and "artificial" not in text


def test_each_sides_alerts_are_for_the_other_side_until_the_auction_is_over() -> None:
    deal = auction(("1C", "could be short"), ("1H", "weak"), ("1S", None))
    docs = documents.alert_documents(room_with(deal))
    assert docs["NS"] == {"dealNumber": 1, "readers": ["ben", "dan"], "open": False,
                          "alerts": [{"position": 0, "call": 0, "bid": "1C", "text": "could be short"}]}
    assert docs["EW"]["alerts"] == [{"position": 1, "call": 1, "bid": "1H", "text": "weak"}]
    assert docs["EW"]["readers"] == ["ann", "cat"]
    over = auction(("1C", "could be short"), ("PASS", None), ("PASS", None), ("PASS", None))
    room = room_with(over)
    assert all(doc["open"] for doc in documents.alert_documents(room).values())


def test_floating_bridge_and_memory_bridge_take_no_alert() -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        bidding_game().place_bid(0, call("1C"), RNG, "anything")
    memory = new_deal(MEMORY, PLAYERS[:2], Settings(variant="memory"), 0, random.Random(2))
    while memory.phase.value == "firstHalf":
        memory = memory.act(memory.actor, memory.bot_action(), RNG)
    if memory.phase.value == "bidding":
        with rejects(Reason.INVALID_ARGUMENT):
            memory.place_bid(memory.turn, call("PASS"), RNG, "anything")
    assert documents.alert_documents(room_with(bidding_game())) == {}


def test_tigerbridge_takes_alerts() -> None:
    deal = Deal(TIGER, Settings(variant="tiger", scoring="sets", deals=0), PLAYERS, 0, MIXED_DEAL, Bidding())
    deal = deal.place_bid(deal.turn, call("5S"), RNG, "five spade tricks with the Lookout")
    assert deal.calls[0].alert == "five spade tricks with the Lookout"


def test_the_deal_record_and_the_stored_state_keep_the_alerts() -> None:
    deal = auction(("1C", "could be short"), ("PASS", None), ("PASS", None), ("PASS", None))
    while not deal.is_finished:
        deal = deal.act(deal.actor, deal.bot_action(), RNG)
    room = room_with(deal)
    assert documents.deal_record(room)["alerts"] == [{"position": 0, "call": 0, "bid": "1C",
                                                      "text": "could be short"}]
    assert state.decode(json.loads(json.dumps(state.encode(room)))) == room
