"""Fixtures for the adversarial tests that run the service's handlers in this process (against
the same Firestore emulator the functions use)."""
from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from tests import client


@pytest.fixture(scope="session")
def service(emulators_up: None) -> SimpleNamespace:
    """The `service` package imported here, talking to the emulator: `callables`, `store`,
    `endpoint`, `payloads`, `Caller(uid)`. Its Firestore client is the one the handlers use."""
    assert os.environ.get("FIRESTORE_EMULATOR_HOST"), (
        "FIRESTORE_EMULATOR_HOST is not set: run the tests with ./scripts/test (emulators:exec sets it)")
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    from service import callables, db, endpoint, payloads, store

    assert db.client().project == client.PROJECT_ID
    return SimpleNamespace(callables=callables, store=store, endpoint=endpoint, payloads=payloads,
                           handlers=callables.CALLABLES,
                           Caller=lambda uid: endpoint.Caller(uid, None, None))
