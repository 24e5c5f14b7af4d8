"""The trick-taking core on small integers: the engine's card play, its fast path (SPEC §5.5-5.6).

A card is `suit * 13 + rank - 2` (0-51, in hand order: clubs 2 … spades A) and a hand is a 52-bit
set of them. `PlayCore` is one position of a deal's card play as plain integers: every seat's
hand, the trick in progress, the tricks each seat has won, whether trump is broken and which
seats may be the declarer's partner as far as the table can tell, all kept up to date card by
card instead of re-derived from the tricks. `Deal` keeps one beside its public values and asks it
every rule of card play (`legal`, `play`, `finished`); the thinking bot plays thousands of
sampled endings through it; the double-dummy search shares its card numbering.

Every value here is immutable (`NamedTuple`s: built in one C call, read by index), so a
position can be kept, compared and shared like the engine's other values.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import DECK, Card

#: The cards of each suit, as bit sets.
SUIT_MASKS = tuple(0x1FFF << (13 * suit) for suit in range(4))
#: No trump, as a suit number (no card's suit).
NO_TRUMP = -1


def card_index(card: Card) -> int:
    """The card as 0-51: `suit * 13 + rank - 2`."""
    return card.suit * 13 + card.rank - 2


def hand_mask(cards: Iterable[Card]) -> int:
    """The cards as a 52-bit set."""
    mask = 0
    for card in cards:
        mask |= 1 << (card.suit * 13 + card.rank - 2)
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit set, in hand order (each suit's cards looked up once, then kept)."""
    get = _SUIT_CARDS.get
    cards: tuple[Card, ...] = ()
    for at in (0, 13, 26, 39):
        key = mask >> at & 0x1FFF
        if key:
            key |= at << 13
            cards += get(key) or _suit_cards(key)
    return cards


#: A suit's cards by (the suit's first card number << 13 | the 13-bit set of its ranks): at most
#: 4 x 8,191 entries, filled as they are asked for.
_SUIT_CARDS: dict[int, tuple[Card, ...]] = {}


def _suit_cards(key: int) -> tuple[Card, ...]:
    at, ranks = key >> 13, key & 0x1FFF
    cards = _SUIT_CARDS[key] = tuple(DECK[at + r] for r in range(13) if ranks >> r & 1)
    return cards


def trick_winner(cards: tuple[int, ...], trump: int) -> int:
    """The index in `cards` (played in order from the lead) of the card that wins the trick: the
    highest trump, or with no trump in it the highest card of the suit led."""
    best = cards[0]
    at = 0
    for i in range(1, len(cards)):
        card = cards[i]
        # `best` is always of the suit led or trump, so another suit wins only as the first trump.
        if (card > best) if card // 13 == best // 13 else card // 13 == trump:
            best, at = card, i
    return at


class Rules(NamedTuple):
    """What one deal's card play is played by, fixed from its first card: the seats, the trump
    suit (`NO_TRUMP`: none), whether trump may not be led until broken, the tricks in the deal,
    and how it ends: the declarer (-1 in a first half, which has none), the tricks each side
    needs, whether the deal ends once a side has reached its target (`ends_early`), and the
    partner card (-1: fixed sides)."""

    seats: int
    trump: int
    must_break: bool
    hand_size: int
    declarer: int = -1
    target: int = 0
    defender_target: int = 0
    ends_early: bool = False
    partner_card: int = -1


