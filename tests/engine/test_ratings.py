"""Ratings from robot tournaments (issue 37, `bridge.ratings`): the library's own published
ratings through `rate_field`, ties, newcomers, the bounded rating of big fields against the
library's model of the whole field, seasons, the stored form, and ratings separating the basic bot
from random play in real tournaments in the engine."""
from __future__ import annotations

import itertools
import math
import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bench.ratings import separated, simulate
from bridge.ratings import MAX_GROUP, MODEL, Rating, from_doc, initial, rate_field, season_of, to_doc

# openskill.py 6.2.0's own published examples, default PlackettLuce model:
# - docs/source/ordinal.ipynb ("Ordinals Explained"), its first table: four new players,
#   `model.rate(teams=[[r()], [r()], [r()], [r()]], ranks=[1, 2, 3, 4])`, printed to 6 decimals
#   (https://github.com/vivekjoshy/openskill.py/blob/v6.2.0/docs/source/ordinal.ipynb);
# - docs/source/manual.rst ("The Basics", "Ranks"): two new pairs, the first winning, and the
#   ordinals of a winner and a loser (https://openskill.me/en/stable/manual.html).
PUBLISHED_FIELD = {  # place: (mu, sigma, ordinal)
    1: (27.795253, 8.263572, 3.004537),
    2: (26.552918, 8.179618, 2.014064),
    3: (24.689416, 8.084128, 0.437033),
    4: (20.962413, 8.084128, -3.289971),
}
PUBLISHED_PAIRS = {"winner": (26.964294621803063, 8.177962604389991, 2.4304068086330872),
                   "loser": (23.035705378196937, 8.177962604389991, -1.4981824349730388)}
PRINTED = 5e-7  # the notebook prints 6 decimals


def field(n: int) -> list[tuple[str, int]]:
    """`n` entrants in order of place, no ties."""
    return [(f"u{i:05d}", i + 1) for i in range(n)]


def ordered_alike(a: list[float], b: list[float]) -> float:
    """The share of pairs of entrants that `a` and `b` order the same way (ties in either count as alike)."""
    pairs = list(itertools.combinations(range(len(a)), 2))
    return sum((a[i] - a[j]) * (b[i] - b[j]) >= 0 for i, j in pairs) / len(pairs)


def model_of_whole_field(places: list[tuple[str, int]], before: dict[str, Rating]) -> dict[str, tuple[float, float]]:
    """The library's model rating the whole field (strict places) as one game: (mu, sigma) by uid."""
    teams = [[MODEL.create_rating([before[uid].mu, before[uid].sigma])] for uid, _ in places]
    return {uid: (new.mu, new.sigma) for (uid, _), (new,) in zip(places, MODEL.rate(teams), strict=True)}


def test_a_field_rated_in_one_group_gets_the_librarys_published_ratings() -> None:
    after = rate_field([("ann", 1), ("ben", 2), ("cat", 3), ("dan", 4)], {})
    for uid, place in (("ann", 1), ("ben", 2), ("cat", 3), ("dan", 4)):
        mu, sigma, ordinal = PUBLISHED_FIELD[place]
        assert after[uid].mu == pytest.approx(mu, abs=PRINTED)
        assert after[uid].sigma == pytest.approx(sigma, abs=PRINTED)
        assert after[uid].ordinal == pytest.approx(ordinal, abs=PRINTED)


def test_a_field_rated_in_one_group_is_the_librarys_model_of_the_whole_field_with_the_ratings_before() -> None:
    rng = random.Random(5)
    places = field(MAX_GROUP)
    before = {uid: Rating(rng.gauss(25, 4), rng.uniform(1, 8.3), rng.randrange(40)) for uid, _ in places}
    after, model = rate_field(places, before), model_of_whole_field(places, before)
    assert {uid: (r.mu, r.sigma) for uid, r in after.items()} == model


