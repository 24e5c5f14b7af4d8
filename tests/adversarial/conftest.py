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
    `endpoint`, `payloads`, `call(name, uid, data)` (runs a handler as that user's call) and
    `call_endpoint(name, uid, data)` (the same through the endpoint's auth checks and error
    mapping: failures are `HttpsError`s). Its Firestore client is the one the handlers use."""
    assert os.environ.get("FIRESTORE_EMULATOR_HOST"), (
        "FIRESTORE_EMULATOR_HOST is not set: run the tests with ./scripts/test (emulators:exec sets it)")
    os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)
    from firebase_functions import https_fn

    from service import callables, db, endpoint, payloads, store

    assert db.client().project == client.PROJECT_ID
    return SimpleNamespace(callables=callables, store=store, endpoint=endpoint, payloads=payloads,
                           call=lambda name, uid, data: callables.CALLABLES[name](
                               endpoint.Call(endpoint.Caller(uid, None), name, data)),
                           call_endpoint=lambda name, uid, data: endpoint.handle(
                               name, callables.CALLABLES[name],
                               https_fn.CallableRequest(raw_request=None, data=data, auth=https_fn.AuthData(uid, {}))))
