"""Accounts and deletions under attack (SPEC §3, §6): an account is created once — by the
`createAccount` trigger or by an anonymous user's first successful callable — however the
creations race, and a room that is deleted takes every one of its hand documents with it.

The trigger is driven as tests/trigger does: the Auth emulator's own blocking-function request
(an unsigned JWT the functions emulator accepts) for a uid of our choosing.
"""
from __future__ import annotations

import datetime as dt
from functools import partial

import pytest

from tests import client
from tests.adversarial.common import assert_consistent, race
from tests.table import Table, database
from tests.trigger.test_create_account import fire_trigger, new_uid

pytestmark = pytest.mark.usefixtures("emulator")

ACCOUNT_FIELDS = {"uid", "displayName", "createdAt", "roomID", "eventID", "directing", "tournaments", "entered",
                  "stats"}
NEW_STATS = {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0}


def account(uid: str) -> dict | None:
    return client.admin_get(f"players/{uid}")


def test_two_simultaneous_trigger_runs_for_one_uid_create_one_account():
    for _ in range(3):
        uid = new_uid()
        first, second = race(partial(fire_trigger, uid, email="ann@example.com", display_name="Ann"),
                             partial(fire_trigger, uid, email="bob@example.com", display_name="Bob"))
        responses = sorted([first.result, second.result], key=lambda r: r.status_code)
        assert [r.status_code for r in responses] == [200, 409], [r.text for r in responses]
        assert responses[1].json()["error"]["details"] == {"reason": "ACCOUNT_EXISTS"}
        made = account(uid)
        assert set(made) == ACCOUNT_FIELDS and made["displayName"] in ("Ann", "Bob") and made["stats"] == NEW_STATS


def test_the_trigger_for_a_uid_whose_account_a_callable_made_is_rejected_and_changes_nothing():
    guest = client.sign_up_anonymous()
    room_id = client.call("createGameRoom", {}, guest)["roomID"]
    before = database()
    assert before[f"players/{guest.uid}"]["roomID"] == room_id

    response = fire_trigger(guest.uid, email="guest@example.com", display_name="Impostor")

    assert response.status_code == 409, response.text
    assert response.json()["error"]["details"] == {"reason": "ACCOUNT_EXISTS"}
    assert database() == before


def test_signing_up_again_with_a_used_email_creates_no_second_user_or_account():
    alice = client.sign_up(display_name="Alice")
    before = database()
    with pytest.raises(client.AuthError) as refused:
        client.sign_up(email=alice.email, display_name="Mallory")
    assert refused.value.status == "EMAIL_EXISTS"
    assert database() == before


def test_an_anonymous_user_gets_one_account_on_the_first_successful_call_however_calls_race():
    for _ in range(3):
        guest = client.sign_up_anonymous()
        open_room = Table.open(2)
        # Rejected calls first: none of them may create the account.
        for name, data in (("joinGameRoom", {"roomID": "nosuchroom"}), ("toggleReady", {"roomID": open_room.room_id}),
                           ("startGame", {}), ("createGameRoom", {"settings": {"bogus": True}})):
            client.call_error(name, data, guest)
        assert account(guest.uid) is None

        started = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)
        outcomes = race(partial(client.call, "createGameRoom", {}, guest),
                        partial(client.call, "joinGameRoom", {"roomID": open_room.room_id}, guest))
        assert sum(o.ok for o in outcomes) == 1, outcomes
        loser = next(o for o in outcomes if not o.ok)
        assert loser.reason == "ALREADY_IN_ROOM", outcomes
        room_id = outcomes[0].result["roomID"] if outcomes[0].ok else open_room.room_id

        made = account(guest.uid)
        assert set(made) == ACCOUNT_FIELDS
        assert (made["uid"], made["roomID"], made["stats"]) == (guest.uid, room_id, NEW_STATS)
        assert made["displayName"] == f"Player-{guest.uid[:6]}"
        assert started <= made["createdAt"] <= dt.datetime.now(dt.UTC)
        assert_consistent()


# ---- deleting a room leaves nothing behind -------------------------------------------------------

def table_in(phase: str) -> Table:
    if phase == "waiting":
        return Table.open(4)
    if phase == "bidding":
        return Table.started()
    if phase == "playing":
        table = Table.playing("1NT")
        for _ in range(5):
            table.play_legal()
        return table
    if phase == "ended":
        table = Table.playing("1NT")
        table.play_to_end()
        return table
    raise AssertionError(phase)


@pytest.mark.parametrize("phase", ["waiting", "bidding", "playing", "ended"])
def test_when_the_last_player_leaves_the_room_and_all_its_hands_are_gone(phase):
    table = table_in(phase)
    prefix = f"rooms/{table.room_id}"
    keys = [path for path in database() if path.startswith(f"{prefix}/keys/")]
    assert len(keys) == (0 if phase == "waiting" else 4)

    for leaver in table.players:  # the host first, so the host role passes on each time
        table.leave(leaver)
        documents = database()
        assert_consistent(documents)
    assert not [path for path in documents if path == prefix or path.startswith(prefix + "/")]
    assert all(account(p.uid)["roomID"] is None for p in table.players)
