"""Whole robot tournaments through the callables and the clock (docs/TOURNAMENTS.md): forty
entrants play the same eight boards, each at a table of their own with three bots, their seat
played by the bot's policy through the callables (`tests.tournament_client`); the clock's
ranking must equal matchpoints or IMPs across the field restated here from the entrants' result
documents, and the seed revealed at the close must deal every board."""
from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import Any

import pytest

from tests import client
from tests.field_oracle import cross_imps, matchpoint_percent
from tests.table import new_player
from tests.tournament_client import Entrant, create

pytestmark = pytest.mark.usefixtures("emulator")

def restated_ranking(tournament_id: str, boards: int, per_board: Callable[[int, list[int]], Fraction],
                     unplayed: Fraction, mean: bool) -> dict[str, tuple[Fraction, int]]:
    """Each entrant's total and place from their result documents alone (admin reads)."""
    found = client.admin_documents_under(f"tournaments/{tournament_id}")
    scores: dict[int, dict[str, int]] = {}
    for number in range(1, boards + 1):
        prefix = f"tournaments/{tournament_id}/boards/{number}/results/"
        scores[number] = {path.removeprefix(prefix): doc["score"] for path, doc in found.items()
                          if path.startswith(prefix)}
    uids = {uid for board in scores.values() for uid in board}
    totals = {}
    for uid in uids:
        points = [per_board(board[uid], [s for other, s in board.items() if other != uid]) if uid in board
                  else unplayed for board in scores.values()]
        totals[uid] = sum(points, Fraction(0)) / (boards if mean else 1)
    return {uid: (total, 1 + sum(1 for other in totals.values() if other > total)) for uid, total in totals.items()}


def new_tournament(clock: Any, series: bool, boards: int, game: str, scoring: str) -> tuple[str, float]:
    """A series' tournament open for two hours from this hour (as the clock opens the deployer's),
    or a friends' one open for ten minutes; its id and when it closes."""
    if not series:
        return create(new_player(), boards=boards, minutes=10, game=game, scoring=scoring), \
            (dt.datetime.now(dt.UTC) + dt.timedelta(minutes=10)).timestamp()
    from bridge.tournament import Series

    now = dt.datetime.now(dt.UTC)
    daily = Series.of({"name": f"field{os.getpid()}t{int(now.timestamp())}", "game": game, "scoring": scoring,
                       "boards": boards, "hours": 2, "starts": [now.hour]})
    [(tournament_id, opens_at)] = daily.due(now.timestamp())
    assert clock.open_series(now.timestamp(), [daily]) == [tournament_id]
    return tournament_id, opens_at + 2 * 3600


def play_tournament(tournament_id: str, entrants: int) -> list[Entrant]:
    players = [Entrant(new_player(name=f"Entrant {n}"), tournament_id) for n in range(entrants)]

    def play(entrant: Entrant) -> None:
        entrant.enter()
        entrant.play()

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(play, players))
    return players


def ranking_read(tournament_id: str, reader: client.User) -> list[dict[str, Any]]:
    first = client.read(f"tournaments/{tournament_id}/standings/0", reader)
    pages = [first] + [client.read(f"tournaments/{tournament_id}/standings/{n}", reader)
                       for n in range(1, first["pages"])]
    return [line for page in pages for line in page["lines"]]


@pytest.fixture(scope="module")
def clock() -> Any:
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    from service import tournaments

    return tournaments


@pytest.mark.parametrize(("series", "game", "scoring", "entrants", "boards"), [
    (True, "contract", "matchpoints", 40, 8), (False, "contract", "imps", 8, 3),
    (False, "floating", "matchpoints", 6, 2)])
def test_a_whole_field_is_ranked_by_its_scoring_against_everyone_who_played_the_boards(clock, series, game, scoring,
                                                                                       entrants, boards):
    tournament_id, closes_at = new_tournament(clock, series, boards, game, scoring)
    players = play_tournament(tournament_id, entrants)
    clock.tick(dt.datetime.now(dt.UTC).timestamp())
    # Everyone has finished every board: each reads the running ranking.
    running = ranking_read(tournament_id, players[0].user)
    restated = restated_ranking(tournament_id, boards, matchpoint_percent if scoring == "matchpoints" else cross_imps,
                                Fraction(40) if scoring == "matchpoints" else Fraction(-3),
                                mean=scoring == "matchpoints")
    assert len(running) == entrants == len(restated)
    for line in running:
        total, place = restated[line["uid"]]
        assert line["total"] == round(float(total), 2) and line["place"] == place, line
    assert [line["place"] for line in running] == sorted(line["place"] for line in running)
    # Each board's traveller is the field's results on it.
    board = client.read(f"tournaments/{tournament_id}/boards/1", players[1].user)
    assert board["results"] == entrants == sum(row["count"] for row in board["traveller"])
    # The close makes the same ranking final and reveals the seed, which deals every board.
    report = clock.tick(closes_at + 1)
    assert tournament_id in report.closed and report.tables_ended == 0
    final = ranking_read(tournament_id, new_player())
    assert [(line["uid"], line["place"], line["total"]) for line in final] == \
        [(line["uid"], line["place"], line["total"]) for line in running]
    from bridge.verify import verify

    doc = client.read(f"tournaments/{tournament_id}", players[0].user)
    hands = [client.read(f"tournaments/{tournament_id}/boards/{n}", players[0].user) for n in range(1, boards + 1)]
    assert all(verdict.verified for verdict in verify({"event": doc, "boards": hands}))
    # A series' contract boards are analysed once each, on their documents, and no table's record
    # is; a friends' tournament's records are analysed as any room's (test_tournaments).
    analysed_once = series and game == "contract"
    assert all((board["analysis"] is not None) == analysed_once for board in hands)
    if analysed_once:
        assert set(hands[0]["analysis"]["tricks"]) == {"C", "D", "H", "S", "NT"}
        from service import analysis

        record_path = f"rooms/{players[0].room_id}/deals/1"
        assert analysis.analyse_record(record_path, client.admin_get(record_path), 10**6, closes_at) is False
        assert "analysis" not in client.admin_get(record_path)
