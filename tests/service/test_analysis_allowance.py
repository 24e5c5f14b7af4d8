"""The analysis's cost per person (issue 33), through the emulators: a Floating Bridge deal can be
finished in a few calls (bid 7NT), and each finished deal starts a double-dummy search. A person
has at most 30 deals analysed in any hour (`service/analysis.py`, `ANALYSES_PER_HOUR`); past that,
a record says why it has no analysis, and nobody else is touched. A deal of bots alone is charged
to its room's host (an event's director)."""
from __future__ import annotations

import time

import pytest

from tests import client
from tests.event_table import create, filled
from tests.service.test_bots import with_bots
from tests.table import DECK, Table, patiently

pytestmark = pytest.mark.usefixtures("emulator")

#: service/analysis.py: deals a person may have analysed in any hour.
ANALYSES_PER_HOUR = 30
PLAYING = ("bidding", "choosingTeammate", "playing")


def finish_a_deal_quickly(table: Table) -> None:
    """The person (with three bots) deals, bids 7NT at their first turn, names a partner card and
    plays until the deal has ended (it ends as soon as 7NT cannot make or has made)."""
    me = table.players[0]
    room = table.room()
    if room["status"] in ("waiting", "dealEnded"):
        if not room["players"][0]["ready"]:
            patiently("toggleReady", {"roomID": table.room_id}, me)
        patiently("startGame", {}, me)
        room = table.room()
    while room["status"] in PLAYING:
        data: dict = {"roomID": table.room_id}
        if room["status"] == "bidding":
            name, data["bid"] = "placeBid", "PASS" if (room["highestBid"] or {}).get("bid") == "7NT" else "7NT"
        elif room["status"] == "choosingTeammate":
            name, data["card"] = "chooseTeammate", max(table.told(me, room), key=DECK.index)
        else:
            name, data["card"] = "playCard", table.choose_card(me, room)
        patiently(name, data, me)
        room = table.room()


def settled_records(room_id: str, numbers: range, seconds: float = 180) -> list[dict]:
    """The records of deals `numbers` once the trigger has added `analysis` (or said why not) to each."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        records = [client.admin_get(f"rooms/{room_id}/deals/{n}") for n in numbers]
        if all(record is not None and "analysis" in record for record in records):
            return records
        time.sleep(0.5)
    raise AssertionError(f"the deals of {room_id} were not all analysed within {seconds} s")


def test_a_person_has_thirty_deals_analysed_an_hour_and_every_record_past_that_says_why():
    table = with_bots(3, deals=0)
    me = table.players[0]
    other = with_bots(3)  # another person, at a table of their own
    for _ in range(ANALYSES_PER_HOUR + 1):
        finish_a_deal_quickly(table)
    records = settled_records(table.room_id, range(1, ANALYSES_PER_HOUR + 2))
    skipped = [r for r in records if r["analysis"] is None]
    assert len(records) - len(skipped) == ANALYSES_PER_HOUR
    assert [(r["analysis"], r["analysisSkipped"]) for r in skipped] == [(None, "ALLOWANCE_SPENT")]
    assert all("analysisSkipped" not in r for r in records if r["analysis"] is not None)
    seen = client.read(f"rooms/{table.room_id}/deals/{skipped[0]['number']}", me)  # as the player reads it
    assert (seen["analysis"], seen["analysisSkipped"]) == (None, "ALLOWANCE_SPENT")
    assert client.read_error(f"analysisAllowance/{me.uid}", me).code == "permission-denied"
    finish_a_deal_quickly(other)  # someone else's deal is analysed as ever
    assert settled_records(other.room_id, range(1, 2))[0]["analysis"]["sides"]

    # An hour on (the charges' times moved back an hour: the trigger reads the server's clock), the
    # person's deals are analysed again, and the old charges are forgotten.
    path = f"analysisAllowance/{me.uid}"
    charges = client.admin_get(path)["deals"]
    assert len(charges) == ANALYSES_PER_HOUR
    client.admin_set(path, {"deals": [{**charge, "at": charge["at"] - 3600} for charge in charges]})
    finish_a_deal_quickly(table)
    number = ANALYSES_PER_HOUR + 2
    record = settled_records(table.room_id, range(number, number + 1))[0]
    assert record["analysis"] is not None and "analysisSkipped" not in record
    assert [charge["deal"] for charge in client.admin_get(path)["deals"]] == [f"rooms/{table.room_id}/deals/{number}"]


def test_a_deal_of_bots_alone_is_charged_to_its_rooms_host_the_events_director():
    """A teams event of bots alone plays all its boards in the director's startEvent (2 tables x 4
    boards): each of its 8 deals is charged to the director, once."""
    director = client.sign_up()
    event_id = create(director, boards=4)
    filled(director, event_id, {})
    assert client.call("startEvent", {"eventID": event_id}, director) == {"success": True}
    rooms = [f"{event_id}r1t{table}" for table in (1, 2)]
    records = [record for room_id in rooms for record in settled_records(room_id, range(1, 5))]
    assert all(record["analysis"]["solver"] == "search" for record in records)
    charged = client.admin_get(f"analysisAllowance/{director.uid}")["deals"]
    assert sorted(charge["deal"] for charge in charged) == sorted(
        f"rooms/{room_id}/deals/{n}" for room_id in rooms for n in range(1, 5))
