"""The thinking bot: bidding and card play by sampling and double-dummy search, in the style of
GIB (SPEC §10).

**Card play.** For a card with a real choice, it deals the cards its seat cannot see many times
over, each time consistently with everything the seat knows, solves every candidate card in every
such layout double-dummy (the native solver, `ddsolver`) and plays the candidate worth most to its
side over the layouts:

- **What it knows** (the seat's `SeatView` alone): its hand, the dummy's once shown, the cards
  played, how many cards each seat still holds, every suit a seat has shown out of, and in
  Floating Bridge that the declarer does not hold the unplayed partner card (it is named from
  outside the declarer's hand) nor does a seat that has shown out of its suit; and what the
  auction said, read under the bots' own bidding system (`Variant.bot`): the hand with which the
  bot would have made each hidden bidder's calls.
- **Samples**: the unseen cards dealt to the hidden seats, the most constrained first, each card
  to a seat that may hold it with chances in proportion to the cards the seat still needs; then
  fitted to the auction, not rejected: cards swapped between hidden seats while no bidder's calls
  get further from the bot's (`_Search._fit`), up to `FIT_SWAPS` swaps.
- **Candidates**: the legal cards, one of each run of cards equivalent in the hand they are played
  from (no card still out elsewhere between them).
- **Each candidate in each layout**: played, then the rest of the deal valued double-dummy, every
  hand known and the sides those of the layout. In a game with a `worth` (`Variant.worth`:
  contract bridge's duplicate score, TigerBridge's set points, Memory Bridge's points), the worth
  to the seat's side of the tricks the declarer's side takes against the best play, counted
  exactly by MTD(f): null-window questions closing in from the count the layout's previous
  candidate had (or the side's goal). In a game without one (Floating Bridge: a deal is won or
  lost), 1 if the seat's side can still take the tricks it needs (the declarer's side its target,
  the defenders theirs) and 0 if not: one question, at the goal. One solver per side a decision
  meets, its transposition table shared by the decision's layouts and candidates (and by no other
  decision). Of candidates worth as much, the card policy's choice (`Variant.bot`) if it is one of
  them, else the lowest.
- **Budget**: `WORK_SHARE` of `think_ms` of this machine's time, counted as work, not read off a
  clock: the solver's nodes, `NODES_PER_MS` a millisecond, and the rest of the work in the nodes
  it takes the time of (`QUESTION_NODES` a question, `LAYOUT_NODES` a layout dealt,
  `REPLAY_NODES` a call replayed to fit one). Whole layouts (every candidate solved) are counted
  until the budget runs out; the layout it runs out in is not. The sampling's randomness is seeded
  from a digest of the view, and each question's work is the solver's, which depends only on the
  questions asked: the same view always gives the same choice, whatever the hidden cards are, on
  a loaded machine as on an idle one.
- **Time** (`steady`, a room's bots): the work a search needs depends on the bot's own cards (how
  many real choices it has; none for a forced card), and a person waiting on a call in which bots
  play could time it. So a steady bot spends the whole budget on every card, forced ones
  included: what the search leaves is spent on a fixed question asked with that many nodes
  (`_spend`), and then it waits out the rest of `think_ms`. Every card takes `think_ms`, or on a
  machine too slow for the work, the time that machine takes for the same work.

**Bidding and the partner card** (`_Simulation`). The calls worth weighing are the bidding
system's own (the variant's bot's), passing, doubling where it may, and bidding one level higher
in the system's strain, and any the game adds (`Variant.alternatives`: Floating Bridge's and
Memory Bridge's bid in the longest suit where the system passes, Floating Bridge's partner
cards). In each layout of the hidden hands, dealt to fit the auction so far as above, each is
followed by the rest of the auction as the system bids it (every seat by the variant's bot, this
one's later calls included, and the partner card where the game has one); the contract reached
is solved double-dummy from its opening lead (can the declarer's side take its target?), and
valued for the seat's side by the variant's `worth` (contract bridge's duplicate score, not
vulnerable; TigerBridge's set points; Memory Bridge's points; else reaching the target, 1 or
-1), made as bid or one trick short. The one worth most on average wins if its gain over the
system's, layout by layout, is clear (`CLEAR` standard errors); else the system's. The budget,
seeding and steadiness are the card play's.

Memory Bridge's first-half plays and a play with one real choice are the variant's own bot's
(`Variant.bot`).
"""
from __future__ import annotations

