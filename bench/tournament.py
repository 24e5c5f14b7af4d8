"""A robot tournament at scale (issue 37): thousands of entrants playing the same boards over a
day, their results through the real documents and rules, the clock (`service.tournaments.tick`)
running every simulated minute, against the Firestore emulator.

    ./scripts/with-emulators .venv/bin/python bench/tournament.py [--entrants 2000] [--boards 8]
        [--sample 10] [--scoring matchpoints] [--hours 24] [--workers 4]

- **The field**: each entrant enters through `enterTournament` (in this process: our handler,
  the real transaction), starts at a random time of the day and takes 4-9 simulated minutes a
  board. Playing a board is done in the engine (the entrant's seat by the bot's policy,
  `tests.people`): the emulators would take hours over 16,000 boards' 300,000 moves; what the
  board leaves is committed as the move that ends it commits it (`store.save_room`: the table's
  documents, the hand record, the entrant's result and progress), and the next board as
  `toggleReady` deals it. So every document a tournament has is written by the code that writes
  it in production, at the simulated time it would be.
- **A sample** of entrants plays every move through the callables (in this process), for the
  operations a whole entry costs.
- **The clock** runs at every simulated minute with results (compaction), and once past the
  close (the close: tables, final standings, ratings).

Prints: operations per entry (reads, writes: the sample's whole entries, the bulk's per board,
the clock's share), the busiest documents' writes per second (most in any 1 s and any 60 s of
simulated time), the time from the last result to the final ranking, cost per 1,000 entries at
list prices, and a check that the final standings equal the field restated from the result
documents. One JSON line last. Prints, never asserts.
"""
from __future__ import annotations

import argparse
import bisect
import collections
import datetime as dt
import json
import os
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from common import client, loadavg, machine
from serving import PRICES

os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)

from google.cloud.firestore_v1 import batch as batch_module
from google.cloud.firestore_v1 import client as client_module
from google.cloud.firestore_v1 import document as document_module
from google.cloud.firestore_v1 import query as query_module

from bridge import BridgeError, Card, Phase, Reason, Room, state, tournament_documents
from bridge.room import Status
from bridge.tournament import Field, FieldScoring, Tournament
from service import db, store, tournaments
from service.endpoint import Call, Caller
from service.registry import ALL_CALLABLES
from tests.people import person_moves

# ---- counting Firestore operations ---------------------------------------------------------------


