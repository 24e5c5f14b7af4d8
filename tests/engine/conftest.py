"""Shared set-up for the engine tests: the import path, hypothesis profiles, and helpers
that build exact positions (hands, tricks, games, rooms) by hand instead of by seed."""
from __future__ import annotations

import functools
import os
import random
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).parents[2] / "functions"))

import pytest
from hypothesis import HealthCheck, settings

from bridge import (
    DECK,
    FLOATING,
    AuctionCall,
    Bid,
    Bidding,
    BridgeError,
    Call,
    Card,
    Contract,
    Deal,
    Match,
    Phase,
    Play,
    Playing,
    Reason,
    Room,
    Seat,
    Settings,
    Trick,
    is_weak,
    new_deal,
    parse_call,
)
from bridge.deal import Action
from bridge.floating import ChoosingPartner
from bridge.variant import Variant
from bridge.variants import VARIANTS

# ----- hypothesis --------------------------------------------------------------------
# Profiles are applied per test (`property_settings`), not loaded globally, so they cannot
# change hypothesis tests elsewhere in the same pytest session. Pick one with
# ENGINE_HYPOTHESIS_PROFILE=ci|thorough.
#   engine   (default) fixed example counts sized so the whole engine suite stays fast.
#   ci       the same counts, derandomized and without the example database: reproducible.
#   thorough ten times the examples, for a soak run before a release.
_BASE = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("engine", **_BASE)
settings.register_profile("ci", **_BASE, derandomize=True, database=None)
settings.register_profile("thorough", **_BASE)
_SCALE = {"engine": 1, "ci": 1, "thorough": 10}
PROFILE = os.environ.get("ENGINE_HYPOTHESIS_PROFILE", "engine")


def property_settings(max_examples: int) -> settings:
    """Settings for one property: the active profile with a deliberate example count."""
    return settings(settings.get_profile(PROFILE), max_examples=max_examples * _SCALE[PROFILE])


# ----- SPEC §7, restated independently of bridge.errors ---------------------------------
SPEC_STATUS: dict[str, str] = {
    "UNAUTHENTICATED": "unauthenticated",
    **dict.fromkeys(["INVALID_ARGUMENT", "INVALID_CARD", "INVALID_BID", "INVALID_SETTINGS"], "invalid-argument"),
    **dict.fromkeys(["ROOM_NOT_FOUND", "PLAYER_NOT_FOUND", "BOT_NOT_FOUND"], "not-found"),
    "ACCOUNT_EXISTS": "already-exists",
    **dict.fromkeys(["NOT_IN_ROOM", "NOT_HOST", "NOT_INVITED", "NOT_DECLARER", "KICKED"], "permission-denied"),
    **dict.fromkeys([
        "ALREADY_IN_ROOM", "ROOM_FULL", "GAME_STARTED", "GAME_ENDED", "NOT_ALL_READY", "NOT_ENOUGH_PLAYERS",
        "WRONG_PHASE", "NOT_YOUR_TURN", "BID_TOO_LOW", "OWN_CARD", "CARD_NOT_DEALT", "CARD_NOT_IN_HAND",
        "MUST_FOLLOW_SUIT", "TRUMP_NOT_BROKEN", "NO_FREE_SEAT", "TURN_NOT_EXPIRED", "CHAT_DISABLED",
        "CANNOT_DOUBLE", "CANNOT_REDOUBLE",  # SPEC §11
    ], "failed-precondition"),
    "RATE_LIMITED": "resource-exhausted",  # SPEC §13; every caller's allowances (issue 33)
    "APP_CHECK_REQUIRED": "unauthenticated",  # issue 33: Firebase App Check, where enforced
    # Duplicate events (docs/DUPLICATE.md)
    "INVALID_EVENT": "invalid-argument",
    "EVENT_NOT_FOUND": "not-found",
    **dict.fromkeys(["NOT_DIRECTOR", "NOT_IN_EVENT"], "permission-denied"),
    **dict.fromkeys(["SEAT_TAKEN", "EVENT_STARTED", "EVENT_ENDED", "EVENT_TABLE"], "failed-precondition"),
    "TOO_MANY_EVENTS": "resource-exhausted",  # issue 33: a user directs a bounded number of events at once
    # Claims (SPEC §15)
    "NOT_OPPONENT": "permission-denied",
    **dict.fromkeys(["CLAIM_PENDING", "NO_CLAIM", "ALREADY_ANSWERED"], "failed-precondition"),
    "CLAIM_REJECTED": "failed-precondition",  # issue 33: the next claim waits for another trick
    # Undo (SPEC §15)
    **dict.fromkeys(["UNDO_DISABLED", "NOTHING_TO_UNDO", "UNDO_NOT_ALLOWED", "UNDO_PENDING", "NO_UNDO"],
                    "failed-precondition"),
    # Robot tournaments (docs/TOURNAMENTS.md)
    "INVALID_TOURNAMENT": "invalid-argument",
    "TOURNAMENT_NOT_FOUND": "not-found",
    "NOT_ENTERED": "permission-denied",
    **dict.fromkeys(["TOURNAMENT_NOT_OPEN", "ALREADY_ENTERED"], "failed-precondition"),
    "TOO_MANY_TOURNAMENTS": "resource-exhausted",
    **dict.fromkeys(["CONTENTION", "STALE_STATE"], "aborted"),
    "UNAVAILABLE": "unavailable",  # SPEC §8: the outcome of a commit could not be learnt
}