import functools
import hashlib
import math
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ddsolver import Search

from .bids import DOUBLE, PASS, Bid
from .card_play import ALL_CARDS
from .cards import DECK, Card
from .core import NO_TRUMP, SUIT_MASKS, PlayCore, Rules, card_index, hand_mask
from .deal import Action, Bidding, Deal, Outcome, PassedOut, SeatView
from .settings import Settings

#: Work is counted in solver nodes (a node: a card tried in the search). Nodes that take about a
#: millisecond on the machine the budget was set on (whole decisions timed with one other process
#: running: the median decision's work then takes about 80 ms of the 75 budgeted, the 99th
#: percentile under 200; bench/thinking_bot.py prints the time per card and call it takes), and
#: the other work of a decision in the nodes it takes the time of: a question (playing the
#: candidate, setting up the search), dealing a layout, replaying a call to fit one.
NODES_PER_MS = 2200
QUESTION_NODES = 200
LAYOUT_NODES = 1000
REPLAY_NODES = 40
#: The share of `think_ms` the work is set to take, the rest left for the machine's moods (a
#: steady bot waits out whatever the work leaves of `think_ms`).
WORK_SHARE = 0.75
#: Swaps tried at most to fit a layout to the auction (`_Search._fit`).
FIT_SWAPS = 150
#: How many standard errors a proposal's mean gain over the system's call must clear.
CLEAR = 1.5
#: Layouts judged at most for one call.
MAX_CALL_SAMPLES = 100
#: Layouts solved at most for one card (past this the answer no longer moves).
MAX_SAMPLES = 200
#: Tries at dealing a layout consistent with the shown-out suits before the bot plays by its
#: policy alone (never seen to happen: each try rarely fails).
DEAL_TRIES = 50
#: The seats of the games the solver plays (`ddsolver.Search`).
SOLVER_SEATS = (2, 4)
#: Entries of a decision's transposition tables at most (each grows only as its searches need).
TABLE_LIMIT = 1 << 18


