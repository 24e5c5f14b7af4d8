"""The contract-bridge bot: one seat's choice from what that seat may see (SPEC §10, §11).

`choose(view, legal)` is a pure function of the seat's `SeatView` (its hand, the public deal,
the dummy once shown) and the legal actions; the same view always gives the same choice.

- **Auction** (points and length). Points as in Floating Bridge (A 4, K 3, Q 2, J 1, one per
  card beyond four in a suit). The partner is counted at 13 points once they have bid. Alone
  it opens with 13 or more; after its partner bid it answers with 6 or more. Strain: the
  partner's first suit with three or more cards in it (or the partner's no trump with a
  balanced hand), else its own longest suit (majors before minors of equal length), or no
  trump with a balanced hand (no singleton or void, no suit of five or more). The side's
  combined points set the highest level it will bid: 1 under 20, 2 at 20-22, 3 at 23-25, game
  at 26-32 (3NT, 4 of a major, 5 of a minor), 6 at 33-36 and 7 at 37 or more. It bids the
  cheapest legal bid in its strain up to that level, else passes. It never doubles.
- **Play.** Its allies are the fixed partner. It plays by `card_play.choose_card`; the declarer
  plays the dummy's cards from the dummy's hand, and counts the dummy's cards as its own side's.
"""
from __future__ import annotations

from collections.abc import Sequence

from .bids import PASS, Bid, Call, Strain
from .card_play import choose_card, suit_lengths
from .cards import Card, Suit
from .deal import Action, SeatView
from .dealing import hand_points

OPENING_POINTS, ANSWERING_POINTS, PARTNER_POINTS = 13, 6, 13
#: (combined points at least, highest level) from the top; game is 3NT / 4 of a major / 5 of a minor.
_LEVELS = ((37, 7), (33, 6), (26, 0), (23, 3), (20, 2), (0, 1))
_GAME = {Strain.NO_TRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5, Strain.CLUBS: 5}


def choose(view: SeatView, legal: Sequence[Action]) -> Action:
    """The bot's action for the seat whose `view` this is (the declarer's for the dummy), one of `legal`."""
    if view.contract is None:
        return _call(view, [a for a in legal if not isinstance(a, Card)])
    cards = [a for a in legal if isinstance(a, Card)]
    return play_card(view, cards)


def _call(view: SeatView, legal: Sequence[Call]) -> Call:
    me = view.position
    partner = view.variant.sides.partner_of(me)
    partner_bids = [c.call for c in view.calls if c.position == partner and isinstance(c.call, Bid)]
    points = hand_points(view.hand)
    if points < (ANSWERING_POINTS if partner_bids else OPENING_POINTS):
        return PASS
    strain = choose_strain(view.hand, partner_bids[0].strain if partner_bids else None)
    combined = points + (PARTNER_POINTS if partner_bids else 0)
    level = next(top for least, top in _LEVELS if combined >= least) or _GAME[strain]
    for call in legal:
        if isinstance(call, Bid) and call.strain is strain and call.level <= level:
            return call
    return PASS


def choose_strain(hand: Sequence[Card], partners: Strain | None) -> Strain:
    """The partner's no trump with a balanced hand, the partner's suit with three cards in it, no
    trump with a balanced hand, else the longest suit (the higher of equal lengths)."""
    lengths = suit_lengths(hand)
    balanced = min(lengths) >= 2 and max(lengths) <= 4
    if partners is Strain.NO_TRUMP and balanced:
        return Strain.NO_TRUMP
    if partners is not None and partners is not Strain.NO_TRUMP and lengths[partners] >= 3:
        return partners
    if balanced:
        return Strain.NO_TRUMP
    return Strain(max(Suit, key=lambda suit: (lengths[suit], suit)))


def play_card(view: SeatView, legal: Sequence[Card]) -> Card:
    """The card to play by `card_play.choose_card`, with the fixed partner as ally; the declarer
    plays the dummy's cards from the dummy's hand and counts them as its side's."""
    assert view.contract is not None and view.trick is not None
    me = view.position
    seat = (view.trick.leader + len(view.trick.plays)) % view.variant.seats
    dummy = view.dummy
    hand = dummy[1] if dummy is not None and seat == dummy[0] else view.hand
    ours = set(view.hand) | (set(dummy[1]) if dummy is not None and me == view.contract.declarer else set())
    return choose_card(view, legal, hand, {view.variant.sides.partner_of(seat)}, ours)
