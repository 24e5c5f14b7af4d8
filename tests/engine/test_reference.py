"""The naive reference engine (`bench/reference.py`) checked against hand-made positions, so the
oracle of the differential test is itself checked: follow suit, trump not broken, the early end
while the partner card is unplayed, the dummy played by the declarer, doubled contracts, pass-outs,
another ladder and book, a first half, two players each a side alone.

The games are written out here as `Rules` from the SPEC and the seeds (docs/TIGER.md,
docs/MEMORY.md), not read off the engine's variants: these tests check the reference alone."""
from __future__ import annotations

import random

import pytest

from bench.reference import (
    BIDS,
    DECK,
    FIRST_TO_NAME_STRAIN,
    FIXED_PAIRS,
    LAST_BIDDER,
    PARTNER_CARD,
    SOLO,
    ReferenceDeal,
    Rules,
    card_key,
    hand_points,
    is_weak,
    new_deal,
    play_game,
    shuffled_hands,
)

#: SPEC §5.
FLOATING = Rules(seats=4, hand_size=13, bids=tuple(BIDS), opener=1, book=6, top_bid_ends=True, doubling=False,
                 declarer=LAST_BIDDER, sides=PARTNER_CARD, trump_must_be_broken=True, declarer_leads_no_trump=True,
                 dummy=False, wash_threshold=4, early_end=True, first_half=False)
#: SPEC §11.
CONTRACT = Rules(seats=4, hand_size=13, bids=tuple(BIDS), opener=0, book=6, top_bid_ends=False, doubling=True,
                 declarer=FIRST_TO_NAME_STRAIN, sides=FIXED_PAIRS, trump_must_be_broken=False,
                 declarer_leads_no_trump=False, dummy=True, wash_threshold=None, early_end=False, first_half=False,
                 same_dealer_after_pass_out=frozenset({"chicago"}))
#: docs/TIGER.md: 5-9 rounds, no crests lowest, a bid of n needs n rounds, the last bidder proclaims.
TIGER = Rules(seats=4, hand_size=13, bids=tuple(f"{n}{s}" for n in range(5, 10) for s in ("NT", "C", "D", "H", "S")),
              opener=1, book=0, top_bid_ends=False, doubling=False, declarer=LAST_BIDDER, sides=FIXED_PAIRS,
              trump_must_be_broken=False, declarer_leads_no_trump=False, dummy=True, wash_threshold=None,
              early_end=False, first_half=False)
#: docs/MEMORY.md: two players, a first half, the dealer opens, a pass after a bid ends the auction.
MEMORY = Rules(seats=2, hand_size=13, bids=tuple(BIDS), opener=0, book=6, top_bid_ends=False, doubling=True,
               declarer=LAST_BIDDER, sides=SOLO, trump_must_be_broken=False, declarer_leads_no_trump=False,
               dummy=False, wash_threshold=None, early_end=False, first_half=True)
RULES = {"floating": FLOATING, "contract": CONTRACT, "tiger": TIGER, "memory": MEMORY}


def hand(spec: str) -> list[str]:
    """A hand from `"spades.hearts.diamonds.clubs"` ranks, like `"AKQ.JT9.8765.432"`."""
    suits = spec.split(".")
    return sorted((rank + suit for suit, ranks in zip("SHDC", suits, strict=True) for rank in ranks), key=card_key)


#: Seat 3 has no hearts; seat 2 holds AH 3H and AD; seat 1 has no spades.
HANDS = [
    hand("AKQJT987.54.432."),
    hand(".T98762.8765.432"),
    hand(".AKQJ3.AKQJ.8765"),
    hand("65432..T9.AKQJT9"),
]


def test_the_hands_are_a_deck() -> None:
    assert sorted(card for h in HANDS for card in h) == sorted(DECK)
    assert all(len(h) == 13 for h in HANDS)


def auction(deal: ReferenceDeal, *calls: str) -> None:
    for call in calls:
        deal.move(deal.actor(), call)


