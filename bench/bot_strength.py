"""How well the bot plays Floating Bridge (SPEC §10): engine deals, no emulators.

Two bots sit opposite each other against two other players, the seats rotating from deal to
deal (deal i: bots at i % 4 and i % 4 + 2, dealer i % 4); every deal is played to its end.
Opponents: "random" (random legal calls, biased to pass so that contracts of every level come
up; random legal partner cards and cards) and "passive" (always passes, plays its lowest legal
card; names its highest missing trump if it ever declares).

In Floating Bridge the sides are formed in each deal (the declarer and the holder of the partner
card), so the figure that answers "does the bot beat them" counts the deals whose two sides were
the two bots against the two others; the bots' share of those deals is printed with a 95 %
Wilson interval. Also printed: the share of all deals won by each bot and each other player.

    .venv/bin/python bench/bot_strength.py [--deals 2000] [--seed 1]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge import FLOATING, PASS, Card, Deal, Settings, new_deal
from bridge.deal import Action

PLAYERS = ("p0", "p1", "p2", "p3")
Player = Callable[[Deal, random.Random], Action]


def bot(deal: Deal, rng: random.Random) -> Action:
    return deal.bot_action()


def random_player(deal: Deal, rng: random.Random) -> Action:
    legal: Sequence[Action] = deal.legal_actions()
    if deal.contract is None:
        return PASS if len(legal) == 1 or rng.random() < 0.7 else rng.choice(list(legal[1:4]))
    return rng.choice(list(legal))


def passive_player(deal: Deal, rng: random.Random) -> Action:
    legal = deal.legal_actions()
    if deal.contract is None:
        return PASS
    if deal.partner_card is None:
        return deal.bot_action()  # never reached: it never bids
    cards = [a for a in legal if isinstance(a, Card)]
    return min(cards, key=lambda card: (card.rank, card.suit))


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(deals: int, seed: int, opponent: Player) -> dict[str, object]:
    rng = random.Random(seed)
    clean = clean_bot_wins = 0
    bot_wins = other_wins = 0
    for i in range(deals):
        bots = {i % 4, (i + 2) % 4}
        players = [bot if p in bots else opponent for p in range(4)]
        deal = new_deal(FLOATING, PLAYERS, Settings(), i % 4, rng)
        while not deal.is_finished:
            turn = deal.turn
            assert turn is not None
            deal = deal.act(turn, players[turn](deal, rng), rng)
        outcome = deal.outcome()
        assert outcome is not None
        winners = set(outcome.winners)
        bot_wins += len(winners & bots)
        other_wins += len(winners - bots)
        if {outcome.declarer, outcome.partner} in (bots, set(range(4)) - bots):
            clean += 1
            clean_bot_wins += winners == bots
    low, high = wilson(clean_bot_wins, clean)
    return {
        "deals": deals,
        "bots_vs_others_deals": clean,
        "bots_won": clean_bot_wins,
        "bot_share": round(clean_bot_wins / clean, 4) if clean else None,
        "bot_share_ci95": [round(low, 4), round(high, 4)],
        "deal_wins_per_bot": round(bot_wins / (2 * deals), 4),
        "deal_wins_per_other": round(other_wins / (2 * deals), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {name: run(args.deals, args.seed, player)
               for name, player in (("random", random_player), ("passive", passive_player))}
    print(f"Bot strength over {args.deals} engine deals per opponent, seats rotated")
    print("opponent  deals bots-vs-them  bots won  share   95% CI          wins/deal: bot  other")
    for name, r in results.items():
        low, high = r["bot_share_ci95"]  # type: ignore[misc]
        print(f"{name:8} {r['deals']:6} {r['bots_vs_others_deals']:13} {r['bots_won']:9}  {r['bot_share']:.3f}  "
              f"[{low:.3f}, {high:.3f}]   {r['deal_wins_per_bot']:.3f}  {r['deal_wins_per_other']:.3f}")
    print(json.dumps({"bot_strength": results}))


if __name__ == "__main__":
    main()