#: A card's wire form standing alone in text (so "3NT" and "13" do not count).
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])[2-9TJQKA][CDHS](?![0-9A-Za-z])")


@functools.lru_cache(maxsize=1 << 16)
def card_tokens(text: str) -> frozenset[str]:
    """The cards in `text` (remembered: the documents checked repeat their keys and most values)."""
    return frozenset(CARD_TOKEN.findall(text))


#: Keys whose string values are bids ('2H' reads like a card): `bids[].bid`, `highestBid.bid`,
#: `contract.bid`, `result.contract`. They are checked to parse as calls instead.
BID_KEYS = frozenset({"bid", "contract", "placeBid"})


#: What `cards_in_document` looks into: the rest of a JSON-like document's values are numbers,
#: booleans and None.
WALKED = (dict, list, tuple, str)


def cards_in_document(doc: object, public_keys: frozenset[str] = frozenset({"partnerCard"})) -> set[str]:
    """Every card string anywhere in a JSON-like document (keys included), except bid texts and
    the values of `public_keys` (the partner card is public by SPEC §5.4)."""
    found: set[str] = set()

    def walk(value: object, key: str | None) -> None:
        # Numbers, booleans and None hold no card: not walked into (this runs on every state of
        # thousands of deals).
        if isinstance(value, dict):
            for k, v in value.items():
                if tokens := card_tokens(k):
                    found.update(tokens)
                if isinstance(v, WALKED):
                    walk(v, k)
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, WALKED):
                    walk(v, key)
        elif isinstance(value, str):
            if key in BID_KEYS:
                parse_call(value.removesuffix("X").removesuffix("X") or value)  # a bid (a contract
                # may be written doubled, `4SX`), nothing else, may hide under a bid key
            elif key not in public_keys:
                found.update(card_tokens(value))

    walk(doc, None)
    return found


def check_error(error: BridgeError, reason: Reason, mentions: Sequence[str] = ()) -> None:
    """`error` has `reason`, the SPEC §7 status for it, and mentions no card but `mentions`."""
    assert error.reason is reason, repr(error)
    assert error.status == SPEC_STATUS[reason.value]
    assert error.message and str(error) == error.message
    assert card_tokens(error.message) <= set(mentions), error.message


@contextmanager
def rejects(reason: Reason, mentions: Sequence[str] = ()) -> Iterator[pytest.ExceptionInfo]:
    """The block raises BridgeError(reason); its message mentions no card except `mentions`
    (the card the caller supplied, or for BID_TOO_LOW the public highest bid)."""
    with pytest.raises(BridgeError) as info:
        yield info
    check_error(info.value, reason, mentions)


# ----- building positions by hand --------------------------------------------------------
PLAYERS = ("ann", "ben", "cat", "dan")  # uids by position; none looks like a card or a bid


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    """'AS KS 2C' -> the three cards."""
    return tuple(Card.parse(token) for token in text.split())


def call(text: str) -> Call:
    return parse_call(text)


def hands_from(*specs: str) -> tuple[tuple[Card, ...], ...]:
    """Four hands, each given as its cards ('AS KS QS ...'), sorted the way the engine sorts.
    Hands may be short (late in a deal); no card may be in two hands."""
    assert len(specs) == 4, "one spec per seat"
    hands = tuple(tuple(sorted(cards(spec))) for spec in specs)
    dealt = [c for hand in hands for c in hand]
    assert len(dealt) == len(set(dealt)), "a card is in two hands"
    return hands


#: A full deal, one suit per seat: 0 clubs, 1 diamonds, 2 hearts, 3 spades.
SUIT_PER_SEAT = hands_from(*(" ".join(r + s for r in "23456789TJQKA") for s in "CDHS"))

