"""One deal of Floating Bridge, by seat position: auction, partner card, play (SPEC §5).

`Game` is an immutable value. Each move (`place_bid`, `choose_partner`, `play_card`)
returns a new `Game` or raises `BridgeError`. The legal-move functions state the same rules
as the `*_violation` checks the moves use (card play shares `_playable` outright), and the
engine's property tests check that validation and generation agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .bids import GRAND_SLAM, PASS, Bid, Call, bids_above
from .cards import Card, Suit
from .deal import SEATS, Hand, Shuffler, deal_hands, is_weak
from .errors import BridgeError, Reason
from .settings import Settings
from .values import evolve

TRICKS_PER_DEAL = 13


class Phase(StrEnum):
    """Where a deal stands; the values are the room document's `status` strings."""

    BIDDING = "bidding"
    CHOOSING_TEAMMATE = "choosingTeammate"
    PLAYING = "playing"
    COMPLETE = "ended"


def left_of(position: int) -> int:
    """The seat to the left of `position` acts after it."""
    return (position + 1) % SEATS


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """A call (`PASS` or a bid) made by the player at `position`."""

    position: int
    call: Call


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid and who made it. Its side needs `level + 6` tricks, the defenders `8 - level`."""

    declarer: int
    bid: Bid

    @property
    def trump(self) -> Suit | None:
        return self.bid.strain.trump

    @property
    def target(self) -> int:
        return self.bid.level + 6

    @property
    def defender_target(self) -> int:
        return 8 - self.bid.level


@dataclass(frozen=True, slots=True)
class Play:
    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class Trick:
    """Cards played to one trick in order, starting with `leader`'s lead."""

    leader: int
    plays: tuple[Play, ...] = ()

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0].card.suit if self.plays else None

    @property
    def is_complete(self) -> bool:
        return len(self.plays) == SEATS

    def winner(self, trump: Suit | None) -> int:
        """The highest trump wins the trick; with no trump in it, the highest card of the led suit."""
        best = self.plays[0]
        for play in self.plays[1:]:
            card, top = play.card, best.card
            # `top` is always of the led suit or trump, so a different suit wins only as the first trump.
            if (card.rank > top.rank) if card.suit == top.suit else card.suit == trump:
                best = play
        return best.position


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished deal went."""

    declarer: int
    partner: int
    contract: Contract
    declarer_tricks: int
    defender_tricks: int

    @property
    def made(self) -> bool:
        """The declarer's side won: it reached its target."""
        return self.declarer_tricks >= self.contract.target

    @property
    def winners(self) -> tuple[int, ...]:
        declarer_side = (self.declarer, self.partner)
        return tuple(p for p in range(SEATS) if (p in declarer_side) == self.made)


