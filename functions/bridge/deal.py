"""One deal of a bridge-family game, by seat position: auction, sides, play (SPEC §5).

`Deal` is an immutable value: the variant and settings it is played by, who sits where, the
hands, and its phase as an explicit value (`DealState`), which holds exactly what exists in that
phase and states the phase's rules: whose turn it is, what they may do, how an action moves the
deal. The shared phases are here (`Bidding`, `Playing`, `Finished`, `PassedOut`); a variant's
own phases live in its module (Floating Bridge's naming of the partner card, Memory Bridge's
first half) and enter through its hooks (`Variant.opening`, `SidesRule.auction_won`). Each move
(`place_bid`, `choose_partner`, `play_card`, or `act` for any) returns a new `Deal` or raises
`BridgeError`. The legal-move functions state the same rules as the `*_violation` checks the
moves use (card play asks one `core.PlayCore` for both), and the engine's property tests check
that validation and generation agree.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from .bids import DOUBLE, PASS, REDOUBLE, Bid, Call, Double, Doubling
from .cards import Card, Suit
from .core import NO_TRUMP, PlayCore, Rules, card_index, cards_of, hand_mask, trick_winner
from .dealing import Board, Hand, Shuffler, deal_hands, hand_points, sort_hand
from .errors import BridgeError, Reason
from .option import Option, switch
from .values import DERIVED, evolve
from .variant import BotPolicy, DeclarerRule, Variant

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


class Move(StrEnum):
    """The callables that act in a deal, each in the phases whose `move` it is."""

    BID = "placeBid"
    NAME_PARTNER = "chooseTeammate"
    PLAY = "playCard"


class DealState:
    """A phase of a deal: exactly what exists in it, and the phase's own rules. `turn` is whose
    turn it is, `legal` what they may do, `act` how one of those actions moves the deal (or the
    `BridgeError` for a broken rule); `move` is the callable that acts in it (None: nobody acts).

    The shared phases are here: `Bidding`, `Playing`, `Finished`, `PassedOut`. A variant brings
    phases of its own through its hooks (`Variant.opening`, `SidesRule.auction_won`): Floating
    Bridge's naming of the partner card (`floating.ChoosingPartner`), Memory Bridge's first half
    (`memory.FirstHalf`). `phase` is the room document's `status` for it."""

    __slots__ = ()
    phase: ClassVar[Phase]
    move: ClassVar[Move | None] = None
    #: The auction's calls so far (none before it).
    calls: tuple[AuctionCall, ...]

    def turn(self, deal: Deal) -> int | None:
        """The position to act (None: nobody)."""
        return None

    def legal(self, deal: Deal) -> list[Action]:
        """What the position to act may do now."""
        return []

    def act(self, deal: Deal, position: int, action: Action, rng: Shuffler) -> Deal:
        """`action` made by the player at `position` (who acts for the position to act)."""
        raise BridgeError(Reason.WRONG_PHASE, "Nobody is to act: the deal is over.")

    @classmethod
    def restored(cls, stored: StoredState) -> DealState | None:
        """This phase as `stored` describes it (None: `stored` is not of this phase)."""
        return None


@dataclass(frozen=True, slots=True)
class StoredState:
    """A deal's phase as its stored form gives it (`state.encode`), whichever phase it is: the
    variant's phases restore themselves from it (`restored_state`)."""

    phase: Phase
    calls: tuple[AuctionCall, ...]
    contract: Contract | None
    partner_card: Card | None
    trick: Trick | None
    tricks: tuple[Trick, ...]
    claim: Claim | None
    rejected_claims: tuple[Claim, ...]


def restored_state(variant: Variant, stored: StoredState) -> DealState | None:
    """The phase of `variant` that `stored` describes (None: none of them)."""
    return next((state for phase in variant.phases if (state := phase.restored(stored)) is not None), None)


class Contracted(DealState):
    """A phase after a won auction: it has the contract."""

    __slots__ = ()
    contract: Contract


class Tricked(DealState):
    """A phase with completed tricks (of the half being played). Each such phase states how its
    card play began, `start(deal)`: the card play of this half before its first trick, from the
    deal's hands as dealt, which the deal replays its tricks through. (Declared, not defined, here:
    an abstract base would make every `isinstance` on a phase some 5 % of the engine dearer.)"""

    __slots__ = ()
    tricks: tuple[Trick, ...]
    start: Callable[[Deal], PlayCore]


