"""Room settings: which game a room plays and by which rules (SPEC §4, §9, §11).

The common settings, which every variant takes, are `Settings`' fields, checked here; a variant's
own settings are its `option.Option`s, declared where their rules live and listed by the variants
that offer them (`Variant.options`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .errors import Reason
from .option import Option, SettingValue, invalid
from .request import Value, flag, one_of, whole
from .variants import DEFAULT_VARIANT, VARIANTS, variant_named

#: SPEC §9: deals in a match, 1-100, or 0 for no fixed end.
MAX_DEALS = 100
#: SPEC §10: a turn timer of 10-600 seconds, or 0 for none.
MIN_TURN_SECONDS, MAX_TURN_SECONDS = 10, 600

#: The `botLevel` setting: how the room's bots play (SPEC §10; docs/DECISIONS.md "The thinking
#: bot"). `basic`: the variant's own bot, which decides at once; `thinking`: the card play searches
#: sampled layouts of the hidden cards, the same time for every card (`thinking_bot.THINKING_BOT`).
BOT_LEVELS = ("basic", "thinking")

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
            raise invalid(f"Setting '{name}' is one of {', '.join(scorings)}.")
        return value

    return Value(parse, {"type": "string", "enum": list(_scorings())})


#: The common settings, which every variant takes: wire name -> (attribute, the value it takes).
#: Whether a `scoring` belongs to the room's variant is checked with the whole change
#: (`Settings.with_changes`).
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
}
_COMMON = {name: (attribute, kind(name)) for name, (attribute, kind) in _KINDS.items()}
#: The `turnSeconds` and `botLevel` settings' values, which a duplicate event's request takes too
#: (the event gives them to its tables).
TURN_SECONDS: Value[int] = _turn_seconds("turnSeconds")
BOT_LEVEL: Value[str] = _bot_level("botLevel")


def _options() -> dict[str, Option[Any]]:
    """Every registered variant's options by wire name, in the registry's order (asked when a
    change is parsed, so that a variant registered later brings its own)."""
    options: dict[str, Option[Any]] = {}
    for variant in VARIANTS.values():
        for option in variant.options:
            options.setdefault(option.wire, option)
    return options


@dataclass(frozen=True, slots=True)
class Settings:
    """`variant`: the game (`variants.VARIANTS`). `invite_only`: only invitees may join and read
    the room. `deals`: deals in the match (0: no fixed end). `scoring`: how the match is scored,
    one of the variant's `scorings`. `turn_seconds`: the turn timer (0: none); `bot_replaces_leaver`:
    a person who leaves during a deal is replaced by a bot and the deal goes on (SPEC §10);
    `bot_level`: how the bots play, one of `BOT_LEVELS` (it also makes the timed-out moves). `chat`:
    the table chat is open to players and spectators (SPEC §13). `undo`: a player may ask to take
    back their last action (SPEC §15).
    `options`: the values of the variant's own options (`Variant.options`), each read through
    its option (`TARGET_SCORE.of(settings)`), as `(wire name, value)` pairs in a canonical form:
    only the variant's options, only those not at their default, sorted by wire name, each
    value parsed by its option (made so whatever the pairs given: two settings with the same
    values are equal, and hash alike). `Settings.of(**wire)` makes settings from wire names."""

    variant: str = DEFAULT_VARIANT
    invite_only: bool = False
    deals: int = 1
    scoring: str = "deals"
    turn_seconds: int = 0
    bot_replaces_leaver: bool = False
    bot_level: str = "basic"
    chat: bool = True
    undo: bool = True
    options: tuple[tuple[str, SettingValue], ...] = ()

    def __post_init__(self) -> None:
        if not self.options:
            return
        offered = {option.wire: option for option in variant_named(self.variant).options}
        values = {wire: offered[wire].value.parse(value) for wire, value in self.options if wire in offered}
        canonical = tuple(sorted((wire, value) for wire, value in values.items() if value != offered[wire].default))
        if canonical != self.options:
            object.__setattr__(self, "options", canonical)

    @classmethod
    def of(cls, **wire: SettingValue) -> Settings:
        """The default settings with `wire` changes by their wire names (`Settings.of(variant=
        "memory", targetScore=300)`), checked as a client's (`from_dict`)."""
        return cls.from_dict(wire)

    @staticmethod
    def parse_changes(data: object) -> dict[str, SettingValue]:
        """Validate wire-form changes (`{"inviteOnly": true}`): known names, well-typed values;
        the changes by wire name."""
        if not isinstance(data, dict):
            raise invalid("Settings must be an object.")
        options = _options()
        changes: dict[str, SettingValue] = {}
        for name, value in data.items():
            if name in _COMMON:
                changes[name] = _COMMON[name][1].parse(value)
            elif name in options:
                changes[name] = options[name].value.parse(value)
            else:
                raise invalid(f"Unknown setting; the settings are {', '.join([*_COMMON, *options])}.")
        return changes

    def with_changes(self, changes: Mapping[str, SettingValue]) -> Settings:
        """These settings with `changes` (from `parse_changes`, by wire name), checked against
        the variant: `scoring` must be one of its scorings, `deals` 0 where the score sheet ends
        the match, and options it does not offer may not be set. Choosing another variant takes
        that variant's default scoring and length unless they are given (and keeps the options
        the new variant offers too)."""
        variant = variant_named(changes.get("variant", self.variant))
        if variant.name != self.variant and "scoring" not in changes:
            changes = {**changes, "scoring": variant.scorings[0]}
        if variant.name != self.variant and "deals" not in changes:
            changes = {**changes, "deals": 0 if changes["scoring"] in variant.sheet_ends else 1}
        common = {attribute: changes[wire] for wire, (attribute, _) in _COMMON.items() if wire in changes}
        new = replace(self, **common)  # type: ignore[arg-type]  # each value parsed by its name's Value
        if new.scoring not in variant.scorings:
            raise invalid(f"Setting 'scoring' is one of {', '.join(variant.scorings)} in {variant.name}.")
        if new.scoring in variant.sheet_ends and new.deals != 0:
            raise invalid(f"Setting 'deals' is 0 under {new.scoring} scoring: its score sheet ends the match.")
        offered = {option.wire: option for option in variant.options}
        for wire in _options():
            if wire in changes and wire not in offered:
                raise invalid(f"Setting '{wire}' does not apply to {variant.name}.")
        values = {**dict(self.options), **{wire: value for wire, value in changes.items() if wire in offered}}
        return replace(new, options=tuple(values.items()))

    def to_dict(self) -> dict[str, SettingValue]:
        """The wire form: the common settings and the variant's own options."""
        common = {wire: getattr(self, attribute) for wire, (attribute, _) in _COMMON.items()}
        return {**common, **{option.wire: option.of(self) for option in variant_named(self.variant).options}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        return cls().with_changes(cls.parse_changes(dict(data)))


#: A request's `settings` (createGameRoom, updateRoomSettings): changes to a room's settings, the
#: common ones and every registered variant's options.
CHANGES: Value[dict[str, SettingValue]] = Value(Settings.parse_changes, {
    "description": "Settings to change: any of `SettingsDoc`'s.",
    "properties": {name: value.schema for name, value in
                   {**{name: value for name, (_, value) in _COMMON.items()},
                    **{name: option.value for name, option in _options().items()}}.items()},
    "title": "SettingsChanges",
    "type": "object",
    "additionalProperties": False,
}, title="SettingsChanges")
