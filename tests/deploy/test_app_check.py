"""Firebase App Check on every callable (issue 33), in-process through the SDK's own request
handling, as a deployed function runs it (no emulators: the Functions emulator can neither issue
nor check App Check tokens, and the emulators' project turns enforcement off).

The SDK verifies a request's `X-Firebase-AppCheck` token for real (signature, `RS256`, issuer,
audience, expiry); only where it fetches Google's public keys does the test hand it the key of
the test's own "App Check" instead. ID tokens are checked as the Auth emulator issues them
(unsigned), which the SDK does when `FIREBASE_AUTH_EMULATOR_HOST` is set."""
from __future__ import annotations

import base64
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import flask
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa

PROJECT = "demo-floating-bridge"
PROJECT_NUMBER = "123456789012"
KEY_ID = "test-app-check-key"


@dataclass(frozen=True)
class _Key:
    key: Any


class _OurKeys:
    """Stands in for the SDK's client of Google's App Check key set (a network fetch): our key by its id."""

    def __init__(self, public_key: Any) -> None:
        self.public_key = public_key

    def get_signing_key_from_jwt(self, token: str) -> _Key:
        if jwt.get_unverified_header(token).get("kid") != KEY_ID:
            raise jwt.exceptions.PyJWKClientError("Unable to find a signing key that matches")
        return _Key(self.public_key)


@pytest.fixture
def app_check(monkeypatch: pytest.MonkeyPatch) -> Iterator[rsa.RSAPrivateKey]:
    """A default Firebase app for the project, whose App Check verifier trusts our key; the key."""
    import firebase_admin
    import google.auth.credentials
    from firebase_admin import app_check as admin_app_check
    from firebase_admin import credentials

    import main  # noqa: F401  (initialises the default app as a deployed worker does; replaced below)

    class Anonymous(credentials.Base):
        def get_credential(self) -> google.auth.credentials.Credentials:
            return google.auth.credentials.AnonymousCredentials()

    monkeypatch.setenv("FIREBASE_AUTH_EMULATOR_HOST", "127.0.0.1:9099")
    saved = firebase_admin._apps.pop(firebase_admin._DEFAULT_APP_NAME, None)
    app = firebase_admin.initialize_app(Anonymous(), {"projectId": PROJECT})
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    admin_app_check._get_app_check_service(app)._jwks_client = _OurKeys(key.public_key())
    try:
        yield key
    finally:
        firebase_admin.delete_app(app)
        if saved is not None:
            firebase_admin._apps[firebase_admin._DEFAULT_APP_NAME] = saved


def id_token(uid: str = "alice12345") -> str:
    """An ID token as the Auth emulator issues it (unsigned)."""
    now = int(time.time())
    claims = {"iss": f"https://securetoken.google.com/{PROJECT}", "aud": PROJECT, "sub": uid, "user_id": uid,
              "iat": now, "exp": now + 3600, "auth_time": now, "firebase": {"sign_in_provider": "anonymous"}}
    encode = lambda part: base64.urlsafe_b64encode(json.dumps(part).encode()).rstrip(b"=").decode()  # noqa: E731
    return f"{encode({'alg': 'none', 'typ': 'JWT'})}.{encode(claims)}."


def app_check_token(key: rsa.RSAPrivateKey, *, audience: str = PROJECT, expires_in: int = 3600,
                    key_id: str = KEY_ID) -> str:
    """An App Check token as Firebase App Check issues one for an app of `audience`'s project."""
    now = int(time.time())
    claims = {"iss": f"https://firebaseappcheck.googleapis.com/{PROJECT_NUMBER}", "sub": "1:123:web:abc",
              "aud": [f"projects/{PROJECT_NUMBER}", f"projects/{audience}"], "iat": now, "exp": now + expires_in}
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": key_id, "typ": "JWT"})


def call(name: str, data: Any, app_token: str | None = None) -> tuple[int, dict[str, Any]]:
    """POST `{"data": data}` to the deployed function `name` (`main.<name>`), signed in; its status and body."""
    import main

    headers = {"Authorization": f"Bearer {id_token()}"}
    if app_token is not None:
        headers["X-Firebase-AppCheck"] = app_token
    with flask.Flask(__name__).test_request_context("/", method="POST", json={"data": data}, headers=headers):
        response = getattr(main, name)(flask.request)
        return response.status_code, json.loads(response.get_data())


def refused(status: int, body: dict[str, Any]) -> bool:
    return (status, body["error"]["status"], body["error"]["details"]) == (
        401, "UNAUTHENTICATED", {"reason": "APP_CHECK_REQUIRED"})


#: Data every callable refuses when it reads it (INVALID_ARGUMENT), before any database read: an
#: answer that shows the call got past App Check without needing Firestore.
MALFORMED = {"roomID": 7}


def test_every_callable_refuses_a_call_without_an_app_check_token_by_default(app_check, monkeypatch):
    import main
    from service.registry import ALL_CALLABLES

    monkeypatch.delenv("ENFORCE_APP_CHECK", raising=False)  # as deployed without a value: the default
    for name in ALL_CALLABLES:
        assert name in main.FUNCTION_NAMES
        status, body = call(name, MALFORMED)
        assert refused(status, body), (name, status, body)
        assert "App Check" in body["error"]["message"]


def test_a_forged_expired_or_other_projects_app_check_token_is_refused(app_check, monkeypatch):
    monkeypatch.setenv("ENFORCE_APP_CHECK", "true")
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    for token in (app_check_token(other_key),  # signed by someone else under our key's id
                  app_check_token(app_check, key_id="unknown"),
                  app_check_token(app_check, expires_in=-60),
                  app_check_token(app_check, audience="another-project"),
                  "not-a-token"):
        assert refused(*call("toggleReady", MALFORMED, token)), token


def test_a_valid_app_check_token_lets_the_call_through(app_check, monkeypatch):
    monkeypatch.setenv("ENFORCE_APP_CHECK", "true")
    status, body = call("toggleReady", MALFORMED, app_check_token(app_check))
    assert (status, body["error"]["details"]["reason"]) == (400, "INVALID_ARGUMENT"), body


def test_a_project_whose_env_turns_it_off_takes_calls_without_app_check(app_check, monkeypatch):
    monkeypatch.setenv("ENFORCE_APP_CHECK", "false")
    status, body = call("toggleReady", MALFORMED)
    assert (status, body["error"]["details"]["reason"]) == (400, "INVALID_ARGUMENT"), body
