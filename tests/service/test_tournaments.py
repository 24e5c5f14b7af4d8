"""Robot tournaments through the callables (docs/TOURNAMENTS.md): creating, entering, playing at
one's own table, leaving, and the clock (`service.tournaments.tick`, run in this process against
the emulators with chosen times: the Functions emulator never fires schedules)."""
from __future__ import annotations

import datetime as dt
import os
from typing import Any

import pytest

from tests import client
from tests.table import Table, new_player
from tests.tournament_client import Entrant, create

pytestmark = pytest.mark.usefixtures("emulator")


@pytest.fixture(scope="module")
def clock() -> Any:
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    from service import tournaments

    return tournaments


def later(minutes: float) -> float:
    return (dt.datetime.now(dt.UTC) + dt.timedelta(minutes=minutes)).timestamp()


def tournament_doc(tournament_id: str, user: client.User) -> dict:
    return client.read(f"tournaments/{tournament_id}", user)


def test_a_tournament_is_created_open_with_its_boards_dealt_and_committed():
    ann = new_player(name="Ann")
    tournament_id = create(ann, boards=3, scoring="imps", botLevel="basic")
    doc = tournament_doc(tournament_id, new_player())
    assert doc["creatorID"] == ann.uid and doc["series"] is None
    assert (doc["game"], doc["scoring"], doc["boards"], doc["closed"], doc["players"], doc["pages"]) == (
        "contract", "imps", 3, False, None, None)
    assert doc["closesAt"] - doc["opensAt"] == dt.timedelta(minutes=60)
    assert len(doc["dealing"]["commitment"]) == 64 and doc["dealing"]["seed"] is None
    assert client.read(f"players/{ann.uid}", ann)["tournaments"] == [tournament_id]
    for path in (f"tournaments/{tournament_id}/private/state", f"tournaments/{tournament_id}/boards/1"):
        assert client.read_error(path, ann).code == "permission-denied"


@pytest.mark.parametrize(("data", "reason"), [
    ({"game": "memory"}, "INVALID_ARGUMENT"),
    ({"scoring": "butler"}, "INVALID_ARGUMENT"),
    ({"game": "floating", "scoring": "imps"}, "INVALID_TOURNAMENT"),
    ({"boards": 33}, "INVALID_TOURNAMENT"),
    ({"minutes": 9}, "INVALID_TOURNAMENT"),
    ({"minutes": 7 * 24 * 60 + 1}, "INVALID_TOURNAMENT"),
    ({"botLevel": "genius"}, "INVALID_SETTINGS"),
])
def test_a_tournament_that_cannot_be_is_refused_and_nothing_is_written(data, reason):
    ann = new_player()
    before = client.snapshot()
    request = {"game": "contract", "scoring": "matchpoints", "boards": 2, "minutes": 60, **data}
    error = client.call_error("createTournament", request, ann)
    assert error.reason == reason, error
    assert client.snapshot() == before


def test_an_entrant_plays_every_board_from_south_at_a_table_of_their_own():
    ann = new_player(name="Ann")
    tournament_id = create(new_player(), boards=2)
    entrant = Entrant(ann, tournament_id)
    room_id = entrant.enter()
    account = client.read(f"players/{ann.uid}", ann)
    assert (account["roomID"], account["entered"]) == (room_id, [tournament_id])
    room = entrant.room()
    assert room["tournament"] == {"tournamentID": tournament_id, "entrant": ann.uid}
    assert room["memberIDs"][2] == ann.uid and all(uid.startswith("~bot") for i, uid in
                                                    enumerate(room["memberIDs"]) if i != 2)
    progress = client.read(f"tournaments/{tournament_id}/entrants/{ann.uid}", ann)
    assert (progress["board"], progress["played"], progress["done"], progress["roomID"]) == (1, 0, False, room_id)
    assert client.read_error(f"tournaments/{tournament_id}/entrants/{ann.uid}", new_player()).code == \
        "permission-denied"
    entrant.play(boards=1)
    progress = client.read(f"tournaments/{tournament_id}/entrants/{ann.uid}", ann)
    assert (progress["board"], progress["played"], progress["done"]) == (None, 1, False)
    result = client.read(f"tournaments/{tournament_id}/boards/1/results/{ann.uid}", ann)
    assert result["board"] == 1 and result["record"]["board"] == 1 and result["displayName"] == "Ann"
    assert client.read_error(f"tournaments/{tournament_id}/boards/2", ann).code == "permission-denied"
    entrant.play()
    progress = client.read(f"tournaments/{tournament_id}/entrants/{ann.uid}", ann)
    assert (progress["board"], progress["played"], progress["done"]) == (None, 2, True)
    assert entrant.room()["status"] == "ended"


