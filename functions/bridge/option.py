"""A setting one game or some games of the family take (`Option`), declared once, beside the rule
that reads it (issue 35): Memory Bridge's `targetScore` in `memory.py`, contract bridge's
`honours` in `contract.py`, the wash rule's `washRule` and the early end's `playAllTricks` in
`deal.py` beside the shared primitives that read them. A variant lists the options it offers
(`Variant.options`); `settings.Settings` holds the room's values of its variant's options, read
through the option (`TARGET_SCORE.of(settings)`), so that no shared module names a game's option.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from .errors import BridgeError, Reason

if TYPE_CHECKING:
    from .settings import Settings

#: A setting's value in the wire form.
SettingValue = bool | int | str
V = TypeVar("V", bound=SettingValue)


def invalid(message: str) -> BridgeError:
    """A setting's name or value a room does not take."""
    return BridgeError(Reason.INVALID_SETTINGS, message)


def boolean(name: str, value: object) -> bool:
    """The check of a true-or-false setting `name`."""
    if not isinstance(value, bool):
        raise invalid(f"Setting '{name}' must be true or false.")
    return value


@dataclass(frozen=True, slots=True)
class Option(Generic[V]):
    """A variant's own setting. `wire`: its name in the wire form (`Settings.to_dict`, the
    `settings` of a request), one name space with the common settings: variants offer the same
    option only by listing the same `Option`. `default`: its value where the room has not set it.
    `check`: the value from the wire form, `check(wire, value)`, or INVALID_SETTINGS."""

    wire: str
    default: V
    check: Callable[[str, object], V]

    def of(self, settings: Settings) -> V:
        """The room's value of this option (its default where the room's variant does not offer it)."""
        for wire, value in settings.options:
            if wire == self.wire:
                return cast(V, value)  # checked by `check` when the settings were made
        return self.default
