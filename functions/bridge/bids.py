"""Auction calls: `PASS`, a bid `1C` … `7NT` (ordered by level then strain), and in the games that
have them `X` (double) and `XX` (redouble)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from .cards import Suit
from .errors import BridgeError, Reason


class Strain(IntEnum):
    """What a bid names, lowest first: the four suits, then no trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NO_TRUMP = 4

    @property
    def code(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def trump(self) -> Suit | None:
        """The trump suit this strain makes, or None for no trump."""
        return _TRUMP_OF[self]


_TRUMP_OF: tuple[Suit | None, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, None)


@dataclass(frozen=True, slots=True, order=True)
class Bid:
    """A contract offer: win `level` tricks beyond the variant's book (`level + 6` in Floating and
    contract bridge, `level` in TigerBridge) with `strain` as trump. Which bids a game allows, and
    in which order, is its ladder (`AuctionRules.ladder`)."""

    level: int
    strain: Strain

    def __str__(self) -> str:
        return f"{self.level}{self.strain.code}"


class Pass(Enum):
    """The call that makes no bid."""

    PASS = "PASS"

    def __str__(self) -> str:
        return self.value


PASS = Pass.PASS


class Double(Enum):
    """The calls that double the last bid (`X`) or redouble a double (`XX`)."""

    DOUBLE = "X"
    REDOUBLE = "XX"

    def __str__(self) -> str:
        return self.value


DOUBLE, REDOUBLE = Double.DOUBLE, Double.REDOUBLE
Call = Bid | Pass | Double


class Doubling(IntEnum):
    """How the last bid stands doubled; the value multiplies its trick points."""

    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4

    @property
    def suffix(self) -> str:
        """How a contract is written with it: `4S`, `4SX`, `4SXX`."""
        return {1: "", 2: "X", 4: "XX"}[self]

#: Every bid in ascending order, 1C … 7NT: the ladder of Floating and contract bridge.
ALL_BIDS: tuple[Bid, ...] = tuple(Bid(level, strain) for level in range(1, 8) for strain in Strain)
#: Levels a call may name (TigerBridge bids up to 9).
MAX_LEVEL = 9
_CALLS: tuple[Call, ...] = (*(Bid(level, strain) for level in range(1, MAX_LEVEL + 1) for strain in Strain),
                            PASS, DOUBLE, REDOUBLE)
_BY_TEXT: dict[str, Call] = {str(call): call for call in _CALLS}


def parse_call(text: object) -> Call:
    """Parse `PASS`, `X`, `XX` or a level 1-9 followed by C, D, H, S or NT (whether the game
    allows the call is the auction's to say: its ladder, its doubling)."""
    call = _BY_TEXT.get(text) if isinstance(text, str) else None
    if call is None:
        raise BridgeError(
            Reason.INVALID_BID,
            "A call is 'PASS', 'X' (double), 'XX' (redouble) or a level 1-9 followed by C, D, H, S or NT, "
            "like '3NT'.",
        )
    return call
