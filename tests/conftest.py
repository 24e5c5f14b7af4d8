"""Fixtures for the tests that need the emulators (rules, trigger, callables).

Engine tests (tests/engine/) use none of these and run without emulators. A test that
needs them says so with the `emulator` fixture, usually for a whole module:

    pytestmark = pytest.mark.usefixtures("emulator")

Without running emulators those tests ERROR with the command to use; they never skip.
"""
from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `cold_emulator` run first: right after the emulators start, before any
    other test has made the Functions emulator start its workers (stable order otherwise)."""
    items.sort(key=lambda item: item.get_closest_marker("cold_emulator") is None)


@pytest.fixture(scope="session")
def emulators_up() -> None:
    """Checked once per session: the auth, firestore and functions emulators answer."""
    from tests import client  # imported here so engine tests run without the client's dependencies

    missing = client.unreachable_emulators()
    if missing:
        pytest.fail(
            "The Firebase emulators are not running: " + "; ".join(missing) + ".\n"
            "Run the tests with ./scripts/test, or a command inside ./scripts/with-emulators.",
            pytrace=False,
        )


@pytest.fixture
def emulator(emulators_up: None) -> None:
    """A test against the emulators, starting from an empty database and no Auth users."""
    from tests import client

    client.reset()
