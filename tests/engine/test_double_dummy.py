"""The double-dummy search (`bridge.double_dummy`) against a brute-force oracle on small endings."""
from __future__ import annotations

import random

import pytest

from bridge import DECK, Card, Suit
from bridge.double_dummy import Budget, Ending, SearchLimit, can_take, first_guess, most_tricks


def oracle(hands: list[list[Card]], leader: int, trump: Suit | None, side: tuple[bool, ...], must_break: bool,
           broken: bool, trick: tuple[tuple[int, Card], ...] = ()) -> int:
    """The side's most tricks by plain minimax over every legal card: no pruning, no equivalent
    cards skipped, no bounds. A card is a bit (13 a suit, lowest rank first, so that of two cards
    of a suit the higher bit is the higher card); a position at a trick's start met again is
    looked up (each exact value kept, keyed by the whole position, for this ending alone)."""
    seats = len(hands)
    suits = [0x1FFF << 13 * suit for suit in range(4)]
    trumps = suits[trump] if trump is not None else 0
    known: dict[tuple[tuple[int, ...], int, bool], int] = {}

    def bit(card: Card) -> int:
        return 1 << (card.suit * 13 + card.rank - 2)

    def beats(card: int, winning: int, led: int) -> bool:
        """Whether `card` wins the trick from `winning`, the best card so far."""
        if card & trumps:
            return not winning & trumps or card > winning
        return not winning & trumps and bool(card & led) and card > winning

    def trick_start(hands: tuple[int, ...], leader: int, broken: bool) -> int:
        if not hands[leader]:
            return 0
        key = (hands, leader, broken)
        value = known.get(key)
        if value is None:
            value = known[key] = in_trick(hands, leader, broken, 0, 0, leader, 0)
        return value

    def in_trick(hands: tuple[int, ...], leader: int, broken: bool, played: int, led: int, winner: int,
                 winning: int) -> int:
        """`played` cards are on the trick, of the `led` suit's mask; `winner`'s `winning` card wins it so far."""
        seat = (leader + played) % seats
        hand = hands[seat]
        if played:
            legal = hand & led or hand
        elif must_break and trumps and not broken and hand & ~trumps:
            legal = hand & ~trumps
        else:
            legal = hand
        ours, value = side[seat], -1
        while legal:
            card = legal & -legal
            legal ^= card
            after = (*hands[:seat], hand ^ card, *hands[seat + 1:])
            if not played:
                suit = next(mask for mask in suits if card & mask)
                now, best = seat, card
            else:
                suit = led
                takes = (not winning & trumps or card > winning) if card & trumps else (
                    not winning & trumps and card & led and card > winning)  # beats(), inline: the hot loop
                now, best = (seat, card) if takes else (winner, winning)
            if played + 1 < seats:
                result = in_trick(after, leader, broken, played + 1, suit, now, best)
            else:  # the trick is over: a trump played wins it, and breaks trumps
                result = side[now] + trick_start(after, now, broken or bool(best & trumps))
            if value < 0 or (result > value if ours else result < value):
                value = result
        return value

    masks = tuple(sum(bit(card) for card in hand) for hand in hands)
    if not trick:
        return trick_start(masks, leader, broken)
    led = next(mask for mask in suits if bit(trick[0][1]) & mask)
    winner, winning = trick[0][0], bit(trick[0][1])
    for seat, card in trick[1:]:
        if beats(bit(card), winning, led):
            winner, winning = seat, bit(card)
    return in_trick(masks, leader, broken, len(trick), led, winner, winning)


def random_ending(rng: random.Random, seats: int, size: int) -> Ending:
    cards = rng.sample(DECK, seats * size)
    hands = tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(seats))
    side = tuple(rng.random() < 0.5 for _ in range(seats)) if seats == 4 else (True, False)
    trump = rng.choice([None, *Suit])
    return Ending(hands, rng.randrange(seats), trump, side, must_break_trump=rng.random() < 0.5,
                  trump_broken=rng.random() < 0.3)


@pytest.mark.parametrize(("seats", "size", "count"), [
    (4, 1, 200), (4, 2, 1000), (4, 3, 2000), (4, 4, 150), (4, 5, 10), (2, 4, 500), (2, 6, 200), (2, 7, 20)])
