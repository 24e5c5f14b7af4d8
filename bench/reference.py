"""A naive reference engine for Floating Bridge and contract bridge (play and auction, no scoring).

This is what `bench/engine.py` measures our engine against, and the oracle of the differential
test that plays random deals through both and compares every state. It restates the rules of
SPEC §5 (Floating Bridge, `"floating"`) and §11 (contract bridge, `"contract"`) exactly as
`functions/bridge` applies them, independently (stdlib only, nothing imported from `bridge`).

It is naive on purpose, the way a first version is written in an afternoon: cards are
two-character strings (`"AS"`, `"TD"`, `"2C"`), hands are lists mutated in place, calls are
strings (`"PASS"`, `"X"`, `"XX"`, `"1C"` … `"7NT"`), every move is validated, and whatever needs a
count (tricks won, trump broken, who may be the partner) re-scans the tricks. No bit masks, no
caches; nothing deliberately slow either.

Seats are 0-3, each acting after the one to its right: `(seat + 1) % 4` is the next to act.
"""
from __future__ import annotations

import random
from collections.abc import Callable

RANKS = "23456789TJQKA"
SUITS = "CDHS"
#: The 52 cards in our engine's deck order (clubs 2 … spades A): the same shuffle of it deals
#: the same hands as `bridge.dealing.deal_hands`.
DECK = [rank + suit for suit in SUITS for rank in RANKS]
STRAINS = ["C", "D", "H", "S", "NT"]
#: Every bid, lowest first: by level, then strain (C D H S NT).
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
PASS, DOUBLE, REDOUBLE = "PASS", "X", "XX"
VARIANTS = ("floating", "contract")
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}
WASH_THRESHOLD = 4


def card_key(card: str) -> tuple[int, int]:
    """Hand order: suit (C < D < H < S), then rank."""
    return SUITS.index(card[1]), RANKS.index(card[0])


def shuffled_hands(shuffle: Callable[[list[str]], None]) -> list[list[str]]:
    """Shuffle a fresh deck with `shuffle` (in place) and deal 13 cards to each of 4 hands, each sorted."""
    deck = list(DECK)
    shuffle(deck)
    return [sorted(deck[i * 13:(i + 1) * 13], key=card_key) for i in range(4)]


def hand_points(hand: list[str]) -> int:
    """A 4, K 3, Q 2, J 1, plus one for every card beyond four in a suit."""
    points = 0
    for card in hand:
        points += HONOURS.get(card[0], 0)
    for suit in SUITS:
        length = len([card for card in hand if card[1] == suit])
        if length > 4:
            points += length - 4
    return points


def is_weak(hand: list[str]) -> bool:
    """Under 4 points: under the wash rule, Floating Bridge redeals."""
    return hand_points(hand) < WASH_THRESHOLD


def is_bid(call: str) -> bool:
    return call in BIDS


