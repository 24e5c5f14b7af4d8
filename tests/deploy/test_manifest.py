"""What `firebase deploy` would create (docs/SCALING.md): the functions' manifest, as the
Firebase CLI reads it from the SDK (no emulators needed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.registry import ALL_CALLABLES

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"


@pytest.fixture(scope="module")
def manifest() -> dict:
    import yaml
    from firebase_functions.private import serving

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(FUNCTIONS)  # the SDK loads main.py from the working directory, as the CLI runs it
        return yaml.safe_load(serving.functions_as_yaml(serving.get_functions()))


def test_every_callable_gets_a_whole_vcpu_bounded_concurrency_and_a_cost_ceiling(manifest):
    endpoints = manifest["endpoints"]
    for name in ALL_CALLABLES:
        spec = endpoints[name]
        assert (spec["cpu"], spec["concurrency"], spec["availableMemoryMb"], spec["timeoutSeconds"]) == (1, 16, 512, 30)
        assert spec["region"] == ["us-central1"]
        assert spec["maxInstances"] == "{{ params.MAX_INSTANCES }}"


def test_only_the_game_moves_keep_warm_instances(manifest):
    warm = {name for name, spec in manifest["endpoints"].items() if spec.get("minInstances")}
    assert warm == {"placeBid", "chooseTeammate", "playCard"}
    assert manifest["endpoints"]["playCard"]["minInstances"] == "{{ params.GAME_MIN_INSTANCES }}"


def env_values(name: str) -> dict[str, str]:
    """The parameter values a functions/.env file sets."""
    lines = (FUNCTIONS / name).read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


def test_the_parameters_have_values_for_the_emulator_and_deploy(manifest):
    """functions/.env names every parameter, so neither the emulator nor a deploy prompts."""
    assert {p["name"] for p in manifest["params"]} <= set(env_values(".env"))


def test_app_check_is_enforced_unless_a_projects_env_turns_it_off(manifest):
    """Every callable enforces Firebase App Check (`ENFORCE_APP_CHECK`, read at each call; what it
    refuses: tests/deploy/test_app_check.py): on by default, on in functions/.env, which a deploy
    reads, and off only in the emulators' project (.env.demo-floating-bridge), where no App Check
    token can exist."""
    param = next(p for p in manifest["params"] if p["name"] == "ENFORCE_APP_CHECK")
    assert (param["type"], param["default"]) == ("boolean", True)
    assert env_values(".env")["ENFORCE_APP_CHECK"] == "true"
    assert env_values(".env.demo-floating-bridge")["ENFORCE_APP_CHECK"] == "false"


def test_an_analysis_has_a_whole_vcpu_to_itself(manifest):
    """The double-dummy search is CPU-bound for up to about a minute: one at a time per instance
    (concurrency 1, 1 vCPU), so its budget of nodes stays within its timeout however many arrive."""
    spec = manifest["endpoints"]["analyseDeal"]
    assert (spec["cpu"], spec["concurrency"], spec["availableMemoryMb"], spec["timeoutSeconds"]) == (1, 1, 1024, 300)


def test_every_function_main_declares_is_deployed_the_auth_trigger_included(manifest):
    import main

    assert set(manifest["endpoints"]) == set(main.FUNCTION_NAMES)
    assert "blockingTrigger" in manifest["endpoints"]["createAccount"]
