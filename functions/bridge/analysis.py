"""The double-dummy analysis of a finished deal (SPEC §16): its trick table by strain and
declarer position and, in contract bridge, its par score, from its hand record.

One solver for every game: the engine's own native search (`double_dummy`), for the deal's
sides and the variant's play rules. Contract bridge and TigerBridge have DDS's model (fixed
opposite pairs, any card may be led, the player left of the declarer leads), and there the
search's tables are DDS's, cell for cell, in about the same time (bench/solver.py); Floating
Bridge's sides are the deal's (the partner may sit beside the declarer, or the declarer may play
alone), trump may not be led until broken and the declarer leads in no trump; Memory Bridge has
two hands. Contract bridge's par comes from the table (`par`, DDS's `DealerPar` rules). Every
cell is exact; the only bound is a ceiling on a table's nodes (`TABLE_NODES`), past every deal
measured, that keeps a trigger inside its time limit whatever the deal: a cell it left unknown
would be null, never a guess, and a table with one has no par.

TigerBridge has a table only: its set points are capped at five a deal and count towards sets
and game points by the state of the set, so no score of one deal is what both sides bid for.
"""
from __future__ import annotations

from .bids import Bid, Strain, parse_call
from .cards import Card
from .contract_scoring import Side, board_vulnerable
from .double_dummy import Budget, Ending, SearchLimit, Solver
from .variant import Variant
from .variants import variant_named
from .wire import AnalysisDoc, DealRecord, ParDoc, TrickTableDoc, VulnerableDoc

#: The ceiling on the nodes of one table: some two minutes on this machine, inside the trigger's
#: five; some twenty-five times what the hardest contract bridge deal of 1,000 needed, and past
#: every Floating Bridge record measured but one in 1,000 (bench/RESULTS.md): a safety bound.
TABLE_NODES = 1_000_000_000
#: The strains in table order (`TrickTableDoc`'s C, D, H, S, NT).
STRAINS: tuple[Strain, ...] = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP)
#: A trick table: by strain, by declarer position (None: unknown).
Table = dict[Strain, list[int | None]]
#: The hands by position.
Hands = tuple[tuple[Card, ...], ...]


def analyse(record: DealRecord, budget: int = TABLE_NODES) -> AnalysisDoc | None:
    """The double-dummy analysis of a finished deal's record (None when it cannot have one: its
    hands are not all there, or a Floating Bridge deal has no contract to give it sides).
    `budget`: the ceiling on the table's search nodes (cells past it are None, and then there is
    no par)."""
    variant = variant_named(record["variant"])
    hands = tuple(tuple(sorted(Card.parse(text) for text in hand["cards"])) for hand in record["hands"])
    if len(hands) != variant.seats or any(len(hand) != variant.hand_size for hand in hands):
        return None
    contract = record["contract"]
    declarer = contract["declarer"] if contract else None
    sides = variant.sides.table_sides(variant.seats, declarer, record["partner"])
    if sides is None:
        return None
    strain = bid_of(contract["bid"]).strain if contract else None
    table = deal_table(variant, hands, declarer, record["partner"], strain, budget)
    complete = all(t is not None for row in table.values() for t in row)
    result: ParDoc | None = None
    if variant.par is not None and complete:
        result = variant.par({s: [t for t in row if t is not None] for s, row in table.items()},
                             _vulnerability(record), record["dealer"])
    doc: TrickTableDoc = {"C": table[Strain.CLUBS], "D": table[Strain.DIAMONDS], "H": table[Strain.HEARTS],
                          "S": table[Strain.SPADES], "NT": table[Strain.NO_TRUMP]}
    return {"tricks": doc, "sides": list(sides), "complete": complete, "solver": "search", "par": result}


def opening_leaders(variant: Variant) -> dict[Strain, list[int]]:
    """By strain, who leads first when each position declares: the player on its left, but at no
    trump the declarer where the variant says so (Floating Bridge)."""
    return {strain: [p if strain is Strain.NO_TRUMP and variant.play.declarer_leads_no_trump else variant.left_of(p)
                     for p in range(variant.seats)] for strain in STRAINS}


def deal_table(variant: Variant, hands: Hands, declarer: int | None, partner: int | None,
               strain: Strain | None = None, budget: int | None = None) -> Table:
    """A deal's table by `variant`'s play rules (`opening_leaders`; whether trump may be led
    before it is broken), for the sides its declarer and partner give it (`SidesRule.table_sides`:
    they must). The deal's own contract (`strain` by `declarer`), if it had one, is searched
    first; `budget`: the ceiling on the table's nodes."""
    sides = variant.sides.table_sides(variant.seats, declarer, partner)
    assert sides is not None, "the declarer and partner give the sides"
    first = (strain, declarer) if strain is not None and declarer is not None else None
    return searched_table(hands, tuple(side == 0 for side in sides), variant.play.trump_must_be_broken,
                          opening_leaders(variant), budget, first)


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