class TrickPlay(Tricked):
    """A phase of card play: the completed `tricks` and the `trick` being played, whose rules
    `PlayCore` keeps (`start` gives it from the deal as dealt). Its move is `playCard`."""

    __slots__ = ()
    move: ClassVar[Move | None] = Move.PLAY
    trick: Trick

    def turn(self, deal: Deal) -> int | None:
        return (self.trick.leader + len(self.trick.plays)) % deal.variant.seats

    def legal(self, deal: Deal) -> list[Action]:
        core = deal.card_play()
        return list(cards_of(core.legal(core.hands[core.turn])))


@dataclass(frozen=True, slots=True)
class Bidding(DealState):
    """The auction: the calls so far, in turn order from the opener."""

    phase: ClassVar[Phase] = Phase.BIDDING
    move: ClassVar[Move | None] = Move.BID
    calls: tuple[AuctionCall, ...] = ()

    def turn(self, deal: Deal) -> int | None:
        auction = deal.variant.auction
        return (deal.dealer + auction.opener + len(self.calls)) % deal.variant.seats

    def legal(self, deal: Deal) -> list[Action]:
        return list(deal.legal_bids())

    @classmethod
    def restored(cls, stored: StoredState) -> Bidding | None:
        return cls(stored.calls) if stored.phase is cls.phase else None

    def act(self, deal: Deal, position: int, action: Action, rng: Shuffler) -> Deal:
        if isinstance(action, Card):
            return deal.play_card(position, action)  # raises: no card is played in the auction
        return deal.place_bid(position, action, rng)


#: The option `playAllTricks` (Floating Bridge's, SPEC §5.6): play all the tricks, where the
#: variant's deal would end early (`Variant.early_end`) once the table can tell a side has reached
#: its target (for every seat that may be the partner).
PLAY_ALL_TRICKS: Option[bool] = switch("playAllTricks", False)


@dataclass(frozen=True, slots=True)
class Playing(Contracted, TrickPlay):
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

    def act(self, deal: Deal, position: int, action: Action, rng: Shuffler) -> Deal:
        """A full trick goes to its winner, who leads next, until the deal ends."""
        if not isinstance(action, Card):
            return deal.place_bid(position, action, rng)  # raises: the auction is over
        if self.claim is not None:
            raise BridgeError(Reason.CLAIM_PENDING, "A claim is open: play waits for its answers.")
        moved, hands, trick = deal.played(position, action)
        if moved.trick:
            return evolve(deal, hands=hands, state=evolve(self, trick=trick), play_core=moved)
        tricks = (*self.tricks, trick)
        if moved.finished():
            return evolve(deal, hands=hands, state=Finished(self.calls, self.contract, self.partner_card, tricks,
                                                            None, self.rejected_claims), play_core=moved)
        return evolve(deal, hands=hands, state=Playing(self.calls, self.contract, self.partner_card,
                                                       Trick(moved.leader), tricks, None, self.rejected_claims),
                      play_core=moved)

    @classmethod
    def restored(cls, stored: StoredState) -> Playing | None:
        if stored.phase is not cls.phase or stored.contract is None or stored.trick is None:
            return None
        return cls(stored.calls, stored.contract, stored.partner_card, stored.trick, stored.tricks, stored.claim,
                   stored.rejected_claims)

    def start(self, deal: Deal) -> PlayCore:
        variant, contract, trump = deal.variant, self.contract, self.contract.trump
        rules = Rules(variant.seats, NO_TRUMP if trump is None else trump,
                      variant.play.trump_must_be_broken and trump is not None, variant.hand_size,
                      contract.declarer, contract.target, contract.defender_target,
                      variant.early_end and not PLAY_ALL_TRICKS.of(deal.settings),
                      -1 if self.partner_card is None else card_index(self.partner_card))
        leader = self.tricks[0].leader if self.tricks else self.trick.leader
        partner = -1 if self.partner_card is not None else variant.sides.partner_of(contract.declarer)
        return PlayCore.start(rules, tuple(hand_mask(hand) for hand in deal.hands_dealt()), leader, partner)


@dataclass(frozen=True, slots=True)
class Finished(Contracted, Tricked):
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

    @classmethod
    def restored(cls, stored: StoredState) -> Finished | None:
        if stored.phase is not cls.phase or stored.contract is None:
            return None
        return cls(stored.calls, stored.contract, stored.partner_card, stored.tricks, stored.claim,
                   stored.rejected_claims)

    def start(self, deal: Deal) -> PlayCore:
        """The card play as it began (to replay the finished deal's tricks through)."""
        leader = self.tricks[0].leader if self.tricks else deal.opening_leader(self.contract)
        return Playing(self.calls, self.contract, self.partner_card, Trick(leader), self.tricks).start(deal)