class Counter:
    """Document reads and writes at the Firestore client, by phase, and each write's path with the
    simulated time it happened at (set `now` before the writes of a simulated moment)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reads: collections.Counter[str] = collections.Counter()
        self.writes: collections.Counter[str] = collections.Counter()
        self.log: list[tuple[str, float]] = []  # (path, simulated time), the simulated day's writes
        self.sample_paths: list[str] = []  # the sample's writes (no simulated time)
        self.local = threading.local()

    @property
    def phase(self) -> str:
        return getattr(self.local, "phase", "other")

    def read(self, n: int) -> None:
        with self.lock:
            self.reads[self.phase] += n

    def wrote(self, paths: list[str]) -> None:
        now = getattr(self.local, "now", 0.0)
        with self.lock:
            self.writes[self.phase] += len(paths)
            if self.phase == "sample":
                self.sample_paths.extend(paths)
            else:
                self.log.extend((path, now) for path in paths)

    def at(self, phase: str, now: float) -> None:
        """The writes and reads this thread makes from now on are of `phase`, at simulated time `now`."""
        self.local.phase, self.local.now = phase, now


COUNT = Counter()


def _install() -> None:
    """Count every read and write our code makes through the Firestore client (a query that
    returns nothing is billed one read)."""
    get_all, stream, get, commit = (client_module.Client.get_all, query_module.Query.stream,
                                    document_module.DocumentReference.get, batch_module.WriteBatch.commit)

    def counted_get_all(self: Any, refs: Any, *args: Any, **kwargs: Any) -> Any:
        found = list(get_all(self, refs, *args, **kwargs))
        COUNT.read(len(found))
        return iter(found)

    def counted_stream(self: Any, *args: Any, **kwargs: Any) -> Any:
        found = list(stream(self, *args, **kwargs))
        COUNT.read(max(1, len(found)))
        return iter(found)

    def counted_get(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNT.read(1)
        return get(self, *args, **kwargs)

    def counted_commit(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNT.wrote([(w.delete or (w.update.name if w.update else "")).split("/documents/", 1)[-1]
                     for w in self._write_pbs])
        return commit(self, *args, **kwargs)

    client_module.Client.get_all = counted_get_all
    query_module.Query.stream = counted_stream
    document_module.DocumentReference.get = counted_get
    batch_module.WriteBatch.commit = counted_commit


# ---- the field ------------------------------------------------------------------------------------


def call(function: str, data: dict[str, Any], uid: str) -> Any:
    """Our handler called in this process as the caller `uid`; a call over the caller's allowance
    (faster than anyone plays) waits as long as it is told to and is made again."""
    while True:
        try:
            return ALL_CALLABLES[function](Call(Caller(uid, None), function, data))
        except BridgeError as error:
            if error.reason is not Reason.RATE_LIMITED or error.retry_after is None:
                raise
            time.sleep(error.retry_after)


def new_user(n: int) -> str:
    uid = f"bench{os.getpid()}u{n}"
    from service.accounts import account_document, account_ref

    account_ref(uid).set(account_document(uid, f"Entrant {n}"))
    return uid


def stored_room(room_id: str) -> tuple[Room, int]:
    doc = db.client().collection(store.ROOMS).document(room_id).collection(store.PRIVATE).document(store.STATE).get()
    data = doc.to_dict() or {}
    return state.decode(data), data["version"]


def play_board_in_engine(uid: str, room_id: str, rng: random.Random) -> None:
    """The entrant's board played to its end in the engine, committed as its last move commits it."""
    def body(txn: store.Transaction) -> None:
        stored = store.load_room(txn, room_id, None, uid)
        room = stored.room
        while room.deal_in_progress:
            room = person_moves(room, rng)
        store.save_room(txn, stored.ref, stored, room)

    store.run_unlogged(body)


