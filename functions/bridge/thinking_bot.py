"""The thinking bot: card play by sampling search, in the style of GIB (SPEC §10).

For a card with a real choice, it deals the cards its seat cannot see many times over, each time
consistently with everything the seat knows, plays every candidate card in every such layout and
the rest of the deal out, and plays the candidate that did best for its side on average:

- **What it knows** (the seat's `SeatView` alone): its hand, the dummy's once shown, the cards
  played, how many cards each seat still holds, every suit a seat has shown out of, and in
  Floating Bridge that the declarer does not hold the unplayed partner card (it is named from
  outside the declarer's hand) nor does a seat that has shown out of its suit. The auction's
  message is not modelled.
- **Samples**: the unseen cards dealt to the hidden seats, the most constrained first, each card
  to a seat that may hold it with chances in proportion to the cards the seat still needs.
- **Candidates**: the legal cards, one of each run of cards equivalent in the hand they are played
  from (no card still out elsewhere between them).
- **Playouts** through the engine's core (`core.PlayCore`): every seat then plays the bots' card
  policy (`card_play.policy_card`) knowing the sampled layout and the sides. A layout is worth,
  to the seat's side, whether the side reached its goal (made or defeated the contract) first and
  its tricks second.
- **Budget**: `think_ms` of this machine's time, counted as work, not read off a clock: the cards
  played in playouts, `CARDS_PER_MS` a millisecond (bench/thinking_bot.py measures the time it
  takes). Whole rounds (one more layout for every candidate) are played until the budget is
  spent. The sampling's randomness is seeded from a digest of the view. So the same view always
  gives the same choice, whatever the hidden cards are, on a loaded machine as on an idle one.
- **Time** (`steady`, a room's bots): the work a search needs depends on the bot's own cards (how
  many real choices it has; none for a forced card), and a person waiting on a call in which bots
  play could time it. So a steady bot does the same work for every card, playing out layouts whose
  results it does not use up to the budget plus the most a round of samples can cost (by what the
  table knows), and then waits out the rest of `think_ms`: every card takes `think_ms`, or on a
  machine too slow for the work, the time that machine takes for the same work.

The auction and the partner card are the variant's own bot's (`Variant.bot`), as are Memory
Bridge's plays and a play with one real choice.
"""
from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .card_play import ALL_CARDS, policy_card
from .cards import DECK, Card
from .core import NO_TRUMP, SUIT_MASKS, PlayCore, Rules, card_index, hand_mask, trick_winner
from .deal import Action, SeatView

#: Cards played in playouts that take about a millisecond on the machine the budget was set on
#: (bench/thinking_bot.py prints the time per card it takes).
CARDS_PER_MS = 90
#: A sample costs about this many cards' work (dealing it, setting up the position).
SAMPLE_CARDS = 12
#: Layouts tried at most for one card (past this the answer no longer moves).
MAX_SAMPLES = 400
#: Tries at dealing a layout consistent with the shown-out suits before the bot plays by its
#: policy alone (never seen to happen: each try rarely fails).
DEAL_TRIES = 50


