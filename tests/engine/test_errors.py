"""errors.py: every reason maps to its SPEC §7 callable status."""
from __future__ import annotations

import re
from pathlib import Path

from bridge import BridgeError, Reason

from .conftest import SPEC_STATUS


def test_every_reason_has_its_spec_status() -> None:
    assert {reason.value for reason in Reason} == set(SPEC_STATUS)
    for reason in Reason:
        assert reason.status == SPEC_STATUS[reason.value]


def test_reason_values_are_their_upper_case_names() -> None:
    for reason in Reason:
        assert reason.value == reason.name == reason.value.upper()
        assert reason == reason.value  # a str enum: serialises as the bare code


def test_bridge_error_carries_reason_status_and_message() -> None:
    error = BridgeError(Reason.ROOM_FULL, "The room is full.")
    assert error.reason is Reason.ROOM_FULL
    assert error.status == "failed-precondition"
    assert error.message == str(error) == "The room is full."
    assert "ROOM_FULL" in repr(error)


def test_every_reason_the_engine_raises_has_a_rejection_test() -> None:
    """Each reason named in the engine's source has a `rejects(Reason.X)` test in this suite."""
    root = Path(__file__).resolve().parents[2]
    engine = "\n".join(p.read_text() for p in (root / "functions" / "bridge").glob("*.py") if p.name != "errors.py")
    raised = set(re.findall(r"Reason\.([A-Z_]+)", engine))
    tests = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py") if p.name != "test_errors.py")
    asserted = set(re.findall(r"rejects\(Reason\.([A-Z_]+)", tests))
    assert raised, "no reasons found: has the engine moved?"
    assert raised <= asserted, f"reasons with no rejects(...) test: {sorted(raised - asserted)}"
