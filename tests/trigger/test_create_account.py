"""`createAccount` (SPEC §3): the Auth trigger that creates `players/{uid}`.

The happy paths go through the Auth emulator exactly as an app signs up. The
`already-exists` path cannot be provoked that way: Auth picks a fresh random uid for
every sign-up and runs no blocking function for Admin-API users (which may choose their
uid), so no sign-up can meet an existing account. Those tests instead send the function
the very request the Auth emulator sends it (an unsigned blocking-event JWT, accepted only
under the emulator) for a uid whose account already exists.
"""
from __future__ import annotations

import base64
import datetime as dt
import json
import secrets
import time

import httpx
import pytest

from tests import client

pytestmark = pytest.mark.usefixtures("emulator")

ACCOUNT_FIELDS = {"uid", "displayName", "createdAt", "roomID", "eventID", "directing", "tournaments", "entered",
                  "stats"}
NEW_STATS = {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0}


def new_uid() -> str:
    return secrets.token_urlsafe(21)[:28]


def blocking_request(uid: str, email: str | None = None, display_name: str | None = None) -> dict:
    """The body the Auth emulator POSTs to a beforeCreate function (firebase-tools'
    `generateBlockingFunctionJwt`): `{"data": {"jwt": <alg none JWT>}}`."""
    now = int(time.time())
    claims = {
        "iss": f"https://securetoken.google.com/{client.PROJECT_ID}",
        "aud": client.function_url("createAccount"),
        "iat": now,
        "exp": now + 600,
        "event_id": secrets.token_urlsafe(16),
        "event_type": "beforeCreate",
        "user_agent": "NotYetSupportedInFirebaseAuthEmulator",
        "ip_address": "127.0.0.1",
        "locale": "en",
        "user_record": {
            "uid": uid, "email": email, "email_verified": False, "display_name": display_name,
            "disabled": False, "custom_claims": {}, "provider_data": [],
            "metadata": {"creation_time": now * 1000},
        },
        "sub": uid,
        "sign_in_method": "password" if email else "phone",
    }

    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()

    return {"data": {"jwt": f"{part({'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."}}


def fire_trigger(uid: str, **user) -> httpx.Response:
    return client.http.post(client.function_url("createAccount"), json=blocking_request(uid, **user))


def test_email_sign_up_creates_the_account_its_owner_can_read():
    started = dt.datetime.now(dt.UTC)
    alice = client.sign_up(display_name="Alice Liddell")

    account = client.read(f"players/{alice.uid}", alice)

    assert set(account) == ACCOUNT_FIELDS
    assert account["uid"] == alice.uid
    assert account["displayName"] == "Alice Liddell"
    assert account["roomID"] is None
    assert account["stats"] == NEW_STATS
    assert isinstance(account["createdAt"], dt.datetime)  # a server timestamp, not a client value
    assert started - dt.timedelta(minutes=1) <= account["createdAt"] <= dt.datetime.now(dt.UTC)


def test_without_a_display_name_the_name_comes_from_the_uid_never_the_email():
    bob = client.sign_up(email="bob.builder@example.com")

    assert client.read(f"players/{bob.uid}", bob)["displayName"] == f"Player-{bob.uid[:6]}"


def test_only_the_owner_can_read_the_account():
    alice, bob = client.sign_up(), client.sign_up()

    assert client.read_error(f"players/{alice.uid}", bob).code == "permission-denied"
    assert client.read_error(f"players/{alice.uid}", None).code == "permission-denied"


def test_anonymous_sign_in_fires_no_trigger():
    guest = client.sign_up_anonymous()

    assert client.admin_get(f"players/{guest.uid}") is None


def test_the_function_accepts_the_emulator_request_for_a_new_uid():
    """The control for the test below: the hand-made request is one the function accepts."""
    uid = new_uid()

    response = fire_trigger(uid, email="carol@example.com", display_name=None)

    assert response.status_code == 200, response.text
    account = client.admin_get(f"players/{uid}")
    assert account is not None
    assert (account["uid"], account["displayName"], account["stats"]) == (uid, f"Player-{uid[:6]}", NEW_STATS)


def test_a_user_with_neither_name_nor_email_is_named_after_the_uid():
    uid = new_uid()

    assert fire_trigger(uid).status_code == 200
    assert client.admin_get(f"players/{uid}")["displayName"] == f"Player-{uid[:6]}"


def test_an_existing_account_rejects_the_sign_up_with_account_exists():
    uid = new_uid()
    existing = {"uid": uid, "displayName": "Already Here", "createdAt": dt.datetime(2024, 1, 1, tzinfo=dt.UTC),
                "roomID": "room1", "stats": {"gamesPlayed": 3, "gamesWon": 1, "gamesAbandoned": 0}}
    client.admin_set(f"players/{uid}", existing)
    before = client.snapshot()

    response = fire_trigger(uid, email="dave@example.com", display_name="Dave")

    assert response.status_code == 409, response.text
    error = response.json()["error"]
    assert error["status"] == "ALREADY_EXISTS"
    assert error["details"] == {"reason": "ACCOUNT_EXISTS"}
    assert error["message"]
    assert client.snapshot() == before  # the existing account is untouched
