"""Callable requests, declared once: each request is a frozen dataclass (`@request`, a subclass
of `Request`) whose fields name their wire field and the `Value` it takes (`wire`). From that
one declaration come

- the server's parsing (`Request.parse`): the typed request a callable works with, or the
  error a client sees, before any Firestore access;
- the JSON Schema of the request (`Request.definitions`), which `scripts/export-schema` writes
  into docs/schema.json, and from which the web client's `web/src/types.ts` is generated.

A `Value` carries its parser and the schema of what that parser accepts side by side, built by
the same constructor from the same bounds (`matching`, `whole`, `one_of`, `flag`, `list_of`), so
the schema states the rule the server enforces wherever JSON Schema can (patterns, ranges,
enums); where it cannot (text counted once trimmed), the schema is looser and its
`description` says the rest.
"""
from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar, dataclass_transform, overload

from .errors import BridgeError, Reason

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)
D = TypeVar("D")
S = TypeVar("S", bound=str)
R = TypeVar("R", bound="Request")

#: The key of a request field's wire name and `Value` in its dataclass field's metadata.
_WIRE = "wire"


@dataclass(frozen=True, slots=True)
class Value(Generic[T_co]):
    """What a field of a request takes: `parse` turns the JSON value into the typed value, or
    raises the `BridgeError` the client sees; `schema` is the JSON Schema of the values `parse`
    accepts. A `title` names the schema in docs/schema.json's `$defs`, where the requests that
    take it refer to it (`reference`)."""

    parse: Callable[[Any], T_co]
    schema: Mapping[str, Any]
    title: str | None = None

    @property
    def reference(self) -> Mapping[str, Any]:
        """The schema as a request's property: a `$ref` to its definition when it has a title."""
        return {"$ref": f"#/$defs/{self.title}"} if self.title else self.schema


def matching(pattern: str, message: str) -> Value[str]:
    """A string that `pattern` matches whole, else INVALID_ARGUMENT with `message`. The schema's
    `pattern` is `pattern` anchored: write it in the syntax Python and ECMA-262 (JSON Schema's
    regular expressions) read alike."""
    compiled = re.compile(pattern)

    def parse(value: Any) -> str:
        if not isinstance(value, str) or not compiled.fullmatch(value):
            raise BridgeError(Reason.INVALID_ARGUMENT, message)
        return value

    return Value(parse, {"type": "string", "pattern": f"^(?:{pattern})$"})


def whole(low: int, high: int, message: str, reason: Reason = Reason.INVALID_ARGUMENT, *,
          or_zero: bool = False) -> Value[int]:
    """A whole number from `low` to `high` (or 0, when `or_zero`: 0 for "none"), else `reason`
    with `message`. A JSON number with a fraction (`2.0`) or a boolean is not a whole number."""

    def parse(value: Any) -> int:
        if (isinstance(value, bool) or not isinstance(value, int)
                or not (low <= value <= high or (or_zero and value == 0))):
            raise BridgeError(reason, message)
        return value

    schema: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    if or_zero:  # 0 to `high`, but none of 1 to `low` - 1
        schema |= {"minimum": 0, "not": {"minimum": 1, "maximum": low - 1}}
    return Value(parse, schema)


def one_of(choices: tuple[S, ...], message: str, reason: Reason = Reason.INVALID_ARGUMENT) -> Value[S]:
    """One of the strings `choices` (the members of a `StrEnum`, say: the member is the value),
    else `reason` with `message`."""

    def parse(value: Any) -> S:
        if not isinstance(value, str) or value not in choices:
            raise BridgeError(reason, message)
        return choices[choices.index(value)]

    return Value(parse, {"type": "string", "enum": [str(choice) for choice in choices]})


def flag(message: str, reason: Reason = Reason.INVALID_ARGUMENT) -> Value[bool]:
    """`true` or `false`, else `reason` with `message`."""

    def parse(value: Any) -> bool:
        if not isinstance(value, bool):
            raise BridgeError(reason, message)
        return value

    return Value(parse, {"type": "boolean"})


