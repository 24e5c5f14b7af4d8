"""Scoring against the field, restated plainly from the rules (docs/TOURNAMENTS.md): the tests'
oracle for `bridge.tournament`, in the engine and through the emulators. Imports nothing from
the engine."""
from __future__ import annotations

from fractions import Fraction

#: IMPs for a difference: the lowest difference of each band, 1 IMP to 24 (the WBF scale).
IMP_BANDS = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000,
             2250, 2500, 3000, 3500, 4000]


def imps(difference: int) -> int:
    won = sum(1 for floor in IMP_BANDS if abs(difference) >= floor)
    return won if difference >= 0 else -won


def matchpoint_percent(mine: int, others: list[int]) -> Fraction:
    """2 for each other result beaten, 1 for each tied, over 2 for each other result (alone: 50 %)."""
    if not others:
        return Fraction(50)
    return Fraction(100 * sum(2 if mine > o else 1 if mine == o else 0 for o in others), 2 * len(others))


def cross_imps(mine: int, others: list[int]) -> Fraction:
    """The mean of the IMPs won or lost against each other result (alone: 0)."""
    return Fraction(sum(imps(mine - o) for o in others), len(others)) if others else Fraction(0)
