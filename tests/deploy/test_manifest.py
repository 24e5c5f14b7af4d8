"""What `firebase deploy` would create (docs/SCALING.md): the functions' manifest, as the
Firebase CLI reads it from the SDK (no emulators needed)."""
from __future__ import annotations

from pathlib import Path

import pytest

from service.callables import CALLABLES

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
    for name in CALLABLES:
        spec = endpoints[name]
        assert (spec["cpu"], spec["concurrency"], spec["availableMemoryMb"], spec["timeoutSeconds"]) == (1, 16, 512, 30)
        assert spec["region"] == ["us-central1"]
        assert spec["maxInstances"] == "{{ params.MAX_INSTANCES }}"


def test_only_the_game_moves_keep_warm_instances(manifest):
    warm = {name for name, spec in manifest["endpoints"].items() if spec.get("minInstances")}
    assert warm == {"placeBid", "chooseTeammate", "playCard"}
    assert manifest["endpoints"]["playCard"]["minInstances"] == "{{ params.GAME_MIN_INSTANCES }}"


def test_the_parameters_have_values_for_the_emulator_and_deploy(manifest):
    """functions/.env names every parameter, so neither the emulator nor a deploy prompts."""
    env = FUNCTIONS / ".env"
    values = dict(line.split("=", 1) for line in env.read_text().splitlines() if line and not line.startswith("#"))
    assert {p["name"] for p in manifest["params"]} <= set(values)


def test_every_function_main_declares_is_deployed_the_auth_trigger_included(manifest):
    import main

    assert set(manifest["endpoints"]) == set(main.FUNCTION_NAMES)
    assert "blockingTrigger" in manifest["endpoints"]["createAccount"]


def test_a_worker_imports_no_analysis_library():
    """The callables' cold start: `main` (what every worker imports) pulls in neither endplay nor
    what it needs (numpy, matplotlib); the double-dummy analysis imports them itself (SPEC §16)."""
    import subprocess
    import sys

    heavy = "{'endplay', 'numpy', 'matplotlib'}"
    code = f"import sys; import main; print(sorted({{m.split('.')[0] for m in sys.modules}} & {heavy}))"
    loaded = subprocess.run([sys.executable, "-c", code], cwd=FUNCTIONS, capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
