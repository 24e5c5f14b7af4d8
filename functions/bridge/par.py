"""Contract bridge's par: the score a deal is worth when both sides bid as well as they can with
every hand known, and the contracts that score it, from the deal's double-dummy trick table.

The rules are those of DDS's `DealerPar` (Soren Hein's par for a known dealer, which endplay's
`par` returns and every DDS-based hand record prints), restated here over our own scoring; the
tests compare the two on thousands of deals under every dealer and vulnerability.

- **Who is entitled to the plus score**: the side with the higher contract it makes (each side's
  best declarer in each strain, bid at the level its tricks make). When both make the same
  contract, the side of the player who can bid it first (the dealer, then round to the left).
- **The contracts that side might bid**: in each strain the highest it makes, from the highest
  down to the one that scores most (the lowest of equal scores, say 3NT before 5C).
- **Sacrifices**: against each of them the other side's cheapest sacrifice: in another strain
  at the lowest level outbidding it; in the same strain at the same level if one of its players
  comes before every player of the bidding side who makes it, else a level higher. The
  sacrifice is worth it when it costs (doubled, at its side's vulnerability) less than the
  contract scores.
- **The par**: the best score of a contract no sacrifice beats, unless the sacrifices found
  (their dearest) cost the other side more than that; then the sacrifice is par. A contract
  with room to spare is bid lower while every sacrifice still costs more than it, but never
  below its game or slam (4S+2 rather than 6S, 1C+2 rather than 3C).

Which contracts are listed: the par contract in each strain that scores it, bid by each
declarer of the side who takes the most tricks there (both when they take as many), strains in
the order NT, S, H, D, C. A deal nobody can make a contract on is passed out: par 0, no contract.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from .bids import ALL_BIDS, Bid, Doubling, Strain
from .cards import DECK
from .contract_scoring import BOOK, GAME, SMALL_SLAM, trick_points, undertrick_points
from .deal import Contract
from .duplicate import board_score
from .wire import ParContractDoc, ParDoc, VulnerableDoc

#: The tricks of a deal of four hands.
TRICKS = len(DECK) // 4
#: The highest level: no sacrifice goes beyond seven.
GRAND = ALL_BIDS[-1].level
#: A board of each vulnerability (North-South, East-West), to score contracts by our duplicate
#: scoring (boards 1-4: none, North-South, East-West, both).
_BOARD = {(False, False): 1, (True, False): 2, (False, True): 3, (True, True): 4}
#: Strains in the order the par contracts are listed.
_LISTED = (Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: The trick table: by strain, the tricks each declarer position's side takes (0-3: N, E, S, W).
Table = Mapping[Strain, Sequence[int]]


def par(table: Table, vulnerable: VulnerableDoc, dealer: int) -> ParDoc:
    """The par of a deal whose double-dummy `table` is given, with `vulnerable` and `dealer`:
    the score for North-South (East-West's is its negative) and the contracts that score it."""
    sides = (vulnerable["NS"], vulnerable["EW"])
    found = _Par(table, sides, dealer)
    return {"score": found.score, "contracts": found.contracts(), "vulnerable": vulnerable, "dealer": dealer}


def made_score(bid: Bid, vulnerable: bool) -> int:
    """What making `bid` exactly scores at duplicate, undoubled, at the side's vulnerability."""
    target = bid.level + BOOK
    contract = Contract(0, bid, target, TRICKS - target + 1)
    return board_score(_BOARD[vulnerable, False], contract, target)


def penalty(down: int, vulnerable: bool) -> int:
    """What a sacrifice `down` tricks, doubled, costs a side of that vulnerability."""
    return undertrick_points(down, Doubling.DOUBLED, vulnerable)


def floor_level(bid: Bid) -> int:
    """The lowest level of `bid`'s strain that earns the same bonus: 1 for a part score, the
    game's level for a game (3NT, 4 of a major, 5 of a minor), the slam's own for a slam."""
    if bid.level >= SMALL_SLAM:
        return bid.level
    if trick_points(bid) < GAME:
        return 1
    return next(level for level in range(1, GRAND + 1) if trick_points(Bid(level, bid.strain)) >= GAME)


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A contract the side entitled to the plus score might bid (`bid`: the highest it makes in its
    strain), what it scores, and against it the cheapest sacrifice (`down`, None if none is
    possible) in each strain (`downs`) and the most undertricks worth paying (`affordable`)."""

    bid: Bid
    score: int
    downs: dict[Strain, int | None]
    affordable: int

    @property
    def down(self) -> int | None:
        """The cheapest sacrifice against it, in undertricks."""
        possible = [d for d in self.downs.values() if d is not None]
        return min(possible) if possible else None

    @property
    def sacrificed(self) -> bool:
        """Whether a sacrifice against it costs less than it scores."""
        return self.down is not None and self.down <= self.affordable


class _Par:
    """The par computation for one table, dealer and vulnerability (see the module's rules)."""

    def __init__(self, table: Table, vulnerable: tuple[bool, bool], dealer: int) -> None:
        self.table, self.vulnerable, self.dealer = table, vulnerable, dealer
        self.side = self._entitled()
        self.candidates = self._candidates() if self.side is not None else []
        self.bids = [c for c in self.candidates if not c.sacrificed]
        sacrificed = [c for c in self.candidates if c.sacrificed]
        # Against a lower contract the other side never sacrifices for more: only the highest
        # contract sacrificed against names the sacrifices; the dearest of them sets their cost.
        self.sacrificed_against = sacrificed[0] if sacrificed else None
        self.dearest = max([0, *(c.down for c in sacrificed if c.down is not None)])
        self.best_bid = max((c.score for c in self.bids), default=0)
        self.bidding = self.sacrificed_against is None or self.best_bid > self.cost
        value = self.best_bid if self.bidding else self.cost
        self.score = 0 if self.side is None else value if self.side == 0 else -value

    @property
    def other(self) -> int:
        assert self.side is not None
        return 1 - self.side

    @property
    def cost(self) -> int:
        """What the dearest worthwhile sacrifice costs the other side."""
        return penalty(self.dearest, self.vulnerable[self.other]) if self.side is not None else 0

    def best(self, side: int, strain: Strain) -> int:
        """The most tricks `side` (0 North-South, 1 East-West) takes declaring `strain`."""
        return max(self.table[strain][side], self.table[strain][side + 2])

    def declarers(self, side: int, strain: Strain) -> list[int]:
        """The players of `side` who take the most tricks declaring `strain`."""
        return [p for p in (side, side + 2) if self.table[strain][p] == self.best(side, strain)]

    def rotation(self) -> list[int]:
        """The players in the order they call: the dealer first."""
        return [(self.dealer + k) % 4 for k in range(4)]

    def _entitled(self) -> int | None:
        """The side entitled to the plus score, or None when neither makes a contract."""
        ns, ew = (max(self.made(side), default=None) for side in (0, 1))
        if ns is None and ew is None:
            return None
        if ew is None or (ns is not None and ns > ew):
            return 0
        if ns is None or ew > ns:
            return 1
        tricks = self.best(0, ns.strain)  # both make it: who can bid it first
        return next(p % 2 for p in self.rotation() if self.table[ns.strain][p] == tricks)

    def made(self, side: int) -> list[Bid]:
        """The contracts `side` makes: in each strain, the highest its best declarer makes."""
        return [Bid(self.best(side, s) - BOOK, s) for s in Strain if self.best(side, s) > BOOK]

    def _candidates(self) -> list[_Candidate]:
        """The entitled side's candidate contracts, highest first."""
        assert self.side is not None
        own, their = self.vulnerable[self.side], self.vulnerable[self.other]
        made = self.made(self.side)
        scores = {bid: made_score(bid, own) for bid in made}
        dearest = min(made, key=lambda bid: (-scores[bid], bid))
        candidates = []
        for bid in sorted((bid for bid in made if bid >= dearest), reverse=True):
            affordable = max(k for k in range(TRICKS + 1) if penalty(k, their) < scores[bid])
            downs = {s: self._sacrifice_down(bid, s) for s in Strain}
            candidates.append(_Candidate(bid, scores[bid], downs, affordable))
        return candidates

    def _same_strain_sacrifices(self, bid: Bid) -> list[tuple[int, int, int]]:
        """The other side's sacrifices in `bid`'s own strain, by player in calling order: (player,
        level, undertricks). A player before every player of the bidding side who makes `bid`
        bids it first, at its level; after one, a level higher."""
        found, outbid = [], 0
        for p in self.rotation():
            tricks = self.table[bid.strain][p]
            if p % 2 == self.side:
                outbid |= tricks == bid.level + BOOK
            else:
                found.append((p, bid.level + outbid, bid.level + BOOK - tricks + outbid))
        return found

    def _sacrifice_down(self, bid: Bid, strain: Strain) -> int | None:
        """The undertricks of the other side's cheapest sacrifice in `strain` against `bid`, or
        None when it would have to go beyond seven."""
        best = self.best(self.other, strain)
        if strain is bid.strain:
            down = min(d for _, _, d in self._same_strain_sacrifices(bid))
        else:  # the lowest level outbidding `bid`, counted from the level the other side makes
            level = bid.level if strain > bid.strain else bid.level + 1
            down = level + BOOK - best
        return None if best - BOOK + down > GRAND else down

    def contracts(self) -> list[ParContractDoc]:
        """The par contracts, in the order of `_LISTED`, each declarer on its own (North before South,
        East before West)."""
        if self.side is None:
            return []
        listed: list[tuple[Bid, int]] = []
        if self.bidding:
            for c in self.bids:
                if c.score == self.best_bid:
                    listed += [(self._lowered(c), p) for p in self.declarers(self.side, c.bid.strain)]
        elif self.sacrificed_against is not None and self.sacrificed_against.down == self.dearest:
            listed += self._sacrifices(self.sacrificed_against)
        listed.sort(key=lambda found: (_LISTED.index(found[0].strain), found[1]))
        doubled: Literal["X"] | None = None if self.bidding else "X"  # a sacrifice is doubled, a make not
        return [{"bid": str(bid), "declarer": p, "doubled": doubled, "tricks": self.table[bid.strain][p]}
                for bid, p in listed]

    def _lowered(self, c: _Candidate) -> Bid:
        """`c` bid as low as every sacrifice against it stays dearer than it scores, but not below
        its bonus's floor; as low as the floor when no sacrifice is possible."""
        if c.down is not None and c.affordable - c.down >= -1:
            return c.bid
        lowest = c.bid.level + c.affordable - c.down + 1 if c.down is not None else 1
        return Bid(max(lowest, floor_level(c.bid)), c.bid.strain)

    def _sacrifices(self, c: _Candidate) -> list[tuple[Bid, int]]:
        """The other side's sacrifices against `c` that cost the par, by declarer."""
        found: list[tuple[Bid, int]] = []
        for strain, down in c.downs.items():
            if down != self.dearest:
                continue
            if strain is not c.bid.strain:
                level = self.best(self.other, strain) - BOOK + down
                found += [(Bid(level, strain), p) for p in self.declarers(self.other, strain)]
                continue
            hits = [(p, level) for p, level, d in self._same_strain_sacrifices(c.bid) if d == down]
            lowest = min(level for _, level in hits)
            found += [(Bid(lowest, strain), p) for p, level in hits if level == lowest]
        return found