@dataclass(frozen=True, slots=True)
class PassedOut(DealState):
    """A deal every seat passed that is not dealt again (a duplicate board, `Deal.board`, or
    where the variant does not redeal, `AuctionRules.redeal_passed_out`): it is over and scores
    nothing."""

    phase: ClassVar[Phase] = Phase.COMPLETE
    calls: tuple[AuctionCall, ...]

    @classmethod
    def restored(cls, stored: StoredState) -> PassedOut | None:
        return cls(stored.calls) if stored.phase is cls.phase and stored.contract is None else None


#: The phases every variant with an auction has (`Variant.phases`).
AUCTION_PHASES: tuple[type[DealState], ...] = (Bidding, Playing, Finished, PassedOut)


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
    #: The tricks of the deal's first half, once played (Memory Bridge's, `memory.FirstHalf`).
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
        """The position to act, by the phase's rule (`DealState.turn`)."""
        return self.state.turn(self)

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
        return self.variant.sides.partner_of(contract.declarer)

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
        return state.contract if isinstance(state, Contracted) else None

    @property
    def partner_card(self) -> Card | None:
        state = self.state
        return state.partner_card if isinstance(state, (Playing, Finished)) else None

    @property
    def trick(self) -> Trick | None:
        """The trick being played (None outside play)."""
        state = self.state
        return state.trick if isinstance(state, TrickPlay) else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks of the half being played (the first half's, then the contract's)."""
        state = self.state
        return state.tricks if isinstance(state, Tricked) else ()

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
        return isinstance(self.state, (Playing, Finished)) and self.trump is not None and self.card_play().broken

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won by each position in the half being played."""
        if not isinstance(self.state, Tricked):
            return (0,) * self.variant.seats
        return self.card_play().won

    @property
    def partner(self) -> int | None:
        """The declarer's partner, by the variant's sides (`SidesRule.partner`): secret until
        `partner_revealed`. None before there is one."""
        contract = self.contract
        return None if contract is None else self.variant.sides.partner(self, contract)

    @property
    def partner_revealed(self) -> bool:
        """The table knows who the declarer's partner is (`SidesRule.revealed`)."""
        return self.contract is not None and self.variant.sides.revealed(self)

    def known_side(self, position: int) -> tuple[int, ...]:
        """The positions the table knows to be on `position`'s side: once the declarer's partner
        is known, the declarer's side or the defenders; before that, `position` and whoever it is
        partnered with from the start (`SidesRule.partner_of`; nobody with a partner card)."""
        contract, seats = self.contract, self.variant.seats
        if contract is not None and self.partner_revealed and (partner := self.partner) is not None:
            declarers = (contract.declarer, partner)
            if position in declarers:
                return tuple(dict.fromkeys((position, *declarers)))
            return tuple(p for p in range(seats) if p not in declarers)
        return tuple(dict.fromkeys((position, self.variant.sides.partner_of(position))))

    def side_tricks(self, partner: int) -> tuple[int, int]:
        """Tricks won by (declarer's side, defenders), if `partner` is the declarer's partner."""
        self._contract()
        return self.card_play().side_tricks(partner)

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
        state = self.state
        actions = state.legal(self)
        if state.move is Move.BID:
            return tuple(actions)
        return tuple(sorted(action for action in actions if isinstance(action, Card)))

    def bot_action(self, bot: BotPolicy | None = None) -> Action:
        """`bot`'s choice (by default the variant's bot's) for the player to act (the declarer for
        the dummy), from that seat's view alone."""
        actor = self.actor
        if actor is None:
            raise BridgeError(Reason.WRONG_PHASE, "Nobody is to act: the deal is over.")
        return (bot or self.variant.bot)(self.view(actor), self.legal_actions())

    def act(self, position: int, action: Action, rng: Shuffler) -> Deal:
        """Make `action` as the player at `position` (the `actor`), by the phase's move
        (`DealState.act`): a call, the partner card, or a card to play."""
        return self.state.act(self, position, action, rng)

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

    def card_play(self) -> PlayCore:
        """The card play as small integers (`play_core`): carried by the moves, else replayed from
        the deal as dealt through the tricks played (and kept: it is derived from the deal's other
        fields, which never change)."""
        core = self.play_core
        if core is None:
            core = self._replayed_core()
            object.__setattr__(self, "play_core", core)
        return core

    def _replayed_core(self) -> PlayCore:
        state = self.state
        assert isinstance(state, Tricked)  # card play has begun
        trick = self.trick
        return state.start(self).replayed((each.leader, (card_index(play.card) for play in each.plays))
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
            turn, self.variant.sides.partner_of(turn))
        if call is DOUBLE and (highest is None or ours or doubling is not Doubling.UNDOUBLED):
            return BridgeError(Reason.CANNOT_DOUBLE,
                               "You may double only the last bid, made by an opponent and not yet doubled.")
        if call is REDOUBLE and (highest is None or not ours or doubling is not Doubling.DOUBLED):
            return BridgeError(Reason.CANNOT_REDOUBLE,
                               "You may redouble only your side's last bid, doubled by an opponent and not yet "
                               "redoubled.")
        return None

    def card_violation(self, position: int, card: Card) -> BridgeError | None:
        """Follow the led suit if you can; where the variant says so, don't lead trump before it
        is broken unless you hold only trump (`PlayCore.legal`)."""
        state = self.state
        if not isinstance(state, TrickPlay):
            return BridgeError(Reason.WRONG_PHASE, f"No card is being played; the deal is in {self.phase.value}.")
        core = self.card_play()
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
        """A call may carry an alert (SPEC §15) where partnerships are known from the deal's start
        (`SidesRule.partner_of`): it explains a call to the opponents, and a partner known only
        later, or none, has no agreements to explain."""
        return self.variant.sides.partner_of(0) != 0

    def legal_partner_cards(self) -> list[Card]:
        """The cards the player to act may name as the partner card (`chooseTeammate`), in the
        phases whose move that is."""
        return self._legal_for(Move.NAME_PARTNER)

    def legal_cards(self) -> list[Card]:
        """The cards the player to act may play now (`playCard`)."""
        return self._legal_for(Move.PLAY)

    def _legal_for(self, move: Move) -> list[Card]:
        state = self.state
        return [a for a in state.legal(self) if isinstance(a, Card)] if state.move is move else []

    # ----- moves -------------------------------------------------------------------------

    def _require_turn(self, position: int) -> None:
        if position != self.actor:
            raise BridgeError(Reason.NOT_YOUR_TURN, "It is not your turn.")

    def _wrong_phase(self, phase: Phase) -> BridgeError:
        return BridgeError(Reason.WRONG_PHASE, f"That move belongs to the {phase.value} phase; the deal is in "
                                               f"{self.phase.value}.")

    def place_bid(self, position: int, call: Call, rng: Shuffler, alert: str | None = None) -> Deal:
        """The auction ends on the top bid (where the variant says so) or when every other seat
        passes after a call; a round of passes with no bid redeals, the deal passing left (or
        staying with the dealer where the variant and `scoring` say so), except that a board or a
        deal whose first half is played is over when passed out (`PassedOut`): a board is played
        as it was dealt, and half of a deal's cards are already known."""
        state = self.state
        if not isinstance(state, Bidding):
            raise self._wrong_phase(Phase.BIDDING)
        self._require_turn(position)
        if (error := self.bid_violation(call)) is not None:
            raise error
        if alert is not None and not self.alerts_allowed:
            raise BridgeError(Reason.INVALID_ARGUMENT, "A call may carry an alert only in a game whose partnerships "
                                                       "are fixed from the deal's start: send the call without one.")
        calls = (*state.calls, AuctionCall(position, call, alert))
        variant = self.variant
        if isinstance(call, Bid) and variant.auction.top_bid_ends and call == variant.top_bid:
            return self._won(calls)
        passes = variant.seats - 1
        if len(calls) > passes and all(e.call is PASS for e in calls[-passes:]):
            if self.highest_bid is not None:
                return self._won(calls)
            if len(calls) == variant.seats and (self.board is not None or not variant.auction.redeal_passed_out):
                return evolve(self, state=PassedOut(calls))
            if len(calls) == variant.seats:
                same = self.settings.scoring in variant.auction.same_dealer_after_pass_out
                dealer = self.dealer if same else variant.left_of(self.dealer)
                return new_deal(variant, self.players, self.settings, dealer, rng, self.washes)
        return evolve(self, state=Bidding(calls))

    def _won(self, calls: tuple[AuctionCall, ...]) -> Deal:
        """The auction is over: the contract is the last bid with its doubling, declared as the
        variant says (`_declarer`); what follows is the variant's sides' (`SidesRule.auction_won`)."""
        last, doubling = _last_bid(calls)
        assert last is not None and isinstance(last.call, Bid)  # an auction is won only by a bid
        bid = last.call
        declarer = self._declarer(calls, last.position, bid)
        contract = Contract(declarer, bid, self.variant.target(bid), self.variant.defender_target(bid), doubling)
        return evolve(self, state=self.variant.sides.auction_won(self, calls, contract))

    def _declarer(self, calls: tuple[AuctionCall, ...], bidder: int, bid: Bid) -> int:
        """The last bidder; or, with `FIRST_TO_NAME_STRAIN`, whoever of the bidder's side first
        bid the contract's strain in this auction."""
        if self.variant.auction.declarer is DeclarerRule.LAST_BIDDER:
            return bidder
        side = (bidder, self.variant.sides.partner_of(bidder))
        return next(e.position for e in calls
                    if e.position in side and isinstance(e.call, Bid) and e.call.strain == bid.strain)

    def opening_leader(self, contract: Contract) -> int:
        """The declarer in no trump if the variant says so; otherwise the player left of the declarer."""
        if contract.trump is None and self.variant.play.declarer_leads_no_trump:
            return contract.declarer
        return self.variant.left_of(contract.declarer)

    def choose_partner(self, position: int, card: Card) -> Deal:
        """The declarer names the partner card (`chooseTeammate`), in the phase whose move that is
        (`floating.ChoosingPartner`)."""
        state = self.state
        if state.move is not Move.NAME_PARTNER:
            raise BridgeError(Reason.WRONG_PHASE, f"No partner is being chosen; the deal is in {self.phase.value}.")
        return state.act(self, position, card, _NO_SHUFFLE)

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
        """The player at `position` plays one card (`playCard`), by the rules of the phase of card
        play the deal is in (`TrickPlay.act`)."""
        state = self.state
        if isinstance(state, Playing) and state.claim is not None:
            raise BridgeError(Reason.CLAIM_PENDING, "A claim is open: play waits for its answers.")
        if not isinstance(state, TrickPlay):
            raise self._wrong_phase(Phase.PLAYING)
        return state.act(self, position, card, _NO_SHUFFLE)

    def played(self, position: int, card: Card) -> tuple[PlayCore, tuple[Hand, ...], Trick]:
        """The play of `card` by the player at `position`, their own on their turn or as declarer
        the dummy's on the dummy's turn, checked by the rules of card play (`card_violation`): the
        card play after it, the hands, and the trick with it (full, if it was the trick's last
        card). The phase decides what follows (`TrickPlay.act`)."""
        state = self.state
        assert isinstance(state, TrickPlay)  # the phase's own move
        self._require_turn(position)
        core = self.card_play()
        seat = core.turn  # whose card it is
        if (error := self._card_violation(core, core.hands[seat], card)) is not None:
            raise error
        hand = self.hands[seat]
        i = hand.index(card)
        hands = (*self.hands[:seat], hand[:i] + hand[i + 1:], *self.hands[seat + 1:])
        return core.play(card_index(card)), hands, Trick(state.trick.leader, (*state.trick.plays, Play(seat, card)))


