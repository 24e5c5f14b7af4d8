"""The production serving model, measured: our functions served as Cloud Run serves a
deployed 2nd-gen function — the `functions-framework` server (gunicorn, one process, thread
workers), one process per function with `FUNCTION_TARGET` set — against the Firestore and Auth
emulators, next to the Functions emulator in the same run; and the Firestore operations and
function invocations of a whole deal, with their cost at list prices.

    ./scripts/with-emulators .venv/bin/python bench/serving.py [--levels 1,8,32,80] [--seconds 20]
        [--emulator-levels 1,8,32] [--deals 12] [--match 1] [--operations-only]

Per level, `level` tables of four bots play complete games back to back (a table has one call
in flight at a time, so about `level` calls are in flight), each function's server runs
`THREADS=level` gunicorn threads (Cloud Run's concurrency), and the figures count calls that
start in the measured window: calls/s, p50/p99, CPU of the serving processes per call, their
memory. Every finished game passes the load test's invariant checks (`bots.check_game`).
Prints a table per part and, last, one JSON line with every figure. Prints, never asserts.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from bots import InProcess, check_accounts, new_users, play_game
from common import CALLABLES, FUNCTIONS_DIR, ROOT, CallError, Recorder, _proc_stat, _rss_mib, client, table
from load import make_pool, run_level

#: Calls a bot table makes: the game moves, the lobby calls.
GAME_MOVES = ("placeBid", "chooseTeammate", "playCard")

#: List prices used for the cost per 1,000 deals (USD; Firebase / Google Cloud pricing pages as
#: published in 2025, tier-1 regions; check the current pages before relying on them).
PRICES = {
    "firestore_read": 0.06 / 100_000,    # per document read, nam5 multi-region (regional locations cost less)
    "firestore_write": 0.18 / 100_000,   # per document write
    "firestore_delete": 0.02 / 100_000,  # per document delete
    "invocation": 0.40 / 1_000_000,      # Cloud Run functions, per request
    "vcpu_second": 0.000024,             # per vCPU-second while a request is served
    "gib_second": 0.0000025,             # per GiB-second likewise
    "egress_gib": 0.12,                  # Internet egress per GiB, after 10 GiB a month (Google Cloud network prices)
}


# ---- the serving processes ---------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Servers:
    """One `functions-framework` process per callable, as Cloud Run runs each deployed function."""

    def __init__(self, threads: int) -> None:
        self.threads = threads
        self.procs: dict[str, subprocess.Popen] = {}
        self.ports: dict[str, int] = {}
        env = {**os.environ, "GCLOUD_PROJECT": client.PROJECT_ID, "THREADS": str(threads), "WORKERS": "1",
               "PYTHONUNBUFFERED": "1"}
        env.pop("DEBUG", None)  # gunicorn, not Flask's development server
        binary = FUNCTIONS_DIR / "venv" / "bin" / "functions-framework"
        self._log = open(ROOT / ".logs" / "serving-bench.log", "ab")
        for name in CALLABLES:
            port = _free_port()
            self.ports[name] = port
            self.procs[name] = subprocess.Popen(
                [str(binary), "--target", name, "--host", "127.0.0.1", "--port", str(port)],
                cwd=FUNCTIONS_DIR, env={**env, "FUNCTION_TARGET": name}, stdout=self._log, stderr=self._log)
        deadline = time.monotonic() + 60
        for name, port in self.ports.items():
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                        break
                except OSError:
                    if self.procs[name].poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(f"functions-framework for {name} did not start "
                                           "(see .logs/serving-bench.log)") from None
                    time.sleep(0.1)

    def pids(self) -> list[int]:
        """Every process of every server (gunicorn's master and its worker)."""
        roots = {p.pid for p in self.procs.values()}
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and (stat := _proc_stat(int(entry.name))):
                children.setdefault(stat[0], []).append(int(entry.name))
        found, todo = set(), list(roots)
        while todo:
            pid = todo.pop()
            if pid not in found:
                found.add(pid)
                todo.extend(children.get(pid, []))
        return sorted(found)

    def cpu_s(self) -> float:
        return sum(stat[1] for pid in self.pids() if (stat := _proc_stat(pid)))

    def rss_mib_by_function(self) -> dict[str, float]:
        """The resident memory of each function's worker process (the largest of its processes)."""
        out = {}
        for name, proc in self.procs.items():
            tree = [proc.pid] + [pid for pid in self.pids() if (s := _proc_stat(pid)) and s[0] == proc.pid]
            out[name] = round(max(_rss_mib(pid) for pid in tree), 1)
        return out

    def stop(self) -> None:
        for proc in self.procs.values():
            proc.terminate()
        for proc in self.procs.values():
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        self._log.close()


class Serving:
    """Calls straight to the function's own server, as the callable SDKs reach a deployed function
    (production strips the function's name from the path: `/`)."""

    name = "serving"

    def __init__(self, servers: Servers) -> None:
        self._servers = servers

    def call(self, function: str, data: Any, user: client.User) -> Any:
        response = client.http.post(f"http://127.0.0.1:{self._servers.ports[function]}/", json={"data": data},
                                    headers=user.headers)
        body = client._json(response)
        if response.is_success:
            return body["result"]
        raise CallError(function, response.status_code, *client._error_fields(response, body))


def run_serving_level(level: int, pool: list, warmup_s: float, measure_s: float) -> dict:
    servers = Servers(threads=level)
    try:
        transport, recorder = Serving(servers), Recorder()
        recorder.window = (float("inf"), float("inf"))
        stop_at = [float("inf")]
        reports, lock = [], threading.Lock()
        tables = pool[:level]
        finished: list = []  # the players of the games that finished, for the account check

        def table_loop(t: int) -> None:
            time.sleep(0.5 * warmup_s * t / level)
            while time.perf_counter() < stop_at[0]:
                report = play_game(transport, tables[t], recorder, play_all_tricks=(t % 2 == 0), timeout_s=180)
                with lock:
                    reports.append(report)
                if report.failed:
                    return
                with lock:
                    finished.extend(tables[t])
                tables[t] = new_users(tables[t])  # the next game by new users (bots.new_users)

        threads = [threading.Thread(target=table_loop, args=(t,), daemon=True) for t in range(level)]
        for thread in threads:
            thread.start()
        time.sleep(warmup_s)
        start = time.perf_counter()
        recorder.window = (start, start + measure_s)
        stop_at[0] = start + measure_s
        cpu_before = servers.cpu_s()
        time.sleep(measure_s)
        cpu = servers.cpu_s() - cpu_before
        rss = servers.rss_mib_by_function()
        for thread in threads:
            thread.join(timeout=240)
    finally:
        servers.stop()
    calls = recorder.count(CALLABLES)
    everything = sorted(v for name in CALLABLES for v in recorder.samples.get(name, []))
    summary = recorder.summary()
    done = [r for r in reports if not r.failed]
    from common import summarize
    return {
        "level": level,
        "calls_per_s": round(calls / measure_s, 1),
        "all_calls": summarize(everything),
        "playCard": summary.get("playCard", {}),
        "cpu_ms_per_call": round(1000 * cpu / calls, 2) if calls else None,
        "serving_cpu_cores_busy": round(cpu / measure_s, 2),
        "rss_mib_by_function": rss,
        "games_checked": len(done),
        "games_failed": [r.failed for r in reports if r.failed],
        "invariant_problems": [p for r in done for p in r.problems],
        "account_problems": check_accounts(finished),
        "errors": dict(recorder.errors),
    }


# ---- operations per deal -----------------------------------------------------------------------

def operations_per_deal(deals: int, match: int = 1) -> dict:
    """Document reads and writes the handlers make over `deals` deals of whole games (lobby to
    result), each game a match of `match` deals at one table (1: a lobby for every deal), counted
    at the Firestore client in this process; listener reads follow from the writes."""
    from service import store

    counts = {"reads": 0, "writes": 0, "deletes": 0, "room_writes": 0, "state_writes": 0, "key_writes": 0,
              "record_writes": 0, "account_writes": 0, "log_writes": 0, "commits": 0,
              "failed_commits": 0}
    original_get_all, original_commit = store.Transaction.get_all, store.Transaction.commit

    def get_all(self, refs, field_paths=None):
        refs = list(refs)
        counts["reads"] += sum(ref.path not in self._snapshots for ref in refs)
        return original_get_all(self, refs, field_paths)

    def commit(self):
        """Counts the writes of a commit that lands (a commit that conflicts writes nothing and is
        run again on fresh reads: its reads are counted, in `get_all`)."""
        writes = list(self._batch._write_pbs)  # (the batch forgets them once committed)
        try:
            result = original_commit(self)
        except Exception:
            counts["failed_commits"] += 1
            raise
        for write in writes:
            name = write.delete or (write.update.name if write.update else "")
            kind = "deletes" if write.delete else "writes"
            counts[kind] += 1
            path = name.split("/documents/", 1)[-1]
            if not write.delete:
                key = ("key_writes" if "/keys/" in path else "state_writes" if "/private/" in path
                       else "record_writes" if "/deals/" in path
                       else "log_writes" if path.startswith("requestLog/")
                       else "account_writes" if path.startswith("players/") else "room_writes")
                counts[key] += 1
        counts["commits"] += bool(writes)
        return result

    store.Transaction.get_all, store.Transaction.commit = get_all, commit
    try:
        transport, recorder = InProcess(), Recorder()
        players, reports = make_pool(1, seed=5)[0], []
        for g in range(max(1, deals // match)):
            reports.append(play_game(transport, players, recorder, play_all_tricks=bool(g % 2), deals=match))
            players = new_users(players)  # each game by new users (bots.new_users): not counted here
    finally:
        store.Transaction.get_all, store.Transaction.commit = original_get_all, original_commit
    finished = [r for r in reports if not r.failed]
    n = sum(r.deals for r in finished)
    invocations = sum(r.calls for r in finished)
    per = {k: round(v / n, 1) for k, v in counts.items()}
    # Listeners: each seated player listens to the room (4 reads per room write; their hand is
    # sealed in it) and to their own key and account (1 read per write of each). What they download:
    # the whole room document with each room write (its mean size over the versions the bots read).
    listener_reads = round((4 * counts["room_writes"] + counts["key_writes"] + counts["account_writes"]) / n, 1)
    sizes = [size for r in finished for size in r.room_bytes.values()]
    room_bytes = sum(sizes) / max(1, len(sizes))
    ops = {"invocations": round(invocations / n, 1), "transaction_reads": per["reads"],
           "listener_reads": listener_reads, "writes": per["writes"], "deletes": per["deletes"],
           "room_document_bytes": round(room_bytes), "listener_kib": round(4 * counts["room_writes"] / n * room_bytes
                                                                          / 1024, 1), **per}
    return {"deals": n, "match": match, "per_deal": ops, "problems": [p for r in finished for p in r.problems]}


def cost_per_thousand_deals(ops: dict, cpu_ms_per_call: float, memory_gib: float) -> dict:
    per = ops["per_deal"]
    reads = per["transaction_reads"] + per["listener_reads"]
    firestore = 1000 * (reads * PRICES["firestore_read"] + per["writes"] * PRICES["firestore_write"]
                        + per["deletes"] * PRICES["firestore_delete"])
    calls = 1000 * per["invocations"]
    busy_s = calls * cpu_ms_per_call / 1000  # at full instance utilisation: a lower bound
    functions = calls * PRICES["invocation"] + busy_s * (PRICES["vcpu_second"] + memory_gib * PRICES["gib_second"])
    egress = 1000 * per["listener_kib"] / 2**20 * PRICES["egress_gib"]
    return {"firestore_usd": round(firestore, 4), "functions_usd": round(functions, 4),
            "total_usd": round(firestore + functions, 4), "egress_usd": round(egress, 4), "reads": round(1000 * reads),
            "writes": round(1000 * per["writes"])}


# ---- the run -----------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default="1,8,32,80")
    parser.add_argument("--emulator-levels", default="1,8,32")
    parser.add_argument("--warmup", type=float, default=6.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--match", type=int, default=1,
                        help="deals a game: 1 pays a lobby (create, join, ready, start, leave) every deal")
    parser.add_argument("--operations-only", action="store_true", help="count a deal's operations, then stop")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    emulator_levels = [int(x) for x in args.emulator_levels.split(",") if x]
    (ROOT / ".logs").mkdir(exist_ok=True)

    print("== operations per deal (in process, counted at the Firestore client) ==", flush=True)
    ops = operations_per_deal(args.deals, args.match)
    print(json.dumps(ops["per_deal"]))
    if args.operations_only:
        cost = cost_per_thousand_deals(ops, 15.0, memory_gib=0.5)
        print(table(["per deal", "value"], [[k, v] for k, v in ops["per_deal"].items()]))
        print(table(["per 1,000 deals", "value"], [[k, v] for k, v in cost.items()]))
        print(json.dumps({"operations": ops, "cost_per_1000_deals": cost, "prices": PRICES}))
        return

    pool = make_pool(max(levels + emulator_levels))
    serving = []
    print("== functions-framework (gunicorn, one process per function, THREADS = level) ==", flush=True)
    for level in levels:
        result = run_serving_level(level, pool, args.warmup, args.seconds)
        serving.append(result)
        print(f"   level {level}: {result['calls_per_s']} calls/s, p50 {result['all_calls'].get('p50')} ms, "
              f"p99 {result['all_calls'].get('p99')} ms, {result['cpu_ms_per_call']} ms CPU/call, "
              f"{result['games_checked']} games checked, {len(result['invariant_problems'])} problems, "
              f"errors {result['errors']}", flush=True)

    emulator = []
    if emulator_levels:
        print("== the Functions emulator, same workload ==", flush=True)
        from bots import Http
        for level in emulator_levels:
            tables = pool[:level]
            result = run_level(Http(), tables, args.warmup, args.seconds)
            emulator.append(result)
            print(f"   level {level}: {result['calls_per_s']} calls/s, worst p99 {result['worst_p99']}, "
                  f"python CPU/call {result['cpu_ms_per_call'].get('python')} ms", flush=True)

    cpu_at_80 = next((r["cpu_ms_per_call"] for r in serving if r["level"] == max(levels)), None) or 15.0
    cost = cost_per_thousand_deals(ops, cpu_at_80, memory_gib=0.5)

    print()
    print(table(["serving level", "calls/s", "p50 ms", "p99 ms", "playCard p50", "playCard p99", "CPU ms/call",
                 "cores busy", "max RSS MiB", "games", "problems"],
                [[r["level"], r["calls_per_s"], r["all_calls"].get("p50"), r["all_calls"].get("p99"),
                  r["playCard"].get("p50"), r["playCard"].get("p99"), r["cpu_ms_per_call"], r["serving_cpu_cores_busy"],
                  max(r["rss_mib_by_function"].values()), r["games_checked"], len(r["invariant_problems"])]
                 for r in serving]))
    if emulator:
        print(table(["emulator level", "calls/s", "playCard p50", "playCard p99", "python CPU ms/call", "workers"],
                    [[r["rooms"], r["calls_per_s"], r["callables"].get("playCard", {}).get("p50"),
                      r["callables"].get("playCard", {}).get("p99"), r["cpu_ms_per_call"].get("python"),
                      r["workers"]["window_end"]] for r in emulator]))
    print(table(["per deal", "value"], [[k, v] for k, v in ops["per_deal"].items()]))
    print(table(["per 1,000 deals", "value"], [[k, v] for k, v in cost.items()]))
    print(json.dumps({"serving": serving, "emulator": emulator, "operations": ops, "cost_per_1000_deals": cost,
                      "prices": PRICES}, default=str))


if __name__ == "__main__":
    main()
