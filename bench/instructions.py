"""The rules engine's cost in instructions, at a git revision against the working tree.

Timings on a shared machine swing by half between runs; instructions do not. This runs one fixed
workload (`--games` seeded games of every variant through the `Room` API: create, joins, ready,
start, then the actor's move, drawn by a seeded `random.Random` from `Deal.legal_actions`, to the
end of the deal) under valgrind's callgrind, once with the engine as of `--rev` (exported by
`git archive` into a temporary directory) and once with the working tree's, and once more each
with no game, so that interpreter start-up and imports are taken off. Printed: instructions per
game for each, and the ratio working tree / revision.

    python bench/instructions.py [--rev HEAD] [--games 20]

Needs valgrind (Debian's package). Nothing in the working tree changes.
"""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ("floating", "contract", "tiger", "memory")

#: The workload, run as `python -c WORKLOAD <functions dir> <games> <variant>...`.
WORKLOAD = """
import random, sys
sys.path.insert(0, sys.argv[1])
from bridge import Phase, Room, Settings
for variant in sys.argv[3:]:
    rng = random.Random(variant)
    for _ in range(int(sys.argv[2])):
        room = Room.create("p0", "P0", Settings().with_changes(Settings.parse_changes({"variant": variant})))
        for i in range(1, room.seat_count):
            room = room.join(f"p{i}", f"P{i}")
        for seat in room.seats:
            room = room.toggle_ready(seat.uid)
        room = room.start("p0", rng)
        while room.deal_in_progress:
            deal = room.deal
            uid, legal = deal.players[deal.actor], deal.legal_actions()
            if deal.phase is Phase.BIDDING:
                room = room.place_bid(uid, legal[0] if rng.random() < 0.7 else rng.choice(legal), rng)
            elif deal.phase is Phase.CHOOSING_TEAMMATE:
                room = room.choose_partner(uid, rng.choice(legal))
            else:
                room = room.play_card(uid, rng.choice(legal))
"""


def instructions(functions: Path, games: int) -> int:
    """Instructions callgrind counts for the workload of `games` games a variant with `functions`."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(functions / "bridge")], check=True)
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg",
                               sys.executable, "-c", WORKLOAD, str(functions), str(games), *VARIANTS],
                              capture_output=True, text=True, check=True,
                              env={"PATH": "/usr/bin:/bin", "PYTHONDONTWRITEBYTECODE": ""})
    found = re.search(r"Collected : (\d+)", done.stderr)
    assert found, done.stderr
    return int(found.group(1))


def per_game(functions: Path, games: int) -> float:
    return (instructions(functions, games) - instructions(functions, 0)) / (games * len(VARIANTS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.rev, "functions/bridge"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        before = per_game(Path(tmp) / "functions", args.games)
    after = per_game(ROOT / "functions", args.games)
    print(f"instructions per game at {args.rev}: {before:,.0f}")
    print(f"instructions per game, working tree: {after:,.0f}")
    print(f"working tree / {args.rev}: {after / before:.3f}")


if __name__ == "__main__":
    main()
