"""A setting one game or some games of the family take (`Option`), declared once, beside the rule
that reads it (issue 35): Memory Bridge's `targetScore` in `memory.py`, contract bridge's
`honours` in `contract.py`, the wash rule's `washRule` and the early end's `playAllTricks` in
`deal.py` beside the shared primitives that read them. A variant lists the options it offers
(`Variant.options`); `settings.Settings` holds the room's values of its variant's options, read
through the option (`TARGET_SCORE.of(settings)`), so that no shared module names a game's option.
An option's `Value` is both its check and its JSON Schema (`request.Value`), so the schema of a
request's `settings` comes from the registry too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from .errors import BridgeError, Reason
from .request import Value, flag, whole

if TYPE_CHECKING:
    from .settings import Settings

#: A setting's value in the wire form.
SettingValue = bool | int | str
V = TypeVar("V", bound=SettingValue)


def invalid(message: str) -> BridgeError:
    """A setting's name or value a room does not take."""
    return BridgeError(Reason.INVALID_SETTINGS, message)


@dataclass(frozen=True, slots=True)
class Option(Generic[V]):
    """A variant's own setting. `wire`: its name in the wire form (`Settings.to_dict`, the
    `settings` of a request), one name space with the common settings: variants offer the same
    option only by listing the same `Option`. `default`: its value where the room has not set it.
    `value`: what it takes (parsed from the wire form, else INVALID_SETTINGS naming it)."""

    wire: str
    default: V
    value: Value[V]

    def of(self, settings: Settings) -> V:
        """The room's value of this option (its default where the room's variant does not offer it)."""
        for wire, value in settings.options:
            if wire == self.wire:
                return cast(V, value)  # parsed by `value` when the settings were made
        return self.default


def switch(wire: str, default: bool) -> Option[bool]:
    """A true-or-false option named `wire`."""
    return Option(wire, default, flag(f"Setting '{wire}' must be true or false.", Reason.INVALID_SETTINGS))


def points(wire: str, default: int, low: int, high: int) -> Option[int]:
    """An option named `wire` that takes a whole number of points from `low` to `high`."""
    return Option(wire, default, whole(low, high, f"Setting '{wire}' is a whole number of points, {low}-{high}.",
                                       Reason.INVALID_SETTINGS))
