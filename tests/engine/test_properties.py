"""Properties over random complete games of every variant (SPEC §5-§7, §11, docs/TIGER.md,
docs/MEMORY.md).

Hypothesis picks a seed, a bidding style and the room settings (a scoring and the options the
variant takes); a `random.Random` seeded from it shuffles every deal and picks every move among
the legal ones. The rules are restated here independently of the engine (on wire strings, not
engine types), and the engine must agree with them at every step.

Every property is played for every variant in the registry (`bridge.variants.VARIANTS`). What a
rule depends on is read off the variant's data once, as plain values (`bench.reference.Rules`:
the seats, the hand size, the ladder, the opener, the book, the sides, the first half, ...), and
the referee's expectations follow from those values, never from a game's name: a variant
registered is refereed with nothing written for it.

Four properties, sized to keep the suite fast (see the constants by each):
  * `test_random_games_follow_the_rules`: many games, cheap checks at every step (cards
    conserved, the first half, auction and dealer bookkeeping, the declarer, the contract's
    doubling and targets, the opening leader, who plays the dummy, trick winners, when the deal
    stops, results).
  * `test_every_state_validates_every_move_and_leaks_nothing`: fewer games through the
    Room API with every state probed (all 52 cards / every call of levels 1-9 against the
    legal actions and the independently computed reason, document round trip, what each player
    can see, stats), some of them abandoned mid-way.
  * `test_the_deal_ends_on_public_facts_alone` (variants whose partner is named by a card):
    after every trick completed with the partner card unplayed, the room's status agrees with
    an oracle that reads the public room document only (SPEC §5.6).
  * `test_the_public_room_is_the_same_whichever_possible_partner_holds_the_partner_card`
    (the same variants): the same moves on a deal where another possible partner holds the
    partner card give the same public room document, status included, until the card is played.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.reference import LAST_BIDDER, PARTNER_CARD, Rules, rules_of
from bridge import (
    DECK,
    PASS,
    BridgeError,
    Card,
    Deal,
    Phase,
    Reason,
    Room,
    Settings,
    Status,
    documents,
    new_deal,
    parse_call,
    state,
)
from bridge.deal import PLAY_ALL_TRICKS, WASH_RULE
from bridge.room import stat_changes
from bridge.variant import Variant
from bridge.variants import VARIANTS

from .conftest import PLAYERS, acted, cards_in_document, check_error, property_settings, room_with

# ----- the rules, restated on wire strings ----------------------------------------------------

RANKS = "23456789TJQKA"
#: Every call one may send: PASS, X, XX and every bid the wire reads (levels 1-9); each game's
#: ladder is some of the bids, the rest are off it.
CALLS = ["PASS", "X", "XX"] + [f"{level}{strain}" for level in range(1, 10) for strain in ("C", "D", "H", "S", "NT")]
ALL_CARDS = [r + s for s in "CDHS" for r in RANKS]
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}
#: Every variant, and those whose declarer names a partner card (the partner is secret until it is played).
NAMES = list(VARIANTS)
PARTNER_CARD_NAMES = [name for name, variant in VARIANTS.items() if rules_of(variant).sides == PARTNER_CARD]


def points(hand: list[str]) -> int:
    lengths = Counter(c[1] for c in hand)
    return sum(HONOURS.get(c[0], 0) for c in hand) + sum(max(0, n - 4) for n in lengths.values())


def trump_letter(bid: str) -> str | None:
    return None if bid.endswith("NT") else bid[-1]


def strain_of(bid: str) -> str:
    return "NT" if bid.endswith("NT") else bid[-1]


def level_of(bid: str) -> int:
    return int(bid[:-len(strain_of(bid))])


def targets(rules: Rules, bid: str) -> tuple[int, int]:
    """Tricks the declarer's side needs (the level beyond the book) and the defenders need (one
    more than the declarer's side may lose)."""
    target = level_of(bid) + rules.book
    return target, rules.hand_size - target + 1


def trick_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """The highest trump, else the highest card of the led suit."""
    led = plays[0][1][1]
    pool = [p for p in plays if p[1][1] == trump] or [p for p in plays if p[1][1] == led]
    return max(pool, key=lambda p: RANKS.index(p[1][0]))[0]


Tricks = list[list[tuple[int, str]]]  # each trick's (position, card) plays in order


def wire_tricks(tricks) -> Tricks:
    return [[(p.position, str(p.card)) for p in t.plays] for t in tricks]


