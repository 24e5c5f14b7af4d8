"""Our handlers at a git revision against the working tree, in-process, in one emulator run.

Exports `functions/service` and `functions/bridge` of `--rev` into a temporary directory and
runs the same in-process benchmark (our handlers called directly, no Functions emulator)
for each version in its own subprocess: a few complete games (latency of every callable and
the bench process's CPU per call) and simultaneous joins/toggles on one room. Nothing in
the working tree changes, so it is safe while others work in it.

    ./scripts/with-emulators .venv/bin/python bench/compare.py [--rev HEAD] [--games 3] [--rounds 10]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def export(rev: str, into: Path) -> Path:
    """`functions/{service,bridge}` as of `rev`, under `into`."""
    archive = subprocess.run(["git", "archive", rev, "functions/service", "functions/bridge"], cwd=ROOT,
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "functions"


def measure(functions_dir: str, games: int, rounds: int) -> dict:
    """In this process: import our code from `functions_dir`, then play and contend."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import common  # noqa: F401  (puts the repository's functions/ on sys.path: override it)

    sys.path.insert(0, functions_dir)
    import random

    import bots
    from common import CallError, Recorder, new_player, summarize

    transport = bots.InProcess()
    players = [bots.Player(new_player(f"X{i}"), f"X{i}", random.Random(i)) for i in range(4)]
    recorder = Recorder()
    bots.play_game(transport, players, recorder, True)  # warm-up
    recorder = Recorder()
    cpu0, calls = time.process_time(), 0
    for _ in range(games):
        calls += bots.play_game(transport, players, recorder, True).calls
    cpu_per_call = 1000 * (time.process_time() - cpu0) / max(calls, 1)

    samples: dict[str, list[float]] = {"joinGameRoom": [], "toggleReady": []}
    errors = 0
    for _ in range(rounds):
        users = [new_player("C") for _ in range(4)]
        room_id = transport.call("createGameRoom", {}, users[0])["roomID"]
        for function, who in (("joinGameRoom", users[1:]), ("toggleReady", users)):
            barrier = threading.Barrier(len(who))

            def go(user, barrier=barrier, function=function, room_id=room_id) -> None:  # this round's values
                nonlocal errors
                barrier.wait()
                start = time.perf_counter()
                try:
                    transport.call(function, {"roomID": room_id}, user)
                except CallError:
                    errors += 1
                samples[function].append(1000 * (time.perf_counter() - start))

            threads = [threading.Thread(target=go, args=(u,)) for u in who]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    summary = recorder.summary()
    return {
        "callables": {k: summary[k] for k in ("playCard", "placeBid", "joinGameRoom", "toggleReady", "leaveGameRoom")
                      if k in summary},
        "bench_cpu_ms_per_call": round(cpu_per_call, 2),
        "contention": {k: summarize(v) for k, v in samples.items()},
        "contention_errors": errors,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # internal: the child process
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.games, args.rounds)))
        return
    def run(functions_dir: Path, games: int, rounds: int) -> dict:
        out = subprocess.run([sys.executable, __file__, "--measure", str(functions_dir), "--games", str(games),
                              "--rounds", str(rounds)], capture_output=True, text=True, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])

    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        run(ROOT / "functions", 1, 1)  # warm the emulators up (the JVM's JIT), not measured
        for label, functions_dir in ((args.rev, export(args.rev, Path(tmp))), ("working tree", ROOT / "functions")):
            results[label] = run(functions_dir, args.games, args.rounds)
    print(f"{'':26}" + "".join(f"{label:>28}" for label in results))
    names = [("playCard", "callables"), ("placeBid", "callables"), ("joinGameRoom", "callables"),
             ("toggleReady", "callables"), ("leaveGameRoom", "callables"),
             ("joinGameRoom", "contention"), ("toggleReady", "contention")]
    for name, group in names:
        cells = []
        for r in results.values():
            s = r[group].get(name, {})
            cells.append(f"p50 {s.get('p50', '-')} p99 {s.get('p99', '-')}" if s else "-")
        print(f"{(name + (' (3/4 at once)' if group == 'contention' else '')):26}" + "".join(f"{c:>28}" for c in cells))
    print(f"{'bench CPU ms per call':26}" + "".join(f"{r['bench_cpu_ms_per_call']:>28}" for r in results.values()))
    print(f"{'contention errors':26}" + "".join(f"{r['contention_errors']:>28}" for r in results.values()))
    print(json.dumps({"compare": results}))


if __name__ == "__main__":
    main()
