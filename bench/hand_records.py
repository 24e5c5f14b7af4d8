"""Hand records that travel (SPEC §16): PBN export time for a 100-deal match, the cost of dealing
from a committed seed against the plain secure shuffle, the verifier's time per deal, and what
the new modules add to a worker's cold start (import time), all measured in this run.

    .venv/bin/python bench/hand_records.py            # no emulators needed
"""
from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import FUNCTIONS_DIR

sys.path.insert(0, str(FUNCTIONS_DIR))

from bridge import Room, Settings, deal_hands, documents, secure_rng
from bridge.deal_seed import DealSeed, new_seed
from bridge.pbn import export_pbn
from bridge.verify import verify
from tests.engine.test_deal_seed import play_out

PLAYERS = ("ann", "ben", "cat", "dan")
#: The last commit before issue 21: the cold start to compare with.
BEFORE = "d576ffd"


def match_records(deals: int, seed: int) -> list[dict]:
    """A match of `deals` Floating Bridge deals played with random legal moves, dealt from seeds."""
    rng = random.Random(seed)
    room = Room.create(PLAYERS[0], "Ann", Settings(deals=deals))
    for uid in PLAYERS[1:]:
        room = room.join(uid, uid.title())
    records = []
    for _ in range(deals):
        for seat in room.seats:
            if not seat.ready:
                room = room.toggle_ready(seat.uid, entropy=f"{seat.uid} {rng.random()}")
        room = play_out(room.start(PLAYERS[0]), rng)
        records.append(json.loads(json.dumps(documents.deal_record(room))))
    return records


def timed(action, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def import_ms(module: str, functions: Path, repeats: int = 7) -> float:
    """Median wall time of a fresh interpreter importing `module` from `functions`, startup excluded."""
    code = f"import time, sys; sys.path.insert(0, {str(functions)!r}); t = time.perf_counter(); import {module}; " \
           "print((time.perf_counter() - t) * 1000)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                 cwd=functions).stdout) for _ in range(repeats)]
    return statistics.median(runs)


def functions_at(revision: str, into: Path) -> Path:
    """The functions' code as of `revision` (git archive), to import side by side with today's."""
    archive = subprocess.run(["git", "-C", str(FUNCTIONS_DIR.parent), "archive", revision, "functions/main.py",
                              "functions/bridge", "functions/service"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "functions"


def main() -> None:
    records = match_records(100, 1)
    names = {uid: uid.title() for uid in PLAYERS}
    export = timed(lambda: export_pbn(records, names, "Room bench", "bench", None), 20)
    text = export_pbn(records, names, "Room bench", "bench", None)
    verify_times = timed(lambda: verify(records), 5)
    assert all(v.verified for v in verify(records))
    secure = timed(lambda: [deal_hands(secure_rng()) for _ in range(1000)], 5)
    seeded_seed = new_seed()
    seeded = timed(lambda: [deal_hands(DealSeed(seeded_seed, ("a", "", "", ""), n).shuffler()) for n in range(1000)], 5)
    # What a worker imports (main: every callable), before issue 21 and now, alternately in this run.
    with tempfile.TemporaryDirectory() as tmp:
        before = functions_at(BEFORE, Path(tmp))
        main_before = statistics.median(import_ms("main", before, 3) for _ in range(3))
        main_now = statistics.median(import_ms("main", FUNCTIONS_DIR, 3) for _ in range(3))
    heavy = "('endplay', 'numpy', 'matplotlib')"
    endplay_loaded = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(FUNCTIONS_DIR)!r}); import main; "
                               f"print(any(m.split('.')[0] in {heavy} for m in sys.modules))"],
        capture_output=True, text=True, check=True, cwd=FUNCTIONS_DIR).stdout.strip()
    figures = {
        "export_100_deals_ms_p50": round(statistics.median(export), 2),
        "export_100_deals_ms_max": round(export[-1], 2),
        "pbn_kib": round(len(text.encode()) / 1024, 1),
        "verify_100_deals_ms_p50": round(statistics.median(verify_times), 2),
        "deal_secure_rng_ms_per_deal": round(statistics.median(secure) / 1000, 4),
        "deal_seeded_ms_per_deal": round(statistics.median(seeded) / 1000, 4),
        "seeded_vs_secure_ratio": round(statistics.median(seeded) / statistics.median(secure), 2),
        "import_main_before_ms": round(main_before, 1),
        "import_main_now_ms": round(main_now, 1),
        "import_main_now_vs_before_ratio": round(main_now / main_before, 3),
        "import_main_loads_endplay_numpy_or_matplotlib": endplay_loaded,
    }
    for name, value in figures.items():
        print(f"{name}: {value}")


if __name__ == "__main__":
    main()
