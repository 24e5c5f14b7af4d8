"""tournament.py: robot tournaments in the engine (docs/TOURNAMENTS.md): making one, an entrant's
table (the boards in order, from South, with three bots, at their own pace; leaving), each
board's score, scoring against the field, the ranking, the series, and the stored form."""
from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge import DECK, FLOATING, PASS, Reason, Room, Status, tournament_documents
from bridge.deal import board_deal
from bridge.deal_seed import DealSeed, commitment
from bridge.dealing import deal_hands
from bridge.duplicate import board_score
from bridge.room import finished_since, is_bot
from bridge.tournament import (
    ENTRANT_POSITION,
    UNPLAYED,
    Field,
    FieldScoring,
    Result,
    Series,
    Tournament,
    TournamentStatus,
    board_points,
    boards_analysed_once,
    result_of,
    seat_score,
)
from tests.field_oracle import cross_imps, matchpoint_percent
from tests.people import person_moves

from .conftest import property_settings, rejects

HOUR = 3600.0


def new_tournament(game: str = "contract", scoring: FieldScoring = FieldScoring.MATCHPOINTS, boards: int = 4,
                   seed: int = 1, **changes: object) -> Tournament:
    window: dict[str, object] = {"opens_at": 0.0, "closes_at": HOUR, **changes}
    return Tournament.create("t1", game=game, scoring=scoring, boards=boards, rng=random.Random(seed),
                             **window)  # type: ignore[arg-type]


def played(room: Room, rng: random.Random, boards: int | None = None) -> list[Room]:
    """The entrant plays (by the bot's policy) until `boards` boards are finished (all: None);
    every state of the table on the way."""
    states = [room]
    while room.status is not Status.ENDED:
        assert room.match is not None and room.deal is not None
        if boards is not None and room.deal.is_finished and room.match.number >= boards:
            break
        room = person_moves(room, rng)
        states.append(room)
    return states


# ----- making one -------------------------------------------------------------------------------


@pytest.mark.parametrize("changes", [
    {"game": "memory"}, {"game": "tiger"}, {"game": "floating", "scoring": FieldScoring.IMPS}, {"boards": 0},
    {"boards": 33}, {"closes_at": 9 * 60}, {"closes_at": 7 * 24 * HOUR + 1}, {"bot_level": "genius"},
    {"invited": [f"u{n}" for n in range(201)]},
])
def test_a_tournament_of_another_game_scoring_size_window_or_bots_is_refused(changes: dict[str, object]) -> None:
    with rejects(Reason.INVALID_TOURNAMENT):
        new_tournament(**changes)  # type: ignore[arg-type]


def test_the_boards_are_deals_one_to_n_of_the_committed_seed_with_no_entropy() -> None:
    tournament = Tournament.create("t", game="contract", scoring=FieldScoring.IMPS, boards=3, opens_at=0,
                                   closes_at=HOUR)
    assert tournament.seed is not None
    for board in tournament.boards:
        assert board.hands == deal_hands(DealSeed(tournament.seed, (), board.number).shuffler())
    doc = tournament_documents.public_tournament(tournament, 0, 0)
    assert doc["dealing"] == {"commitment": commitment(tournament.seed), "seed": None}
    closed = tournament_documents.public_tournament(tournament.closed_now(), 0, 0)
    assert closed["dealing"] == {"commitment": commitment(tournament.seed), "seed": tournament.seed.hex()}


def test_the_window_decides_the_status_and_entry_and_invitations_come_first() -> None:
    tournament = Tournament.create("t", game="contract", scoring=FieldScoring.IMPS, boards=2, opens_at=HOUR,
                                   closes_at=3 * HOUR, creator="cat", invited=["ann"], rng=random.Random(0))
    assert [tournament.status(t) for t in (0, HOUR, 3 * HOUR - 1, 3 * HOUR)] == [
        TournamentStatus.UPCOMING, TournamentStatus.OPEN, TournamentStatus.OPEN, TournamentStatus.CLOSING]
    assert tournament.closed_now().status(0) is TournamentStatus.CLOSED
    for now in (0, 2 * HOUR, 4 * HOUR):  # an outsider is told the same whatever the time
        with rejects(Reason.NOT_INVITED):
            tournament.require_entry("bob", now)
    for uid in ("ann", "cat"):
        tournament.require_entry(uid, 2 * HOUR)
        for now in (0, 3 * HOUR):
            with rejects(Reason.TOURNAMENT_NOT_OPEN):
                tournament.require_entry(uid, now)


