"""variant.py, floating.py, variants.py: a game of the family as data, and the registry by wire name."""
from __future__ import annotations

import random
from dataclasses import replace
from typing import get_args

import pytest

from bridge import (
    ALL_BIDS,
    DECK,
    FLOATING,
    PASS,
    VARIANTS,
    Outcome,
    Phase,
    Reason,
    Settings,
    is_weak,
    new_deal,
    variant_named,
    wire,
)
from bridge.contract import CONTRACT
from bridge.deal import AUCTION_PHASES
from bridge.floating import Tally, deal_points
from bridge.memory import MEMORY
from bridge.sides import OPPOSITE
from bridge.tiger import TIGER
from bridge.variant import AuctionRules, PlayRules

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    Permuting,
    bidding_game,
    call,
    card,
    cards,
    contract_of,
    deal_with_weak_seat,
    playing_game,
    rejects,
)

RNG = random.Random(0)


# ----- Floating Bridge ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_floating_deals_the_whole_deck_to_four_players_and_the_player_left_of_the_dealer_calls_first(dealer) -> None:
    deal = new_deal(FLOATING, PLAYERS, Settings.of(washRule=False), dealer, random.Random(dealer))
    assert [len(hand) for hand in deal.hands] == [13, 13, 13, 13]
    assert sorted(c for hand in deal.hands for c in hand) == sorted(DECK)
    assert deal.phase is Phase.BIDDING
    for position in range(3):  # the player left of the dealer first, then round the table to the left
        assert deal.turn == (dealer + 1 + position) % 4
        deal = deal.place_bid(deal.turn, PASS, RNG)
    assert deal.turn == dealer


@pytest.mark.parametrize("bid", ALL_BIDS, ids=str)
def test_floating_targets_are_level_plus_six_and_eight_minus_level(bid) -> None:
    assert FLOATING.target(bid) == bid.level + 6
    assert FLOATING.defender_target(bid) == 8 - bid.level
    assert FLOATING.target(bid) + FLOATING.defender_target(bid) == 14  # exactly one side reaches its target


def test_bids_above_are_every_higher_bid_in_order() -> None:
    assert FLOATING.bids_above(None) == ALL_BIDS
    assert FLOATING.bids_above(call("1C")) == ALL_BIDS[1:]
    assert [str(b) for b in FLOATING.bids_above(call("6S"))] == ["6NT", "7C", "7D", "7H", "7S", "7NT"]
    assert FLOATING.bids_above(call("7S")) == (call("7NT"),)
    assert FLOATING.bids_above(call("7NT")) == ()
    for bid in ALL_BIDS:
        above = FLOATING.bids_above(bid)
        assert list(above) == sorted(above) and all(b > bid for b in above)
        assert len(above) == 34 - ALL_BIDS.index(bid)


def test_weak_hand_is_under_the_variants_wash_threshold() -> None:
    assert FLOATING.wash_threshold == 4
    three = cards("KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C")
    four = cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C")
    assert is_weak(FLOATING, three) and not is_weak(FLOATING, four)
    no_wash = replace(FLOATING, wash_threshold=None)
    assert not is_weak(no_wash, three)


def _outcome(declarer: int, partner: int, contract: str, ours: int, theirs: int) -> Outcome:
    return Outcome(declarer, partner, contract_of(declarer, contract), ours, theirs, 4)


@pytest.mark.parametrize("outcome, deals, tricks", [
    (_outcome(0, 2, "1NT", 7, 5), [1, 0, 1, 0], [7, 0, 7, 0]),     # made: the declarer's side scores
    (_outcome(1, 3, "4S", 10, 3), [0, 1, 0, 1], [0, 10, 0, 10]),
    (_outcome(1, 2, "4S", 8, 5), [1, 0, 0, 1], [5, 0, 0, 5]),      # set: the defenders score their tricks
    (_outcome(3, 0, "7NT", 12, 1), [0, 1, 1, 0], [0, 1, 1, 0]),
])
def test_floating_deal_points(outcome: Outcome, deals: list[int], tricks: list[int]) -> None:
    assert deal_points(outcome, "deals") == tuple(deals)
    assert deal_points(outcome, "tricks") == tuple(tricks)


def test_floating_bridges_sheet_never_ends_a_match_and_scores_each_deal_alone() -> None:
    sheet = FLOATING.sheet(Settings(scoring="tricks"))
    assert sheet == Tally("tricks") and not sheet.is_over


# ----- the registry --------------------------------------------------------------------------------


def test_variant_named_finds_registered_variants() -> None:
    assert VARIANTS == {"floating": FLOATING, "contract": CONTRACT, "tiger": TIGER, "memory": MEMORY}
    assert all(variant_named(name) is variant for name, variant in VARIANTS.items())
    assert Settings().variant == "floating"