def test_one_entry_each_and_only_for_someone_free_in_the_window_and_invited():
    ann, bob, cat = new_player(), new_player(), new_player()
    tournament_id = create(ann, invited=[bob.uid])
    Entrant(bob, tournament_id).enter()
    before = client.snapshot()
    assert client.call_error("enterTournament", {"tournamentID": tournament_id}, bob).reason == "ALREADY_ENTERED"
    assert client.call_error("enterTournament", {"tournamentID": tournament_id}, cat).reason == "NOT_INVITED"
    assert client.call_error("enterTournament", {"tournamentID": "nosuch"}, cat).reason == "TOURNAMENT_NOT_FOUND"
    assert client.call_error("leaveTournament", {"tournamentID": tournament_id}, cat).reason == "NOT_ENTERED"
    assert client.read_error(f"tournaments/{tournament_id}", cat).code == "permission-denied"
    assert client.snapshot() == before
    seated = Table.open(2)
    error = client.call_error("enterTournament", {"tournamentID": create(new_player())}, seated.players[0])
    assert error.reason == "ALREADY_IN_ROOM"


def test_a_user_has_at_most_three_tournaments_open():
    ann = new_player()
    for _ in range(3):
        create(ann)
    before = client.snapshot()
    error = client.call_error("createTournament", {"game": "contract", "scoring": "imps", "boards": 2,
                                                   "minutes": 60}, ann)
    assert error.reason == "TOO_MANY_TOURNAMENTS" and error.code == "resource-exhausted"
    assert client.snapshot() == before


def test_leaving_mid_board_has_a_bot_finish_it_and_leaves_the_rest_unplayed(clock):
    ann = new_player()
    tournament_id = create(new_player(), boards=3)
    entrant = Entrant(ann, tournament_id)
    room_id = entrant.enter()
    entrant.step()
    entrant.leave()
    assert client.read(f"players/{ann.uid}", ann)["roomID"] is None
    progress = client.read(f"tournaments/{tournament_id}/entrants/{ann.uid}", ann)
    assert (progress["board"], progress["played"], progress["done"]) == (None, 1, True)
    assert client.read(f"tournaments/{tournament_id}/boards/1/results/{ann.uid}", ann)["board"] == 1
    assert client.admin_get(f"rooms/{room_id}")["status"] == "ended"
    entrant.leave()  # again: nothing to do
    clock.tick(later(0))
    page = client.admin_get(f"tournaments/{tournament_id}/standings/0")
    assert page["lines"][0]["scores"][1:] == [None, None] and page["lines"][0]["points"][0] == 50.0


