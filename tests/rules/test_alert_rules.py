"""firestore.rules for alerts (SPEC §15), with real client tokens on a contract-bridge room made
through the callables: during the auction a side's alerts are read by the other side and the
room's spectators and by nobody else, the alerting player's partner above all, whichever seat
alerts; once the auction is over, by whoever may read the room. No client writes them."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")

SIDE_OF = {0: "NS", 1: "EW", 2: "NS", 3: "EW"}


def test_a_partner_never_reads_the_alert_before_the_auction_is_over_from_any_seat():
    table = Table.started(settings={"variant": "contract"})
    spectator, outsider = new_player(), new_player()
    table.call("watchRoom", spectator)
    path = f"rooms/{table.room_id}/alerts"
    calls = ["1C", "1D", "1H", "1S"]  # each seat alerts its call in turn: dealer 0 opens
    for position, bid in enumerate(calls):
        assert table.call("placeBid", table.at(position), bid=bid, alert=f"{bid}: conventional") is None
        for side in ("NS", "EW"):
            alerted = [p for p in range(position + 1) if SIDE_OF[p] == side]
            for reader in range(4):
                user = table.at(reader)
                if SIDE_OF[reader] != side:  # the other side reads at once
                    doc = client.read(f"{path}/{side}", user)
                    assert [a["position"] for a in doc["alerts"]] == alerted and doc["open"] is False
                else:  # the alerting side, the alerter's partner included, does not
                    assert client.read_error(f"{path}/{side}", user).code == "permission-denied"
            assert [a["text"] for a in client.read(f"{path}/{side}", spectator)["alerts"]] == [
                f"{calls[p]}: conventional" for p in alerted]
            assert client.read_error(f"{path}/{side}", outsider).code == "permission-denied"
            assert client.write_error(f"{path}/{side}", {"alerts": []}, table.at(0)).code == "permission-denied"
    room = table.room()
    assert all("alert" not in entry for entry in room["bids"])  # the room document never holds one
    for _ in range(3):
        table.bid("PASS")
    assert table.room()["status"] == "playing"
    for user in [*table.players, spectator, outsider]:  # an open room: anyone signed in reads it now
        for side in ("NS", "EW"):
            doc = client.read(f"{path}/{side}", user)
            assert doc["open"] is True and len(doc["alerts"]) == 2


def test_an_invite_only_rooms_alerts_open_only_to_its_readers():
    invitee, outsider = new_player(), new_player()
    table = Table.ready(settings={"variant": "contract", "inviteOnly": True})
    table.invite(invitee)
    table.start()
    table.call("placeBid", table.at(0), bid="2C", alert="strong, artificial")
    assert client.read_error(f"rooms/{table.room_id}/alerts/NS", invitee).code == "permission-denied"
    table.auction("PASS", "PASS", "PASS")
    assert client.read(f"rooms/{table.room_id}/alerts/NS", invitee)["alerts"][0]["text"] == "strong, artificial"
    assert client.read_error(f"rooms/{table.room_id}/alerts/NS", outsider).code == "permission-denied"


def test_a_spectator_of_a_room_made_invite_only_since_reads_no_alert_and_does_not_chat():
    """A spectator who watched an open room, not invited when the host made it invite-only, no
    longer reads it: neither its alerts during the auction nor its chat (they stay listed as
    spectators until they stop watching, as a spectator who closes the page does)."""
    table = Table.open(4, settings={"variant": "contract"})
    watcher = new_player()
    table.call("watchRoom", watcher)
    table.call("updateRoomSettings", table.host(), settings={"inviteOnly": True})
    table.ready_all()
    table.start()
    table.call("placeBid", table.at(0), bid="2C", alert="strong, artificial")
    assert watcher.uid in client.admin_get(f"rooms/{table.room_id}")["spectators"]
    assert client.read_error(f"rooms/{table.room_id}/alerts/NS", watcher).code == "permission-denied"
    table.reject("sendMessage", watcher, "permission-denied", "NOT_IN_ROOM", text="hello")
