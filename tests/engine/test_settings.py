"""settings.py: the room rules and their wire form (SPEC §4)."""
from __future__ import annotations

from typing import NotRequired, get_args, get_origin, get_type_hints

import pytest

from bridge import Reason, Settings, wire
from bridge.contract import CONTRACT, HONOURS
from bridge.deal import PLAY_ALL_TRICKS, WASH_RULE
from bridge.floating import FLOATING
from bridge.memory import MEMORY, TARGET_SCORE
from bridge.settings import BOT_LEVELS
from bridge.tiger import TIGER
from bridge.variants import VARIANTS

from .conftest import rejects


def test_defaults_are_open_room_stop_at_target_wash_on_chat_on() -> None:
    assert Settings().to_dict() == {
        "variant": "floating", "inviteOnly": False, "deals": 1, "scoring": "deals", "turnSeconds": 0,
        "botReplacesLeaver": False, "botLevel": "basic", "chat": True, "undo": True, "playAllTricks": False,
        "washRule": True}


def test_settings_round_trip_through_the_wire_form() -> None:
    for invite_only in (False, True):
        for play_all in (False, True):
            for wash in (False, True):
                s = Settings.of(inviteOnly=invite_only, playAllTricks=play_all, washRule=wash)
                assert Settings.from_dict(s.to_dict()) == s
    for deals in (0, 1, 2, 100):
        for scoring in ("deals", "tricks"):
            s = Settings(deals=deals, scoring=scoring)
            assert Settings.from_dict(s.to_dict()) == s


def test_changes_use_wire_names_and_leave_other_settings_alone() -> None:
    changes = Settings.parse_changes({"playAllTricks": True, "washRule": False})
    assert changes == {"playAllTricks": True, "washRule": False}
    assert Settings().with_changes(changes) == Settings.of(inviteOnly=False, playAllTricks=True, washRule=False)
    assert Settings.parse_changes({}) == {}
    assert Settings.from_dict({"inviteOnly": True}) == Settings(invite_only=True)
    match = Settings.parse_changes({"deals": 0, "scoring": "tricks", "variant": "floating"})
    assert match == {"deals": 0, "scoring": "tricks", "variant": "floating"}
    assert Settings().with_changes(match) == Settings(deals=0, scoring="tricks")


@pytest.mark.parametrize("data", [
    {"inviteonly": True}, {"invite_only": True}, {"variant": "whist"}, {"inviteOnly": 1}, {"washRule": "false"},
    {"playAllTricks": None}, {"washRule": 0}, None, [], "inviteOnly", 1,
    {"deals": -1}, {"deals": 101}, {"deals": 1.5}, {"deals": True}, {"deals": "3"}, {"deals": None},
    {"scoring": "Rubber"}, {"scoring": 3}, {"honours": "yes"}, {"scoring": "Deals"}, {"variant": "Floating"},
    {"variant": None}, {"botLevel": "Thinking"}, {"botLevel": "expert"}, {"botLevel": 1}, {"botLevel": None},
])
def test_unknown_setting_or_bad_value_is_rejected(data: object) -> None:
    with rejects(Reason.INVALID_SETTINGS):
        Settings.parse_changes(data)


@pytest.mark.parametrize("changes", [
    {"scoring": "rubber"}, {"honours": True},                                   # contract bridge's, in Floating Bridge
    {"variant": "contract", "scoring": "deals"}, {"variant": "contract", "playAllTricks": True},
    {"variant": "contract", "washRule": False},                                 # Floating Bridge's, in contract bridge
    {"variant": "contract", "deals": 3},                                        # its sheet ends the match
])
def test_each_variants_scorings_and_options_belong_to_it_alone(changes: dict) -> None:
    with rejects(Reason.INVALID_SETTINGS):
        Settings().with_changes(Settings.parse_changes(changes))


def test_choosing_contract_bridge_takes_rubber_scoring_and_shows_its_own_options() -> None:
    settings = Settings().with_changes(Settings.parse_changes({"variant": "contract", "honours": True}))
    assert (settings.variant, settings.scoring, HONOURS.of(settings), settings.deals) == ("contract", "rubber", True, 0)
    wire = settings.to_dict()
    assert wire["honours"] is True and "washRule" not in wire and "playAllTricks" not in wire
    chicago = settings.with_changes(Settings.parse_changes({"scoring": "chicago"}))
    assert chicago.scoring == "chicago"


def test_the_bot_level_is_basic_or_thinking_in_every_variant() -> None:
    assert set(get_args(wire.BotLevel)) == set(BOT_LEVELS) == {"basic", "thinking"}
    for variant in ("floating", "contract", "tiger", "memory"):
        settings = Settings.from_dict({"variant": variant, "botLevel": "thinking"})
        assert settings.bot_level == "thinking" and settings.to_dict()["botLevel"] == "thinking"
        assert Settings.from_dict(settings.to_dict()) == settings


def test_a_variants_options_are_its_own_read_through_the_option_and_held_canonically() -> None:
    """Each option is declared once, beside its rule (`Variant.options`); the settings hold only
    the variant's options not at their default, whatever pairs they were given, so equal settings
    are equal values (and hash alike)."""
    assert FLOATING.options == (PLAY_ALL_TRICKS, WASH_RULE) and CONTRACT.options == (HONOURS,)
    assert MEMORY.options == (TARGET_SCORE,) and TIGER.options == ()
    assert Settings.of(washRule=True) == Settings() and Settings().options == ()
    assert (PLAY_ALL_TRICKS.of(Settings()), WASH_RULE.of(Settings()), HONOURS.of(Settings())) == (False, True, False)
    memory = Settings.of(variant="memory", targetScore=500)
    assert memory == Settings(variant="memory", scoring="target", deals=0) and TARGET_SCORE.of(memory) == 500
    assert hash(memory) == hash(Settings(variant="memory", scoring="target", deals=0))
    given = Settings(options=(("washRule", False), ("playAllTricks", True), ("honours", True), ("washRule", False)))
    assert given == Settings.of(playAllTricks=True, washRule=False) and given.options == (
        ("playAllTricks", True), ("washRule", False))
    with rejects(Reason.INVALID_SETTINGS):
        Settings(variant="memory", options=(("targetScore", 99),))
    # another variant keeps the options it offers too; the others go
    contract = Settings.of(playAllTricks=True).with_changes({"variant": "contract"})
    assert contract == Settings.of(variant="contract") and contract.options == ()


def test_option_names_are_one_name_space_with_the_common_settings() -> None:
    options = [option for variant in VARIANTS.values() for option in variant.options]
    by_name = {option.wire: option for option in options}
    assert all(by_name[option.wire] is option for option in options)  # one name, one option
    assert not set(by_name) & set(Settings.of(variant="tiger").to_dict())  # TigerBridge: no options


def test_the_settings_document_declares_every_common_setting_and_every_registered_option() -> None:
    """`wire.SettingsDoc` (the schema clients generate their types from) states the settings as a
    room shows them: each common setting required, each variant's option optional, of its type."""
    declared = get_type_hints(wire.SettingsDoc, include_extras=True)
    common = set(Settings.of(variant="tiger").to_dict())
    options = {option.wire: option for variant in VARIANTS.values() for option in variant.options}
    assert set(declared) == common | set(options)
    assert {name for name, hint in declared.items() if get_origin(hint) is NotRequired} == set(options)
    for name, option in options.items():
        assert get_args(declared[name]) == (type(option.default),)