def test_the_clock_compacts_results_into_travellers_and_standings_and_closes_with_the_seed(clock):
    people = [new_player(name=name) for name in ("Ann", "Bob", "Cat")]
    tournament_id = create(people[0], boards=2, minutes=10)
    entrants = [Entrant(user, tournament_id) for user in people]
    for entrant in entrants:
        entrant.enter()
    entrants[0].play()
    entrants[1].play(boards=1)
    public = tournament_doc(tournament_id, people[2])
    report = clock.tick(later(0))
    assert report.compacted[tournament_id] == 3 and report.closed == []
    assert tournament_doc(tournament_id, people[2]) == public  # nothing public changes before the close
    page = client.admin_get(f"tournaments/{tournament_id}/standings/0")
    assert (page["players"], page["pages"], page["final"]) == (2, 1, False)
    board = client.read(f"tournaments/{tournament_id}/boards/1", people[1])
    assert board["results"] == 2 and sum(row["count"] for row in board["traveller"]) == 2
    # A friends' tournament's boards are not analysed on their documents: its tables' records are,
    # as any room's, charged to the people who played them (a series' are in test_tournament_field).
    assert board["analysis"] is None
    from service import analysis, db, store

    record_path = f"rooms/{entrants[0].room_id}/deals/1"
    assert store.run_unlogged(lambda txn: analysis.board_analysed_elsewhere(
        txn, db.client().document(record_path), client.admin_get(record_path))) is False
    assert client.read_error(f"tournaments/{tournament_id}/boards/1", people[2]).code == "permission-denied"
    assert client.query_error(f"tournaments/{tournament_id}/boards/1/results", people[2]).code == "permission-denied"
    assert len(client.query(f"tournaments/{tournament_id}/boards/1/results", people[1])) == 2
    # The standings: for whoever has finished every board.
    assert [line["uid"] for line in client.read(f"tournaments/{tournament_id}/standings/0", people[0])["lines"]] \
        == [line["uid"] for line in client.admin_get(f"tournaments/{tournament_id}/standings/0")["lines"]]
    for user in people[1:]:
        assert client.read_error(f"tournaments/{tournament_id}/standings/0", user).code == "permission-denied"
    assert clock.tick(later(0)).compacted == {}  # nothing new: nothing read
    # The close: Bob's table (between boards) and Cat's (mid-board) end, and the ranking is final.
    report = clock.tick(later(11))
    assert report.tables_ended == 2 and report.closed == [tournament_id]
    doc = tournament_doc(tournament_id, people[2])
    assert doc["closed"] is True and doc["players"] == 3
    page = client.read(f"tournaments/{tournament_id}/standings/0", people[2])
    assert page["final"] is True and sorted(line["uid"] for line in page["lines"]) == sorted(p.uid for p in people)
    from bridge.verify import verify

    boards = [client.read(f"tournaments/{tournament_id}/boards/{n}", people[2]) for n in (1, 2)]
    verdicts = verify({"event": doc, "boards": boards})
    assert [v.verified for v in verdicts] == [True, True], verdicts
    assert client.call_error("enterTournament", {"tournamentID": tournament_id}, new_player()).reason == \
        "TOURNAMENT_NOT_OPEN"
    # Every entrant is rated by the final ranking, all time and this season, for anyone to read.
    now = dt.datetime.now(dt.UTC)
    season = f"{now.year}-Q{(now.month - 1) // 3 + 1}"
    places = {line["uid"]: line["place"] for line in page["lines"]}
    for board in ("contract", f"contract-{season}"):
        rated = {user.uid: client.read(f"ratings/{board}/players/{user.uid}", new_player()) for user in people}
        assert {uid: (r["tournaments"], r["lastTournament"]) for uid, r in rated.items()} == {
            uid: (1, tournament_id) for uid in places}
        for one in people:
            for other in people:
                if places[one.uid] < places[other.uid]:
                    assert rated[one.uid]["mu"] > rated[other.uid]["mu"]
                elif places[one.uid] == places[other.uid]:
                    assert rated[one.uid]["mu"] == rated[other.uid]["mu"]
    assert clock.tick(later(12)).closed == []


def test_a_series_opens_its_tournament_once_whatever_the_number_of_clocks(clock):
    from bridge.tournament import Series

    series = Series.of({"name": f"s{os.getpid()}x{int(later(0))}", "game": "floating", "scoring": "matchpoints",
                        "boards": 2, "hours": 24, "starts": [0]})
    now = later(0)
    first, second = clock.open_series(now, [series]), clock.open_series(now, [series])
    assert len(first) == 1 and second == []
    doc = client.read(f"tournaments/{first[0]}", new_player())
    assert (doc["series"], doc["creatorID"], doc["game"]) == (series.name, None, "floating")


def test_a_table_that_no_longer_exists_has_ended_for_leaving_and_for_the_close(clock):
    ann = new_player()
    tournament_id = create(new_player(), boards=2, minutes=10)
    entrant = Entrant(ann, tournament_id)
    room_id = entrant.enter()
    for path in (f"rooms/{room_id}/private/state", f"rooms/{room_id}"):
        client.admin_delete(path)  # as if deleted, its board in play and all
    entrant.leave()
    progress = client.read(f"tournaments/{tournament_id}/entrants/{ann.uid}", ann)
    assert (progress["board"], progress["done"]) == (None, True)
    assert clock.tick(later(11)).closed.count(tournament_id) == 1
