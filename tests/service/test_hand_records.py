"""Hand records that travel, through the callables and the emulators (SPEC §16): the commitment
before each deal and entropy with `toggleReady`, every recorded deal of a match verified (by the
verifier and by the documented command), `exportDeals` as PBN, and every bad input refused with
its reason and no change."""
from __future__ import annotations

import hashlib
import subprocess
import time
from pathlib import Path

import pytest
from endplay.parsers import pbn

from bridge.analysis import analyse
from bridge.verify import verify
from tests import client
from tests.engine.test_pbn import hands_of
from tests.event_table import Player, create, event_doc, filled, play_out
from tests.service.test_bots import play_as_the_person, with_bots
from tests.service.test_contract import play_one
from tests.table import Table, assert_unchanged, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")

ROOT = Path(__file__).resolve().parents[2]


def records(table: Table) -> list[dict]:
    deals = [client.admin_get(f"rooms/{table.room_id}/deals/{n}") for n in range(1, 11)]
    return [record for record in deals if record is not None]


def test_a_match_against_bots_is_committed_deal_by_deal_and_every_record_verifies():
    table = with_bots(3, deals=3)
    me = table.players[0]
    assert table.call("toggleReady", me) == {"success": True, "ready": False}
    assert table.call("toggleReady", me, entropy="  my dice: 3 5 6 ") == {"success": True, "ready": True}
    shown = []
    for number in (1, 2, 3):
        room = table.room()
        entropy = "my dice: 3 5 6" if number == 1 else f"deal {number}"
        assert room["players"][0]["entropy"] == entropy  # public at once
        shown.append(room["nextDeal"])
        assert shown[-1]["number"] == number
        table.start()
        room = table.room()
        # The seed is in the server-only state document: no client reads it while the deal lasts.
        assert client.admin_get(f"rooms/{table.room_id}/private/state")["seed"]["seed"]
        assert client.read_error(f"rooms/{table.room_id}/private/state", me).code == "permission-denied"
        assert client.admin_get(f"rooms/{table.room_id}/deals/{number}") is None
        assert room["dealing"]["commitment"] == shown[-1]["commitment"]
        assert room["dealing"]["entropy"] == [entropy, "", "", ""] and room["players"][0]["entropy"] == ""
        room, _ = play_as_the_person(table)
        if number < 3:
            table.call("toggleReady", me, entropy=f"deal {number + 1}")
    found = records(table)
    assert [r["number"] for r in found] == [1, 2, 3]
    for record, commitment in zip(found, shown, strict=True):
        assert record["dealing"]["commitment"] == commitment["commitment"]
        assert hashlib.sha256(bytes.fromhex(record["dealing"]["seed"])).hexdigest() == commitment["commitment"]
    assert [r["dealing"]["entropy"][0] for r in found] == ["my dice: 3 5 6", "deal 2", "deal 3"]
    assert all(verdict.verified for verdict in verify(found)), verify(found)
    output = subprocess.run([str(ROOT / "scripts" / "verify-deals"), "--room", table.room_id], capture_output=True,
                            text=True, timeout=60)
    assert output.returncode == 0, output.stdout + output.stderr
    assert output.stdout.count(": verified: ") == 3 and "3 of 3 deals verified" in output.stdout
    assert room["nextDeal"] is None  # the match is over


def test_bad_entropy_is_refused_with_its_reason_and_changes_nothing():
    table = Table.open(2)
    guest = table.players[1]
    before = database()
    for entropy in ("", "   ", "x" * 65, 7, None, ["a"], {"a": 1}):
        table.reject("toggleReady", guest, "invalid-argument", "INVALID_ARGUMENT", entropy=entropy)
    assert_unchanged(before)
    assert table.toggle_ready(guest) is True
    before = database()  # entropy with a call that makes the caller unready
    table.reject("toggleReady", guest, "invalid-argument", "INVALID_ARGUMENT", entropy="abc")
    assert_unchanged(before)


def test_export_deals_gives_pbn_any_reader_can_read_back():
    table = with_bots(3, deals=2)
    me = table.players[0]
    assert table.call("exportDeals", me, format="pbn")["text"] == "% PBN 2.1\r\n% EXPORT\r\n"
    table.start()
    play_as_the_person(table)
    table.toggle_ready(me)
    table.start()
    play_as_the_person(table)
    watcher = new_player()  # anyone may read an open room's records
    text = table.call("exportDeals", watcher, format="pbn")["text"]
    boards = pbn.loads(text)
    found = records(table)
    assert len(boards) == 2
    for board, record in zip(boards, found, strict=True):
        assert board.board_num == record["number"]
        assert hands_of(board) == [sorted(hand["cards"]) for hand in record["hands"]]
        assert board.info["North"] == table.room()["match"]["names"][record["players"][0]]