def trick_winner(trick: list[tuple[int, str]], trump: str | None) -> int:
    """The highest trump in the trick wins it; with none, the highest card of the led suit."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card[1] == best[1]:
            if RANKS.index(card[0]) > RANKS.index(best[0]):
                best_seat, best = seat, card
        elif card[1] == trump:
            best_seat, best = seat, card
    return best_seat


class ReferenceDeal:
    """One deal, by seat, as plain mutable values.

    `phase` is "bidding", "partner" (the Floating Bridge declarer names the partner card),
    "playing", "complete" or "passed_out" (four passes, no bid: the driver redeals). `calls` are
    `(seat, call)` in order; `contract` is like "4S", "3NTX", "6HXX" once the auction is won;
    `trick` is the trick being played as `(seat, card)`, `tricks` the completed ones, `leader`
    who leads (led) the current trick: None before play, the last trick's winner once complete.
    """

    def __init__(self, variant: str, hands: list[list[str]], dealer: int, play_all_tricks: bool = False):
        if variant not in VARIANTS:
            raise ValueError(f"unknown variant {variant!r}")
        self.variant = variant
        self.dealer = dealer
        self.hands = [list(hand) for hand in hands]
        self.play_all_tricks = play_all_tricks
        self.phase = "bidding"
        self.calls: list[tuple[int, str]] = []
        self.contract: str | None = None
        self.bid: str | None = None
        self.trump: str | None = None
        self.target = 0
        self.defender_target = 0
        self.declarer: int | None = None
        self.partner_card: str | None = None
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[list[tuple[int, str]]] = []
        self.leader: int | None = None

    # ----- whose move ----------------------------------------------------------------------

    def turn(self) -> int | None:
        """The seat whose call or card it is (the dummy's seat on the dummy's turn); None when over."""
        if self.phase == "bidding":
            opener = 1 if self.variant == "floating" else 0  # Floating: left of the dealer; contract: the dealer
            return (self.dealer + opener + len(self.calls)) % 4
        if self.phase == "partner":
            return self.declarer
        if self.phase == "playing":
            return (self.leader + len(self.trick)) % 4
        return None

    def actor(self) -> int | None:
        """Who makes the move: the turn's seat, or the declarer for the dummy in contract bridge."""
        turn = self.turn()
        if self.variant == "contract" and self.phase == "playing" and turn == (self.declarer + 2) % 4:
            return self.declarer
        return turn

    # ----- the auction ---------------------------------------------------------------------

    def last_bid(self) -> tuple[int | None, str | None, str]:
        """(seat, bid) of the last bid (None, None without one) and its doubling: "", "X" or "XX"."""
        doubling = ""
        for seat, call in reversed(self.calls):
            if is_bid(call):
                return seat, call, doubling
            if call == REDOUBLE:
                doubling = "XX"
            elif call == DOUBLE and doubling == "":
                doubling = "X"
        return None, None, doubling

    def call_error(self, call: str) -> str | None:
        """Why the seat to act may not make `call` now (None: it may)."""
        if call == PASS:
            return None
        if call in (DOUBLE, REDOUBLE):
            if self.variant != "contract":
                return "this game has no doubling"
            seat, bid, doubling = self.last_bid()
            turn = self.turn()
            ours = bid is not None and seat in (turn, (turn + 2) % 4)
            if call == DOUBLE and (bid is None or ours or doubling != ""):
                return "you may double only an opponent's last bid, not yet doubled"
            if call == REDOUBLE and (bid is None or not ours or doubling != "X"):
                return "you may redouble only your side's last bid, doubled and not yet redoubled"
            return None
        if not is_bid(call):
            return f"{call!r} is not a call of this game"
        _, bid, _ = self.last_bid()
        if bid is not None and BIDS.index(call) <= BIDS.index(bid):
            return f"a bid must be higher than {bid}"
        return None

    def legal_calls(self) -> list[str]:
        """PASS, then X and XX where allowed, then every bid above the last, ascending."""
        calls = [PASS]
        for call in (DOUBLE, REDOUBLE):
            if self.variant == "contract" and self.call_error(call) is None:
                calls.append(call)
        _, bid, _ = self.last_bid()
        start = 0 if bid is None else BIDS.index(bid) + 1
        return calls + BIDS[start:]

    def make_call(self, seat: int, call: str) -> None:
        self.calls.append((seat, call))
        if self.variant == "floating" and call == "7NT":
            self.win_auction()
            return
        if len(self.calls) > 3 and all(c == PASS for _, c in self.calls[-3:]):
            if any(is_bid(c) for _, c in self.calls):
                self.win_auction()
            elif len(self.calls) == 4:
                self.phase = "passed_out"

    def win_auction(self) -> None:
        """The last bid with its doubling is the contract; who declares depends on the variant."""
        bidder, bid, doubling = self.last_bid()
        strain = bid[1:]
        if self.variant == "floating":
            declarer = bidder
        else:  # the first of the winning side to name the strain
            side = (bidder, (bidder + 2) % 4)
            declarer = next(s for s, c in self.calls if s in side and is_bid(c) and c[1:] == strain)
        self.declarer = declarer
        self.bid = bid
        self.contract = bid + doubling
        self.trump = None if strain == "NT" else strain
        self.target = int(bid[0]) + 6
        self.defender_target = 13 - self.target + 1
        if self.variant == "floating":
            self.phase = "partner"
        else:
            self.start_play()

    def start_play(self) -> None:
        """The opening lead: the declarer in NT in Floating Bridge, else the player left of the declarer."""
        self.phase = "playing"
        if self.variant == "floating" and self.trump is None:
            self.leader = self.declarer
        else:
            self.leader = (self.declarer + 1) % 4

    # ----- the partner card ----------------------------------------------------------------

    def legal_partner_cards(self) -> list[str]:
        """Every card another player holds, by seat then hand order."""
        cards = []
        for seat, hand in enumerate(self.hands):
            if seat != self.declarer:
                cards.extend(hand)
        return cards

    # ----- card play -----------------------------------------------------------------------

    def trump_broken(self) -> bool:
        """A trump has been played in a completed trick."""
        for trick in self.tricks:
            for _, card in trick:
                if card[1] == self.trump:
                    return True
        return False

    def playable(self) -> tuple[list[str], str | None]:
        """The cards the seat to play may play, and the rule that excludes the others (None: any)."""
        hand = self.hands[self.turn()]
        if self.trick:
            led = self.trick[0][1][1]
            following = [card for card in hand if card[1] == led]
            if following:
                return following, f"you must follow suit ({led})"
            return list(hand), None
        if self.variant == "floating" and self.trump is not None and not self.trump_broken():
            side_suits = [card for card in hand if card[1] != self.trump]
            if side_suits:
                return side_suits, "trump may not be led until it is broken"
        return list(hand), None

    def play_card(self, card: str) -> None:
        seat = self.turn()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            return
        self.tricks.append(self.trick)
        self.leader = trick_winner(self.trick, self.trump)
        self.trick = []
        if self.deal_over():
            self.phase = "complete"

    def possible_partners(self) -> list[int]:
        """The seats that may be the declarer's partner as far as the table can tell: the one who
        played the partner card once it is played (in a completed trick); until then every seat
        but the declarer's that has not shown out of its suit. Contract bridge: the seat opposite."""
        if self.variant == "contract":
            return [(self.declarer + 2) % 4]
        suit = self.partner_card[1]
        ruled_out = [self.declarer]
        for trick in self.tricks:
            led = trick[0][1][1]
            for seat, card in trick:
                if card == self.partner_card:
                    return [seat]
                if card[1] != suit and led == suit and seat not in ruled_out:
                    ruled_out.append(seat)
        return [seat for seat in range(4) if seat not in ruled_out]

    def deal_over(self) -> bool:
        """All 13 tricks are played; or (Floating Bridge, not playing all tricks) a side has
        reached its target whichever of the possible partners is the partner (SPEC §5.6)."""
        if len(self.tricks) == 13:
            return True
        if self.variant != "floating" or self.play_all_tricks:
            return False
        won = self.tricks_won()
        for partner in self.possible_partners():
            ours = won[self.declarer] + won[partner]
            theirs = sum(won) - ours
            if ours < self.target and theirs < self.defender_target:
                return False
        return True

    # ----- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[str]:
        """The calls, partner cards or cards the actor may make now (none when the deal is over)."""
        if self.phase == "bidding":
            return self.legal_calls()
        if self.phase == "partner":
            return self.legal_partner_cards()
        if self.phase == "playing":
            return self.playable()[0]
        return []

    def move(self, position: int, move: str) -> None:
        """Make `move` as the player at `position`, or raise ValueError(reason) if it is illegal."""
        if self.phase in ("complete", "passed_out"):
            raise ValueError("the deal is over")
        if position != self.actor():
            raise ValueError("it is not your turn")
        if not isinstance(move, str):
            raise ValueError(f"{move!r} is not a call or a card")
        if self.phase == "bidding":
            error = self.call_error(move)
            if error is not None:
                raise ValueError(error)
            self.make_call(position, move)
        elif self.phase == "partner":
            if move not in DECK:
                raise ValueError(f"{move!r} is not a card")
            if move in self.hands[self.declarer]:
                raise ValueError(f"you hold {move}: name a card another player holds")
            if not any(move in hand for hand in self.hands):
                raise ValueError(f"nobody holds {move}")
            self.partner_card = move
            self.start_play()
        else:
            if move not in DECK:
                raise ValueError(f"{move!r} is not a card")
            if move not in self.hands[self.turn()]:
                raise ValueError(f"you do not hold {move}")
            playable, rule = self.playable()
            if move not in playable:
                raise ValueError(rule)
            self.play_card(move)

    # ----- results -------------------------------------------------------------------------

    def tricks_won(self) -> list[int]:
        """Completed tricks won by each seat."""
        won = [0, 0, 0, 0]
        for trick in self.tricks:
            won[trick_winner(trick, self.trump)] += 1
        return won

    def partner(self) -> int | None:
        """The declarer's partner: the seat opposite in contract bridge; in Floating Bridge who
        holds the partner card, or who played it. None before there is one."""
        if self.declarer is None:
            return None
        if self.variant == "contract":
            return (self.declarer + 2) % 4
        if self.partner_card is None:
            return None
        for seat, hand in enumerate(self.hands):
            if self.partner_card in hand:
                return seat
        for trick in [*self.tricks, self.trick]:
            for seat, card in trick:
                if card == self.partner_card:
                    return seat
        return None

    def outcome(self) -> tuple[int, int, int, int, bool] | None:
        """(declarer, partner, declarer's side's tricks, defenders' tricks, made) once complete."""
        if self.phase != "complete":
            return None
        partner = self.partner()
        won = self.tricks_won()
        ours = won[self.declarer] + won[partner]
        theirs = sum(won) - ours
        return self.declarer, partner, ours, theirs, ours >= self.target