def possible_partners(rules: Rules, declarer: int, partner_card: str | None, tricks: Tricks) -> list[int]:
    """Who may be the declarer's partner for all the table can tell. With fixed sides, the fixed
    partner. With a partner card: whoever played it; until then every seat but the declarer's
    that has not played another suit to a lead of its suit."""
    if rules.sides != PARTNER_CARD:
        return [rules.partner_of(declarer)]
    suit = partner_card[1]
    ruled_out = {declarer}
    for plays in tricks:
        for position, card in plays:
            if card == partner_card:
                return [position]
            if plays[0][1][1] == suit and card[1] != suit:
                ruled_out.add(position)
    return [p for p in range(rules.seats) if p not in ruled_out]


def deal_over(rules: Rules, bid: str, declarer: int, partner_card: str | None, tricks: Tricks,
              play_all_tricks: bool) -> bool:
    """After the completed `tricks`: every trick is played or, where the game ends a deal early
    and unless playing them all, for every possible partner one side has its target."""
    if len(tricks) == rules.hand_size:
        return True
    if not rules.early_end or play_all_tricks:
        return False
    won = Counter(trick_winner(plays, trump_letter(bid)) for plays in tricks)
    target, defender_target = targets(rules, bid)

    def decided(partner: int) -> bool:
        ours = sum(won[p] for p in {declarer, partner})
        return ours >= target or len(tricks) - ours >= defender_target

    return all(decided(p) for p in possible_partners(rules, declarer, partner_card, tricks))


def play_reason(rules: Rules, hand: list[str], card: str, led: str | None, trump: str | None,
                broken: bool) -> Reason | None:
    if card not in hand:
        return Reason.CARD_NOT_IN_HAND
    if led is not None:
        return Reason.MUST_FOLLOW_SUIT if card[1] != led and any(c[1] == led for c in hand) else None
    if (rules.trump_must_be_broken and trump is not None and card[1] == trump and not broken
            and any(c[1] != trump for c in hand)):
        return Reason.TRUMP_NOT_BROKEN
    return None


def last_bid(rules: Rules, calls: list[tuple[int, str]]) -> tuple[int | None, str | None, str]:
    """The last bid's caller and text (None, None: no bid) and how it stands doubled ("", "X", "XX")."""
    doubling = ""
    for position, call in reversed(calls):
        if call in rules.bids:
            return position, call, doubling
        if call == "XX" or (call == "X" and not doubling):
            doubling = call
    return None, None, ""


def call_reason(rules: Rules, call: str, calls: list[tuple[int, str]], turn: int) -> Reason | None:
    """Why the player at `turn` may not make `call` after `calls` (None: they may)."""
    if call == "PASS":
        return None
    bidder, highest, doubling = last_bid(rules, calls)
    if call in ("X", "XX"):
        if not rules.doubling:
            return Reason.INVALID_BID
        ours = bidder is not None and bidder in (turn, rules.partner_of(turn))
        if call == "X":
            return Reason.CANNOT_DOUBLE if highest is None or ours or doubling else None
        return Reason.CANNOT_REDOUBLE if highest is None or not ours or doubling != "X" else None
    if call not in rules.bids:
        return Reason.INVALID_BID
    if highest is not None and rules.bids.index(call) <= rules.bids.index(highest):
        return Reason.BID_TOO_LOW
    return None


def call_mentions(rules: Rules, reason: Reason | None, calls: list[tuple[int, str]]) -> list[str]:
    """What a refused call's message may name: the highest bid (too low), the ladder's ends (off it)."""
    if reason is Reason.BID_TOO_LOW:
        return [last_bid(rules, calls)[1]]
    if reason is Reason.INVALID_BID:
        return [rules.bids[0], rules.bids[-1]]
    return []


def strs(cards) -> list[str]:
    return [str(c) for c in cards]


def wire_calls(game: Deal) -> list[tuple[int, str]]:
    return [(e.position, str(e.call)) for e in game.calls]