def test_the_ordinal_is_the_librarys_mu_less_three_sigma() -> None:
    for mu, sigma, ordinal in PUBLISHED_PAIRS.values():
        assert Rating(mu, sigma, 1).ordinal == pytest.approx(ordinal, rel=1e-15)
    assert initial().ordinal == 0.0


def test_a_newcomer_starts_at_the_models_initial_rating() -> None:
    assert initial() == Rating(MODEL.mu, MODEL.sigma, 0) == Rating(25.0, 25.0 / 3.0, 0)
    rated = {"ann": Rating(31.0, 4.0, 9)}
    places = [("ann", 2), ("ben", 1), ("cat", 3)]
    assert rate_field(places, rated) == rate_field(places, {**rated, "ben": initial(), "cat": initial()})


def test_every_entrant_counts_one_more_tournament_and_nobody_else_is_rated() -> None:
    before = {"ann": Rating(30.0, 5.0, 7), "zed": Rating(20.0, 3.0, 2)}
    after = rate_field([("ann", 1), ("ben", 2)], before)
    assert set(after) == {"ann", "ben"}
    assert (after["ann"].tournaments, after["ben"].tournaments) == (8, 1)


def test_a_field_of_one_has_nobody_to_be_ranked_against_and_keeps_its_rating() -> None:
    assert rate_field([("ann", 1)], {"ann": Rating(30.0, 5.0, 7)}) == {"ann": Rating(30.0, 5.0, 8)}
    assert rate_field([], {}) == {}


def test_an_entrant_placed_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        rate_field([("ann", 1), ("ann", 2)], {})


def test_a_tie_is_rated_as_the_mean_of_the_places_it_spans() -> None:
    # Ben and Cat share second place: each gets the mean of the library's published second and
    # third (its mu change and its sigma); first and last are as published.
    after = rate_field([("ann", 1), ("ben", 2), ("cat", 2), ("dan", 4)], {})
    tied_mu = (PUBLISHED_FIELD[2][0] + PUBLISHED_FIELD[3][0]) / 2
    tied_sigma = (PUBLISHED_FIELD[2][1] + PUBLISHED_FIELD[3][1]) / 2
    assert after["ben"] == after["cat"]
    assert after["ben"].mu == pytest.approx(tied_mu, abs=PRINTED)
    assert after["ben"].sigma == pytest.approx(tied_sigma, abs=PRINTED)
    assert (after["ann"].mu, after["dan"].mu) == pytest.approx((PUBLISHED_FIELD[1][0], PUBLISHED_FIELD[4][0]),
                                                              abs=PRINTED)


def test_tied_entrants_share_the_change_whatever_their_uids_and_never_fall_below_those_they_beat() -> None:
    # openskill 6.2.0's own ranks with ties would rate six tied winners below the seventh.
    places = [(f"tied-{i}", 1) for i in range(6)] + [(f"next-{i}", 7 + i) for i in range(6)]
    after = rate_field(places, {})
    assert len({after[f"tied-{i}"] for i in range(6)}) == 1
    assert after["tied-0"].mu > after["next-0"].mu > after["next-5"].mu
    # A tie among players rated differently moves each by the same amount.
    before = {"ann": Rating(35.0, 3.0, 20), "ben": Rating(18.0, 6.0, 2)}
    after = rate_field([("ann", 1), ("ben", 1), ("cat", 3)], before)
    assert after["ann"].mu - 35.0 == pytest.approx(after["ben"].mu - 18.0, abs=1e-12)


