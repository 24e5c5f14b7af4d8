"""Room settings: which game a room plays and by which rules (SPEC §4, §9, §11)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import BridgeError, Reason
from .request import Value, flag, one_of, whole
from .variants import DEFAULT_VARIANT, VARIANTS, variant_named

#: SPEC §9: deals in a match, 1-100, or 0 for no fixed end.
MAX_DEALS = 100
#: docs/MEMORY.md: the score that ends a match of Memory Bridge.
MIN_TARGET_SCORE, MAX_TARGET_SCORE = 100, 5000
#: SPEC §10: a turn timer of 10-600 seconds, or 0 for none.
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 10, 600

#: The `botLevel` setting: how the room's bots play (SPEC §10; docs/DECISIONS.md "The thinking
#: bot"). `basic`: the variant's own bot, which decides at once; `thinking`: the card play searches
#: sampled layouts of the hidden cards, the same time for every card (`thinking_bot.THINKING_BOT`).
BOT_LEVELS = ("basic", "thinking")

SettingValue = bool | int | str


def _invalid(message: str) -> BridgeError:
    return BridgeError(Reason.INVALID_SETTINGS, message)


def _boolean(name: str) -> Value[bool]:
    return flag(f"Setting '{name}' must be true or false.", Reason.INVALID_SETTINGS)


def _deals(name: str) -> Value[int]:
    return whole(0, MAX_DEALS,
                 f"Setting '{name}' must be a whole number of deals, 1-{MAX_DEALS}, or 0 for no fixed end.",
                 Reason.INVALID_SETTINGS)


def _turn_seconds(name: str) -> Value[int]:
    return whole(MIN_TURN_SECONDS, MAX_TURN_SECONDS,
                 f"Setting '{name}' is 0 (no timer) or {MIN_TURN_SECONDS}-{MAX_TURN_SECONDS} seconds.",
                 Reason.INVALID_SETTINGS, or_zero=True)


def _target_score(name: str) -> Value[int]:
    return whole(MIN_TARGET_SCORE, MAX_TARGET_SCORE,
                 f"Setting '{name}' is a whole number of points, {MIN_TARGET_SCORE}-{MAX_TARGET_SCORE}.",
                 Reason.INVALID_SETTINGS)


def _bot_level(name: str) -> Value[str]:
    return one_of(BOT_LEVELS, f"Setting '{name}' is one of {', '.join(BOT_LEVELS)}.", Reason.INVALID_SETTINGS)


def _variant(name: str) -> Value[str]:
    return Value(lambda value: variant_named(value).name, {"type": "string", "enum": list(VARIANTS)})


def _scorings() -> tuple[str, ...]:
    """Every scoring some registered variant has."""
    return tuple(dict.fromkeys(scoring for variant in VARIANTS.values() for scoring in variant.scorings))


def _scoring(name: str) -> Value[str]:
    """One of the scorings some registered variant has, asked of the registry when parsed
    (whether the room's variant has it is checked with the whole change, `Settings.with_changes`)."""

    def parse(value: object) -> str:
        scorings = _scorings()
        if not isinstance(value, str) or value not in scorings:
            raise _invalid(f"Setting '{name}' is one of {', '.join(scorings)}.")
        return value

    return Value(parse, {"type": "string", "enum": list(_scorings())})


#: Wire name -> (attribute, the value it takes, given its name). Whether a `scoring` or an option
#: belongs to the room's variant is checked once the whole change is known (`Settings.with_changes`).
_KINDS: dict[str, tuple[str, Callable[[str], Value[SettingValue]]]] = {
    "variant": ("variant", _variant),
    "inviteOnly": ("invite_only", _boolean),
    "deals": ("deals", _deals),
    "scoring": ("scoring", _scoring),
    "turnSeconds": ("turn_seconds", _turn_seconds),
    "botReplacesLeaver": ("bot_replaces_leaver", _boolean),
    "botLevel": ("bot_level", _bot_level),
    "chat": ("chat", _boolean),
    "undo": ("undo", _boolean),
    "playAllTricks": ("play_all_tricks", _boolean),
    "washRule": ("wash_rule", _boolean),
    "honours": ("honours", _boolean),
    "targetScore": ("target_score", _target_score),
}
_WIRE = {name: (attribute, kind(name)) for name, (attribute, kind) in _KINDS.items()}
#: The `turnSeconds` setting's value, which a duplicate event's request takes too.
TURN_SECONDS: Value[int] = _turn_seconds("turnSeconds")
#: Settings every variant takes; the others are a variant's `options`.
_COMMON = ("variant", "inviteOnly", "deals", "scoring", "turnSeconds", "botReplacesLeaver", "botLevel", "chat", "undo")


@dataclass(frozen=True, slots=True)
class Settings:
    """`variant`: the game (`variants.VARIANTS`). `invite_only`: only invitees may join and read
    the room. `deals`: deals in the match (0: no fixed end). `scoring`: how the match is scored,
    one of the variant's `scorings`. `turn_seconds`: the turn timer (0: none); `bot_replaces_leaver`:
    a person who leaves during a deal is replaced by a bot and the deal goes on (SPEC §10);
    `bot_level`: how the bots play, one of `BOT_LEVELS` (it also makes the timed-out moves). `chat`:
    the table chat is open to players and spectators (SPEC §13). `undo`: a player may ask to take
    back their last action (SPEC §15).
    Floating Bridge options: `play_all_tricks`: play all 13 tricks instead of stopping once a side
    has reached its target (for every seat that may be the partner, SPEC §5.6); `wash_rule`:
    redeal automatically when any hand is weak (under 4 points).
    Contract bridge option: `honours`: score honours (SPEC §11).
    Memory Bridge option: `target_score`: the score that ends the match (docs/MEMORY.md)."""

    variant: str = DEFAULT_VARIANT
    invite_only: bool = False
    deals: int = 1
    scoring: str = "deals"
    turn_seconds: int = 0
    bot_replaces_leaver: bool = False
    bot_level: str = "basic"
    chat: bool = True
    undo: bool = True
    play_all_tricks: bool = False
    wash_rule: bool = True
    honours: bool = False
    target_score: int = 500

    @staticmethod
    def parse_changes(data: object) -> dict[str, SettingValue]:
        """Validate wire-form changes (`{"inviteOnly": true}`): known names, well-typed values."""
        if not isinstance(data, dict):
            raise _invalid("Settings must be an object.")
        changes: dict[str, SettingValue] = {}
        for name, value in data.items():
            if name not in _WIRE:
                raise _invalid(f"Unknown setting; the settings are {', '.join(_WIRE)}.")
            attribute, setting = _WIRE[name]
            changes[attribute] = setting.parse(value)
        return changes

    def with_changes(self, changes: Mapping[str, SettingValue]) -> Settings:
        """These settings with `changes` (from `parse_changes`), checked against the variant:
        `scoring` must be one of its scorings, `deals` 0 where the score sheet ends the match, and
        options of other variants may not be set. Choosing another variant takes that variant's
        default scoring and length unless they are given."""
        variant = variant_named(changes.get("variant", self.variant))
        if variant.name != self.variant and "scoring" not in changes:
            changes = {**changes, "scoring": variant.scorings[0]}
        if variant.name != self.variant and "deals" not in changes:
            changes = {**changes, "deals": 0 if changes["scoring"] in variant.sheet_ends else 1}
        new = replace(self, **changes)  # type: ignore[arg-type]  # keys are attribute names (parse_changes)
        if new.scoring not in variant.scorings:
            raise _invalid(f"Setting 'scoring' is one of {', '.join(variant.scorings)} in {variant.name}.")
        if new.scoring in variant.sheet_ends and new.deals != 0:
            raise _invalid(f"Setting 'deals' is 0 under {new.scoring} scoring: its score sheet ends the match.")
        for wire, (attribute, _) in _WIRE.items():
            if wire not in _COMMON and wire not in variant.options and attribute in changes:
                raise _invalid(f"Setting '{wire}' does not apply to {variant.name}.")
        return new

    def to_dict(self) -> dict[str, SettingValue]:
        """The wire form: the common settings and the variant's own options."""
        options = variant_named(self.variant).options
        return {wire: getattr(self, attribute) for wire, (attribute, _) in _WIRE.items()
                if wire in _COMMON or wire in options}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        return cls().with_changes(cls.parse_changes(dict(data)))


#: A request's `settings` (createGameRoom, updateRoomSettings): changes to a room's settings.
CHANGES: Value[dict[str, SettingValue]] = Value(Settings.parse_changes, {
    "description": "Settings to change: any of `SettingsDoc`'s.",
    "properties": {name: value.schema for name, (_, value) in _WIRE.items()},
    "title": "SettingsChanges",
    "type": "object",
    "additionalProperties": False,
}, title="SettingsChanges")