# ----- random play ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How a table plays: `bid_bias` is the chance to bid (or double) rather than pass when it
    may; bids mostly raise a little, sometimes jump, so contracts of every level occur."""

    settings: Settings
    bid_bias: float
    seed: int


def settings_of(variant: Variant, *, early_end: bool = False) -> st.SearchStrategy[Settings]:
    """Room settings of `variant`: any of its scorings, and every true-or-false option it takes
    drawn (`early_end`: the deal may end early, so `playAllTricks` off); the other options at
    their defaults."""
    options = {option.wire: st.booleans() for option in variant.options if isinstance(option.default, bool)}
    if early_end and "playAllTricks" in options:
        options["playAllTricks"] = st.just(False)
    changes = st.fixed_dictionaries({"variant": st.just(variant.name), "scoring": st.sampled_from(variant.scorings),
                                     "inviteOnly": st.booleans(), **options})
    return changes.map(lambda wire: Settings().with_changes(Settings.parse_changes(wire)))


def styles(name: str, *, early_end: bool = False) -> st.SearchStrategy[Style]:
    return st.builds(
        Style,
        settings=settings_of(VARIANTS[name], early_end=early_end),
        bid_bias=st.floats(0.05, 0.6),  # 0.6+ mostly climbs to the top; 0.05 often passes out
        seed=st.integers(0, 2**32 - 1),
    )


def next_action(game: Deal, rng: random.Random, bid_bias: float):
    """A random legal action for the player to act (`Deal.legal_actions`)."""
    legal = game.legal_actions()
    if game.phase is not Phase.BIDDING:
        return rng.choice(legal)
    if len(legal) == 1 or rng.random() >= bid_bias:
        return PASS
    doubles = [a for a in legal if str(a) in ("X", "XX")]
    if doubles and rng.random() < 0.3:
        return rng.choice(doubles)
    bids = [a for a in legal if a is not PASS and a not in doubles]
    if not bids:
        return rng.choice(doubles)
    return rng.choice(bids[:3]) if rng.random() < 0.85 else rng.choice(bids)


def apply(game: Deal, action, rng: random.Random) -> Deal:
    return game.act(game.actor, action, rng)


# Bounds that make "the auction always terminates" checkable: an auction has at most one bid of
# each rung of the ladder, each followed by at most one double, one redouble and a pass from every
# other seat; a pass-out has chance <= 0.95**4 = 0.81 at the bid biases used, so 500 in one game has
# chance ~1e-46 (with two seats, 0.95**2: still ~1e-24).
MAX_REDEALS = 500


def max_calls(rules: Rules) -> int:
    return len(rules.bids) * (2 + rules.seats) + rules.seats


class Referee:
    """Follows one deal move by move, keeping its own account of the rules, and checks the
    engine's state after every move against it. `first_dealer`: who dealt the first deal."""

    def __init__(self, game: Deal, first_dealer: int = 0) -> None:
        self.rules = rules_of(game.variant)
        self.passouts = 0
        self.dealer = first_dealer  # who deals the next deal, before any wash
        self.new_deal(game, washes=0)

    def new_deal(self, game: Deal, washes: int) -> None:
        """A fresh deal (first, or after a pass-out; `washes` before it): dealt fairly, the dealer
        where it should be, the first half or the auction opened by the right seat."""
        rules = self.rules
        assert game.calls == () and game.contract is None and game.tricks == () and game.first_tricks == ()
        assert game.dealer == (self.dealer + game.washes - washes) % rules.seats  # a wash passes the deal left
        self.dealer = game.dealer
        assert len(game.hands) == rules.seats and all(len(hand) == rules.hand_size for hand in game.hands)
        if WASH_RULE.of(game.settings) and rules.wash_threshold is not None:
            assert all(points(strs(hand)) >= rules.wash_threshold for hand in game.hands)
        else:
            assert game.washes == washes
        if rules.first_half:  # the rest of the deck waits; the player left of the dealer leads
            assert len(game.stock) == rules.seats and all(len(hand) == rules.hand_size for hand in game.stock)
            assert game.phase is Phase.FIRST_HALF and game.trick.leader == (game.dealer + 1) % rules.seats
        else:
            assert game.stock == ()
            self.auction_opens(game)
        self.first_won = [0] * rules.seats
        self.calls_this_auction = 0
        self.partner: int | None = None
        self.partner_card: str | None = None
        self.broken = False
        self.won = [0] * rules.seats
        self.tricks_seen = 0

    def auction_opens(self, game: Deal) -> None:
        assert game.phase is Phase.BIDDING and game.calls == ()
        assert game.turn == game.actor == (game.dealer + self.rules.opener) % self.rules.seats

    def check(self, before: Deal, action, after: Deal) -> None:
        check_conserved(after)
        if before.phase is Phase.BIDDING:
            self.after_call(before, str(action), after)
        elif before.phase is Phase.CHOOSING_TEAMMATE:
            assert after.contract == before.contract and after.phase is Phase.PLAYING
            self.partner = next(p for p, hand in enumerate(before.hands) if action in hand)
            self.partner_card = str(action)
            self.opening_lead(after)
        elif before.phase is Phase.FIRST_HALF:
            self.after_first_half_card(before, after)
        else:
            self.after_card(before, after)

    def after_call(self, before: Deal, call: str, after: Deal) -> None:
        rules = self.rules
        self.calls_this_auction += 1
        assert self.calls_this_auction <= max_calls(rules)
        positions = [(before.dealer + rules.opener + i) % rules.seats for i in range(len(before.calls) + 1)]
        calls = list(zip(positions, [text for _, text in wire_calls(before)] + [call], strict=True))
        texts = [text for _, text in calls]
        bids = [(position, text) for position, text in calls if text in rules.bids]
        others = rules.seats - 1  # an auction ends when every other seat passes after a call
        if (rules.top_bid_ends and call == rules.bids[-1]) or (
                bids and len(calls) > others and texts[-others:] == ["PASS"] * others):
            self.auction_won(calls, bids, after)
        elif texts == ["PASS"] * rules.seats:
            self.passouts += 1
            assert self.passouts <= MAX_REDEALS
            if before.board is not None or rules.first_half:  # played as dealt: over, unplayed
                assert after.phase is Phase.COMPLETE and after.is_finished and after.turn is None
                assert after.contract is None and after.outcome() is None and after.hands == before.hands
                assert wire_calls(after) == calls
                return
            same = before.settings.scoring in rules.same_dealer_after_pass_out
            self.dealer = before.dealer if same else (before.dealer + 1) % rules.seats
            assert after.washes >= before.washes and after.hands != before.hands
            self.new_deal(after, before.washes)
        else:
            assert after.phase is Phase.BIDDING and wire_calls(after) == calls
            assert after.turn == (before.turn + 1) % rules.seats

    def auction_won(self, calls: list[tuple[int, str]], bids: list[tuple[int, str]], after: Deal) -> None:
        """The last bid, doubled as the calls after it say, is the contract; the declarer is its
        bidder, or the first of the bidder's side to name its strain."""
        rules = self.rules
        bidder, bid = bids[-1]
        _, _, doubling = last_bid(rules, calls)
        if rules.declarer == LAST_BIDDER:
            declarer = bidder
        else:
            side = (bidder, rules.partner_of(bidder))
            declarer = next(p for p, text in bids if p in side and strain_of(text) == strain_of(bid))
        contract = after.contract
        assert str(contract) == bid + doubling and contract.declarer == declarer
        assert (contract.target, contract.defender_target) == targets(rules, bid)
        assert wire_calls(after) == calls
        if rules.sides == PARTNER_CARD:  # the declarer names the partner card
            assert after.phase is Phase.CHOOSING_TEAMMATE and after.turn == after.actor == declarer
        else:
            self.partner = rules.partner_of(declarer)
            assert after.partner == self.partner and after.partner_revealed
            self.opening_lead(after)

    def opening_lead(self, after: Deal) -> None:
        """The declarer leads in no trump where the game says so; else the player to their left."""
        rules, contract = self.rules, after.contract
        assert after.phase is Phase.PLAYING and after.trick.plays == () and after.dummy is None
        no_trump = contract.trump is None
        leader = contract.declarer if no_trump and rules.declarer_leads_no_trump else \
            (contract.declarer + 1) % rules.seats
        assert after.trick.leader == leader

    def after_first_half_card(self, before: Deal, after: Deal) -> None:
        """No-trump tricks of half the deck; after the last, the stock is dealt and the auction opens."""
        rules = self.rules
        if len(before.trick.plays) + 1 < rules.seats:
            assert after.phase is Phase.FIRST_HALF and after.trick.leader == before.trick.leader
            assert after.turn == after.actor == (before.turn + 1) % rules.seats
            return
        over = len(before.tricks) + 1 == rules.hand_size
        done = wire_tricks((after.first_tricks if over else after.tricks)[-1:])[0]
        assert done[:-1] == wire_tricks([before.trick])[0] and done[-1][0] == before.turn
        winner = trick_winner(done, None)
        self.first_won[winner] += 1
        if not over:
            assert after.phase is Phase.FIRST_HALF and after.trick.leader == winner and after.trick.plays == ()
            assert list(after.tricks_won) == self.first_won
            return
        assert after.first_tricks[:-1] == before.tricks and after.hands == before.stock and after.stock == ()
        assert after.tricks_won == (0,) * rules.seats
        self.auction_opens(after)

    def after_card(self, before: Deal, after: Deal) -> None:
        rules = self.rules
        declarer = before.contract.declarer
        if len(after.tricks) == self.tricks_seen:
            assert after.trick.leader == before.trick.leader and after.turn == (before.turn + 1) % rules.seats
            self.check_actor(after)
            return
        # a trick was completed: its winner follows the rule, and leads next unless the deal ended
        self.tricks_seen += 1
        done = after.tricks[-1]
        bid = str(before.contract.bid)
        trump = trump_letter(bid)
        winner = trick_winner([(p.position, str(p.card)) for p in done.plays], trump)
        self.won[winner] += 1
        self.broken = self.broken or any(str(p.card)[1] == trump for p in done.plays)
        assert list(after.tricks_won) == self.won
        assert after.trump_broken == self.broken
        side = {declarer, self.partner}
        ours = sum(self.won[p] for p in side)
        theirs = self.tricks_seen - ours
        target, defender_target = targets(rules, bid)
        tricks = wire_tricks(after.tricks)
        assert self.partner in possible_partners(rules, declarer, self.partner_card, tricks)
        if deal_over(rules, bid, declarer, self.partner_card, tricks, PLAY_ALL_TRICKS.of(before.settings)):
            assert after.phase is Phase.COMPLETE and after.turn is None and after.actor is None
            outcome = after.outcome()
            assert (outcome.declarer_tricks, outcome.defender_tricks) == (ours, theirs)
            assert outcome.partner == self.partner and outcome.declarer == declarer
            assert outcome.made == (ours >= target)
            assert outcome.made != (theirs >= defender_target)  # exactly one side reached its target
            assert set(outcome.winners) == (side if outcome.made else set(range(rules.seats)) - side)
        else:
            assert after.phase is Phase.PLAYING and after.trick.leader == winner and after.trick.plays == ()
            self.check_actor(after)

    def check_actor(self, after: Deal) -> None:
        """The declarer plays the dummy's cards, and the dummy is shown from the opening lead on."""
        rules, declarer = self.rules, after.contract.declarer
        dummy = rules.partner_of(declarer) if rules.dummy else None
        assert after.actor == (declarer if after.turn == dummy else after.turn)
        assert after.dummy == (None if dummy is None else (dummy, after.hands[dummy]))