@dataclass(frozen=True, slots=True)
class ThinkingBot:
    """A bot policy (`Variant.bot`'s signature) that thinks `think_ms` a card, by sampling search
    in fixed-partnership and partner-card games of four; any other decision is the variant's bot's.

    `steady`: every card it plays in such a game takes the same work (forced cards included:
    see `_Search.best`) and then at least `think_ms` of wall time, waiting out the rest. How long
    a bot takes then tells nobody anything about its hand (the search's own work depends on the
    cards it holds). A room's bots are steady; benchmarks and tests that only want the choice
    are not."""

    think_ms: float = 50.0
    steady: bool = False

    def __call__(self, view: SeatView, legal: Sequence[Action]) -> Action:
        trick, contract = view.trick, view.contract
        if (trick is None or contract is None or view.variant.seats != 4
                or (view.partner is None and view.partner_card is None)):
            return view.variant.bot(view, legal)
        started = time.perf_counter()
        card = self._card(view, legal)
        if self.steady:
            time.sleep(max(0.0, self.think_ms / 1000 - (time.perf_counter() - started)))
        return card

    def _card(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The searched card, or with no real choice the policy's (a steady bot still does the
        search's work)."""
        preferred = view.variant.bot(view, legal)
        assert isinstance(preferred, Card)  # a card is being played
        search = _Search(view, hand_mask(card for card in legal if isinstance(card, Card)))
        if len(search.candidates) < 2 and not self.steady:
            return preferred
        best = search.best(round(self.think_ms * CARDS_PER_MS), card_index(preferred), self.steady)
        return DECK[best] if len(search.candidates) > 1 else preferred


#: The bots of a room whose `botLevel` setting is `thinking`: steady, so that their time at the
#: table depends on nothing but the cards they play.
THINKING_BOT = ThinkingBot(steady=True)


class _Search:
    """One decision's knowledge, candidates and playouts."""

    def __init__(self, view: SeatView, legal: int) -> None:
        variant, contract, trick = view.variant, view.contract, view.trick
        assert contract is not None and trick is not None
        self.view = view
        seats = variant.seats
        self.seat = (trick.leader + len(trick.plays)) % seats
        self.declarer = contract.declarer
        trump = contract.trump
        self.trump = NO_TRUMP if trump is None else int(trump)
        known = {view.position: hand_mask(view.hand)}
        if view.dummy is not None:
            known[view.dummy[0]] = hand_mask(view.dummy[1])
        self.known = known
        played = 0
        counts = [variant.hand_size] * seats
        voids = [0] * seats
        for each in (*view.tricks, trick):
            led = each.led_suit
            for play in each.plays:
                played |= 1 << card_index(play.card)
                counts[play.position] -= 1
                if led is not None and play.card.suit != led:
                    voids[play.position] |= 1 << led
        self.counts, self.voids = counts, voids
        self.hidden = tuple(p for p in range(seats) if p not in known)
        self.unseen = ALL_CARDS & ~played
        for cards in known.values():
            self.unseen &= ~cards
        self.partner_card = -1
        self.partner = -1
        if view.partner is not None:  # known to the table (with fixed sides, at once)
            self.partner = view.partner
        else:  # a partner card not yet played
            assert view.partner_card is not None
            card = card_index(view.partner_card)
            if known[view.position] >> card & 1:
                self.partner = view.position
            else:
                self.partner_card = card  # held by a hidden seat: the sample decides which
        rules = Rules(seats, self.trump, variant.play.trump_must_be_broken and trump is not None, variant.hand_size,
                      self.declarer, contract.target, contract.defender_target, variant.early_end)
        #: The position as the seat sees it (tricks won, trump broken, the trick in progress): the
        #: tricks replayed through the core with the hands it knows; each layout fills in the rest.
        self.position = PlayCore.start(rules, tuple(known.get(p, 0) for p in range(seats)), trick.leader).replayed(
            (each.leader, (card_index(play.card) for play in each.plays)) for each in (*view.tricks, trick))
        #: Cards out of the hand played from: what separates its runs of equivalent cards.
        self.elsewhere = self.unseen | sum(m for p, m in known.items() if p != self.seat)
        self.candidates = _distinct(legal, self.elsewhere)
        seed = hashlib.sha256(repr((view.position, view.hand, view.dummy, view.calls, view.partner_card,
                                    view.partner, view.tricks, view.trick)).encode()).digest()
        self.rng = random.Random(int.from_bytes(seed[:16], "big"))
        #: Cards of work the last `best` spent.
        self.spent = 0

    def best(self, budget: int, preferred: int, steady: bool = False) -> int:
        """The candidate with the best total over whole rounds of samples (one more layout for
        every candidate) until `budget` cards of work are spent; of equals, `preferred` (the
        policy's card) if it is one, else the lowest card. `steady`: then play out layouts whose
        results are not used until the work reaches `budget` plus the most a round can cost by
        what the table knows (a sample, and each card of the hand played out to the end of the
        deal), so that the work (`spent`) does not depend on the candidates."""
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
        steady_work = budget + SAMPLE_CARDS + self.counts[self.seat] * sum(self.counts)
        while steady and spent < steady_work and (layout := self._layout()) is not None:
            spent += SAMPLE_CARDS + self._playout(*layout, candidates[0])[1]
        self.spent = spent
        top = max(totals.values())
        best = [c for c in candidates if totals[c] == top]
        return preferred if preferred in best else best[0]

    def _layout(self) -> tuple[tuple[int, ...], int] | None:
        """The hidden seats' cards dealt at random consistently with what the seat knows, and the
        declarer's partner in that layout."""
        rng, hidden, voids = self.rng, self.hidden, self.voids
        cards = [c for c in range(52) if self.unseen >> c & 1]
        for _ in range(DEAL_TRIES):
            need = {p: self.counts[p] for p in hidden}
            hands = dict.fromkeys(hidden, 0)
            partner = self.partner
            rest = cards
            if self.partner_card >= 0:
                suit_bit = 1 << (self.partner_card // 13)
                holders = [p for p in hidden if p != self.declarer and need[p] and not voids[p] & suit_bit]
                if not holders:
                    return None
                partner = _weighted(rng, holders, need)
                hands[partner] |= 1 << self.partner_card
                need[partner] -= 1
                rest = [c for c in cards if c != self.partner_card]
            rng.shuffle(rest)
            rest.sort(key=lambda c: sum(1 for p in hidden if not voids[p] >> (c // 13) & 1))
            for card in rest:
                suit_bit = 1 << (card // 13)
                seats = [p for p in hidden if need[p] and not voids[p] & suit_bit]
                if not seats:
                    break
                seat = _weighted(rng, seats, need)
                hands[seat] |= 1 << card
                need[seat] -= 1
            else:
                full = {**self.known, **hands}
                return tuple(full[p] for p in range(self.position.rules.seats)), partner
        return None

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


def _same_run(a: int, b: int, elsewhere: int) -> bool:
    """Cards `a` and `b` of one hand are equivalent: of one suit, no card of `elsewhere` between them."""
    low, high = min(a, b), max(a, b)
    return a // 13 == b // 13 and not ((1 << high) - 1) & ~((2 << low) - 1) & elsewhere


def _distinct(legal: int, elsewhere: int) -> tuple[int, ...]:
    """One card (the lowest) of each run of `legal` cards with no card of `elsewhere` between them."""
    runs: list[int] = []
    for suit in range(4):
        cards = legal & SUIT_MASKS[suit]
        last = -1
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            if last < 0 or not _same_run(last, card, elsewhere):
                runs.append(card)
            last = card
            cards ^= low
    return tuple(runs)


def _weighted(rng: random.Random, seats: list[int], need: dict[int, int]) -> int:
    """One of `seats`, each as likely as the cards it still needs."""
    pick = rng.randrange(sum(need[p] for p in seats))
    for seat in seats:
        pick -= need[seat]
        if pick < 0:
            return seat
    raise AssertionError("unreachable: the picks add up to the total")
