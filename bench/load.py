"""Load: N rooms at once, each with four bot clients playing complete games back to back.

Per level: rooms start staggered over the warm-up. The Functions emulator starts a worker
process for each concurrent request of a function (one request per worker at a time), so
the first bursts pay for process starts; the measured window opens once the worker pool has
stopped growing (POOL_STABLE_S without a new worker, bounded). Latencies and throughput count
calls that start in the window; games still running at its end are finished (bounded by a
per-game timeout) and checked like every other game. Errors count over the whole level,
warm-up included: the target is zero.

    ./scripts/with-emulators .venv/bin/python bench/load.py [--levels 1,4,16,32] [--warmup 10] [--seconds 30]
"""
from __future__ import annotations

import argparse
import json
import math
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from bots import Http, InProcess, Player, check_accounts, new_users, play_game
from common import CALLABLES, CpuMeter, Recorder, new_player, workers_by_function

GAME_MOVES = ("placeBid", "chooseTeammate", "playCard")


def make_pool(rooms: int, seed: int = 11) -> list[list[Player]]:
    with ThreadPoolExecutor(8) as pool:
        users = list(pool.map(lambda i: new_player(f"L{i}"), range(4 * rooms)))
    players = [Player(u, f"L{i}", random.Random(seed * 1000 + i)) for i, u in enumerate(users)]
    return [players[4 * r: 4 * r + 4] for r in range(rooms)]


#: The measured window opens once the emulator's worker pool has stopped growing for this long
#: (a new worker costs ~0.5 s of CPU and its first request waits for it), or at the latest
#: this long after the minimum warm-up.
POOL_STABLE_S = 5.0
MAX_EXTRA_WARMUP_S = 20.0


def run_level(transport, tables: list[list[Player]], warmup_s: float, measure_s: float,
              game_timeout_s: float = 120.0) -> dict:
    rooms = len(tables)
    recorder = Recorder()
    start = time.perf_counter()
    recorder.window = (math.inf, math.inf)  # nothing counts until the window opens
    end = [math.inf]                        # when tables stop starting games (set below)
    reports, lock = [], threading.Lock()
    workers_before = workers_by_function()

    retired: list[Player] = []
    finished: list[Player] = []  # the players of the games that finished, for the account check

    def room_loop(r: int) -> None:
        time.sleep(0.8 * warmup_s * r / rooms)  # stagger the first lobbies over the warm-up
        while time.perf_counter() < end[0]:
            report = play_game(transport, tables[r], recorder, play_all_tricks=(r % 2 == 0), timeout_s=game_timeout_s)
            with lock:
                reports.append(report)
                # A failed game's players may still sit in that room: they are not checked.
                (retired if report.failed else finished).extend(tables[r])
            tables[r] = new_users(tables[r])  # the next game by new users (bots.new_users)

    threads = [threading.Thread(target=room_loop, args=(r,), daemon=True) for r in range(rooms)]
    for t in threads:
        t.start()
    # Warm up: at least `warmup_s`, then until no worker has been added for POOL_STABLE_S.
    time.sleep(warmup_s)
    pool, stable_since = sum(workers_by_function().values()), time.perf_counter()
    while (time.perf_counter() - stable_since < POOL_STABLE_S
           and time.perf_counter() - start < warmup_s + MAX_EXTRA_WARMUP_S):
        time.sleep(0.5)
        now = sum(workers_by_function().values())
        if now != pool:
            pool, stable_since = now, time.perf_counter()
    window_start = time.perf_counter()
    end[0] = window_start + measure_s
    recorder.window = (window_start, end[0])
    workers_at_window = workers_by_function()
    meter = CpuMeter()
    meter.start()
    time.sleep(max(0.0, end[0] - time.perf_counter()))
    cpu = meter.stop()
    workers_after_window = workers_by_function()
    for t in threads:
        t.join(timeout=max(1.0, end[0] + game_timeout_s + 15 - time.perf_counter()))
    stuck = sum(t.is_alive() for t in threads)

    done = [r for r in reports if not r.failed]
    calls = recorder.count(CALLABLES)
    moves = recorder.count(GAME_MOVES)
    summary = recorder.summary()
    callables = {k: v for k, v in summary.items() if k in CALLABLES}
    worst = max(callables.items(), key=lambda kv: kv[1].get("p99", 0), default=(None, {}))
    return {
        "rooms": rooms,
        "warmup_s": round(window_start - start, 1),
        "measured_s": measure_s,
        "games_finished": len(done),
        "games_failed": [r.failed for r in reports if r.failed],
        "tables_stuck": stuck,
        "calls_per_s": round(calls / measure_s, 1),
        "moves_per_s": round(moves / measure_s, 1),
        "errors": dict(recorder.errors),
        "error_count": sum(recorder.errors.values()),
        "invariant_problems": [p for r in done for p in r.problems],
        "games_checked": len(done),
        "account_problems": check_accounts(finished),
        "players_retired_after_failed_games": len(retired),
        "callables": callables,
        "reads": {k: v for k, v in summary.items() if k.startswith("(")},
        "worst_p99": {"callable": worst[0], "ms": worst[1].get("p99")},
        "game_wall_ms_p50": sorted(r.wall_ms for r in done)[len(done) // 2] if done else None,
        "max_room_json_bytes": max((r.max_json_bytes for r in done), default=None),
        "max_room_firestore_bytes": max((r.max_firestore_bytes for r in done), default=None),
        "workers": {"before": sum(workers_before.values()), "window_start": sum(workers_at_window.values()),
                    "window_end": sum(workers_after_window.values()), "by_function": workers_after_window},
        "cpu": cpu,
        # CPU per callable by component (the bench's reads and sign-ins count too, on java/node).
        "cpu_ms_per_call": {k: round(1000 * v / calls, 2) for k, v in cpu["cpu_s"].items()} if calls else {},
    }


def run(transport, levels: list[int], warmup_s: float, measure_s: float) -> list[dict]:
    pool = make_pool(max(levels))
    results = []
    for rooms in levels:
        tables = pool[:rooms]
        result = run_level(transport, tables, warmup_s, measure_s)
        pool[:rooms] = tables  # players replaced after a failed game stay replaced
        print_level(result)
        results.append(result)
    return results


def print_level(r: dict) -> None:
    pc = r["callables"].get("playCard", {})
    print(f"   {r['rooms']:2} rooms: {r['calls_per_s']:6.1f} calls/s, {r['moves_per_s']:6.1f} moves/s, "
          f"games {r['games_finished']} (failed {len(r['games_failed'])}), errors {r['error_count']}, "
          f"problems {len(r['invariant_problems']) + len(r['account_problems'])}, "
          f"playCard p50 {pc.get('p50')} p99 {pc.get('p99')} ms, worst p99 {r['worst_p99']['callable']} "
          f"{r['worst_p99']['ms']} ms, workers {r['workers']['window_end']}, cpu {r['cpu']['cpu_s']}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="1,4,16,32")
    parser.add_argument("--warmup", type=float, default=10.0, help="minimum warm-up seconds per level")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--transport", choices=("http", "in-process"), default="http")
    args = parser.parse_args()
    transport = Http() if args.transport == "http" else InProcess()
    results = run(transport, [int(x) for x in args.levels.split(",")], args.warmup, args.seconds)
    print(json.dumps({"load": results}))


if __name__ == "__main__":
    main()
