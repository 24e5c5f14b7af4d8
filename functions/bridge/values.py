"""`evolve`: a copy of a frozen, slotted dataclass value with some fields changed."""
from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

V = TypeVar("V")
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__


def evolve(value: V, **changes: Any) -> V:
    """Like `dataclasses.replace`, several times faster: it copies the fields directly instead
    of re-running `__init__` through field introspection. The engine's values have no
    `__post_init__`, so nothing is skipped; moves call this on every card played."""
    cls = type(value)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes[name] if name in changes else getattr(value, name))
    return new