def test_the_search_finds_the_most_tricks_the_brute_force_oracle_finds(seats, size, count):
    """Random endings, random sides (any set of seats), trump or none, the trump rule on or off,
    trump broken or not, any leader: the search's count is the oracle's, and it can take that
    many and not one more."""
    rng = random.Random(size * 100 + seats)
    for _ in range(count):
        ending = random_ending(rng, seats, size)
        expected = oracle([list(h) for h in ending.hands], ending.leader, ending.trump, ending.side,
                          ending.must_break_trump, ending.trump_broken)
        assert most_tricks(ending) == expected, ending
        assert can_take(ending, expected) and not can_take(ending, expected + 1)


def test_the_search_starts_from_a_trick_in_progress_as_the_oracle_does():
    """Every first card of the leader, and every second card after it, the trump rule on or off."""
    rng = random.Random(11)
    for _ in range(300):
        ending = random_ending(rng, 4, 3)
        leader, after = ending.leader, (ending.leader + 1) % 4
        for first in ending.hands[leader]:
            follows = [c for c in ending.hands[after] if c.suit == first.suit] or list(ending.hands[after])
            for trick in ((first,), *((first, second) for second in follows)):
                hands = tuple(tuple(c for c in h if c not in trick) for h in ending.hands)
                started = Ending(hands, leader, ending.trump, ending.side, ending.must_break_trump,
                                 ending.trump_broken, trick=trick)
                expected = oracle([list(h) for h in hands], leader, ending.trump, ending.side,
                                  ending.must_break_trump, ending.trump_broken,
                                  tuple(((leader + i) % 4, card) for i, card in enumerate(trick)))
                assert most_tricks(started) == expected, started


def test_a_search_past_its_budget_stops_instead_of_answering():
    ending = random_ending(random.Random(7), 4, 13)
    with pytest.raises(SearchLimit):
        can_take(ending, 7, Budget(100))


@pytest.mark.parametrize(("hands", "leader", "trump"), [
    # East's 7-4 of trumps are one move among the cards out, but West's 3 below them is not East's:
    # an answer that depended on the 7 must fix the 4's holder too (else West's 4 and East's 3
    # would share its answer, and then West overtakes to win the last trick with the 8S).
    (("AC 8D AD 2H AH 7S", "7C 8C 4D QD 4H 7H", "3C 9C TC QC TH 6S", "9D 3H 5H 8S TS KS"), 3, Suit.HEARTS),
])
def test_an_answer_holds_for_the_cards_a_tried_card_stood_for(hands, leader, trump):
    """Found against DDS (a whole deal, then this ending): the search tries one card of a run of
    equivalent ones, so what its answer depended on reaches down through that run."""
    ending = Ending(tuple(tuple(sorted(Card.parse(c) for c in hand.split())) for hand in hands), leader, trump,
                    (True, False, True, False))
    assert most_tricks(ending) == oracle([list(h) for h in ending.hands], leader, trump, ending.side, False, False)


def test_the_first_guess_shares_the_tricks_by_honour_points_and_half_a_trick_a_trump_more():
    """North-South hold every ace and king (28 of the 40 points) and 8 spades to 5."""
    hands = tuple(tuple(Card.parse(card) for card in hand.split()) for hand in (
        "AS KS AH KH 2S 3S 4S 5S 2H 3H 4H 2D 3D", "QS JS QH JH 8S 5H 6H 7H 4D 5D 6D 7D 8D",
        "AD KD AC KC 6S 7S 2C 3C 4C 5C 6C 7C 8C", "QD JD QC JC 9S TS 8H 9H TH 9D TD 9C TC"))
    assert first_guess(Ending(hands, 1, None, (True, False, True, False))) == 9  # 13 * 28 / 40 = 9.1
    assert first_guess(Ending(hands, 1, Suit.SPADES, (True, False, True, False))) == 11  # 9.1 + (8 - 5) / 2
    assert first_guess(Ending(hands, 1, Suit.SPADES, (False, True, False, True))) == 2  # 3.9 - 1.5
