"""Shared helpers for the backend benchmarks: paths, HTTP client, timing, percentiles,
machine facts, and a look at the processes the emulators run.

Benchmarks print figures; they never fail on a time. Import this first: it puts the
repository root (for `tests.client`) and `functions/` (for `bridge`, `service`) on sys.path.
"""
from __future__ import annotations

import collections
import json
import math
import os
import platform
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS_DIR = ROOT / "functions"
for _path in (str(ROOT), str(FUNCTIONS_DIR)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

import httpx  # noqa: E402

from tests import client  # noqa: E402  (the test suite's HTTP client: sign-up, call, read, admin_*)
from tests.client import CallError, User  # noqa: E402,F401

# The test client's pool (100 connections, 20 kept alive) is sized for one test at a time;
# 128 bot threads would queue for connections and the queueing would show up as latency.
client.http = httpx.Client(
    timeout=httpx.Timeout(60.0, connect=10.0),
    limits=httpx.Limits(max_connections=1024, max_keepalive_connections=1024),
)

CALLABLES = (
    "createGameRoom", "joinGameRoom", "leaveGameRoom", "toggleReady", "startGame",
    "placeBid", "chooseTeammate", "playCard", "inviteToRoom", "updateRoomSettings",
)


def ms_since(start: float) -> float:
    return (time.perf_counter() - start) * 1000.0


def at_once(calls: list[Callable[[], object]]) -> list[float]:
    """Run the calls on threads released together (a barrier); the ms each took."""
    barrier = threading.Barrier(len(calls))
    took = [0.0] * len(calls)

    def go(i: int) -> None:
        barrier.wait()
        start = time.perf_counter()
        calls[i]()
        took[i] = ms_since(start)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return took


# ---- statistics ----------------------------------------------------------------------------

def percentile(sorted_values: list[float], q: float) -> float | None:
    """Linear interpolation between closest ranks (numpy's default), q in [0, 100]."""
    if not sorted_values:
        return None
    if len(sorted_values) == 1:
        return sorted_values[0]
    pos = (len(sorted_values) - 1) * q / 100.0
    lo, hi = math.floor(pos), math.ceil(pos)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(values: Iterable[float]) -> dict[str, Any]:
    data = sorted(values)
    if not data:
        return {"n": 0}
    return {
        "n": len(data),
        "p50": round(percentile(data, 50), 2),
        "p95": round(percentile(data, 95), 2),
        "p99": round(percentile(data, 99), 2),
        "max": round(data[-1], 2),
        "mean": round(sum(data) / len(data), 2),
    }


class Recorder:
    """Thread-safe latency samples (ms) and error counts, by operation name.

    `window` (perf_counter start, end) gates samples by when the operation started, so a load
    level records only its measured window; errors are counted in every window."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.samples: dict[str, list[float]] = collections.defaultdict(list)
        self.errors: collections.Counter[str] = collections.Counter()
        self.window = (-math.inf, math.inf)

    def add(self, name: str, ms: float, started: float | None = None) -> None:
        if started is None or self.window[0] <= started < self.window[1]:
            with self._lock:
                self.samples[name].append(ms)

    def error(self, key: str) -> None:
        with self._lock:
            self.errors[key] += 1

    def summary(self) -> dict[str, dict[str, Any]]:
        with self._lock:
            return {name: summarize(values) for name, values in sorted(self.samples.items())}

    def count(self, names: Iterable[str]) -> int:
        with self._lock:
            return sum(len(self.samples.get(name, ())) for name in names)


# ---- users -----------------------------------------------------------------------------------

def new_player(name: str) -> User:
    """An anonymous user with a PlayerAccount already in place (as `createAccount` would
    leave it), so no benchmarked call pays for creating an account."""
    user = client.sign_up_anonymous()
    client.admin_set(f"players/{user.uid}", {
        "uid": user.uid, "displayName": name, "createdAt": client.dt.datetime.now(client.dt.timezone.utc),
        "roomID": None, "stats": {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0},
    })
    return user


# ---- document sizes --------------------------------------------------------------------------

def json_bytes(doc: Any) -> int:
    """Bytes of the decoded document as compact JSON (timestamps as ISO strings)."""
    return len(json.dumps(doc, separators=(",", ":"), default=str, ensure_ascii=False).encode())


def _string_size(text: str) -> int:
    return len(text.encode()) + 1


def _value_size(value: Any) -> int:
    """Firestore's documented storage size of a field value
    (https://firebase.google.com/docs/firestore/storage-size)."""
    if value is None or isinstance(value, bool):
        return 1
    if isinstance(value, (int, float)):
        return 8
    if isinstance(value, str):
        return _string_size(value)
    if isinstance(value, client.dt.datetime):
        return 8
    if isinstance(value, bytes):
        return len(value)
    if isinstance(value, dict):
        return sum(_string_size(k) + _value_size(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return sum(_value_size(v) for v in value)
    raise TypeError(type(value).__name__)


def firestore_size(path: str, fields: dict[str, Any]) -> int:
    """Document size = document name size + sum of (field name + value) + 32 bytes; the name
    size is the sum of its path segments' string sizes + 16 (the project/database part)."""
    name = sum(_string_size(segment) for segment in path.split("/")) + 16
    return name + sum(_string_size(k) + _value_size(v) for k, v in fields.items()) + 32


# ---- machine facts and processes -------------------------------------------------------------

def _run(args: list[str]) -> str:
    try:
        out = subprocess.run(args, capture_output=True, text=True, timeout=20)
        return (out.stdout + out.stderr).strip()
    except (OSError, subprocess.SubprocessError) as error:
        return f"unavailable ({error})"


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def machine() -> dict[str, Any]:
    mem_kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
    java = _run(["java", "-version"]).splitlines()
    firebase_tools = json.loads((ROOT / "node_modules/firebase-tools/package.json").read_text())["version"]
    functions_python = _run([str(FUNCTIONS_DIR / "venv/bin/python"), "--version"])
    return {
        "nproc": os.cpu_count(),
        "cpu": next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name")), platform.machine()),
        "ram_gib": round(mem_kb / 1024 / 1024, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "functions_python": functions_python.replace("Python ", ""),
        "node": _run(["node", "--version"]),
        "java": java[0] if java else "unavailable",
        "firebase_tools": firebase_tools,
    }


def _proc_stat(pid: int) -> tuple[int, float] | None:
    """(ppid, cpu seconds user+system) of a process, or None if it is gone."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = raw[raw.rindex(")") + 2:].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def _environ_var(pid: int, name: str) -> str | None:
    try:
        for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
            if item.startswith(name.encode() + b"="):
                return item.split(b"=", 1)[1].decode()
    except OSError:
        pass
    return None


def _rss_mib(pid: int) -> float:
    try:
        match = re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())
        return int(match.group(1)) / 1024 if match else 0.0
    except OSError:
        return 0.0


def emulator_processes() -> dict[str, list[int]]:
    """Our emulator suite's processes by component: `node` (firebase-tools: auth + functions
    emulators + hub), `java` (Firestore emulator), `python` (functions-framework workers:
    gunicorn arbiter and worker of each), found under this process's parent chain
    (`firebase emulators:exec` runs us)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _proc_stat(int(entry.name))
            if stat:
                children[stat[0]].append(int(entry.name))
    # Walk up from us to the firebase-tools node process, then take its whole tree.
    pid, top = os.getpid(), None
    while pid > 1:
        stat = _proc_stat(pid)
        if stat is None:
            break
        if "firebase" in _cmdline(pid) and "emulators:exec" in _cmdline(pid):
            top = pid
            break
        pid = stat[0]
    groups: dict[str, list[int]] = {"node": [], "java": [], "python": []}
    if top is None:
        return groups
    stack = [top]
    while stack:
        pid = stack.pop()
        stack.extend(children.get(pid, []))
        cmd = _cmdline(pid)
        if pid == os.getpid():
            continue
        if "functions-framework" in cmd and "python" in cmd.split(" ", 1)[0]:
            groups["python"].append(pid)
        elif cmd.startswith("java") or "/java " in cmd:
            groups["java"].append(pid)
        elif pid == top:
            groups["node"].append(pid)
    return groups


def workers_by_function() -> dict[str, int]:
    """Live functions-framework worker processes (gunicorn workers, not arbiters) per function."""
    groups = emulator_processes()
    pids = set(groups["python"])
    counts: collections.Counter[str] = collections.Counter()
    for pid in pids:
        stat = _proc_stat(pid)
        if stat and stat[0] in pids:  # a gunicorn worker: its parent is the arbiter
            counts[_environ_var(pid, "FUNCTION_TARGET") or "?"] += 1
    return dict(sorted(counts.items()))


class CpuMeter:
    """CPU seconds spent by each emulator component and by this benchmark process
    between `start()` and `stop()` (processes that end in between are not counted)."""

    def __init__(self) -> None:
        self._start: dict[int, float] = {}

    def _sample(self) -> dict[str, dict[int, float]]:
        groups = emulator_processes()
        groups["bench"] = [os.getpid()]
        out: dict[str, dict[int, float]] = {}
        for name, pids in groups.items():
            out[name] = {}
            for pid in pids:
                stat = _proc_stat(pid)
                if stat:
                    out[name][pid] = stat[1]
        return out

    def start(self) -> None:
        self._t0 = time.perf_counter()
        self._before = self._sample()

    def stop(self) -> dict[str, Any]:
        wall = time.perf_counter() - self._t0
        after = self._sample()
        used = {}
        for name, pids in after.items():
            used[name] = round(sum(cpu - self._before.get(name, {}).get(pid, 0.0) for pid, cpu in pids.items()), 2)
        python_rss = sum(_rss_mib(pid) for pid in emulator_processes()["python"])
        return {"wall_s": round(wall, 2), "cpu_s": used, "cpu_total_s": round(sum(used.values()), 2),
                "python_workers_rss_mib": round(python_rss)}


@contextmanager
def phase(title: str):
    print(f"\n== {title}", flush=True)
    start = time.perf_counter()
    yield
    print(f"   ({time.perf_counter() - start:.1f} s)", flush=True)


def fmt(value: Any, digits: int = 1) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [[fmt(c) for c in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(headers)]

    def line(row: list[str]) -> str:
        return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)])
