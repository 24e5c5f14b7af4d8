"""The double-dummy analysis of a finished deal (SPEC §16): its trick table by strain and
declarer position and, in contract bridge, its par score, from its hand record.

Two solvers, chosen by measurement (bench/analysis.py, on this 2-CPU machine):

- DDS (Haglund and Hein's double-dummy solver, through endplay) wherever its model is the
  variant's: four seats in fixed opposite pairs, any card may be led, the player left of the
  declarer leads (contract bridge, TigerBridge). A whole table takes 0.02-0.3 s (our search: a
  minute or more, a fifth of its cells still unknown at the budget below); par comes with it.
  The price is the dependency: 0.9 s to import (it loads numpy and matplotlib), 172 MB on disk
  with what it pulls in, 155 MB resident. So it is imported inside the functions that use it,
  never when `bridge` is imported: the callables' cold start does not change.
- The engine's own search (`double_dummy`) where DDS cannot model the game: Floating Bridge's
  sides are the deal's (the partner may sit beside the declarer, or the declarer may play
  alone), trump may not be led until broken, and the declarer leads in no trump; Memory Bridge
  has two hands (its table: about a second, under the same budget as Floating Bridge's, far
  inside it, so that no deal's search is unbounded). A whole Floating Bridge table can take several
  minutes in CPython, so its searches share a node budget (`FLOATING_BUDGET`): the cell of the
  deal's own contract first with up to half of it, then the others in rounds of growing shares
  (the easy ones finish first, the hard ones get more each round); a cell still unknown is null,
  never a guess. When the declarer and partner sit opposite each other, the no-trump row, which
  the trump rule does not touch, is DDS's, and the suit rows start from DDS's numbers as first
  guesses. Measured: 12-70 s a deal (p50 about 40 s), the deal's own contract known in every
  deal measured, about a third of the cells unknown (whole strains of the hardest deals).

TigerBridge has a table only: its set points are capped at five a deal and count towards sets
and game points by the state of the set, so no score of one deal is what both sides bid for.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from .bids import Bid, Strain, parse_call
from .cards import Card, Suit
from .contract_scoring import Side, board_vulnerable
from .double_dummy import Budget, Ending, SearchLimit, Solver
from .variant import Sides
from .variants import variant_named
from .wire import AnalysisDoc, DealRecord, ParContractDoc, ParDoc, TrickTableDoc, VulnerableDoc

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable

#: Search nodes one Floating Bridge table may visit: some 40 s of CPython on this machine, up to
#: about 70 s under load (bench/analysis.py), inside the trigger's time.
FLOATING_BUDGET = 3_000_000
#: The strains in table order (`TrickTableDoc`'s C, D, H, S, NT).
STRAINS: tuple[Strain, ...] = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP)
#: A trick table: by strain, by declarer position (None: unknown).
Table = dict[Strain, list[int | None]]
#: The hands by position.
Hands = tuple[tuple[Card, ...], ...]
#: endplay's `Penalty` (undoubled 0 or "passed" 1, doubled 2, redoubled 3) as a record writes it.
_DOUBLED: dict[int, Literal["X", "XX"] | None] = {0: None, 1: None, 2: "X", 3: "XX"}


def analyse(record: DealRecord, budget: int = FLOATING_BUDGET) -> AnalysisDoc | None:
    """The double-dummy analysis of a finished deal's record (None when it cannot have one: its
    hands are not all there, or a Floating Bridge deal has no contract to give it sides).
    `budget`: search nodes for a table our search solves (Floating Bridge, Memory Bridge)."""
    variant = variant_named(record["variant"])
    hands = tuple(tuple(sorted(Card.parse(text) for text in hand["cards"])) for hand in record["hands"])
    if len(hands) != variant.seats or any(len(hand) != variant.hand_size for hand in hands):
        return None
    contract = record["contract"]
    par: ParDoc | None = None
    solver: Literal["dds", "search", "dds+search"]
    if variant.sides is Sides.PARTNER_CARD:
        if contract is None or record["partner"] is None:
            return None
        declarer, partner = contract["declarer"], record["partner"]
        sides = [0 if p in (declarer, partner) else 1 for p in range(variant.seats)]
        table, solver = floating_table(hands, declarer, partner, bid_of(contract["bid"]).strain, budget)
    elif variant.seats == 2:  # Memory Bridge: the player who does not declare leads
        sides = [0, 1]
        table, solver = searched_table(hands, (True, False), False, {s: [1, 0] for s in STRAINS}, budget), "search"
    else:  # fixed opposite pairs, any lead, the player left of the declarer leads: DDS's model
        assert not variant.play.trump_must_be_broken and not variant.play.declarer_leads_no_trump
        sides = [p % 2 for p in range(variant.seats)]
        raw = _dds(hands)
        dds = _tricks(raw)
        table, solver = {s: list[int | None](dds[s]) for s in STRAINS}, "dds"
        if variant.name == "contract":
            par = contract_par(hands, _vulnerability(record), record["dealer"], raw)
    doc: TrickTableDoc = {"C": table[Strain.CLUBS], "D": table[Strain.DIAMONDS], "H": table[Strain.HEARTS],
                          "S": table[Strain.SPADES], "NT": table[Strain.NO_TRUMP]}
    complete = all(t is not None for row in table.values() for t in row)
    return {"tricks": doc, "sides": sides, "complete": complete, "solver": solver, "par": par}


def floating_table(hands: Hands, declarer: int, partner: int, strain: Strain,
                   budget: int) -> tuple[Table, Literal["search", "dds+search"]]:
    """Floating Bridge's table for the deal's sides (`declarer` and `partner`, the same position
    for a declarer alone, against the rest): in no trump the declarer leads, in a suit the
    player on the declarer's left; trump may not be led until broken. The deal's own contract
    (`strain` by `declarer`) is searched first; see the module's docstring for the budget."""
    side = tuple(p in (declarer, partner) for p in range(4))
    leaders = {s: [p if s is Strain.NO_TRUMP else (p + 1) % 4 for p in range(4)] for s in STRAINS}
    if (partner - declarer) % 4 != 2:
        return searched_table(hands, side, True, leaders, budget, first=(strain, declarer)), "search"
    # Opposite pairs: DDS's table holds the no-trump row (the trump rule does not touch it) and
    # first guesses for the others. DDS's declarer d has d + 1 lead; here the declarer leads in
    # no trump, so declarer d's side takes what the other side's declarer d - 1 does not.
    dds = dds_table(hands)
    suits: dict[Strain, list[int]] = {s: leaders[s] for s in STRAINS if s is not Strain.NO_TRUMP}
    table = searched_table(hands, side, True, suits, budget, first=(strain, declarer),
                           guesses={s: dds[s] for s in suits})
    table[Strain.NO_TRUMP] = [13 - dds[Strain.NO_TRUMP][(p + 3) % 4] for p in range(4)]
    return table, "dds+search"


