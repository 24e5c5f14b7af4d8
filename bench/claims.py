"""Benchmark of a bot's answer to a claim (SPEC §15, `bridge.claims`), no emulators.

Random deals of each variant are played by the bots to a point between tricks with N cards left
in each hand, with the partner known. There the declarer claims each number of the tricks left
in turn (0 to N), and each opponent (a bot) checks the claim: every layout of the cards it cannot
see, a double-dummy search in each, within the budget of work (`claims.WORK`: search nodes, and
one a layout, by how many hands the bot cannot see). Prints, per variant and cards left:

- the work a check took (p50, p99, max) and how many the budget cut short (a claim the bot then
  rejects): the budget is chosen so that no claim of the last six tricks is cut short;
- the time of the bare check (what a room's bots would take without steadiness, p50/p99/max), by
  what it found: a claim that holds searches every layout, one that fails stops at the first
  that defeats it, so this time tells the claimer about the cards they cannot see;
- the time of a room's answer (`claims.STEADY`: the whole budget, then the wait to the
  answer's time), by what it found, on a sample (each takes that long): the same for every
  claim of a size whatever the cards.

    python bench/claims.py [--deals N] [--sizes 3,5,7,9] [--steady K]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge import Settings, new_deal
from bridge.claims import STEADY, WORK, Verdict, check_claim
from bridge.deal import Deal, Phase
from bridge.double_dummy import Budget
from bridge.variants import variant_named

SETTINGS = {"floating": Settings(play_all_tricks=True),
            "contract": Settings(variant="contract", scoring="rubber", deals=0),
            "memory": Settings(variant="memory", scoring="target", deals=0)}
PLAYERS = ("a", "b", "c", "d")


def ending(variant: str, size: int, rng: random.Random) -> Deal | None:
    """A deal of `variant` played by the bots until `size` cards are left in each hand, between
    tricks, with the partner known (None: it ended first)."""
    v = variant_named(variant)
    deal = new_deal(v, PLAYERS[:v.seats], SETTINGS[variant], 0, rng)
    while not deal.is_finished:
        if (deal.phase is Phase.PLAYING and len(deal.hands[0]) == size and not deal.trick.plays
                and deal.partner_revealed):
            return deal
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    return None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def spread(values: list[float]) -> str:
    if not values:
        return f"{'-':>22}"
    return f"{percentile(values, 0.5):>6.1f} {percentile(values, 0.99):>7.1f} {max(values):>7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--sizes", default="3,5,7,9")
    parser.add_argument("--steady", type=int, default=12, help="steady answers timed per verdict and row")
    args = parser.parse_args()
    rng = random.Random(1)
    print("work an answer, by the hands the bot cannot see: "
          + ", ".join(f"{hands}: {work.units} units in {work.seconds} s" for hands, work in WORK.items())
          + f"; python {sys.version.split()[0]}")
    print(f"{'variant':<9} {'cards':>5} {'answers':>7} {'work p50':>8} {'p99':>7} {'max':>7} {'cut':>4} "
          f"{'| bare ms: holds p50 p99 max':>29} {'| fails p50 p99 max':>23} "
          f"{'| steady ms: holds p50 p99 max':>31} {'| fails p50 p99 max':>23}")
    for variant in SETTINGS:
        for size in map(int, args.sizes.split(",")):
            work: list[float] = []
            bare: dict[bool, list[float]] = {True: [], False: []}
            steady: dict[bool, list[float]] = {True: [], False: []}
            cut = 0
            for _ in range(args.deals):
                deal = ending(variant, size, rng)
                if deal is None:
                    continue
                for tricks in range(size + 1):
                    claimed = deal.make_claim(deal.contract.declarer, tricks)
                    for position in claimed.claim_answerers:
                        view = claimed.view(position)
                        units = STEADY.work_of(view).units
                        budget = Budget(units)
                        start = time.perf_counter()
                        verdict = check_claim(view, budget)
                        bare[verdict is Verdict.HOLDS].append(1000 * (time.perf_counter() - start))
                        work.append(units - budget.nodes)
                        cut += verdict is Verdict.UNPROVEN
                        holds = verdict is Verdict.HOLDS
                        if len(steady[holds]) < args.steady:
                            start = time.perf_counter()
                            STEADY.answers([view])
                            steady[holds].append(1000 * (time.perf_counter() - start))
            if not work:
                continue
            print(f"{variant:<9} {size:>5} {len(work):>7} {percentile(work, 0.5):>8.0f} {percentile(work, 0.99):>7.0f} "
                  f"{max(work):>7.0f} {cut:>4} | {spread(bare[True]):>27} | {spread(bare[False]):>21} "
                  f"| {spread(steady[True]):>29} | {spread(steady[False]):>21}", flush=True)


if __name__ == "__main__":
    main()
