"""`evolve`: a copy of a frozen, slotted dataclass value with some fields changed."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

import pytest

from bridge import Room, Settings
from bridge.values import DERIVED, evolve


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int | None = 0
    label: str = ""
    norm: int | None = field(default=None, compare=False, repr=False, metadata=DERIVED)


def test_a_copy_has_the_fields_given_and_keeps_the_others_as_dataclasses_replace_does() -> None:
    point = Point(1, 2, "a")
    for changes in ({}, {"x": 5}, {"y": None}, {"label": "b", "x": 0}, {"x": 1, "y": 2, "label": "a"}):
        copy = evolve(point, **changes)
        assert copy is not point
        assert type(copy) is Point
        assert copy == dataclasses.replace(point, **changes)
        assert (copy.x, copy.y, copy.label) == (changes.get("x", 1), changes.get("y", 2), changes.get("label", "a"))
    assert (point.x, point.y, point.label) == (1, 2, "a")  # the original is untouched


def test_a_derived_field_is_reset_unless_given() -> None:
    cached = Point(3, 4, norm=5)
    assert evolve(cached, label="b").norm is None
    assert evolve(cached, x=6, norm=10).norm == 10


def test_a_copy_stays_frozen() -> None:
    copy = evolve(Point(1), x=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.x = 3  # type: ignore[misc]


def test_the_room_copies_every_field() -> None:
    room = Room.create("ann", "Ann", Settings())
    copy = evolve(room, host="ben", regrouping=True)
    assert (copy.host, copy.regrouping) == ("ben", True)
    assert all(getattr(copy, f.name) == getattr(room, f.name)
               for f in dataclasses.fields(Room) if f.name not in ("host", "regrouping"))


def test_only_slotted_dataclasses_are_copied() -> None:
    @dataclass(frozen=True)
    class Unslotted:
        x: int

    with pytest.raises(AssertionError, match="slotted dataclasses only"):
        evolve(Unslotted(1), x=2)
