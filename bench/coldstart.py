"""Cold start: how long a fresh function worker takes to give its first answer, and what
importing `functions/main.py` costs.

The Functions emulator starts one Python worker process (functions-framework + gunicorn) per
function the first time it is called, and another each time a request arrives while every
worker of that function is busy: a worker serves one request at a time. So "cold" here is
(spawn + import main + first request) and it is paid again whenever concurrency grows.

Run first thing after the emulators start (the suite does), or the workers are already warm:

    ./scripts/with-emulators .venv/bin/python bench/coldstart.py
    .venv/bin/python bench/coldstart.py --imports-only      # no emulators needed
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import threading
import time

from common import CALLABLES, FUNCTIONS_DIR, CallError, client, ms_since, new_player, workers_by_function

BOGUS = {"bogus": True}  # rejected as invalid-argument before any Firestore access


def _timed_call(function: str, data, user) -> float:
    start = time.perf_counter()
    try:
        client.call(function, data, user)
    except CallError:
        pass
    return ms_since(start)


def run_cold() -> dict:
    """First and second call of every callable (invalid data: plumbing only), the first real
    transaction of a worker (Firestore client created lazily), the createAccount trigger,
    and a worker spawned by concurrency."""
    user = new_player("cold")
    workers_before = sum(workers_by_function().values())
    per_function = {}
    for function in CALLABLES:
        first = _timed_call(function, BOGUS, user)
        second = _timed_call(function, BOGUS, user)
        per_function[function] = {"first_ms": round(first, 1), "second_ms": round(second, 1)}

    # First real transaction in the (now warm) createGameRoom worker: builds the Firestore client.
    other = new_player("cold2")
    start = time.perf_counter()
    client.call("createGameRoom", {}, user)
    first_txn = ms_since(start)
    start = time.perf_counter()
    client.call("createGameRoom", {}, other)
    second_txn = ms_since(start)

    # The blocking Auth trigger (email sign-up) is a function too.
    start = time.perf_counter()
    client.sign_up()
    signup_first = ms_since(start)
    start = time.perf_counter()
    client.sign_up()
    signup_second = ms_since(start)

    # Concurrency spawns workers: 3 simultaneous calls to a function with one warm worker.
    results: list[float] = []
    barrier = threading.Barrier(3)

    def burst() -> None:
        barrier.wait()
        results.append(_timed_call("inviteToRoom", BOGUS, user))

    threads = [threading.Thread(target=burst) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    firsts = [v["first_ms"] for v in per_function.values()]
    seconds = [v["second_ms"] for v in per_function.values()]
    return {
        "per_function": per_function,
        "first_call_ms": {"min": min(firsts), "median": round(statistics.median(firsts), 1), "max": max(firsts)},
        "warm_call_ms_median": round(statistics.median(seconds), 1),
        "first_transaction_ms": round(first_txn, 1),
        "second_transaction_ms": round(second_txn, 1),
        "createAccount_signup_first_ms": round(signup_first, 1),
        "createAccount_signup_second_ms": round(signup_second, 1),
        "burst_of_3_ms": sorted(round(r, 1) for r in results),
        "workers_started": sum(workers_by_function().values()) - workers_before,
    }


_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def run_imports(repeats: int = 5) -> dict:
    """`python -X importtime -c "import main"` in functions/ with the functions venv: the
    import wall time (best and median of `repeats` runs) and the heaviest imports."""
    python = str(FUNCTIONS_DIR / "venv/bin/python")
    env = {"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": "1"}
    probe = "import time; t = time.perf_counter(); import main; print(time.perf_counter() - t)"
    walls, baseline = [], []
    for _ in range(repeats):
        out = subprocess.run([python, "-c", probe], cwd=FUNCTIONS_DIR, env=env, capture_output=True, text=True,
                             check=True)
        walls.append(float(out.stdout.strip()) * 1000)
        start = time.perf_counter()
        subprocess.run([python, "-c", "pass"], env=env, check=True)
        baseline.append(ms_since(start))
    trace = subprocess.run([python, "-X", "importtime", "-c", "import main"], cwd=FUNCTIONS_DIR, env=env,
                           capture_output=True, text=True, check=True).stderr
    rows = []
    for line in trace.splitlines():
        match = _LINE.match(line)
        if match:
            rows.append((int(match.group(2)) / 1000, len(match.group(3)) // 2, match.group(4),
                         int(match.group(1)) / 1000))
    main_total = next((cum for cum, depth, name, _ in rows if name == "main"), None)
    # Where the time goes: own ("self") import time summed by top-level package, and the
    # cumulative time of the big imports as first reached from main.
    by_package: dict[str, float] = {}
    for _cum, _depth, name, own in rows:
        top = name.split(".")[0]
        by_package[top] = by_package.get(top, 0.0) + own
    cumulative = {name: cum for cum, _depth, name, _own in rows}
    notable = ("firebase_admin", "firebase_functions.https_fn", "firebase_functions.identity_fn", "flask",
               "google.cloud.firestore", "grpc", "google.api_core.exceptions", "bridge", "service")
    return {
        "import_main_ms": {"best": round(min(walls), 1), "median": round(statistics.median(walls), 1)},
        "python_startup_ms_median": round(statistics.median(baseline), 1),
        "importtime_main_cumulative_ms": round(main_total, 1) if main_total else None,
        "self_ms_by_package": [[n, round(ms, 1)] for n, ms in sorted(by_package.items(), key=lambda kv: -kv[1])[:12]],
        "cumulative_ms": {n: round(cumulative[n], 1) for n in notable if n in cumulative},
    }


def print_report(cold: dict | None, imports: dict | None) -> None:
    if cold:
        print("   first call of a function (worker spawn + import + request): "
              f"median {cold['first_call_ms']['median']} ms "
              f"(min {cold['first_call_ms']['min']}, max {cold['first_call_ms']['max']}); "
              f"the next call: median {cold['warm_call_ms_median']} ms")
        print(f"   first real transaction in a worker: {cold['first_transaction_ms']} ms, "
              f"the next: {cold['second_transaction_ms']} ms")
        print(f"   email sign-up (createAccount trigger): first {cold['createAccount_signup_first_ms']} ms, "
              f"next {cold['createAccount_signup_second_ms']} ms")
        print(f"   3 simultaneous calls to a function with one warm worker: {cold['burst_of_3_ms']} ms")
    if imports:
        print(f"   import main: best {imports['import_main_ms']['best']} ms, "
              f"median {imports['import_main_ms']['median']} ms "
              f"(python startup alone {imports['python_startup_ms_median']} ms)")
        print("   own import time by package (ms): "
              + ", ".join(f"{n} {ms}" for n, ms in imports["self_ms_by_package"][:10]))
        print("   cumulative, as first imported (ms): "
              + ", ".join(f"{n} {ms}" for n, ms in imports["cumulative_ms"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imports-only", action="store_true")
    args = parser.parse_args()
    cold = None if args.imports_only else run_cold()
    imports = run_imports()
    print_report(cold, imports)
    print(json.dumps({"cold_start": cold, "imports": imports}))


if __name__ == "__main__":
    main()