# ----- the entrant's table ---------------------------------------------------------------------


@pytest.mark.parametrize("game", ["contract", "floating"])
def test_the_entrant_plays_every_board_in_order_from_south_with_three_bots(game: str) -> None:
    tournament = new_tournament(game, boards=3)
    room = tournament.table("ann", "Ann")
    assert room.position_of("ann") == ENTRANT_POSITION
    assert [is_bot(seat.uid) for seat in room.seats] == [True, True, False, True]
    assert room.settings.undo is False and room.settings.invite_only and room.settings.turn_seconds == 0
    states = played(room, random.Random(2))
    boards = [s.deal.board for s in states if s.deal is not None and s.deal.is_finished]
    assert list(dict.fromkeys(boards)) == [1, 2, 3]
    for state in states:
        assert state.deal is not None and state.deal.players[ENTRANT_POSITION] == "ann"
        assert state.deal.hands_dealt() == tournament.boards[state.deal.board - 1].hands
    assert states[-1].status is Status.ENDED


def test_the_next_board_waits_for_the_entrant_to_be_ready() -> None:
    room = played(new_tournament(boards=2).table("ann", "Ann"), random.Random(3), boards=1)[-1]
    assert room.status is Status.DEAL_ENDED and room.match is not None and room.match.number == 1
    with rejects(Reason.EVENT_TABLE):
        room.leave("ann")
    ready = room.toggle_ready("ann")
    assert ready.deal is not None and ready.deal.board == 2 and ready.deal_in_progress


def test_leaving_mid_board_has_a_bot_play_it_out_and_ends_the_table() -> None:
    tournament = new_tournament(boards=3)
    room = tournament.table("ann", "Ann")
    rng = random.Random(4)
    while room.deal is not None and len(room.deal.calls) < 6 and room.deal_in_progress:
        room = person_moves(room, rng)
    left = room.left_event("ann", room._new_bot())
    assert left.status is Status.ENDED and left.deal is not None and left.deal.is_finished
    assert left.deal.board == 1 and left.position_of("ann") is None
    assert left.next_board_if_ready() is left
    entrant = tournament_documents.entrant_document(left, "r1")
    assert entrant["played"] == 1 and entrant["board"] is None and entrant["done"] is True
    assert result_of(left).uid == "ann" and result_of(left).board == 1


def test_leaving_between_boards_leaves_the_rest_unplayed() -> None:
    room = played(new_tournament(boards=3).table("ann", "Ann"), random.Random(5), boards=1)[-1]
    left = room.left_event("ann", room._new_bot())
    assert left.status is Status.ENDED and left.match is not None and left.match.number == 1
    entrant = tournament_documents.entrant_document(left, "r1")
    assert (entrant["played"], entrant["board"], entrant["done"]) == (1, None, True)


@pytest.mark.parametrize("seed", range(6))
def test_a_contract_board_scores_the_duplicate_score_of_the_entrants_side(seed: int) -> None:
    room = played(new_tournament(boards=1, seed=seed).table("ann", "Ann"), random.Random(seed))[-1]
    deal, result = room.deal, result_of(room)
    assert deal is not None
    outcome = deal.outcome()
    ns = board_score(1, outcome.contract if outcome else None, outcome.declarer_tricks if outcome else 0)
    assert result.score == ns  # South is North-South
    assert result.contract == (str(outcome.contract) if outcome else None)


@pytest.mark.parametrize("seed", range(6))
def test_a_floating_board_scores_the_tricks_won_by_or_minus_the_tricks_lost_to(seed: int) -> None:
    room = played(new_tournament("floating", boards=1, seed=seed).table("ann", "Ann"), random.Random(seed))[-1]
    deal, result = room.deal, result_of(room)
    assert deal is not None
    outcome = deal.outcome()
    assert outcome is not None
    won = outcome.declarer_tricks if outcome.made else outcome.defender_tricks
    assert result.score == (won if ENTRANT_POSITION in outcome.winners else -won)


# ----- scoring against the field ---------------------------------------------------------------


