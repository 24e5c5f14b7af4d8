"""Duplicate bridge's arithmetic (docs/DUPLICATE.md): each board's dealer and vulnerability, a
board's score at one table, IMPs, matchpoints, and the Mitchell movement. Pure values only; the
events that use them are built on top.
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from .contract_scoring import Form, Sheet, Side, board_vulnerable
from .deal import Contract
from .dealing import Board

__all__ = ["Meeting", "board_score", "board_vulnerable", "imps", "matchpoints", "mitchell"]

def board_score(board: int, contract: Contract | None, tricks: int) -> int:
    """The board's score at one table, for North-South (East-West score its negative): the
    contract's points with the board's vulnerability and, when made, 300 / 500 for a game (100
    or more trick points) or 50 for a part score (`Form.DUPLICATE`). A passed-out board (no
    contract) scores 0."""
    if contract is None:
        return 0
    entries = Sheet(Form.DUPLICATE).entered(contract, tricks, Board(board, ()).dealer, board=board).last
    return sum(e.points if e.side is Side.NS else -e.points for e in entries)


#: The lowest difference of each IMP band, from 1 IMP to 24.
_IMP_FLOORS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
               2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: int) -> int:
    """The IMPs for a score difference (signed as the difference): 0-10 is 0, 20-40 is 1, …,
    4000 and more is 24."""
    won = bisect_right(_IMP_FLOORS, abs(difference))
    return won if difference >= 0 else -won


def matchpoints(scores: Sequence[int]) -> tuple[int, ...]:
    """Each score's matchpoints among the scores of one board for one direction: 2 for each
    other score it beats, 1 for each it ties."""
    return tuple(sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1
                 for mine in scores)


@dataclass(frozen=True, slots=True)
class Meeting:
    """One table in one round of a movement: North-South pair `ns` (who stay at their table),
    East-West pair `ew`, and the set of boards `board_set` (0-based) they play."""

    table: int
    ns: int
    ew: int
    board_set: int


def mitchell(tables: int) -> tuple[tuple[Meeting, ...], ...]:
    """The Mitchell movement for `tables` tables, round by round. North-South pair t stays at
    table t; East-West pairs move up one table a round and board sets down one. With an even
    number of tables the East-West pairs skip a table after half the rounds, and there are
    `tables - 1` rounds (a last round would meet the first opponents again); with an odd number,
    `tables` rounds."""
    rounds = tables if tables % 2 else tables - 1
    movement = []
    for r in range(rounds):
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        movement.append(tuple(Meeting(t, t, (t - r - skip) % tables, (t + r) % tables) for t in range(tables)))
    return tuple(movement)
