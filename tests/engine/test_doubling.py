"""The auction of fixed-partnership games with doubling (SPEC §11): `X`, `XX`, the contract's
doubling, the declarer who first named the strain, and the pass-out redeal by form.

The rules are variant data (`AuctionRules`); these tests play them through contract bridge.
"""
from __future__ import annotations

import random

from bridge import ALL_BIDS, PASS, BridgeError, Phase, Reason, Settings
from bridge.bids import DOUBLE, REDOUBLE, Doubling
from bridge.contract import CONTRACT
from bridge.deal import Bidding, Deal
from bridge.floating import FLOATING

from .conftest import MIXED_DEAL, PLAYERS, call, rejects

RNG = random.Random(0)
ALL_CALLS = (PASS, DOUBLE, REDOUBLE, *ALL_BIDS)


def auction(*calls: str, dealer: int = 0, scoring: str = "rubber") -> Deal:
    """A deal of contract bridge dealt by `dealer` after `calls`, made in turn from the dealer."""
    deal = Deal(CONTRACT, Settings(variant="contract", scoring=scoring), PLAYERS, dealer, MIXED_DEAL, Bidding())
    for text in calls:
        assert deal.turn is not None
        deal = deal.place_bid(deal.turn, call(text), RNG)
    return deal


def test_the_dealer_speaks_first() -> None:
    for dealer in range(4):
        assert auction(dealer=dealer).turn == dealer


def test_an_opponents_undoubled_last_bid_may_be_doubled_even_after_passes() -> None:
    assert auction("1H", "X").calls[-1].call is DOUBLE
    assert auction("1H", "PASS", "PASS", "X").calls[-1].call is DOUBLE


def test_no_double_without_a_bid_of_your_partners_bid_or_twice() -> None:
    for calls in ((), ("PASS",), ("1H", "PASS"), ("1H", "X", "PASS")):
        deal = auction(*calls)
        with rejects(Reason.CANNOT_DOUBLE):
            deal.place_bid(deal.turn, DOUBLE, RNG)
    deal = auction("1H", "X", "XX")
    with rejects(Reason.CANNOT_DOUBLE):
        deal.place_bid(deal.turn, DOUBLE, RNG)


def test_only_your_sides_doubled_bid_may_be_redoubled_once() -> None:
    assert auction("1H", "X", "XX").calls[-1].call is REDOUBLE  # the bidder's partner
    assert auction("1H", "X", "PASS", "PASS", "XX").calls[-1].call is REDOUBLE  # the bidder, later
    # Nothing to redouble; the opponents' bid; undoubled; the doubler's side; twice.
    for calls in ((), ("1H",), ("1H", "PASS"), ("1H", "X", "PASS"), ("1H", "X", "XX", "PASS")):
        deal = auction(*calls)
        with rejects(Reason.CANNOT_REDOUBLE):
            deal.place_bid(deal.turn, REDOUBLE, RNG)


def test_a_rejected_double_changes_nothing() -> None:
    deal = auction("1H", "PASS")
    with rejects(Reason.CANNOT_DOUBLE):
        deal.place_bid(deal.turn, DOUBLE, RNG)
    assert deal == auction("1H", "PASS")


def test_the_contract_carries_its_doubling_and_a_new_bid_cancels_doubles() -> None:
    cases = {
        ("1H", "PASS", "PASS", "PASS"): "1H",
        ("1H", "X", "PASS", "PASS", "PASS"): "1HX",
        ("1H", "X", "XX", "PASS", "PASS", "PASS"): "1HXX",
        ("1H", "X", "XX", "2C", "PASS", "PASS", "PASS"): "2C",
        ("1H", "X", "2H", "PASS", "PASS", "PASS"): "2H",
    }
    for calls, written in cases.items():
        deal = auction(*calls)
        assert deal.phase is Phase.PLAYING, calls
        assert deal.contract is not None and str(deal.contract) == written, calls


def test_three_passes_after_a_double_end_the_auction() -> None:
    deal = auction("1H", "X", "PASS", "PASS")
    assert deal.phase is Phase.BIDDING
    deal = deal.place_bid(deal.turn, PASS, RNG)
    assert deal.contract is not None and deal.contract.doubling is Doubling.DOUBLED
    assert deal.contract.declarer == 0


