"""One deal of a bridge-family game, by seat position: auction, sides, play (SPEC §5).

`Deal` is an immutable value: the variant and settings it is played by, who sits where, the
hands, and its phase as an explicit value (`FirstHalf`, `Bidding`, `ChoosingPartner`, `Playing`,
`Finished`, `PassedOut`), each holding exactly what exists in that phase. Each move (`place_bid`,
`choose_partner`, `play_card`) returns a new `Deal` or raises `BridgeError`. The legal-move
functions state the same rules as the `*_violation` checks the moves use (card play asks one
`core.PlayCore` for both), and the engine's property tests check that validation and generation
agree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .bids import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Doubling
from .cards import Card, Suit
from .core import NO_TRUMP, PlayCore, Rules, card_index, cards_of, hand_mask, trick_winner
from .dealing import Board, Hand, Shuffler, deal_hands, hand_points, sort_hand
from .errors import BridgeError, Reason
from .values import DERIVED, evolve
from .variant import BotPolicy, DeclarerRule, Sides, Variant

if TYPE_CHECKING:
    from .settings import Settings


class Phase(StrEnum):
    """Where a deal stands. All but `COMPLETE` are also the room document's `status` values."""

    FIRST_HALF = "firstHalf"
    BIDDING = "bidding"
    CHOOSING_TEAMMATE = "choosingTeammate"
    PLAYING = "playing"
    COMPLETE = "complete"


#: SPEC §15: an alert's explanation is 1-200 characters.
MAX_ALERT = 200


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """A call (`PASS` or a bid) made by the player at `position`, with the caller's `alert` (the
    explanation of a conventional call, SPEC §15) if they gave one."""

    position: int
    call: Call
    alert: str | None = None


@dataclass(frozen=True, slots=True)
class Contract:
    """The winning bid, its declarer and how it was doubled. The declarer's side needs `target`
    tricks, the defenders `defender_target` (from the variant's book: `level + 6` and
    `8 - level` in Floating Bridge)."""

    declarer: int
    bid: Bid
    target: int
    defender_target: int
    doubling: Doubling = Doubling.UNDOUBLED

    @property
    def trump(self) -> Suit | None:
        return self.bid.strain.trump

    def __str__(self) -> str:
        return f"{self.bid}{self.doubling.suffix}"


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

    def winner(self, trump: Suit | None) -> int:
        """The highest trump wins the trick; with no trump in it, the highest card of the led suit
        (`core.trick_winner`)."""
        cards = tuple(card_index(play.card) for play in self.plays)
        return self.plays[trick_winner(cards, NO_TRUMP if trump is None else trump)].position


@dataclass(frozen=True, slots=True)
class Claim:
    """The declarer at `position` says their side takes `tricks` of the tricks still to play, made
    once `after` tricks of the play were complete (SPEC §15); `accepted` are the opponents who
    have agreed so far (of a rejected claim: before one of them rejected it)."""

    position: int
    tricks: int
    after: int
    accepted: tuple[int, ...] = ()


# ----- phases ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstHalf:
    """A variant's first half (`Variant.first_half`): no-trump tricks before the auction, the
    completed `tricks` and the `trick` being played."""

    phase: ClassVar[Phase] = Phase.FIRST_HALF
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    calls: ClassVar[tuple[AuctionCall, ...]] = ()


@dataclass(frozen=True, slots=True)
class Bidding:
    """The auction: the calls so far, in turn order from the opener."""

    phase: ClassVar[Phase] = Phase.BIDDING
    calls: tuple[AuctionCall, ...] = ()


@dataclass(frozen=True, slots=True)
class ChoosingPartner:
    """The auction is won; the declarer is to name the partner card."""

    phase: ClassVar[Phase] = Phase.CHOOSING_TEAMMATE
    calls: tuple[AuctionCall, ...]
    contract: Contract


@dataclass(frozen=True, slots=True)
class Playing:
    """Card play: the completed `tricks` and the `trick` being played. `partner_card` is None
    when the variant's sides are fixed. `claim`: the declarer's claim the opponents are
    answering (no card is played meanwhile); `rejected_claims`: the claims rejected so far, in
    the order made (a claim is a public act: it stays on the table's record)."""

    phase: ClassVar[Phase] = Phase.PLAYING
    calls: tuple[AuctionCall, ...]
    contract: Contract
    partner_card: Card | None
    trick: Trick
    tricks: tuple[Trick, ...] = ()
    claim: Claim | None = None
    rejected_claims: tuple[Claim, ...] = ()


