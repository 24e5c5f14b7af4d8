"""One game at a time: four bot clients play complete games back to back in one room at full
speed (no think time). Wall time per game and per call, latency of every callable unloaded,
the checks on every finished game, and the room document's largest size.

`--transport in-process` calls our handlers directly (no Functions emulator, no HTTP) against
the same Firestore emulator, to separate the callable plumbing from our code.

    ./scripts/with-emulators .venv/bin/python bench/game.py [--games 5] [--transport http|in-process]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics

from bots import Http, InProcess, Player, check_accounts, new_users, play_game
from common import Recorder, new_player, summarize


def make_players(prefix: str, count: int, seed: int) -> list[Player]:
    return [Player(new_player(f"{prefix}{i}"), f"{prefix}{i}", random.Random(seed * 1000 + i)) for i in range(count)]


def run(transport, games: int = 5, warmup: int = 1, play_all_tricks: bool = True, seed: int = 1) -> dict:
    players = make_players("G" if transport.name == "http" else "I", 4, seed)
    recorder = Recorder()
    reports, finished = [], []
    for g in range(warmup + games):
        recorder.window = (-math.inf, math.inf) if g >= warmup else (math.inf, math.inf)
        report = play_game(transport, players, recorder, play_all_tricks)
        if g >= warmup or report.failed:
            reports.append(report)
        if report.failed:  # its players may still sit in the room: stop here
            break
        finished += players
        players = new_users(players)  # the next game by new users (bots.new_users)
    done = [r for r in reports if not r.failed]
    per_call = [r.wall_ms / r.calls for r in done if r.calls]
    return {
        "transport": transport.name,
        "games": len(done),
        "failed_games": [r.failed for r in reports if r.failed],
        "invariant_problems": [p for r in done for p in r.problems],
        "account_problems": check_accounts(finished),
        "game_wall_ms": summarize(r.wall_ms for r in done),
        "calls_per_game_mean": round(statistics.mean(r.calls for r in done), 1) if done else None,
        "ms_per_call_mean": round(statistics.mean(per_call), 2) if per_call else None,
        "tricks_per_game": [r.tricks for r in done],
        "max_room_json_bytes": max((r.max_json_bytes for r in done), default=None),
        "max_room_firestore_bytes": max((r.max_firestore_bytes for r in done), default=None),
        "callables": recorder.summary(),
        "errors": dict(recorder.errors),
    }


def print_report(result: dict) -> None:
    wall = result["game_wall_ms"]
    print(f"   {result['transport']}: {result['games']} games, game wall p50 {wall.get('p50')} ms, "
          f"{result['calls_per_game_mean']} calls/game, {result['ms_per_call_mean']} ms per call (wall/calls), "
          f"tricks {result['tricks_per_game']}, errors {result['errors'] or 0}, "
          f"problems {len(result['invariant_problems']) + len(result['account_problems'])}")
    for name, s in result["callables"].items():
        print(f"     {name:20} n={s['n']:4}  p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f}  p99 {s['p99']:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--transport", choices=("http", "in-process"), default="http")
    args = parser.parse_args()
    result = run(Http() if args.transport == "http" else InProcess(), args.games)
    print_report(result)
    print(json.dumps({"game": result}))


if __name__ == "__main__":
    main()
