"""The thinking bot as it was before it searched double-dummy (issue 15 to issue 35): the same
knowledge, layouts and candidates as `bridge.thinking_bot`, but each candidate judged by playing
the layout out with the bots' card policy (`card_play.policy_card`) instead of solving it. Kept
here, outside the engine, as the anchor bench/thinking_bot.py measures the new bot against
(`--against playout`). Its budget is cards played in playouts, `CARDS_PER_MS` a millisecond.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from bridge.card_play import policy_card
from bridge.cards import DECK, Card
from bridge.core import card_index, hand_mask, trick_winner
from bridge.deal import Action, SeatView
from bridge.thinking_bot import _same_run, _Search

#: Cards played in playouts that took about a millisecond when the bot was in production.
CARDS_PER_MS = 90
#: A sample cost about this many cards' work (dealing it, setting up the position).
SAMPLE_CARDS = 12
#: Layouts tried at most for one card.
MAX_SAMPLES = 400


@dataclass(frozen=True, slots=True)
class PlayoutBot:
    """A bot policy: the card with the best total over sampled layouts played out by the policy,
    `think_ms` of work a card; any other decision is the variant's bot's."""

    think_ms: float = 50.0

    def __call__(self, view: SeatView, legal: Sequence[Action]) -> Action:
        preferred = view.variant.bot(view, legal)
        if (view.trick is None or view.contract is None or view.variant.seats != 4
                or (view.partner is None and view.partner_card is None)):
            return preferred
        assert isinstance(preferred, Card)
        search = _Playouts(view, hand_mask(card for card in legal if isinstance(card, Card)))
        if len(search.candidates) < 2:
            return preferred
        return DECK[search.best(round(self.think_ms * CARDS_PER_MS), card_index(preferred))]


class _Playouts(_Search):
    def best(self, budget: int, preferred: int, steady: bool = False) -> int:
        candidates = self.candidates
        preferred = next((c for c in candidates if _same_run(c, preferred, self.elsewhere)), -1)
        totals = dict.fromkeys(candidates, 0.0)
        spent = samples = 0
        while spent < budget and samples < MAX_SAMPLES:
            layout = self._layout()
            if layout is None:
                break
            hands, partner = layout
            spent += SAMPLE_CARDS
            for candidate in candidates:
                value, cards = self._playout(hands, partner, candidate)
                totals[candidate] += value
                spent += cards
            samples += 1
        top = max(totals.values())
        best = [c for c in candidates if totals[c] == top]
        return preferred if preferred in best else best[0]

    def _playout(self, hands: tuple[int, ...], partner: int, candidate: int) -> tuple[float, int]:
        """Play `candidate`, then the deal out by the bots' policy with every hand known: what it
        is worth to the seat's side, and the cards played."""
        rules, trump = self.position.rules, self.trump
        declarers = (1 << self.declarer) | (1 << partner)
        core = self.position._replace(hands=hands, possible=1 << partner).play(candidate)
        cards = 1
        while not core.finished():
            seat = core.turn
            hand = core.hands[seat]
            legal = core.legal(hand)
            if legal & (legal - 1):
                ours = declarers if declarers >> seat & 1 else ~declarers
                out = 0
                for p in range(rules.seats):
                    if not ours >> p & 1:
                        out |= core.hands[p]
                trick = core.trick
                ally = bool(trick) and ours >> ((core.leader + trick_winner(trick, trump)) % rules.seats) & 1 == 1
                card = policy_card(legal, hand, out, trick, ally, trump)
            else:
                card = legal.bit_length() - 1
            core = core.play(card)
            cards += 1
        ours, theirs = core.side_tricks(partner)
        if declarers >> self.view.position & 1:
            return 100.0 * (ours >= rules.target) + ours, cards
        return 100.0 * (ours < rules.target) + theirs, cards
