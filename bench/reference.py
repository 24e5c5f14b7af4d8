"""A naive reference engine for the bridge family's play and auction (no scoring).

This is what `bench/engine.py` measures our engine against, and the oracle of the differential
test that plays random deals through both and compares every state. It restates the rules of
SPEC §5 (Floating Bridge), §11 (contract bridge), docs/TIGER.md and docs/MEMORY.md exactly as
`functions/bridge` applies them, independently (stdlib only, nothing imported from `bridge`).

Which game is played is a `Rules` value: plain numbers, flags and strings (the seats, the bid
ladder, who opens, the book, how the sides are formed, ...). `rules_of` reads one off a variant
of the engine's registry (`bridge.variants.VARIANTS`) by its attributes alone, so a variant
registered there is played here with no name of a game written anywhere; the rules themselves
(whose turn, what is legal, who wins a trick, who declares, when the deal ends) are restated here.

It is naive on purpose, the way a first version is written in an afternoon: cards are
two-character strings (`"AS"`, `"TD"`, `"2C"`), hands are lists mutated in place, calls are
strings (`"PASS"`, `"X"`, `"XX"`, `"1C"` … `"9S"`), every move is validated, and whatever needs a
count (tricks won, trump broken, who may be the partner) re-scans the tricks. No bit masks, no
caches; nothing deliberately slow either.

Seats are 0 to `seats - 1`, each acting after the one to its right: `(seat + 1) % seats` is the
next to act.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

RANKS = "23456789TJQKA"
SUITS = "CDHS"
#: The 52 cards in our engine's deck order (clubs 2 … spades A): the same shuffle of it deals
#: the same hands as `bridge.dealing.deal_hands`.
DECK = [rank + suit for suit in SUITS for rank in RANKS]
STRAINS = ["C", "D", "H", "S", "NT"]
#: The bids 1C … 7NT, lowest first: by level, then strain (C D H S NT).
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in STRAINS]
PASS, DOUBLE, REDOUBLE = "PASS", "X", "XX"
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: How the sides are formed (`Rules.sides`).
PARTNER_CARD, FIXED_PAIRS, SOLO = "partnerCard", "fixedPairs", "solo"
#: Who of the side that won the auction declares (`Rules.declarer`).
LAST_BIDDER, FIRST_TO_NAME_STRAIN = "lastBidder", "firstToNameStrain"


@dataclass(frozen=True)
class Rules:
    """One game of the family, as plain values.

    `seats` players get `hand_size` cards each. `bids`: the bid ladder, lowest first. `opener`: how
    many seats left of the dealer the first caller sits. `book`: a bid of level n needs n + book
    tricks. `top_bid_ends`: the top bid ends the auction at once. `doubling`: X and XX are calls.
    `declarer`: `LAST_BIDDER`, or `FIRST_TO_NAME_STRAIN` of the side that won the auction. `sides`:
    `PARTNER_CARD` (the declarer names a card and its holder is the secret partner), `FIXED_PAIRS`
    (partners sit opposite) or `SOLO` (each player a side alone). `trump_must_be_broken`: trump may
    not be led until broken (unless the leader holds nothing else). `declarer_leads_no_trump`: in
    no trump the declarer leads, else the player to the declarer's left. `dummy`: the declarer's
    partner is the dummy, played by the declarer. `wash_threshold`: under the wash rule a hand
    with fewer points redeals (None: no wash). `early_end`: the deal ends once a side has its
    target whoever of the possible partners the partner is. `first_half`: the deal opens with
    `hand_size` no-trump tricks from half the deck, led by the player left of the dealer; the rest
    of the deck is dealt then, and a pass-out after it ends the deal. `same_dealer_after_pass_out`:
    the scorings under which a passed-out deal is dealt again by the same dealer."""

    seats: int
    hand_size: int
    bids: tuple[str, ...]
    opener: int
    book: int
    top_bid_ends: bool
    doubling: bool
    declarer: str
    sides: str
    trump_must_be_broken: bool
    declarer_leads_no_trump: bool
    dummy: bool
    wash_threshold: int | None
    early_end: bool
    first_half: bool
    same_dealer_after_pass_out: frozenset[str] = frozenset()

    def partner_of(self, seat: int) -> int:
        """The seat's fixed partner: the seat opposite, or (a player alone) itself."""
        return seat if self.sides == SOLO else (seat + self.seats // 2) % self.seats


def rules_of(variant: Any) -> Rules:
    """The `Rules` of one of the engine's variants (a `bridge.variant.Variant`), read off its
    attributes: its data, with every rule restated here. Its sides are read off its sides rule
    as a table sees them: a partner card where the sides of a double-dummy table need the deal's
    declarer and partner, fixed pairs where a seat has a partner from the start, else each player
    alone; a first half where one of its phases is called so."""
    auction, play, seats = variant.auction, variant.play, variant.seats
    if variant.sides.table_sides(seats, None, None) is None:
        sides = PARTNER_CARD
    else:
        sides = FIXED_PAIRS if variant.sides.partner_of(0) != 0 else SOLO
    return Rules(
        seats=variant.seats,
        hand_size=variant.hand_size,
        bids=tuple(str(bid) for bid in auction.ladder),
        opener=auction.opener,
        book=auction.book,
        top_bid_ends=auction.top_bid_ends,
        doubling=auction.doubling,
        declarer=auction.declarer.value,
        sides=sides,
        trump_must_be_broken=play.trump_must_be_broken,
        declarer_leads_no_trump=play.declarer_leads_no_trump,
        dummy=play.dummy,
        wash_threshold=variant.wash_threshold,
        early_end=variant.early_end,
        first_half=any(phase.phase.value == "firstHalf" for phase in variant.phases),
        same_dealer_after_pass_out=frozenset(auction.same_dealer_after_pass_out),
    )


def card_key(card: str) -> tuple[int, int]:
    """Hand order: suit (C < D < H < S), then rank."""
    return SUITS.index(card[1]), RANKS.index(card[0])


def shuffled_hands(shuffle: Callable[[list[str]], None], hands: int = 4, size: int = 13) -> list[list[str]]:
    """Shuffle a fresh deck with `shuffle` (in place) and deal `size` cards to each of `hands`
    hands in turn from the top, each sorted."""
    deck = list(DECK)
    shuffle(deck)
    return [sorted(deck[i * size:(i + 1) * size], key=card_key) for i in range(hands)]


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


def is_weak(hand: list[str], threshold: int | None) -> bool:
    """Under the wash rule, a hand of fewer points than the game's threshold redeals."""
    return threshold is not None and hand_points(hand) < threshold


def strain_of(bid: str) -> str:
    return "NT" if bid.endswith("NT") else bid[-1]


def level_of(bid: str) -> int:
    return int(bid[:len(bid) - len(strain_of(bid))])


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

    `phase` is "first_half" (the no-trump tricks before the auction, where the rules have them),
    "bidding", "partner" (the declarer names the partner card), "playing", "complete" or
    "passed_out" (every seat passed, no bid: the driver redeals). `calls` are `(seat, call)` in
    order; `contract` is like "4S", "3NTX", "6HXX" once the auction is won (None if the deal ends
    passed out); `trick` is the trick being played as `(seat, card)`, `tricks` the completed ones
    of the half being played, `leader` who leads (led) the current trick: None in the auction, the
    last trick's winner once complete. `stock`: the hands still to be dealt for the second half;
    `first_tricks`: the first half's tricks once it is over.
    """

    def __init__(self, rules: Rules, hands: list[list[str]], dealer: int, play_all_tricks: bool = False,
                 stock: list[list[str]] | None = None):
        self.rules = rules
        self.dealer = dealer
        self.hands = [list(hand) for hand in hands]
        self.stock = [list(hand) for hand in stock] if stock is not None else []
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
        self.first_tricks: list[list[tuple[int, str]]] = []
        self.leader: int | None = None
        if rules.first_half:
            self.phase = "first_half"
            self.leader = (dealer + 1) % rules.seats

    # ----- whose move ----------------------------------------------------------------------

    def turn(self) -> int | None:
        """The seat whose call or card it is (the dummy's seat on the dummy's turn); None when over."""
        seats = self.rules.seats
        if self.phase == "bidding":
            return (self.dealer + self.rules.opener + len(self.calls)) % seats
        if self.phase == "partner":
            return self.declarer
        if self.phase in ("playing", "first_half"):
            return (self.leader + len(self.trick)) % seats
        return None

    def actor(self) -> int | None:
        """Who makes the move: the turn's seat, or the declarer for the dummy."""
        turn = self.turn()
        if self.rules.dummy and self.phase == "playing" and turn == self.rules.partner_of(self.declarer):
            return self.declarer
        return turn

    # ----- the auction ---------------------------------------------------------------------

    def last_bid(self) -> tuple[int | None, str | None, str]:
        """(seat, bid) of the last bid (None, None without one) and its doubling: "", "X" or "XX"."""
        doubling = ""
        for seat, call in reversed(self.calls):
            if call in self.rules.bids:
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
            if not self.rules.doubling:
                return "this game has no doubling"
            seat, bid, doubling = self.last_bid()
            turn = self.turn()
            ours = bid is not None and seat in (turn, self.rules.partner_of(turn))
            if call == DOUBLE and (bid is None or ours or doubling != ""):
                return "you may double only an opponent's last bid, not yet doubled"
            if call == REDOUBLE and (bid is None or not ours or doubling != "X"):
                return "you may redouble only your side's last bid, doubled and not yet redoubled"
            return None
        if call not in self.rules.bids:
            return f"{call!r} is not a call of this game"
        _, bid, _ = self.last_bid()
        if bid is not None and self.rules.bids.index(call) <= self.rules.bids.index(bid):
            return f"a bid must be higher than {bid}"
        return None

    def legal_calls(self) -> list[str]:
        """PASS, then X and XX where allowed, then every bid above the last, ascending."""
        calls = [PASS]
        for call in (DOUBLE, REDOUBLE):
            if self.rules.doubling and self.call_error(call) is None:
                calls.append(call)
        _, bid, _ = self.last_bid()
        start = 0 if bid is None else self.rules.bids.index(bid) + 1
        return calls + list(self.rules.bids[start:])

    def make_call(self, seat: int, call: str) -> None:
        self.calls.append((seat, call))
        rules = self.rules
        if rules.top_bid_ends and call == rules.bids[-1]:
            self.win_auction()
            return
        others = rules.seats - 1  # an auction ends when every other seat passes after a call
        if len(self.calls) > others and all(c == PASS for _, c in self.calls[-others:]):
            if any(c in rules.bids for _, c in self.calls):
                self.win_auction()
            elif len(self.calls) == rules.seats:
                # Nobody bid. After a first half half the deck is known: the deal ends unplayed.
                self.phase = "complete" if rules.first_half else "passed_out"

    def next_dealer(self, scoring: str) -> int:
        """Who deals a passed-out deal again: the same dealer under some scorings, else the next."""
        if scoring in self.rules.same_dealer_after_pass_out:
            return self.dealer
        return (self.dealer + 1) % self.rules.seats

    def win_auction(self) -> None:
        """The last bid with its doubling is the contract; who declares is the rules' to say."""
        bidder, bid, doubling = self.last_bid()
        strain = strain_of(bid)
        rules = self.rules
        if rules.declarer == LAST_BIDDER:
            declarer = bidder
        else:  # the first of the winning side to name the strain
            side = (bidder, rules.partner_of(bidder))
            declarer = next(s for s, c in self.calls if s in side and c in rules.bids and strain_of(c) == strain)
        self.declarer = declarer
        self.bid = bid
        self.contract = bid + doubling
        self.trump = None if strain == "NT" else strain
        self.target = level_of(bid) + rules.book
        self.defender_target = rules.hand_size - self.target + 1
        if rules.sides == PARTNER_CARD:
            self.phase = "partner"
        else:
            self.start_play()

    def start_play(self) -> None:
        """The opening lead: the declarer in NT where the rules say so, else the player left of the declarer."""
        self.phase = "playing"
        if self.rules.declarer_leads_no_trump and self.trump is None:
            self.leader = self.declarer
        else:
            self.leader = (self.declarer + 1) % self.rules.seats

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
        if self.rules.trump_must_be_broken and self.trump is not None and not self.trump_broken():
            side_suits = [card for card in hand if card[1] != self.trump]
            if side_suits:
                return side_suits, "trump may not be led until it is broken"
        return list(hand), None

    def play_card(self, card: str) -> None:
        seat = self.turn()
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.rules.seats:
            return
        self.tricks.append(self.trick)
        self.leader = trick_winner(self.trick, self.trump)
        self.trick = []
        if self.phase == "first_half":
            if len(self.tricks) == self.rules.hand_size:  # the rest of the deck is dealt; the auction opens
                self.first_tricks, self.tricks = self.tricks, []
                self.hands, self.stock = self.stock, []
                self.phase, self.leader = "bidding", None
        elif self.deal_over():
            self.phase = "complete"

    def possible_partners(self) -> list[int]:
        """The seats that may be the declarer's partner as far as the table can tell: with a
        partner card, the one who played it once it is played (in a completed trick), until then
        every seat but the declarer's that has not shown out of its suit; else the fixed partner."""
        if self.rules.sides != PARTNER_CARD:
            return [self.rules.partner_of(self.declarer)]
        suit = self.partner_card[1]
        ruled_out = [self.declarer]
        for trick in self.tricks:
            led = trick[0][1][1]
            for seat, card in trick:
                if card == self.partner_card:
                    return [seat]
                if card[1] != suit and led == suit and seat not in ruled_out:
                    ruled_out.append(seat)
        return [seat for seat in range(self.rules.seats) if seat not in ruled_out]

    def side_tricks(self, partner: int) -> tuple[int, int]:
        """Tricks won by (the declarer's side, the defenders) if `partner` is the partner."""
        won = self.tricks_won()
        ours = sum(won[seat] for seat in {self.declarer, partner})
        return ours, sum(won) - ours

    def deal_over(self) -> bool:
        """Every trick is played; or (where the rules end a deal early, and not playing all
        tricks) a side has reached its target whichever of the possible partners is the partner."""
        if len(self.tricks) == self.rules.hand_size:
            return True
        if not self.rules.early_end or self.play_all_tricks:
            return False
        for partner in self.possible_partners():
            ours, theirs = self.side_tricks(partner)
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
        if self.phase in ("playing", "first_half"):
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
        """Completed tricks of the half being played won by each seat."""
        won = [0] * self.rules.seats
        for trick in self.tricks:
            won[trick_winner(trick, self.trump)] += 1
        return won

    def partner(self) -> int | None:
        """The declarer's partner: the fixed one (a player alone: the declarer); with a partner
        card who holds it, or who played it. None before there is one."""
        if self.declarer is None:
            return None
        if self.rules.sides != PARTNER_CARD:
            return self.rules.partner_of(self.declarer)
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

    def partner_revealed(self) -> bool:
        """The table knows the sides: at once where they are fixed, else once the partner card is played."""
        if self.declarer is None:
            return False
        if self.rules.sides != PARTNER_CARD:
            return True
        return any(card == self.partner_card for trick in (*self.tricks, self.trick) for _, card in trick)

    def known_side(self, position: int) -> list[int]:
        """The seats the table knows to be on `position`'s side: a player alone by itself; else,
        once the table knows the sides, the declarer's side or the defenders; before, itself."""
        if self.rules.sides == SOLO or not self.partner_revealed():
            return [position]
        declarers = {self.declarer, self.partner()}
        if position in declarers:
            return sorted(declarers)
        return [seat for seat in range(self.rules.seats) if seat not in declarers]

    def outcome(self) -> tuple[int, int, int, int, bool] | None:
        """(declarer, partner, declarer's side's tricks, defenders' tricks, made) once complete
        with a contract."""
        if self.phase != "complete" or self.declarer is None:
            return None
        partner = self.partner()
        ours, theirs = self.side_tricks(partner)
        return self.declarer, partner, ours, theirs, ours >= self.target


def new_deal(rules: Rules, dealer: int, shuffle: Callable[[list[str]], None], play_all_tricks: bool = False,
             wash_rule: bool = True) -> tuple[ReferenceDeal, int]:
    """A freshly shuffled deal and how many washes it took: under the wash rule a weak hand
    anywhere redeals, the deal passing left. Where the rules have a first half, the whole deck is
    dealt at once, the first half's hands then the second's, and played as dealt."""
    if rules.first_half:
        hands = shuffled_hands(shuffle, 2 * rules.seats, rules.hand_size)
        return ReferenceDeal(rules, hands[:rules.seats], dealer, play_all_tricks, hands[rules.seats:]), 0
    washes = 0
    while True:
        hands = shuffled_hands(shuffle, rules.seats, rules.hand_size)
        if not wash_rule or not any(is_weak(hand, rules.wash_threshold) for hand in hands):
            return ReferenceDeal(rules, hands, dealer, play_all_tricks), washes
        washes += 1
        dealer = (dealer + 1) % rules.seats


def play_game(rules: Rules, choice: random.Random, shuffle: Callable[[list[str]], None], *,
              play_all_tricks: bool = False, wash_rule: bool = True, scoring: str = "") -> ReferenceDeal:
    """One complete game as `bench/engine.py` plays one: the first dealer is seat 0; deal (with
    washes where the rules have them), first half, auction (a pass-out redeals, the dealer moving
    left or staying under `scoring`, unless it ends the deal), partner card, play to the end.
    Moves are picked with `choice` by the benchmark's policy, from legal moves in our engine's
    order (calls PASS, X, XX, bids ascending; partner cards by seat then hand order; cards in hand
    order), so a seeded shuffle plays the same game as our engine."""
    game, _ = new_deal(rules, 0, shuffle, play_all_tricks, wash_rule)
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
                game, _ = new_deal(rules, game.next_dealer(scoring), shuffle, play_all_tricks, wash_rule)
        else:
            game.move(actor, choice.choice(legal))
    return game
