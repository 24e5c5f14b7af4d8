"""cards.py: the 52 cards and their two-character wire form (SPEC §2)."""
from __future__ import annotations

import pytest

from bridge import DECK, Card, Rank, Reason, Suit

from .conftest import cards, rejects


def test_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert {(c.suit, c.rank) for c in DECK} == {(s, r) for s in Suit for r in Rank}


def test_card_wire_form_is_rank_then_suit() -> None:
    assert [str(c) for c in DECK[:13]] == [r + "C" for r in "23456789TJQKA"]
    assert str(Card(Suit.SPADES, Rank.ACE)) == "AS"
    assert str(Card(Suit.DIAMONDS, Rank.TEN)) == "TD"
    assert str(Card(Suit.CLUBS, Rank.TWO)) == "2C"


def test_every_card_round_trips_through_its_wire_form() -> None:
    for c in DECK:
        assert Card.parse(str(c)) == c
        assert Card.parse(str(c)) is c  # parsed cards are the interned DECK values


def test_ranks_order_low_to_high() -> None:
    assert sorted(Rank) == list(Rank)
    assert [r.letter for r in Rank] == list("23456789TJQKA")
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO


def test_suits_order_clubs_diamonds_hearts_spades() -> None:
    assert [s.letter for s in sorted(Suit)] == ["C", "D", "H", "S"]


def test_cards_sort_by_suit_then_rank() -> None:
    assert sorted(cards("AS 2H KC 3C TD")) == list(cards("3C KC TD 2H AS"))
    assert list(DECK) == sorted(DECK)


@pytest.mark.parametrize("text", [
    "as", "10S", "1S", "A S", "AS ", " AS", "SA", "AX", "ZS", "A", "ASS", "", "AS,KS",
    None, 14, 3.5, ["AS"], {"card": "AS"}, b"AS", True,
])
def test_invalid_card_text_is_rejected(text: object) -> None:
    # The message is one fixed text (its 'QH' is a format example), so it can reveal nothing.
    with rejects(Reason.INVALID_CARD, mentions=["QH"]) as info:
        Card.parse(text)
    with rejects(Reason.INVALID_CARD, mentions=["QH"]) as other:
        Card.parse("XX")
    assert info.value.message == other.value.message
