"""A call is always run by the function it names (SPEC §8): a request that reaches the code of
another of our functions is refused before it touches any document.

The deployed functions (`functions/main.py`) are called here in process with a Flask request,
as the functions framework calls them, with a real Auth-emulator ID token and a request that
would succeed in the function it names. Our patched emulator forwards each call with its
function's name as the path (docs/EMULATOR.md); production sends `/`."""
from __future__ import annotations

import json
import os

import pytest

from tests import client
from tests.table import Table, database

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture(scope="module")
def functions(emulators_up: None):
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    import main

    return main


def post(functions, function: str, path: str, data: dict, user: client.User) -> tuple[int, dict]:
    import flask

    app = flask.Flask("routing-test")
    with app.test_request_context(path, method="POST", data=json.dumps({"data": data}),
                                  headers={"Content-Type": "application/json", **user.headers}):
        response = getattr(functions, function)(flask.request)
    return response.status_code, json.loads(response.get_data())


#: The functions whose code receives, by a serving-layer fault, a request meant for toggleReady.
RECEIVERS = ["createGameRoom", "joinGameRoom", "leaveGameRoom", "startGame", "placeBid", "chooseTeammate",
             "playCard", "inviteToRoom", "updateRoomSettings"]


@pytest.mark.parametrize("receiver", RECEIVERS)
def test_a_request_that_reaches_another_function_is_refused_and_changes_nothing(functions, receiver):
    """A toggleReady request (its path names it) run by another function's code: had it run,
    a leaveGameRoom would unseat the player, a joinGameRoom answer ALREADY_IN_ROOM, ..."""
    table = Table.open(2)
    before = database()
    status, body = post(functions, receiver, "/toggleReady", {"roomID": table.room_id}, table.players[1])
    assert status == 503, body
    assert body["error"]["status"] == "UNAVAILABLE" and body["error"]["details"] == {"reason": "UNAVAILABLE"}
    assert "wrong function" in body["error"]["message"]
    assert database() == before


@pytest.mark.parametrize("path", ["/toggleReady", "/", "/toggleReady/"])
def test_a_request_whose_path_names_its_own_function_or_none_runs(functions, path):
    table = Table.open(2)
    status, body = post(functions, "toggleReady", path, {"roomID": table.room_id}, table.players[1])
    assert (status, body) == (200, {"result": {"success": True, "ready": True}})