def floating(dealer: int, *calls: str, partner_card: str | None = None, hands: list[list[str]] = HANDS,
             play_all_tricks: bool = False) -> ReferenceDeal:
    deal = ReferenceDeal(FLOATING, hands, dealer, play_all_tricks)
    auction(deal, *calls)
    if partner_card is not None:
        deal.move(deal.declarer, partner_card)
    return deal


def test_floating_auction_left_of_dealer_opens_and_7nt_ends_it() -> None:
    deal = ReferenceDeal(FLOATING, HANDS, dealer=3)
    assert deal.turn() == 0
    assert deal.legal_moves()[:3] == ["PASS", "1C", "1D"]
    assert deal.legal_moves()[-1] == "7NT" and len(deal.legal_moves()) == 36
    with pytest.raises(ValueError, match="turn"):
        deal.move(3, "1C")
    with pytest.raises(ValueError, match="doubling"):
        auction(deal, "1C", "X")
    with pytest.raises(ValueError, match="higher"):
        auction(deal, "1C")
    auction(deal, "1NT", "7NT")
    assert (deal.phase, deal.contract, deal.declarer, deal.turn()) == ("partner", "7NT", 2, 2)


def test_the_partner_card_is_another_players() -> None:
    deal = floating(3, "7S", "PASS", "PASS", "PASS")
    assert (deal.phase, deal.declarer) == ("partner", 0)
    assert sorted(deal.legal_moves()) == sorted(c for h in HANDS[1:] for c in h)
    with pytest.raises(ValueError, match="you hold"):
        deal.move(0, "AS")
    with pytest.raises(ValueError, match="turn"):
        deal.move(1, "AH")
    deal.move(0, "AH")
    assert (deal.phase, deal.partner_card, deal.partner(), deal.leader) == ("playing", "AH", 2, 1)


def test_follow_suit_refused() -> None:
    deal = floating(3, "7S", "PASS", "PASS", "PASS", partner_card="AH")
    deal.move(1, "2H")
    assert deal.legal_moves() == ["3H", "JH", "QH", "KH", "AH"]
    with pytest.raises(ValueError, match="follow suit"):
        deal.move(2, "AD")
    with pytest.raises(ValueError, match="do not hold"):
        deal.move(2, "4H")


def test_trump_may_not_be_led_before_it_is_broken() -> None:
    deal = floating(3, "PASS", "PASS", "1D", "PASS", "PASS", "PASS", partner_card="AS")
    assert (deal.declarer, deal.turn()) == (2, 3)
    assert "TD" not in deal.legal_moves() and "9C" in deal.legal_moves()
    with pytest.raises(ValueError, match="broken"):
        deal.move(3, "TD")
    deal.move(3, "AC")


def test_trump_may_be_led_by_a_hand_of_only_trump() -> None:
    one_suit = [hand("AKQJT98765432..."), hand(".AKQJT98765432.."), hand("..AKQJT98765432."),
                hand("...AKQJT98765432")]
    deal = floating(3, "PASS", "PASS", "PASS", "1S", "PASS", "PASS", "PASS", partner_card="AH", hands=one_suit)
    assert (deal.declarer, deal.turn()) == (3, 0)
    deal.move(0, "AS")
    assert deal.trick == [(0, "AS")]


def test_no_trump_the_declarer_leads() -> None:
    deal = floating(3, "1NT", "PASS", "PASS", "PASS", partner_card="AH")
    assert (deal.declarer, deal.leader, deal.turn()) == (0, 0, 0)


