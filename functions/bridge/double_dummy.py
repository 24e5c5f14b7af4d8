"""Double-dummy search: how many of the remaining tricks of an ending a side can take when every
hand is known, against any defence (used to check claims, SPEC §15, and to analyse finished
deals, SPEC §16). It handles any sides (Floating Bridge's partner may sit beside the declarer, or
the declarer may play alone), two or four seats, and the rule that trump may not be led until
broken: what DDS, the standard solver, cannot model.

The search works on small integers: a card is `suit * 13 + rank - 2` (0-51) and a hand is a
52-bit set of them. It is a boolean alpha-beta search ("can the side take `need` more tricks?",
a null window) over single cards, with exact reductions, bounds and a memo, most of them after
DDS's (Haglund and Hein) in a form that holds for any sides:

- cards of one hand that are adjacent in their suit among the cards still out (no other hand's
  card, played before this trick or held, between them) are equivalent: only one is tried; and
  once a card failed, the other cards of its suit below every card the failure depended on are
  not tried either (they lead to positions that differ only in small cards);
- a side that needs no more tricks has won, one that needs more than remain has lost; the last
  trick is settled without search;
- sure tricks at the start of a trick: each hand's trumps above every trump of the other side
  (whoever leads); the leader's side's quick tricks (the top cards the leader, or a partner it
  can cross to, holds and may cash without a ruff); and within a trick, a side that needs one
  trick (or the other side all of them) and surely wins the one in progress;
- partition search: at the start of each trick the bounds learnt are kept under a key of the
  leader, whether trump is broken and every seat's length in every suit, for every position
  that has the same holders of the top cards of each suit down to the lowest card the answer
  depended on (a trick won by a higher card of its suit makes that card relevant). A `Solver`
  keeps this table from one question to the next, so the questions of one trick count
  (`most_tricks`, from a first guess up or down one trick at a time) and those of other leaders
  with the same trump share what was learnt;
- move ordering: the lead that settled the position before, the lead that last settled a
  position with as many tricks left, then DDS's weights (suits the side can win or a partner
  can ruff, honours sitting well, few cards for the opponents to choose from); a follower ducks
  when its side wins the trick anyway, else tries the cheapest card sure to win it first.

The search counts the nodes it visits and stops with `SearchLimit` past its `budget`: a caller
that must answer (a bot answering a claim) treats an unfinished search as "not proven". In
CPython a node costs some 15 microseconds; an ending of 9 cards a hand takes about 10,000 nodes,
a whole deal from tens of thousands to millions (bench/analysis.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Card, Suit
from .core import SUIT_MASKS, card_index, hand_mask

_RANKS = 0x1FFF
#: Cached facts about one suit's layout, or its runs of equivalent cards, past this many entries
#: are forgotten (they are recomputed when needed).
_CACHE_LIMIT = 1 << 18


class SearchLimit(Exception):
    """The search visited more nodes than its budget allowed before it could answer."""


@dataclass(slots=True)
class Budget:
    """Nodes a search may still visit; several searches may share one (`SearchLimit` past it)."""

    nodes: int = field(default=200_000)


@dataclass(frozen=True, slots=True)
class Ending:
    """A position: each seat's cards (`hands`, by position), the leader of the trick in progress
    and the cards played to it so far (`trick`, from the leader on), the trump suit (None: no
    trump), whether trump may not be led until broken (and whether it is), and which seats are
    on the side whose tricks are counted (`side`, by position)."""

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trump: Suit | None
    side: tuple[bool, ...]
    must_break_trump: bool = False
    trump_broken: bool = False
    trick: tuple[Card, ...] = ()

    @property
    def tricks_left(self) -> int:
        """The tricks still to be won, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)


def can_take(ending: Ending, tricks: int, budget: Budget | None = None) -> bool:
    """The side (`ending.side`) can take at least `tricks` of the remaining tricks against any
    defence, every hand known. Raises `SearchLimit` once `budget` is spent."""
    return Solver.of(ending, budget or Budget()).can_take(ending, tricks)