#: A full, ordinary-looking deal (every hand has at least 4 points and several suits).
MIXED_DEAL = hands_from(
    "AS KS 2S 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C",   # 0: 7 points
    "QS JS 3S AH KH 6H 6D 7D 8D 5C 6C 7C 8C",   # 1: 10 points
    "4S 5S 6S QH JH 7H AD KD 9D 9C TC JC QC",   # 2: 13 points
    "7S 8S 9S TS 2H 8H 9H TH TD JD QD KC AC",   # 3: 10 points
)


def follow_suit_cards(deal: Deal) -> set[Card]:
    """The cards the player to play may play where no rule forbids leading trump (contract bridge,
    Memory Bridge), stated independently of the engine: those of the suit led if they hold any,
    else any card in hand (on lead, any)."""
    hand, trick = deal.hands[deal.turn], deal.trick
    led = trick.led_suit if trick is not None else None
    return {c for c in hand if c.suit == led} or set(hand)


def trick(leader: int, text: str) -> Trick:
    """A trick whose cards ('AS KS ...') were played in order from `leader`."""
    return Trick(leader, tuple(Play((leader + i) % 4, c) for i, c in enumerate(cards(text))))


def auction(dealer: int, *calls: str) -> tuple[AuctionCall, ...]:
    """The calls, made in turn starting left of `dealer`."""
    return tuple(AuctionCall((dealer + 1 + i) % 4, parse_call(text)) for i, text in enumerate(calls))


def contract_of(declarer: int, text: str) -> Contract:
    """The Floating Bridge contract `text` ('4H') by `declarer`."""
    bid = parse_call(text)
    assert isinstance(bid, Bid)
    return Contract(declarer, bid, FLOATING.target(bid), FLOATING.defender_target(bid))


def bidding_game(hands: Sequence[Sequence[Card]] = SUIT_PER_SEAT, *calls: str, dealer: int = 3,
                 settings: Settings = Settings()) -> Deal:
    """A deal in the auction after `calls`."""
    return Deal(FLOATING, settings, PLAYERS, dealer, tuple(map(tuple, hands)), Bidding(auction(dealer, *calls)))


def choosing_game(hands: Sequence[Sequence[Card]] = SUIT_PER_SEAT, declarer: int = 0, contract: str = "1S",
                  settings: Settings = Settings()) -> Deal:
    """The declarer at `declarer`, who opened `contract` and got three passes, is to name a partner."""
    dealer = (declarer - 1) % 4
    return Deal(FLOATING, settings, PLAYERS, dealer, tuple(map(tuple, hands)),
                ChoosingPartner(auction(dealer, contract, "PASS", "PASS", "PASS"), contract_of(declarer, contract)))


def playing_game(hands: Sequence[Sequence[Card]], *, declarer: int = 0, contract: str = "1S",
                 partner: str | None = None, leader: int | None = None, tricks: Sequence[Trick] = (),
                 current: str = "", settings: Settings = Settings()) -> Deal:
    """A deal in play: `tricks` done, `current` ('QS 2S') played to the trick led by `leader`
    (default: who the rules say leads first). The partner card defaults to the highest card
    another player holds."""
    if partner is None:
        partner = str(max(c for p, hand in enumerate(hands) if p != declarer for c in hand))
    if leader is None:
        leader = declarer if contract.endswith("NT") else (declarer + 1) % 4
    dealer = (declarer - 1) % 4
    return Deal(FLOATING, settings, PLAYERS, dealer, tuple(map(tuple, hands)),
                Playing(auction(dealer, contract, "PASS", "PASS", "PASS"), contract_of(declarer, contract),
                        card(partner), trick(leader, current), tuple(tricks)))


def seated_room(n: int = 4, *, ready: bool = True, settings: Settings = Settings()) -> Room:
    """A waiting room with the first `n` of PLAYERS seated, host at position 0."""
    return Room(PLAYERS[0], tuple(Seat(uid, uid.title(), ready) for uid in PLAYERS[:n]), settings)


def seated(bots: int, settings: Settings = Settings()) -> Room:
    """A room with one human host (PLAYERS[0]) and `bots` bots, then humans to fill four seats."""
    room = Room.create(PLAYERS[0], "Ann", settings)
    for _ in range(bots):
        room = room.add_bot(PLAYERS[0])
    for uid in PLAYERS[1:4 - bots]:
        room = room.join(uid, uid.title())
    for seat in room.seats:
        if not seat.ready:
            room = room.toggle_ready(seat.uid)
    return room


