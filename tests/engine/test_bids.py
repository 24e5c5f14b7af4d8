"""bids.py: PASS and the 35 bids, ordered by level then strain (SPEC §2)."""
from __future__ import annotations

import random

import pytest

from bridge import ALL_BIDS, PASS, Bid, Reason, Strain, Suit, parse_call

from .conftest import bidding_game, call, rejects


def test_there_are_35_bids_from_1c_to_7nt() -> None:
    assert len(ALL_BIDS) == len(set(ALL_BIDS)) == 35
    assert str(ALL_BIDS[0]) == "1C" and str(ALL_BIDS[-1]) == "7NT"


def test_bids_order_by_level_then_strain() -> None:
    expected = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    assert [str(b) for b in ALL_BIDS] == expected
    assert list(ALL_BIDS) == sorted(ALL_BIDS)
    assert call("1C") < call("1D") < call("1H") < call("1S") < call("1NT") < call("2C")
    assert call("7C") > call("6NT")


def test_every_call_round_trips_through_its_wire_form() -> None:
    for b in ALL_BIDS:
        assert parse_call(str(b)) == b
    assert parse_call("PASS") is PASS
    assert str(PASS) == "PASS"


def test_strain_names_the_trump_suit() -> None:
    assert [s.trump for s in Strain] == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None]
    assert Bid(3, Strain.NO_TRUMP) == call("3NT")


@pytest.mark.parametrize("text", [
    "pass", "Pass", "P", "0C", "1N", "1c", "1nt", "NT", "1", "C", "1 NT", "1NT ", "10C", "1CC",
    "", None, 1, ["1C"], {"bid": "1C"}, False,
])
def test_invalid_bid_text_is_rejected(text: object) -> None:
    with rejects(Reason.INVALID_BID):
        parse_call(text)


def test_levels_up_to_nine_parse_and_each_game_s_ladder_says_which_it_allows() -> None:
    """`8C` is a call's shape (TigerBridge bids up to 9); Floating Bridge's auction refuses it."""
    assert call("8C") == Bid(8, Strain.CLUBS) and call("9NT") == Bid(9, Strain.NO_TRUMP)
    with rejects(Reason.INVALID_BID):
        bidding_game().place_bid(0, call("8C"), random.Random(0))
