"""`evolve`: a copy of a frozen, slotted dataclass value with some fields changed; `DERIVED`
marks a field that caches what the others determine."""
from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, fields
from types import MemberDescriptorType
from typing import Any, TypeVar

V = TypeVar("V")
#: The metadata of a field that only caches what the value's other fields determine (declare it
#: `compare=False, repr=False` with a default): `evolve` resets it to its default unless it is
#: given, so a copy with other fields changed never keeps a stale cache.
DERIVED = {"derived": True}
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(value: V, **changes: Any) -> V:
    """Like `dataclasses.replace`, several times faster: a copier made once per class sets each
    field directly instead of re-running `__init__` through field introspection. The engine's
    values have no `__post_init__`, so nothing is skipped; moves call this on every card played.
    A `DERIVED` field not in `changes` is reset to its default."""
    cls = type(value)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    new: V = copier(value, changes)
    return new


def _copier(cls: Any) -> Callable[[Any, dict[str, Any]], Any]:
    """`copy(value, changes)` for `cls`: one line per field, no loop, no `getattr`; each field
    is written through its slot's own descriptor (a frozen class's `__setattr__` refuses, and
    `object.__setattr__` costs a third more)."""
    defaults: dict[str, Any] = {}
    namespace: dict[str, Any] = {"make": object.__new__, "cls": cls, "defaults": defaults}
    lines = []
    for i, f in enumerate(fields(cls)):
        slot = inspect.getattr_static(cls, f.name, None)
        assert isinstance(slot, MemberDescriptorType), f"{cls.__name__}: evolve copies slotted dataclasses only"
        namespace[f"set{i}"] = slot.__set__
        kept = f"value.{f.name}"
        if f.metadata.get("derived"):
            assert f.default is not MISSING, f"{cls.__name__}.{f.name}: a derived field needs a default"
            defaults[f.name] = f.default
            kept = f"defaults[{f.name!r}]"
        lines.append(f"    set{i}(new, get({f.name!r}, {kept}))")
    source = "def copy(value, changes):\n    get = changes.get\n    new = make(cls)\n" + "\n".join(lines) + \
        "\n    return new\n"
    exec(source, namespace)  # the source is built from the class's own field names only
    copier: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]
    return copier