def played_cards(game: Deal) -> list[Card]:
    """Every card played in the deal: the first half's, then this half's completed tricks and the trick under way."""
    tricks = (*game.first_tricks, *game.tricks, *((game.trick,) if game.trick else ()))
    return [p.card for t in tricks for p in t.plays]


def check_conserved(game: Deal) -> None:
    """The 52 cards are all somewhere, once: in a hand, the stock still to deal, the trick being
    played, or a trick done; every completed trick has a card from every seat."""
    held = [c for hand in (*game.hands, *game.stock) for c in hand]
    everything = held + played_cards(game)
    assert len(everything) == 52 and set(everything) == DECK_SET
    seats = len(game.players)
    assert all(sorted(p.position for p in t.plays) == list(range(seats)) for t in (*game.first_tricks, *game.tricks))


DECK_SET = frozenset(DECK)


def play_refereed_game(style: Style, rng: random.Random) -> Deal:
    variant = VARIANTS[style.settings.variant]
    game = new_deal(variant, PLAYERS[:variant.seats], style.settings, 0, rng)
    check_conserved(game)
    referee = Referee(game)
    while game.phase is not Phase.COMPLETE:
        action = next_action(game, rng, style.bid_bias)
        after = apply(game, action, rng)  # a legal move is always accepted
        referee.check(game, action, after)
        game = after
    return game