class PlayCore(NamedTuple):
    """One position of card play. `hands`: each seat's cards; `leader` leads or led `trick`, the
    cards played to it so far; `won`: tricks won by each seat; `tricks`: tricks completed;
    `broken`: a trump was played in a completed trick; `possible`: the seats (a bit set) that may
    be the declarer's partner as far as the table can tell: with fixed sides the partner; with a
    partner card every seat but the declarer's that has not shown out of its suit (played another
    suit to a lead of that suit), and once the card is played (`partner_played`) its player alone."""

    rules: Rules
    hands: tuple[int, ...]
    leader: int
    trick: tuple[int, ...] = ()
    won: tuple[int, ...] = (0, 0, 0, 0)
    tricks: int = 0
    broken: bool = False
    possible: int = 0
    partner_played: bool = False

    @staticmethod
    def start(rules: Rules, hands: tuple[int, ...], leader: int, partner: int = -1) -> PlayCore:
        """The position before the first card. `partner`: the fixed partner, if the sides are fixed."""
        if rules.partner_card >= 0:
            possible = ((1 << rules.seats) - 1) & ~(1 << rules.declarer)
        else:
            possible = 1 << partner if partner >= 0 else 0
        return PlayCore(rules, hands, leader, (), (0,) * rules.seats, 0, False, possible, False)

    def replayed(self, tricks: Iterable[tuple[int, Iterable[int]]]) -> PlayCore:
        """This position after `tricks` are played in turn, each a leader and the cards played from
        its lead (the last may be the trick in progress). A seat's card is taken from its hand if
        the hand holds it: a seat that knows only its own hand replays the others' cards all the same."""
        core = self
        for leader, cards in tricks:
            core = core._replace(leader=leader)
            for card in cards:
                core = core.play(card)
        return core

    @property
    def turn(self) -> int:
        """The seat whose card is next."""
        return (self.leader + len(self.trick)) % self.rules.seats

    def legal(self, hand: int) -> int:
        """The cards of `hand` (the cards of the seat to play) it may play to the trick on the
        table (`legal_to`)."""
        return self.legal_to(hand, self.trick[0] // 13 if self.trick else None)

    def legal_to(self, hand: int, led: int | None) -> int:
        """The cards of `hand` it may play to a trick led in suit `led` (None: leading one), by the
        rules in force now: of the suit led if it holds any; on lead, where trump must be broken
        and is not, no trump unless it holds nothing else; else any."""
        if led is not None:
            following = hand & SUIT_MASKS[led]
            return following or hand
        rules = self.rules
        if rules.must_break and not self.broken:
            return hand & ~SUIT_MASKS[rules.trump] or hand
        return hand

    def play(self, card: int) -> PlayCore:
        """The position after the seat to play plays `card` (one of `legal`: not checked here).
        A full trick goes to its winner, who leads next."""
        rules = self.rules
        seats = rules.seats
        seat = (self.leader + len(self.trick)) % seats
        hands = list(self.hands)
        hands[seat] &= ~(1 << card)
        trick = (*self.trick, card)
        possible, partner_played = self.possible, self.partner_played
        if rules.partner_card >= 0 and not partner_played:
            if card == rules.partner_card:
                possible, partner_played = 1 << seat, True
            elif trick[0] // 13 == rules.partner_card // 13 != card // 13:
                possible &= ~(1 << seat)
        if len(trick) < seats:
            return PlayCore(rules, tuple(hands), self.leader, trick, self.won, self.tricks, self.broken, possible,
                            partner_played)
        winner = (self.leader + trick_winner(trick, rules.trump)) % seats
        won = list(self.won)
        won[winner] += 1
        trump = rules.trump
        broken = self.broken or (trump >= 0 and any(c // 13 == trump for c in trick))
        return PlayCore(rules, tuple(hands), winner, (), tuple(won), self.tricks + 1, broken, possible,
                        partner_played)

    def side_tricks(self, partner: int) -> tuple[int, int]:
        """Tricks won by (the declarer's side, the defenders) if `partner` is the declarer's partner."""
        declarer = self.rules.declarer
        ours = self.won[declarer] + (self.won[partner] if partner != declarer else 0)
        return ours, self.tricks - ours

    def finished(self) -> bool:
        """Every trick is played; or, where the deal ends early, a side has reached its target
        whichever of the `possible` partners is the partner (SPEC §5.6).

        While the partner card is unplayed the table does not know the sides, and ending on the
        real partner's count would tell it who the partner is not. So the deal ends early only
        when it would end for every seat that may hold the card as far as the table can tell:
        whether it has ended depends on the contract and the tricks played alone, and it ends as
        soon as that allows. Once the card is played the partner is public and alone decides. The
        winners are still the side that reached its target with the real partner, who is always
        one of the possible partners."""
        rules = self.rules
        if self.tricks == rules.hand_size:
            return True
        if not rules.ends_early or self.trick:
            return False
        possible = self.possible
        while possible:
            low = possible & -possible
            ours, theirs = self.side_tricks(low.bit_length() - 1)
            if ours < rules.target and theirs < rules.defender_target:
                return False
            possible ^= low
        return True
