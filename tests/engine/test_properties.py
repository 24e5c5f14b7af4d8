"""Properties over random complete games (SPEC §5-§7).

Hypothesis picks a seed, a bidding style and the room settings; a `random.Random` seeded
from it shuffles every deal and picks every move among the legal ones. The rules are
restated here independently of the engine (on wire strings, not engine types), and the
engine must agree with them at every step.

Two properties, sized to keep the suite fast (see GAMES_PER_RUN):
  * `test_random_games_follow_the_rules`: many games, cheap checks at every step (cards
    conserved, auction and dealer bookkeeping, trick winners, when the deal stops, results).
  * `test_every_state_validates_every_move_and_leaks_nothing`: fewer games through the
    Room API with every state probed (all 52 cards / 36 calls against legal_* and the
    independently computed reason, document round trip, what each player can see, stats),
    some of them abandoned mid-way.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from bridge import (
    DECK, PASS, BridgeError, Card, Game, Phase, Reason, Room, Settings, documents, new_game, parse_call,
)

from .conftest import PLAYERS, cards_in_document, check_error, property_settings

# ----- the rules, restated on wire strings ----------------------------------------------------

RANKS = "23456789TJQKA"
CALLS = ["PASS"] + [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
ALL_CARDS = [r + s for s in "CDHS" for r in RANKS]
HONOURS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def points(hand: list[str]) -> int:
    lengths = Counter(c[1] for c in hand)
    return sum(HONOURS.get(c[0], 0) for c in hand) + sum(max(0, n - 4) for n in lengths.values())


def trump_letter(bid: str) -> str | None:
    return None if bid.endswith("NT") else bid[-1]


def trick_winner(plays: list[tuple[int, str]], trump: str | None) -> int:
    """The highest trump, else the highest card of the led suit."""
    led = plays[0][1][1]
    pool = [p for p in plays if p[1][1] == trump] or [p for p in plays if p[1][1] == led]
    return max(pool, key=lambda p: RANKS.index(p[1][0]))[0]


def play_reason(hand: list[str], card: str, led: str | None, trump: str | None, broken: bool) -> Reason | None:
    if card not in hand:
        return Reason.CARD_NOT_IN_HAND
    if led is not None:
        return Reason.MUST_FOLLOW_SUIT if card[1] != led and any(c[1] == led for c in hand) else None
    if trump is not None and card[1] == trump and not broken and any(c[1] != trump for c in hand):
        return Reason.TRUMP_NOT_BROKEN
    return None


def bid_reason(call: str, highest: str | None) -> Reason | None:
    if call == "PASS" or highest is None or CALLS.index(call) > CALLS.index(highest):
        return None
    return Reason.BID_TOO_LOW


def strs(cards) -> list[str]:
    return [str(c) for c in cards]


# ----- random play ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """How a table plays: `bid_bias` is the chance to bid rather than pass when a bid is legal;
    bids mostly raise a little, sometimes jump, so contracts of every level occur."""

    settings: Settings
    bid_bias: float
    seed: int


styles = st.builds(
    Style,
    settings=st.builds(Settings, invite_only=st.booleans(), play_all_tricks=st.booleans(), wash_rule=st.booleans()),
    bid_bias=st.floats(0.05, 0.6),  # 0.6+ mostly climbs to 7; 0.05 often passes out
    seed=st.integers(0, 2**32 - 1),
)


def choose_call(game: Game, rng: random.Random, bid_bias: float):
    legal = game.legal_bids()
    if len(legal) == 1 or rng.random() >= bid_bias:
        return PASS
    bids = legal[1:]
    return rng.choice(bids[:3]) if rng.random() < 0.85 else rng.choice(bids)


def next_move(game: Game, rng: random.Random, bid_bias: float) -> tuple[str, object]:
    phase = game.phase
    if phase is Phase.BIDDING:
        return "bid", choose_call(game, rng, bid_bias)
    if phase is Phase.CHOOSING_TEAMMATE:
        return "partner", rng.choice(game.legal_partner_cards())
    return "card", rng.choice(game.legal_cards())


def apply(game: Game, kind: str, value, rng: random.Random) -> Game:
    position = game.turn
    if kind == "bid":
        return game.place_bid(position, value, rng)
    if kind == "partner":
        return game.choose_partner(position, value)
    return game.play_card(position, value)


# Bounds that make "the auction always terminates" checkable: an auction has at most 35 bids,
# each followed by at most three passes; a pass-out has chance <= 0.95**4 = 0.81 at the bid
# biases used, so 500 in one game has chance ~1e-46.
MAX_CALLS_PER_AUCTION = 35 * 4 + 3
MAX_REDEALS = 500


class Referee:
    """Follows one deal move by move, keeping its own account of the rules, and checks the
    engine's state after every move against it."""

    def __init__(self, game: Game) -> None:
        self.passouts = 0
        self.calls_this_auction = 0
        self.partner: int | None = None
        self.broken = False
        self.won = [0, 0, 0, 0]
        self.tricks_seen = 0
        self.new_deal(game)

    def new_deal(self, game: Game) -> None:
        """A fresh deal (first, or after four passes): dealt fairly, dealer where it should be."""
        assert game.bids == () and game.contract is None and game.tricks == ()
        assert game.dealer == (self.passouts + game.washes) % 4  # every redeal passes the deal left
        if game.settings.wash_rule:
            assert all(points(strs(hand)) >= 4 for hand in game.hands)
        else:
            assert game.washes == 0
        self.calls_this_auction = 0

    def check(self, before: Game, kind: str, value, after: Game) -> None:
        check_conserved(after)
        if kind == "bid":
            self.after_call(before, value, after)
        elif kind == "partner":
            assert after.contract == before.contract and after.phase is Phase.PLAYING
            self.partner = next(p for p, hand in enumerate(before.hands) if value in hand)
            declarer = before.contract.declarer
            assert after.trick.leader == (declarer if before.trump is None else (declarer + 1) % 4)
        else:
            self.after_card(before, after)

    def after_call(self, before: Game, call, after: Game) -> None:
        self.calls_this_auction += 1
        assert self.calls_this_auction <= MAX_CALLS_PER_AUCTION
        texts = [str(e.call) for e in before.bids] + [str(call)]
        bids = [t for t in texts if t != "PASS"]
        if str(call) == "7NT" or (bids and texts[-3:] == ["PASS"] * 3):
            # the auction is over: the highest (= last) bidder declares
            position = max(i for i, t in enumerate(texts) if t != "PASS")
            assert after.phase is Phase.CHOOSING_TEAMMATE
            assert str(after.contract.bid) == bids[-1]
            assert after.contract.declarer == (before.dealer + 1 + position) % 4
        elif texts == ["PASS"] * 4:
            self.passouts += 1
            assert self.passouts <= MAX_REDEALS
            assert after.washes >= before.washes and after.hands != before.hands
            self.new_deal(after)
        else:
            assert after.phase is Phase.BIDDING and [str(e.call) for e in after.bids] == texts
            assert after.turn == (before.turn + 1) % 4

    def after_card(self, before: Game, after: Game) -> None:
        if len(after.tricks) == self.tricks_seen:
            assert after.trick.leader == before.trick.leader and after.turn == (before.turn + 1) % 4
            return
        # a trick was completed: its winner follows the rule, and leads next unless the deal ended
        self.tricks_seen += 1
        done = after.tricks[-1]
        trump = trump_letter(str(before.contract.bid))
        winner = trick_winner([(p.position, str(p.card)) for p in done.plays], trump)
        self.won[winner] += 1
        self.broken = self.broken or any(str(p.card)[1] == trump for p in done.plays)
        assert list(after.tricks_won) == self.won
        assert after.trump_broken == self.broken
        ours = sum(self.won[p] for p in {before.contract.declarer, self.partner})
        theirs = self.tricks_seen - ours
        level = before.contract.bid.level
        reached = ours >= level + 6 or theirs >= 8 - level
        over = self.tricks_seen == 13 or (reached and not before.settings.play_all_tricks)
        if over:
            assert after.phase is Phase.COMPLETE and after.turn is None
            outcome = after.outcome()
            assert (outcome.declarer_tricks, outcome.defender_tricks) == (ours, theirs)
            assert outcome.partner == self.partner and outcome.declarer == before.contract.declarer
            assert outcome.made == (ours >= level + 6)
            assert outcome.made != (theirs >= 8 - level)  # exactly one side reached its target
            side = {before.contract.declarer, self.partner}
            assert set(outcome.winners) == (side if outcome.made else {0, 1, 2, 3} - side)
        else:
            assert after.phase is Phase.PLAYING and after.trick.leader == winner and after.trick.plays == ()