def play_every_move(uid: str, room_id: str) -> int:
    """The entrant plays every move of their table through the callables; the calls made."""
    calls = 0
    while True:
        room, version = stored_room(room_id)
        if room.is_ended:
            return calls
        data = {"roomID": room_id, "expectedVersion": version}
        if room.status is Status.DEAL_ENDED:
            call("toggleReady", data, uid)
        else:
            deal = room.deal
            assert deal is not None
            action = deal.bot_action()
            if isinstance(action, Card):
                call("chooseTeammate" if deal.phase is Phase.CHOOSING_TEAMMATE else "playCard",
                     {**data, "card": str(action)}, uid)
            else:
                call("placeBid", {**data, "bid": str(action)}, uid)
        calls += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=2000)
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--sample", type=int, default=10)
    parser.add_argument("--scoring", default="matchpoints", choices=[s.value for s in FieldScoring])
    parser.add_argument("--hours", type=float, default=24.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _install()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    opens = dt.datetime.now(dt.UTC).timestamp()
    closes = opens + args.hours * 3600
    tournament_id = f"bench{os.getpid()}"
    tournament = Tournament.create(tournament_id, game="contract", scoring=FieldScoring(args.scoring),
                                   boards=args.boards, opens_at=opens, closes_at=closes, series="bench")
    COUNT.at("create", 0.0)
    store.run_unlogged(lambda txn: tournaments._create(txn, store.tournament_ref(tournament_id), tournament))
    uids = [new_user(n) for n in range(args.entrants)]
    print(f"tournament {tournament_id}: {args.entrants} entrants, {args.boards} boards, {args.scoring}; "
          f"machine load {loadavg()}", flush=True)

    # The sample: whole entries through the callables.
    sample_calls = 0
    for uid in uids[:args.sample]:
        COUNT.at("sample", 0.0)
        room_id = call("enterTournament", {"tournamentID": tournament_id}, uid)["roomID"]
        sample_calls += 1 + play_every_move(uid, room_id)
    sample_reads, sample_writes = COUNT.reads["sample"], COUNT.writes["sample"]

    # The bulk: a simulated day of entries and boards.
    events: list[tuple[float, int, str, str]] = []  # (time, order, kind, uid)
    for uid in uids[args.sample:]:
        pace = [rng.uniform(4, 9) * 60 for _ in range(args.boards)]
        start = rng.uniform(0, args.hours * 3600 - sum(pace) - 60)
        events.append((start, 0, "enter", uid))
        t = start
        for board in range(args.boards):
            t += pace[board]
            events.append((t, 1, "board", uid))
            if board + 1 < args.boards:
                events.append((t + 10, 2, "next", uid))
    events.sort()
    rooms: dict[str, str] = {}
    rngs = {uid: random.Random(f"{args.seed}{uid}") for uid in uids}
    minute_ends = [60.0 * m for m in range(1, int(args.hours * 60) + 2)]

    def run(event: tuple[float, int, str, str]) -> None:
        when, _, kind, uid = event
        COUNT.at(kind, when)
        if kind == "enter":
            rooms[uid] = call("enterTournament", {"tournamentID": tournament_id}, uid)["roomID"]
        elif kind == "board":
            play_board_in_engine(uid, rooms[uid], rngs[uid])
        else:
            call("toggleReady", {"roomID": rooms[uid]}, uid)

    clock_seconds: list[float] = []
    last_result_wall = 0.0
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        position = 0
        for minute_end in minute_ends:
            end = bisect.bisect_left(events, (minute_end, -1, "", ""), lo=position)
            batch = events[position:end]
            position = end
            # An entrant's events within a minute keep their order: run each entrant's in turn.
            by_uid: dict[str, list[tuple[float, int, str, str]]] = collections.defaultdict(list)
            for event in batch:
                by_uid[event[3]].append(event)
            list(pool.map(lambda evs: [run(e) for e in evs], by_uid.values()))
            if any(e[2] == "board" for e in batch):
                last_result_wall = time.perf_counter()
                COUNT.at("clock", minute_end)
                t0 = time.perf_counter()
                tournaments.compact_results()
                clock_seconds.append(time.perf_counter() - t0)
            if position >= len(events):
                break

    # The close: the clock's runs past closesAt, a minute apart, until one closes the tournament (a
    # run analyses a few of its contract boards, and the close waits for them all: TOURNAMENTS.md).
    t0 = time.perf_counter()
    closing_runs, closed = 0, False
    while not closed and closing_runs < 30:
        closing_runs += 1
        COUNT.at("close", args.hours * 3600 + 60 * closing_runs)
        closed = tournaments.tick(closes + 1 + 60 * (closing_runs - 1)).closed == [tournament_id]
    close_seconds = time.perf_counter() - t0
    final_ranking_after_last_result = time.perf_counter() - last_result_wall

    # Check: the final standings are the field restated from the result documents.
    results = [tournament_documents.result_from(snapshot.to_dict() or {})
               for board in range(1, args.boards + 1)
               for snapshot in store.board_ref(tournament_id, board).collection(store.RESULTS).stream()]
    restated = Field.empty(FieldScoring(args.scoring), args.boards).with_results(results).standings()
    pages = sorted((s.to_dict() or {} for s in store.tournament_ref(tournament_id).collection(store.STANDINGS)
                    .stream()), key=lambda page: page["page"])
    stored = [(line["uid"], line["place"], line["total"]) for page in pages for line in page["lines"]]
    expected = [(line.uid, line.place, round(float(line.total), 2)) for line in restated]
    standings_match = stored == expected and all(page["final"] for page in pages)

    # Writes per document: the most in any 1 s and any 60 s of simulated time.
    by_path: dict[str, list[float]] = collections.defaultdict(list)
    for path, when in COUNT.log:
        by_path[path].append(when)

    def most_within(times: list[float], span: float) -> int:
        times = sorted(times)
        best, lo = 0, 0
        for hi, t in enumerate(times):
            while t - times[lo] >= span:
                lo += 1
            best = max(best, hi - lo + 1)
        return best

    busiest = sorted(((most_within(times, 60), most_within(times, 1), path) for path, times in by_path.items()
                      if not path.startswith(("requestLog/", "ratings/"))), reverse=True)[:6]
    shared = sorted(((most_within(times, 60), most_within(times, 1), path) for path, times in by_path.items()
                     if path.startswith(f"tournaments/{tournament_id}") and "/entrants/" not in path
                     and "/results/" not in path), reverse=True)[:4]

    bulk = args.entrants - args.sample
    per_board_reads = (COUNT.reads["board"] + COUNT.reads["next"]) / (bulk * args.boards)
    per_board_writes = (COUNT.writes["board"] + COUNT.writes["next"]) / (bulk * args.boards)
    clock_reads = COUNT.reads["clock"] + COUNT.reads["close"] + COUNT.reads["create"]
    clock_writes = COUNT.writes["clock"] + COUNT.writes["close"] + COUNT.writes["create"]
    entry = {
        "sample_calls": round(sample_calls / max(1, args.sample), 1),
        "sample_reads": round(sample_reads / max(1, args.sample), 1),
        "sample_writes": round(sample_writes / max(1, args.sample), 1),
        "bulk_entry_reads": round(COUNT.reads["enter"] / bulk, 1),
        "bulk_entry_writes": round(COUNT.writes["enter"] / bulk, 1),
        "bulk_board_end_and_next_reads": round(per_board_reads, 1),
        "bulk_board_end_and_next_writes": round(per_board_writes, 1),
        "clock_reads_per_entry": round(clock_reads / args.entrants, 2),
        "clock_writes_per_entry": round(clock_writes / args.entrants, 2),
    }
    # Listener reads: the entrant's client listens to their room (their hand sealed in it), their
    # key, their progress and their account: one read per write of each (the sample's writes, by path).
    sample_uids = set(uids[:args.sample])
    def listened(path: str) -> bool:
        if path.startswith(("players/", f"tournaments/{tournament_id}/entrants/")):
            return True
        return path.startswith("rooms/") and (path.count("/") == 1 or (
            "/keys/" in path and path.rsplit("/", 1)[-1] in sample_uids))

    listened_writes = sum(map(listened, COUNT.sample_paths))
    listener_reads = listened_writes / max(1, args.sample)
    entry["listener_reads"] = round(listener_reads, 1)
    reads = entry["sample_reads"] + listener_reads + entry["clock_reads_per_entry"]
    writes = entry["sample_writes"] + entry["clock_writes_per_entry"]
    cost = 1000 * (reads * PRICES["firestore_read"] + writes * PRICES["firestore_write"])
    calls_cost = 1000 * entry["sample_calls"] * PRICES["invocation"]
    figures = {
        "entrants": args.entrants, "boards": args.boards, "scoring": args.scoring, "per_entry": entry,
        "busiest_documents": [{"path": p, "most_in_60s": m60, "most_in_1s": m1} for m60, m1, p in busiest],
        "busiest_shared_documents": [{"path": p, "most_in_60s": m60, "most_in_1s": m1} for m60, m1, p in shared],
        "compactions": len(clock_seconds),
        "compaction_s_p50": round(sorted(clock_seconds)[len(clock_seconds) // 2], 3) if clock_seconds else None,
        "compaction_s_max": round(max(clock_seconds), 3) if clock_seconds else None,
        "close_s": round(close_seconds, 2), "closed": closed, "closing_clock_runs": closing_runs,
        "last_result_to_final_ranking_s": round(final_ranking_after_last_result, 2),
        "standings_match_the_results": standings_match,
        "firestore_usd_per_1000_entries": round(cost, 4), "invocations_usd_per_1000_entries": round(calls_cost, 4),
        "wall_s": round(time.perf_counter() - started, 1), "load": loadavg(), "machine": machine(),
    }
    print(json.dumps({k: v for k, v in figures.items() if k != "machine"}, indent=1))
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
