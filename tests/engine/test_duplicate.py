"""Duplicate bridge's arithmetic (docs/DUPLICATE.md): board dealer and vulnerability, a board's
score, the IMP scale at every boundary, matchpoints with ties, and Mitchell movements."""
from __future__ import annotations

import pytest

from bridge.bids import Bid, Doubling, Strain
from bridge.contract_scoring import Side
from bridge.deal import Contract
from bridge.dealing import Board
from bridge.duplicate import board_score, board_vulnerable, imps, matchpoints, mitchell

#: The standard IMP scale: (lowest difference, highest difference, IMPs).
IMP_SCALE = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
             (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
             (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
             (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
             (3500, 3990, 23), (4000, 7600, 24)]
#: Vulnerability of boards 1-16 as printed on every board: N none, NS, EW, B both.
CYCLE = "N NS EW B NS EW B N EW B N NS B N NS EW".split()


@pytest.mark.parametrize(("low", "high", "won"), IMP_SCALE)
def test_the_imp_scale_at_every_boundary(low: int, high: int, won: int) -> None:
    for difference in (low, high):
        assert imps(difference) == won and imps(-difference) == -won


@pytest.mark.parametrize("board", range(1, 33))
def test_each_boards_dealer_and_vulnerability_follow_the_16_board_cycle(board: int) -> None:
    assert Board(board, ()).dealer == [0, 1, 2, 3][(board - 1) % 4]
    printed = CYCLE[(board - 1) % 16]
    assert board_vulnerable(board, Side.NS) == (printed in ("NS", "B"))
    assert board_vulnerable(board, Side.EW) == (printed in ("EW", "B"))


def contract(text: str, declarer: int) -> Contract:
    doubling = Doubling.REDOUBLED if text.endswith("XX") else Doubling.DOUBLED if text.endswith("X") else \
        Doubling.UNDOUBLED
    bid = text.rstrip("X")
    strain = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES, "NT": Strain.NO_TRUMP}
    level = int(bid[0])
    return Contract(declarer, Bid(level, strain[bid[1:]]), level + 6, 8 - level, doubling)


@pytest.mark.parametrize(("board", "text", "declarer", "tricks", "score"), [
    (1, "3NT", 0, 9, 400),        # not vulnerable game: 100 + 300
    (4, "3NT", 0, 9, 600),        # vulnerable game: 100 + 500
    (1, "4H", 2, 10, 420),
    (2, "4H", 2, 10, 620),        # board 2: NS vulnerable
    (1, "2S", 0, 9, 140),         # part score: 60 + 30 + 50
    (1, "1NTX", 0, 6, -100),      # doubled, down one, not vulnerable
    (3, "4S", 1, 10, -620),       # East-West's vulnerable game, from North-South's side
    (4, "7NTXX", 2, 13, 2980),    # 880 + 100 insult + 1500 grand slam + 500 game
    (1, "2CX", 0, 8, 180),        # doubled, 80 below is still a part score: 80 + 50 insult + 50
])
def test_a_boards_score_at_one_table(board: int, text: str, declarer: int, tricks: int, score: int) -> None:
    assert board_score(board, contract(text, declarer), tricks) == score


def test_a_passed_out_board_scores_nothing() -> None:
    assert board_score(5, None, 0) == 0


def test_matchpoints_two_for_each_score_beaten_one_for_each_tie() -> None:
    assert matchpoints([420, 420, 170, -50]) == (5, 5, 2, 0)
    assert matchpoints([100]) == (0,)
    for scores in ([1, 2, 3], [5, 5, 5, 5], [-100, 620, 620, 140, 170]):
        assert sum(matchpoints(scores)) == len(scores) * (len(scores) - 1)  # every comparison shared


@pytest.mark.parametrize("tables", range(3, 9))
def test_a_mitchell_movement_never_repeats_a_meeting_or_a_board(tables: int) -> None:
    movement = mitchell(tables)
    assert len(movement) == (tables if tables % 2 else tables - 1)
    met: set[tuple[int, int]] = set()
    played: set[tuple[str, int, int]] = set()
    for meetings in movement:
        assert [m.table for m in meetings] == list(range(tables))
        assert [m.ns for m in meetings] == list(range(tables))  # North-South pairs stay put
        assert sorted(m.ew for m in meetings) == list(range(tables))
        assert sorted(m.board_set for m in meetings) == list(range(tables))  # each set once, one table
        for m in meetings:
            assert (m.ns, m.ew) not in met
            met.add((m.ns, m.ew))
            for pair in (("NS", m.ns), ("EW", m.ew)):
                assert (*pair, m.board_set) not in played, (tables, pair, m.board_set)
                played.add((*pair, m.board_set))
