"""How much stronger the thinking bot is than a reference bot (SPEC §10), and how long it thinks.

Each board is dealt once (from a seed, so every run plays the same boards) and played twice with
the seats rotated: the thinking bot (`ThinkingBot`, `--think-ms` a card) at positions 0 and 2 and
the reference at 1 and 3, then the other way round. The reference (`--against`) is the heuristic
bot (`Variant.bot`) or the thinking bot as it was before it searched double-dummy
(`bench/playout_bot.py`, `--against playout`, its own `--reference-ms` a card; it thinks in card
play only, and bids as the heuristic). The thinking bot bids (by simulation) and plays; with
`--cards-only` it bids and names the partner card as the heuristic does, so that a board's two
deals have the same contract and differ only in how the cards are played. The pair of deals
is the unit of comparison, as in duplicate bridge.

- **Floating Bridge**: the sides form in each deal, so "the thinking side" is the two thinking
  seats. Deals won: the share of the deals' winning seats that were thinking seats (0.5 at
  parity). Points: `tricks` scoring (each winner scores the tricks its side took), thinking seats
  minus heuristic seats. Also the deals whose two sides were the two pairs (as bench/bot_strength.py).
- **Contract bridge**: deals won: the thinking side reached its goal (made as declarer, defeated
  as defenders). Points: the deal's duplicate score (not vulnerable) to the thinking side; IMPs:
  a board's two scores to the thinking side added and converted (`duplicate.imps`), as a team
  match scores a board.
- **TigerBridge, Memory Bridge** (`tiger`, `memory`): deals won as in contract bridge; points:
  the deal's points on the variant's own sheet (set points; Memory Bridge's points, its two
  players rotating as the thinking side), the thinking side's less the other's.
- **Floating Bridge, one seat** (`floating-seat`): with sides formed in each deal, two thinking
  seats are often on opposite sides and help both. So each board is also played by four heuristic
  bots, then four times with the thinking bot in one seat (each seat in turn) and the heuristic
  in the other three: the thinking seat's deals won and points (`tricks` scoring) against the
  heuristic's in the same seat of the same board. The unit is the seat-deal; the interval on
  the difference is mean ± 1.96 SE over boards (a board's four seats together).

Intervals are 95 %: Wilson's for shares, mean ± 1.96 standard errors over boards for points (a
board's two deals together). Time per move: every card the thinking bot chose (with one real
choice it answers at once), and the cards it searched for; with `--steady` the bot is a room's
(`ThinkingBot(steady=True)`: every decision does the whole budget's work and takes at least
`--think-ms`), so the times are the bot's own at a table on this machine. Boards run in
`--workers` processes.

    .venv/bin/python bench/thinking_bot.py [--boards 1000] [--variants floating,contract,floating-seat] [--think-ms 100]
                                           [--against heuristic|playout] [--reference-ms 50] [--steady]
                                           [--workers 2] [--seed 1]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "functions"))
sys.path.insert(0, str(ROOT))

from bench.playout_bot import PlayoutBot  # noqa: E402
from bridge import FLOATING, Card, Deal, Settings, new_deal  # noqa: E402
from bridge.contract import CONTRACT  # noqa: E402
from bridge.contract_scoring import contract_entries  # noqa: E402
from bridge.core import hand_mask  # noqa: E402
from bridge.deal import Action, SeatView  # noqa: E402
from bridge.deal_seed import DealSeed  # noqa: E402
from bridge.duplicate import imps  # noqa: E402
from bridge.floating import deal_points  # noqa: E402
from bridge.memory import MEMORY  # noqa: E402
from bridge.thinking_bot import ThinkingBot, _Search  # noqa: E402
from bridge.tiger import TIGER  # noqa: E402

PLAYERS = ("p0", "p1", "p2", "p3")
SETTINGS = {"floating": Settings(), "floating-seat": Settings(),
            "contract": Settings(variant="contract", scoring="rubber"),
            "tiger": Settings(variant="tiger", scoring="sets", deals=0),
            "memory": Settings(variant="memory", scoring="target", deals=0)}
VARIANTS = {"floating": FLOATING, "floating-seat": FLOATING, "contract": CONTRACT, "tiger": TIGER, "memory": MEMORY}
#: The thinking side in a board's two deals: the partnerships, or in Memory Bridge each player.
SIDES = {"memory": ((0,), (1,))}


@dataclass
class Board:
    """One board's two deals, from the thinking side's point of view."""

    won: list[float] = field(default_factory=list)  # deals won (Floating: thinking seats' share of the winners)
    points: list[int] = field(default_factory=list)  # thinking side's points minus the other side's
    imps: list[int] = field(default_factory=list)  # contract: the board's IMPs to the thinking side
    pairs: list[bool | None] = field(default_factory=list)  # Floating: sides were the two pairs: thinking won?
    seat_won: list[int] = field(default_factory=list)  # one seat: thinking won minus heuristic won, by seat
    seat_points: list[int] = field(default_factory=list)  # one seat: thinking points minus heuristic's
    move_ms: list[float] = field(default_factory=list)
    search_ms: list[float] = field(default_factory=list)
    call_ms: list[float] = field(default_factory=list)


Bot = Callable[[SeatView, Sequence[Action]], Action]


def play_board(job: tuple[str, int, int, float, str, float, bool, bool]) -> Board:
    name, seed, number, think_ms, against, reference_ms, cards_only, steady = job
    bot = ThinkingBot(think_ms, steady)
    reference: Bot | None = PlayoutBot(reference_ms) if against == "playout" else None
    board = Board()
    if name == "floating-seat":
        baseline = _play(name, seed, number, (), bot, board, reference, cards_only)
        outcome = baseline.outcome()
        assert outcome is not None
        points = deal_points(outcome, "tricks")
        for seat in range(4):
            deal = _play(name, seed, number, (seat,), bot, board, reference, cards_only)
            played = deal.outcome()
            assert played is not None
            board.seat_won.append((seat in played.winners) - (seat in outcome.winners))
            board.seat_points.append(deal_points(played, "tricks")[seat] - points[seat])
        return board
    for thinking in SIDES.get(name, ((0, 2), (1, 3))):
        _score(name, _play(name, seed, number, thinking, bot, board, reference, cards_only), set(thinking), board)
    if name == "contract":
        board.imps.append(imps(sum(board.points)))
    return board


def _play(name: str, seed: int, number: int, thinking: tuple[int, ...], bot: ThinkingBot, board: Board,
          reference: Bot | None, cards_only: bool) -> Deal:
    """The board's deal played to its end, the thinking bot in the `thinking` seats (in their card
    play alone if `cards_only`) and `reference` (None: the heuristic) in the others' card play,
    the heuristic in the rest."""
    key = hashlib.sha256(f"{seed}:{number}".encode()).digest()
    shuffler = DealSeed(key, (), number).shuffler()
    variant = VARIANTS[name]
    deal = new_deal(variant, PLAYERS[:variant.seats], SETTINGS[name], number % variant.seats, shuffler)
    while not deal.is_finished:
        actor = deal.actor
        assert actor is not None
        playing = deal.trick is not None and deal.contract is not None
        if actor in thinking and (playing or (not cards_only and deal.contract is None)):
            view, legal = deal.view(actor), deal.legal_actions()
            start = time.perf_counter()
            action = bot(view, legal)
            ms = 1000 * (time.perf_counter() - start)
            if not playing:
                board.call_ms.append(ms)
            else:
                board.move_ms.append(ms)
                if len(_Search(view, hand_mask(c for c in legal if isinstance(c, Card))).candidates) > 1:
                    board.search_ms.append(ms)
        elif reference is not None and playing:
            action = reference(deal.view(actor), deal.legal_actions())
        else:
            action = deal.bot_action()
        deal = deal.act(actor, action, shuffler)
    return deal


def _score(name: str, deal: Deal, thinking: set[int], board: Board) -> None:
    outcome = deal.outcome()
    if outcome is None:  # a Memory Bridge second half passed out: it scores the first half alone
        board.won.append(0.5)
        board.points.append(_sheet_points(name, deal, thinking))
        return
    winners = set(outcome.winners)
    if name == "floating":
        board.won.append(len(winners & thinking) / len(winners))
        points = deal_points(outcome, "tricks")
        board.points.append(sum(points[p] for p in thinking) - sum(points[p] for p in range(4) if p not in thinking))
        sides = {outcome.declarer, outcome.partner}
        board.pairs.append(winners == thinking if sides in (thinking, set(range(4)) - thinking) else None)
        return
    board.won.append(float(bool(winners & thinking)))
    if name != "contract":
        board.points.append(_sheet_points(name, deal, thinking))
        return
    entries = contract_entries(outcome.contract, outcome.declarer_tricks, False)
    ours = {"NS": {0, 2}, "EW": {1, 3}}
    board.points.append(sum(e.points if ours[e.side.value] == thinking else -e.points for e in entries))


def _sheet_points(name: str, deal: Deal, thinking: set[int]) -> int:
    """The deal's points on the variant's own score sheet (TigerBridge's set points, Memory
    Bridge's points of every kind), the thinking side's less the other's."""
    doc = VARIANTS[name].sheet(SETTINGS[name]).scored(deal).points_by_kind()
    assert doc is not None
    ours = "NS" if 0 in thinking else "EW"  # positions 0 and 2 are NS (Memory Bridge: 0 is NS, 1 EW)
    return sum(points if side == ours else -points for side, kinds in doc.items()
               for kind, points in kinds.items() if name != "tiger" or kind == "setPoints")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


def measure(name: str, boards: int, seed: int, think_ms: float, workers: int, against: str,
            reference_ms: float, cards_only: bool, steady: bool = False) -> dict[str, object]:
    jobs = [(name, seed, number, think_ms, against, reference_ms, cards_only, steady)
            for number in range(1, boards + 1)]
    start = time.perf_counter()
    with multiprocessing.Pool(workers) as pool:
        played = pool.map(play_board, jobs, chunksize=4)
    wall = time.perf_counter() - start
    moves = [ms for b in played for ms in b.move_ms]
    searches = [ms for b in played for ms in b.search_ms]
    calls = [ms for b in played for ms in b.call_ms]
    timing: dict[str, object] = {
        "calls": len(calls), "call_ms_p50": round(percentile(calls, 0.5), 2),
        "call_ms_p99": round(percentile(calls, 0.99), 2), "cards_only": cards_only, "steady": steady,
        "moves": len(moves), "move_ms_p50": round(percentile(moves, 0.5), 2),
        "move_ms_p99": round(percentile(moves, 0.99), 2), "move_ms_max": round(max(moves), 2),
        "searches": len(searches), "search_ms_p50": round(percentile(searches, 0.5), 2),
        "search_ms_p99": round(percentile(searches, 0.99), 2),
    }
    if name == "floating-seat":
        won = [float(sum(b.seat_won)) for b in played]
        points = [float(sum(b.seat_points)) for b in played]
        won_mean, won_low, won_high = mean_ci(won)
        points_mean, points_low, points_high = mean_ci(points)
        return {"variant": name, "against": against, "boards": boards, "seat_deals": 4 * boards, "think_ms": think_ms,
                "wall_s": round(wall, 1),
                "won_minus_heuristic_per_seat_deal": round(won_mean / 4, 4),
                "won_ci95": [round(won_low / 4, 4), round(won_high / 4, 4)],
                "points_minus_heuristic_per_seat_deal": round(points_mean / 4, 3),
                "points_ci95": [round(points_low / 4, 3), round(points_high / 4, 3)],
                "seat_deals_better_equal_worse": [sum(w > 0 for b in played for w in b.seat_won),
                                                  sum(w == 0 for b in played for w in b.seat_won),
                                                  sum(w < 0 for b in played for w in b.seat_won)],
                **timing}
    deals = 2 * boards
    won_deals = sum(sum(b.won) for b in played)
    low, high = wilson(won_deals, deals)
    per_board = [float(sum(b.points)) for b in played]
    mean, p_low, p_high = mean_ci(per_board)
    result: dict[str, object] = {
        "variant": name, "against": against, "boards": boards, "deals": deals, "think_ms": think_ms,
        "wall_s": round(wall, 1),
        "won_share": round(won_deals / deals, 4), "won_share_ci95": [round(low, 4), round(high, 4)],
        "points_per_board": round(mean, 2), "points_per_board_ci95": [round(p_low, 2), round(p_high, 2)],
        "points_per_deal": round(mean / 2, 2),
        "boards_better_equal_worse": [sum(p > 0 for p in per_board), sum(p == 0 for p in per_board),
                                      sum(p < 0 for p in per_board)],
        **timing,
    }
    board_imps = [float(i) for b in played for i in b.imps]
    if board_imps:
        imp_mean, imp_low, imp_high = mean_ci(board_imps)
        result.update(imps_per_board=round(imp_mean, 3), imps_per_board_ci95=[round(imp_low, 3), round(imp_high, 3)])
    pairs = [p for b in played for p in b.pairs if p is not None]
    if pairs:
        pair_low, pair_high = wilson(sum(pairs), len(pairs))
        result.update(pair_deals=len(pairs), pair_share=round(sum(pairs) / len(pairs), 4),
                      pair_share_ci95=[round(pair_low, 4), round(pair_high, 4)])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000, help="boards per variant (each played twice)")
    parser.add_argument("--variants", default="floating,contract,floating-seat")
    parser.add_argument("--think-ms", type=float, default=100.0)
    parser.add_argument("--against", choices=("heuristic", "playout"), default="heuristic")
    parser.add_argument("--reference-ms", type=float, default=50.0, help="the playout bot's think time a card")
    parser.add_argument("--cards-only", action="store_true",
                        help="the thinking seats bid (and name the partner card) as the heuristic does")
    parser.add_argument("--steady", action="store_true",
                        help="the bot as a room's: every decision spends the whole budget, then waits out --think-ms")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = []
    for name in args.variants.split(","):
        r = measure(name, args.boards, args.seed, args.think_ms, args.workers, args.against, args.reference_ms,
                    args.cards_only, args.steady)
        results.append(r)
        if name == "floating-seat":
            print(f"against {args.against}")
            print(f"{name}: {r['seat_deals']} seat-deals ({r['boards']} boards: one thinking seat in turn, against "
                  f"the heuristic in that seat), think {r['think_ms']} ms, {r['wall_s']} s with {args.workers} workers")
            print(f"  deals won, thinking minus heuristic, per seat-deal: {r['won_minus_heuristic_per_seat_deal']:+.4f}"
                  f"  95% CI {r['won_ci95']}; seat-deals better/equal/worse {r['seat_deals_better_equal_worse']}")
            print(f"  points (tricks scoring), thinking minus heuristic, per seat-deal: "
                  f"{r['points_minus_heuristic_per_seat_deal']:+.3f}  95% CI {r['points_ci95']}")
        else:
            print(f"{name}: {r['deals']} deals ({r['boards']} boards, seats rotated), think {r['think_ms']} ms, "
                  f"{r['wall_s']} s with {args.workers} workers")
            print(f"  deals won by the thinking side: {r['won_share']:.3f}  95% CI {r['won_share_ci95']}  "
                  "(0.5 = parity)")
            if "pair_share" in r:
                print(f"  deals of pair against pair: {r['pair_deals']}, thinking pair won {r['pair_share']:.3f}  "
                      f"95% CI {r['pair_share_ci95']}")
            print(f"  points per board to the thinking side: {r['points_per_board']:+.2f}  95% CI "
                  f"{r['points_per_board_ci95']}  (per deal {r['points_per_deal']:+.2f}); boards better/equal/worse "
                  f"{r['boards_better_equal_worse']}")
            if "imps_per_board" in r:
                print(f"  IMPs per board to the thinking side: {r['imps_per_board']:+.3f}  "
                      f"95% CI {r['imps_per_board_ci95']}")
        print(f"  time per card: p50 {r['move_ms_p50']} ms, p99 {r['move_ms_p99']} ms, max {r['move_ms_max']} ms "
              f"over {r['moves']} cards; searched cards ({r['searches']}): p50 {r['search_ms_p50']} ms, "
              f"p99 {r['search_ms_p99']} ms; calls ({r['calls']}): p50 {r['call_ms_p50']} ms, "
              f"p99 {r['call_ms_p99']} ms")
    print(json.dumps({"thinking_bot": results}))


if __name__ == "__main__":
    main()