def new_deal(variant: str, dealer: int, shuffle: Callable[[list[str]], None], play_all_tricks: bool = False,
             wash_rule: bool = True) -> tuple[ReferenceDeal, int]:
    """A freshly shuffled deal and how many washes it took: in Floating Bridge under the wash
    rule a weak hand anywhere redeals, the deal passing left."""
    washes = 0
    while True:
        hands = shuffled_hands(shuffle)
        if variant != "floating" or not wash_rule or not any(is_weak(hand) for hand in hands):
            return ReferenceDeal(variant, hands, dealer, play_all_tricks), washes
        washes += 1
        dealer = (dealer + 1) % 4


def play_game(variant: str, choice: random.Random, shuffle: Callable[[list[str]], None], *,
              play_all_tricks: bool = False, wash_rule: bool = True) -> ReferenceDeal:
    """One complete game as `bench/engine.py` plays one: the first dealer is seat 0; deal (with
    washes in Floating Bridge), auction (a pass-out redeals, the dealer moving left), partner
    card, play to the end. Moves are picked with `choice` by the benchmark's policy, from legal
    moves in our engine's order (calls PASS, X, XX, bids ascending; partner cards by seat then
    hand order; cards in hand order), so a seeded shuffle plays the same game as our engine."""
    game, _ = new_deal(variant, 0, shuffle, play_all_tricks, wash_rule)
    bid_bias = choice.uniform(0.05, 0.6)  # how keen this table is to bid
    while game.phase != "complete":
        actor = game.actor()
        legal = game.legal_moves()
        if game.phase == "bidding":
            if len(legal) == 1 or choice.random() >= bid_bias:
                call = PASS
            else:
                bids = legal[1:]
                call = choice.choice(bids[:3]) if choice.random() < 0.85 else choice.choice(bids)
            game.move(actor, call)
            if game.phase == "passed_out":
                game, _ = new_deal(variant, (game.dealer + 1) % 4, shuffle, play_all_tricks, wash_rule)
        else:
            game.move(actor, choice.choice(legal))
    return game
