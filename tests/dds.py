"""DDS (Haglund and Hein's double-dummy solver, through endplay): the tests' independent oracle
where its rules are the game's (fixed opposite pairs, any lead, the player left of the declarer
leading): a deal's trick table and its par. endplay is a test dependency only
(requirements-dev.txt); the functions never import it."""
from __future__ import annotations

from collections.abc import Sequence

import endplay._dds as dds_lib
from endplay.dds import calc_dd_table, par
from endplay.dds.ddtable import DDTable
from endplay.types import Deal, Denom, Player, Vul

from bridge import Bid, Card, Strain
from bridge.analysis import STRAINS
from bridge.wire import ParDoc, VulnerableDoc

#: Our strains as DDS's denominations.
DENOMS = {Strain.NO_TRUMP: Denom.nt, Strain.SPADES: Denom.spades, Strain.HEARTS: Denom.hearts,
          Strain.DIAMONDS: Denom.diamonds, Strain.CLUBS: Denom.clubs}
#: A par contract as these tests compare it: bid, declarer, doubled ("X" or None).
ParContract = tuple[str, int, str | None]


def pbn_hand(hand: Sequence[Card]) -> str:
    """A hand as the Deal tag writes it: spades, hearts, diamonds, clubs, highest first."""
    return ".".join("".join(card.rank.letter for card in sorted(hand, reverse=True) if card.suit.letter == suit)
                    for suit in "SHDC")


def pbn_deal(hands: Sequence[Sequence[Card] | None]) -> str:
    """The Deal tag from North: each hand, `-` for a seat without one."""
    return "N:" + " ".join(pbn_hand(hand) if hand is not None else "-" for hand in (*hands, None, None)[:4])


def dds_raw(hands: Sequence[Sequence[Card]]) -> DDTable:
    """DDS's own table of four hands (positions 0-3 North, East, South, West)."""
    return calc_dd_table(Deal(pbn_deal(hands)))


def dds_table(hands: Sequence[Sequence[Card]], raw: DDTable | None = None) -> dict[Strain, list[int]]:
    """DDS's table of four hands as ours counts it: by strain, for each declarer position, the
    tricks its side takes from here on with the player on its left leading (DDS counts an
    ending's tricks already gone, 13 less its cards, as the declarer's)."""
    table = raw if raw is not None else dds_raw(hands)
    gone = 13 - len(hands[0])
    return {strain: [table[DENOMS[strain], Player(p)] - gone for p in range(4)] for strain in STRAINS}


def dds_par(raw: DDTable, vulnerable: VulnerableDoc, dealer: int) -> tuple[int, list[ParContract]]:
    """DDS's par (`DealerPar`, through endplay's `par`) of a table: North-South's score and the
    contracts, as endplay lists them (none when the deal is passed out)."""
    vul = {(False, False): Vul.none, (True, True): Vul.both, (True, False): Vul.ns, (False, True): Vul.ew}[
        (vulnerable["NS"], vulnerable["EW"])]
    result = par(raw, vul, Player(dealer))
    strains = {denom: strain for strain, denom in DENOMS.items()}
    contracts = [(str(Bid(c.level, strains[c.denom])), int(c.declarer), "X" if c.penalty.name == "doubled" else None)
                 for c in result if c.level > 0]
    return int(result.score), contracts


def dds_raw_of(table: dict[Strain, list[int]]) -> DDTable:
    """A table of ours as DDS's (any tricks in any cell, whether or not a deal could have them)."""
    data = dds_lib.ddTableResults()
    for strain, row in table.items():
        for p, tricks in enumerate(row):
            data.resTable[int(DENOMS[strain])][p] = tricks
    return DDTable(data)


def same_par(ours: ParDoc, theirs: tuple[int, list[ParContract]]) -> bool:
    """Whether our par is DDS's: the score, and the contracts with their declarers in DDS's
    order, each doubled as DDS has it, except that DDS 2.9 reports a sacrifice in the strain of
    the contract it outbids undoubled (its `DealerPar` writes it without its `*`, which
    `DealerParBin` reads): ours is doubled there, as every sacrifice is."""
    score, contracts = theirs
    return ours["score"] == score and len(ours["contracts"]) == len(contracts) and all(
        (mine["bid"], mine["declarer"]) == (bid, declarer) and mine["doubled"] in (doubled, doubled or "X")
        for mine, (bid, declarer, doubled) in zip(ours["contracts"], contracts, strict=True))
