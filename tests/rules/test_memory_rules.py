"""firestore.rules for two-seat rooms (Memory Bridge, docs/MEMORY.md), with real client tokens
on a room made through the callables: each of the two players reads their own hand and no one
else's, in the first half and in the second; an invitee reads the room and no hand; an outsider
reads nothing of an invite-only room; the state, which holds the second half's cards until they
are dealt, is server-only; and no client writes anything."""
from __future__ import annotations

import pytest

from tests import client
from tests.table import Table, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def test_two_players_read_their_own_hands_and_the_second_half_is_server_only_until_dealt():
    invitee, outsider = new_player(), new_player()
    first, second = new_player(), new_player()
    table = Table.open(2, settings={"variant": "memory", "inviteOnly": True}, players=[first, second])
    table.invite(invitee)
    table.ready_all()
    table.start()
    room_path = f"rooms/{table.room_id}"
    for half in ("firstHalf", "bidding"):
        room = table.room()
        assert room["status"] == half
        for me, other in ((first, second), (second, first)):
            assert len(table.told_hand(me, room)["cards"]) == 13
            assert client.read_error(f"{room_path}/keys/{other.uid}", me).code == "permission-denied"
            assert client.read_error(f"{room_path}/private/state", me).code == "permission-denied"
            assert client.write_error(f"{room_path}/keys/{me.uid}", {"key": "AAAA"}, me).code == "permission-denied"
            assert client.write_error(room_path, {"status": "ended"}, me).code == "permission-denied"
        assert client.read(room_path, invitee)["status"] == half
        for player in (first, second):
            assert client.read_error(f"{room_path}/keys/{player.uid}", invitee).code == "permission-denied"
        assert client.read_error(room_path, outsider).code == "permission-denied"
        assert client.query_error(f"{room_path}/keys", first).code == "permission-denied"
        while room["status"] == "firstHalf":
            player = table.to_act(room)
            table.play(table.told(player, room)[0], player)
            room = table.room()
