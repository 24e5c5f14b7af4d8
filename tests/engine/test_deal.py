"""dealing.py and new_deal: the secure shuffle, the deal, hand points and the wash rule (SPEC §5.1-5.2)."""
from __future__ import annotations

import math
import random
import secrets

import pytest

from bridge import DECK, FLOATING, Settings, deal_hands, hand_points, is_weak, new_deal, secure_rng

from .conftest import MIXED_DEAL, PLAYERS, Permuting, cards, deal_with_weak_seat, seated_room

# ----- the deal ----------------------------------------------------------------------


def test_deal_gives_thirteen_cards_to_each_seat_from_one_deck() -> None:
    hands = deal_hands(secure_rng())
    assert [len(hand) for hand in hands] == [13, 13, 13, 13]
    assert sorted(c for hand in hands for c in hand) == list(DECK)


def test_each_hand_is_sorted_by_suit_then_rank() -> None:
    for hand in deal_hands(random.Random(3)):
        assert list(hand) == sorted(hand)


def test_seeded_deal_is_reproducible_and_seeds_differ() -> None:
    assert deal_hands(random.Random(11)) == deal_hands(random.Random(11))
    assert deal_hands(random.Random(11)) != deal_hands(random.Random(12))


def test_a_test_shuffler_decides_the_deal() -> None:
    assert deal_hands(Permuting.dealing(MIXED_DEAL)) == MIXED_DEAL


def test_first_dealer_is_position_zero() -> None:
    room = seated_room().start(PLAYERS[0], Permuting.dealing(MIXED_DEAL))
    assert room.deal.dealer == 0 and room.deal.washes == 0
    assert room.deal.hands == MIXED_DEAL
    assert room.deal.turn == 1  # the player left of the dealer speaks first


# ----- hand points and the wash rule ---------------------------------------------------


@pytest.mark.parametrize("hand, points", [
    ("AS KH QD JC 2S 3S 4H 5H 6D 7D 8C 9C TC", 10),           # honours only: 4+3+2+1
    ("AS AH AD AC KS KH KD KC QS QH QD QC JS", 37),           # 16 + 12 + 8 + 1, no suit over four
    ("2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 2D 3D 2C", 3),            # seven spades: +3
    ("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 7H 2D 3D", 3),            # five and six: +1 +2
    ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", 19),           # 10 in honours + 9 for length
    ("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C", 0),
    ("", 0),
])
def test_hand_points_count_honours_and_long_suits(hand: str, points: int) -> None:
    assert hand_points(cards(hand)) == points