@property_settings(max_examples=100)
@given(st.lists(st.sampled_from([-1100, -500, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 650, 1430]),
                min_size=1, max_size=12))
def test_each_result_is_scored_against_every_other_result_of_the_board(scores: list[int]) -> None:
    counts = Counter(scores)
    for scoring, restated in ((FieldScoring.MATCHPOINTS, matchpoint_percent), (FieldScoring.IMPS, cross_imps)):
        points = board_points(scoring, counts)
        for index, mine in enumerate(scores):
            assert points[mine] == restated(mine, scores[:index] + scores[index + 1:])


def _field(scoring: FieldScoring, boards: int, results: list[tuple[str, int, int]]) -> Field:
    return Field.empty(scoring, boards).with_results(
        Result(uid, uid.title(), board, score, None, None, None) for uid, board, score in results)


def test_the_total_is_the_mean_percentage_or_the_imps_with_an_unplayed_board_average_minus() -> None:
    results = [("ann", 1, 420), ("bob", 1, 450), ("cat", 1, 450), ("ann", 2, -100), ("bob", 2, 110)]
    mp = {line.uid: line for line in _field(FieldScoring.MATCHPOINTS, 2, results).standings()}
    assert mp["ann"].points == (Fraction(0), Fraction(0)) and mp["ann"].total == 0
    assert mp["bob"].points == (Fraction(75), Fraction(100)) and mp["bob"].total == Fraction(175, 2)
    assert mp["cat"].points == (Fraction(75), None) and mp["cat"].total == (75 + UNPLAYED[FieldScoring.MATCHPOINTS]) / 2
    assert [mp[uid].place for uid in ("bob", "cat", "ann")] == [1, 2, 3]
    im = {line.uid: line for line in _field(FieldScoring.IMPS, 2, results).standings()}
    assert im["ann"].points == (Fraction(-1), Fraction(-5)) and im["ann"].total == -6  # 30 and 210 apart
    assert im["cat"].total == Fraction(1, 2) + UNPLAYED[FieldScoring.IMPS]


def test_equal_totals_share_the_higher_place() -> None:
    results = [("ann", 1, 420), ("bob", 1, 420), ("cat", 1, 50), ("dan", 1, 620)]
    places = {line.uid: line.place for line in _field(FieldScoring.MATCHPOINTS, 1, results).standings()}
    assert places == {"dan": 1, "ann": 2, "bob": 2, "cat": 4}


def test_a_result_entered_twice_counts_once() -> None:
    field = _field(FieldScoring.IMPS, 2, [("ann", 1, 420), ("bob", 1, -50)])
    again = field.with_results([Result("ann", "Ann", 1, 420, None, None, None),
                                Result("ann", "Ann", 1, 999, None, None, None)])
    assert again == field


def test_the_field_reads_back_from_its_pages_and_travellers() -> None:
    tournament = new_tournament(boards=3)
    rng = random.Random(7)
    results = [Result(f"u{n}", f"U {n}", board, rng.choice([-100, 110, 140, 420]), rng.choice(["4S", "2H", None]),
                      rng.choice([0, 1, None]), rng.choice([8, 10, None]))
               for n in range(1200) for board in (1, 2, 3) if rng.random() < 0.8]
    field = Field.empty(tournament.scoring, 3).with_results(results)
    pages = tournament_documents.standings_pages(field, final=False)
    assert len(pages) == 3 and [len(p["lines"]) for p in pages] == [500, 500, len(field.entries) - 1000]
    assert [line["place"] for p in pages for line in p["lines"]] == [s.place for s in field.standings()]
    boards = [tournament_documents.board_document(tournament, n, field) for n in (1, 2, 3)]
    assert sum(row["count"] for row in boards[0]["traveller"]) == boards[0]["results"]
    assert tournament_documents.field_of(tournament, pages, boards) == field  # type: ignore[arg-type]


def test_the_state_document_round_trips() -> None:
    tournament = Tournament.create("t", game="floating", scoring=FieldScoring.MATCHPOINTS, boards=2, opens_at=5,
                                   closes_at=5 + HOUR, creator="ann", invited=["bob"])
    doc = tournament_documents.encode(tournament)
    assert tournament_documents.decode(doc) == tournament
    for board in tournament.boards:
        assert sorted(card for hand in board.hands for card in hand) == sorted(DECK)