def test_the_deal_ends_early_when_every_possible_partner_is_beaten() -> None:
    # 7S needs all 13 tricks. Seat 3 ruffs the first heart: it has shown out of the partner
    # card's suit, so it cannot be the partner and the defenders have their trick whoever is.
    deal = floating(3, "7S", "PASS", "PASS", "PASS", partner_card="AH")
    for position, card in ((1, "2H"), (2, "3H"), (3, "2S"), (0, "4H")):
        deal.move(position, card)
    assert deal.tricks == [[(1, "2H"), (2, "3H"), (3, "2S"), (0, "4H")]]
    assert (deal.phase, deal.tricks_won(), deal.turn(), deal.legal_moves()) == ("complete", [0, 0, 0, 1], None, [])
    assert "AH" in deal.hands[2]  # the partner card was never played
    assert deal.outcome() == (0, 2, 0, 1, False)
    with pytest.raises(ValueError, match="over"):
        deal.move(3, "3S")


def test_the_deal_goes_on_while_the_table_cannot_tell() -> None:
    # The same trick with AD named: seat 3 has not shown out of diamonds and may be the
    # partner, for whom the declarer's side has the trick, so the deal goes on although the
    # real partner (seat 2) has lost.
    deal = floating(3, "7S", "PASS", "PASS", "PASS", partner_card="AD")
    for position, card in ((1, "2H"), (2, "3H"), (3, "2S"), (0, "4H")):
        deal.move(position, card)
    assert (deal.phase, deal.leader, deal.partner(), deal.outcome()) == ("playing", 3, 2, None)


def test_play_all_tricks_plays_on() -> None:
    deal = floating(3, "7S", "PASS", "PASS", "PASS", partner_card="AH", play_all_tricks=True)
    for position, card in ((1, "2H"), (2, "3H"), (3, "2S"), (0, "4H")):
        deal.move(position, card)
    assert (deal.phase, deal.leader) == ("playing", 3)


def test_contract_dealer_opens_and_the_declarer_plays_the_dummy() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    assert deal.turn() == 0
    auction(deal, "1S", "PASS", "PASS", "PASS")
    assert (deal.phase, deal.contract, deal.declarer, deal.partner(), deal.leader) == ("playing", "1S", 0, 2, 1)
    deal.move(1, "2H")
    assert (deal.turn(), deal.actor()) == (2, 0)  # the dummy's card, played by the declarer
    assert deal.legal_moves() == ["3H", "JH", "QH", "KH", "AH"]
    with pytest.raises(ValueError, match="turn"):
        deal.move(2, "3H")
    deal.move(0, "3H")
    assert "3H" not in deal.hands[2] and deal.trick == [(1, "2H"), (2, "3H")]
    assert (deal.turn(), deal.actor()) == (3, 3)
    deal.move(3, "2S")
    assert (deal.turn(), deal.actor()) == (0, 0)
    deal.move(0, "4H")
    assert (deal.leader, deal.tricks_won()) == (3, [0, 0, 0, 1])


def test_contract_trump_may_be_led_at_once() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=2)
    auction(deal, "1D", "PASS", "PASS", "PASS")
    assert deal.turn() == 3 and "TD" in deal.legal_moves()
    deal.move(3, "TD")


def test_contract_declarer_is_first_of_the_side_to_name_the_strain() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    auction(deal, "1H", "1S", "2S", "PASS", "PASS", "PASS")
    assert (deal.contract, deal.declarer) == ("2S", 2)
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    auction(deal, "1S", "PASS", "2S", "PASS", "PASS", "PASS")
    assert (deal.contract, deal.declarer, deal.leader) == ("2S", 0, 1)


def test_doubled_and_redoubled_contracts() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    assert deal.legal_moves()[:2] == ["PASS", "1C"]
    auction(deal, "1S")
    assert deal.legal_moves()[:3] == ["PASS", "X", "1NT"]
    with pytest.raises(ValueError, match="redouble"):
        deal.move(1, "XX")
    auction(deal, "X")
    assert deal.legal_moves()[:3] == ["PASS", "XX", "1NT"]
    with pytest.raises(ValueError, match="double"):
        deal.move(2, "X")
    auction(deal, "XX", "PASS", "PASS", "PASS")
    assert (deal.phase, deal.contract, deal.declarer) == ("playing", "1SXX", 0)

    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    auction(deal, "1S", "X", "PASS", "PASS", "PASS")
    assert deal.contract == "1SX"

    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    auction(deal, "1S", "X", "2H", "PASS", "PASS", "PASS")  # a new bid cancels the double
    assert (deal.contract, deal.declarer) == ("2H", 2)


