"""Benchmark of a bot's answer to a claim (SPEC §15, `bridge.claims.claim_holds`).

Random deals of each variant are played by the bots to a point between tricks with N cards left
in each hand; there the declarer claims every trick left, and each opponent (a bot) checks the
claim: every layout of the cards it cannot see, a double-dummy search in each, under the shared
node budget (`CLAIM_BUDGET`). Prints, per variant and cards left, the time per answer (p50, p99,
max), how many answers the budget cut short (a claim the bot then rejects), and how many
accepted, measured in the same run.

    python bench/claims.py [--deals N] [--sizes 3,5,7,9]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge import Settings, new_deal
from bridge.claims import CLAIM_BUDGET, Verdict, check_claim
from bridge.deal import Deal, Phase
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--sizes", default="3,5,7,9")
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"budget {CLAIM_BUDGET} nodes per answer; python {sys.version.split()[0]}")
    print(f"{'variant':<9} {'cards':>5} {'answers':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} "
          f"{'cut short':>9} {'accepted':>8}")
    for variant in SETTINGS:
        for size in map(int, args.sizes.split(",")):
            times: list[float] = []
            verdicts = dict.fromkeys(Verdict, 0)
            for _ in range(args.deals):
                deal = ending(variant, size, rng)
                if deal is None:
                    continue
                claimed = deal.make_claim(deal.contract.declarer, size)
                for position in claimed.claim_answerers:
                    start = time.perf_counter()
                    verdicts[check_claim(claimed.view(position))] += 1
                    times.append(1000 * (time.perf_counter() - start))
            if not times:
                continue
            print(f"{variant:<9} {size:>5} {len(times):>7} {percentile(times, 0.5):>8.2f} "
                  f"{percentile(times, 0.99):>8.2f} {max(times):>8.2f} {verdicts[Verdict.UNPROVEN]:>9} "
                  f"{verdicts[Verdict.HOLDS]:>8}")


if __name__ == "__main__":
    main()
