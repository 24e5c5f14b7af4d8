"""firestore.rules for duplicate events (docs/DUPLICATE.md): the event document, each board's
document (its readers only: nobody reads a board before finishing it), the director's
standings (the director only) and the server-only state; no client writes any of them.

Documents are seeded with the admin token; every check reads through the REST API with a real
user's ID token, as an app would.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests import client

pytestmark = pytest.mark.usefixtures("emulator")

OPEN, CLOSED = "events/open1", "events/closed1"


@dataclass(frozen=True)
class People:
    director: client.User
    finished: client.User   # in both events, has finished board 1
    playing: client.User    # in both events, has not finished board 1
    invitee: client.User    # invited to the invite-only event
    outsider: client.User   # signed in, in no event
    guest: client.User      # anonymous, in no event


def event(people: People, invite_only: bool) -> dict:
    return {"eventID": "e", "directorID": people.director.uid, "inviteOnly": invite_only,
            "invited": [people.invitee.uid], "memberIDs": [people.finished.uid, people.playing.uid],
            "status": "playing", "ranking": None}


@pytest.fixture
def people() -> People:
    director, finished, playing, invitee, outsider = (client.sign_up() for _ in range(5))
    found = People(director, finished, playing, invitee, outsider, client.sign_up_anonymous())
    for path, invite_only in ((OPEN, False), (CLOSED, True)):
        client.admin_set(path, event(found, invite_only))
        client.admin_set(f"{path}/private/state", {"boards": [{"number": 1, "hands": ["AS KH"]}]})
        client.admin_set(f"{path}/boards/1", {"number": 1, "hands": [{"cards": ["AS"]}], "results": [],
                                              "readers": [director.uid, finished.uid]})
        client.admin_set(f"{path}/director/standings", {"standings": [], "results": 1})
    return found


def denied(path: str, user: client.User | None) -> bool:
    return client.read_error(path, user).code == "permission-denied"


def test_an_open_event_is_read_by_anyone_signed_in_and_nobody_else(people: People) -> None:
    for user in (people.director, people.finished, people.outsider, people.guest):
        assert client.read(OPEN, user)["eventID"] == "e"
    assert client.read_error(OPEN, None).code in ("permission-denied", "unauthenticated")


def test_an_invite_only_event_is_read_by_its_director_people_and_invitees_only(people: People) -> None:
    for user in (people.director, people.finished, people.playing, people.invitee):
        assert client.read(CLOSED, user)["eventID"] == "e"
    for user in (people.outsider, people.guest):
        assert denied(CLOSED, user)


@pytest.mark.parametrize("path", [OPEN, CLOSED])
def test_a_board_is_read_only_by_the_director_and_those_who_have_finished_it(people: People, path: str) -> None:
    board = f"{path}/boards/1"
    assert client.read(board, people.director)["number"] == 1
    assert client.read(board, people.finished)["number"] == 1
    for user in (people.playing, people.invitee, people.outsider, people.guest):
        assert denied(board, user)


def test_a_board_nobody_has_finished_reads_exactly_as_one_the_caller_may_not_read(people: People) -> None:
    """Board 2 does not exist yet: the refusal is the same as for board 1 to someone who has not
    finished it, so it tells nobody whether another table has finished a board."""
    for user in (people.playing, people.finished):
        missing = client.read_error(f"{OPEN}/boards/2", user)
        assert missing.code == "permission-denied"
    assert client.read_error(f"{OPEN}/boards/1", people.playing).code == missing.code


def test_boards_are_listed_only_by_a_query_on_the_callers_own_readership(people: People) -> None:
    mine = client.query(f"{OPEN}/boards", people.finished, [("readers", "array-contains", people.finished.uid)])
    assert list(mine) == [f"{OPEN}/boards/1"]
    assert client.query(f"{OPEN}/boards", people.playing, [("readers", "array-contains", people.playing.uid)]) == {}
    assert client.query_error(f"{OPEN}/boards", people.playing).code == "permission-denied"
    assert client.query_error(f"{OPEN}/boards", people.playing,
                              [("readers", "array-contains", people.finished.uid)]).code == "permission-denied"


@pytest.mark.parametrize("path", [OPEN, CLOSED])
def test_the_running_standings_are_the_directors_alone(people: People, path: str) -> None:
    assert client.read(f"{path}/director/standings", people.director)["results"] == 1
    for user in (people.finished, people.playing, people.invitee, people.outsider):
        assert denied(f"{path}/director/standings", user)


@pytest.mark.parametrize("path", [OPEN, CLOSED])
def test_the_event_state_is_server_only(people: People, path: str) -> None:
    for user in (people.director, people.finished, people.outsider):
        assert denied(f"{path}/private/state", user)


def test_no_client_writes_an_event_or_anything_under_it(people: People) -> None:
    for path in (OPEN, f"{OPEN}/boards/1", f"{OPEN}/boards/3", f"{OPEN}/director/standings",
                 f"{OPEN}/private/state", "events/new1"):
        for user in (people.director, people.finished):
            assert client.write_error(path, {"readers": [user.uid]}, user).code == "permission-denied"
            assert client.delete_error(path, user).code == "permission-denied"


def test_events_are_listed_only_by_a_query_every_result_of_which_the_caller_may_read(people: People) -> None:
    """The lobby's list of open events: `where inviteOnly == false`. A query that could return
    an invite-only event the caller may not read is refused as a whole."""
    opened = client.query("events", people.outsider, [("inviteOnly", "==", False)])
    assert list(opened) == [OPEN]
    assert client.query_error("events", people.outsider).code == "permission-denied"
    mine = client.query("events", people.playing, [("memberIDs", "array-contains", people.playing.uid)])
    assert sorted(mine) == sorted([OPEN, CLOSED])


def test_a_director_who_plays_does_not_read_the_running_standings(people: People) -> None:
    playing_director = {**event(people, False), "memberIDs": [people.director.uid, people.playing.uid]}
    client.admin_set("events/played1", playing_director)
    client.admin_set("events/played1/director/standings", {"standings": [], "results": 1})
    assert denied("events/played1/director/standings", people.director)