def searched_table(hands: Hands, side: tuple[bool, ...], must_break: bool, leaders: dict[Strain, list[int]],
                   budget: int | None = None, first: tuple[Strain, int] | None = None,
                   guesses: dict[Strain, Sequence[int]] | None = None) -> Table:
    """A table by our search: for each strain in `leaders` and declarer position `p`, the
    tricks `p`'s side takes when `leaders[strain][p]` leads, `side` giving the sides. The
    searches of a strain share their transposition table. With a `budget` (nodes) the cell
    `first` (strain, declarer) is searched first with up to half of it, then the others in
    rounds: a sixty-fourth of the budget each in the first, four times as much in each next one
    for those that ran out (never more than an equal share of what is left), while a
    sixty-fourth is left; a cell still unknown then is None. `guesses[strain][p]` (tricks for
    `p`'s side) start a cell's search."""
    seats, size = len(hands), len(hands[0])
    order = [(s, p) for s in leaders for p in range(seats)]
    if first is not None and first in order:
        order.remove(first)
        order.insert(0, first)
    searches: list[tuple[Strain, int, int]] = []  # strain, leader, a declarer it serves
    for strain, position in order:
        if all((strain, leaders[strain][position]) != (s, leader) for s, leader, _ in searches):
            searches.append((strain, leaders[strain][position], position))
    shared = Budget(1 << 62)
    solvers: dict[Strain, Solver] = {}
    known: dict[tuple[Strain, int], int | None] = dict.fromkeys(((s, leader) for s, leader, _ in searches))
    remaining, pending, round_ = budget, searches, 0
    while pending:
        # Rounds of growing shares: the easy searches finish in the first, the hard ones get
        # more each round (their tables are kept, so what they learnt is not lost).
        unknown = []
        share = 1 << 62 if budget is None else max(1, budget // 64) << 2 * round_
        for index, (strain, leader, position) in enumerate(pending):
            trump = strain.trump
            solver = solvers.setdefault(strain, Solver(seats, trump, side, must_break, shared))
            guess: int | None = None
            if guesses is not None and strain in guesses:
                tricks = guesses[strain][position]
                guess = tricks if side[position] else size - tricks
            elif (found := [t for (s, _), t in known.items() if s is strain and t is not None]):
                guess = found[-1]
            if remaining is None or budget is None:
                allowance = 1 << 62
            elif first is not None and round_ == 0 and index == 0:
                allowance = remaining // 2  # the deal's own contract
            else:
                allowance = min(share, remaining // (len(pending) - index))
            shared.nodes = allowance
            try:
                known[strain, leader] = solver.most_tricks(Ending(hands, leader, trump, side), guess)
            except SearchLimit:
                unknown.append((strain, leader, position))
            if remaining is not None:
                remaining -= allowance - max(shared.nodes, 0)
        if remaining is None or budget is None or not unknown or remaining < max(1, budget // 64):
            break
        pending, round_ = unknown, round_ + 1
    table: Table = {}
    for strain, row in leaders.items():
        table[strain] = []
        for position, leader in enumerate(row):
            side_tricks = known[strain, leader]
            table[strain].append(None if side_tricks is None else side_tricks if side[position] else size - side_tricks)
    return table


def dds_table(hands: Sequence[Sequence[Card]]) -> dict[Strain, tuple[int, ...]]:
    """DDS's table of a four-hand deal (positions 0-3 North, East, South, West): by strain, for
    each declarer position, the tricks its side takes with the player on its left leading."""
    return _tricks(_dds(hands))


def contract_par(hands: Sequence[Sequence[Card]], vulnerable: VulnerableDoc, dealer: int,
                 table: DDTable | None = None) -> ParDoc:
    """Contract bridge's par, from DDS (`DealerPar`, through endplay's `par`): the score for
    North-South and the contracts that score it, with the tricks DDS's `table` of the deal
    (computed if not given) gives each."""
    from endplay.dds import par
    from endplay.types import Player, Vul

    table = table or _dds(hands)
    tricks = _tricks(table)
    result = par(table, Vul(_vul(vulnerable)), Player(dealer))
    contracts: list[ParContractDoc] = []
    for found in result:
        strain = _strain(int(found.denom))
        declarer = int(found.declarer)  # endplay's Player: north 0 … west 3, as positions
        contracts.append({"bid": str(Bid(int(found.level), strain)), "declarer": declarer,
                          "doubled": _DOUBLED[int(found.penalty)], "tricks": tricks[strain][declarer]})
    return {"score": int(result.score), "contracts": contracts, "vulnerable": vulnerable, "dealer": dealer}


def _dds(hands: Sequence[Sequence[Card]]) -> DDTable:
    from endplay.dds import calc_dd_table  # endplay is slow to import: only when a table is wanted
    from endplay.types import Deal

    return calc_dd_table(Deal("N:" + " ".join(_pbn_hand(hand) for hand in hands)))


def _tricks(table: DDTable) -> dict[Strain, tuple[int, ...]]:
    from endplay.types import Denom, Player

    return {strain: tuple(table[Denom(_denom(strain)), Player(p)] for p in range(4)) for strain in STRAINS}


def bid_of(text: str) -> Bid:
    """The bid `text` names (a contract's)."""
    call = parse_call(text)
    assert isinstance(call, Bid)
    return call


def _vulnerability(record: DealRecord) -> VulnerableDoc:
    """The record's vulnerability; a record without one (written before it was kept) is
    vulnerable by its board number if it has one, else neither side is."""
    vulnerable = record.get("vulnerable")
    if vulnerable is not None:
        return {"NS": bool(vulnerable["NS"]), "EW": bool(vulnerable["EW"])}
    board = record.get("board")
    if isinstance(board, int):
        return {"NS": board_vulnerable(board, Side.NS), "EW": board_vulnerable(board, Side.EW)}
    return {"NS": False, "EW": False}


# ----- endplay's numbers: Denom spades 0 … clubs 3, nt 4; Player north 0 … west 3 (positions) --


def _denom(strain: Strain) -> int:
    return 4 if strain is Strain.NO_TRUMP else 3 - int(strain)


def _strain(denom: int) -> Strain:
    return Strain.NO_TRUMP if denom == 4 else Strain(3 - denom)


def _vul(vulnerable: VulnerableDoc) -> int:
    """DDS's vulnerability: 0 none, 1 both, 2 North-South, 3 East-West."""
    return {(False, False): 0, (True, True): 1, (True, False): 2, (False, True): 3}[
        (vulnerable["NS"], vulnerable["EW"])]


def _pbn_hand(hand: Sequence[Card]) -> str:
    """A hand in PBN: spades, hearts, diamonds, clubs, each highest first."""
    return ".".join("".join(card.rank.letter for card in sorted((c for c in hand if c.suit == suit), reverse=True))
                    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
