"""Benchmark of the double-dummy analysis of hand records (SPEC §16, `bridge.analysis`), no emulators.

Prints, in one run:
  1. what the deploy installs: the size on disk of functions/venv's packages (exactly
     functions/requirements.txt, as the deploy's `pip install` makes them; from the wheels'
     RECORDs), the largest named, and the time to import the analysis (`bridge.analysis`, the
     native solver with it) in a fresh interpreter (median of 5);
  2. the time to analyse one deal record by variant, p50/p99/max over deals the bots played (our
     native search for every variant, exact, under its ceiling `TABLE_NODES`, with how many cells
     it left unknown: none is expected; contract bridge's par included);
  3. memory: the Python heap's peak (tracemalloc) while analysing one deal of each variant, and the
     maximum resident set of a process that analyses one of each fixed-pair variant and Memory
     Bridge, of one that analyses a Floating Bridge deal, against one that imports `bridge` only;
  4. the bound on one person's analysis an hour (issue 33): `ANALYSES_PER_HOUR` deals, each at
     most the CPU seconds measured in 2 (the process's own CPU time, not wall time).

Our search against DDS, position by position, is bench/solver.py's.

    python bench/analysis.py [--deals 20] [--floating-deals 20]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "functions"))

from bridge import DECK, Card, Room, Settings, documents  # noqa: E402
from bridge.analysis import analyse  # noqa: E402

SETTINGS = {"contract": Settings(variant="contract", scoring="rubber", deals=0),
            "tiger": Settings(variant="tiger", scoring="sets", deals=0),
            "memory": Settings(variant="memory", scoring="target", deals=0),
            "floating": Settings.of(playAllTricks=True)}
SITE = next((ROOT / "functions" / "venv" / "lib").glob("python3*/site-packages"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def played_record(variant: str, rng: random.Random) -> dict:
    """The record of a deal of `variant` the bots played to its end."""
    room = Room.create("ann", "Ann", SETTINGS[variant])
    for _ in range((2 if variant == "memory" else 4) - 1):
        room = room.add_bot("ann")
    room = room.toggle_ready("ann").start("ann", rng).played_out(rng)
    record = documents.deal_record(room)
    assert record is not None
    return dict(record)


def import_time() -> float:
    """Seconds to import the analysis (and the native solver) in a fresh interpreter (median of 5)."""
    code = "import time; t = time.perf_counter(); import bridge.analysis; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                 cwd=ROOT / "functions").stdout) for _ in range(5)]
    return statistics.median(runs)


def package_sizes() -> dict[str, int]:
    """Bytes on disk of each distribution in functions/venv (what the deploy installs)."""
    sizes: dict[str, int] = {}
    for dist in SITE.glob("*.dist-info"):
        files = (SITE / line.split(",")[0] for line in (dist / "RECORD").read_text().splitlines())
        sizes[dist.name.split("-")[0]] = sum(path.stat().st_size for path in files if path.is_file())
    return sizes


def max_rss_kb(code: str) -> int:
    """The maximum resident set (kB) of a fresh interpreter running `code`: its VmHWM (getrusage's
    ru_maxrss would count the benchmark's own, inherited across fork and exec)."""
    wrapped = (f"{code}\nprint(next(line.split()[1] for line in open('/proc/self/status') "
               "if line.startswith('VmHWM')))")
    out = subprocess.run([sys.executable, "-c", wrapped], capture_output=True, text=True, check=True,
                         cwd=ROOT / "functions", env={**os.environ, "PYTHONPATH": str(ROOT / "functions")})
    return int(out.stdout.strip().splitlines()[-1])


def random_hands(rng: random.Random, size: int) -> tuple[tuple[Card, ...], ...]:
    cards = rng.sample(DECK, 4 * size)
    return tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(4))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20, help="deals of contract bridge, TigerBridge, Memory Bridge")
    parser.add_argument("--floating-deals", type=int, default=20)
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}")
    figures: dict = {}

    figures["analysis_import_s"] = round(import_time(), 3)
    sizes = package_sizes()
    figures["deployed_packages"], figures["deployed_mb"] = len(sizes), round(sum(sizes.values()) / 1e6, 1)
    print(f"the deploy's packages: {len(sizes)}, {figures['deployed_mb']} MB on disk; the largest (MB): "
          + ", ".join(f"{n} {b / 1e6:.1f}" for n, b in sorted(sizes.items(), key=lambda kv: -kv[1])[:6])
          + f"; import bridge.analysis {figures['analysis_import_s']:.2f} s (fresh interpreter, median of 5)")

    rng = random.Random(1)
    print(f"{'variant':<9} {'deals':>5} {'p50 s':>7} {'p99 s':>7} {'max s':>7} {'CPU p50':>7} {'CPU max':>7}  "
          "solver       unknown cells")
    one: dict[str, dict] = {}
    for variant in SETTINGS:
        deals = args.floating_deals if variant == "floating" else args.deals
        times, cpu, unknown, cells, solvers = [], [], 0, 0, set()
        for _ in range(deals):
            record = played_record(variant, rng)
            one.setdefault(variant, record)
            start, cpu_start = time.perf_counter(), time.process_time()
            doc = analyse(record)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - cpu_start)
            assert doc is not None
            solvers.add(doc["solver"])
            unknown += sum(t is None for row in doc["tricks"].values() for t in row)
            cells += sum(len(row) for row in doc["tricks"].values())
        if deals:
            figures[f"{variant}_p50_s"] = round(percentile(times, 0.5), 3)
            figures[f"{variant}_max_s"] = round(max(times), 3)
            figures[f"{variant}_cpu_p50_s"] = round(percentile(cpu, 0.5), 3)
            figures[f"{variant}_cpu_max_s"] = round(max(cpu), 3)
            print(f"{variant:<9} {deals:>5} {percentile(times, 0.5):>7.3f} {percentile(times, 0.99):>7.3f} "
                  f"{max(times):>7.3f} {percentile(cpu, 0.5):>7.3f} {max(cpu):>7.3f}  "
                  f"{','.join(sorted(solvers)):<12} {unknown} of {cells}")

    peaks = {}
    for variant, record in one.items():
        tracemalloc.start()
        analyse(record)
        peaks[variant] = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
    records = json.dumps(json.dumps([one[v] for v in one if v != "floating"]))
    base = max_rss_kb("import bridge")
    fixed = max_rss_kb(f"import json; from bridge.analysis import analyse; [analyse(r) for r in json.loads({records})]")
    print("python heap peak while analysing (tracemalloc, MB; the native search's table is not Python's): "
          + ", ".join(f"{v} {mb:.1f}" for v, mb in peaks.items()))
    line = f"max resident set: import bridge {base / 1024:.0f} MB; a table of each other variant {fixed / 1024:.0f} MB"
    if "floating" in one:
        floating = max_rss_kb("import json; from bridge.analysis import analyse; "
                              f"analyse(json.loads({json.dumps(json.dumps(one['floating']))}))")
        figures["rss_floating_mb"] = round(floating / 1024, 1)
        line += f"; a Floating Bridge table {floating / 1024:.0f} MB"
    figures["rss_fixed_sides_mb"] = round(fixed / 1024, 1)
    print(line)

    from service.analysis import ANALYSES_PER_HOUR

    worst = max((figures[f"{v}_cpu_max_s"], v) for v in SETTINGS if f"{v}_cpu_max_s" in figures)
    figures["person_hour_cpu_max_min"] = round(ANALYSES_PER_HOUR * worst[0] / 60, 1)
    print(f"one person's analysis an hour: at most {ANALYSES_PER_HOUR} deals, each at most the CPU measured here "
          f"(the most: {worst[1]}, {worst[0]:.1f} s): {figures['person_hour_cpu_max_min']} CPU-minutes")
    print(json.dumps(figures))
    print(f"floating_table_p50_s: {figures.get('floating_p50_s')}")


if __name__ == "__main__":
    main()
