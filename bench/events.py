"""Duplicate events (docs/DUPLICATE.md): a whole pairs event played by bots in the engine, and
a teams match played through the callables beside the floor, in the same run.

- `engine`: a pairs event of 8 tables x 24 boards (3 a round, 7 rounds: 168 boards played),
  every spot a bot, played to its end by `Event.start` (every table dealt, played, entered,
  every round opened, the ranking). Time per event and per board played, peak memory
  (tracemalloc), and, for scale, contract-bridge deals played by the same bots through a plain
  `Match` in the same run.
- `callables` (with the emulators): a teams match of `--boards` boards at 2 tables with a person
  in every seat, each move a callable from that person's client (placeBid, playCard,
  toggleReady), one after another. Calls per second, p50 and p99 of each kind, beside the
  floor measured in the same run (bench/floor.py: a transaction of playCard's shape with no
  Functions emulator, and a call rejected before any Firestore access).

    .venv/bin/python bench/events.py                                   # engine only
    ./scripts/with-emulators .venv/bin/python bench/events.py --callables

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import tracemalloc
from pathlib import Path
from types import MappingProxyType

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge import Match, Settings, new_deal
from bridge.contract import CONTRACT
from bridge.event import Event, Form

DIRECTOR = "director"


def bots_event(seed: int, tables: int = 8, per_round: int = 3) -> Event:
    event = Event.create("bench", DIRECTOR, Form.PAIRS, tables=tables, boards_per_round=per_round,
                         boards=tables * per_round, rng=random.Random(seed))
    for spot in event.spots:
        event, _ = event.add_bot(DIRECTOR, spot)
    return event


def engine(events: int) -> dict:
    played, seconds = 0, 0.0
    for seed in range(events):
        event = bots_event(seed)
        start = time.perf_counter()
        ended, _ = event.start(DIRECTOR)
        seconds += time.perf_counter() - start
        assert ended.status.value == "ended"
        played += len(ended.results)
    tracemalloc.start()
    ended, chains = bots_event(events).start(DIRECTOR)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # The same bots playing plain contract-bridge deals, for scale.
    settings = Settings(variant="contract", scoring="chicago", deals=0)
    rng, deals, start = random.Random(1), 0, time.perf_counter()
    names = {uid: uid for uid in ("a", "b", "c", "d")}
    match = Match(0, "chicago", 0, MappingProxyType({}), MappingProxyType({}), CONTRACT.sheet(settings))
    while time.perf_counter() - start < max(1.0, seconds):
        deal = new_deal(CONTRACT, tuple(names), settings, deals % 4, rng)
        while not deal.is_finished:
            deal = deal.act(deal.actor, deal.bot_action(), rng)
        match.scored(deal)
        deals += 1
    deals_per_s = deals / (time.perf_counter() - start)
    boards_per_s = played / seconds
    return {"events": events, "boards_per_event": played // events, "ms_per_event": round(1000 * seconds / events, 1),
            "boards_per_s": round(boards_per_s, 1), "contract_deals_per_s": round(deals_per_s, 1),
            "ratio_boards_to_deals": round(boards_per_s / deals_per_s, 2), "peak_mib": round(peak / 2**20, 2),
            "tables_created": len(chains)}


def callables(boards: int) -> dict:
    import floor
    from common import Recorder, ms_since, new_player

    from tests import client
    from tests.event_table import Player, filled

    director = new_player("Director")
    event_id = client.call("createEvent", {"form": "teams", "boards": boards}, director)["eventID"]
    seats = [(direction, table, seat) for direction in ("NS", "EW") for table in (0, 1) for seat in (0, 1)]
    people = {spot: new_player(f"P{i}") for i, spot in enumerate(seats)}
    filled(director, event_id, people)
    start = time.perf_counter()
    client.call("startEvent", {"eventID": event_id}, director)
    start_ms = ms_since(start)
    recorder = Recorder()
    original = client.call

    def timed(name: str, data: object, user: object = None) -> object:
        begun = time.perf_counter()
        answer = original(name, data, user)
        recorder.add(name, ms_since(begun))
        return answer

    client.call = timed  # type: ignore[assignment]  # the players' calls are timed, their reads are not
    players = [Player(user) for user in people.values()]
    calls_time, moved = 0.0, True
    try:
        while moved:
            moved = False
            for player in players:
                before = sum(len(v) for v in recorder.samples.values())
                began = time.perf_counter()
                moved = player.step() or moved
                if sum(len(v) for v in recorder.samples.values()) > before:
                    calls_time += time.perf_counter() - began
    finally:
        client.call = original  # type: ignore[assignment]
    event = client.read(f"events/{event_id}", director)
    assert event["status"] == "ended", event["status"]
    summary = recorder.summary()
    total = sum(s["n"] for s in summary.values())
    floors = floor.run(n=60, warmup=10)
    return {"boards": boards, "calls": total, "calls_per_s": round(total / calls_time, 1),
            "startEvent_ms": round(start_ms, 1), "by_call": summary,
            "floor_playcard_shape": floors["floor_playcard_shape"], "pipeline": floors["pipeline"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5)
    parser.add_argument("--callables", action="store_true")
    parser.add_argument("--boards", type=int, default=4)
    args = parser.parse_args()
    result: dict = {"engine": engine(args.events)}
    e = result["engine"]
    print(f"engine: pairs 8 tables x 24 boards, bots: {e['ms_per_event']} ms an event ({e['boards_per_event']} boards "
          f"played), {e['boards_per_s']} boards/s vs {e['contract_deals_per_s']} plain contract deals/s "
          f"(ratio {e['ratio_boards_to_deals']}), peak {e['peak_mib']} MiB")
    if args.callables:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        c = result["callables"] = callables(args.boards)
        print(f"callables: teams match of {c['boards']} boards, 8 people: {c['calls']} calls, "
              f"{c['calls_per_s']} calls/s one at a time; startEvent {c['startEvent_ms']} ms")
        for name, s in c["by_call"].items():
            print(f"  {name:12} n {s['n']:4}  p50 {s['p50']:7.2f}  p99 {s['p99']:7.2f} ms")
        for name in ("floor_playcard_shape", "pipeline"):
            s = c[name]
            print(f"  {name:22} p50 {s['p50']:7.2f}  p99 {s['p99']:7.2f} ms")
    print(json.dumps({"events": result}))


if __name__ == "__main__":
    main()