@dataclass(frozen=True, slots=True)
class Finished:
    """The deal is over: every trick played, a side reached its target as far as the table can
    tell, or the opponents accepted the declarer's `claim` of the tricks that were left.
    `rejected_claims`: the claims rejected during play, in the order made."""

    phase: ClassVar[Phase] = Phase.COMPLETE
    calls: tuple[AuctionCall, ...]
    contract: Contract
    partner_card: Card | None
    tricks: tuple[Trick, ...]
    claim: Claim | None = None
    rejected_claims: tuple[Claim, ...] = ()


@dataclass(frozen=True, slots=True)
class PassedOut:
    """A board (a deal given by a duplicate event, `Deal.board`) every seat passed: it is over,
    scores nothing, and is not dealt again."""

    phase: ClassVar[Phase] = Phase.COMPLETE
    calls: tuple[AuctionCall, ...]


DealState = FirstHalf | Bidding | ChoosingPartner | Playing | Finished | PassedOut
_State = TypeVar("_State", FirstHalf, Bidding, ChoosingPartner, Playing, Finished)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished deal went."""

    declarer: int
    partner: int
    contract: Contract
    declarer_tricks: int
    defender_tricks: int
    seats: int

    @property
    def made(self) -> bool:
        """The declarer's side won: it reached its target."""
        return self.declarer_tricks >= self.contract.target

    @property
    def winners(self) -> tuple[int, ...]:
        declarer_side = (self.declarer, self.partner)
        return tuple(p for p in range(self.seats) if (p in declarer_side) == self.made)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What the player at `position` may know of a deal: their own `hand` and the public state
    (the room document's deal fields). `partner` is the declarer's partner only once the table
    knows it; `dummy` is the dummy's position and cards once they are shown. A bot decides from
    this alone (`Variant.bot`)."""

    variant: Variant
    position: int
    hand: Hand
    dealer: int
    calls: tuple[AuctionCall, ...]
    contract: Contract | None
    partner_card: Card | None
    partner: int | None
    trick: Trick | None
    tricks: tuple[Trick, ...]
    dummy: tuple[int, Hand] | None = None
    #: The first half's tricks, once played (`Variant.first_half`).
    first_tricks: tuple[Trick, ...] = ()
    #: The open claim, and the claimer's remaining cards it makes public (SPEC §15).
    claim: Claim | None = None
    claim_cards: Hand = ()

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the tricks being played (None in no trump and before a contract)."""
        return self.contract.trump if self.contract else None


#: What a player does on their turn: a call in the auction, or a card (the partner card or a play).
Action = Call | Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The full state of one deal, hidden hands included. `players` are uids by position;
    `hands` are what each still holds; `washes` counts redeals before this deal's auction;
    `board` is the number of the duplicate board it was dealt from (None: shuffled for it).
    Where the variant has a first half: `stock` holds the hands still to be dealt for the second
    half (hidden from everyone) and `first_tricks` the first half's tricks once it is over.
    `play_core`: the card play being played as small integers (`core.PlayCore`), derived from the
    other fields: the moves carry it from card to card, and a deal made otherwise (decoded, or
    built by a test) replays its tricks into one the first time a rule of card play is asked."""

    variant: Variant
    settings: Settings
    players: tuple[str, ...]
    dealer: int
    hands: tuple[Hand, ...]
    state: DealState = Bidding()
    washes: int = 0
    board: int | None = None
    stock: tuple[Hand, ...] = ()
    first_tricks: tuple[Trick, ...] = ()
    play_core: PlayCore | None = field(default=None, compare=False, repr=False, metadata=DERIVED)

    # ----- what the table sees ---------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def is_finished(self) -> bool:
        return isinstance(self.state, (Finished, PassedOut))

    @property
    def turn(self) -> int | None:
        """The position to act: bidder, declarer naming a partner, or next to play."""
        state = self.state
        if isinstance(state, (Playing, FirstHalf)):  # the most frequent first: the engine asks on every card
            return (state.trick.leader + len(state.trick.plays)) % self.variant.seats
        if isinstance(state, Bidding):
            return (self.dealer + self.variant.auction.opener + len(state.calls)) % self.variant.seats
        if isinstance(state, ChoosingPartner):
            return state.contract.declarer
        return None

    @property
    def actor(self) -> int | None:
        """Who makes the move for `turn`: the declarer when it is the dummy's card to play, else
        the player whose turn it is; nobody while a claim is open (`claim_answerers` answer it)."""
        turn, state = self.turn, self.state
        if isinstance(state, Playing) and state.claim is not None:
            return None
        if isinstance(state, Playing) and self.variant.play.dummy and turn == self._dummy_position(state.contract):
            return state.contract.declarer
        return turn

    @property
    def dummy(self) -> tuple[int, Hand] | None:
        """The dummy's position and the cards it still holds, public from the opening lead on
        (None before it, and in variants without a dummy)."""
        state = self.state
        if not self.variant.play.dummy or not isinstance(state, (Playing, Finished)) or not self._plays():
            return None
        position = self._dummy_position(state.contract)
        return position, self.hands[position]

    def _dummy_position(self, contract: Contract) -> int:
        return self.variant.fixed_partner(contract.declarer)

    @property
    def calls(self) -> tuple[AuctionCall, ...]:
        return self.state.calls

    @property
    def claim(self) -> Claim | None:
        """The claim being answered, or the accepted claim that ended the deal."""
        state = self.state
        return state.claim if isinstance(state, (Playing, Finished)) else None

    @property
    def rejected_claims(self) -> tuple[Claim, ...]:
        """The claims rejected during play, in the order made (the open or accepted one is `claim`)."""
        state = self.state
        return state.rejected_claims if isinstance(state, (Playing, Finished)) else ()

    def claim_cards(self, claim: Claim) -> Hand:
        """The cards the claimer held when they made `claim`, which it showed the table: the ones
        they hold now and the ones they have played since."""
        played = [play.card for trick in (*self.tricks[claim.after:], *((self.trick,) if self.trick else ()))
                  for play in trick.plays if play.position == claim.position]
        return tuple(sort_hand([*self.hands[claim.position], *played]))

    @property
    def claim_answerers(self) -> tuple[int, ...]:
        """The opponents of the claimer's side still to answer the open claim (none without one)."""
        state = self.state
        if not isinstance(state, Playing) or state.claim is None:
            return ()
        side = self.known_side(state.claim.position)
        return tuple(p for p in range(self.variant.seats) if p not in side and p not in state.claim.accepted)

    @property
    def contract(self) -> Contract | None:
        state = self.state
        return None if isinstance(state, (FirstHalf, Bidding, PassedOut)) else state.contract

    @property
    def partner_card(self) -> Card | None:
        state = self.state
        return state.partner_card if isinstance(state, (Playing, Finished)) else None

    @property
    def trick(self) -> Trick | None:
        """The trick being played (None outside play)."""
        state = self.state
        return state.trick if isinstance(state, (Playing, FirstHalf)) else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the half being played (the first half's, then the contract's)."""
        state = self.state
        return state.tricks if isinstance(state, (Playing, Finished, FirstHalf)) else ()

    @property
    def highest_bid(self) -> AuctionCall | None:
        return _last_bid(self.calls)[0]

    def _top_bid(self) -> Bid | None:
        highest = self.highest_bid
        return highest.call if highest is not None and isinstance(highest.call, Bid) else None

    @property
    def trump(self) -> Suit | None:
        contract = self.contract
        return contract.trump if contract else None

    @property
    def trump_broken(self) -> bool:
        """A trump has been played in some completed trick."""
        return isinstance(self.state, (Playing, Finished)) and self.trump is not None and self._play_core().broken

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won by each position in the half being played."""
        if not isinstance(self.state, (Playing, Finished, FirstHalf)):
            return (0,) * self.variant.seats
        return self._play_core().won

    @property
    def partner(self) -> int | None:
        """The declarer's partner: the fixed partner, or who holds (or held) the partner card,
        which is secret until `partner_revealed`. None before there is one."""
        contract = self.contract
        if contract is None:
            return None
        if self.variant.sides is not Sides.PARTNER_CARD:
            return self.variant.fixed_partner(contract.declarer)
        card = self.partner_card
        if card is None:
            return None
        core = self._play_core()
        if core.partner_played:
            return core.possible.bit_length() - 1
        bit = 1 << card_index(card)
        return next((position for position, hand in enumerate(core.hands) if hand & bit), None)

    @property
    def partner_revealed(self) -> bool:
        """The partner is public once the partner card has been played (at once with fixed sides)."""
        if self.variant.sides is not Sides.PARTNER_CARD:
            return self.contract is not None
        return self.partner_card is not None and self._play_core().partner_played

    def known_side(self, position: int) -> tuple[int, ...]:
        """The positions the table knows to be on `position`'s side: with fixed sides its
        partnership; with a partner card, once the partner is known, the declarer's side or the
        defenders, and before that `position` alone."""
        variant = self.variant
        if variant.sides is not Sides.PARTNER_CARD:
            return tuple(dict.fromkeys((position, variant.fixed_partner(position))))
        contract, partner = self.contract, self.partner
        if contract is None or partner is None or not self.partner_revealed:
            return (position,)
        declarers = (contract.declarer, partner)
        return declarers if position in declarers else tuple(p for p in range(variant.seats) if p not in declarers)

    def side_tricks(self, partner: int) -> tuple[int, int]:
        """Tricks won by (declarer's side, defenders), if `partner` is the declarer's partner."""
        self._contract()
        return self._play_core().side_tricks(partner)

    def view(self, position: int) -> SeatView:
        """What the player at `position` may see (`SeatView`)."""
        state = self.state
        claim = state.claim if isinstance(state, Playing) else None
        return SeatView(self.variant, position, self.hands[position], self.dealer, self.calls, self.contract,
                        self.partner_card, self.partner if self.partner_revealed else None, self.trick, self.tricks,
                        self.dummy, self.first_tricks, claim, self.hands[claim.position] if claim else ())

    def legal_actions(self) -> tuple[Action, ...]:
        """What the player to act may do, in a fixed order that depends on public facts only
        (bids ascending; partner cards and cards in deck order)."""
        if isinstance(self.state, Bidding):
            return tuple(self.legal_bids())
        return tuple(sorted(self.legal_partner_cards() if isinstance(self.state, ChoosingPartner)
                            else self.legal_cards()))

    def bot_action(self, bot: BotPolicy | None = None) -> Action:
        """`bot`'s choice (by default the variant's bot's) for the player to act (the declarer for
        the dummy), from that seat's view alone."""
        actor = self.actor
        if actor is None:
            raise BridgeError(Reason.WRONG_PHASE, "Nobody is to act: the deal is over.")
        return (bot or self.variant.bot)(self.view(actor), self.legal_actions())

    def act(self, position: int, action: Action, rng: Shuffler) -> Deal:
        """Make `action` as the player at `position` (the `actor`): a call, the partner card, or a
        card to play."""
        if isinstance(action, Card):
            if isinstance(self.state, ChoosingPartner):
                return self.choose_partner(position, action)
            return self.play_card(position, action)
        return self.place_bid(position, action, rng)

    def outcome(self) -> Outcome | None:
        """The result of a finished deal, else None."""
        state = self.state
        if not isinstance(state, Finished):
            return None
        partner = self.partner
        assert partner is not None  # a finished deal has a contract, and its partner card was dealt
        ours, theirs = self.side_tricks(partner)
        if state.claim is not None:  # the tricks that were left when the claim was accepted
            left = self.variant.hand_size - len(state.tricks)
            ours, theirs = ours + state.claim.tricks, theirs + left - state.claim.tricks
        return Outcome(state.contract.declarer, partner, state.contract, ours, theirs, self.variant.seats)

    def hands_dealt(self) -> tuple[Hand, ...]:
        """Each position's cards as dealt for the half being played: what it holds and what it has
        played in this half."""
        return _with_played(self.hands, self._plays())

    def first_half_hands(self) -> tuple[Hand, ...]:
        """Each position's cards of the first half as dealt, once it is over (else none)."""
        if not self.first_tricks:
            return ()
        return _with_played(tuple(() for _ in self.hands), tuple(p for t in self.first_tricks for p in t.plays))

    def _plays(self) -> tuple[Play, ...]:
        """Every card played so far, in order."""
        trick = self.trick
        return tuple(play for t in (*self.tricks, *((trick,) if trick else ())) for play in t.plays)

    def _contract(self) -> Contract:
        contract = self.contract
        if contract is None:
            raise BridgeError(Reason.WRONG_PHASE, "The auction is not over.")
        return contract

    def _play_core(self) -> PlayCore:
        """The card play as small integers (`play_core`): carried by the moves, else replayed from
        the deal as dealt through the tricks played (and kept: it is derived from the deal's other
        fields, which never change)."""
        core = self.play_core
        if core is None:
            core = self._replayed_core()
            object.__setattr__(self, "play_core", core)
        return core

    def _replayed_core(self) -> PlayCore:
        state, variant = self.state, self.variant
        assert isinstance(state, (Playing, Finished, FirstHalf))  # card play has begun
        if isinstance(state, FirstHalf):
            rules, leader, partner = Rules(variant.seats, NO_TRUMP, False, variant.hand_size), state.trick.leader, -1
        else:
            contract, trump = state.contract, state.contract.trump
            rules = Rules(variant.seats, NO_TRUMP if trump is None else trump,
                          variant.play.trump_must_be_broken and trump is not None, variant.hand_size,
                          contract.declarer, contract.target, contract.defender_target,
                          variant.early_end and not self.settings.play_all_tricks,
                          -1 if state.partner_card is None else card_index(state.partner_card))
            leader = state.tricks[0].leader if state.tricks else self._opening_leader(contract)
            partner = -1 if state.partner_card is not None else variant.fixed_partner(contract.declarer)
        core = PlayCore.start(rules, tuple(hand_mask(hand) for hand in self.hands_dealt()), leader, partner)
        trick = self.trick
        return core.replayed((each.leader, (card_index(play.card) for play in each.plays))
                             for each in (*state.tricks, *((trick,) if trick else ())))

    # ----- legal moves -------------------------------------------------------------------

    def bid_violation(self, call: Call) -> BridgeError | None:
        """A bid must be on the variant's ladder and higher on it than the highest bid so far;
        passing is always allowed. Where the variant has doubling, the player to act may double
        (`X`) the last bid if an opponent made it and it is not doubled yet, and redouble (`XX`)
        it if their side made it and an opponent has doubled it, not yet redoubled."""
        if isinstance(call, Double):
            return self._double_violation(call)
        if not isinstance(call, Bid):
            return None
        variant = self.variant
        if not variant.on_ladder(call):
            ladder = variant.auction.ladder
            return BridgeError(Reason.INVALID_BID, f"The bids of this game are {ladder[0]} to {ladder[-1]}.")
        top = self._top_bid()
        if top is None or variant.outranks(call, top):
            return None
        return BridgeError(Reason.BID_TOO_LOW, f"A bid must be higher than the highest bid, {top}.")

    def _double_violation(self, call: Double) -> BridgeError | None:
        if not self.variant.auction.doubling:
            return BridgeError(Reason.INVALID_BID, "This game has no doubling: call 'PASS' or a bid.")
        highest, doubling = _last_bid(self.calls)
        turn = self.turn
        ours = highest is not None and turn is not None and highest.position in (
            turn, self.variant.fixed_partner(turn))
        if call is DOUBLE and (highest is None or ours or doubling is not Doubling.UNDOUBLED):
            return BridgeError(Reason.CANNOT_DOUBLE,
                               "You may double only the last bid, made by an opponent and not yet doubled.")
        if call is REDOUBLE and (highest is None or not ours or doubling is not Doubling.DOUBLED):
            return BridgeError(Reason.CANNOT_REDOUBLE,
                               "You may redouble only your side's last bid, doubled by an opponent and not yet "
                               "redoubled.")
        return None

    def partner_violation(self, card: Card) -> BridgeError | None:
        """The partner card must be held by another player."""
        declarer = self._contract().declarer
        if card in self.hands[declarer]:
            return BridgeError(Reason.OWN_CARD, f"You hold {card}; name a card another player holds.")
        if not any(card in hand for hand in self.hands):
            return BridgeError(Reason.CARD_NOT_DEALT, f"Nobody holds {card}.")
        return None

    def card_violation(self, position: int, card: Card) -> BridgeError | None:
        """Follow the led suit if you can; where the variant says so, don't lead trump before it
        is broken unless you hold only trump (`PlayCore.legal`)."""
        state = self.state
        if not isinstance(state, (Playing, FirstHalf)):
            return BridgeError(Reason.WRONG_PHASE, f"No card is being played; the deal is in {self.phase.value}.")
        core = self._play_core()
        return self._card_violation(core, core.hands[position], card)

    def _card_violation(self, core: PlayCore, hand: int, card: Card) -> BridgeError | None:
        bit = 1 << card_index(card)
        if not hand & bit:
            return BridgeError(Reason.CARD_NOT_IN_HAND, f"You do not hold {card}.")
        if core.legal(hand) & bit:
            return None
        if core.trick:
            led = Suit(core.trick[0] // 13)
            return BridgeError(Reason.MUST_FOLLOW_SUIT,
                               f"You must follow suit: {led.label} was led and you hold {led.label}.")
        trump = Suit(core.rules.trump)
        return BridgeError(Reason.TRUMP_NOT_BROKEN,
                           f"Trump ({trump.label}) may not be led until trump is broken, while you hold another suit.")

    def legal_bids(self) -> list[Call]:
        """Every call the player to act may make: PASS, a double or redouble where allowed, and
        each bid above the highest."""
        if not isinstance(self.state, Bidding):
            return []
        doubles = [c for c in (DOUBLE, REDOUBLE) if self.variant.auction.doubling and self.bid_violation(c) is None]
        return [PASS, *doubles, *self.variant.bids_above(self._top_bid())]

    @property
    def alerts_allowed(self) -> bool:
        """A call may carry an alert (SPEC §15) in games of fixed partnerships only: it explains a
        call to the opponents, and a partner known only later has no agreements to explain."""
        return self.variant.sides is Sides.FIXED_PAIRS

    def legal_partner_cards(self) -> list[Card]:
        """Every card another player holds."""
        if not isinstance(self.state, ChoosingPartner):
            return []
        declarer = self.state.contract.declarer
        return [card for position, hand in enumerate(self.hands) if position != declarer for card in hand]

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play now."""
        if not isinstance(self.state, (Playing, FirstHalf)):
            return []
        core = self._play_core()
        return list(cards_of(core.legal(core.hands[core.turn])))

    # ----- moves -------------------------------------------------------------------------

    def _require(self, phase: type[_State], position: int) -> _State:
        """The deal's state, if it is in `phase` and `position` is to act."""
        state = self.state
        if not isinstance(state, phase):
            raise BridgeError(Reason.WRONG_PHASE,
                              f"That move belongs to the {phase.phase.value} phase; the deal is in {self.phase.value}.")
        if position != self.actor:
            raise BridgeError(Reason.NOT_YOUR_TURN, "It is not your turn.")
        return state

    def place_bid(self, position: int, call: Call, rng: Shuffler, alert: str | None = None) -> Deal:
        """The auction ends on the top bid (where the variant says so) or when every other seat
        passes after a call; a round of passes with no bid redeals, the deal passing left (or
        staying with the dealer where the variant and `scoring` say so), except that a board or a
        deal whose first half is played is over when passed out (`PassedOut`): a board is played
        as it was dealt, and half of a deal's cards are already known."""
        state = self._require(Bidding, position)
        if (error := self.bid_violation(call)) is not None:
            raise error
        if alert is not None and not self.alerts_allowed:
            raise BridgeError(Reason.INVALID_ARGUMENT, "Alerts are for games of fixed partnerships (contract "
                                                       "bridge, TigerBridge): send the call without one.")
        calls = (*state.calls, AuctionCall(position, call, alert))
        variant = self.variant
        if isinstance(call, Bid) and variant.auction.top_bid_ends and call == variant.top_bid:
            return self._won(calls)
        passes = variant.seats - 1
        if len(calls) > passes and all(e.call is PASS for e in calls[-passes:]):
            if self.highest_bid is not None:
                return self._won(calls)
            if len(calls) == variant.seats and (self.board is not None or variant.first_half):
                return evolve(self, state=PassedOut(calls))
            if len(calls) == variant.seats:
                same = self.settings.scoring in variant.auction.same_dealer_after_pass_out
                dealer = self.dealer if same else variant.left_of(self.dealer)
                return new_deal(variant, self.players, self.settings, dealer, rng, self.washes)
        return evolve(self, state=Bidding(calls))

    def _won(self, calls: tuple[AuctionCall, ...]) -> Deal:
        """The auction is over: the contract is the last bid with its doubling, declared as the
        variant says (`_declarer`); the partner is chosen next, or with fixed sides play begins."""
        last, doubling = _last_bid(calls)
        assert last is not None and isinstance(last.call, Bid)  # an auction is won only by a bid
        bid = last.call
        declarer = self._declarer(calls, last.position, bid)
        contract = Contract(declarer, bid, self.variant.target(bid), self.variant.defender_target(bid), doubling)
        if self.variant.sides is Sides.PARTNER_CARD:
            return evolve(self, state=ChoosingPartner(calls, contract))
        return evolve(self, state=Playing(calls, contract, None, Trick(self._opening_leader(contract))))

    def _declarer(self, calls: tuple[AuctionCall, ...], bidder: int, bid: Bid) -> int:
        """The last bidder; or, with `FIRST_TO_NAME_STRAIN`, whoever of the bidder's side first
        bid the contract's strain in this auction."""
        if self.variant.auction.declarer is DeclarerRule.LAST_BIDDER:
            return bidder
        side = (bidder, self.variant.fixed_partner(bidder))
        return next(e.position for e in calls
                    if e.position in side and isinstance(e.call, Bid) and e.call.strain == bid.strain)

    def _opening_leader(self, contract: Contract) -> int:
        """The declarer in no trump if the variant says so; otherwise the player left of the declarer."""
        if contract.trump is None and self.variant.play.declarer_leads_no_trump:
            return contract.declarer
        return self.variant.left_of(contract.declarer)

    def choose_partner(self, position: int, card: Card) -> Deal:
        """The declarer names a card another player holds; its holder is the secret partner."""
        state = self.state
        if not isinstance(state, ChoosingPartner):
            raise BridgeError(Reason.WRONG_PHASE, f"No partner is being chosen; the deal is in {self.phase.value}.")
        if position != state.contract.declarer:
            raise BridgeError(Reason.NOT_DECLARER, "Only the declarer chooses the partner card.")
        if (error := self.partner_violation(card)) is not None:
            raise error
        contract = state.contract
        return evolve(self, state=Playing(state.calls, contract, card, Trick(self._opening_leader(contract))))

    def claim_violation(self, position: int, tricks: int) -> BridgeError | None:
        """The declarer may claim during card play, between tricks, for 0 to all of the tricks
        still to play, while no claim is open, once the table knows the sides: with a partner
        card only once it has been played, or who answers would tell who the partner is. After a
        rejected claim, the next waits for another trick: each claim is answered from a new
        position, so asking again and again tells the claimer nothing new."""
        state = self.state
        if not isinstance(state, Playing):
            return BridgeError(Reason.WRONG_PHASE,
                               f"A claim is made during card play; the deal is in {self.phase.value}.")
        if state.claim is not None:
            return BridgeError(Reason.CLAIM_PENDING, "A claim is open: wait for its answers.")
        if position != state.contract.declarer:
            return BridgeError(Reason.NOT_DECLARER, "Only the declarer may claim.")
        if not self.partner_revealed:
            return BridgeError(Reason.WRONG_PHASE, "A claim waits until the partner card has been played: who answers "
                                                   "it would tell the table who the partner is.")
        if state.trick.plays:
            return BridgeError(Reason.WRONG_PHASE, "A claim is made between tricks: finish this trick first.")
        if state.rejected_claims and state.rejected_claims[-1].after == len(state.tricks):
            return BridgeError(Reason.CLAIM_REJECTED, "Your claim was rejected at this trick: play another trick "
                                                      "before claiming again.")
        left = self.variant.hand_size - len(state.tricks)
        if not 0 <= tricks <= left:
            return BridgeError(Reason.INVALID_ARGUMENT, f"{left} tricks are left to play: claim 0 to {left} of them.")
        return None

    def make_claim(self, position: int, tricks: int) -> Deal:
        """The declarer says their side takes `tricks` of the tricks still to play (SPEC §15): their
        remaining cards are shown to the table and play waits for the opponents' answers."""
        if (error := self.claim_violation(position, tricks)) is not None:
            raise error
        state = self.state
        assert isinstance(state, Playing)  # claim_violation says so
        return evolve(self, state=evolve(state, claim=Claim(position, tricks, len(state.tricks))))

    def answer_claim(self, position: int, accept: bool) -> Deal:
        """Each opponent of the claimer's side answers the open claim. When all have accepted, the
        deal ends as if played: the claimer's side takes the claimed tricks of those left, the
        opponents the rest. One rejection withdraws the claim, which stays on the record as
        rejected, and play goes on."""
        state = self.state
        if not isinstance(state, Playing) or state.claim is None:
            raise BridgeError(Reason.NO_CLAIM, "No claim is open.")
        if position in self.known_side(state.claim.position):
            raise BridgeError(Reason.NOT_OPPONENT, "Only the claimer's opponents answer a claim.")
        if position in state.claim.accepted:
            raise BridgeError(Reason.ALREADY_ANSWERED, "You have accepted this claim already.")
        if not accept:
            return evolve(self, state=evolve(state, claim=None, rejected_claims=(*state.rejected_claims, state.claim)))
        claim = evolve(state.claim, accepted=(*state.claim.accepted, position))
        deal = evolve(self, state=evolve(state, claim=claim))
        if deal.claim_answerers:
            return deal
        return evolve(self, state=Finished(state.calls, state.contract, state.partner_card, state.tricks, claim,
                                           state.rejected_claims))

    def play_card(self, position: int, card: Card) -> Deal:
        """The player at `position` plays one card: their own on their turn, or as declarer the
        dummy's on the dummy's turn. A full trick goes to its winner, who leads next, until the
        deal ends. The last trick of a first half deals the `stock` and opens the auction."""
        state = self.state
        if isinstance(state, Playing) and state.claim is not None:
            raise BridgeError(Reason.CLAIM_PENDING, "A claim is open: play waits for its answers.")
        if not isinstance(state, (Playing, FirstHalf)) or position != self.actor:
            # raises: the wrong phase, or not this player's move
            state = self._require(FirstHalf, position) if isinstance(state, FirstHalf) else \
                self._require(Playing, position)
        core = self._play_core()
        seat = core.turn  # whose card it is
        if (error := self._card_violation(core, core.hands[seat], card)) is not None:
            raise error
        moved = core.play(card_index(card))
        hand = self.hands[seat]
        i = hand.index(card)
        hands = (*self.hands[:seat], hand[:i] + hand[i + 1:], *self.hands[seat + 1:])
        trick = Trick(state.trick.leader, (*state.trick.plays, Play(seat, card)))
        if moved.trick:
            return evolve(self, hands=hands, state=evolve(state, trick=trick), play_core=moved)
        tricks = (*state.tricks, trick)
        if isinstance(state, FirstHalf):
            if moved.tricks == self.variant.hand_size:
                return evolve(self, hands=self.stock, stock=(), first_tricks=tricks, state=Bidding())
            return evolve(self, hands=hands, state=FirstHalf(Trick(moved.leader), tricks), play_core=moved)
        if moved.finished():
            return evolve(self, hands=hands, state=Finished(state.calls, state.contract, state.partner_card, tricks,
                                                            None, state.rejected_claims), play_core=moved)
        return evolve(self, hands=hands, state=Playing(state.calls, state.contract, state.partner_card,
                                                       Trick(moved.leader), tricks, None, state.rejected_claims),
                      play_core=moved)


_DOUBLING_OF = {DOUBLE: Doubling.DOUBLED, REDOUBLE: Doubling.REDOUBLED}


def _last_bid(calls: tuple[AuctionCall, ...]) -> tuple[AuctionCall | None, Doubling]:
    """The last bid of `calls` (None if none) and how it stands doubled: a bid cancels the
    doubles of the bids before it."""
    doubling = Doubling.UNDOUBLED
    for entry in reversed(calls):
        if isinstance(entry.call, Bid):
            return entry, doubling
        if isinstance(entry.call, Double):
            doubling = max(doubling, _DOUBLING_OF[entry.call])
    return None, doubling


def _with_played(hands: tuple[Hand, ...], plays: tuple[Play, ...]) -> tuple[Hand, ...]:
    """`hands` with the cards each position played in `plays` given back, sorted."""
    played: list[list[Card]] = [[] for _ in hands]
    for play in plays:
        played[play.position].append(play.card)
    return tuple(tuple(sort_hand([*hand, *cards])) for hand, cards in zip(hands, played, strict=True))


def is_weak(variant: Variant, hand: Hand) -> bool:
    """Under the wash rule, a hand under the variant's threshold may not be played."""
    return variant.wash_threshold is not None and hand_points(hand) < variant.wash_threshold


def new_deal(variant: Variant, players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler,
             washes: int = 0) -> Deal:
    """Deal a new hand. Under the wash rule a weak hand anywhere means a redeal, the deal passing
    left. Where the variant has a first half, the whole deck is dealt at once: the first half's
    hands, and the second half's kept in the `stock`; the player left of the dealer leads."""
    if variant.first_half:
        dealt = deal_hands(rng, 2 * variant.seats, variant.hand_size)
        first = FirstHalf(Trick(variant.left_of(dealer)))
        return Deal(variant, settings, players, dealer, dealt[:variant.seats], first, washes,
                    stock=dealt[variant.seats:])
    while True:
        hands = deal_hands(rng, variant.seats, variant.hand_size)
        if not (settings.wash_rule and any(is_weak(variant, hand) for hand in hands)):
            return Deal(variant, settings, players, dealer, hands, Bidding(), washes)
        washes += 1
        dealer = variant.left_of(dealer)


def board_deal(variant: Variant, players: tuple[str, ...], settings: Settings, board: Board) -> Deal:
    """The deal of a duplicate board: its hands as dealt, its dealer by its number; no shuffle,
    no wash rule (a board is played as it was dealt)."""
    return Deal(variant, settings, players, board.dealer, board.hands, Bidding(), 0, board.number)
