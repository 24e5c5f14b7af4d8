"""How the bots play a card, shared by the variants' bots (SPEC §10): sure winners on lead, the
cheapest card that wins, the cheapest card when an ally is winning, else the least useful card;
and the bid in the longest suit some games' thinking bots also weigh (`longest_suit_bid`).

`choose_card` decides from the seat's view only: `hand` is the hand whose card is played (the
seat's own, or the dummy's when the declarer plays it), `allies` the seats known to be on its
side, and `ours` the cards it can see on its own side (a higher card among them is not "out").
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from .bids import PASS, Bid, Strain
from .cards import DECK, Card, Suit
from .core import NO_TRUMP, SUIT_MASKS, card_index, hand_mask, trick_winner
from .deal import Action, SeatView

#: Every card, as a 52-bit set.
ALL_CARDS = (1 << 52) - 1


def suit_lengths(hand: Sequence[Card]) -> list[int]:
    lengths = [0, 0, 0, 0]
    for card in hand:
        lengths[card.suit] += 1
    return lengths


def longest_suit_bid(view: SeatView, legal: Sequence[Action], preferred: Action) -> list[Action]:
    """Where the system passes (`preferred`), the cheapest legal bid in the seat's longest suit
    (the higher of equal lengths): what the thinking bot also weighs in a game whose auction a
    seat under the system's opening points may win with its long trumps (`Variant.alternatives`:
    Floating Bridge, Memory Bridge). Measured in one thinking seat's deals won a seat-deal in
    Floating Bridge, +0.033 without it and +0.238 with it; in Memory Bridge, +53 points a board
    against the heuristic without it and +106 with it (bench/RESULTS.md)."""
    bids = [call for call in legal if isinstance(call, Bid)]
    if preferred is not PASS or not bids:
        return []
    lengths = suit_lengths(view.hand)
    longest = Strain(max(Suit, key=lambda suit: (lengths[suit], suit)))
    return [min((bid for bid in bids if bid.strain is longest), default=bids[0])]


def choose_card(view: SeatView, legal: Sequence[Card], hand: Sequence[Card], allies: Collection[int],
                ours: Collection[Card]) -> Card:
    """The card to play from `hand`, one of `legal`, for the seat whose turn it is (`policy_card`):
    a card is "out" when it is neither played nor among `ours`."""
    trick = view.trick
    assert trick is not None
    played = hand_mask(play.card for t in (*view.tricks, trick) for play in t.plays)
    cards = tuple(card_index(play.card) for play in trick.plays)
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    ally_winning = bool(cards) and trick.plays[trick_winner(cards, trump)].position in allies
    out = ALL_CARDS & ~played & ~hand_mask(ours)
    return DECK[policy_card(hand_mask(legal), hand_mask(hand), out, cards, ally_winning, trump)]


def policy_card(legal: int, hand: int, out: int, trick: tuple[int, ...], ally_winning: bool, trump: int) -> int:
    """The bots' card (52-bit sets, `core` numbering): `legal` of the `hand` it is played from,
    `out` the cards it counts as held against it, `trick` the cards played to the trick so far,
    `ally_winning` whether an ally is winning it. On lead: a card that is the highest still out
    in its suit (a sure winner: side suits first, then the highest, then the lower suit), else
    the lowest card of the longest side suit. Following: when an ally is winning the trick, the
    cheapest card (side suits first, then the lowest rank, then the lower suit); otherwise the
    cheapest card that wins the trick so far (a trump when void, if trumping wins); otherwise the
    least useful card (side suits first, then the shortest suit in hand, the lowest rank)."""
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    if not trick:
        winners = 0
        for suit in range(4):
            held, above = legal & SUIT_MASKS[suit], out & SUIT_MASKS[suit]
            winners |= held >> above.bit_length() << above.bit_length() if above else held
        if winners:
            return _pick(winners & ~trumps or winners, _EVEN, True)
        return _pick(legal & ~trumps or legal, tuple(-(hand & m).bit_count() for m in SUIT_MASKS), False)
    if ally_winning:
        return _pick(legal & ~trumps or legal, _EVEN, False)
    best = trick[trick_winner(trick, trump)]
    suit = best // 13
    beats = SUIT_MASKS[suit] & ~((2 << best) - 1)
    if suit != trump:
        beats |= trumps
    winning = legal & beats
    if winning:
        return _pick(winning & ~trumps or winning, _EVEN, False)
    return _pick(legal & ~trumps or legal, tuple((hand & m).bit_count() for m in SUIT_MASKS), False)


_EVEN = (0, 0, 0, 0)


def _pick(cards: int, suit_order: tuple[int, ...], highest: bool) -> int:
    """The card of `cards` first by its suit's `suit_order` value (lowest first), then by rank (the
    highest first if `highest`, else the lowest), then the lower suit."""
    best, key = -1, (0, 0, 0)
    for suit in range(4):
        held = cards >> (13 * suit) & 0x1FFF
        if held:
            rank = held.bit_length() - 1 if highest else (held & -held).bit_length() - 1
            candidate = (suit_order[suit], -rank if highest else rank, suit)
            if best < 0 or candidate < key:
                best, key = 13 * suit + rank, candidate
    return best