# ----- property 1: many complete games ------------------------------------------------------

#: Examples per variant, and games each plays.
CHEAP_EXAMPLES, GAMES_PER_EXAMPLE = 100, 10


@pytest.mark.parametrize("name", NAMES)
@property_settings(CHEAP_EXAMPLES)
@given(data=st.data())
def test_random_games_follow_the_rules(name: str, data: st.DataObject) -> None:
    style = data.draw(styles(name))
    rng = random.Random(style.seed)
    for _ in range(GAMES_PER_EXAMPLE):
        game = play_refereed_game(style, rng)
        assert game.phase is Phase.COMPLETE


# ----- property 2: every state probed --------------------------------------------------------

PROBE_RNG_SEED = 0  # probes that would redeal shuffle a throwaway generator, not the game's


def probe_moves(game: Deal) -> None:
    """Every call / card, by the player to act and by the others, is accepted exactly when the
    rules say so (`Deal.act`; told by `Deal.legal_actions`), and rejected with the reason they
    give (and a message naming no other card)."""
    rules = rules_of(game.variant)
    phase, turn, actor = game.phase, game.turn, game.actor
    throwaway = random.Random(PROBE_RNG_SEED)

    def expect(position: int, action, reason: Reason | None, mentions: list[str] = ()) -> None:
        try:
            game.act(position, action, throwaway)
        except BridgeError as error:
            check_error(error, reason, mentions)
            return
        assert reason is None, (position, action)

    others = [p for p in range(rules.seats) if p != actor]  # the dummy's seat too, on its turn
    legal = set(map(str, game.legal_actions()))
    if phase is Phase.BIDDING:
        calls = wire_calls(game)
        for i, text in enumerate(CALLS):
            reason = call_reason(rules, text, calls, turn)
            assert (text in legal) == (reason is None), (text, reason)
            expect(actor, parse_call(text), reason, call_mentions(rules, reason, calls))
            expect(others[i % len(others)], parse_call(text), Reason.NOT_YOUR_TURN)
        expect(actor, DECK[0], Reason.WRONG_PHASE)
    elif phase is Phase.CHOOSING_TEAMMATE:
        own = strs(game.hands[actor])
        for i, text in enumerate(ALL_CARDS):
            reason = Reason.OWN_CARD if text in own else None
            assert (text in legal) == (reason is None)
            expect(actor, Card.parse(text), reason, [text])
            expect(others[i % len(others)], Card.parse(text), Reason.NOT_DECLARER)
        expect(actor, PASS, Reason.WRONG_PHASE)
    elif phase in (Phase.PLAYING, Phase.FIRST_HALF):
        hand = strs(game.hands[turn])  # the dummy's, on its turn
        led = str(game.trick.plays[0].card)[1] if game.trick.plays else None
        trump = trump_letter(str(game.contract.bid)) if game.contract else None
        broken = any(str(p.card)[1] == trump for t in game.tricks for p in t.plays)
        assert legal  # someone to play always has a legal card
        for i, text in enumerate(ALL_CARDS):
            reason = play_reason(rules, hand, text, led, trump, broken)
            assert (text in legal) == (reason is None), (text, reason)
            expect(actor, Card.parse(text), reason, [text])
            expect(others[i % len(others)], Card.parse(text), Reason.NOT_YOUR_TURN)
        expect(actor, PASS, Reason.WRONG_PHASE)
    else:
        assert turn is None and actor is None and game.legal_actions() == ()
        for position in range(rules.seats):
            expect(position, PASS, Reason.WRONG_PHASE)
            expect(position, DECK[0], Reason.WRONG_PHASE)


