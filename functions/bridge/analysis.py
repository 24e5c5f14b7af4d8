"""The double-dummy analysis of a finished deal (SPEC §16): its trick table by strain and
declarer position and, in contract bridge, its par score, from its hand record.

Two solvers, chosen by measurement (bench/solver.py, on this 2-CPU machine):

- DDS (Haglund and Hein's double-dummy solver, through endplay) wherever its model is the
  variant's: four seats in fixed opposite pairs, any card may be led, the player left of the
  declarer leads (contract bridge, TigerBridge); par comes with it. Our native search is exact
  there too but not yet as fast (bench/RESULTS.md). The price is the dependency: 0.9 s to import
  (it loads numpy and matplotlib), 172 MB on disk with what it pulls in, 155 MB resident. So it
  is imported inside the functions that use it, never when `bridge` is imported: the callables'
  cold start does not change.
- The engine's own search (`double_dummy`, native) where DDS cannot model the game: Floating
  Bridge's sides are the deal's (the partner may sit beside the declarer, or the declarer may
  play alone), trump may not be led until broken, and the declarer leads in no trump; Memory
  Bridge has two hands. Every cell is exact: a whole Floating Bridge table takes well under a
  second at the median (bench/solver.py). The only bound is a ceiling on a table's nodes
  (`TABLE_NODES`), past every deal measured, that keeps a trigger inside its time limit whatever
  the deal: a cell it left unknown would be null, never a guess.

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
from .variant import Sides, Variant
from .variants import variant_named
from .wire import AnalysisDoc, DealRecord, ParContractDoc, ParDoc, TrickTableDoc, VulnerableDoc

if TYPE_CHECKING:
    from endplay.dds.ddtable import DDTable

#: The ceiling on the nodes of one table our search solves (Floating Bridge, Memory Bridge): some
#: two minutes on this machine, inside the trigger's five, and some hundred times what the hardest
#: of the deals measured needed (bench/solver.py): a safety bound no deal of a shuffled deck meets.
TABLE_NODES = 1_000_000_000
#: The strains in table order (`TrickTableDoc`'s C, D, H, S, NT).
STRAINS: tuple[Strain, ...] = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP)
#: A trick table: by strain, by declarer position (None: unknown).
Table = dict[Strain, list[int | None]]
#: The hands by position.
Hands = tuple[tuple[Card, ...], ...]
#: endplay's `Penalty` (undoubled 0 or "passed" 1, doubled 2, redoubled 3) as a record writes it.
_DOUBLED: dict[int, Literal["X", "XX"] | None] = {0: None, 1: None, 2: "X", 3: "XX"}


def analyse(record: DealRecord, budget: int = TABLE_NODES) -> AnalysisDoc | None:
    """The double-dummy analysis of a finished deal's record (None when it cannot have one: its
    hands are not all there, or a Floating Bridge deal has no contract to give it sides).
    `budget`: the ceiling on the nodes of a table our search solves (Floating Bridge, Memory Bridge)."""
    variant = variant_named(record["variant"])
    hands = tuple(tuple(sorted(Card.parse(text) for text in hand["cards"])) for hand in record["hands"])
    if len(hands) != variant.seats or any(len(hand) != variant.hand_size for hand in hands):
        return None
    contract = record["contract"]
    par: ParDoc | None = None
    solver: Literal["dds", "search"]
    if variant.sides is Sides.PARTNER_CARD:
        if contract is None or record["partner"] is None:
            return None
        declarer, partner = contract["declarer"], record["partner"]
        sides = [0 if p in (declarer, partner) else 1 for p in range(variant.seats)]
        table, solver = floating_table(hands, declarer, partner, bid_of(contract["bid"]).strain, budget), "search"
    elif variant.seats == 2:  # Memory Bridge: each player alone
        sides = [0, 1]
        table = searched_table(hands, (True, False), variant.play.trump_must_be_broken, opening_leaders(variant),
                               budget)
        solver = "search"
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


def opening_leaders(variant: Variant) -> dict[Strain, list[int]]:
    """By strain, who leads first when each position declares: the player on its left, but at no
    trump the declarer where the variant says so (Floating Bridge)."""
    return {strain: [p if strain is Strain.NO_TRUMP and variant.play.declarer_leads_no_trump else variant.left_of(p)
                     for p in range(variant.seats)] for strain in STRAINS}


def floating_table(hands: Hands, declarer: int, partner: int, strain: Strain, budget: int | None = None) -> Table:
    """Floating Bridge's table for the deal's sides (`declarer` and `partner`, the same position
    for a declarer alone, against the rest), by its play rules (`opening_leaders`; trump may not
    be led until broken). The deal's own contract (`strain` by `declarer`) is searched first;
    `budget`: the ceiling on the table's nodes."""
    floating = variant_named("floating")
    side = tuple(p in (declarer, partner) for p in range(floating.seats))
    return searched_table(hands, side, floating.play.trump_must_be_broken, opening_leaders(floating), budget,
                          first=(strain, declarer))


def searched_table(hands: Hands, side: tuple[bool, ...], must_break: bool, leaders: dict[Strain, list[int]],
                   budget: int | None = None, first: tuple[Strain, int] | None = None) -> Table:
    """A table by our search: for each strain in `leaders` and declarer position `p`, the
    tricks `p`'s side takes when `leaders[strain][p]` leads, `side` giving the sides. The cell
    `first` (strain, declarer), if given, is searched first, then the rest of its strain, then the
    other strains, each with one solver (its transposition table serves every leader of the
    strain, and each search starts from the last count found in the strain). With a `budget`
    (nodes, the whole table's ceiling) the cells still unsearched when it runs out are None."""
    seats, size = len(hands), len(hands[0])
    strains = sorted(leaders, key=lambda strain: first is None or strain is not first[0])  # the first's first
    shared = Budget(budget) if budget is not None else None
    known: dict[tuple[Strain, int], int | None] = {}
    for strain in strains:
        opening = [leaders[strain][first[1]]] if first is not None and strain is first[0] else []
        solver, guess = Solver(seats, strain.trump, side, must_break, shared), None
        for leader in dict.fromkeys([*opening, *leaders[strain]]):
            try:
                known[strain, leader] = guess = solver.most_tricks(Ending(hands, leader, strain.trump, side), guess)
            except SearchLimit:  # the ceiling: this cell and every one after it stay unknown
                known[strain, leader] = None
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
