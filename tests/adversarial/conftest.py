"""Fixtures for the adversarial tests that run the service's handlers in this process (against
the same Firestore emulator the functions use)."""
from __future__ import annotations

import os
from pathlib import Path
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
    # The deploy parameters the Functions emulator gives the functions: functions/.env, then the
    # emulators' project's own file over it (App Check off, a small analysis budget).
    functions = Path(__file__).resolve().parents[2] / "functions"
    values: dict[str, str] = {}
    for name in (".env", f".env.{client.PROJECT_ID}"):
        lines = (functions / name).read_text().splitlines()
        values.update(line.split("=", 1) for line in lines if line and not line.startswith("#"))
    for name, value in values.items():
        os.environ.setdefault(name, value)
    from firebase_functions import https_fn

    from service import callables, db, endpoint, payloads, store

    assert db.client().project == client.PROJECT_ID
    return SimpleNamespace(callables=callables, store=store, endpoint=endpoint, payloads=payloads,
                           call=lambda name, uid, data: callables.CALLABLES[name](
                               endpoint.Call(endpoint.Caller(uid, None), name, data)),
                           call_endpoint=lambda name, uid, data: endpoint.handle(
                               name, callables.CALLABLES[name],
                               https_fn.CallableRequest(raw_request=None, data=data, auth=https_fn.AuthData(uid, {}))))
