"""Benchmark of the rules engine: random complete games through the Room API.

Each game (one deal: a one-deal match of Floating Bridge, the first deal of a rubber of contract
bridge, of a TigerBridge match, of a Memory Bridge match with its two halves): create a room,
the joins and ready toggles of its seats, start (a secure shuffle, with the wash
rule in Floating Bridge), the auction (pass-outs redeal), the partner card (Floating Bridge), and
play to the end of the deal (the declarer playing the dummy's cards in contract bridge). Every
move goes through `Room.place_bid` / `choose_partner` / `play_card`, which validate it; the moves
are chosen at random among `legal_bids` / `legal_partner_cards` / `legal_cards`.
Shuffles use the default `secure_rng()`; a seeded `random.Random` only picks the moves.

    python bench/engine.py [--games N] [--seconds S] [--seed K] [--play-all-tricks] [--no-wash] [--profile]
                           [--variants floating,contract,tiger,memory]

Prints a small table per variant (with several, each one's rate against the first, measured in
the same run); the last line is `games_per_s: N` of the first variant. With --profile it also runs the
same workload under cProfile and prints the top functions by cumulative and by own time.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge import PASS, Phase, Room, Settings, secure_rng, variant_named

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
            legal = game.legal_bids()
            if len(legal) == 1 or choice.random() >= bid_bias:
                call = PASS
            else:
                bids = legal[1:]
                call = choice.choice(bids[:3]) if choice.random() < 0.85 else choice.choice(bids)
            room = room.place_bid(uid, call, shuffle)
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


def run(settings: Settings, seed: int, games: int | None, seconds: float | None) -> tuple[Tally, float]:
    """Play until `games` games or `seconds` seconds (whichever is given; both: the first reached)."""
    choice = random.Random(seed)
    tally = Tally()
    start = time.perf_counter()
    deadline = start + seconds if seconds else float("inf")
    limit = games if games else (None if seconds else 2000)
    while (limit is None or tally.games < limit) and time.perf_counter() < deadline:
        play_game(settings, choice, tally)
    return tally, time.perf_counter() - start


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
            settings = Settings(play_all_tricks=args.play_all_tricks, wash_rule=not args.no_wash)
        else:
            settings = Settings().with_changes(Settings.parse_changes({"variant": variant}))
        run(settings, args.seed, 50, None)  # warm up
        tally, wall = run(settings, args.seed, args.games, args.seconds)
        if args.profile:
            profile(settings, args.seed, min(tally.games, 2000))
        print(f"variant {variant}: {settings.to_dict()}; python {sys.version.split()[0]}")
        report(tally, wall)
        rates.append((variant, tally.games / wall))
        if len(rates) > 1:
            print(f"{variant} / {rates[0][0]}: {rates[-1][1] / rates[0][1]:.2f}x deals per second")
        print()
    print(f"games_per_s: {rates[0][1]:.0f}")


if __name__ == "__main__":
    main()