def test_export_deals_refuses_a_bad_format_an_unknown_room_and_an_outsider_of_an_invite_only_room():
    table = Table.open(2, settings={"inviteOnly": True})
    outsider = new_player()
    client.call("updateProfile", {"displayName": "Out"}, outsider)
    before = database()
    for bad in ("PBN", "lin", "", 1, None):
        table.reject("exportDeals", table.host(), "invalid-argument", "INVALID_ARGUMENT", format=bad)
    table.reject("exportDeals", outsider, "permission-denied", "NOT_INVITED", format="pbn")
    assert client.call_error("exportDeals", {"roomID": "noSuchRoom", "format": "pbn"}, outsider).reason == \
        "ROOM_NOT_FOUND"
    assert_unchanged(before)


def test_an_event_commits_to_its_boards_at_creation_and_reveals_the_seed_only_when_it_ends():
    director, ann = new_player(), new_player(name="Ann")
    event_id = create(director, boards=2)
    filled(director, event_id, {("NS", 0, 0): ann})
    committed = event_doc(event_id, ann)["dealing"]
    assert committed["seed"] is None and len(committed["commitment"]) == 64
    client.call("startEvent", {"eventID": event_id}, director)
    room_id = Player(ann).room_id()
    assert client.read(f"rooms/{room_id}", ann)["nextDeal"] is None  # the event deals its tables' boards
    assert event_doc(event_id, ann)["dealing"] == committed  # nothing revealed while the event plays
    final = play_out(event_id, director, [Player(ann)])
    assert final["dealing"]["commitment"] == committed["commitment"]
    seed = bytes.fromhex(final["dealing"]["seed"])
    assert hashlib.sha256(seed).hexdigest() == committed["commitment"]
    boards = [client.read(f"events/{event_id}/boards/{n}", ann) for n in (1, 2)]
    assert [v.verified for v in verify({"event": final, "boards": boards})] == [True, True]
    output = subprocess.run([str(ROOT / "scripts" / "verify-deals"), "--event", event_id], capture_output=True,
                            text=True, timeout=60)
    assert output.returncode == 0 and "2 of 2 deals verified" in output.stdout, output.stdout + output.stderr


def analysed(table: Table, number: int, seconds: float = 90) -> dict:
    """The hand record once the analysis trigger has added `analysis` (SPEC §16)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        record = client.admin_get(f"rooms/{table.room_id}/deals/{number}")
        if record is not None and "analysis" in record:
            return record
        time.sleep(0.5)
    raise AssertionError(f"deal {number} of {table.room_id} was not analysed within {seconds} s")


#: The emulators' ceiling on a Floating Bridge table's search (functions/.env.demo-floating-bridge).
EMULATOR_NODES = int(next(line.split("=", 1)[1] for line in
                          (ROOT / "functions" / ".env.demo-floating-bridge").read_text().splitlines()
                          if line.startswith("ANALYSIS_NODES=")))


def test_a_finished_floating_bridge_deal_gains_its_analysis_for_its_actual_sides():
    table = with_bots(3)
    table.start()
    play_as_the_person(table)
    record = analysed(table, 1)
    analysis = record.pop("analysis")
    assert analysis == analyse(record, EMULATOR_NODES)  # what the engine computes from the record
    declarer, partner = record["contract"]["declarer"], record["partner"]
    ours = analysis["sides"][declarer]
    assert {p for p, side in enumerate(analysis["sides"]) if side == ours} == {declarer, partner}
    assert client.read(f"rooms/{table.room_id}/deals/1", table.players[0])["analysis"] == analysis  # as readable


def test_a_finished_contract_bridge_deal_gains_its_table_and_par():
    table = Table.against_bots(settings={"variant": "contract", "scoring": "chicago"})
    room = table.room()
    while room["status"] in ("bidding", "playing"):
        if room["status"] == "bidding":
            table.call("placeBid", table.players[0], bid="PASS")
            room = table.room()
        else:
            room = play_one(table)
    record = analysed(table, room["match"]["dealNumber"])
    analysis = record.pop("analysis")
    assert analysis["solver"] == "search" and analysis["complete"] and analysis["par"] is not None
    assert analysis == analyse(record)