@dataclass(frozen=True, slots=True)
class ThinkingBot:
    """A bot policy (`Variant.bot`'s signature) that thinks `think_ms` a decision, by sampling and
    double-dummy search, in the auction and the card play after it of games of two or four seats
    (the solver's); any other decision is the variant's bot's.

    `steady`: every call and card it makes in such a game takes the same work (forced cards and
    calls with nothing to weigh included: see `_Search.best`, `_Simulation.best`) and then at least
    `think_ms` of wall time, waiting out the rest. How long
    a bot takes then tells nobody anything about its hand (the search's own work depends on the
    cards it holds). A room's bots are steady; benchmarks and tests that only want the choice
    are not."""

    think_ms: float = 100.0
    steady: bool = False

    def __call__(self, view: SeatView, legal: Sequence[Action]) -> Action:
        trick, contract = view.trick, view.contract
        if view.variant.seats not in SOLVER_SEATS:
            return view.variant.bot(view, legal)
        if trick is None and legal and (contract is None or view.partner_card is None):
            think = self._before_play  # a call, or the partner card
        elif trick is not None and contract is not None and (view.partner is not None
                                                             or view.partner_card is not None):
            think = self._card
        else:
            return view.variant.bot(view, legal)
        started = time.perf_counter()
        action = think(view, legal)
        if self.steady:
            time.sleep(max(0.0, self.think_ms / 1000 - (time.perf_counter() - started)))
        return action

    @property
    def budget(self) -> int:
        """The work of one decision, in nodes (`NODES_PER_MS`)."""
        return round(self.think_ms * WORK_SHARE * NODES_PER_MS)

    def _before_play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The call (or partner card) the simulation found best (`_Simulation`), the system's with
        no other worth weighing (a steady bot still does the simulation's work)."""
        preferred = view.variant.bot(view, legal)
        simulation = _Simulation(view, legal, preferred)
        if len(simulation.proposals) < 2 and not self.steady:
            return preferred
        return simulation.best(self.budget, self.steady)

    def _card(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The searched card, or with no real choice the policy's (a steady bot still does the
        search's work)."""
        preferred = view.variant.bot(view, legal)
        assert isinstance(preferred, Card)  # a card is being played
        search = _Search(view, hand_mask(card for card in legal if isinstance(card, Card)))
        if len(search.candidates) < 2 and not self.steady:
            return preferred
        best = search.best(self.budget, card_index(preferred), self.steady)
        return DECK[best] if len(search.candidates) > 1 else preferred


#: The bots of a room whose `botLevel` setting is `thinking`: steady, so that their time at the
#: table depends on nothing but the cards they play.
THINKING_BOT = ThinkingBot(steady=True)


class _Layouts:
    """What a seat knows of the cards it cannot see (`SeatView`), and layouts of them dealt to fit
    it (`_layout`): in card play or in the auction."""

    def __init__(self, view: SeatView) -> None:
        variant, trick = view.variant, view.trick
        self.view = view
        seats = variant.seats
        known = {view.position: hand_mask(view.hand)}
        if view.dummy is not None:
            known[view.dummy[0]] = hand_mask(view.dummy[1])
        self.known = known
        played = 0
        for each in view.first_tricks:  # a first half's cards (Memory Bridge's) are out of play
            for play in each.plays:
                played |= 1 << card_index(play.card)
        counts = [variant.hand_size] * seats
        voids = [0] * seats
        #: The cards each seat has played to this deal's tricks.
        self.played_by = [0] * seats
        for each in (*view.tricks, *(() if trick is None else (trick,))):
            led = each.led_suit
            for play in each.plays:
                played |= 1 << card_index(play.card)
                self.played_by[play.position] |= 1 << card_index(play.card)
                counts[play.position] -= 1
                if led is not None and play.card.suit != led:
                    voids[play.position] |= 1 << led
        self.counts, self.voids = counts, voids
        self.hidden = tuple(p for p in range(seats) if p not in known)
        #: The hidden seats whose calls a layout is fitted to (`_fit`), and the cards each may not
        #: be given in a swap (those of the suits it has shown out of).
        self.bidders = tuple(p for p in self.hidden
                             if len(self.hidden) > 1 and any(c.position == p for c in view.calls))
        self.barred = [sum(SUIT_MASKS[suit] for suit in range(4) if voids[p] >> suit & 1) for p in range(seats)]
        self.unseen = ALL_CARDS & ~played
        for cards in known.values():
            self.unseen &= ~cards
        self.partner_card = -1
        self.partner = -1
        if view.partner is not None:  # known to the table (with fixed sides, at once)
            self.partner = view.partner
        elif view.partner_card is not None:  # a partner card not yet played
            card = card_index(view.partner_card)
            if known[view.position] >> card & 1:
                self.partner = view.position
            else:
                self.partner_card = card  # held by a hidden seat: the sample decides which
        seed = hashlib.sha256(repr((view.position, view.hand, view.dummy, view.calls, view.partner_card,
                                    view.partner, view.tricks, view.trick)).encode()).digest()
        self.rng = random.Random(int.from_bytes(seed[:16], "big"))
        #: Each bidder's calls with the view and the legal calls it had when it made each (its
        #: hand left empty: `_misses` puts a layout's in, the rest of the view being the auction's
        #: alone), from the auction replayed in a deal of no cards (no auction rule reads a hand).
        self.auction: dict[int, list[tuple[SeatView, tuple[Action, ...], Action]]] = {p: [] for p in self.bidders}
        self.settings, self.players = Settings(variant=variant.name), tuple(f"p{p}" for p in range(seats))
        for i, entry in enumerate(view.calls):
            if entry.position in self.auction:
                then = Deal(variant, self.settings, self.players, view.dealer, ((),) * seats,
                            Bidding(view.calls[:i]))
                self.auction[entry.position].append((then.view(entry.position), then.legal_actions(), entry.call))
        #: Replays of a call (`_misses`) since the last layout began: work charged to the budget.
        self.replays = 0
        #: Nodes of work the last `best` spent, and what is left of its budget while it works.
        self.spent = self.left = 0
        #: The decision's solvers, by trump, side (a bit a seat) and lead rule (`_ask`).
        self.solvers: dict[tuple[int, int, bool], Search] = {}

    def _layouts(self, budget: int, most: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Layouts (`_layout`) while `budget` nodes of work last, `most` at most, each charged
        for its dealing and fitting. `left` is what remains of the budget: the questions asked
        of a layout draw on it too (`_charge`), and a layout whose questions ran out of it is the
        last."""
        self.left = budget
        for _ in range(most):
            if self.left <= 0:
                return
            self.replays = 0
            layout = self._layout()
            if layout is None:
                return
            self._charge(LAYOUT_NODES + REPLAY_NODES * self.replays)
            yield layout

    def _charge(self, nodes: int) -> None:
        """Take `nodes` of work from what is left of the budget (no further than nothing)."""
        self.left -= min(nodes, self.left)

    def _close(self, budget: int, steady: bool) -> None:
        """The decision's work is done: a steady bot spends the rest of `budget` (`_spend`), so
        that the work (`spent`) does not depend on the cards."""
        if steady and self.left > 0:
            self._charge(_spend(self.left))
        self.spent = budget - self.left

    def _ask(self, core: PlayCore, side: int, beta: int) -> int | None:
        """A bound at `beta` on the tricks the seats of `side` take of those left in `core`
        (`ddsolver.Search.bound`) on what is left of the budget, its nodes charged to it; None if it
        ran out first. The decision's solver for the position's trump, side and lead rule answers:
        its transposition table is shared by the decision's layouts and candidates, and by no other
        decision."""
        rules = core.rules
        key = (rules.trump, side, rules.must_break)
        search = self.solvers.get(key)
        if search is None:
            search = self.solvers[key] = Search(rules.seats, rules.trump, side, rules.must_break, TABLE_LIMIT)
        bound = search.bound(core.hands, core.leader, core.trick, core.broken, beta, self.left)
        self._charge(search.nodes)
        return None if bound < 0 else bound

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
                declarer = self.view.contract.declarer if self.view.contract else -1
                holders = [p for p in hidden if p != declarer and need[p] and not voids[p] & suit_bit]
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
                full = {**self.known, **self._fit(hands)}
                return tuple(full[p] for p in range(self.view.variant.seats)), partner
        return None

    def _fit(self, hands: dict[int, int]) -> dict[int, int]:
        """Deal to fit the auction: swap cards between the hidden seats (each swap keeping every
        seat's count, shown-out suits and the partner card where they are) while no bidder's
        calls get further from those the variant's bot would have made with its hand, until
        every bidder's are (`_misses`) or `FIT_SWAPS` swaps were tried: the closest fit found.
        The auction is read under the bots' own system, whoever made the calls."""
        bidders, rng = self.bidders, self.rng
        misses = {p: self._misses(p, hands[p]) for p in bidders}
        fixed = ~(1 << self.partner_card) if self.partner_card >= 0 else -1
        for _ in range(FIT_SWAPS):
            wrong = [p for p in bidders if misses[p]]
            if not wrong:
                break
            a = rng.choice(wrong)
            b = rng.choice([p for p in self.hidden if p != a])
            give = _bits(hands[a] & fixed & ~self.barred[b])
            take = _bits(hands[b] & fixed & ~self.barred[a])
            if not give or not take:
                continue
            swap = 1 << rng.choice(give) | 1 << rng.choice(take)
            new_a, new_b = hands[a] ^ swap, hands[b] ^ swap
            miss_a = self._misses(a, new_a)
            miss_b = self._misses(b, new_b) if b in misses else 0
            if miss_a + miss_b <= misses[a] + misses.get(b, 0):
                hands = {**hands, a: new_a, b: new_b}
                misses[a] = miss_a
                if b in misses:
                    misses[b] = miss_b
        return hands

    def _misses(self, seat: int, hand: int) -> int:
        """How many of `seat`'s calls the variant's bot would not have made holding `hand` now
        (and the cards it has played), each call replayed from the auction as it stood."""
        dealt = tuple(DECK[c] for c in range(52) if (hand | self.played_by[seat]) >> c & 1)
        bot = self.view.variant.bot
        misses = 0
        for then, legal, call in self.auction[seat]:
            self.replays += 1
            misses += bot(SeatView(then.variant, seat, dealt, then.dealer, then.calls, None, None, None, None, ()),
                          legal) != call
        return misses


class _Search(_Layouts):
    """One card's decision: its candidates, and each judged double-dummy in layouts."""

    def __init__(self, view: SeatView, legal: int) -> None:
        super().__init__(view)
        variant, contract, trick = view.variant, view.contract, view.trick
        assert contract is not None and trick is not None
        seats = variant.seats
        self.seat = (trick.leader + len(trick.plays)) % seats
        self.declarer = contract.declarer
        trump = contract.trump
        self.trump = NO_TRUMP if trump is None else int(trump)
        known = self.known
        rules = Rules(seats, self.trump, variant.play.trump_must_be_broken and trump is not None, variant.hand_size,
                      self.declarer, contract.target, contract.defender_target, variant.early_end)
        #: The position as the seat sees it (tricks won, trump broken, the trick in progress): the
        #: tricks replayed through the core with the hands it knows; each layout fills in the rest.
        self.position = PlayCore.start(rules, tuple(known.get(p, 0) for p in range(seats)), trick.leader).replayed(
            (each.leader, (card_index(play.card) for play in each.plays)) for each in (*view.tricks, trick))
        #: Cards out of the hand played from: what separates its runs of equivalent cards.
        self.elsewhere = self.unseen | sum(m for p, m in known.items() if p != self.seat)
        self.candidates = _distinct(legal, self.elsewhere)

    def best(self, budget: int, preferred: int, steady: bool = False) -> int:
        """The candidate worth most to the seat's side summed over layouts (`_value`), counting
        whole layouts (every candidate solved) until `budget` nodes of work are spent; of equals,
        `preferred` (the policy's card) if it is one, else the lowest card. `steady`: then the rest
        of the budget is spent too (`_spend`), so that the work (`spent`) does not depend on the
        cards."""
        candidates = self.candidates
        preferred = next((c for c in candidates if _same_run(c, preferred, self.elsewhere)), -1)
        totals = dict.fromkeys(candidates, 0)
        for layout in self._layouts(budget, MAX_SAMPLES):
            values = []
            guess = -1
            for candidate in candidates:
                self._charge(QUESTION_NODES)
                answer = self._value(*layout, candidate, guess)
                if answer is None:
                    break
                values.append(answer[0])
                guess = answer[1]
            else:
                for candidate, value in zip(candidates, values, strict=True):
                    totals[candidate] += value
        self._close(budget, steady)
        top = max(totals.values())
        best = [c for c in candidates if totals[c] == top]
        return preferred if preferred in best else best[0]

    def _value(self, hands: tuple[int, ...], partner: int, candidate: int, guess: int) -> tuple[int, int] | None:
        """Play `candidate` in the layout `hands` (the declarer's partner `partner`), every hand
        known: what the deal is then worth to the seat's side against the best defence, the
        variant's `worth` of the tricks the declarer's side takes (each trick counts: TigerBridge's
        set points, contract bridge's overtricks and undertricks), or with none whether the side
        reaches its goal (1 or 0); and the tricks of those left that the seat's side takes, where
        they were counted (the next candidate's `guess`; -1: none yet). Tricks are counted exactly
        by MTD(f) (null-window questions, `ddsolver.Search.bound`, from the guess or the goal on);
        the goal alone takes one question. The nodes are charged to the budget; None if it ran
        out first."""
        rules, contract = self.position.rules, self.view.contract
        assert contract is not None
        declarers = (1 << self.declarer) | (1 << partner)
        core = self.position._replace(hands=hands, possible=1 << partner).play(candidate)
        declarer_tricks, defender_tricks = core.side_tricks(partner)
        ours = bool(declarers >> self.view.position & 1)
        left = rules.hand_size - core.tricks
        goal = rules.target - declarer_tricks if ours else rules.defender_target - defender_tricks
        worth = self.view.variant.worth
        if worth is None and not 0 < goal <= left:
            return int(goal <= 0), guess
        side = declarers if ours else ~declarers & ((1 << rules.seats) - 1)
        ask = functools.partial(self._ask, core, side)
        if worth is None:  # the goal reached or not is all
            bound = ask(goal)
            return None if bound is None else (int(bound >= goal), guess)
        lower, upper = 0, left
        estimate = min(max(guess if guess >= 0 else goal, 1), left)
        while lower < upper:
            beta = min(max(estimate, lower + 1), upper)
            bound = ask(beta)
            if bound is None:
                return None
            lower, upper = (bound, upper) if bound >= beta else (lower, bound)
            estimate = bound
        declarer_tricks += lower if ours else left - lower
        value = worth(Outcome(self.declarer, partner, contract, declarer_tricks, rules.hand_size - declarer_tricks,
                              rules.seats))
        return (value if ours else -value), lower


class _Simulation(_Layouts):
    """One decision before the play (a call, or the partner card): the actions worth weighing
    (`proposals`), each judged in layouts dealt to fit the auction so far: the auction finished
    by the bots' own system (the variant's bot in every seat, this one's later calls included,
    and the partner card where the game has one), then the contract solved double-dummy from the
    opening lead (can the declarer's side take its target?), and the result valued for the
    seat's side by the variant's `worth`."""

    def __init__(self, view: SeatView, legal: Sequence[Action], preferred: Action) -> None:
        super().__init__(view)
        self.proposals: tuple[Action, ...] = _proposals(view, legal, preferred)

    def best(self, budget: int, steady: bool = False) -> Action:
        """The proposal worth most to the seat's side on average over whole layouts (every
        proposal judged) until `budget` nodes of work are spent, if it beats the system's own
        clearly: its gain over the system's, layout by layout, at least `CLEAR` standard errors
        above nothing (a few layouts' luck is not a reason to leave the system); else the
        system's."""
        proposals = self.proposals
        worths: dict[Action, list[int]] = {proposal: [] for proposal in proposals}
        for layout in self._layouts(budget, MAX_CALL_SAMPLES):
            worth: dict[tuple[object, ...], int | None] = {}
            values = []
            for proposal in proposals:
                self.replays = 0
                contract = self._finished(layout[0], proposal)
                self._charge(REPLAY_NODES * self.replays)
                if contract is None:
                    values.append(0)  # passed out
                    continue
                key = (contract.contract, contract.partner)
                if key not in worth:
                    self._charge(QUESTION_NODES)
                    worth[key] = self._worth(contract)
                value = worth[key]
                if value is None:
                    break
                values.append(value)
            else:
                for proposal, value in zip(proposals, values, strict=True):
                    worths[proposal].append(value)
        self._close(budget, steady)
        system = proposals[0]
        best = max(proposals, key=lambda proposal: sum(worths[proposal]))
        gains = [ours - theirs for ours, theirs in zip(worths[best], worths[system], strict=True)]
        return best if _clearly_positive(gains) else system

    def _finished(self, hands: tuple[int, ...], proposal: Action) -> Deal | None:
        """The deal in the layout `hands` after `proposal` and the rest of the auction (and the
        partner card) by the bots' own system, at its opening lead; None if passed out."""
        view = self.view
        variant = view.variant
        dealt = tuple(tuple(DECK[c] for c in range(52) if (hands[p] | self.played_by[p]) >> c & 1)
                      for p in range(variant.seats))
        redeal = random.Random(0)  # a passed-out auction may redeal: it is over here all the same
        calls = view.calls if view.contract is None else view.calls[:-1]
        deal = Deal(variant, self.settings, self.players, view.dealer, dealt, Bidding(calls),
                    first_tricks=view.first_tricks)
        if view.contract is not None:  # the auction won: its last call takes the deal where the game goes on
            deal = deal.act(view.calls[-1].position, view.calls[-1].call, redeal)
        deal = deal.act(view.position, proposal, redeal)
        while deal.trick is None:
            state = deal.state
            if isinstance(state, PassedOut) or (isinstance(state, Bidding) and not state.calls) or deal.is_finished:
                return None
            actor = deal.actor
            assert actor is not None
            self.replays += 1
            deal = deal.act(actor, variant.bot(deal.view(actor), deal.legal_actions()), redeal)
        return deal

    def _worth(self, deal: Deal) -> int | None:
        """What `deal`, at its opening lead, is worth to the seat's side, its contract made if the
        declarer's side can take its target double-dummy and one trick short if not (one question,
        `_ask`); None if the budget ran out first."""
        contract, partner, core = deal.contract, deal.partner, deal.card_play()
        assert contract is not None and partner is not None
        rules = core.rules
        side = (1 << contract.declarer) | (1 << partner)
        bound = self._ask(core, side, contract.target)
        if bound is None:
            return None
        tricks = contract.target if bound >= contract.target else contract.target - 1
        outcome = Outcome(contract.declarer, partner, contract, tricks, rules.hand_size - tricks, rules.seats)
        worth = deal.variant.worth
        value = worth(outcome) if worth is not None else (1 if outcome.made else -1)
        return value if side >> self.view.position & 1 else -value


def _clearly_positive(gains: Sequence[int]) -> bool:
    """The mean of `gains` is above zero by `CLEAR` standard errors at least (and positive
    whatever the spread when they do not spread)."""
    if len(gains) < 2:
        return False
    mean = sum(gains) / len(gains)
    spread = statistics.stdev(gains)
    return mean > 0 and (spread == 0 or mean / (spread / math.sqrt(len(gains))) >= CLEAR)


def _proposals(view: SeatView, legal: Sequence[Action], preferred: Action) -> tuple[Action, ...]:
    """The actions worth weighing before the play: the system's own (`preferred`) first; in the
    auction, then passing, doubling where it may and bidding one level higher in the system's
    strain; then the game's own (`Variant.alternatives`), the partner card's among them."""
    proposals: list[Action] = [preferred]
    if not isinstance(preferred, Card):
        proposals += [PASS, *(call for call in legal if call is DOUBLE)]
        if isinstance(preferred, Bid):
            proposals += [call for call in legal if isinstance(call, Bid) and call.strain is preferred.strain
                          and call.level == preferred.level + 1]
    alternatives = view.variant.alternatives
    if alternatives is not None:
        proposals += alternatives(view, legal, preferred)
    return tuple(dict.fromkeys(action for action in proposals if action in legal))


#: The question `_spend` asks: a whole deal of no trump (the hands dealt in turn from the top of
#: each suit: North AKQJ of spades and so on), North and South to take seven tricks, West leading.
_SPEND_HANDS = [sum(1 << (13 * suit + rank) for suit in range(4) for rank in range(13) if (rank + suit) % 4 == seat)
                for seat in range(4)]


def _spend(nodes: int) -> int:
    """Do `nodes` nodes of work that decide nothing (a steady bot's rest of its budget): a fixed
    question asked of fresh solvers, each allowed what is left, until it is spent. Returns the
    nodes spent (all of them: a question that runs out of its budget has spent it whole)."""
    left = nodes
    while left > 0:
        search = Search(4, NO_TRUMP, 0b0101, False, TABLE_LIMIT)
        search.bound(_SPEND_HANDS, 3, [], False, 7, left)
        left -= max(search.nodes, 1)
    return nodes - left


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


def _bits(mask: int) -> list[int]:
    """The cards of `mask`."""
    return [c for c in range(52) if mask >> c & 1]


def _weighted(rng: random.Random, seats: list[int], need: dict[int, int]) -> int:
    """One of `seats`, each as likely as the cards it still needs."""
    pick = rng.randrange(sum(need[p] for p in seats))
    for seat in seats:
        pick -= need[seat]
        if pick < 0:
            return seat
    raise AssertionError("unreachable: the picks add up to the total")