def most_tricks(ending: Ending, budget: Budget | None = None) -> int:
    """The most tricks the side can take against any defence, every hand known."""
    return Solver.of(ending, budget or Budget(2_000_000)).most_tricks(ending)


class Solver:
    """Double-dummy questions about the endings of one deal with one trump suit, one rule for
    leading trump and one side counted, sharing what each search learnt (its transposition
    table) with the next. `budget` bounds the nodes of all its searches together."""

    def __init__(self, seats: int, trump: Suit | None, side: Sequence[bool], must_break_trump: bool,
                 budget: Budget) -> None:
        self._search = _Search(seats, tuple(side), -1 if trump is None else int(trump),
                               must_break_trump and trump is not None, budget)

    @staticmethod
    def of(ending: Ending, budget: Budget) -> Solver:
        return Solver(len(ending.hands), ending.trump, ending.side, ending.must_break_trump, budget)

    def can_take(self, ending: Ending, tricks: int) -> bool:
        """`ending.side` can take at least `tricks` of the tricks left (`SearchLimit` past the budget)."""
        return self._search.start(ending, tricks)

    def most_tricks(self, ending: Ending, guess: int | None = None) -> int:
        """The most tricks the side can take, asked one trick at a time from `guess` (by default
        the tricks the side is sure of from the leader's quick tricks) up or down."""
        left = ending.tricks_left
        made = min(max(guess if guess is not None else self._search.first_guess(ending), 0), left)
        if made > 0 and not self._search.start(ending, made):
            made -= 1
            while made > 0 and not self._search.start(ending, made):
                made -= 1
            return made
        while made < left and self._search.start(ending, made + 1):
            made += 1
        return made


#: Facts about one suit's layout, keyed by the seats' cards of that suit (seat `p`'s 13 bits at
#: `13 * p`): the same layout with the cards renumbered from the top (the highest card out
#: becomes the ace: bit 12), the seat holding the highest card (-1: none out), how many of the top
#: cards that seat holds in a row, the lowest of them (its rank offset 0-12), each seat's length,
#: the lengths packed 4 bits a seat, and the key itself.
_Layout = tuple[int, int, int, int, tuple[int, int, int, int], int, int]
_LAYOUTS: dict[int, _Layout] = {}
#: One card of each run of equivalent cards (rank offsets 0-12, highest first), keyed by a hand's
#: cards of a suit and (13 bits up) the cards of that suit still out.
_RUNS: dict[int, tuple[int, ...]] = {}
#: The top `k` relative cards of a suit in every seat's field (`_TOP[k]`).
_TOP = tuple(sum((((1 << k) - 1) << (13 - k)) << (13 * p) for p in range(4)) for k in range(14))


def _layout(packed: int) -> _Layout:
    fields = [(packed >> (13 * p)) & _RANKS for p in range(4)]
    out = fields[0] | fields[1] | fields[2] | fields[3]
    relative, top, seat, run, low, running = 0, 12, -1, 0, -1, True
    while out:
        bit = out.bit_length() - 1
        holder = next(p for p in range(4) if fields[p] >> bit & 1)
        relative |= 1 << (13 * holder + top)
        if seat < 0:
            seat, run, low = holder, 1, bit
        elif running and holder == seat:
            run, low = run + 1, bit
        else:
            running = False
        top -= 1
        out ^= 1 << bit
    lengths = (fields[0].bit_count(), fields[1].bit_count(), fields[2].bit_count(), fields[3].bit_count())
    layout = (relative, seat, run, low, lengths, lengths[0] | lengths[1] << 4 | lengths[2] << 8 | lengths[3] << 12,
              packed)
    _LAYOUTS[packed] = layout
    return layout


def _runs(key: int) -> tuple[int, ...]:
    held, out = key & _RANKS, key >> 13
    runs: list[int] = []
    running = False
    for rank in range(12, -1, -1):
        if not out >> rank & 1:
            continue
        if held >> rank & 1:
            if not running:
                runs.append(rank)
            running = True
        else:
            running = False
    result = tuple(runs)
    _RUNS[key] = result
    return result