def test_contract_7nt_does_not_end_the_auction() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=0)
    auction(deal, "7NT")
    assert deal.phase == "bidding" and deal.legal_moves() == ["PASS", "X"]
    auction(deal, "X", "XX", "PASS", "PASS", "PASS")
    assert (deal.contract, deal.declarer, deal.leader) == ("7NTXX", 0, 1)


@pytest.mark.parametrize("variant", ["floating", "contract", "tiger"])
def test_pass_out(variant: str) -> None:
    deal = ReferenceDeal(RULES[variant], HANDS, dealer=1)
    auction(deal, "PASS", "PASS", "PASS")
    assert deal.phase == "bidding"
    auction(deal, "PASS")
    assert (deal.phase, deal.contract, deal.turn(), deal.actor(), deal.legal_moves()) == \
        ("passed_out", None, None, None, [])
    assert deal.outcome() is None
    with pytest.raises(ValueError, match="over"):
        deal.move(1, "1C")


def test_tiger_ladder_ranks_no_trump_lowest_and_a_bid_needs_its_level_in_tricks() -> None:
    deal = ReferenceDeal(TIGER, HANDS, dealer=3)
    assert deal.turn() == 0
    assert deal.legal_moves()[:3] == ["PASS", "5NT", "5C"] and len(deal.legal_moves()) == 26
    with pytest.raises(ValueError, match="not a call"):
        deal.move(0, "1C")
    with pytest.raises(ValueError, match="doubling"):
        auction(deal, "5S", "X")
    assert deal.legal_moves()[:2] == ["PASS", "6NT"]
    auction(deal, "PASS", "9S")
    assert deal.phase == "bidding"  # the top bid does not end the auction
    auction(deal, "PASS", "PASS", "PASS")
    assert (deal.contract, deal.declarer, deal.target, deal.defender_target, deal.leader) == ("9S", 2, 9, 5, 3)


def test_tiger_the_last_bidder_declares_even_when_the_partner_named_the_strain_first() -> None:
    deal = ReferenceDeal(TIGER, HANDS, dealer=3)
    auction(deal, "5S", "PASS", "6S", "PASS", "PASS", "PASS")
    assert (deal.contract, deal.declarer, deal.partner(), deal.leader) == ("6S", 2, 0, 3)
    deal.move(3, deal.legal_moves()[0])
    assert (deal.turn(), deal.actor()) == (0, 2)  # the dummy's card, played by the declarer


CLUBS, DIAMONDS, HEARTS, SPADES = ([rank + suit for rank in "23456789TJQKA"] for suit in "CDHS")


def memory_after_the_first_half() -> ReferenceDeal:
    """Memory Bridge from an unshuffled deck, dealer 0: the first half's hands are the clubs (0)
    and the diamonds (1), the stock the hearts and the spades; the first half played out, lowest
    legal card first."""
    deal = new_deal(MEMORY, 0, lambda deck: None)[0]
    while deal.phase == "first_half":
        deal.move(deal.actor(), deal.legal_moves()[0])
    return deal


def test_memory_deals_the_whole_deck_and_the_non_dealer_leads_a_first_half_of_no_trump_tricks() -> None:
    deal = new_deal(MEMORY, 0, lambda deck: None)[0]
    assert (deal.phase, deal.turn(), deal.hands, deal.stock) == ("first_half", 1, [CLUBS, DIAMONDS], [HEARTS, SPADES])
    with pytest.raises(ValueError, match="turn"):
        deal.move(0, "2C")
    deal.move(1, "2D")
    assert deal.legal_moves() == CLUBS  # void in diamonds: any card
    deal.move(0, "AC")
    assert (deal.tricks_won(), deal.leader) == ([0, 1], 1)  # no trump: the led suit wins


