"""Fixed sides, the primitive of the variants whose partnerships are known from the start.

Contract bridge and TigerBridge seat partners opposite each other (0 and 2 against 1 and 3);
Memory Bridge's two players are each a side alone. Either way the sides are public at once:
the declarer's partner is whoever sits `offset` seats on (the declarer alone for 0), whose hand
is the dummy where the variant has one, and play begins as soon as the auction is won.
"""
from __future__ import annotations

from dataclasses import dataclass

from .deal import AuctionCall, Contract, Deal, DealState, Playing, Trick


@dataclass(frozen=True, slots=True)
class FixedSides:
    """The `SidesRule` of fixed partnerships of `seats` players, partners `offset` seats apart
    (0: every player a side alone)."""

    seats: int
    offset: int

    def partner_of(self, position: int) -> int:
        return (position + self.offset) % self.seats

    def auction_won(self, deal: Deal, calls: tuple[AuctionCall, ...], contract: Contract) -> DealState:
        """Play begins: the opening leader leads."""
        return Playing(calls, contract, None, Trick(deal.opening_leader(contract)))

    def partner(self, deal: Deal, contract: Contract) -> int:
        return self.partner_of(contract.declarer)

    def revealed(self, deal: Deal) -> bool:
        return True

    def table_sides(self, seats: int, declarer: int | None, partner: int | None) -> tuple[int, ...]:
        """Every position with its fixed partner, whoever declared: 0 for the side of position 0."""
        return tuple(0 if 0 in (position, self.partner_of(position)) else 1 for position in range(seats))


#: Partners opposite each other at a table of four.
OPPOSITE = FixedSides(seats=4, offset=2)
#: Two players, each a side alone.
ALONE = FixedSides(seats=2, offset=0)
