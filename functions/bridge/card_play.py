"""How the bots play a card, shared by the variants' bots (SPEC §10): sure winners on lead, the
cheapest card that wins, the cheapest card when an ally is winning, else the least useful card.

`choose_card` decides from the seat's view only: `hand` is the hand whose card is played (the
seat's own, or the dummy's when the declarer plays it), `allies` the seats known to be on its
side, and `ours` the cards it can see on its own side (a higher card among them is not "out").
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from .cards import Card, Rank, Suit
from .deal import Play, SeatView, Trick


def suit_lengths(hand: Sequence[Card]) -> list[int]:
    lengths = [0, 0, 0, 0]
    for card in hand:
        lengths[card.suit] += 1
    return lengths


def choose_card(view: SeatView, legal: Sequence[Card], hand: Sequence[Card], allies: Collection[int],
                ours: Collection[Card]) -> Card:
    """The card to play from `hand`, one of `legal`, for the seat whose turn it is. On lead: a
    card that is the highest still out in its suit (a sure winner, side suits first), else the
    lowest card of the longest side suit. Following: when an ally is winning the trick, the
    cheapest card; otherwise the cheapest card that wins the trick so far (a trump when void, if
    trumping wins); otherwise the least useful card (the lowest of the shortest side suit)."""
    trump = view.trump
    played = {play.card for trick in view.tricks for play in trick.plays}
    trick = view.trick
    assert trick is not None
    played |= {play.card for play in trick.plays}
    if not trick.plays:
        return _lead(legal, hand, trump, played, ours)
    seat = (trick.leader + len(trick.plays)) % view.variant.seats
    if trick.winner(trump) in allies:
        return _cheapest(legal, trump)
    winning = [card for card in legal if _wins(trick, seat, card, trump)]
    if winning:
        return _cheapest(winning, trump)
    return _least_useful(legal, hand, trump)


def _out_above(card: Card, played: set[Card], ours: Collection[Card]) -> bool:
    """Some card of `card`'s suit above it is neither played nor on this seat's side."""
    return any(Card(card.suit, rank) not in played and Card(card.suit, rank) not in ours
               for rank in Rank if rank > card.rank)


def _wins(trick: Trick, position: int, card: Card, trump: Suit | None) -> bool:
    """`card` played now would be winning the trick so far."""
    return Trick(trick.leader, (*trick.plays, Play(position, card))).winner(trump) == position


def _cheapest(cards: Sequence[Card], trump: Suit | None) -> Card:
    """The lowest card, side suits before trump."""
    return min(cards, key=lambda card: (card.suit == trump, card.rank, card.suit))


def _lead(legal: Sequence[Card], hand: Sequence[Card], trump: Suit | None, played: set[Card],
          ours: Collection[Card]) -> Card:
    winners = [card for card in legal if not _out_above(card, played, ours)]
    if winners:
        return min(winners, key=lambda card: (card.suit == trump, -card.rank, card.suit))
    lengths = suit_lengths(hand)
    side = [card for card in legal if card.suit != trump] or list(legal)
    return min(side, key=lambda card: (-lengths[card.suit], card.rank, card.suit))


def _least_useful(legal: Sequence[Card], hand: Sequence[Card], trump: Suit | None) -> Card:
    lengths = suit_lengths(hand)
    return min(legal, key=lambda card: (card.suit == trump, lengths[card.suit], card.rank, card.suit))
