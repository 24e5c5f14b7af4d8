"""Contention on one room document: three players join at the same instant, then all four
toggle ready at the same instant; repeated over fresh rooms. Latency of each call, errors
(a rejected call, typically aborted/CONTENTION), and lost updates (after each round the room
must hold exactly the players whose join succeeded, ready exactly when their toggle did).

    ./scripts/with-emulators .venv/bin/python bench/contention.py [--rounds 30]
"""
from __future__ import annotations

import argparse
import collections
import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from common import CallError, at_once, client, ms_since, new_player, summarize


def _simultaneously(calls: list[tuple[str, dict, object]]) -> list[tuple[float, str | None]]:
    """Run the calls on threads released together; (ms, error reason or None) for each."""
    errors: list[str | None] = [None] * len(calls)

    def attempt(i: int) -> Callable[[], None]:
        def call() -> None:
            function, data, user = calls[i]
            try:
                client.call(function, data, user)
            except CallError as error:
                errors[i] = f"{error.reason or error.status}"
            except client.ProtocolError:  # e.g. the emulator killed a function that ran past its timeout
                errors[i] = "PROTOCOL_ERROR"
        return call

    return list(zip(at_once([attempt(i) for i in range(len(calls))]), errors, strict=True))


def run(rounds: int = 30, warmup: int = 2) -> dict:
    with ThreadPoolExecutor(8) as pool:
        users = list(pool.map(lambda i: new_player(f"C{i}"), range(4 * (rounds + warmup))))
    samples = collections.defaultdict(list)
    errors: collections.Counter[str] = collections.Counter()
    warmup_errors: collections.Counter[str] = collections.Counter()
    lost_updates = uncertain = 0
    round_ms = collections.defaultdict(list)
    for r in range(warmup + rounds):
        host, *guests = users[4 * r: 4 * r + 4]
        room_id = client.call("createGameRoom", {}, host)["roomID"]
        start = time.perf_counter()
        joins = _simultaneously([("joinGameRoom", {"roomID": room_id}, g) for g in guests])
        join_round = ms_since(start)
        seated = [host] + [g for g, (_, err) in zip(guests, joins, strict=True) if err is None]
        start = time.perf_counter()
        toggles = _simultaneously([("toggleReady", {"roomID": room_id}, u) for u in seated])
        toggle_round = ms_since(start)
        room = client.admin_get(f"rooms/{room_id}")
        expected = {u.uid: err is None for u, (_, err) in zip(seated, toggles, strict=True)}
        actual = {p["uid"]: p["ready"] for p in room["players"]}
        if any(err == "PROTOCOL_ERROR" for _, err in joins + toggles):
            uncertain += 1  # a killed call may or may not have committed: nothing to compare
        elif actual != expected:
            lost_updates += 1
        tally = errors if r >= warmup else warmup_errors
        for function, results in (("joinGameRoom", joins), ("toggleReady", toggles)):
            for ms, err in results:
                if r >= warmup:
                    samples[function].append(ms)
                if err:
                    tally[f"{function}:{err}"] += 1
        if r >= warmup:
            round_ms["joins_round"].append(join_round)
            round_ms["toggles_round"].append(toggle_round)
    return {
        "rounds": rounds,
        "calls": {name: summarize(v) for name, v in samples.items()},
        "rounds_ms": {name: summarize(v) for name, v in round_ms.items()},
        "errors": dict(errors),
        "warmup_errors": dict(warmup_errors),
        "lost_updates": lost_updates,
        "rounds_not_checked": uncertain,
    }


def print_report(result: dict) -> None:
    for name, s in result["calls"].items():
        print(f"   {name:14} n={s['n']:4}  p50 {s['p50']:7.1f}  p95 {s['p95']:7.1f}  p99 {s['p99']:7.1f}  "
              f"max {s['max']:7.1f} ms")
    print(f"   errors {result['errors'] or 0} (warm-up rounds: {result['warmup_errors'] or 0}), "
          f"lost updates {result['lost_updates']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    result = run(args.rounds)
    print_report(result)
    print(json.dumps({"contention": result}))


if __name__ == "__main__":
    main()