def test_seven_no_trump_does_not_end_the_auction_and_may_be_doubled_and_redoubled() -> None:
    deal = auction("7NT")
    assert deal.phase is Phase.BIDDING
    deal = auction("7NT", "X", "XX", "PASS", "PASS", "PASS")
    assert deal.contract is not None and str(deal.contract) == "7NTXX"


def test_the_declarer_is_the_first_of_the_winning_side_to_name_the_strain() -> None:
    # The seed's example, North (0) dealing: N pass, E 1H, S double, W 3H, N 3S, E pass,
    # S 4S, all pass: North, who named spades first, declares 4S; South's double was cancelled.
    deal = auction("PASS", "1H", "X", "3H", "3S", "PASS", "4S", "PASS", "PASS", "PASS")
    assert deal.contract is not None
    assert (str(deal.contract), deal.contract.declarer) == ("4S", 0)
    # The opponents' bids of the strain do not count: East named spades first, but for EW.
    deal = auction("PASS", "1S", "PASS", "PASS", "2S", "PASS", "PASS", "PASS")
    assert deal.contract is not None and deal.contract.declarer == 0


def test_the_opening_lead_is_left_of_the_declarer_in_every_strain() -> None:
    for bid in ("1C", "1NT"):
        deal = auction("PASS", bid, "PASS", "PASS", "PASS")
        assert deal.contract is not None and deal.contract.declarer == 1
        assert deal.turn == 2


def test_a_passed_out_deal_passes_left_in_a_rubber_and_stays_with_the_dealer_in_chicago() -> None:
    redealt = auction("PASS", "PASS", "PASS", "PASS", dealer=1)
    assert (redealt.dealer, redealt.phase) == (2, Phase.BIDDING)
    stays = auction("PASS", "PASS", "PASS", "PASS", dealer=1, scoring="chicago")
    assert (stays.dealer, stays.phase, stays.calls) == (1, Phase.BIDDING, ())


def test_floating_bridge_has_no_doubling() -> None:
    deal = Deal(FLOATING, Settings(), PLAYERS, 3, MIXED_DEAL, Bidding())
    deal = deal.place_bid(0, call("1H"), RNG)
    assert DOUBLE not in deal.legal_bids() and REDOUBLE not in deal.legal_bids()
    for double in (DOUBLE, REDOUBLE):
        with rejects(Reason.INVALID_BID):
            deal.place_bid(1, double, RNG)


def allowed_calls(calls: list[tuple[int, str]], turn: int) -> set[str]:
    """The calls the player at `turn` may make after `calls` (position, text), restated from SPEC
    §11 on wire strings: PASS; any bid above the last; X of the opponents' last bid not yet
    doubled; XX of their own side's last bid doubled and not yet redoubled (partners sit
    opposite: 0 and 2 against 1 and 3)."""
    bids = [str(bid) for bid in ALL_BIDS]
    made = [(position, text) for position, text in calls if text in bids]
    if not made:
        return {"PASS", *bids}
    bidder, last = made[-1]
    since = [text for _, text in calls[calls.index(made[-1]) + 1:]]
    doubling = "XX" if "XX" in since else "X" if "X" in since else ""
    ours = bidder % 2 == turn % 2
    doubles = {"X"} if not ours and not doubling else {"XX"} if ours and doubling == "X" else set()
    return {"PASS", *doubles, *bids[bids.index(last) + 1:]}


def test_the_calls_told_and_accepted_are_exactly_those_the_doubling_rules_allow() -> None:
    rng = random.Random(7)
    for _ in range(300):
        deal = auction(dealer=rng.randrange(4))
        while deal.phase is Phase.BIDDING:
            turn = deal.turn
            allowed = allowed_calls([(e.position, str(e.call)) for e in deal.calls], turn)
            assert {str(c) for c in deal.legal_bids()} == allowed
            accepted = set()
            for c in ALL_CALLS:
                try:
                    deal.place_bid(turn, c, RNG)
                except BridgeError:
                    continue
                accepted.add(str(c))
            assert accepted == allowed
            options = sorted(deal.legal_bids(), key=str)
            weights = [6 if c is PASS else 2 if c in (DOUBLE, REDOUBLE) else 1 for c in options]
            choice = rng.choices(options, weights=weights)[0]
            deal = deal.place_bid(turn, choice, rng)
