"""Rooms stored by the Part I server (schema 1: no state document; the public room document and
the hand documents were the state) still load, play on, and are stored in the current schema
when they next change (`bridge.state.from_public_v1`, `service.store.load_room`)."""
from __future__ import annotations

import pytest

from bridge import state
from tests import client
from tests.table import DECK, Table, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")

PART_ONE_SETTINGS = ("inviteOnly", "playAllTricks", "washRule")


def as_part_one(table: Table) -> dict:
    """Rewrite the room as the Part I server stored it: no state document, no `match`, the
    three Part I settings, each person's hand in a hand document of their own (no keys, no
    `sealedHands`). Returns the room document as stored."""
    path = f"rooms/{table.room_id}"
    room = client.admin_get(path)
    for player in table.players:
        hand = client.admin_hand(table.room_id, player.uid)
        if hand is not None:
            client.admin_set(f"{path}/hands/{player.uid}", hand)
        client.admin_delete(f"{path}/keys/{player.uid}")
    del room["match"], room["sealedHands"]
    table.keys.clear()  # no person had a key then
    room["settings"] = {name: room["settings"][name] for name in PART_ONE_SETTINGS}
    client.admin_set(path, room)
    client.admin_delete(f"{path}/private/state")
    return room


@pytest.mark.parametrize("stage", ["waiting", "bidding", "playing"])
def test_a_part_one_room_loads_plays_to_its_end_and_is_then_stored_in_the_current_schema(stage):
    table = {"waiting": lambda: Table.ready(), "bidding": lambda: Table.started(),
             "playing": lambda: Table.playing("2NT")}[stage]()
    if stage == "playing":
        table.play_legal()
    old = as_part_one(table)
    assert client.admin_get(f"rooms/{table.room_id}/private/state") is None

    if stage == "waiting":
        table.start()
    if stage in ("waiting", "bidding"):
        table.win_auction("1NT")
        table.choose_teammate()
    final = table.play_to_end()

    assert final["status"] == "ended" and final["version"] > old["version"]
    assert final["match"]["dealNumber"] == 1 and final["match"]["deals"] == 1
    assert sum(final["match"]["scores"].values()) == 2  # the deal's two winners, one point each
    assert final["hostID"] == old["hostID"] and [p["uid"] for p in final["players"]] == old["memberIDs"]
    stored = client.admin_get(f"rooms/{table.room_id}/private/state")
    assert stored["schemaVersion"] == state.SCHEMA_VERSION and stored["version"] == final["version"]
    assert client.read(f"rooms/{table.room_id}/deals/1", table.players[0])["result"] == final["result"]
    for player in table.players:
        assert client.read(f"players/{player.uid}", player)["stats"]["gamesPlayed"] == 1
        assert client.admin_get(f"rooms/{table.room_id}/hands/{player.uid}") is None
        assert len(table.told_hand(player, final)["cards"]) == final["handSizes"][final["seating"].index(player.uid)]


def test_a_rejected_call_on_a_part_one_room_migrates_nothing():
    table = Table.started()
    as_part_one(table)
    before = database()
    error = table.error("playCard", table.to_act(), card="AS")
    assert error.reason == "WRONG_PHASE"
    assert database() == before


# ----- schema 10 and before: the room's audience in its state document ------------------------------


def as_schema_10(table: Table) -> dict:
    """Rewrite the room's state as a server before audience documents (schema 10) stored it: its
    spectators and bans in the state document, no audience document. Returns the state as stored."""
    path = f"rooms/{table.room_id}/private"
    audience = client.admin_get(f"{path}/audience")
    old = client.admin_get(f"{path}/state") | audience | {"schemaVersion": 10}
    client.admin_set(f"{path}/state", old)
    client.admin_delete(f"{path}/audience")
    return old


def watched_and_banned(table: Table) -> tuple:
    """A spectator, and an outsider the host removed, of `table`'s room."""
    fan, pest = new_player(), new_player()
    table.call("watchRoom", fan)
    table.call("watchRoom", pest)
    table.call("kickPlayer", table.host(), uid=pest.uid)
    return fan, pest