def hands_hold(hand: int, card: int) -> bool:
    return hand >> card & 1 == 1


def _small(card: int, relevant: int) -> int:
    """After `card` failed, with `relevant` the cards the failures so far depended on: the rank
    offset below which the other cards of its suit are known to fail too (0: none). A card below
    the lowest relevant card of its suit is a small card there: any other small card of that suit
    in its place leads to positions that differ only below the relevant cards, with the same
    answer."""
    suit = card // 13
    cards = (relevant >> (13 * suit)) & _RANKS
    low = (cards & -cards).bit_length() - 1 if cards else 13
    return low if card - 13 * suit < low else 0


def _kth(out: int, k: int) -> int:
    """The rank offset of the `k`-th highest card of `out` (13 bits; k >= 1)."""
    for _ in range(k - 1):
        out ^= 1 << (out.bit_length() - 1)
    return out.bit_length() - 1


class _Search:
    """One search's state. Each answer (`_start`, `_follow`) leaves in `relevant` the cards whose
    rank it depended on (a 52-bit set): a trick won by a higher card of the suit led or by a
    higher trump makes the winning card relevant. The answer holds for every position that
    differs only in cards below the lowest relevant card of each suit, each seat holding as many
    of each suit (partition search): the transposition table keeps an answer for all of them, as
    a pattern of who holds the top cards of each suit down to the lowest relevant one, under a
    key of the leader, whether trump is broken and every seat's length in every suit."""

    def __init__(self, seats: int, side: tuple[bool, ...], trump: int, must_break: bool, budget: Budget) -> None:
        self.seats = seats
        self.side = side
        self.trump = trump
        self.must_break = must_break
        self.budget = budget
        self.hands: list[int] = [0] * seats
        self.relevant = 0
        #: `_trumps` by the trump suit's layout.
        self.trump_bounds: dict[int, tuple[int, int, int, int]] = {}
        #: By tricks left: the lead that last settled a position (-1: none), tried early.
        self.killers = [-1] * 14
        #: (leader, broken, lengths) -> entries [mask, pattern, lower, upper, best lead, depths]:
        #: bounds on the side's tricks from there for the positions whose relative layout
        #: masked by `mask` is `pattern` (the top `depths` cards of each suit, 4 bits a suit),
        #: and the lead that settled the last question there (-1: none).
        self.table: dict[int, list[list[int]]] = {}
        if len(_LAYOUTS) > _CACHE_LIMIT:
            _LAYOUTS.clear()
        if len(_RUNS) > _CACHE_LIMIT:
            _RUNS.clear()

    def _layouts(self) -> list[_Layout]:
        hands = self.hands
        if self.seats == 4:
            h0, h1, h2, h3 = hands
            packs = [(h0 >> at & _RANKS) | (h1 >> at & _RANKS) << 13 | (h2 >> at & _RANKS) << 26
                     | (h3 >> at & _RANKS) << 39 for at in (0, 13, 26, 39)]
        else:
            h0, h1 = hands
            packs = [(h0 >> at & _RANKS) | (h1 >> at & _RANKS) << 13 for at in (0, 13, 26, 39)]
        get = _LAYOUTS.get
        return [get(packed) or _layout(packed) for packed in packs]

    def first_guess(self, ending: Ending) -> int:
        """The tricks the side is sure of at a trick's start: the leader's quick tricks if the
        leader is on it, else none."""
        if ending.trick or not self.side[ending.leader]:
            return 0
        self.hands = [hand_mask(h) for h in ending.hands]
        return self._quick(ending.leader, self._layouts(), ending.trump_broken)[0]

    def start(self, ending: Ending, need: int) -> bool:
        self.hands = [hand_mask(h) for h in ending.hands]
        if not ending.trick:
            return self._start(ending.leader, need, ending.trump_broken)
        if need <= 0:
            return True
        if need > ending.tricks_left:
            return False
        trick = [card_index(card) for card in ending.trick]
        out = 0
        for hand in self.hands:
            out |= hand
        for card in trick:
            out |= 1 << card
        trump = self.trump
        win, winner, ranked = trick[0], ending.leader, False
        for i, card in enumerate(trick[1:], 1):
            if card // 13 == win // 13:
                ranked = True
                if card > win:
                    win, winner = card, (ending.leader + i) % self.seats
            elif card // 13 == trump:
                win, winner, ranked = card, (ending.leader + i) % self.seats, False
        trumped = any(card // 13 == trump for card in trick)
        return self._follow(ending.leader, len(trick), need, ending.trump_broken, out, trick[0] // 13, win, winner,
                            ranked, trumped)

    def _start(self, leader: int, need: int, broken: bool) -> bool:
        """At the start of a trick: can the side take `need` more tricks?"""
        hands, seats, side = self.hands, self.seats, self.side
        lead_hand = hands[leader]
        left = lead_hand.bit_count()
        if need <= 0 or need > left:
            self.relevant = 0
            return need <= 0
        trump = self.trump
        if left == 1:  # the last trick: every card is forced
            win, winner, ranked = lead_hand.bit_length() - 1, leader, False
            for i in range(1, seats):
                p = (leader + i) % seats
                card = hands[p].bit_length() - 1
                if card // 13 == win // 13:
                    ranked = True
                    if card > win:
                        win, winner = card, p
                elif card // 13 == trump:
                    win, winner, ranked = card, p, False
            self.relevant = 1 << win if ranked else 0
            return side[winner]
        layouts = self._layouts()
        l0, l1, l2, l3 = layouts
        layout = l0[0] | l1[0] << 52 | l2[0] << 104 | l3[0] << 156
        key = leader | (broken << 2 if self.must_break else 0) | l0[5] << 3 | l1[5] << 19 | l2[5] << 35 | l3[5] << 51
        entries = self.table.get(key)
        lower, upper, best = 0, left, -1
        lower_depths = upper_depths = 0
        if entries is not None:
            for entry in entries:
                if layout & entry[0] == entry[1]:
                    if entry[2] > lower:
                        lower, lower_depths = entry[2], entry[5]
                    if entry[3] < upper:
                        upper, upper_depths = entry[3], entry[5]
                    if entry[4] >= 0:
                        best = entry[4]
            if need <= lower or need > upper:
                self.relevant = self._absolute(lower_depths if need <= lower else upper_depths, layouts)
                return need <= lower
        if trump >= 0:
            _, top, run, low, _, _, packed = layouts[trump]
            if top >= 0 and (need <= run if side[top] else need > left - run):
                self.relevant = 1 << (13 * trump + low)  # the top trumps of one hand
                return side[top]
            sure, lost, sure_cards, lost_cards = self._trumps(packed)
            if need <= sure or need > left - lost:
                self.relevant = sure_cards if need <= sure else lost_cards
                return need <= sure
        ours = side[leader]
        quick, cashed = self._quick(leader, layouts, broken)
        if ours and need <= quick:
            self.relevant = cashed
            return True
        if not ours and need > left - quick:
            self.relevant = cashed
            return False
        out = 0
        for hand in hands:
            out |= hand
        result = not ours
        relevant = 0
        budget = self.budget
        small = [0, 0, 0, 0]  # per suit: ranks below this one are known to do no better than one tried
        for card in self._leads(leader, lead_hand, layouts, broken, out, best):
            suit = card // 13
            if card - 13 * suit < small[suit]:
                continue
            budget.nodes -= 1
            if budget.nodes < 0:
                raise SearchLimit
            hands[leader] = lead_hand & ~(1 << card)
            found = self._follow(leader, 1, need, broken, out, suit, card, leader, False, suit == trump)
            hands[leader] = lead_hand
            if found == ours:
                result, best, relevant = found, card, self.relevant
                self.killers[left] = card
                break
            relevant |= self.relevant
            if not small[suit]:
                small[suit] = _small(card, relevant)
        self.relevant = relevant
        self._store(key, layout, out, relevant, need if result else 0, left if result else need - 1, best)
        return result

    def _absolute(self, depths: int, layouts: list[_Layout]) -> int:
        """The relevant cards of a table entry of `depths` (the top cards of each suit it fixes),
        in this position: the lowest of them in each suit."""
        relevant = 0
        for suit in range(4):
            depth = (depths >> (4 * suit)) & 15
            if depth:
                lengths = layouts[suit][4]
                if depth > lengths[0] + lengths[1] + lengths[2] + lengths[3]:
                    continue
                out = 0
                at = 13 * suit
                for hand in self.hands:
                    out |= (hand >> at) & _RANKS
                relevant |= 1 << (at + _kth(out, depth))
        return relevant

    def _store(self, key: int, layout: int, out: int, relevant: int, lower: int, upper: int, best: int) -> None:
        """Keep the bounds `lower`-`upper` for every position that has the same cards as this
        one down to the lowest relevant card of each suit."""
        mask = depths = 0
        for suit in range(4):
            cards = (relevant >> (13 * suit)) & _RANKS
            if cards:
                lowest = cards & -cards
                depth = (((out >> (13 * suit)) & _RANKS) & ~(lowest - 1)).bit_count()
                mask |= _TOP[depth] << (52 * suit)
                depths |= depth << (4 * suit)
        pattern = layout & mask
        entries = self.table.get(key)
        if entries is None:
            self.table[key] = [[mask, pattern, lower, upper, best, depths]]
            return
        for entry in entries:
            if entry[0] == mask and entry[1] == pattern:
                entry[2] = max(entry[2], lower)
                entry[3] = min(entry[3], upper)
                entry[4] = best
                return
        entries.append([mask, pattern, lower, upper, best, depths])

    def _trumps(self, packed: int) -> tuple[int, int, int, int]:
        """Tricks each side surely takes with trumps, whoever leads: a hand's trumps higher than
        every trump of the other side each win a trick (it plays them when trumps are led, when
        it cannot follow suit, or at the end, and only a partner's trump can beat them). For the
        trump suit's layout `packed` (seat `p`'s cards at `13 * p`): the side's tricks, the other
        side's, and the cards each count depends on (the highest trump of the other side)."""
        known = self.trump_bounds.get(packed)
        if known is not None:
            return known
        side, seats, at = self.side, self.seats, 13 * self.trump
        fields = [(packed >> (13 * p)) & _RANKS for p in range(seats)]
        held = [0, 0]  # the other side's trumps, the side's
        for p in range(seats):
            held[side[p]] |= fields[p]
        best = [0, 0]
        for p in range(seats):
            best[side[p]] = max(best[side[p]], (fields[p] >> held[not side[p]].bit_length()).bit_count())
        theirs, ours = held[0].bit_length(), held[1].bit_length()
        result = (best[1], best[0], 1 << (at + theirs - 1) if theirs else 0, 1 << (at + ours - 1) if ours else 0)
        self.trump_bounds[packed] = result
        return result

    def _quick(self, leader: int, layouts: list[_Layout], broken: bool) -> tuple[int, int]:
        """Tricks the leader's side surely takes by cashing top cards (`_cash`): the leader's own,
        or a partner's after the leader crosses to it in a suit the partner holds the top card
        of, no opponent can ruff and the leader may lead. With the tricks, the cards they depend
        on."""
        side, seats, trump = self.side, self.seats, self.trump
        tricks, relevant = self._cash(leader, layouts, broken, -1)
        if seats == 2:
            return tricks, relevant
        ours = side[leader]
        for partner in range(seats):
            if partner == leader or side[partner] != ours:
                continue
            for suit in range(4):
                _, seat, _, _, lengths, _, _ = layouts[suit]
                if seat != partner or not lengths[leader]:
                    continue
                if suit == trump:
                    if self.must_break and not broken and layouts[trump][4][leader] < self.hands[leader].bit_count():
                        continue
                elif trump >= 0:
                    trumps = layouts[trump][4]
                    if any(trumps[p] and not lengths[p] for p in range(seats) if side[p] != ours):
                        continue
                crossed, cards = self._cash(partner, layouts, broken or suit == trump, suit)
                if crossed > tricks:
                    tricks, relevant = crossed, cards
        return tricks, relevant

    def _cash(self, seat: int, layouts: list[_Layout], broken: bool, first: int) -> tuple[int, int]:
        """Tricks `seat`'s side surely takes, `seat` on lead, by cashing the top cards `seat`
        holds in a row (in a suit where no other seat holds more cards than that run, every card
        `seat` holds in it), suit `first` first if it is not -1: with no trump in every suit;
        with trump, the trumps `seat` may lead, and the side suits too once no opponent has a
        trump left (or only as many as the top trumps draw), else the best one side suit (or
        `first`) no opponent can ruff. A partner holding trump must have enough other cards not to
        ruff (taking the lead) meanwhile. With the tricks, the cards they depend on: the lowest of
        each run."""
        side, seats, trump, hands = self.side, self.seats, self.trump, self.hands
        ours = side[seat]
        cashed = [0, 0, 0, 0]
        relevant = 0
        for suit in range(4):
            _, top, run, low, lengths, _, _ = layouts[suit]
            if top == seat:
                mine = lengths[seat]
                others = max(lengths[p] for p in range(seats) if p != seat)
                cashed[suit] = mine if others <= run else run
                relevant |= 1 << (13 * suit + low)
        if trump < 0:
            return cashed[0] + cashed[1] + cashed[2] + cashed[3], relevant
        trumps = layouts[trump][4]
        if self.must_break and not broken and trumps[seat] < hands[seat].bit_count():
            cashed[trump] = 0  # trump may not be led yet
        drawn = cashed[trump]
        sides = sum(cashed) - drawn
        spare = min((hands[p].bit_count() - trumps[p] for p in range(seats)
                     if p != seat and side[p] == ours and trumps[p]), default=13)
        opponents = max((trumps[p] for p in range(seats) if side[p] != ours), default=0)
        if opponents <= (layouts[trump][2] if drawn else 0) and spare >= sides:
            return drawn + sides, relevant
        best = drawn if first < 0 or first == trump else 0
        for suit in range(4):
            tricks = cashed[suit]
            if suit == trump or tricks <= best or spare < tricks or 0 <= first != suit:
                continue
            lengths = layouts[suit][4]
            if all(lengths[p] >= tricks for p in range(seats) if side[p] != ours and trumps[p]):
                best = tricks
        return best, relevant

    def _leads(self, leader: int, hand: int, layouts: list[_Layout], broken: bool, out: int, best: int) -> list[int]:
        """The leads worth trying, the most promising first: the lead that last settled a
        position with as many tricks left and the one that settled this position before, then by
        weights after the DDS solver's (Haglund and Hein): suits the side can win (the top card
        is the leader's or a partner's) or a partner can ruff, suits where the opponents' second
        or top card sits badly for them, and suits with few cards for the opponents to choose
        from (a small search) first."""
        trump, side, seats = self.trump, self.side, self.seats
        legal = hand
        if self.must_break and not broken and hand & ~SUIT_MASKS[trump]:
            legal = hand & ~SUIT_MASKS[trump]
        ours = side[leader]
        left = hand.bit_count()
        after = (leader + 1) % seats
        before = (leader + seats - 1) % seats
        trumps = layouts[trump][4] if trump >= 0 else (0, 0, 0, 0)
        scored: list[tuple[int, int]] = []
        for suit in range(4):
            at = 13 * suit
            held = (legal >> at) & _RANKS
            if not held:
                continue
            _, top, _, _, lengths, _, _ = layouts[suit]
            suit_out = (out >> at) & _RANKS
            key = held | suit_out << 13
            runs = _RUNS.get(key) or _runs(key)
            second = third = -1
            rest = suit_out ^ (1 << (suit_out.bit_length() - 1))
            if rest:
                bit = rest.bit_length() - 1
                second = next(p for p in range(seats) if hands_hold(self.hands[p], at + bit))
                rest ^= 1 << bit
                if rest:
                    bit = rest.bit_length() - 1
                    third = next(p for p in range(seats) if hands_hold(self.hands[p], at + bit))
            choices = 0
            ruff = mate_ruffs = mate_void = False
            for p in range(seats):
                if side[p] != ours:
                    choices += lengths[p] or left + 1
                    if trump >= 0 and suit != trump and not lengths[p] and trumps[p]:
                        ruff = True
                elif p != leader and not lengths[p]:
                    mate_void = True
                    if trump >= 0 and suit != trump and trumps[p]:
                        mate_ruffs = True
            weight = -(choices * 128) // (19 if trump < 0 else 13)
            if trump < 0 and mate_void:
                weight -= 9
            if ruff:
                weight -= 12
            if mate_ruffs:
                weight += 17
            win = side[top] == ours and not ruff
            second_theirs = second >= 0 and side[second] != ours and lengths[second] > 1
            if win:
                if second == after and second_theirs:
                    weight += 22
                elif second == before and second_theirs:
                    weight -= 1
            else:
                if (top == before or second == before) and side[before] != ours and lengths[before] != 1:
                    weight -= 10
                elif top == after and side[after] != ours and second >= 0 and side[second] == ours \
                        and second != leader and lengths[second] != 1:
                    weight += 31
                if second >= 0 and side[second] == ours and third >= 0 and side[third] == ours:
                    weight += 35 if second != leader and third != leader else 25
            below = suit_out
            for rank in runs:
                card = at + rank
                relative = (suit_out & ((1 << rank) - 1)).bit_count() + 1
                sequence = rank > 0 and held >> (rank - 1) & 1 == 1 and below >> (rank - 1) & 1 == 1
                if win:
                    value = weight + (45 if not second_theirs else 18) + relative
                elif side[top] == ours:  # the side's top card, ruffed
                    value = weight + (38 if top == leader and card == at + suit_out.bit_length() - 1 else 20)
                elif lengths[top] == 1:
                    value = weight + 28 + relative
                elif not sequence:
                    value = weight + 12 + relative
                elif second == leader and (suit_out ^ (1 << (suit_out.bit_length() - 1))).bit_length() - 1 == rank:
                    value = weight + 48
                else:
                    value = weight + 29 - relative
                scored.append((value, card))
        scored.sort(reverse=True)
        leads = [card for _, card in scored]
        killer = self.killers[left]
        for first in (killer, best):
            if first >= 0 and first in leads and leads[0] != first:
                leads.remove(first)
                leads.insert(0, first)
        return leads

    def _ordered(self, leader: int, ply: int, ours: bool, led: int, win: int, ahead: bool,
                 cards: list[int]) -> list[int]:
        """A follower's cards of the suit led (highest first) in the order to try them: low when
        the trick is its side's anyway or lost anyway, else the cheapest card sure to win it first."""
        if win // 13 != led:
            return cards[::-1]  # trumped: lost anyway
        hands, seats, side, trump = self.hands, self.seats, self.side, self.trump
        at = 13 * led
        theirs = mates = -1
        ruff = False
        for i in range(ply + 1, seats):
            p = (leader + i) % seats
            held = (hands[p] >> at) & _RANKS
            if held:
                top = at + held.bit_length() - 1
                if side[p] == ours:
                    mates = max(mates, top)
                else:
                    theirs = max(theirs, top)
            elif side[p] != ours and 0 <= trump != led and hands[p] >> (13 * trump) & _RANKS:
                ruff = True
        if not ruff and (win > theirs if ahead else mates > max(win, theirs)):
            return cards[::-1]  # the side wins it anyway: low
        if cards[0] < win or (ahead and not ruff):
            return cards[::-1]
        sure = [c for c in cards if c > win and c > theirs] if not ruff else []
        if sure:
            rest = cards[len(sure):]
            return [sure[-1], *rest[::-1], *sure[-2::-1]]
        if ply == 1:
            return cards[::-1]
        beat = [c for c in cards if c > win]
        return [*beat[::-1], *cards[len(beat):][::-1]]

    def _sure(self, leader: int, ply: int, led: int, win: int, winner: int) -> bool:
        """The side of the seat to play (`ply` places after the leader) surely wins the trick in
        progress: no opponent still to play can ruff, and the card winning it is the side's and
        higher than every card the opponents still to play hold in the suit led, or a seat of the
        side still to play holds a higher one, or can ruff. Leaves in `relevant` the card that
        decides it."""
        hands, seats, side, trump = self.hands, self.seats, self.side, self.trump
        if win // 13 != led:
            return False
        at = 13 * led
        ours = side[(leader + ply) % seats]
        mates = theirs = -1
        ruff = False
        for i in range(ply, seats):
            p = (leader + i) % seats
            held = (hands[p] >> at) & _RANKS
            if held:
                top = at + held.bit_length() - 1
                if side[p] == ours:
                    mates = max(mates, top)
                else:
                    theirs = max(theirs, top)
            elif 0 <= trump != led and hands[p] >> (13 * trump) & _RANKS:
                if side[p] != ours:
                    return False
                ruff = True
        if side[winner] == ours and win > theirs:
            self.relevant = 1 << win
            return True
        if mates > win and mates > theirs:
            self.relevant = 1 << mates
            return True
        if ruff:
            self.relevant = 0
            return True
        return False

    def _follow(self, leader: int, ply: int, need: int, broken: bool, out: int, led: int, win: int, winner: int,
                ranked: bool, trumped: bool) -> bool:
        """Within a trick: the seat `ply` places after the leader plays; `win` is the card winning
        the trick so far, played by `winner`, `ranked` if it beat a card of its suit."""
        hands, seats, side, trump = self.hands, self.seats, self.side, self.trump
        seat = (leader + ply) % seats
        hand = hands[seat]
        ours = side[seat]
        last = ply == seats - 1
        at = 13 * led
        held = (hand >> at) & _RANKS
        ahead = side[winner] == ours
        if (need == 1 if ours else need == hands[leader].bit_count() + 1) and self._sure(leader, ply, led, win, winner):
            return ours  # the side to play wins this trick, all it needs
        if held:
            key = held | ((out >> at) & _RANKS) << 13
            runs = _RUNS.get(key) or _runs(key)
            cards = [at + rank for rank in runs]
            if len(cards) > 1:
                cards = self._ordered(leader, ply, ours, led, win, ahead, cards)
        else:
            ruffs: list[int] = []
            discards: list[tuple[int, int]] = []
            for suit in range(4):
                s_at = 13 * suit
                s_held = (hand >> s_at) & _RANKS
                if not s_held:
                    continue
                key = s_held | ((out >> s_at) & _RANKS) << 13
                runs = _RUNS.get(key) or _runs(key)
                if suit == trump:
                    ruffs = [s_at + rank for rank in runs]
                else:
                    discards.append((runs[-1], s_at + runs[-1]))
                    discards.extend((rank + 13, s_at + rank) for rank in runs[:-1])
            discards.sort()
            low = [card for _, card in discards]
            if not ruffs:
                cards = low
            elif ahead:
                cards = low + ruffs[::-1]
            else:
                winning = [c for c in ruffs if win // 13 != trump or c > win]
                cards = [*reversed(winning), *low, *reversed(ruffs[len(winning):])]
        relevant = 0
        budget = self.budget
        small = [0, 0, 0, 0]
        for card in cards:
            suit = card // 13
            if card - 13 * suit < small[suit]:
                continue
            budget.nodes -= 1
            if budget.nodes < 0:
                raise SearchLimit
            hands[seat] = hand & ~(1 << card)
            new_win, new_winner, new_ranked = win, winner, ranked
            if suit == win // 13:
                new_ranked = True
                if card > win:
                    new_win, new_winner = card, seat
            elif suit == trump:
                new_win, new_winner, new_ranked = card, seat, False
            if last:
                found = self._start(new_winner, need - side[new_winner], broken or trumped or suit == trump)
                if new_ranked:
                    self.relevant |= 1 << new_win
            else:
                found = self._follow(leader, ply + 1, need, broken, out, led, new_win, new_winner, new_ranked,
                                     trumped or suit == trump)
            hands[seat] = hand
            if found == ours:
                return found
            relevant |= self.relevant
            if not small[suit]:
                small[suit] = _small(card, relevant)
        self.relevant = relevant
        return not ours