def list_of(item: Value[T], message: str) -> Value[tuple[T, ...]]:
    """A list of `item`s (INVALID_ARGUMENT with `message` if not a list; each item's own error if
    one is bad). How long it may be is the rule of whoever uses it; the request's size bounds it."""

    def parse(value: Any) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise BridgeError(Reason.INVALID_ARGUMENT, message)
        return tuple(item.parse(each) for each in value)

    return Value(parse, {"type": "array", "items": item.reference})


@overload
def wire(name: str, value: Value[T]) -> T: ...


@overload
def wire(name: str, value: Value[T], *, default: D) -> T | D: ...


def wire(name: str, value: Value[Any], *, default: Any = MISSING) -> Any:
    """Declare a request field: wire field `name` takes `value`. Required unless it has a
    `default`, which an absent field takes."""
    return field(default=default, metadata={_WIRE: (name, value)})


class Request:
    """A callable's request (`data`). Subclasses are declared with `@request`."""

    __slots__ = ()

    #: The request's fields by wire name, as (attribute, value): a class's own fields before those
    #: it inherits (`roomID`, `bid`, `alert`, then `expectedVersion`, `requestID`).
    wire_fields: ClassVar[Mapping[str, tuple[str, Value[Any]]]]
    #: The wire names of the fields without a default.
    required: ClassVar[tuple[str, ...]]

    @classmethod
    def parse(cls, data: Any) -> Self:
        """`data` as this request: an object with none but the declared fields and every required
        one (a request with none required may also be null), each value as its `Value` parses it,
        in the order of `wire_fields` (the first bad one is the error). An absent optional field
        takes its default. Every refusal names what was wrong; the value's own reason, or
        INVALID_ARGUMENT."""
        if data is None and not cls.required:
            data = {}
        if not isinstance(data, dict):
            raise _invalid("The request data must be an object.")
        for name in data:
            if name not in cls.wire_fields:
                raise _invalid(f"Unknown field; this call takes {', '.join(cls.wire_fields)}.")
        for name in cls.required:
            if name not in data:
                raise _invalid(f"Missing field '{name}'.")
        return cls(**{attribute: value.parse(data[name])
                      for name, (attribute, value) in cls.wire_fields.items() if name in data})

    @classmethod
    def definitions(cls) -> dict[str, Mapping[str, Any]]:
        """The JSON Schema definitions of this request: the request's own, by the class's name (its
        docstring its description; no fields but its own: `additionalProperties` false), and
        those of the titled values it refers to."""
        own: dict[str, Any] = {
            "description": inspect.cleandoc(cls.__doc__ or ""),
            "properties": {name: value.reference for name, (_, value) in cls.wire_fields.items()},
            "required": list(cls.required),
            "title": cls.__name__,
            "type": "object",
            "additionalProperties": False,
        }
        if not cls.required:
            del own["required"]
        named = {value.title: value.schema for _, value in cls.wire_fields.values() if value.title}
        return {cls.__name__: own, **named}


def _invalid(message: str) -> BridgeError:
    return BridgeError(Reason.INVALID_ARGUMENT, message)


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(wire,))
def request(cls: type[R]) -> type[R]:
    """Declare `cls` (a `Request` with a docstring, every field a `wire`) as a frozen, slotted,
    keyword-only dataclass, and gather its wire fields."""
    if not cls.__doc__:
        raise TypeError(f"{cls.__name__}: a request's docstring is its schema's description")
    declared = dataclass(frozen=True, slots=True, kw_only=True)(cls)
    by_name: dict[str, Field[Any]] = vars(declared)["__dataclass_fields__"]
    order = dict.fromkeys(name for klass in declared.__mro__ for name in vars(klass).get("__annotations__", {})
                          if name in by_name)
    wires = [(by_name[attribute], *by_name[attribute].metadata[_WIRE]) for attribute in order]
    declared.wire_fields = {name: (each.name, value) for each, name, value in wires}
    declared.required = tuple(name for each, name, _ in wires if each.default is MISSING)
    return declared