@pytest.mark.parametrize("name", ["whist", "Contract", "Floating", "FLOATING", "", " floating", None, 1, True,
                                  ["floating"]])
def test_unknown_variant_is_invalid_settings(name: object) -> None:
    with rejects(Reason.INVALID_SETTINGS):
        variant_named(name)


# ----- the core reads the variant's fields, not its name -----------------------------------------
# A made-up variant of the same deck: fixed pairs (0-2 against 1-3), no partner card, trump may be led
# at once, the player left of the declarer always leads, 7NT does not end the auction, no early end.

FIXED = replace(
    FLOATING,
    name="fixed-test",
    sides=OPPOSITE,
    phases=AUCTION_PHASES,
    auction=AuctionRules(ladder=ALL_BIDS, opener=1, book=6, top_bid_ends=False),
    play=PlayRules(trump_must_be_broken=False, declarer_leads_no_trump=False),
    early_end=False,
)


def fixed_deal(*calls: str, hands=SUIT_PER_SEAT):
    deal = replace(bidding_game(hands), variant=FIXED)
    for text in calls:
        deal = deal.place_bid(deal.turn, call(text), RNG)
    return deal


def play_out(deal):
    """Play the lowest legal card in turn until the deal ends."""
    while deal.phase is Phase.PLAYING:
        deal = deal.play_card(deal.turn, deal.legal_cards()[0])
    return deal


def test_fixed_pairs_go_straight_to_play_with_the_partner_opposite() -> None:
    deal = fixed_deal("1NT", "PASS", "PASS", "PASS")
    assert deal.phase is Phase.PLAYING and deal.partner_card is None
    assert deal.partner == 2 and deal.partner_revealed
    assert deal.trick.leader == 1  # no declarer's lead in no trump in this variant
    with rejects(Reason.WRONG_PHASE):
        deal.choose_partner(0, card("AD"))


def test_top_bid_ends_the_auction_only_where_the_variant_says_so() -> None:
    deal = fixed_deal("7NT")
    assert deal.phase is Phase.BIDDING and deal.legal_bids() == [PASS]
    assert fixed_deal("7NT", "PASS", "PASS", "PASS").contract.bid == call("7NT")


def test_trump_may_be_led_at_once_where_the_variant_says_so() -> None:
    # MIXED_DEAL, 1S by seat 3; seat 0 (AS KS 2S and three other suits) makes the opening lead.
    calls = ("PASS", "PASS", "PASS", "1S", "PASS", "PASS", "PASS")
    fixed = fixed_deal(*calls, hands=MIXED_DEAL)
    assert fixed.trick.leader == 0 and fixed.legal_cards() == list(MIXED_DEAL[0])
    assert fixed.play_card(0, card("AS")).trick.plays[0].card == card("AS")
    floating = playing_game(MIXED_DEAL, declarer=3, contract="1S")
    assert floating.legal_cards() == [c for c in MIXED_DEAL[0] if c.suit.letter != "S"]


def test_no_early_end_plays_every_trick() -> None:
    # SUIT_PER_SEAT, 1NT by seat 0: seat 1 leads diamonds and wins every trick, so the defenders have
    # their 7 after seven tricks. With fixed sides that decides the deal, but this variant plays on.
    deal = fixed_deal("1NT", "PASS", "PASS", "PASS")
    early = replace(deal, variant=replace(FIXED, early_end=True))
    early, deal = play_out(early), play_out(deal)
    assert early.phase is Phase.COMPLETE and len(early.tricks) == 7 and early.tricks_won == (0, 7, 0, 0)
    assert len(deal.tricks) == 13 and deal.tricks_won == (0, 13, 0, 0)
    outcome = deal.outcome()
    assert (outcome.partner, outcome.declarer_tricks, outcome.defender_tricks, outcome.made) == (2, 0, 13, False)


def test_a_passed_out_deal_is_redealt_by_the_variant() -> None:
    deal = fixed_deal("PASS", "PASS", "PASS")
    redealt = deal.place_bid(deal.turn, PASS, Permuting.dealing(deal_with_weak_seat(2), SUIT_PER_SEAT))
    assert redealt.variant is FIXED and redealt.hands == SUIT_PER_SEAT
    assert (redealt.dealer, redealt.washes) == (1, 1)  # passed left, then washed left once more


def test_the_wire_names_exactly_the_registered_variants_and_their_scorings() -> None:
    assert set(get_args(wire.VariantName)) == set(VARIANTS)
    assert set(get_args(wire.ScoringName)) == {s for variant in VARIANTS.values() for s in variant.scorings}