def check_conserved(game: Game) -> None:
    """The 52 cards are all somewhere, once: in a hand, the trick being played, or a trick done."""
    held = [c for hand in game.hands for c in hand]
    played = [p.card for t in game.tricks for p in t.plays] + ([p.card for p in game.trick.plays] if game.trick else [])
    everything = held + played
    assert len(everything) == 52 and set(everything) == DECK_SET
    assert sum(len(t.plays) for t in game.tricks) == 4 * len(game.tricks)


DECK_SET = frozenset(DECK)


def play_refereed_game(style: Style, rng: random.Random) -> Game:
    game = new_game(PLAYERS, style.settings, 0, rng)
    check_conserved(game)
    referee = Referee(game)
    while game.phase is not Phase.COMPLETE:
        kind, value = next_move(game, rng, style.bid_bias)
        after = apply(game, kind, value, rng)  # a legal move is always accepted
        referee.check(game, kind, value, after)
        game = after
    return game


# ----- property 1: many complete games ------------------------------------------------------

CHEAP_EXAMPLES, GAMES_PER_EXAMPLE = 200, 10
HEAVY_EXAMPLES = 120
#: Complete random games played by one run of this module (reported by the engine test suite).
GAMES_PER_RUN = CHEAP_EXAMPLES * GAMES_PER_EXAMPLE + HEAVY_EXAMPLES


