"""Benchmark of the rules engine: random complete games through the Room API, and the same games
through the naive reference engine (`bench/reference.py`, which plays every variant from its data)
and through our `Deal` alone, measured side by side in the same run.

Each game (one deal: a one-deal match of Floating Bridge, the first deal of a rubber of contract
bridge, of a TigerBridge match, of a Memory Bridge match with its two halves): create a room,
the joins and ready toggles of its seats, start (a secure shuffle, with the wash
rule in Floating Bridge), the auction (pass-outs redeal), the partner card (Floating Bridge), and
play to the end of the deal (the declarer playing the dummy's cards in contract bridge). Every
move goes through `Room.place_bid` / `choose_partner` / `play_card`, which validate it; the moves
are chosen at random among `legal_bids` / `legal_partner_cards` / `legal_cards`.
Shuffles use the default `secure_rng()`; a seeded `random.Random` only picks the moves.

For every variant the same workload is
also run through the reference's `play_game` (strings and lists, a fresh `secrets.SystemRandom()`
per game like ours) and through our `Deal` API alone (`new_deal`, `place_bid`, `choose_partner`,
`play_card`: the rules engine without the room, its lobby and its match), the moves chosen by
the same policy; and the floor (`play_floor`): what any engine must do for the reference's
games with rules that cost nothing (shuffle their decks with the secure RNG, as an engine test
requires, and hand the policy the lists it draws from). The four take turns in short slices
(three rounds of floor, reference, Deal, Room, each a quarter of the time or a third of the
games) so that the machine's noise falls on all of them alike; each figure is its total games
over its total seconds. Printed: the ratios ours / reference for Deal and Room, the ceiling
(floor / reference: no engine beats it here) and what 3x the reference leaves for the rules, a
game and a move, above the floor.

    python bench/engine.py [--games N] [--seconds S] [--seed K] [--play-all-tricks] [--no-wash] [--profile]
                           [--variants floating,contract,tiger,memory]

Prints a small table per variant for the Room API (with several, each one's rate against the
first, measured in the same run), then its games per second through the reference, our Deal
and our Room, and the ratios; the last line is `games_per_s: N`, the first variant's Room figure.
With --profile it also runs the Room workload under cProfile and prints the top functions by
cumulative and by own time.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "functions"))
sys.path.insert(0, str(ROOT))

from bench import reference  # noqa: E402
from bridge import DECK, PASS, Call, Deal, Phase, Room, Settings, new_deal, secure_rng, variant_named  # noqa: E402
from bridge.deal import PLAY_ALL_TRICKS, WASH_RULE  # noqa: E402

PLAYERS = (("ann", "Ann"), ("ben", "Ben"), ("cat", "Cat"), ("dan", "Dan"))
PHASES = ("lobby", "auction", "partner", "play")


@dataclass
class Tally:
    games: int = 0
    bids: int = 0
    partners: int = 0
    cards: int = 0
    lobby_moves: int = 0
    passouts: int = 0
    washes: int = 0
    tricks: int = 0
    made: int = 0
    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PHASES, 0.0))

    @property
    def game_moves(self) -> int:
        return self.bids + self.partners + self.cards

    @property
    def total_seconds(self) -> float:
        return sum(self.seconds.values())


def play_game(settings: Settings, choice: random.Random, tally: Tally) -> Room:
    """One complete game; time is booked to the phase each move belongs to."""
    clock = time.perf_counter
    seconds = tally.seconds
    shuffle = secure_rng()
    host = PLAYERS[0][0]
    players = PLAYERS[:variant_named(settings.variant).seats]

    t0 = clock()
    room = Room.create(host, PLAYERS[0][1], settings)
    for uid, name in players[1:]:
        room = room.join(uid, name)
    for uid, _ in players:
        room = room.toggle_ready(uid)
    room = room.start(host, shuffle)
    t1 = clock()
    seconds["lobby"] += t1 - t0
    tally.lobby_moves += 2 * len(players) + 1

    bid_bias = choice.uniform(0.05, 0.6)  # how keen this table is to bid: contracts of every level
    dealer = room.deal.dealer
    while True:
        game = room.deal
        phase = game.phase
        uid = game.players[game.actor]  # the declarer for the dummy
        t0 = clock()
        if phase is Phase.BIDDING:
            room = room.place_bid(uid, random_call(game.legal_bids(), choice, bid_bias), shuffle)
            seconds["auction"] += clock() - t0
            tally.bids += 1
            if room.deal.dealer != dealer and not room.deal.calls:
                tally.passouts += 1
                dealer = room.deal.dealer
            if room.deal.is_finished:  # a second half passed out (Memory Bridge)
                tally.passouts += 1
                break
        elif phase is Phase.CHOOSING_TEAMMATE:
            room = room.choose_partner(uid, choice.choice(game.legal_partner_cards()))
            seconds["partner"] += clock() - t0
            tally.partners += 1
        else:
            room = room.play_card(uid, choice.choice(game.legal_cards()))
            seconds["play"] += clock() - t0
            tally.cards += 1
            if room.deal.is_finished:
                break

    game = room.deal
    tally.games += 1
    tally.washes += game.washes
    tally.tricks += len(game.first_tricks) + len(game.tricks)
    tally.made += bool(room.result.outcome and room.result.outcome.made)
    return room


def random_call(legal: list[Call], choice: random.Random, bid_bias: float) -> Call:
    """A table's random call: PASS unless a bid is legal and the table's keenness to bid (`bid_bias`)
    says bid; then one of the three cheapest bids, or now and then any bid."""
    if len(legal) == 1 or choice.random() >= bid_bias:
        return PASS
    bids = legal[1:]
    return choice.choice(bids[:3]) if choice.random() < 0.85 else choice.choice(bids)


def play_deal(settings: Settings, choice: random.Random) -> Deal:
    """One complete game through the `Deal` API alone, the moves chosen as `play_game` chooses
    them: deal (washes are the engine's), the auction (a pass-out redeals inside `place_bid`), the
    partner card, play to the end (the declarer playing the dummy's cards)."""
    shuffle = secure_rng()
    variant = variant_named(settings.variant)
    deal = new_deal(variant, tuple(uid for uid, _ in PLAYERS[:variant.seats]), settings, 0, shuffle)
    bid_bias = choice.uniform(0.05, 0.6)
    while not deal.is_finished:
        actor = deal.actor
        phase = deal.phase
        if phase is Phase.BIDDING:
            deal = deal.place_bid(actor, random_call(deal.legal_bids(), choice, bid_bias), shuffle)
        elif phase is Phase.CHOOSING_TEAMMATE:
            deal = deal.choose_partner(actor, choice.choice(deal.legal_partner_cards()))
        else:
            deal = deal.play_card(actor, choice.choice(deal.legal_cards()))
    return deal


def play_reference(settings: Settings, choice: random.Random) -> reference.ReferenceDeal:
    """One complete game through the reference engine (`reference.play_game`), same policy."""
    return reference.play_game(reference.rules_of(variant_named(settings.variant)), choice, secure_rng().shuffle,
                               play_all_tricks=PLAY_ALL_TRICKS.of(settings), wash_rule=WASH_RULE.of(settings),
                               scoring=settings.scoring)


class ScriptedChoice(random.Random):
    """A `random.Random` that writes down the benchmark's own work in a game: each draw it is
    asked for, with the list a `choice` was made from."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.script: list[tuple[str, tuple[object, ...]]] = []

    def random(self) -> float:
        self.script.append(("random", ()))
        return super().random()

    def uniform(self, a: float, b: float) -> float:
        self.script.append(("uniform", ()))
        return super().uniform(a, b)

    def choice(self, seq):  # type: ignore[no-untyped-def]  # random.Random.choice's own signature
        self.script.append(("choice", tuple(seq)))
        return super().choice(seq)


@dataclass(frozen=True)
class FloorGame:
    """What any engine must do for one of the reference's games in this benchmark, the rules
    left out: shuffle its `decks` with the secure RNG, and hand the benchmark's policy its lists
    of legal moves to draw from (`script`: the policy's draws, in order)."""

    decks: int
    script: tuple[tuple[str, tuple[object, ...]], ...]


def floor_games(settings: Settings, seed: int, count: int) -> list[FloorGame]:
    """`count` of the reference's games as `FloorGame`s (recorded, not timed)."""
    return [floor_game(settings, seed * 1_000_003 + k) for k in range(count)]


def floor_game(settings: Settings, seed: int) -> FloorGame:
    """One of the reference's games as a `FloorGame`: its decks counted, its policy's draws
    written down."""
    recorder = ScriptedChoice(seed)
    decks: list[list[str]] = []
    secure = secure_rng()

    def shuffle(deck: list[str]) -> None:
        decks.append(deck)
        secure.shuffle(deck)

    reference.play_game(reference.rules_of(variant_named(settings.variant)), recorder, shuffle,
                        play_all_tricks=PLAY_ALL_TRICKS.of(settings), wash_rule=WASH_RULE.of(settings),
                        scoring=settings.scoring)
    return FloorGame(len(decks), tuple(recorder.script))


def play_floor(games: list[FloorGame], choice: random.Random) -> None:
    """The floor of one game in this benchmark: the least any engine (ours, the reference's, or
    one with rules that cost nothing) does for one of the reference's games: its decks shuffled
    as ours are (a fresh `secure_rng()` a game, a Fisher-Yates reading the OS CSPRNG per swap,
    as an engine test requires), and the policy's draws over fresh lists of legal moves."""
    game = games[choice.randrange(len(games))]
    shuffle = secure_rng().shuffle
    for _ in range(game.decks):
        shuffle(list(DECK))
    for draw, legal in game.script:
        if draw == "choice":
            choice.choice(list(legal))
        elif draw == "random":
            choice.random()
        else:
            choice.uniform(0.05, 0.6)


def run(settings: Settings, seed: int, games: int | None, seconds: float | None) -> tuple[Tally, float]:
    """Play until `games` games or `seconds` seconds (whichever is given; both: the first reached)."""
    tally = Tally()
    _, wall = play_for(lambda choice: play_game(settings, choice, tally), random.Random(seed), games, seconds)
    return tally, wall


def play_for(game: Callable[[random.Random], object], choice: random.Random, games: int | None,
             seconds: float | None) -> tuple[int, float]:
    """Play `game` until `games` games or `seconds` seconds (whichever is given; both: the first
    reached; neither: 2000 games); the games played and the seconds they took."""
    start = time.perf_counter()
    deadline = start + seconds if seconds else float("inf")
    limit = games if games else (None if seconds else 2000)
    played = 0
    while (limit is None or played < limit) and time.perf_counter() < deadline:
        game(choice)
        played += 1
    return played, time.perf_counter() - start


@dataclass
class Runner:
    """One engine's share of an interleaved measurement: its own move choices, its games and seconds."""

    name: str
    game: Callable[[random.Random], object]
    choice: random.Random
    games: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


#: Rounds of an interleaved measurement: each engine plays a slice in turn, this many times.
ROUNDS = 3
#: The reference's games recorded for the floor (`floor_games`), drawn from at random.
FLOOR_GAMES = 300


def interleaved(settings: Settings, seed: int, games: int | None, seconds: float | None) -> tuple[list[Runner], Tally]:
    """The floor, the reference, our Deal and our Room in turn, `ROUNDS` times, each slice a
    `ROUNDS`-th of the games or of a quarter of the seconds; the Room's tally for its table."""
    tally = Tally()
    floor = floor_games(settings, seed, FLOOR_GAMES)
    runners = [
        Runner("floor (no rules)", partial(play_floor, floor), random.Random(seed)),
        Runner("reference", partial(play_reference, settings), random.Random(seed)),
        Runner("ours (Deal)", partial(play_deal, settings), random.Random(seed)),
        Runner("ours (Room)", lambda choice: play_game(settings, choice, tally), random.Random(seed)),
    ]
    if not games and not seconds:
        games = 2000
    for r in range(ROUNDS):
        slice_games = games // ROUNDS + (r < games % ROUNDS) if games else None
        slice_seconds = seconds / (ROUNDS * len(runners)) if seconds else None
        for runner in runners:
            played, wall = play_for(runner.game, runner.choice, slice_games, slice_seconds)
            runner.games += played
            runner.seconds += wall
    return runners, tally


def report(tally: Tally, wall: float) -> None:
    n = max(tally.games, 1)
    rows = [
        ("games", f"{tally.games}"),
        ("wall seconds", f"{wall:.3f}"),
        ("ms per game", f"{1000 * wall / n:.3f}"),
        ("game moves (bids/partner/cards)", f"{tally.game_moves} ({tally.bids}/{tally.partners}/{tally.cards})"),
        ("game moves per game", f"{tally.game_moves / n:.1f}"),
        ("moves_per_s (game moves)", f"{tally.game_moves / wall:,.0f}"),
        ("all calls per s (+ lobby)", f"{(tally.game_moves + tally.lobby_moves) / wall:,.0f}"),
        ("tricks per game", f"{tally.tricks / n:.2f}"),
        ("contracts made", f"{100 * tally.made / n:.1f}%"),
        ("pass-out redeals / washes per game", f"{tally.passouts / n:.2f} / {tally.washes / n:.2f}"),
    ]
    total = tally.total_seconds or 1.0
    for phase in PHASES:
        rows.append((f"time in {phase}", f"{100 * tally.seconds[phase] / total:5.1f}%  "
                                         f"({1e6 * tally.seconds[phase] / n:.0f} us/game)"))
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def profile(settings: Settings, seed: int, games: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    run(settings, seed, games, None)
    profiler.disable()
    for order in ("cumulative", "tottime"):
        out = io.StringIO()
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats(order).print_stats(15)
        text = out.getvalue()
        print(f"--- cProfile, {games} games, top 15 by {order} ---")
        print(text[text.index("   ncalls"):].rstrip())
        print()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, help="games to play (default 2000 unless --seconds is given)")
    parser.add_argument("--seconds", type=float, help="play for this long")
    parser.add_argument("--seed", type=int, default=1, help="seed of the move choices (shuffles stay secure)")
    parser.add_argument("--play-all-tricks", action="store_true", help="room setting playAllTricks")
    parser.add_argument("--no-wash", action="store_true", help="room setting washRule false")
    parser.add_argument("--profile", action="store_true", help="also run under cProfile and print the top 15")
    parser.add_argument("--variants", default="floating", help="comma-separated variants, each measured in turn")
    args = parser.parse_args(argv)
    rates = []
    for variant in args.variants.split(","):
        if variant == "floating":
            settings = Settings.of(playAllTricks=args.play_all_tricks, washRule=not args.no_wash)
        else:
            settings = Settings().with_changes(Settings.parse_changes({"variant": variant}))
        run(settings, args.seed, 50, None)  # warm up
        play_for(partial(play_reference, settings), random.Random(args.seed), 50, None)
        play_for(partial(play_deal, settings), random.Random(args.seed), 50, None)
        runners, tally = interleaved(settings, args.seed, args.games, args.seconds)
        wall = runners[-1].seconds
        if args.profile:
            profile(settings, args.seed, min(tally.games, 2000))
        print(f"variant {variant}: {settings.to_dict()}; python {sys.version.split()[0]}")
        report(tally, wall)
        rates.append((variant, tally.games / wall))
        if len(rates) > 1:
            print(f"{variant} / {rates[0][0]}: {rates[-1][1] / rates[0][1]:.2f}x deals per second")
        print(f"against the reference engine, interleaved in {ROUNDS} rounds:")
        for runner in runners:
            print(f"  {runner.name + ' games/s':<22} {runner.rate:8.1f}  ({runner.games} games in "
                  f"{runner.seconds:.2f} s)")
        floor, ref = runners[0].rate, runners[1].rate
        for runner in runners[2:]:
            print(f"  {runner.name} / reference: {runner.rate / ref:.2f}x")
        print(f"  ceiling (floor / reference): {floor / ref:.2f}x: no engine is faster here than its floor")
        moves = tally.game_moves / max(tally.games, 1)
        budget = 1e6 / (3 * ref) - 1e6 / floor
        print(f"  3x the reference leaves {budget:.0f} us a game above the floor for the rules: "
              f"{budget / moves:.2f} us a move ({moves:.1f} moves a game)")
        print()
    print(f"games_per_s: {rates[0][1]:.0f}")


if __name__ == "__main__":
    main()
