"""Benchmark of a bot's answer to a claim (SPEC §15, `bridge.claims`), no emulators.

Random deals of each variant are played by the bots to a point between tricks with N cards left
in each hand, with the partner known. There the declarer claims each number of the tricks left
in turn (0 to N), and each opponent (a bot) checks the claim: every layout of the cards it cannot
see, a double-dummy search in each, within the budget of work (`claims.WORK`: search nodes, and
one a layout, by how many hands the bot cannot see). Prints a row per variant, cards left and
tricks claimed:

- how many answers, how many held, the work a check took (p50, max) and how many the budget cut
  short (a claim the bot then rejects): the budget is chosen so that no claim of the last six
  tricks is cut short;
- the time of the bare check (p50/p99/max): a claim that holds searches every layout, one that
  fails stops at the first that defeats it, so this time varies with the cards the claimer
  cannot see (what a room's bots took before issue 33);
- the time of a room's answer (`claims.STEADY`: the whole budget, then the wait to the answer's
  time), on the first K answers of the row (each takes that long): the same whatever the cards.

    python bench/claims.py [--deals N] [--sizes 3,5,6,7,9] [--steady K] [--variants floating,contract]
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

SETTINGS = {"floating": Settings.of(playAllTricks=True),
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
    """p50, p99 and max of `values`."""
    if not values:
        return f"{'-':>27}"
    return f"{percentile(values, 0.5):>11.1f} {percentile(values, 0.99):>7.1f} {max(values):>7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--sizes", default="3,5,6,7,9")
    parser.add_argument("--steady", type=int, default=6, help="steady answers timed per row")
    parser.add_argument("--variants", default=",".join(SETTINGS))
    args = parser.parse_args()
    rng = random.Random(1)
    print("work an answer, by the hands the bot cannot see: "
          + ", ".join(f"{hands}: {work.units} units in {work.seconds} s" for hands, work in WORK.items())
          + f"; python {sys.version.split()[0]}")
    print("bare: the check alone (a room's bots before issue 33); steady: a room's answer (claims.STEADY)")
    print(f"{'variant':<9} {'cards':>5} {'claim':>5} {'answers':>7} {'held':>4} {'work p50':>8} {'max':>7} {'cut':>4} "
          f"{'| bare ms p50':>13} {'p99':>7} {'max':>7} {'| steady ms p50':>15} {'p99':>7} {'max':>7}")
    for variant in args.variants.split(","):
        for size in map(int, args.sizes.split(",")):
            rows: dict[int, dict[str, list[float]]] = {
                tricks: {"work": [], "bare": [], "steady": [], "held": [], "cut": []} for tricks in range(size + 1)}
            for _ in range(args.deals):
                deal = ending(variant, size, rng)
                if deal is None:
                    continue
                for tricks in range(size + 1):
                    claimed = deal.make_claim(deal.contract.declarer, tricks)
                    row = rows[tricks]
                    for position in claimed.claim_answerers:
                        view = claimed.view(position)
                        units = STEADY.work_of(view).units
                        budget = Budget(units)
                        start = time.perf_counter()
                        verdict = check_claim(view, budget)
                        row["bare"].append(1000 * (time.perf_counter() - start))
                        row["work"].append(units - budget.nodes)
                        row["held"].append(verdict is Verdict.HOLDS)
                        row["cut"].append(verdict is Verdict.UNPROVEN)
                        if len(row["steady"]) < args.steady:
                            start = time.perf_counter()
                            STEADY.answers([view])
                            row["steady"].append(1000 * (time.perf_counter() - start))
            for tricks, row in rows.items():
                if not row["work"]:
                    continue
                print(f"{variant:<9} {size:>5} {tricks:>5} {len(row['work']):>7} {int(sum(row['held'])):>4} "
                      f"{percentile(row['work'], 0.5):>8.0f} {max(row['work']):>7.0f} {int(sum(row['cut'])):>4} "
                      f"| {spread(row['bare'])} | {spread(row['steady'])}", flush=True)


if __name__ == "__main__":
    main()
