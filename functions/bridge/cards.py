"""Cards as interned, typed values with the SPEC §2 wire form (`AS`, `TD`, `2C`)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .errors import BridgeError, Reason


class Suit(IntEnum):
    """Suits in bidding order, lowest first."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def label(self) -> str:
        return self.name.lower()


class Rank(IntEnum):
    """Ranks, low to high; the value is the pip value (Jack 11 … Ace 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card. Ordered by suit then rank, which is how hands are sorted."""

    suit: Suit
    rank: Rank

    @staticmethod
    def parse(text: object) -> Card:
        """Parse the exact two-character wire form, rank then suit (`QH`)."""
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise BridgeError(
                Reason.INVALID_CARD,
                "A card is two characters, rank (2-9, T, J, Q, K, A) then suit (C, D, H, S), like 'QH'.",
            )
        return card

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter


#: The 52 cards in a fixed order (clubs 2 … spades A).
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