def test_a_bigger_field_is_ordered_as_the_librarys_model_of_the_whole_field_orders_it() -> None:
    # Just above the bound (two groups): the changes and the ratings after are ordered, pair by
    # pair, as the library's model rating the whole field as one game orders them. (Rating the
    # field in two groups of consecutive places instead orders only two thirds of the changes alike.)
    rng = random.Random(37)
    places = field(MAX_GROUP + MAX_GROUP // 2)
    before = {uid: Rating(rng.gauss(25, 3), rng.uniform(3, 8), 4) for uid, _ in places}
    after, model = rate_field(places, before), model_of_whole_field(places, before)
    uids = [uid for uid, _ in places]
    assert ordered_alike([after[u].mu - before[u].mu for u in uids], [model[u][0] - before[u].mu for u in uids]) > 0.97
    assert ordered_alike([after[u].ordinal for u in uids], [model[u][0] - 3 * model[u][1] for u in uids]) > 0.99


def test_in_a_bigger_field_a_better_place_by_a_groups_share_never_gains_less() -> None:
    # Equal ratings before, 2 * MAX_GROUP + 1 entrants (three groups): an entrant placed at least
    # three places (one group's share of the field) ahead of another gains at least as much.
    places = field(2 * MAX_GROUP + 1)
    after = rate_field(places, {})
    gains = [after[uid].mu - 25.0 for uid, _ in places]
    share = math.ceil(len(places) / MAX_GROUP)
    assert all(gains[i] >= gains[j] for i in range(len(gains)) for j in range(i + share, len(gains)))
    assert gains[0] > 0 > gains[-1]


def test_rating_a_field_is_deterministic_and_ignores_the_order_of_the_places() -> None:
    rng = random.Random(3)
    places = [(f"u{i:04d}", 1 + rng.randrange(300)) for i in range(MAX_GROUP * 3 + 7)]
    before = {uid: Rating(rng.gauss(25, 3), rng.uniform(2, 8), 3) for uid, _ in places[::2]}
    shuffled = random.Random(4).sample(places, len(places))
    assert rate_field(places, before) == rate_field(places, before) == rate_field(shuffled, before)


@pytest.mark.parametrize(("when", "season"), [
    (datetime(2026, 10, 1, 0, 0, tzinfo=UTC), "2026-Q4"),
    (datetime(2026, 9, 30, 23, 59, 59, 999999, tzinfo=UTC), "2026-Q3"),
    (datetime(2026, 1, 1, tzinfo=UTC), "2026-Q1"),
    (datetime(2026, 12, 31, 23, 59, tzinfo=UTC), "2026-Q4"),
    (datetime(2027, 1, 1, 1, 0, tzinfo=timezone(timedelta(hours=2))), "2026-Q4"),  # 23:00 UTC the day before
    (datetime(2026, 6, 30, 21, 0, tzinfo=timezone(timedelta(hours=-5))), "2026-Q3"),  # 02:00 UTC on 1 July
])
def test_a_season_is_the_calendar_quarter_in_utc(when: datetime, season: str) -> None:
    assert season_of(when) == season


def test_a_naive_time_has_no_season() -> None:
    with pytest.raises(ValueError):
        season_of(datetime(2026, 10, 1))


def test_a_stored_rating_reads_back_as_itself_with_its_ordinal_beside_it() -> None:
    rating = Rating(27.795252672501135, 8.263571791259416, 3)
    doc = to_doc(rating)
    assert doc == {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal, "tournaments": 3}
    assert from_doc(doc) == rating
    assert from_doc({**doc, "ordinal": 99.0}) == rating  # derived, never read
    assert from_doc({"mu": 25, "sigma": 8, "tournaments": 0}) == Rating(25.0, 8.0, 0)
    with pytest.raises(ValueError):
        from_doc({**doc, "tournaments": "3"})


@pytest.mark.parametrize("game", ["contract", "floating"])
def test_ratings_separate_the_basic_bot_from_random_play_in_robot_tournaments(game: str) -> None:
    # bench/ratings.py, small: 12 entrants, 4 tournaments of 4 boards, each entrant South at a
    # table of its own with three basic bots, playing South by the basic bot or at random.
    entrants = {**{f"random-{i}": "random" for i in range(6)}, **{f"basic-{i}": "basic" for i in range(6)}}
    ratings = simulate(game, entrants, count=4, tournaments=4, seed=1)
    assert separated(ratings, entrants, stronger="basic", weaker="random")
    assert all(r.tournaments == 4 for r in ratings.values())
