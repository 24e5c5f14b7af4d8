"""Benchmark of our double-dummy solver (issue 34: `bridge.double_dummy`, the tables of
`bridge.analysis`, the checks of `bridge.claims`) beside DDS (through endplay), no emulators.

One thread each: DDS is told `SetMaxThreads(1)` before its first use (endplay's import asks for
as many threads as there are cores), and the run prints the number of threads DDS reports and,
for each side, its process CPU time against its wall time (one thread: at most 1; DDS's tables
on two threads show about 1.7 here).

Deals come from fixed seeds, a stream per category (a count changes no other category's deals).
Both solvers answer the same positions, one after the other (who goes first alternates), and
every answer is compared:

1. single solves of whole random deals, contract rules: one strain and one leader drawn a deal,
   the most tricks the leader's side takes: DDS's `SolveBoard` (target -1, one solution) against
   `double_dummy.most_tricks`. A pass of its own before the tables: a solver may keep what it
   learnt of the last deal it saw, so no solve follows the table of its own deal (and an untimed
   warm-up on another deal pays each solver's first allocations);
2. full 20-cell tables of the same deals (fixed opposite pairs, the player on the declarer's left
   leads): DDS's `CalcDDtable` against `analysis.searched_table` with no budget, cell by cell;
   and each deal's par from each table under every dealer and vulnerability, DDS's `DealerPar`
   against `bridge.par` (untimed: a fraction of a millisecond each; compared as the tests do,
   `tests.dds.same_par`);
3. single solves of endings of 7, 9 and 11 cards a hand: k cards drawn from each hand of a
   random deal, strain and leader drawn too. Such an ending need not arise in play (its missing
   cards were not played in tricks), but it is a position DDS accepts and either solver may be
   asked about; it is the population bench/analysis.py's endings have used since issue 21, so
   the figures compare with bench/RESULTS.md's; and it does not depend on how the bots play
   (the endings the bots reach, mostly easier as their high cards went first, are the claims');
4. Floating Bridge hand records (ours alone: DDS cannot model them): whole random deals with a
   random declarer, partner (any seat, the declarer included: playing alone) and strain, the
   whole table as the analysis trigger makes it (`analysis.deal_table` under its ceiling;
   before issue 34's solver, some 40 s a record, cells past its budget unknown), and the records
   left with an unknown cell;
5. claims of the last six tricks (ours alone), contract bridge and Floating Bridge: deals played
   by the bots to six cards a hand with the partner known, as bench/claims.py plays them, the
   declarer claiming 0 to 6, each opponent's bare check (`claims.check_claim`) with a budget no
   check reaches (an answer it cut short would show as unproven).

The goals (issue 34): ours within 1.2x DDS's time on contract deals; a Floating Bridge record
complete in 1 s at p50 and 3 s at p99; a claim of the last six tricks checked in 5 ms. Prints a
table per category (ms: p50/p90/p99/max, total, CPU/wall; ratios ours/DDS of the totals and of
the p50s; positions on which the two agree), then, as its last line, one JSON object with every
figure. Exits with an error after that when the solvers disagreed on any position.

The defaults take a few minutes with a solver as fast as DDS; with the CPython search a whole
deal's table takes minutes, so smoke runs of that search pass small counts (`--deals 0
--floating 0 --endings 6 --claims 2`: seconds).

    python bench/solver.py [--deals 100] [--endings 100] [--sizes 7,9,11] [--floating 100] [--claims 30]
    python bench/solver.py --quick      # a smoke run: 2 of each, 1 claim ending a variant
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

import endplay._dds as dds_lib  # its import asks DDS for a thread per core: main asks for one
from claims import ending  # also puts functions/ on sys.path
from common import percentile, phase, table
from endplay.dds import calc_dd_table, solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Card as DdsCard
from endplay.types import Deal as DdsDeal
from endplay.types import Denom, Player, Rank

from bridge import DECK, FLOATING, Strain
from bridge.analysis import STRAINS, TABLE_NODES, Hands, Table, deal_table, searched_table
from bridge.claims import Verdict, check_claim
from bridge.double_dummy import Budget, Ending, most_tricks
from bridge.par import par
from bridge.wire import VulnerableDoc
from tests.dds import dds_par, same_par

T = TypeVar("T")
SEED = "issue 34"
#: A budget no search reaches: ours answers every question exactly.
UNBOUNDED = 1 << 62
#: Contract bridge's sides: North-South against East-West.
PAIRS = (True, False, True, False)
#: Every vulnerability.
VULNERABILITIES: list[VulnerableDoc] = [{"NS": ns, "EW": ew} for ns in (False, True) for ew in (False, True)]


class DdsInfo(ctypes.Structure):
    """DDS 2.9's `DDSInfo` (its include/dll.h; endplay 0.5's own copy lacks fields added since and
    `GetDDSInfo` overruns it)."""

    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int),
                ("versionString", ctypes.c_char * 10), ("system", ctypes.c_int), ("numBits", ctypes.c_int),
                ("compiler", ctypes.c_int), ("constructor", ctypes.c_int), ("numCores", ctypes.c_int),
                ("threading", ctypes.c_int), ("noOfThreads", ctypes.c_int), ("threadSizes", ctypes.c_char * 128),
                ("systemString", ctypes.c_char * 1024)]


def dds_info() -> DdsInfo:
    info = DdsInfo()
    dds_lib._dll.GetDDSInfo(ctypes.byref(info))
    return info


# ---- positions ---------------------------------------------------------------------------------

def whole_deal(rng: random.Random) -> Hands:
    cards = rng.sample(DECK, 52)
    return tuple(tuple(sorted(cards[13 * p:13 * (p + 1)])) for p in range(4))


def random_ending(rng: random.Random, size: int) -> Hands:
    """`size` cards drawn from each hand of a random deal."""
    return tuple(tuple(sorted(rng.sample(hand, size))) for hand in whole_deal(rng))


def denom(strain: Strain) -> Denom:
    return Denom.nt if strain.trump is None else Denom[strain.trump.name.lower()]


def dds_deal(hands: Hands, leader: int, strain: Strain) -> DdsDeal:
    """`hands` (positions 0-3: endplay's north to west) as endplay's deal, `leader` to lead."""
    deal = DdsDeal()
    for position, hand in enumerate(hands):
        deal[Player(position)].extend(DdsCard(suit=Denom[c.suit.name.lower()], rank=Rank(1 << c.rank)) for c in hand)
    deal.first, deal.trump = Player(leader), denom(strain)
    return deal


def leader_side(leader: int) -> tuple[bool, ...]:
    return tuple(p % 2 == leader % 2 for p in range(4))


# ---- timing ------------------------------------------------------------------------------------

@dataclass
class Side:
    """One solver's times (ms) in a category, with its process CPU and wall seconds."""

    ms: list[float] = field(default_factory=list)
    cpu_s: float = 0.0

    def run(self, call: Callable[[], T]) -> T:
        start, cpu = time.perf_counter(), time.process_time()
        result = call()
        self.cpu_s += time.process_time() - cpu
        self.ms.append(1000 * (time.perf_counter() - start))
        return result

    def figures(self) -> dict[str, float]:
        ordered = sorted(self.ms)
        return {"n": len(ordered), "p50": percentile(ordered, 50), "p90": percentile(ordered, 90),
                "p99": percentile(ordered, 99), "max": ordered[-1], "total": sum(ordered),
                "cpu_per_wall": self.cpu_s / (sum(ordered) / 1000) if sum(ordered) else 0.0}

    def row(self, name: str) -> list[Any]:
        f = self.figures()
        return [name, f["n"], *(_ms(f[k]) for k in ("p50", "p90", "p99", "max")), f"{f['total'] / 1000:.3f}",
                f"{f['cpu_per_wall']:.2f}"]


#: The columns of `Side.row` after the first.
COLUMNS = ["n", "p50 ms", "p90", "p99", "max", "total s", "CPU/wall"]


def _ms(value: float) -> str:
    """Milliseconds to three significant digits or to the unit."""
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 100 else f"{value:.0f}"


@dataclass
class Versus:
    """A category both solvers answer: their times and the positions they disagree on."""

    name: str
    dds: Side = field(default_factory=Side)
    ours: Side = field(default_factory=Side)
    disagree: list[str] = field(default_factory=list)

    def pair(self, index: int, dds: Callable[[], T], ours: Callable[[], T]) -> tuple[T, T]:
        """Both answers, DDS first on even `index`, ours first on odd."""
        if index % 2:
            mine = self.ours.run(ours)
            return self.dds.run(dds), mine
        theirs = self.dds.run(dds)
        return theirs, self.ours.run(ours)

    def report(self, figures: dict[str, Any]) -> None:
        if not self.dds.ms:
            return
        ours, theirs = self.ours.figures(), self.dds.figures()
        print(table(["solver", *COLUMNS], [self.dds.row("DDS"), self.ours.row("ours")]))
        total, p50 = ours["total"] / theirs["total"], ours["p50"] / theirs["p50"]
        agree = theirs["n"] - len(self.disagree)
        print(f"ours/DDS: total {total:.2f}x, p50 {p50:.2f}x; the same answer on {agree} of {theirs['n']}")
        for side, f in (("dds", theirs), ("ours", ours)):
            figures.update({f"{self.name}_{side}_{k}_ms": round(f[k], 3) for k in ("p50", "p90", "p99", "max")})
            figures[f"{self.name}_{side}_cpu_per_wall"] = round(f["cpu_per_wall"], 3)
        figures.update({f"{self.name}_ratio_total": round(total, 3), f"{self.name}_ratio_p50": round(p50, 3),
                        f"{self.name}_n": theirs["n"], f"{self.name}_disagree": len(self.disagree)})


# ---- the categories ----------------------------------------------------------------------------

def single_solves(category: Versus, positions: Sequence[Hands], rng: random.Random) -> None:
    """Each position solved once by each solver: a strain and a leader drawn from `rng`."""
    for index, hands in enumerate(positions):
        strain, leader = rng.choice(STRAINS), rng.randrange(4)
        deal, position = dds_deal(hands, leader, strain), Ending(hands, leader, strain.trump, leader_side(leader))
        theirs, mine = category.pair(index, partial(solve_board, deal, SolveMode.OptimalOne),
                                     partial(most_tricks, position, Budget(UNBOUNDED)))
        tricks = max(score for _, score in theirs)  # one card: the best, its tricks for the leader's side
        if tricks != mine:
            category.disagree.append(f"{deal.to_pbn()}, {strain.code}, {leader} leads: DDS {tricks}, ours {mine}")


def tables(category: Versus, deals: Sequence[Hands], pars: Versus) -> None:
    """Each deal's 20 cells by each solver. DDS's cell (strain, p) and ours are both the tricks
    declarer p's side takes with the player on p's left leading. And the par of each deal from
    each solver's table, under every dealer and vulnerability (disagreements in `pars`)."""
    leaders = {strain: [(p + 1) % 4 for p in range(4)] for strain in STRAINS}
    for index, hands in enumerate(deals):
        deal = dds_deal(hands, 0, Strain.NO_TRUMP)
        theirs, mine = category.pair(index, partial(calc_dd_table, deal),
                                     partial(searched_table, hands, PAIRS, False, leaders))
        dds: Table = {s: [theirs[denom(s), Player(p)] for p in range(4)] for s in STRAINS}
        if dds != mine:
            category.disagree.append(f"{deal.to_pbn()}: DDS {cells(dds)}; ours {cells(mine)}")
        known = {s: [t for t in row if t is not None] for s, row in mine.items()}
        for dealer in range(4):
            for vulnerable in VULNERABILITIES:
                ours, other = par(known, vulnerable, dealer), dds_par(theirs, vulnerable, dealer)
                if not same_par(ours, other):
                    pars.disagree.append(f"{deal.to_pbn()}, dealer {dealer}, {vulnerable}: DDS {other}; ours {ours}")


def cells(found: Table) -> str:
    """A table as text: by strain, its cells North to West."""
    return ", ".join(f"{strain.code} {' '.join(str(t) for t in row)}" for strain, row in found.items())


def floating_record(hands: Hands, declarer: int, partner: int, strain: Strain) -> Table:
    """A Floating Bridge record's table as the analysis trigger makes it (under its ceiling)."""
    return deal_table(FLOATING, hands, declarer, partner, strain, TABLE_NODES)


def floating(count: int, rng: random.Random, figures: dict[str, Any]) -> None:
    """`count` records, a row by where the partner sits and one for all."""
    by_seats = {"alone": Side(), "beside": Side(), "opposite": Side()}
    incomplete = dict.fromkeys(by_seats, 0)
    for _ in range(count):
        hands, declarer, partner, strain = whole_deal(rng), rng.randrange(4), rng.randrange(4), rng.choice(STRAINS)
        seats = "alone" if partner == declarer else "opposite" if (partner - declarer) % 4 == 2 else "beside"
        found = by_seats[seats].run(partial(floating_record, hands, declarer, partner, strain))
        incomplete[seats] += any(t is None for row in found.values() for t in row)
    every = Side([ms for side in by_seats.values() for ms in side.ms], sum(side.cpu_s for side in by_seats.values()))
    if not every.ms:
        return
    rows = [[*side.row(name), incomplete[name]] for name, side in by_seats.items() if side.ms]
    print(table(["partner", *COLUMNS, "incomplete"], [*rows, [*every.row("all"), sum(incomplete.values())]]))
    f = every.figures()
    figures.update({f"floating_{k}_s": round(f[k] / 1000, 3) for k in ("p50", "p90", "p99", "max")})
    figures.update({"floating_n": f["n"], "floating_incomplete": sum(incomplete.values())})
    print(f"goal: p50 <= 1 s ({f['p50'] / 1000:.2f} s), p99 <= 3 s ({f['p99'] / 1000:.2f} s), "
          f"every cell known ({sum(incomplete.values())} of {f['n']} records not)")


def claims(count: int, figures: dict[str, Any]) -> None:
    """`count` endings of six cards a hand a variant (deals the bots play out before, or without
    the partner known, are dealt again), every opponent's check of every claim: a row a variant."""
    rows = []
    for variant in ("contract", "floating"):
        side, held, unproven, rng = Side(), 0, 0, random.Random(f"{SEED}: claims, {variant}")
        for _ in range(count):
            while (deal := ending(variant, 6, rng)) is None:
                pass
            for tricks in range(7):
                claimed = deal.make_claim(deal.contract.declarer, tricks)
                for position in claimed.claim_answerers:
                    verdict = side.run(partial(check_claim, claimed.view(position), Budget(UNBOUNDED)))
                    held += verdict is Verdict.HOLDS
                    unproven += verdict is Verdict.UNPROVEN
        if side.ms:
            rows.append([*side.row(variant), held, unproven])
            f = side.figures()
            figures.update({f"claims_{variant}_{k}_ms": round(f[k], 3) for k in ("p50", "p90", "p99", "max")})
            figures.update({f"claims_{variant}_n": f["n"], f"claims_{variant}_unproven": unproven})
    if rows:
        print(table(["variant", *COLUMNS, "held", "unproven"], rows))
        print("goal: every answer in 5 ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=100, help="whole contract deals: a single solve and a table each")
    parser.add_argument("--endings", type=int, default=100, help="endings of each size")
    parser.add_argument("--sizes", default="7,9,11", help="cards a hand of the endings")
    parser.add_argument("--floating", type=int, default=100, help="Floating Bridge hand records")
    parser.add_argument("--claims", type=int, default=30, help="endings of six cards a hand a variant, for claims")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 of each, 1 claim ending a variant")
    args = parser.parse_args()
    if args.quick:
        args.deals = args.endings = args.floating = 2
        args.claims = 1
    dds_lib.SetMaxThreads(1)
    info = dds_info()
    print(f"python {sys.version.split()[0]}; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}; "
          f"DDS {info.versionString.decode()} through endplay: {info.noOfThreads} thread(s) of {info.numCores} cores")
    figures: dict[str, Any] = {"dds_threads": info.noOfThreads}
    # Warm-up, untimed: each solver's first call pays its allocations (on a deal no category uses).
    warm = whole_deal(random.Random(f"{SEED}: warm-up"))
    solve_board(dds_deal(warm, 0, Strain.NO_TRUMP), SolveMode.OptimalOne)
    most_tricks(Ending(warm, 0, None, leader_side(0)), Budget(UNBOUNDED))

    deals = [whole_deal(random.Random(f"{SEED}: deal {i}")) for i in range(args.deals)]
    solves, whole, pars = Versus("solves"), Versus("tables"), Versus("par")
    with phase(f"single solves of whole deals ({len(deals)})"):
        single_solves(solves, deals, random.Random(f"{SEED}: strains and leaders"))
        solves.report(figures)
    with phase(f"full 20-cell tables of the same deals ({len(deals)})"):
        tables(whole, deals, pars)
        whole.report(figures)
        compared = 16 * len(deals)
        figures.update({"par_n": compared, "par_disagree": len(pars.disagree)})
        print(f"par (DDS's DealerPar, ours): the same on {compared - len(pars.disagree)} of {compared} "
              "(each deal under every dealer and vulnerability)")
    versus = [solves, whole, pars]
    for size in (int(s) for s in args.sizes.split(",") if s):
        rng = random.Random(f"{SEED}: endings of {size}")
        endings, category = [random_ending(rng, size) for _ in range(args.endings)], Versus(f"endings{size}")
        with phase(f"single solves of endings of {size} cards a hand ({len(endings)})"):
            single_solves(category, endings, rng)
            category.report(figures)
        versus.append(category)
    with phase(f"Floating Bridge hand records, the whole table ({args.floating})"):
        floating(args.floating, random.Random(f"{SEED}: floating"), figures)
    with phase(f"claims of the last six tricks, the bare check ({args.claims} endings a variant)"):
        claims(args.claims, figures)
    timed = [c for c in versus if c.dds.ms]  # every category both solve plays by contract rules
    if timed:
        ours, theirs = sum(sum(c.ours.ms) for c in timed), sum(sum(c.dds.ms) for c in timed)
        figures["contract_ratio_total"] = round(ours / theirs, 3)
        print(f"\ncontract rules, every category above: ours/DDS {ours / theirs:.2f}x of the time (goal: <= 1.2x)")
        figures["dds_cpu_per_wall_max"] = round(max(c.dds.figures()["cpu_per_wall"] for c in timed), 3)
        figures["ours_cpu_per_wall_max"] = round(max(c.ours.figures()["cpu_per_wall"] for c in timed), 3)
        print(f"one thread each: DDS reports {info.noOfThreads}; process CPU time / wall time at most "
              f"{figures['dds_cpu_per_wall_max']:.2f} for DDS, {figures['ours_cpu_per_wall_max']:.2f} for ours "
              "(above 1: more than one thread)")
    print(json.dumps(figures))
    disagreements = [f"{c.name}: {d}" for c in versus for d in c.disagree]
    if disagreements:
        raise SystemExit(f"the solvers disagree on {len(disagreements)} positions; the first:\n"
                         + "\n".join(disagreements[:5]))


if __name__ == "__main__":
    main()
