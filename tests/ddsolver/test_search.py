"""The native search's own contract (`ddsolver.Search`): what it refuses, its budget, and its
transposition table's limit. Its answers are checked against the brute force and DDS through the
engine's API (tests/engine/test_double_dummy.py, test_analysis.py, test_claims.py)."""
from __future__ import annotations

import random

import pytest

from bridge import DECK
from bridge.core import hand_mask
from ddsolver import Search


def deal(seed: int, size: int = 13) -> list[int]:
    cards = random.Random(seed).sample(DECK, 4 * size)
    return [hand_mask(cards[size * p:size * (p + 1)]) for p in range(4)]


def most(search: Search, hands: list[int], leader: int) -> int:
    lower, upper = 0, (hands[leader]).bit_count()
    while lower < upper:
        bound = search.bound(hands, leader, [], False, lower + 1, 1 << 62)
        lower, upper = (bound, upper) if bound > lower else (lower, bound)
    return lower


@pytest.mark.parametrize(("arguments", "message"), [
    ((3, -1, 1, False), "seats must be 2 or 4"),
    ((4, 4, 1, False), "trump must be -1"),
    ((4, -1, 16, False), "side must be a set of seats"),
    ((4, -1, 5, False, 10), "table_limit must be at least 1024"),
])
def test_a_search_is_made_for_two_or_four_seats_a_trump_or_none_and_a_side_of_those_seats(arguments, message):
    with pytest.raises(ValueError, match=message):
        Search(*arguments)


def test_a_question_about_a_position_that_is_not_one_of_play_is_refused():
    search = Search(4, -1, 0b0101, False)
    hands = deal(1, 5)
    first = (hands[2] & -hands[2]).bit_length() - 1
    cases = [
        ((hands[:3], 0, []), "one hand a seat"),
        (([hands[0] | (hands[1] & -hands[1]), hands[1] & (hands[1] - 1), hands[2], hands[3]], 0, []), "as many cards"),
        (([hands[0], hands[0], hands[2], hands[3]], 0, []), "must not overlap"),
        (([1 << 52, hands[1], hands[2], hands[3]], 0, []), "a set of cards 0-51"),
        ((hands, 4, []), "no such leader"),
        ((hands, 0, [first]), "also in a hand"),
        ((hands, 0, [60]), "a card is 0-51"),
        ((hands, 0, [0, 1, 2, 3]), "fewer cards than seats"),
    ]
    for (position, message) in cases:
        with pytest.raises(ValueError, match=message):
            search.bound(*position, False, 7, 1000)


def test_past_its_budget_a_question_answers_minus_one_having_spent_the_budget_exactly():
    search = Search(4, -1, 0b0101, False)
    assert search.bound(deal(2), 0, [], False, 7, 100) == -1
    assert search.nodes == 100
    assert search.bound(deal(2), 0, [], False, 0, 100) == 0 and search.nodes == 0


def test_a_table_that_fills_forgets_some_entries_and_the_answers_stay_exact():
    for seed in range(3):
        hands = deal(10 + seed, 11)
        small, large = Search(4, seed - 1, 0b0011, True, 1024), Search(4, seed - 1, 0b0011, True)
        assert [most(small, hands, p) for p in range(4)] == [most(large, hands, p) for p in range(4)]
        assert small.entries <= 1024 < large.entries


def test_a_full_table_forgets_the_positions_with_the_fewest_cards_first():
    search, hands = Search(4, 0, 0b0011, True, 1024), deal(20, 11)
    answer = most(search, hands, 0)
    for seed in range(21, 31):  # smaller positions, enough to fill the table many times over
        most(search, deal(seed, 8), 0)
    assert search.bound(hands, 0, [], False, answer, 1 << 62) == answer
    assert search.nodes == 0  # the whole deal's own entry is still there
    assert Search(4, 0, 0b0011, True).bound(hands, 0, [], False, answer, 1 << 62) == answer


def test_every_layout_refuses_more_than_two_unknown_seats_and_unseen_cards_that_do_not_fit():
    search = Search(4, -1, 0b0101, False)
    hands = deal(3, 3)
    unseen = hands[1] | hands[3]
    with pytest.raises(ValueError, match="at most two unknown seats"):
        search.every_layout(hands, [1, 2, 3], unseen | hands[2], [0, 0, 0], 0, False, 1, 1000)
    with pytest.raises(ValueError, match="unseen cards"):
        search.every_layout(hands, [1, 3], unseen & (unseen - 1), [0, 0], 0, False, 1, 1000)
    with pytest.raises(ValueError, match="must not overlap"):
        search.every_layout(hands, [1, 3], unseen ^ (hands[1] & -hands[1]) | (hands[0] & -hands[0]), [0, 0], 0,
                            False, 1, 1000)
    assert search.every_layout(hands, [1, 3], unseen, [0, 0], 0, False, 0, 1000) == 1