@property_settings(CHEAP_EXAMPLES)
@given(style=styles)
def test_random_games_follow_the_rules(style: Style) -> None:
    rng = random.Random(style.seed)
    for _ in range(GAMES_PER_EXAMPLE):
        game = play_refereed_game(style, rng)
        assert game.phase is Phase.COMPLETE


# ----- property 2: every state probed --------------------------------------------------------

PROBE_RNG_SEED = 0  # probes that would redeal shuffle a throwaway generator, not the game's


def probe_moves(game: Game) -> None:
    """Every card / call, by the player to act and by the others, is accepted exactly when the
    rules say so, and rejected with the reason they give (and a message naming no other card)."""
    phase, turn = game.phase, game.turn
    throwaway = random.Random(PROBE_RNG_SEED)

    def outcome(move) -> Reason | None:
        try:
            move()
        except BridgeError as error:
            return error.reason
        return None

    def expect(move, reason: Reason | None, supplied: str | None = None) -> None:
        try:
            move()
        except BridgeError as error:
            check_error(error, reason, [supplied] if supplied else [])
            return
        assert reason is None

    others = [p for p in range(4) if p != turn]
    if phase is Phase.BIDDING:
        highest = str(game.highest_bid.call) if game.highest_bid else None
        legal = {str(c) for c in game.legal_bids()}
        for text in CALLS:
            reason = bid_reason(text, highest)
            assert (text in legal) == (reason is None)
            expect(lambda: game.place_bid(turn, parse_call(text), throwaway), reason,
                   highest if reason is Reason.BID_TOO_LOW else None)
            expect(lambda: game.place_bid(others[CALLS.index(text) % 3], parse_call(text), throwaway),
                   Reason.NOT_YOUR_TURN)
        expect(lambda: game.choose_partner(turn, DECK[0]), Reason.WRONG_PHASE)
        expect(lambda: game.play_card(turn, game.hands[turn][0]), Reason.WRONG_PHASE)
    elif phase is Phase.CHOOSING_TEAMMATE:
        own = strs(game.hands[turn])
        legal = set(strs(game.legal_partner_cards()))
        for text in ALL_CARDS:
            reason = Reason.OWN_CARD if text in own else None
            assert (text in legal) == (reason is None)
            expect(lambda: game.choose_partner(turn, Card.parse(text)), reason, text)
            expect(lambda: game.choose_partner(others[ALL_CARDS.index(text) % 3], Card.parse(text)),
                   Reason.NOT_DECLARER)
        expect(lambda: game.place_bid(turn, PASS, throwaway), Reason.WRONG_PHASE)
        expect(lambda: game.play_card(turn, game.hands[turn][0]), Reason.WRONG_PHASE)
    elif phase is Phase.PLAYING:
        hand = strs(game.hands[turn])
        led = str(game.trick.plays[0].card)[1] if game.trick.plays else None
        trump = trump_letter(str(game.contract.bid))
        broken = any(str(p.card)[1] == trump for t in game.tricks for p in t.plays)
        legal = set(strs(game.legal_cards()))
        assert legal  # someone to play always has a legal card
        for text in ALL_CARDS:
            reason = play_reason(hand, text, led, trump, broken)
            assert (text in legal) == (reason is None), (text, reason)
            expect(lambda: game.play_card(turn, Card.parse(text)), reason, text)
            expect(lambda: game.play_card(others[ALL_CARDS.index(text) % 3], Card.parse(text)), Reason.NOT_YOUR_TURN)
        expect(lambda: game.place_bid(turn, PASS, throwaway), Reason.WRONG_PHASE)
        expect(lambda: game.choose_partner(turn, DECK[0]), Reason.WRONG_PHASE)
    else:
        assert turn is None and game.legal_bids() == game.legal_cards() == game.legal_partner_cards() == []
        for position in range(4):
            assert outcome(lambda: game.place_bid(position, PASS, throwaway)) is Reason.WRONG_PHASE
            assert outcome(lambda: game.choose_partner(position, DECK[0])) is Reason.WRONG_PHASE
            assert outcome(lambda: game.play_card(position, DECK[0])) is Reason.WRONG_PHASE


