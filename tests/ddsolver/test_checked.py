"""The native search built with its checks (`-DDDSOLVER_CHECK`): on thousands of small endings
(random sides, trump or none, the trump rule on or off, broken or not, two or four hands), every
answer at every trick's start the search visits is checked against plain minimax, and the cards
it depended on by swapping every pair of cards below them between two seats: the answer must
hold there too, or the transposition table and the cards skipped as equivalent would carry it to
positions it is false of."""
from __future__ import annotations

import importlib.util
import platform
import random
import subprocess
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from bridge.core import hand_mask

from ..engine.test_double_dummy import random_ending

SOURCE = Path(__file__).resolve().parents[2] / "functions" / "ddsolver" / "ddsolver" / "_search.c"


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    target = tmp_path_factory.mktemp("checked") / f"_search{sysconfig.get_config_var('EXT_SUFFIX')}"
    flags = ["-O2", "-std=c11", "-Wall", "-Werror", "-fPIC", "-shared", "-DDDSOLVER_CHECK"]
    if platform.machine() in ("x86_64", "AMD64"):
        flags.append("-mpopcnt")
    subprocess.run(["cc", *flags, f"-I{sysconfig.get_paths()['include']}", str(SOURCE), "-o", str(target)], check=True)
    spec = importlib.util.spec_from_file_location("_search", target)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: Endings of each kind. Sized by what they catch: each of three faults put into the search (the
#: equivalent-cards fix taken out; the cards below a failed card taken as failing one rank too
#: high; a table entry fixing one card too few of a suit) is first met within 230 endings of three
#: cards and within 130 of four, each such ending costing ~0.2 ms and ~20 ms: so 3,000 of three
#: cards and 500 of four (1,500 of four took 30 s of the engine suite). The larger endings catch
#: what only shows with longer runs of cards.
SIZES = [(4, 3, 3000), (4, 4, 500), (4, 5, 8), (2, 6, 500)]


@pytest.mark.parametrize(("seats", "size", "count"), SIZES)
def test_every_answer_and_the_cards_it_depended_on_hold_in_the_checking_build(checked, seats, size, count):
    rng = random.Random(seats * 1000 + size)
    for _ in range(count):
        ending = random_ending(rng, seats, size)
        trump = -1 if ending.trump is None else int(ending.trump)
        side = sum(1 << p for p, ours in enumerate(ending.side) if ours)
        search = checked.Search(seats, trump, side, ending.must_break_trump)
        hands = [hand_mask(hand) for hand in ending.hands]
        lower, upper = 0, size
        while lower < upper:  # every answer on the way to the count is checked
            bound = search.bound(hands, ending.leader, [], ending.trump_broken, lower + 1, 1 << 40)
            lower, upper = (bound, upper) if bound > lower else (lower, bound)
        assert checked.violation() is None, (checked.violation(), ending)