def room_with(deal: Deal) -> Room:
    """The four PLAYERS' room with `deal` as the first deal of its match, as `Room.start` and the
    moves would have left it: named players, the deal scored if it has finished, and every seat
    not ready once a finished deal leaves the match between deals."""
    settings = deal.settings
    names = {uid: uid.title() for uid in PLAYERS}
    match = Match(settings.deals, settings.scoring, 1, MappingProxyType(dict.fromkeys(PLAYERS, 0)),
                  MappingProxyType(names), deal.variant.sheet(settings))
    match = match.scored(deal) if deal.is_finished else match
    ready = not deal.is_finished or match.is_over(deal)
    return Room(PLAYERS[0], tuple(Seat(uid, names[uid], ready) for uid in PLAYERS), settings, match=match, deal=deal)


class Permuting:
    """A Shuffler that applies the given permutations in turn, so a test decides the deal.

    `Permuting.dealing(hands, ...)` makes a list arrive in the order that deals exactly
    those hands, whatever it is asked to shuffle (cards, or indices into DECK)."""

    def __init__(self, *permutations: Sequence[int]) -> None:
        self.permutations = list(permutations)

    @classmethod
    def dealing(cls, *deals: Sequence[Sequence[Card]]) -> Permuting:
        return cls(*([DECK.index(c) for hand in deal for c in hand] for deal in deals))

    def shuffle(self, x: list) -> None:
        permutation = self.permutations.pop(0)
        x[:] = [x[i] for i in permutation]


# ----- positions shared by several test modules -------------------------------------------


def deal_with_weak_seat(seat: int) -> tuple[tuple[Card, ...], ...]:
    """A full deal where only `seat` holds a weak hand (3 points)."""
    weak = cards("KS 2S 3S 4H 5H 6H 7D 8D 9D 2C 3C 4C 5C")
    rest = [c for c in DECK if c not in weak]
    others = [tuple(sorted(rest[i::3])) for i in range(3)]
    hands = (*others[:seat], tuple(sorted(weak)), *others[seat:])
    assert [is_weak(FLOATING, h) for h in hands] == [p == seat for p in range(4)]
    return hands


# ENDGAME: eleven tricks already played in NT, won in turn by 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2: the
# declarer (0) and partner (2, who holds AH, or QS if that is named instead) have 6, the defenders 5.
# Seat 2 leads trick 12. Nobody has shown out of a suit yet.


def _eleven_tricks() -> list[Trick]:
    tricks = []
    for i, winner in enumerate([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2]):
        suit, block = "CDHS"[i // 3], "23456789TJQK"[(i % 3) * 4:(i % 3) * 4 + 4]
        tricks.append(trick(winner, " ".join(rank + suit for rank in block[::-1])))  # winner leads high
    return tricks


ENDGAME_HANDS = hands_from("AC AD", "AS KS", "AH QS", "JS TS")


def endgame(contract: str, play_all_tricks: bool = False, partner: str = "AH") -> Deal:
    return playing_game(ENDGAME_HANDS, declarer=0, contract=contract, partner=partner, leader=2,
                        tricks=_eleven_tricks(), settings=Settings.of(playAllTricks=play_all_tricks))


def play_trick(game: Deal, *texts: str) -> Deal:
    """Play `texts` in turn from whoever is to play."""
    for text in texts:
        game = game.play_card(game.turn, card(text))
    return game


def started(name: str, rng: random.Random) -> Room:
    """A room of variant `name` whose seats PLAYERS fill, all ready, its first deal dealt with `rng`."""
    room = Room.create(PLAYERS[0], "Ann", Settings.of(variant=name))
    for uid in PLAYERS[1:VARIANTS[name].seats]:
        room = room.join(uid, uid.title())
    for seat in room.seats:
        room = room if seat.ready else room.toggle_ready(seat.uid)
    return room.start(PLAYERS[0], rng)


def acted(room: Room, action: Action, rng: random.Random) -> Room:
    """`room` once its deal's actor (the declarer for the dummy) has taken `action`, a call, the
    partner card or a card as the phase asks."""
    deal = room.deal
    assert deal is not None
    uid = deal.players[deal.actor]
    if deal.phase is Phase.BIDDING:
        return room.place_bid(uid, action, rng)
    if deal.phase is Phase.CHOOSING_TEAMMATE:
        return room.choose_partner(uid, action)
    return room.play_card(uid, action)


def bot_play(variant: Variant, settings: Settings, seed: int) -> tuple[list[Deal], list[Action]]:
    """Every state of one deal of `variant` played by its bot in every seat, from the deal to its
    end, and the bot's choice in each state but the last (`Deal.bot_action`: a function of the
    state, so tests read it here rather than ask for it again)."""
    rng = random.Random(seed)
    deal = new_deal(variant, PLAYERS[:variant.seats], settings, seed % variant.seats, rng)
    states, actions = [deal], []
    while not deal.is_finished:
        action = deal.bot_action()
        actions.append(action)
        deal = deal.act(deal.actor, action, rng)
        states.append(deal)
    return states, actions