class _NoShuffle:
    """The shuffler of moves that never deal (naming a partner, playing a card)."""

    def shuffle(self, x: list[object]) -> None:
        raise AssertionError("this move deals no cards")


_NO_SHUFFLE: Shuffler = _NoShuffle()


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


#: The option `washRule` (Floating Bridge's): redeal automatically when any hand is
#: weak, under the variant's `wash_threshold` (`open_auction`).
WASH_RULE: Option[bool] = switch("washRule", True)


def is_weak(variant: Variant, hand: Hand) -> bool:
    """Under the wash rule, a hand under the variant's threshold may not be played."""
    return variant.wash_threshold is not None and hand_points(hand) < variant.wash_threshold


def new_deal(variant: Variant, players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler,
             washes: int = 0) -> Deal:
    """A new deal by `dealer`, opened as the variant's `opening` says."""
    return variant.opening(variant, players, settings, dealer, rng, washes)


def open_auction(variant: Variant, players: tuple[str, ...], settings: Settings, dealer: int, rng: Shuffler,
                 washes: int = 0) -> Deal:
    """The opening of most variants (`Variant.opening`): the hands dealt and the auction open.
    Under the wash rule a weak hand anywhere means a redeal, the deal passing left."""
    while True:
        hands = deal_hands(rng, variant.seats, variant.hand_size)
        if not (WASH_RULE.of(settings) and any(is_weak(variant, hand) for hand in hands)):
            return Deal(variant, settings, players, dealer, hands, Bidding(), washes)
        washes += 1
        dealer = variant.left_of(dealer)


def board_deal(variant: Variant, players: tuple[str, ...], settings: Settings, board: Board) -> Deal:
    """The deal of a duplicate board: its hands as dealt, its dealer by its number; no shuffle,
    no wash rule (a board is played as it was dealt)."""
    return Deal(variant, settings, players, board.dealer, board.hands, Bidding(), 0, board.number)
