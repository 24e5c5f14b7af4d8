"""Whether ratings separate players of different strength (issue 37): robot tournaments in the engine.

A tournament deals `--boards` boards (from `--seed` and the tournament's number, so every entrant
plays the same boards). Every entrant plays every board at a table of its own, in the South seat
(position 2), the other three seats the variant's own bot (a room's basic bot, `room.room_bot`
None). Each entrant plays South by its policy:

- `random`: a legal action drawn uniformly (`Deal.legal_actions`): any call, partner card or card;
- `basic`: the variant's own bot (`Deal.bot_action`), as its three table-mates;
- `thinking`: the thinking bot (`ThinkingBot`, `--think-ms` a decision; slow: a few boards only).

A board's score is South's: contract bridge's duplicate score for North-South
(`duplicate.board_score`, with the board's vulnerability), Floating Bridge's points the seat earned
(`tricks` scoring, `floating.deal_points`). Each board is matchpointed across the field
(`duplicate.matchpoints`); the field is ranked by total matchpoints (ties share the place) and
rated by `ratings.rate_field`, the ratings carried from one tournament to the next. After the
last tournament each policy's ordinals are summed up (mean, standard deviation, range), and two
groups separate when the lowest ordinal of the stronger is above the highest of the weaker.

`--timing` also times `rate_field` on ranked fields of 2,000 and 10,000 entrants (tied in
threes), beside the library's model rating the whole field of 2,000 in one game.

    .venv/bin/python bench/ratings.py [--variant contract|floating] [--entrants random:16,basic:16]
                                      [--boards 8] [--tournaments 12] [--think-ms 50] [--workers 2]
                                      [--seed 1] [--timing]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from multiprocessing.pool import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "functions"))

from bridge import FLOATING, Deal, Settings, deal_hands  # noqa: E402
from bridge.contract import CONTRACT  # noqa: E402
from bridge.deal import Action, board_deal  # noqa: E402
from bridge.dealing import Board  # noqa: E402
from bridge.duplicate import board_score, matchpoints  # noqa: E402
from bridge.floating import TRICKS, deal_points  # noqa: E402
from bridge.ratings import MAX_GROUP, MODEL, Rating, rate_field  # noqa: E402
from bridge.thinking_bot import ThinkingBot  # noqa: E402
from bridge.variant import Variant  # noqa: E402

PLAYERS = ("n", "e", "s", "w")
SOUTH = 2
GAMES: Mapping[str, tuple[Variant, Settings]] = {
    "contract": (CONTRACT, Settings(variant="contract", scoring="duplicate")),
    "floating": (FLOATING, Settings(scoring=TRICKS)),
}
#: The policies, weakest first.
POLICIES = ("random", "basic", "thinking")

Policy = Callable[[Deal, random.Random], Action]


def policy(name: str, think_ms: float) -> Policy:
    """How an entrant of policy `name` acts when South is to act (South's own hand, or as
    declarer the dummy's)."""
    if name == "random":
        return lambda deal, rng: rng.choice(deal.legal_actions())
    if name == "basic":
        return lambda deal, rng: deal.bot_action()
    bot = ThinkingBot(think_ms)
    return lambda deal, rng: deal.bot_action(bot)


def boards(seed: int, tournament: int, count: int) -> tuple[Board, ...]:
    """The tournament's boards, numbered from 1 (dealer and vulnerability by number)."""
    return tuple(Board(number, deal_hands(random.Random(f"{seed}:{tournament}:{number}")))
                 for number in range(1, count + 1))


def south_score(game: str, board: Board, south: Policy, rng: random.Random) -> int:
    """South's score on `board` played to its end, South by `south`, the others by the variant's bot."""
    variant, settings = GAMES[game]
    deal = board_deal(variant, PLAYERS, settings, board)
    while not deal.is_finished:
        actor = deal.actor
        assert actor is not None
        deal = deal.act(actor, south(deal, rng) if actor == SOUTH else deal.bot_action(), rng)
    outcome = deal.outcome()
    if game == "contract":
        return board_score(board.number, outcome.contract if outcome else None,
                           outcome.declarer_tricks if outcome else 0)
    return deal_points(outcome, TRICKS)[SOUTH] if outcome else 0


Job = tuple[str, int, int, Board, str, str, float]


def _play(job: Job) -> int:
    game, seed, tournament, board, uid, name, think_ms = job
    rng = random.Random(f"{seed}:{tournament}:{board.number}:{uid}")  # the random policy's draws
    return south_score(game, board, policy(name, think_ms), rng)


def places(totals: Mapping[str, int]) -> list[tuple[str, int]]:
    """Each entrant's place by total, highest first; equal totals share the higher place."""
    return [(uid, 1 + sum(other > total for other in totals.values())) for uid, total in totals.items()]


def tournament(game: str, entrants: Mapping[str, str], count: int, seed: int, number: int, think_ms: float,
               pool: Pool | None = None) -> dict[str, int]:
    """Each entrant's total matchpoints over the tournament's `count` boards (`entrants`: uid to policy)."""
    dealt = boards(seed, number, count)
    jobs = [(game, seed, number, board, uid, name, think_ms) for board in dealt for uid, name in entrants.items()]
    scores = pool.map(_play, jobs, chunksize=4) if pool else list(map(_play, jobs))
    totals = dict.fromkeys(entrants, 0)
    for b in range(count):
        board_scores = scores[b * len(entrants):(b + 1) * len(entrants)]
        for uid, points in zip(entrants, matchpoints(board_scores), strict=True):
            totals[uid] += points
    return totals


def simulate(game: str, entrants: Mapping[str, str], count: int, tournaments: int, seed: int, think_ms: float = 50.0,
             pool: Pool | None = None) -> dict[str, Rating]:
    """Every entrant's rating after `tournaments` tournaments of `count` boards, all starting unrated."""
    ratings: dict[str, Rating] = {}
    for number in range(1, tournaments + 1):
        ratings = rate_field(places(tournament(game, entrants, count, seed, number, think_ms, pool)), ratings)
    return ratings


def separated(ratings: Mapping[str, Rating], entrants: Mapping[str, str], stronger: str, weaker: str) -> bool:
    """The lowest ordinal of policy `stronger`'s entrants is above the highest of `weaker`'s."""
    return (min(r.ordinal for uid, r in ratings.items() if entrants[uid] == stronger)
            > max(r.ordinal for uid, r in ratings.items() if entrants[uid] == weaker))


def summary(ratings: Mapping[str, Rating], entrants: Mapping[str, str]) -> dict[str, dict[str, float]]:
    """Each policy's ordinals (mean, standard deviation, lowest, highest) and mean mu and sigma."""
    out = {}
    for name in POLICIES:
        mine = [r for uid, r in ratings.items() if entrants[uid] == name]
        if mine:
            ordinals = [r.ordinal for r in mine]
            out[name] = {"entrants": len(mine), "ordinal_mean": round(statistics.fmean(ordinals), 3),
                         "ordinal_sd": round(statistics.pstdev(ordinals), 3), "ordinal_min": round(min(ordinals), 3),
                         "ordinal_max": round(max(ordinals), 3),
                         "mu_mean": round(statistics.fmean(r.mu for r in mine), 3),
                         "sigma_mean": round(statistics.fmean(r.sigma for r in mine), 3)}
    return out


def timing(seed: int) -> dict[str, float]:
    """Seconds for `rate_field` on fields of 2,000 and 10,000 (tied in threes, everyone rated
    before), and for the library's model rating a field of 2,000 in one game."""
    out: dict[str, float] = {}
    rng = random.Random(seed)
    for n in (2_000, 10_000):
        field = [(f"u{i:05d}", 1 + i - i % 3) for i in range(n)]
        before = {uid: Rating(rng.gauss(25, 3), rng.uniform(2, 8), 5) for uid, _ in field}
        start = time.perf_counter()
        rate_field(field, before)
        out[f"rate_field_{n}_s"] = round(time.perf_counter() - start, 3)
    teams = [[MODEL.rating()] for _ in range(2_000)]
    start = time.perf_counter()
    MODEL.rate(teams)
    out["full_model_2000_s"] = round(time.perf_counter() - start, 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=tuple(GAMES), default="contract")
    parser.add_argument("--entrants", default="random:16,basic:16", help="policy:count,... (random, basic, thinking)")
    parser.add_argument("--boards", type=int, default=8, help="boards a tournament")
    parser.add_argument("--tournaments", type=int, default=12)
    parser.add_argument("--think-ms", type=float, default=50.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timing", action="store_true", help="also time rate_field on 2,000 and 10,000 entrants")
    args = parser.parse_args()
    entrants: dict[str, str] = {}
    for part in args.entrants.split(","):
        name, count = part.split(":")
        assert name in POLICIES, name
        entrants.update({f"{name}-{i:03d}": name for i in range(int(count))})
    start = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        ratings = simulate(args.variant, entrants, args.boards, args.tournaments, args.seed, args.think_ms, pool)
    wall = time.perf_counter() - start
    groups = summary(ratings, entrants)
    present = [name for name in POLICIES if name in groups]
    separation = {f"{stronger}>{weaker}": separated(ratings, entrants, stronger, weaker)
                  for i, weaker in enumerate(present) for stronger in present[i + 1:]}
    print(f"{args.variant}: {len(entrants)} entrants ({args.entrants}), {args.tournaments} tournaments of "
          f"{args.boards} boards, South by the entrant's policy; {wall:.1f} s with {args.workers} workers")
    print("policy     n   ordinal mean    sd      min      max    mu mean  sigma mean")
    for name, g in groups.items():
        print(f"{name:8} {g['entrants']:3} {g['ordinal_mean']:9.3f} {g['ordinal_sd']:8.3f} {g['ordinal_min']:8.3f} "
              f"{g['ordinal_max']:8.3f} {g['mu_mean']:9.3f} {g['sigma_mean']:9.3f}")
    print("separated (every stronger entrant's ordinal above every weaker's): "
          + ", ".join(f"{pair} {'yes' if ok else 'no'}" for pair, ok in separation.items()))
    result: dict[str, object] = {"variant": args.variant, "entrants": args.entrants, "boards": args.boards,
                                 "tournaments": args.tournaments, "seed": args.seed, "wall_s": round(wall, 1),
                                 "max_group": MAX_GROUP, "policies": groups, "separated": separation}
    if args.timing:
        result["timing"] = times = timing(args.seed)
        print("rate_field: " + ", ".join(f"{key} {value}" for key, value in times.items()))
    print(json.dumps({"ratings": result}))


if __name__ == "__main__":
    main()