def test_memory_after_the_first_half_the_stock_is_dealt_and_the_dealer_opens() -> None:
    deal = memory_after_the_first_half()
    assert len(deal.first_tricks) == 13 and deal.tricks == [] and deal.tricks_won() == [0, 0]
    assert (deal.phase, deal.hands, deal.stock, deal.turn()) == ("bidding", [HEARTS, SPADES], [], 0)


def test_memory_a_pass_after_a_bid_ends_the_auction_and_each_player_doubles_the_others_bid() -> None:
    deal = memory_after_the_first_half()
    auction(deal, "PASS", "1H")
    assert deal.legal_moves()[:3] == ["PASS", "X", "1S"]
    with pytest.raises(ValueError, match="redouble"):
        deal.move(0, "XX")
    auction(deal, "X")
    assert deal.legal_moves()[:3] == ["PASS", "XX", "1S"]
    auction(deal, "XX", "PASS")
    assert (deal.phase, deal.contract, deal.declarer, deal.partner(), deal.leader) == ("playing", "1HXX", 1, 1, 0)
    assert deal.known_side(0) == [0] and deal.known_side(1) == [1]


def test_memory_two_passes_end_the_deal_unplayed() -> None:
    deal = memory_after_the_first_half()
    auction(deal, "PASS")
    assert deal.phase == "bidding"
    auction(deal, "PASS")
    assert (deal.phase, deal.contract, deal.turn(), deal.outcome(), deal.legal_moves()) == \
        ("complete", None, None, None, [])


def test_a_passed_out_deal_is_dealt_again_by_the_same_dealer_only_under_the_scorings_that_say_so() -> None:
    deal = ReferenceDeal(CONTRACT, HANDS, dealer=1)
    auction(deal, "PASS", "PASS", "PASS", "PASS")
    assert (deal.next_dealer("rubber"), deal.next_dealer("chicago")) == (2, 1)


def test_three_passes_then_a_bid_goes_on() -> None:
    deal = ReferenceDeal(FLOATING, HANDS, dealer=0)
    auction(deal, "PASS", "PASS", "PASS", "1C")
    assert deal.phase == "bidding" and deal.turn() == 1
    auction(deal, "PASS", "PASS", "PASS")
    assert (deal.phase, deal.declarer) == ("partner", 0)


def test_hand_points_and_the_wash() -> None:
    assert hand_points(hand("AKQJ.432.432.432")) == 10
    assert hand_points(hand("765432.J2.432.32")) == 3  # J 1, six spades +2
    assert is_weak(hand("765432.J2.432.32"), 4) and not is_weak(hand("765432.Q2.432.32"), 4)
    assert not is_weak(hand("765432.J2.432.32"), None)


def test_shuffled_hands() -> None:
    hands = shuffled_hands(random.Random(5).shuffle)
    assert sorted(card for h in hands for card in h) == sorted(DECK)
    assert all(len(h) == 13 and h == sorted(h, key=card_key) for h in hands)


@pytest.mark.parametrize("variant", RULES)
def test_play_game(variant: str) -> None:
    rules = RULES[variant]
    for seed in range(20):
        game = play_game(rules, random.Random(seed), random.Random(seed).shuffle)
        outcome = game.outcome()
        assert game.phase == "complete"
        if outcome is None:  # passed out after the first half
            assert rules.first_half and game.contract is None and len(game.first_tricks) == 13
            continue
        declarer, partner, ours, theirs, made = outcome
        assert ours + theirs == len(game.tricks) == sum(game.tricks_won())
        assert made == (ours >= int(game.contract[0]) + rules.book)
        if variant != "floating":
            assert len(game.tricks) == 13 and partner == rules.partner_of(declarer)
