"""Alerts through the callables (SPEC §15): `placeBid` with an `alert` in contract bridge; the
alert on its side's document, never on the room document, and in the deal record; refused with
`INVALID_ARGUMENT` and no change when empty, too long, not text, or in Floating Bridge."""
from __future__ import annotations

import pytest

from tests import client
from tests.service.test_contract import play_one
from tests.table import Table

pytestmark = pytest.mark.usefixtures("emulator")


def test_an_alerted_call_is_on_its_sides_document_and_in_the_record_not_on_the_room():
    table = Table.started(settings={"variant": "contract"})
    assert table.call("placeBid", table.at(0), bid="1NT", alert="  12-14 balanced  ") is None
    room = table.room()
    assert room["bids"] == [{"position": 0, "bid": "1NT"}] and "12-14" not in str(room)
    assert room["alerts"] is True  # the room says its deal's calls may carry alerts: the documents exist
    doc = client.read(f"rooms/{table.room_id}/alerts/NS", table.at(1))
    assert doc == {"dealNumber": 1, "readers": [table.at(p).uid for p in (1, 3)], "open": False,
                   "alerts": [{"position": 0, "call": 0, "bid": "1NT", "text": "12-14 balanced"}]}
    assert client.read(f"rooms/{table.room_id}/alerts/EW", table.at(0))["alerts"] == []
    table.auction("PASS", "PASS", "PASS")
    while table.room()["status"] == "playing":
        play_one(table)
    record = client.read(f"rooms/{table.room_id}/deals/1", table.at(2))
    assert record["alerts"] == [{"position": 0, "call": 0, "bid": "1NT", "text": "12-14 balanced"}]


def test_a_bad_alert_or_one_in_floating_bridge_is_refused_and_changes_nothing():
    table = Table.started(settings={"variant": "contract"})
    for alert in ("", "   ", "x" * 201, 7, None, ["weak"]):
        table.reject("placeBid", table.at(0), "invalid-argument", "INVALID_ARGUMENT", bid="1C", alert=alert)
    floating = Table.started(settings={"washRule": False})
    floating.reject("placeBid", floating.to_act(), "invalid-argument", "INVALID_ARGUMENT", bid="1C",
                    alert="short clubs")
    # The room says its deal's calls may not carry alerts, and there are no alert documents.
    assert floating.room()["alerts"] is False
    assert [client.admin_get(f"rooms/{floating.room_id}/alerts/{side}") for side in ("NS", "EW")] == [None, None]
