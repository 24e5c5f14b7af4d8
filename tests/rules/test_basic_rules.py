"""firestore.rules (SPEC §6): who may read what, and that no client may write anything.

Documents are seeded with the emulator's admin token; every check then reads or writes
through the Firestore REST API with a user's ID token, as an app would.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests import client

pytestmark = pytest.mark.usefixtures("emulator")


@dataclass(frozen=True)
class World:
    member: client.User      # in both rooms, holds a hand in each
    invitee: client.User     # invited to the invite-only room
    outsider: client.User    # signed in, in no room
    guest: client.User       # anonymous, in no room


OPEN, CLOSED = "rooms/open1", "rooms/closed1"
KEY = "S2V5IG9mIHRoZSBtZW1iZXIgYXQgdGhpcyByb29tIQ=="


def room(member: str, invite_only: bool, invited: list[str]) -> dict:
    return {"hostID": member, "status": "waiting", "settings": {"inviteOnly": invite_only},
            "memberIDs": [member], "invited": invited, "version": 1}


@pytest.fixture
def world() -> World:
    member, invitee, outsider = client.sign_up(), client.sign_up(), client.sign_up()
    guest = client.sign_up_anonymous()
    client.admin_set(OPEN, room(member.uid, False, []))
    client.admin_set(CLOSED, room(member.uid, True, [invitee.uid]))
    for path in (OPEN, CLOSED):
        client.admin_set(f"{path}/keys/{member.uid}", {"key": KEY})
    for path in (OPEN, CLOSED):
        client.admin_set(f"{path}/messages/000000001", {"uid": member.uid, "displayName": "M", "text": "hi", "at": 1.0})
        client.admin_set(f"{path}/private/chat", {"count": 1, "recent": {}})
        client.admin_set(f"{path}/private/state", {"note": "every hand"})
    client.admin_set(f"{OPEN}/log/1", {"note": "server only"})
    client.admin_set("secrets/config", {"note": "server only"})
    return World(member, invitee, outsider, guest)


def assert_denied(error: client.FirestoreError) -> None:
    assert (error.code, error.http_status) == ("permission-denied", 403), error


# ---- players/{uid} ---------------------------------------------------------------------

def test_a_player_reads_their_own_account(world):
    assert client.read(f"players/{world.member.uid}", world.member)["uid"] == world.member.uid


@pytest.mark.parametrize("reader", ["outsider", "guest", None])
def test_nobody_else_reads_an_account(world, reader):
    user = getattr(world, reader) if reader else None
    assert_denied(client.read_error(f"players/{world.member.uid}", user))


def test_accounts_cannot_be_listed(world):
    assert_denied(client.query_error("players", world.member, [("uid", "==", world.member.uid)]))


# ---- rooms/{roomID}/keys/{uid} ---------------------------------------------------------

@pytest.mark.parametrize("path", [OPEN, CLOSED])
def test_a_player_reads_their_own_key(world, path):
    assert client.read(f"{path}/keys/{world.member.uid}", world.member) == {"key": KEY}


@pytest.mark.parametrize("reader", ["invitee", "outsider", "guest", None])
@pytest.mark.parametrize("path", [OPEN, CLOSED])
def test_nobody_else_reads_a_key(world, path, reader):
    user = getattr(world, reader) if reader else None
    assert_denied(client.read_error(f"{path}/keys/{world.member.uid}", user))


def test_keys_cannot_be_listed(world):
    assert_denied(client.query_error(f"{OPEN}/keys", world.member))


@pytest.mark.parametrize("reader", ["invitee", "outsider", "guest", None])
def test_a_hand_document_of_a_room_stored_before_hands_were_sealed_is_its_owners_alone(world, reader):
    """A room stored before hands were sealed keeps its hand documents until it next changes
    (`store._write_room` deletes them): its owner reads theirs meanwhile, nobody else does."""
    client.admin_set(f"{CLOSED}/hands/{world.member.uid}", {"cards": ["AS", "KH", "2C"]})
    assert client.read(f"{CLOSED}/hands/{world.member.uid}", world.member) == {"cards": ["AS", "KH", "2C"]}
    user = getattr(world, reader) if reader else None
    assert_denied(client.read_error(f"{CLOSED}/hands/{world.member.uid}", user))
    assert_denied(client.query_error(f"{CLOSED}/hands", world.member))


# ---- rooms/{roomID} --------------------------------------------------------------------

@pytest.mark.parametrize("reader", ["member", "invitee", "outsider", "guest"])
def test_any_signed_in_user_reads_an_open_room(world, reader):
    assert client.read(OPEN, getattr(world, reader))["settings"] == {"inviteOnly": False}


def test_a_signed_out_client_reads_no_room(world):
    assert_denied(client.read_error(OPEN, None))
    assert_denied(client.read_error(CLOSED, None))


@pytest.mark.parametrize("reader", ["member", "invitee"])
def test_members_and_invitees_read_an_invite_only_room(world, reader):
    assert client.read(CLOSED, getattr(world, reader))["settings"] == {"inviteOnly": True}


@pytest.mark.parametrize("reader", ["outsider", "guest"])
def test_others_do_not_read_an_invite_only_room(world, reader):
    assert_denied(client.read_error(CLOSED, getattr(world, reader)))


def test_a_missing_room_reads_as_absent_to_the_signed_in_and_as_denied_to_the_signed_out(world):
    # Absence tells no more than joinGameRoom's ROOM_NOT_FOUND does; it lets a member's listener
    # see its room deleted instead of failing (docs/DECISIONS.md, docs/EMULATOR.md).
    assert client.read_error("rooms/nosuchroom", world.outsider).code == "not-found"
    assert_denied(client.read_error("rooms/nosuchroom", None))


def test_the_open_rooms_list(world):
    rooms = client.query("rooms", world.guest, [("settings.inviteOnly", "==", False)])

    assert list(rooms) == [OPEN]


@pytest.mark.parametrize("reader", ["member", "outsider"])
def test_an_unconstrained_room_list_is_refused(world, reader):
    # Even the member, who could read each room, may not list rooms the query does not limit.
    assert_denied(client.query_error("rooms", getattr(world, reader)))


def test_a_signed_out_client_lists_no_rooms(world):
    assert_denied(client.query_error("rooms", None, [("settings.inviteOnly", "==", False)]))


# ---- rooms/{roomID}/messages (SPEC §13): whoever may read the room ------------------------

@pytest.mark.parametrize("reader", ["member", "invitee", "outsider", "guest"])
def test_an_open_rooms_chat_is_read_and_listed_by_anyone_signed_in(world, reader):
    user = getattr(world, reader)
    assert client.read(f"{OPEN}/messages/000000001", user)["text"] == "hi"
    assert list(client.query(f"{OPEN}/messages", user)) == [f"{OPEN}/messages/000000001"]


@pytest.mark.parametrize("reader", ["member", "invitee"])
def test_an_invite_only_rooms_chat_is_read_and_listed_by_its_members_and_invitees(world, reader):
    user = getattr(world, reader)
    assert client.read(f"{CLOSED}/messages/000000001", user)["text"] == "hi"
    assert list(client.query(f"{CLOSED}/messages", user)) == [f"{CLOSED}/messages/000000001"]


@pytest.mark.parametrize("reader", ["outsider", "guest", None])
def test_others_neither_read_nor_list_an_invite_only_rooms_chat(world, reader):
    user = getattr(world, reader) if reader else None
    assert_denied(client.read_error(f"{CLOSED}/messages/000000001", user))
    assert_denied(client.query_error(f"{CLOSED}/messages", user))


def test_a_signed_out_client_reads_no_chat(world):
    assert_denied(client.read_error(f"{OPEN}/messages/000000001", None))
    assert_denied(client.query_error(f"{OPEN}/messages", None))


def test_being_listed_as_a_spectator_grants_nothing_by_itself(world):
    # Spectators read by the room's own rule (open, or invited): the list is not a key.
    client.admin_set(CLOSED, room(world.member.uid, True, [world.invitee.uid]) | {"spectators": [world.outsider.uid]})
    assert_denied(client.read_error(CLOSED, world.outsider))
    assert_denied(client.query_error(f"{CLOSED}/messages", world.outsider))
    assert_denied(client.read_error(f"{CLOSED}/keys/{world.member.uid}", world.outsider))


@pytest.mark.parametrize("reader", ["member", "invitee", "outsider"])
@pytest.mark.parametrize("room_path", [OPEN, CLOSED])
def test_a_rooms_private_documents_are_server_only(world, reader, room_path):
    for name in ("state", "chat"):
        assert_denied(client.read_error(f"{room_path}/private/{name}", getattr(world, reader)))


# ---- everything else -------------------------------------------------------------------

@pytest.mark.parametrize("path", [f"{OPEN}/log/1", "secrets/config"])
def test_other_documents_are_server_only(world, path):
    assert_denied(client.read_error(path, world.member))


# ---- no client writes ------------------------------------------------------------------

WRITE_TARGETS = [
    "players/{member}",          # own account (update)
    "players/{outsider}",        # someone else's account
    "players/newplayer",         # an account that does not exist (create)
    OPEN,                        # a room the writer may read
    "rooms/newroom",             # a new room
    OPEN + "/keys/{member}",     # own key
    OPEN + "/keys/{outsider}",   # a new key
    OPEN + "/hands/{member}",    # own hand, as a room stored before hands were sealed had it
    OPEN + "/messages/000000001",  # a chat message
    OPEN + "/messages/000000002",  # a new chat message
    OPEN + "/private/chat",      # the chat's bookkeeping
    "secrets/config",
]


@pytest.mark.parametrize("writer", ["member", "outsider", "guest", None])
def test_no_client_writes_anything(world, writer):
    user = getattr(world, writer) if writer else None
    uids = {"member": world.member.uid, "outsider": world.outsider.uid}
    before = client.snapshot()

    for target in WRITE_TARGETS:
        path = target.format(**uids)
        assert_denied(client.write_error(path, {"roomID": "mine", "cards": ["AS"], "stats": {"gamesWon": 99}}, user))
        assert_denied(client.delete_error(path, user))

    assert client.snapshot() == before