def check_documents(room: Room) -> None:
    """The full state round-trips, and nobody can see what they should not."""
    assert state.decode(state.encode(room)) == room
    game = room.deal
    rules = rules_of(game.variant)
    public = documents.public_room(room)
    held = {p: set(strs(hand)) for p, hand in enumerate(game.hands)}
    stock = set(strs(c for hand in game.stock for c in hand))  # dealt to nobody yet
    hidden = set().union(*held.values(), stock)
    partner_card = str(game.partner_card) if game.partner_card else None
    partner_played = partner_card is not None and partner_card not in set().union(*held.values())
    # The public document shows no unplayed card (the partner card has its own public field)
    # but the dummy's, exactly, once the opening lead is made (SPEC §11).
    shown = set(strs(game.dummy[1])) if game.dummy else set()
    assert cards_in_document(public) & hidden == shown
    card_played = game.contract is not None and (bool(game.tricks) or bool(game.trick and game.trick.plays))
    assert (public["dummy"] is not None) == (rules.dummy and card_played)
    if partner_card:
        assert public["partnerCard"] == partner_card
    if rules.sides == PARTNER_CARD and not partner_played and game.phase is not Phase.COMPLETE:
        assert public["partnerPosition"] is None  # nothing says who holds the partner card
        assert public["result"] is None or public["result"]["partner"] is None
    elif rules.sides != PARTNER_CARD and game.contract is not None:  # fixed partners are public
        assert public["partnerPosition"] == rules.partner_of(game.contract.declarer)
    if room.deal_in_progress:
        assert public["result"] is None
    if room.status in (Status.DEAL_ENDED, Status.ENDED):
        assert public["result"] is not None and public["turn"] is None
    if partner_played:
        assert public["partnerPosition"] == next(
            p.position for t in (*game.tricks, *((game.trick,) if game.trick else ())) for p in t.plays
            if str(p.card) == partner_card)
    for position, uid in enumerate(game.players):
        view = documents.player_view(room, uid)
        hand = view["hand"]
        assert view["room"] == public and hand["cards"] == strs(game.hands[position])
        others = hidden - held[position]
        named = set(hand["partnerCards"] or ())
        if game.phase is Phase.CHOOSING_TEAMMATE and named:  # every card they do not hold: their own hand says it
            assert named == set(strs(DECK)) - held[position]
            view = {"room": view["room"], "hand": hand["cards"]}
        assert cards_in_document(view) & others == shown - held[position]


def check_stats(room: Room, before: Room | None = None) -> None:
    """The stats due when a room becomes `room` (from `before`, if known): none during a deal; an
    abandon for the one who left `before`'s deal in progress; played for everyone and won for
    the side that reached its target for a finished deal (nobody wins one passed out unplayed)."""
    changes = stat_changes(before, room)
    if room.deal_in_progress:
        assert changes == {} and room.result is None
        return
    result = room.result
    if result.abandoned_by is not None:
        left_a_deal = before is not None and before.deal_in_progress
        assert changes == ({result.abandoned_by: {"gamesAbandoned": 1}} if left_a_deal else {})
        return
    players = set(room.deal.players)
    assert set(changes) == players
    assert all(c["gamesPlayed"] == 1 for c in changes.values())
    winners = {uid for uid, c in changes.items() if c["gamesWon"] == 1}
    assert winners == set(result.winners)
    outcome = result.outcome
    if outcome is None:  # passed out, never played
        assert winners == set() and room.deal.contract is None
        return
    side = {room.deal.players[outcome.declarer], room.deal.players[outcome.partner]}
    assert winners == (side if outcome.made else players - side)


