"""What every callable does with a request before any rule (SPEC §4, §7): no token is
`unauthenticated`; malformed data (missing, extra or wrong-typed fields, a non-object, an
oversized or non-JSON body) is `invalid-argument`. Nothing changes.

The rooms here are set up once for the module: every call below is rejected, so they stay
as they are (and each rejection checks that the whole database did).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests import client
from tests.table import Table, assert_rejected, assert_unchanged, database, new_player

CALLABLES = ["createGameRoom", "joinGameRoom", "leaveGameRoom", "toggleReady", "startGame", "placeBid",
             "chooseTeammate", "playCard", "inviteToRoom", "updateRoomSettings"]

IA = "INVALID_ARGUMENT"
ROOM = "<room>"  # replaced by the room of the calling player


@dataclass
class World:
    lobby: Table      # two players, waiting
    bidding: Table    # a game in its auction
    choosing: Table   # a game whose declarer is choosing the partner card
    playing: Table    # a game in play
    outsider: client.User  # anonymous, in no room, no account

    def actor(self, role: str) -> tuple[client.User, Table | None]:
        if role == "outsider":
            return self.outsider, self.lobby
        if role == "host":
            return self.lobby.players[0], self.lobby
        if role == "member":
            return self.lobby.players[1], self.lobby
        if role == "bidder":
            return self.bidding.to_act(), self.bidding
        if role == "declarer":
            return self.choosing.declarer(), self.choosing
        if role == "player":
            return self.playing.to_act(), self.playing
        raise AssertionError(role)


@pytest.fixture(scope="module")
def world(emulators_up: None) -> World:
    client.reset()
    choosing = Table.started()
    choosing.win_auction("2C")
    return World(Table.open(2), Table.started(), choosing, Table.playing("1NT"), new_player(anonymous=True))


def fill(data: Any, room_id: str) -> Any:
    if data == ROOM:
        return room_id
    if isinstance(data, dict):
        return {name: fill(value, room_id) for name, value in data.items()}
    if isinstance(data, list):
        return [fill(value, room_id) for value in data]
    return data


def room_field_cases(name: str, role: str, rest: dict[str, Any]) -> list[tuple]:
    """Missing, wrong-typed and extra fields of a call taking `roomID` (and `rest`) and `expectedVersion`."""
    full = {"roomID": ROOM, **rest}
    cases = [
        (name, role, {k: v for k, v in full.items() if k != "roomID"}, IA),
        (name, role, None, IA),
        (name, role, "roomID", IA),
        (name, role, [full], IA),
        (name, role, {**full, "extra": True}, IA),
        (name, role, {**full, "roomId": ROOM}, IA),
    ]
    cases += [(name, role, {**full, "roomID": bad}, IA) for bad in (5, None, True, "", "a/b", "x" * 65, [ROOM])]
    cases += [(name, role, {**full, "expectedVersion": bad}, IA) for bad in ("1", -1, 1.5, True, [1], {"v": 1})]
    cases += [(name, role, {k: v for k, v in full.items() if k != field}, IA) for field in rest]
    return cases


CASES = [
    ("createGameRoom", "outsider", "settings", IA),
    ("createGameRoom", "outsider", [], IA),
    ("createGameRoom", "outsider", 7, IA),
    ("createGameRoom", "outsider", {"roomID": ROOM}, IA),
    ("createGameRoom", "outsider", {"settings": {}, "extra": 1}, IA),
    ("startGame", "host", {"roomID": ROOM}, IA),
    ("startGame", "host", {"expectedVersion": "3"}, IA),
    ("startGame", "host", {"expectedVersion": -3}, IA),
    ("startGame", "host", "go", IA),
    ("startGame", "host", [], IA),
    *room_field_cases("joinGameRoom", "outsider", {}),
    *room_field_cases("leaveGameRoom", "member", {}),
    *room_field_cases("toggleReady", "member", {}),
    *room_field_cases("placeBid", "bidder", {"bid": "PASS"}),
    *room_field_cases("chooseTeammate", "declarer", {"card": "AS"}),
    *room_field_cases("playCard", "player", {"card": "AS"}),
    *room_field_cases("inviteToRoom", "host", {"uid": "someUid000000000000000000001"}),
    *room_field_cases("updateRoomSettings", "host", {"settings": {"playAllTricks": True}}),
    *[("inviteToRoom", "host", {"roomID": ROOM, "uid": bad}, IA) for bad in (5, None, "", "a/b", "x" * 129, ["u"])],
]


@pytest.mark.parametrize(("name", "role", "data", "reason"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_malformed_data_is_invalid_argument(world, name, role, data, reason):
    user, table = world.actor(role)
    assert_rejected(name, fill(data, table.room_id), user, "invalid-argument", reason)


ROOM_CALLS = {"joinGameRoom": {}, "leaveGameRoom": {}, "toggleReady": {}, "placeBid": {"bid": "1C"},
              "chooseTeammate": {"card": "AS"}, "playCard": {"card": "AS"}, "inviteToRoom": {"uid": "u1"},
              "updateRoomSettings": {"settings": {"inviteOnly": True}}}


@pytest.mark.parametrize("name", ROOM_CALLS)
def test_a_room_that_does_not_exist_is_not_found(world, name):
    user, _ = world.actor("outsider")
    assert_rejected(name, {"roomID": "noSuchRoom0000000000", **ROOM_CALLS[name]}, user, "not-found", "ROOM_NOT_FOUND")


@pytest.mark.parametrize("name", CALLABLES)
def test_an_oversized_request_is_invalid_argument(world, name):
    user, table = world.actor("host")
    assert_rejected(name, {"roomID": table.room_id, "padding": "x" * 10_000}, user, "invalid-argument", IA)


@pytest.mark.parametrize("body", [b"{not json", b'{"nodata": {}}', b"[]", b'"data"', b""])
def test_a_body_that_is_not_a_callable_request_is_invalid_argument(world, body):
    user, _ = world.actor("host")
    before = database()
    response = client.call_raw("createGameRoom", body, user)
    error = response.json()["error"]
    assert (response.status_code, error["status"], error["details"]["reason"]) == (400, "INVALID_ARGUMENT", IA)
    assert error["message"]
    assert_unchanged(before)


@pytest.mark.parametrize("name", CALLABLES)
@pytest.mark.parametrize("token", [None, "not-a-token"], ids=["no-token", "bad-token"])
def test_a_call_without_a_valid_token_is_unauthenticated(world, name, token):
    _, table = world.actor("host")
    data = {"roomID": table.room_id} if name not in ("createGameRoom", "startGame") else {}
    error = assert_rejected(name, data, token, "unauthenticated", "UNAUTHENTICATED")
    assert error.http_status == 401


def test_the_fast_database_listing_matches_the_full_admin_walk(world):
    # `assert_rejected` compares `database()` listings; they must see exactly what `client.snapshot()` sees.
    listing = database()
    assert listing == client.snapshot()
    assert sum(path.startswith("rooms/") and "/keys/" in path for path in listing) == 12



def test_the_unchanged_check_notices_a_created_changed_or_deleted_document(world):
    before = database()
    client.admin_set("scratch/doc", {"n": 1})
    with pytest.raises(AssertionError, match="scratch/doc: created"):
        assert_unchanged(before)
    created = database()
    client.admin_set("scratch/doc", {"n": 2})
    with pytest.raises(AssertionError, match="n 1 -> 2"):
        assert_unchanged(created)
    client.admin_delete("scratch/doc")
    assert_unchanged(before)