def test_a_schema_10_room_keeps_its_audience_and_moves_it_to_its_own_document_with_its_next_change():
    table = Table.started(settings={"washRule": False})
    fan, pest = watched_and_banned(table)
    as_schema_10(table)
    audience = f"rooms/{table.room_id}/private/audience"
    # Read from the old state: the ban holds, the spectator chats as one; none of it migrates anything.
    table.reject("watchRoom", pest, "permission-denied", "KICKED")
    table.reject("stopWatching", new_player(), "permission-denied", "NOT_IN_ROOM")
    assert table.call("sendMessage", fan, text="still here")["success"] is True
    assert client.admin_get(audience) is None
    version = table.room()["version"]
    table.bid("1NT", expectedVersion=version)
    stored = client.admin_get(f"rooms/{table.room_id}/private/state")
    assert stored["schemaVersion"] == state.SCHEMA_VERSION and "spectators" not in stored and "kicked" not in stored
    assert client.admin_get(audience) == {"spectators": [fan.uid], "kicked": [pest.uid]}
    assert table.room()["spectators"] == [fan.uid] and table.room()["version"] == version + 1
    table.reject("watchRoom", pest, "permission-denied", "KICKED")


def test_a_schema_10_rooms_audience_moves_to_its_own_document_when_someone_watches():
    table = Table.started(settings={"washRule": False})
    fan, pest = watched_and_banned(table)
    old = as_schema_10(table)
    other = new_player()
    table.call("watchRoom", other)
    path = f"rooms/{table.room_id}/private"
    assert client.admin_get(f"{path}/audience") == {"spectators": [fan.uid, other.uid], "kicked": [pest.uid]}
    assert client.admin_get(f"{path}/state") == old, "watching changes no state, old or new"
    assert table.room()["spectators"] == [fan.uid, other.uid] and table.room()["version"] == old["version"]


# ----- before hands were sealed (issue 38): a hand document for each person ---------------------


def as_unsealed(table: Table) -> dict[str, dict]:
    """Rewrite the room as the server stored it before hands were sealed in the room document:
    each person's hand (what `documents.hand_views` tells them) in a hand document of their own,
    `rooms/{id}/hands/{uid}`; no keys, no `sealedHands`, no `handSecret` in the state. Returns the
    hand documents by uid."""
    path = f"rooms/{table.room_id}"
    hands = {player.uid: client.admin_hand(table.room_id, player.uid) for player in table.players}
    for uid, hand in hands.items():
        client.admin_set(f"{path}/hands/{uid}", hand)
        client.admin_delete(f"{path}/keys/{uid}")
    room, stored = client.admin_get(path), client.admin_get(f"{path}/private/state")
    del room["sealedHands"], stored["handSecret"]
    table.keys.clear()  # no person had a key then
    client.admin_set(path, room)
    client.admin_set(f"{path}/private/state", stored)
    return hands


def test_a_room_stored_with_hand_documents_seals_its_hands_with_its_next_change_and_deletes_them():
    table = Table.playing("1NT", settings={"washRule": False})
    old = as_unsealed(table)
    leader = table.to_act()
    for player in table.players:  # until the room's next change, each reads their own hand document
        assert client.read(f"rooms/{table.room_id}/hands/{player.uid}", player) == old[player.uid]
        assert table.told_hand(player) == old[player.uid]
        for other in table.others(player):
            assert client.read_error(f"rooms/{table.room_id}/hands/{player.uid}", other).code == "permission-denied"
    before = database()
    table.reject("playCard", leader, "failed-precondition", "CARD_NOT_IN_HAND",
                 card=next(c for c in DECK if c not in old[leader.uid]["cards"]))
    assert database() == before, "a rejected call migrates nothing"
    card = old[leader.uid]["plays"]["lead"][0]
    table.play(card, leader)
    room = table.room()
    for player in table.players:
        assert client.admin_get(f"rooms/{table.room_id}/hands/{player.uid}") is None
        told = table.told_hand(player, room)
        assert told["cards"] == [c for c in old[player.uid]["cards"] if c != card]
        assert told["partnerCards"] is None and told["plays"] is not None
    assert {path.rsplit("/", 1)[1] for path in database() if path.startswith(f"rooms/{table.room_id}/keys/")} == {
        p.uid for p in table.players}