def check_documents(room: Room) -> None:
    """The full state round-trips, and nobody can see what they should not."""
    assert documents.from_dict(documents.to_dict(room)) == room
    game = room.game
    public = documents.public_room(room)
    held = {p: set(strs(hand)) for p, hand in enumerate(game.hands)}
    partner_card = str(game.partner_card) if game.partner_card else None
    partner_played = partner_card is not None and partner_card not in set().union(*held.values())
    # The public document shows no unplayed card (the partner card has its own public field).
    assert not cards_in_document(public) & set().union(*held.values())
    if partner_card:
        assert public["partnerCard"] == partner_card
    if not partner_played and game.phase is not Phase.COMPLETE:
        assert public["partnerPosition"] is None  # nothing says who holds the partner card
        assert public["result"] is None or public["result"]["partner"] is None
    if not room.is_ended:
        assert public["result"] is None
    if partner_played:
        assert public["partnerPosition"] == next(
            p.position for t in (*game.tricks, *((game.trick,) if game.trick else ())) for p in t.plays
            if str(p.card) == partner_card)
    for position, uid in enumerate(game.players):
        view = documents.player_view(room, uid)
        assert view["room"] == public and view["hand"] == strs(game.hands[position])
        others = set().union(*(cards for p, cards in held.items() if p != position))
        assert not cards_in_document(view) & others


def check_stats(room: Room) -> None:
    changes = room.stat_changes()
    if not room.is_ended:
        assert changes == {} and room.result is None
        return
    result = room.result
    if result.abandoned_by is not None:
        assert changes == {result.abandoned_by: {"gamesAbandoned": 1}}
        return
    outcome = result.outcome
    assert set(changes) == set(room.game.players)
    assert all(c["gamesPlayed"] == 1 for c in changes.values())
    winners = {uid for uid, c in changes.items() if c["gamesWon"] == 1}
    assert winners == set(result.winners) and len(winners) == 2
    side = {room.game.players[outcome.declarer], room.game.players[outcome.partner]}
    assert winners == (side if outcome.made else set(room.game.players) - side)


def start_room(settings: Settings, rng: random.Random) -> Room:
    room = Room.create(PLAYERS[0], "Ann", settings)
    for uid in PLAYERS[1:]:
        room = room.invite(PLAYERS[0], uid).join(uid, uid.title())
    for uid in PLAYERS:
        room = room.toggle_ready(uid)
    return room.start(PLAYERS[0], rng)


@property_settings(HEAVY_EXAMPLES)
@given(style=styles, abandon=st.one_of(st.none(), st.tuples(st.integers(0, 80), st.sampled_from(PLAYERS))))
def test_every_state_validates_every_move_and_leaks_nothing(style: Style, abandon) -> None:
    rng = random.Random(style.seed)
    room = start_room(style.settings, rng)
    referee = Referee(room.game)
    steps = 0
    while not room.is_ended:
        game = room.game
        check_conserved(game)
        probe_moves(game)
        check_documents(room)
        check_stats(room)
        if abandon and steps == abandon[0]:
            leaver = abandon[1]
            room = room.leave(leaver)
            assert room.is_ended and room.abandoned_by == leaver and room.game == game
            break
        kind, value = next_move(game, rng, style.bid_bias)
        uid = game.players[game.turn]
        if kind == "bid":
            room = room.place_bid(uid, value, rng)
        elif kind == "partner":
            room = room.choose_partner(uid, value)
        else:
            room = room.play_card(uid, value)
        referee.check(game, kind, value, room.game)
        steps += 1
    check_conserved(room.game)
    check_documents(room)
    check_stats(room)
    probe_ended_room(room)


def probe_ended_room(room: Room) -> None:
    """An ended room is final: members get GAME_ENDED for every move, the leaver NOT_IN_ROOM."""
    throwaway = random.Random(PROBE_RNG_SEED)
    if room.abandoned_by is None:
        probe_moves(room.game)
    for uid in room.game.players:
        expected = Reason.NOT_IN_ROOM if uid == room.abandoned_by else Reason.GAME_ENDED
        for move in (lambda: room.place_bid(uid, PASS, throwaway), lambda: room.choose_partner(uid, DECK[0]),
                     lambda: room.play_card(uid, DECK[0]), lambda: room.toggle_ready(uid)):
            try:
                move()
            except BridgeError as error:
                check_error(error, expected)
            else:
                raise AssertionError("a move in an ended room was accepted")