@dataclass(frozen=True, slots=True)
class Game:
    """The full state of one deal, hidden hands included. `players` are uids by position."""

    players: tuple[str, ...]
    settings: Settings
    dealer: int
    hands: tuple[Hand, ...]
    washes: int = 0
    bids: tuple[AuctionCall, ...] = ()
    contract: Contract | None = None
    partner_card: Card | None = None
    trick: Trick | None = None
    tricks: tuple[Trick, ...] = ()

    # ----- derived facts -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.contract is None:
            return Phase.BIDDING
        if self.partner_card is None:
            return Phase.CHOOSING_TEAMMATE
        return Phase.COMPLETE if self.trick is None else Phase.PLAYING

    @property
    def turn(self) -> int | None:
        """The position to act: bidder, declarer naming a partner, or next to play."""
        if self.contract is None:
            return (self.dealer + 1 + len(self.bids)) % SEATS
        if self.partner_card is None:
            return self.contract.declarer
        if self.trick is None:
            return None
        return (self.trick.leader + len(self.trick.plays)) % SEATS

    @property
    def highest_bid(self) -> AuctionCall | None:
        for entry in reversed(self.bids):
            if entry.call is not PASS:
                return entry
        return None

    @property
    def trump(self) -> Suit | None:
        return self.contract.trump if self.contract else None

    @property
    def trump_broken(self) -> bool:
        """A trump has been played in some completed trick."""
        trump = self.trump
        return trump is not None and any(p.card.suit == trump for t in self.tricks for p in t.plays)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        return self._tricks_won(self.tricks)

    @property
    def partner(self) -> int | None:
        """Who holds (or held) the partner card: secret until `partner_revealed`."""
        card = self.partner_card
        if card is None:
            return None
        for position, hand in enumerate(self.hands):
            if card in hand:
                return position
        for trick in self._all_tricks():
            for play in trick.plays:
                if play.card == card:
                    return play.position
        return None

    @property
    def partner_revealed(self) -> bool:
        """The partner is public once the partner card has been played."""
        card = self.partner_card
        return card is not None and any(p.card == card for t in self._all_tricks() for p in t.plays)

    def side_tricks(self) -> tuple[int, int]:
        """Tricks won by (declarer's side, defenders)."""
        return self._side_tricks(self.tricks_won, self.partner)

    def _tricks_won(self, tricks: tuple[Trick, ...]) -> tuple[int, ...]:
        """Tricks won by each position in `tricks`."""
        counts = [0] * SEATS
        trump = self.trump
        for trick in tricks:
            counts[trick.winner(trump)] += 1
        return tuple(counts)

    def _side_tricks(self, won: tuple[int, ...], partner: int) -> tuple[int, int]:
        """Tricks won by (declarer's side, defenders) from each position's tricks `won`, if `partner` is the partner."""
        ours = won[self.contract.declarer] + won[partner]
        return ours, sum(won) - ours

    def _possible_partners(self, tricks: tuple[Trick, ...]) -> tuple[int, ...]:
        """The positions that may hold the partner card as far as the table can tell after `tricks`.

        Once the card has been played, the one who played it. Until then every position but the
        declarer's that has not shown out of its suit (played another suit to a lead of that suit);
        the real partner is always one of them.
        """
        card = self.partner_card
        suit = card.suit
        ruled_out = {self.contract.declarer}
        for trick in tricks:
            led = trick.led_suit
            for play in trick.plays:
                if play.card.suit != suit:
                    if led == suit:
                        ruled_out.add(play.position)
                elif play.card == card:
                    return (play.position,)
        return tuple(p for p in range(SEATS) if p not in ruled_out)

    def outcome(self) -> Outcome | None:
        """The result of a finished deal, else None."""
        if self.phase is not Phase.COMPLETE:
            return None
        ours, theirs = self.side_tricks()
        return Outcome(self.contract.declarer, self.partner, self.contract, ours, theirs)

    def _all_tricks(self) -> tuple[Trick, ...]:
        return self.tricks + ((self.trick,) if self.trick else ())

    # ----- legal moves ---------------------------------------------------------------

    def bid_violation(self, call: Call) -> BridgeError | None:
        """A bid must be higher than the highest bid so far; passing is always allowed."""
        highest = self.highest_bid
        if call is PASS or highest is None or call > highest.call:
            return None
        return BridgeError(Reason.BID_TOO_LOW, f"A bid must be higher than the highest bid, {highest.call}.")

    def partner_violation(self, card: Card) -> BridgeError | None:
        """The partner card must be held by another player."""
        declarer = self.contract.declarer
        if card in self.hands[declarer]:
            return BridgeError(Reason.OWN_CARD, f"You hold {card}; name a card another player holds.")
        if not any(card in hand for hand in self.hands):
            return BridgeError(Reason.CARD_NOT_DEALT, f"Nobody holds {card}.")
        return None

    def card_violation(self, position: int, card: Card) -> BridgeError | None:
        """Follow the led suit if you can; don't lead trump before it is broken unless you hold only trump."""
        hand = self.hands[position]
        if card not in hand:
            return BridgeError(Reason.CARD_NOT_IN_HAND, f"You do not hold {card}.")
        playable, rule = self._playable(hand)
        if rule is None or card in playable:
            return None
        if rule is Reason.MUST_FOLLOW_SUIT:
            led = self.trick.led_suit
            return BridgeError(rule, f"You must follow suit: {led.label} was led and you hold {led.label}.")
        return BridgeError(
            rule, f"Trump ({self.trump.label}) may not be led until trump is broken, while you hold another suit."
        )

    def _playable(self, hand: Hand) -> tuple[Hand, Reason | None]:
        """The cards of `hand` the play rules allow now, and the rule that excludes the rest (None: any card)."""
        led = self.trick.led_suit
        if led is not None:
            following = tuple(c for c in hand if c.suit == led)
            return (following, Reason.MUST_FOLLOW_SUIT) if following else (hand, None)
        trump = self.trump
        if trump is not None and not self.trump_broken:
            side_suits = tuple(c for c in hand if c.suit != trump)
            if side_suits:
                return side_suits, Reason.TRUMP_NOT_BROKEN
        return hand, None

    def legal_bids(self) -> list[Call]:
        """Every call the player to act may make: PASS and each bid above the highest."""
        if self.phase is not Phase.BIDDING:
            return []
        highest = self.highest_bid
        return [PASS, *bids_above(highest.call if highest else None)]

    def legal_partner_cards(self) -> list[Card]:
        """Every card another player holds."""
        if self.phase is not Phase.CHOOSING_TEAMMATE:
            return []
        declarer = self.contract.declarer
        return [card for position, hand in enumerate(self.hands) if position != declarer for card in hand]

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play now."""
        if self.phase is not Phase.PLAYING:
            return []
        return list(self._playable(self.hands[self.turn])[0])

    # ----- moves ---------------------------------------------------------------------

    def _require(self, phase: Phase, position: int) -> None:
        if self.phase is not phase:
            raise BridgeError(Reason.WRONG_PHASE,
                              f"That move belongs to the {phase.value} phase; the game is in {self.phase.value}.")
        if position != self.turn:
            raise BridgeError(Reason.NOT_YOUR_TURN, "It is not your turn.")

    def place_bid(self, position: int, call: Call, rng: Shuffler) -> Game:
        """The auction ends on 7NT or when three passes follow a bid; four opening passes redeal."""
        self._require(Phase.BIDDING, position)
        if (error := self.bid_violation(call)) is not None:
            raise error
        bids = (*self.bids, AuctionCall(position, call))
        if call == GRAND_SLAM:
            return evolve(self, bids=bids, contract=Contract(position, call))
        if len(bids) >= 3 and all(e.call is PASS for e in bids[-3:]):
            highest = self.highest_bid
            if highest is not None:
                return evolve(self, bids=bids, contract=Contract(highest.position, highest.call))
            if len(bids) == SEATS:
                return new_game(self.players, self.settings, left_of(self.dealer), rng, self.washes)
        return evolve(self, bids=bids)

    def choose_partner(self, position: int, card: Card) -> Game:
        """The declarer names a card another player holds; its holder is the secret partner."""
        if self.phase is not Phase.CHOOSING_TEAMMATE:
            raise BridgeError(Reason.WRONG_PHASE, f"No partner is being chosen; the game is in {self.phase.value}.")
        if position != self.contract.declarer:
            raise BridgeError(Reason.NOT_DECLARER, "Only the declarer chooses the partner card.")
        if (error := self.partner_violation(card)) is not None:
            raise error
        declarer = self.contract.declarer
        leader = declarer if self.trump is None else left_of(declarer)
        return evolve(self, partner_card=card, trick=Trick(leader))

    def play_card(self, position: int, card: Card) -> Game:
        """Play one card; a full trick goes to its winner, who leads next, until the deal ends."""
        self._require(Phase.PLAYING, position)
        if (error := self.card_violation(position, card)) is not None:
            raise error
        hand = self.hands[position]
        i = hand.index(card)
        hands = (*self.hands[:position], hand[:i] + hand[i + 1:], *self.hands[position + 1:])
        trick = Trick(self.trick.leader, (*self.trick.plays, Play(position, card)))
        if not trick.is_complete:
            return evolve(self, hands=hands, trick=trick)
        tricks = (*self.tricks, trick)
        next_trick = None if self._deal_over(tricks) else Trick(trick.winner(self.trump))
        return evolve(self, hands=hands, trick=next_trick, tricks=tricks)

    def _deal_over(self, tricks: tuple[Trick, ...]) -> bool:
        """After `tricks`: all 13 are played or, unless playing them all, a side has reached its target
        whichever of the possible partners (`_possible_partners`) holds the partner card (SPEC §5.6).

        While the partner card is unplayed the table does not know the sides, and ending on the real
        partner's count would tell it who the partner is not. So the deal ends early only when it would
        end for every seat that may hold the card as far as the table can tell: whether it has ended
        depends on the contract and the tricks played alone, and it ends as soon as that allows. Once
        the card is played the partner is public and alone decides. The winners are still the side
        that reached its target with the real partner, who is always one of the possible partners.
        """
        if len(tricks) == TRICKS_PER_DEAL:
            return True
        if self.settings.play_all_tricks:
            return False
        contract, won = self.contract, self._tricks_won(tricks)
        sides = (self._side_tricks(won, partner) for partner in self._possible_partners(tricks))
        return all(ours >= contract.target or theirs >= contract.defender_target for ours, theirs in sides)


def new_game(players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler, washes: int = 0) -> Game:
    """Deal a new hand. Under the wash rule a weak hand anywhere means a redeal, the deal passing left."""
    while True:
        hands = deal_hands(rng)
        if not (settings.wash_rule and any(is_weak(hand) for hand in hands)):
            return Game(players, settings, dealer, hands, washes)
        washes += 1
        dealer = left_of(dealer)