def test_weak_hand_has_fewer_than_four_points() -> None:
    assert is_weak(FLOATING, cards("KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C"))       # 3 points
    assert not is_weak(FLOATING, cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C"))   # 4 points
    assert not is_weak(FLOATING, cards("QS JS 2S 3S 4S 2H 3H 4H 7D 8D 9D 2C 3C"))   # 3 + one long-suit point


def test_wash_redeals_weak_hands_and_moves_dealer() -> None:
    rng = Permuting.dealing(deal_with_weak_seat(2), MIXED_DEAL)
    game = new_deal(FLOATING, PLAYERS, Settings(), 0, rng)
    assert game.hands == MIXED_DEAL
    assert game.washes == 1
    assert game.dealer == 1
    assert game.turn == 2


def test_every_wash_is_counted_and_passes_the_deal_left() -> None:
    rng = Permuting.dealing(deal_with_weak_seat(0), deal_with_weak_seat(3), deal_with_weak_seat(1), MIXED_DEAL)
    game = new_deal(FLOATING, PLAYERS, Settings(), 2, rng, washes=5)
    assert (game.hands, game.washes, game.dealer) == (MIXED_DEAL, 8, 1)


def test_wash_rule_off_plays_weak_hands() -> None:
    weak_deal = deal_with_weak_seat(1)
    game = new_deal(FLOATING, PLAYERS, Settings.of(washRule=False), 0, Permuting.dealing(weak_deal))
    assert (game.hands, game.washes, game.dealer) == (weak_deal, 0, 0)


def test_started_room_applies_its_wash_rule() -> None:
    weak_deal = deal_with_weak_seat(3)
    washed = seated_room().start(PLAYERS[0], Permuting.dealing(weak_deal, MIXED_DEAL)).deal
    assert (washed.hands, washed.washes, washed.dealer) == (MIXED_DEAL, 1, 1)
    kept = seated_room(settings=Settings.of(washRule=False)).start(PLAYERS[0], Permuting.dealing(weak_deal)).deal
    assert (kept.hands, kept.washes, kept.dealer) == (weak_deal, 0, 0)


# ----- the default shuffle is the OS CSPRNG, not the Mersenne Twister ------------------------


def test_default_shuffle_is_system_random() -> None:
    assert isinstance(secure_rng(), secrets.SystemRandom)


def _forbid_mersenne_twister(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every way into the Mersenne Twister raise: the module's global generator and
    any `random.Random` instance (constructing one seeds it; drawing calls random/getrandbits).
    `SystemRandom` overrides all three, so it alone is unaffected."""
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the Mersenne Twister was used")

    for name in ("random", "shuffle", "getrandbits", "randrange", "randint", "choice", "choices", "sample", "seed"):
        monkeypatch.setattr(random, name, forbidden)
    for name in ("random", "getrandbits", "seed"):
        monkeypatch.setattr(random.Random, name, forbidden)


def test_default_shuffle_does_not_use_the_mersenne_twister(monkeypatch: pytest.MonkeyPatch) -> None:
    _forbid_mersenne_twister(monkeypatch)
    # The trap works: each of these would be a Mersenne-Twister shuffle...
    for mersenne_shuffle in (lambda: random.shuffle(list(DECK)), lambda: deal_hands(random.Random(1)),
                             lambda: deal_hands(random)):
        with pytest.raises(AssertionError, match="Mersenne"):
            mersenne_shuffle()
    # ...and the default deals (and starts games) without falling into it.
    hands = deal_hands(secure_rng())
    assert sorted(c for hand in hands for c in hand) == list(DECK)
    assert new_deal(FLOATING, PLAYERS, Settings(), 0, secure_rng()).phase.value == "bidding"
    assert seated_room().start(PLAYERS[0], secure_rng()).deal is not None


def test_default_shuffle_draws_from_the_os_csprng(monkeypatch: pytest.MonkeyPatch) -> None:
    # CPython 3.11 (the functions' runtime) draws SystemRandom's bytes through random._urandom.
    assert hasattr(random, "_urandom"), "SystemRandom no longer reads through random._urandom"
    calls = []

    def counting_urandom(n: int) -> bytes:
        calls.append(n)
        return _real(n)

    _real = random._urandom
    monkeypatch.setattr(random, "_urandom", counting_urandom)
    deal_hands(secure_rng())
    assert len(calls) >= 51  # one draw per Fisher-Yates swap at least


# ----- the default shuffle is uniform over seats ---------------------------------------------
#
# Count, over N deals, how often each card lands in each seat: a 52 x 4 table whose cells
# each expect N/4. Pearson's statistic X² = Σ (O - E)² / E over the 208 cells has mean
# 52 x 3 = 156 for a uniform shuffle (each card: 4 seats, 3 free counts; the cards of one
# deal are only weakly dependent; simulated: mean 158, sd 18, where chi-square(156) has
# sd 17.7). scipy is not a dependency, so the tail probability comes from the Wilson-
# Hilferty approximation (chi-square(k)/k)^(1/3) ~ Normal(1 - 2/(9k), 2/(9k)), good to a few
# percent of p at k = 156. We reject only if p < 1e-6 in either tail, i.e. X² outside about
# (86, 255): a correct shuffle fails once in a million runs; a biased one (a card stuck to a
# seat) or a too-regular one (cards rotating through seats) fails every time.

SEAT_DEALS = 4000
CHI2_DF = 52 * 3
P_REJECT = 1e-6


def _seat_counts(rng: object, deals: int) -> list[list[int]]:
    index = {c: i for i, c in enumerate(DECK)}
    counts = [[0] * 4 for _ in DECK]
    for _ in range(deals):
        for seat, hand in enumerate(deal_hands(rng)):
            for c in hand:
                counts[index[c]][seat] += 1
    return counts


def _chi_square_tails(counts: list[list[int]], deals: int) -> tuple[float, float, float]:
    """(X², P(chi2 >= X²), P(chi2 <= X²)) for CHI2_DF degrees of freedom."""
    expected = deals / 4
    x2 = sum((o - expected) ** 2 / expected for row in counts for o in row)
    k = CHI2_DF
    z = ((x2 / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    upper = 0.5 * math.erfc(z / math.sqrt(2))
    return x2, upper, 1 - upper


def test_default_shuffle_deals_each_card_to_each_seat_equally_often() -> None:
    counts = _seat_counts(secure_rng(), SEAT_DEALS)
    assert all(sum(row) == SEAT_DEALS for row in counts)
    x2, upper, lower = _chi_square_tails(counts, SEAT_DEALS)
    assert upper > P_REJECT, f"X² = {x2:.1f}: cards favour seats (p = {upper:.2g})"
    assert lower > P_REJECT, f"X² = {x2:.1f}: too regular to be random (p = {lower:.2g})"


class _SometimesUnshuffled:
    """A biased shuffler: one time in ten it leaves the deck as it is."""

    def __init__(self) -> None:
        self.rng = random.Random(7)

    def shuffle(self, x: list) -> None:
        if self.rng.random() >= 0.1:
            self.rng.shuffle(x)


class _Rotating:
    """A shuffler that is not random at all: it cuts the deck one card further each time."""

    def __init__(self) -> None:
        self.cut = 0

    def shuffle(self, x: list) -> None:
        self.cut += 1
        x[:] = x[self.cut % len(x):] + x[:self.cut % len(x)]


def test_seat_uniformity_check_can_fail() -> None:
    """The chi-square check above catches a biased shuffle and a regular one, and passes a fair one."""
    _, upper, _ = _chi_square_tails(_seat_counts(_SometimesUnshuffled(), SEAT_DEALS), SEAT_DEALS)
    assert upper < P_REJECT
    _, _, lower = _chi_square_tails(_seat_counts(_Rotating(), SEAT_DEALS), SEAT_DEALS)
    assert lower < P_REJECT
    _, upper, lower = _chi_square_tails(_seat_counts(random.Random(2024), SEAT_DEALS), SEAT_DEALS)
    assert upper > P_REJECT and lower > P_REJECT
