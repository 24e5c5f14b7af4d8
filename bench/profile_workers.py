"""Profile the functions workers while a load level runs: py-spy samples every
functions-framework worker process (the Python code of all callables), and the collapsed
stacks are summarized as where the CPU goes: our code (`service/`, `bridge/`), the Firebase
SDK and Flask/gunicorn, the Firestore client and gRPC, protobuf, and the rest.

py-spy is not a project dependency: install it anywhere (a throwaway venv) and pass its path.

    python3 -m venv /tmp/prof && /tmp/prof/bin/pip install py-spy
    ./scripts/with-emulators .venv/bin/python bench/profile_workers.py --py-spy /tmp/prof/bin/py-spy [--rooms 16]

Prints the summary and the top frames; `--out DIR` keeps the raw collapsed stacks
(loadable in speedscope.app or flamegraph.pl).
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import bots
import load
from common import _proc_stat, emulator_processes

CATEGORIES = (  # first match wins, tested against each frame's file path
    ("ours: service", ("/functions/service/",)),
    ("ours: bridge (engine)", ("/functions/bridge/",)),
    ("grpc", ("/grpc/", "grpc_status")),
    ("protobuf/proto-plus", ("/google/protobuf/", "/proto/")),
    ("firestore client", ("/google/cloud/firestore", "/google/api_core/", "/google/cloud/_helpers")),
    ("firebase SDK", ("/firebase_functions/", "/firebase_admin/", "/google/auth/", "/jwt/", "/cachecontrol/")),
    ("flask/werkzeug/gunicorn", ("/flask/", "/werkzeug/", "/gunicorn/", "/functions_framework/", "/flask_cors/")),
)


#: Leaf frames that are a thread blocked, not running Python: py-spy cannot always tell them
#: from CPU use (gunicorn's select loop, idle pool threads, gRPC calls waiting in its C core).
WAITING = ("EpollSelector.select", "Condition.wait", "_worker (", "channel_spin", "_blocking (",
           "Thread.start", "Arbiter.wait_for_signals", "Arbiter.sleep", "Event.wait", "Queue.get")


def is_waiting(leaf: str) -> bool:
    return any(w in leaf for w in WAITING)


def _age_s(pid: int) -> float:
    """Seconds since the process started (0 if it is gone)."""
    try:
        start_ticks = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0.0
    return uptime - start_ticks / os.sysconf("SC_CLK_TCK")


def categorize(frame: str) -> str | None:
    for name, needles in CATEGORIES:
        if any(n in frame for n in needles):
            return name
    return None


def summarize(raw_files: list[Path], top: int = 25) -> dict:
    """Collapsed stacks (`frame;frame;... count`) -> self and inclusive shares."""
    total = waiting = outside = 0
    self_by_frame: collections.Counter[str] = collections.Counter()
    incl_by_frame: collections.Counter[str] = collections.Counter()
    self_by_category: collections.Counter[str] = collections.Counter()
    incl_by_category: collections.Counter[str] = collections.Counter()
    for path in raw_files:
        for line in path.read_text().splitlines():
            stack, _, count = line.rpartition(" ")
            if not stack or not count.isdigit():
                continue
            n = int(count)
            frames = stack.split(";")
            total += n
            leaf = frames[-1]
            if is_waiting(leaf):
                waiting += n
                continue
            if not any("handle_request" in f or "handle (" in f for f in frames):
                outside += n  # worker start-up (imports), the arbiter: not serving a request
            self_by_frame[leaf] += n
            for frame in set(frames):
                incl_by_frame[frame] += n
            # Self time goes to the innermost frame we can name.
            self_by_category[next((c for c in map(categorize, reversed(frames)) if c), "other (stdlib, ...)")] += n
            for category in {c for c in map(categorize, frames) if c}:
                incl_by_category[category] += n
    active = total - waiting

    def pct(n: float) -> float:  # shares of the running samples
        return round(100.0 * n / active, 1) if active else 0.0

    return {
        "samples": total,
        "waiting_pct_of_samples": round(100.0 * waiting / total, 1) if total else 0.0,
        "outside_requests_pct": pct(outside),
        "self_pct_by_category": {k: pct(v) for k, v in self_by_category.most_common()},
        "inclusive_pct_by_category": {k: pct(v) for k, v in incl_by_category.most_common()},
        "top_self": [[f, pct(n)] for f, n in self_by_frame.most_common(top)],
        "top_inclusive_ours": [[f, pct(n)] for f, n in incl_by_frame.most_common()
                               if "/functions/service/" in f or "/functions/bridge/" in f][:top],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--py-spy", required=True)
    parser.add_argument("--rooms", type=int, default=16)
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=int, default=100, help="samples per second per process")
    parser.add_argument("--workers", type=int, default=6, help="profile this many of the busiest workers")
    parser.add_argument("--min-age", type=float, default=20.0, help="only workers up at least this many seconds")
    parser.add_argument("--out", default=None)
    parser.add_argument("--ramp", default="1,4", type=lambda v: [int(x) for x in v.split(",") if x],
                        help="unprofiled levels to run first (rooms, comma-separated)")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix="bench-profile-"))
    out.mkdir(parents=True, exist_ok=True)

    tables = load.make_pool(args.rooms)
    # Grow the Functions emulator's worker pool first, as the suite's earlier levels do: from a
    # cold start, 16 rooms' first lobbies spawn dozens of workers at once on 2 cores, and some
    # miss the emulator's 30 s start deadline ("Failed to load function").
    for rooms in args.ramp:
        ramp = tables[:rooms]
        load.print_level(load.run_level(bots.Http(), ramp, 4.0, 10.0))
        tables[:rooms] = ramp
    result: dict = {}
    runner = threading.Thread(target=lambda: result.update(
        load.run_level(bots.Http(), tables, args.warmup, args.seconds + 2)), daemon=True)
    runner.start()
    time.sleep(args.warmup + 1)
    # The busiest workers over two seconds (py-spy on every one of 60 processes would itself
    # eat the 2 cores): their hot paths are what a request costs. Only workers that have been
    # up a while: a worker being spawned is busiest of all, importing.
    before = {pid: _proc_stat(pid) for pid in emulator_processes()["python"] if _age_s(pid) > args.min_age}
    time.sleep(2.0)
    busy = sorted(((_proc_stat(pid) or (0, 0.0))[1] - stat[1], pid) for pid, stat in before.items() if stat)
    pids = [pid for _, pid in busy[-args.workers:]]
    spies = []
    for pid in pids:
        raw = out / f"worker-{pid}.txt"
        spies.append((raw, subprocess.Popen(
            [args.py_spy, "record", "--pid", str(pid), "--duration", str(int(args.seconds)), "--rate", str(args.rate),
             "--format", "raw", "--output", str(raw), "--nonblocking", "--full-filenames"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)))
    for _, spy in spies:
        spy.wait(timeout=args.seconds + 60)
    runner.join(timeout=300)
    summary = summarize([raw for raw, _ in spies if raw.exists()])
    load.print_level(result)
    print(f"\nProfile of {len(pids)} worker processes over {args.seconds:.0f} s at {args.rooms} rooms: "
          f"{summary['samples']} samples (raw stacks in {out})")
    print(f"{summary['waiting_pct_of_samples']}% of samples are threads blocked (not CPU); of the rest, "
          f"{summary['outside_requests_pct']}% outside requests (worker start-up, arbiter), and by category:")
    print("self time by category (%):      "
          + ", ".join(f"{k} {v}" for k, v in summary["self_pct_by_category"].items()))
    print("inclusive time by category (%): "
          + ", ".join(f"{k} {v}" for k, v in summary["inclusive_pct_by_category"].items()))
    print("\ntop frames by self time (%):")
    for frame, p in summary["top_self"]:
        print(f"  {p:5.1f}  {frame}")
    print("\nour frames by inclusive time (%):")
    for frame, p in summary["top_inclusive_ours"]:
        print(f"  {p:5.1f}  {frame}")
    print(json.dumps({"profile": summary, "load": result}, default=str))


if __name__ == "__main__":
    main()
