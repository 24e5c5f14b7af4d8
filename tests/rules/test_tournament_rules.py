"""firestore.rules for robot tournaments (docs/TOURNAMENTS.md): the tournament document, each
board's hand record and everyone's results on it (only for those who have finished that board,
and every reader once closed), an entrant's progress (theirs alone), the standings (those who
have finished every board, and every reader once closed) and the server-only state; no client
writes any of them.

Documents are seeded with the admin token; every check reads through the REST API with a real
user's ID token, as an app would.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests import client

pytestmark = pytest.mark.usefixtures("emulator")

OPEN, CLOSED, FRIENDS = "tournaments/open1", "tournaments/closed1", "tournaments/friends1"


@dataclass(frozen=True)
class People:
    creator: client.User
    done: client.User       # has finished both boards
    halfway: client.User    # has finished board 1, plays board 2
    starting: client.User   # entered, plays board 1
    invitee: client.User    # invited to the friends' tournament
    outsider: client.User   # signed in, entered nothing
    guest: client.User      # anonymous, entered nothing


def tournament(people: People, closed: bool, invited: list[str]) -> dict:
    return {"tournamentID": "t", "creatorID": people.creator.uid, "series": None, "game": "contract",
            "scoring": "matchpoints", "boards": 2, "invited": invited, "closed": closed, "players": None,
            "pages": None, "dealing": None}


@pytest.fixture
def people() -> People:
    found = People(*(client.sign_up() for _ in range(6)), client.sign_up_anonymous())
    for path, closed, invited in ((OPEN, False, []), (CLOSED, True, []), (FRIENDS, False, [found.invitee.uid])):
        client.admin_set(path, tournament(found, closed, invited))
        client.admin_set(f"{path}/private/state", {"boards": [{"number": 1, "hands": ["AS KH"]}]})
        for number in (1, 2):
            client.admin_set(f"{path}/boards/{number}", {"number": number, "hands": [{"cards": ["AS"]}],
                                                         "traveller": [], "results": 0})
        for uid, played in ((found.done.uid, 2), (found.halfway.uid, 1), (found.starting.uid, 0)):
            client.admin_set(f"{path}/entrants/{uid}", {"uid": uid, "played": played, "board": None, "done": False})
            for number in range(1, played + 1):
                client.admin_set(f"{path}/boards/{number}/results/{uid}", {"uid": uid, "board": number, "score": 420})
        client.admin_set(f"{path}/standings/0", {"page": 0, "pages": 1, "lines": [], "uids": [], "final": closed})
    return found


def denied(path: str, user: client.User | None) -> bool:
    return client.read_error(path, user).code in ("permission-denied", "unauthenticated")


def test_an_open_tournament_is_read_by_anyone_signed_in_and_listed(people: People) -> None:
    for user in (people.creator, people.outsider, people.guest):
        assert client.read(OPEN, user)["tournamentID"] == "t"
    assert denied(OPEN, None)
    listed = client.query("tournaments", people.outsider, [("invited", "==", [])])
    assert OPEN in listed and FRIENDS not in listed
    assert client.query_error("tournaments", people.outsider).code == "permission-denied"


def test_a_friends_tournament_is_read_by_its_creator_and_invitees_only(people: People) -> None:
    for user in (people.creator, people.invitee):
        assert client.read(FRIENDS, user)["tournamentID"] == "t"
    for user in (people.outsider, people.guest, people.done):
        assert denied(FRIENDS, user)


@pytest.mark.parametrize("path", [OPEN, FRIENDS])
def test_a_board_and_its_results_are_read_only_by_those_who_have_finished_it(people: People, path: str) -> None:
    for number, readers in ((1, (people.done, people.halfway)), (2, (people.done,))):
        board = f"{path}/boards/{number}"
        for user in readers:
            assert client.read(board, user)["number"] == number
            assert client.read(f"{board}/results/{people.done.uid}", user)["score"] == 420
            assert len(client.query(f"{board}/results", user)) == len(readers)
        for user in {people.halfway, people.starting, people.creator, people.invitee, people.outsider,
                     people.guest} - set(readers):
            assert denied(board, user)
            assert denied(f"{board}/results/{people.done.uid}", user)
            assert client.query_error(f"{board}/results", user).code == "permission-denied"


def test_once_closed_every_board_and_result_is_read_by_every_reader(people: People) -> None:
    for user in (people.starting, people.outsider, people.guest):
        assert client.read(f"{CLOSED}/boards/2", user)["number"] == 2
        assert len(client.query(f"{CLOSED}/boards/1/results", user)) == 2
        assert client.read(f"{CLOSED}/standings/0", user)["final"] is True


def test_the_standings_are_read_only_by_those_who_have_finished_every_board(people: People) -> None:
    for path in (OPEN, FRIENDS):
        assert client.read(f"{path}/standings/0", people.done)["page"] == 0
        assert len(client.query(f"{path}/standings", people.done, [("uids", "array-contains", people.done.uid)])) == 0
        for user in (people.halfway, people.starting, people.creator, people.invitee, people.outsider, people.guest):
            assert denied(f"{path}/standings/0", user)
            assert client.query_error(f"{path}/standings", user).code == "permission-denied"


def test_an_entrants_progress_is_theirs_alone(people: People) -> None:
    for user in (people.done, people.halfway, people.starting):
        assert client.read(f"{OPEN}/entrants/{user.uid}", user)["uid"] == user.uid
        for other in (people.done, people.halfway, people.starting, people.creator, people.outsider):
            if other != user:
                assert denied(f"{OPEN}/entrants/{user.uid}", other)


def test_the_state_is_server_only_and_no_client_writes_anything(people: People) -> None:
    for user in (people.creator, people.done, people.outsider):
        assert denied(f"{CLOSED}/private/state", user)
    paths = [OPEN, f"{OPEN}/boards/1", f"{OPEN}/boards/1/results/{people.done.uid}",
             f"{OPEN}/entrants/{people.done.uid}", f"{OPEN}/standings/0", f"{OPEN}/private/state"]
    for path in paths:
        error = client.write_error(path, {"closed": True}, people.done)
        assert error.code == "permission-denied", path


def test_ratings_are_read_by_anyone_signed_in_and_written_by_no_client(people: People) -> None:
    for board in ("contract", "contract-2026-Q4"):
        path = f"ratings/{board}/players/{people.done.uid}"
        client.admin_set(path, {"uid": people.done.uid, "mu": 27.0, "sigma": 8.0, "ordinal": 3.0, "tournaments": 1})
        for user in (people.outsider, people.guest, people.done):
            assert client.read(path, user)["mu"] == 27.0
            assert len(client.query(f"ratings/{board}/players", user)) >= 1
        assert denied(path, None)
        assert client.write_error(path, {"mu": 99.0}, people.done).code == "permission-denied"
