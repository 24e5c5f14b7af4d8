"""The TigerBridge bot: one seat's choice from what that seat may see (docs/TIGER.md).

- **Auction.** A proclamation pays one set point per round over it, so the bot proclaims below
  what its side can take. Its points (A 4, K 3, Q 2, J 1, one per card beyond four in a suit)
  plus its partner's (counted at 12 once they have bid, 10 before) estimate its side's rounds:
  6 for 20 points, one more for every 3 beyond (one fewer for every 3 short). Strain as the
  contract-bridge bot chooses it (the partner's suit with three cards, else its longest, or no
  crests when balanced). It bids the cheapest legal bid in that strain at least one round below
  its estimate, else declines.
- **Play** as the contract-bridge bot: the proclaimer plays the Lookout's cards.
"""
from __future__ import annotations

from collections.abc import Sequence

from .bids import PASS, Bid, Call
from .cards import Card
from .contract_bot import choose_strain, play_card
from .deal import Action, SeatView
from .dealing import hand_points

#: A partner's points: before they have bid (the average hand), and once they have.
UNKNOWN_PARTNER_POINTS, BIDDING_PARTNER_POINTS = 10, 12
#: Combined points for six rounds, and points per further round.
SIX_ROUNDS_POINTS, POINTS_PER_ROUND = 20, 3


def choose(view: SeatView, legal: Sequence[Action]) -> Action:
    """The bot's action for the seat whose `view` this is (the proclaimer's for the Lookout)."""
    if view.contract is None:
        return _call(view, [a for a in legal if not isinstance(a, Card)])
    return play_card(view, [a for a in legal if isinstance(a, Card)])


def rounds_expected(points: int, partner_has_bid: bool) -> int:
    """The rounds the bot expects its side to take with `points` in its hand."""
    combined = points + (BIDDING_PARTNER_POINTS if partner_has_bid else UNKNOWN_PARTNER_POINTS)
    return 6 + (combined - SIX_ROUNDS_POINTS) // POINTS_PER_ROUND


def _call(view: SeatView, legal: Sequence[Call]) -> Call:
    partner = view.variant.sides.partner_of(view.position)
    partner_bids = [c.call for c in view.calls if c.position == partner and isinstance(c.call, Bid)]
    strain = choose_strain(view.hand, partner_bids[0].strain if partner_bids else None)
    highest = rounds_expected(hand_points(view.hand), bool(partner_bids)) - 1
    for call in legal:
        if isinstance(call, Bid) and call.strain is strain and call.level <= highest:
            return call
    return PASS
