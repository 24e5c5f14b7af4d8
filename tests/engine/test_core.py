"""The deal's card play as small integers (`core.PlayCore`), kept beside the public values.

The core is derived from the deal's other fields: a copy with them changed must not keep it, it
never makes two equal deals unequal, and a deal built from its public values alone (decoded, or
made by a test) replays the same core its moves carried. The rules themselves are compared with a
naive reference over thousands of deals in test_core_differential.py."""
from __future__ import annotations

import random

from bridge import FLOATING, Deal, Settings, new_deal
from bridge.core import cards_of, hand_mask
from bridge.values import evolve
from tests.engine.conftest import PLAYERS


def mid_play(seed: int) -> Deal:
    """A deal some cards into its play, by the bots."""
    rng = random.Random(seed)
    deal = new_deal(FLOATING, PLAYERS, Settings(), seed % 4, rng)
    while deal.trick is None or len(deal.tricks) < 3:
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    return deal


def test_a_deal_rebuilt_from_its_public_values_replays_the_core_its_moves_carried() -> None:
    for seed in range(30):
        deal = mid_play(seed)
        carried = deal.play_core
        assert carried is not None  # the moves carry it
        rebuilt = Deal(deal.variant, deal.settings, deal.players, deal.dealer, deal.hands, deal.state, deal.washes)
        assert rebuilt.play_core is None
        assert rebuilt.legal_cards() == deal.legal_cards()
        assert rebuilt.play_core == carried
        assert rebuilt == deal


def test_a_copy_with_other_hands_does_not_keep_the_core_of_the_old_ones() -> None:
    deal = mid_play(3)
    assert deal.play_core is not None
    hands = list(deal.hands)
    hands[0], hands[2] = hands[2], hands[0]
    swapped = evolve(deal, hands=tuple(hands))
    assert swapped.play_core is None
    assert swapped.tricks_won == deal.tricks_won
    assert swapped.card_play().hands[0] == hand_mask(deal.hands[2])
    kept = evolve(deal, players=("a", "b", "c", "d"))
    assert kept.play_core is None and kept.card_play() == deal.play_core


def test_a_sets_cards_are_its_cards_in_hand_order() -> None:
    rng = random.Random(1)
    for _ in range(500):
        numbers = sorted(rng.sample(range(52), rng.randint(0, 13)))
        cards = cards_of(sum(1 << n for n in numbers))
        assert [c.suit * 13 + c.rank - 2 for c in cards] == numbers
        assert hand_mask(cards) == sum(1 << n for n in numbers)
