"""Room settings: which rules a room plays by (SPEC §4)."""
from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import BridgeError, Reason

# Wire name -> attribute. Every setting is a boolean today; a variant selector would join here.
_WIRE_NAMES = {"inviteOnly": "invite_only", "playAllTricks": "play_all_tricks", "washRule": "wash_rule"}


@dataclass(frozen=True, slots=True)
class Settings:
    """`invite_only`: only invitees may join and read the room.
    `play_all_tricks`: play all 13 tricks instead of stopping once a side has reached its target
    (for every seat that may be the partner, SPEC §5.6).
    `wash_rule`: redeal automatically when any hand is weak (under 4 points)."""

    invite_only: bool = False
    play_all_tricks: bool = False
    wash_rule: bool = True

    @staticmethod
    def parse_changes(data: object) -> dict[str, bool]:
        """Validate wire-form changes (`{"inviteOnly": true}`): known names, boolean values."""
        if not isinstance(data, dict):
            raise BridgeError(Reason.INVALID_SETTINGS, "Settings must be an object.")
        changes = {}
        for name, value in data.items():
            if name not in _WIRE_NAMES:
                raise BridgeError(
                    Reason.INVALID_SETTINGS,
                    f"Unknown setting; the settings are {', '.join(_WIRE_NAMES)}.",
                )
            if not isinstance(value, bool):
                raise BridgeError(Reason.INVALID_SETTINGS, f"Setting '{name}' must be true or false.")
            changes[_WIRE_NAMES[name]] = value
        return changes

    def with_changes(self, changes: dict[str, bool]) -> Settings:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, bool]:
        return {wire: getattr(self, attr) for wire, attr in _WIRE_NAMES.items()}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        return cls().with_changes(cls.parse_changes(data))