# ----- series -----------------------------------------------------------------------------------


def test_a_series_opens_one_tournament_a_day_at_each_hour_for_its_length() -> None:
    series = Series.of({"name": "daily", "game": "contract", "scoring": "imps", "boards": 8, "hours": 12,
                        "starts": [6, 18]})
    day = dt.datetime(2026, 11, 29, tzinfo=dt.UTC).timestamp()
    assert series.due(day + 5 * HOUR) == [("daily20261128h18", day - 6 * HOUR)]
    assert series.due(day + 6 * HOUR) == [("daily20261129h06", day + 6 * HOUR)]
    assert series.due(day + 17.9 * HOUR) == [("daily20261129h06", day + 6 * HOUR)]
    made = series.tournament("daily20261129h06", day + 6 * HOUR)
    assert (made.series, made.creator, made.closes_at - made.opens_at, len(made.boards)) == (
        "daily", None, 12 * HOUR, 8)


@pytest.mark.parametrize("entry", [
    {"name": "bad name"}, {"starts": [24]}, {"starts": []}, {"game": "memory"}, {"scoring": "imps", "game": "floating"},
    {"boards": 40}, {"hours": 200}, {"botLevel": "genius"},
])
def test_a_series_configured_wrong_is_refused_naming_it(entry: dict[str, object]) -> None:
    good = {"name": "daily", "game": "contract", "scoring": "imps", "boards": 8, "hours": 12, "starts": [6]}
    with pytest.raises(ValueError, match="tournament series"):
        Series.of({**good, **entry})


# ----- secrecy across the field ----------------------------------------------------------------


def test_what_an_entrant_may_read_before_finishing_a_board_does_not_depend_on_its_cards() -> None:
    """Board 2 re-dealt, and the field's results on it played on the new cards: an entrant who has
    finished board 1 only reads the same tournament document and the same board 1 document (the
    standings and board 2's documents, which do change, are refused to them by the rules:
    tests/rules/test_tournament_rules.py)."""
    worlds = []
    for deal_seed in (11, 12):
        tournament = new_tournament(boards=2, seed=1)
        redealt = Tournament.create("t1", game="contract", scoring=FieldScoring.MATCHPOINTS, boards=2, opens_at=0.0,
                                    closes_at=HOUR, rng=random.Random(deal_seed))
        tournament = Tournament(tournament.tournament_id, None, None, "contract", tournament.scoring,
                                (tournament.boards[0], redealt.boards[1]), 0.0, HOUR)
        results = []
        for n in range(6):
            states = played(tournament.table(f"u{n}", f"U {n}"), random.Random(n))
            results += [result_of(after) for before, after in pairwise(states) if finished_since(before, after)]
        field = Field.empty(tournament.scoring, 2).with_results(results)
        worlds.append((tournament, field))
    (first, field_a), (second, field_b) = worlds
    assert field_a.travellers[1] != field_b.travellers[1]  # the re-deal changed board 2's results
    assert tournament_documents.public_tournament(first, None, None) == \
        tournament_documents.public_tournament(second, None, None)
    assert tournament_documents.board_document(first, 1, field_a) == tournament_documents.board_document(second, 1,
                                                                                                         field_b)


def test_only_a_series_contract_tournament_analyses_its_boards_once_on_their_documents() -> None:
    assert boards_analysed_once("contract", "daily") is True
    assert boards_analysed_once("contract", None) is False  # a friends' one: each record, charged to its players
    assert boards_analysed_once("floating", "daily") is False  # each table's sides differ


def test_a_floating_board_every_seat_passes_is_over_and_scores_nothing() -> None:
    """A board is played as dealt: passed out, it is not redealt (the wash rule and the redeal are
    a room's), and Floating Bridge's sheet scores it 0 for every seat."""
    tournament = new_tournament("floating", boards=2)
    room = tournament.table("ann", "Ann")
    deal = board_deal(FLOATING, room.deal.players, room.settings, tournament.boards[0])
    rng = random.Random(0)
    for _ in range(4):
        deal = deal.place_bid(deal.actor, PASS, rng)
    assert deal.is_finished and deal.outcome() is None
    points = room.match.sheet.points(deal)
    assert points == (0, 0, 0, 0) and seat_score(points, ENTRANT_POSITION) == 0