def start_room(settings: Settings, rng: random.Random) -> Room:
    seats = VARIANTS[settings.variant].seats
    room = Room.create(PLAYERS[0], "Ann", settings)
    for uid in PLAYERS[1:seats]:
        room = room.invite(PLAYERS[0], uid).join(uid, uid.title())
    for uid in PLAYERS[:seats]:
        room = room.toggle_ready(uid)
    return room.start(PLAYERS[0], rng)


HEAVY_EXAMPLES = 50  # per variant


@pytest.mark.parametrize("name", NAMES)
@property_settings(HEAVY_EXAMPLES)
@given(data=st.data(), abandon=st.one_of(st.none(), st.tuples(st.integers(0, 80), st.integers(0, 3))))
def test_every_state_validates_every_move_and_leaks_nothing(name: str, data: st.DataObject, abandon) -> None:
    """The first deal of a match, through the Room API, every state probed; or abandoned at a
    step by one of its players."""
    style = data.draw(styles(name))
    rng = random.Random(style.seed)
    room = start_room(style.settings, rng)
    before = None
    referee = Referee(room.deal)
    steps = 0
    while room.deal_in_progress:
        game = room.deal
        check_conserved(game)
        probe_moves(game)
        check_documents(room)
        check_stats(room, before)
        before = room
        if abandon and steps == abandon[0]:
            leaver = game.players[abandon[1] % len(game.players)]
            room = room.leave(leaver)
            assert room.is_ended and room.abandoned_by == leaver and room.deal == game
            break
        action = next_action(game, rng, style.bid_bias)
        room = acted(room, action, rng)
        referee.check(game, action, room.deal)
        steps += 1
    check_conserved(room.deal)
    check_documents(room)
    check_stats(room, before)
    probe_finished_room(room)


def probe_finished_room(room: Room) -> None:
    """Once the deal is over no deal move is accepted: an ended room is final (members get
    GAME_ENDED for every move, the leaver NOT_IN_ROOM); between the deals of a match, a deal move
    is WRONG_PHASE."""
    throwaway = random.Random(PROBE_RNG_SEED)
    if room.abandoned_by is None:
        probe_moves(room.deal)
    for uid in room.deal.players:
        moves = [lambda uid=uid: room.place_bid(uid, PASS, throwaway),
                 lambda uid=uid: room.choose_partner(uid, DECK[0]),
                 lambda uid=uid: room.play_card(uid, DECK[0])]
        if room.is_ended:
            expected = Reason.NOT_IN_ROOM if uid == room.abandoned_by else Reason.GAME_ENDED
            moves.append(lambda uid=uid: room.toggle_ready(uid))
        else:
            assert room.status is Status.DEAL_ENDED
            expected = Reason.WRONG_PHASE
        for move in moves:
            try:
                move()
            except BridgeError as error:
                check_error(error, expected)
            else:
                raise AssertionError("a deal move after the deal was accepted")


# ----- properties 3 and 4: the end of the deal tells nobody who the partner is (SPEC §5.6) --------


def oracle_deal_over(rules: Rules, public: dict) -> bool:
    """Whether the deal is over after its last completed trick, from the public room document alone
    (each trick's `winner` is checked against the cards on the way)."""
    contract, tricks = public["contract"], [[(c["position"], c["card"]) for c in t["cards"]] for t in public["tricks"]]
    trump = trump_letter(contract["bid"])
    assert [t["winner"] for t in public["tricks"]] == [trick_winner(plays, trump) for plays in tricks]
    return deal_over(rules, contract["bid"], contract["declarer"], public["partnerCard"], tricks,
                     public["settings"].get("playAllTricks", False))


def check_end_against_oracle(style: Style, rng: random.Random) -> Counter:
    """Play one random game; after every trick completed with the partner card unplayed, the room's
    status agrees with `oracle_deal_over`. Counts those states, and those where the real partner's
    count alone would have ended the deal ("held"; the old rule, which told who the partner was not)."""
    checked: Counter = Counter()
    variant = VARIANTS[style.settings.variant]
    rules = rules_of(variant)
    game = new_deal(variant, PLAYERS[:variant.seats], style.settings, 0, rng)
    while game.phase is not Phase.COMPLETE:
        after = apply(game, next_action(game, rng, style.bid_bias), rng)
        if len(after.tricks) > len(game.tricks) and after.contract is not None and not after.partner_revealed:
            public = documents.public_room(room_with(after))
            over = oracle_deal_over(rules, public)
            assert (public["status"] == "ended") is over
            ours, theirs = after.side_tricks(after.partner)
            held = not over and (ours >= after.contract.target or theirs >= after.contract.defender_target)
            checked.update(unplayed=1, ended=over, held=held)
        game = after
    return checked


#: Each example plays games until it has checked this many states with the partner card unplayed,
#: and this many of them "held" (the ones the old rule got wrong); a run checks 10,000+ states.
ORACLE_EXAMPLES, ORACLE_STATES_PER_EXAMPLE, ORACLE_HELD_PER_EXAMPLE = 100, 100, 5


@pytest.mark.parametrize("name", PARTNER_CARD_NAMES)
@property_settings(ORACLE_EXAMPLES)
@given(data=st.data())
def test_the_deal_ends_on_public_facts_alone(name: str, data: st.DataObject) -> None:
    style = data.draw(styles(name, early_end=True))
    rng = random.Random(style.seed)
    checked: Counter = Counter()
    while checked["unplayed"] < ORACLE_STATES_PER_EXAMPLE or checked["held"] < ORACLE_HELD_PER_EXAMPLE:
        checked += check_end_against_oracle(style, rng)


def without_reveal(public: dict) -> dict:
    """The public room document less what names the partner once the deal is over (SPEC §5.6): the
    partner, the result, and the match score (the deal's winners scored)."""
    if public["status"] not in ("ended", "dealEnded"):
        return public
    rest = {key: value for key, value in public.items() if key not in ("partnerPosition", "result")}
    return rest | {"match": {key: value for key, value in public["match"].items() if key != "scores"}}


def check_other_holders(style: Style, rng: random.Random) -> Counter:
    """Play one random game, then deal the partner card instead to each other seat that may hold it
    for all the table can tell just before it is played (or at the end, if it never is), swapped
    for one of that seat's cards still unplayed then (of its suit if it has one). Replaying the same
    moves on that deal, the public room document is the same at every step until the partner card is
    played; a deal on which some move is illegal is skipped. Counts the alternatives checked (and
    of those, how many deals ended with the partner card unplayed) and skipped."""
    variant = VARIANTS[style.settings.variant]
    rules = rules_of(variant)
    game = new_deal(variant, PLAYERS[:variant.seats], style.settings, 0, rng)
    states, moves = [game], []
    while game.phase is not Phase.COMPLETE:
        action = next_action(game, rng, style.bid_bias)
        game = apply(game, action, rng)
        if game.contract is None and not game.calls:  # every seat passed: a new deal starts
            states, moves = [game], []
        else:
            states.append(game)
            moves.append(action)
    card = game.partner_card
    end = next((i for i, action in enumerate(moves) if action == card and states[i].phase is Phase.PLAYING),
               len(moves))
    last = states[end]  # just before the partner card is played, or the end of the deal
    holder = game.partner
    tricks = wire_tricks(last.tricks + ((last.trick,) if last.trick else ()))  # the trick under way counts too
    counts: Counter = Counter()
    for other in possible_partners(rules, game.contract.declarer, str(card), tricks):
        unplayed = last.hands[other]
        if other == holder or not unplayed:  # in the last trick, a seat may have played its last card
            continue
        swap = rng.choice([c for c in unplayed if c.suit == card.suit] or list(unplayed))
        hands = list(states[0].hands)
        hands[holder] = tuple(sorted(swap if c == card else c for c in hands[holder]))
        hands[other] = tuple(sorted(card if c == swap else c for c in hands[other]))
        alternative, throwaway = replace(states[0], hands=tuple(hands)), random.Random(PROBE_RNG_SEED)
        try:
            for step in range(end + 1):
                if step:  # the auction that is replayed ended in a contract: nothing is redealt
                    alternative = apply(alternative, moves[step - 1], throwaway)
                same = [without_reveal(documents.public_room(room_with(g))) for g in (states[step], alternative)]
                assert same[0] == same[1], step
        except BridgeError:
            counts["skipped"] += 1
        else:
            assert alternative.partner == other != holder
            counts.update(checked=1, ended=last.phase is Phase.COMPLETE)
    return counts


#: Each example plays games until it has checked this many alternative deals. A few are skipped
#: (about 1 in 20); more than MAX_SKIPPED in one example would mean the check has lost its power.
SWAP_EXAMPLES, SWAPS_PER_EXAMPLE, MAX_SKIPPED = 100, 3, 9


@pytest.mark.parametrize("name", PARTNER_CARD_NAMES)
@property_settings(SWAP_EXAMPLES)
@given(data=st.data())
def test_the_public_room_is_the_same_whichever_possible_partner_holds_the_partner_card(
        name: str, data: st.DataObject) -> None:
    style = data.draw(styles(name, early_end=True))
    rng = random.Random(style.seed)
    counts: Counter = Counter()
    while counts["checked"] < SWAPS_PER_EXAMPLE:
        counts += check_other_holders(style, rng)
        assert counts["skipped"] <= MAX_SKIPPED
