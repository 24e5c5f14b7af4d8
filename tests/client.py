"""Act exactly as a client of the backend would, against the running emulators.

Everything goes over the emulators' public HTTP APIs (no Admin SDK, no imports from
`functions/`), so a test sees what a real app sees:

    alice = sign_up(display_name="Alice")             # Auth: email/password (fires createAccount)
    guest = sign_up_anonymous()                       # Auth: anonymous (fires no trigger)
    res = call("createGameRoom", {}, alice)           # callable -> its `result`
    err = call_error("joinGameRoom", {"roomID": "x"}, guest)
    assert (err.code, err.reason) == ("not-found", "ROOM_NOT_FOUND")
    room = read(f"rooms/{res['roomID']}", alice)      # Firestore read under the security rules
    denied = read_error(f"players/{alice.uid}", guest)
    assert denied.code == "permission-denied"
    before = snapshot()                               # admin: every document, rules bypassed
    ...
    assert snapshot() == before

Hosts come from FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST (set by
`firebase emulators:exec`) and FUNCTIONS_EMULATOR_HOST, defaulting to the ports in firebase.json.
"""
from __future__ import annotations

import base64
import datetime as dt
import os
import re
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

PROJECT_ID = "demo-floating-bridge"
REGION = "us-central1"
API_KEY = "fake-api-key"

AUTH_URL = "http://" + (os.environ.get("FIREBASE_AUTH_EMULATOR_HOST") or "127.0.0.1:9099")
FIRESTORE_URL = "http://" + (os.environ.get("FIRESTORE_EMULATOR_HOST") or "127.0.0.1:8080")
FUNCTIONS_URL = "http://" + (os.environ.get("FUNCTIONS_EMULATOR_HOST") or "127.0.0.1:5001")
DOCUMENTS_URL = f"{FIRESTORE_URL}/v1/projects/{PROJECT_ID}/databases/(default)/documents"

OWNER = {"Authorization": "Bearer owner"}  # the emulators' admin token: bypasses security rules

#: One keep-alive connection pool for every request a test makes.
http = httpx.Client(timeout=httpx.Timeout(30.0, connect=5.0))


# ---- errors ----------------------------------------------------------------------------

class ProtocolError(AssertionError):
    """A response that does not follow the API's protocol at all (a crash, not a rejection)."""


class ApiError(Exception):
    """A well-formed error response. `status` is the wire form (`FAILED_PRECONDITION`),
    `code` the client SDKs' form used in SPEC §7 (`failed-precondition`)."""

    def __init__(self, http_status: int, status: str, message: str, details: Any = None) -> None:
        super().__init__(f"{status} ({http_status}): {message}" + (f" {details}" if details else ""))
        self.http_status = http_status
        self.status = status
        self.message = message
        self.details = details

    @property
    def code(self) -> str:
        return self.status.lower().replace("_", "-")

    @property
    def reason(self) -> str | None:
        """SPEC §7 `details.reason` (callables only)."""
        return self.details.get("reason") if isinstance(self.details, dict) else None


class CallError(ApiError):
    """A callable rejected the call: `code`, `reason`, `message`, `details`, `http_status`."""

    def __init__(self, function: str, http_status: int, status: str, message: str, details: Any = None) -> None:
        super().__init__(http_status, status, message, details)
        self.function = function


class AuthError(ApiError):
    """Auth refused a sign-up or sign-in: `status` is Auth's code (`EMAIL_EXISTS`,
    `BLOCKING_FUNCTION_ERROR_RESPONSE`, …), `message` its full text."""


class FirestoreError(ApiError):
    """Firestore refused a request: `code` is `permission-denied` (rules), `not-found`, …"""


def _json(response: httpx.Response) -> Any:
    try:
        return response.json()
    except ValueError:
        raise ProtocolError(f"{response.request.method} {response.request.url} -> {response.status_code}, "
                            f"not JSON: {response.text[:500]!r}") from None


def _error_fields(response: httpx.Response, body: Any) -> tuple[str, str, Any]:
    """(status, message, details) of a Google-style `{"error": {...}}` body, possibly in a list."""
    if isinstance(body, list) and body and isinstance(body[0], dict):
        body = body[0]
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        raise ProtocolError(f"{response.request.method} {response.request.url} -> {response.status_code}: "
                            f"no error object in {str(body)[:500]}")
    message = str(error.get("message", ""))
    # The Auth API has no `status`; its message starts with the code (`EMAIL_EXISTS`, `WEAK_PASSWORD : …`).
    code = re.match(r"[A-Z][A-Z_]+", message)
    status = error.get("status") or (code.group(0) if code else "UNKNOWN")
    return str(status), message, error.get("details")


def _check(response: httpx.Response, error_type: type[ApiError]) -> Any:
    body = _json(response)
    if response.is_success:
        return body
    raise error_type(response.status_code, *_error_fields(response, body))


# ---- Auth ------------------------------------------------------------------------------

@dataclass(frozen=True)
class User:
    """A signed-in client. `id_token` is what the app would send as `Bearer`."""

    uid: str
    id_token: str
    email: str | None = None
    password: str | None = None

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.id_token}"}


Auth = User | str | None  # a User, a raw ID token, or nobody


def _auth_headers(user: Auth) -> dict[str, str]:
    if user is None:
        return {}
    return user.headers if isinstance(user, User) else {"Authorization": f"Bearer {user}"}


def _identity(method: str, body: dict) -> dict:
    response = http.post(f"{AUTH_URL}/identitytoolkit.googleapis.com/v1/accounts:{method}",
                         params={"key": API_KEY}, json=body)
    return _check(response, AuthError)


def unique_email() -> str:
    return f"player-{uuid.uuid4().hex[:12]}@example.com"


def sign_up(email: str | None = None, password: str = "correct-horse", display_name: str | None = None) -> User:
    """Create an email/password user, as the app's sign-up screen does (fires `createAccount`).

    `email` defaults to a fresh unique address. Raises `AuthError` if Auth refuses (for example
    when a blocking function rejects the user)."""
    email = email or unique_email()
    body = {"email": email, "password": password, "returnSecureToken": True}
    if display_name is not None:
        body["displayName"] = display_name
    reply = _identity("signUp", body)
    return User(reply["localId"], reply["idToken"], email, password)


def sign_up_anonymous() -> User:
    """Sign in anonymously (a new user; no Auth trigger fires)."""
    reply = _identity("signUp", {"returnSecureToken": True})
    return User(reply["localId"], reply["idToken"])


def sign_in(email: str, password: str = "correct-horse") -> User:
    """Sign in an existing email/password user (a fresh ID token)."""
    reply = _identity("signInWithPassword", {"email": email, "password": password, "returnSecureToken": True})
    return User(reply["localId"], reply["idToken"], email, password)


# ---- callables -------------------------------------------------------------------------

def function_url(name: str) -> str:
    return f"{FUNCTIONS_URL}/{PROJECT_ID}/{REGION}/{name}"


def call_raw(name: str, content: bytes | str, user: Auth = None,
             content_type: str = "application/json") -> httpx.Response:
    """POST an arbitrary body to a callable (for malformed-request tests); the raw response."""
    return http.post(function_url(name), content=content,
                     headers={"Content-Type": content_type, **_auth_headers(user)})


def call(name: str, data: Any, user: Auth = None) -> Any:
    """Call a callable as the Firebase client SDKs do; return its `result` (None for `null`).

    Raises `CallError` when the function rejects the call, `ProtocolError` when the response
    is not the callable protocol at all."""
    response = http.post(function_url(name), json={"data": data}, headers=_auth_headers(user))
    body = _json(response)
    if response.is_success:
        if not isinstance(body, dict) or "result" not in body:
            raise ProtocolError(f"{name}: 200 without `result`: {str(body)[:500]}")
        return body["result"]
    raise CallError(name, response.status_code, *_error_fields(response, body))


def call_error(name: str, data: Any, user: Auth = None) -> CallError:
    """Call a callable that must fail; return the `CallError` (AssertionError if it succeeded)."""
    try:
        result = call(name, data, user)
    except CallError as error:
        return error
    raise AssertionError(f"{name}({data!r}) succeeded with {result!r}, expected an error")


# ---- Firestore values ------------------------------------------------------------------

def decode_value(value: Mapping[str, Any]) -> Any:
    """A Firestore REST typed value (`{"integerValue": "3"}`) as plain Python."""
    (kind, raw), = value.items()
    if kind == "nullValue":
        return None
    if kind in ("booleanValue", "stringValue", "referenceValue"):
        return raw
    if kind == "integerValue":
        return int(raw)
    if kind == "doubleValue":
        return float(raw)
    if kind == "timestampValue":
        return dt.datetime.fromisoformat(raw)
    if kind == "bytesValue":
        return base64.b64decode(raw)
    if kind == "geoPointValue":
        return {"latitude": raw.get("latitude", 0.0), "longitude": raw.get("longitude", 0.0)}
    if kind == "arrayValue":
        return [decode_value(item) for item in raw.get("values", [])]
    if kind == "mapValue":
        return decode_fields(raw.get("fields", {}))
    raise ProtocolError(f"unknown Firestore value type {kind!r}")


def decode_fields(fields: Mapping[str, Any]) -> dict[str, Any]:
    return {name: decode_value(value) for name, value in fields.items()}


def encode_value(value: Any) -> dict[str, Any]:
    """Plain Python as a Firestore REST typed value (naive datetimes are taken as UTC)."""
    if value is None:
        return {"nullValue": None}
    if isinstance(value, bool):
        return {"booleanValue": value}
    if isinstance(value, int):
        return {"integerValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, bytes):
        return {"bytesValue": base64.b64encode(value).decode()}
    if isinstance(value, dt.datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=dt.UTC)
        return {"timestampValue": value.astimezone(dt.UTC).isoformat().replace("+00:00", "Z")}
    if isinstance(value, Mapping):
        return {"mapValue": {"fields": encode_fields(value)}}
    if isinstance(value, (list, tuple)):
        return {"arrayValue": {"values": [encode_value(item) for item in value]}}
    raise TypeError(f"cannot store {type(value).__name__} in Firestore")


def encode_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    return {str(name): encode_value(value) for name, value in data.items()}


def _relative_path(name: str) -> str:
    """`projects/…/documents/rooms/abc` -> `rooms/abc`."""
    return name.split("/documents/", 1)[1]


# ---- Firestore as a client (security rules apply) --------------------------------------

def read(path: str, user: Auth) -> dict[str, Any]:
    """Get one document as `user` would; its fields as plain Python.

    Raises `FirestoreError` (`code` `permission-denied` when the rules refuse, `not-found` when
    the rules allow it but it does not exist)."""
    response = http.get(f"{DOCUMENTS_URL}/{path}", headers=_auth_headers(user))
    return decode_fields(_check(response, FirestoreError).get("fields", {}))


def write(path: str, data: Mapping[str, Any], user: Auth) -> None:
    """Create or replace a document as `user` (rules: `create` or `update`); `FirestoreError` if refused."""
    _check(http.patch(f"{DOCUMENTS_URL}/{path}", json={"fields": encode_fields(data)},
                      headers=_auth_headers(user)), FirestoreError)


def delete(path: str, user: Auth) -> None:
    """Delete a document as `user` (rules: `delete`); `FirestoreError` if refused."""
    _check(http.delete(f"{DOCUMENTS_URL}/{path}", headers=_auth_headers(user)), FirestoreError)


def _expect_firestore_error(action: str, run) -> FirestoreError:
    try:
        outcome = run()
    except FirestoreError as error:
        return error
    raise AssertionError(f"{action} succeeded ({outcome!r}), expected an error")


def read_error(path: str, user: Auth) -> FirestoreError:
    """Get a document that `user` must not get; return the `FirestoreError`."""
    return _expect_firestore_error(f"reading {path}", lambda: read(path, user))


def write_error(path: str, data: Mapping[str, Any], user: Auth) -> FirestoreError:
    """A write the rules must refuse; return the `FirestoreError`."""
    return _expect_firestore_error(f"writing {path}", lambda: write(path, data, user))


def delete_error(path: str, user: Auth) -> FirestoreError:
    """A delete the rules must refuse; return the `FirestoreError`."""
    return _expect_firestore_error(f"deleting {path}", lambda: delete(path, user))


_OPERATORS = {
    "==": "EQUAL", "!=": "NOT_EQUAL", "<": "LESS_THAN", "<=": "LESS_THAN_OR_EQUAL",
    ">": "GREATER_THAN", ">=": "GREATER_THAN_OR_EQUAL", "array-contains": "ARRAY_CONTAINS",
    "in": "IN", "not-in": "NOT_IN", "array-contains-any": "ARRAY_CONTAINS_ANY",
}

Where = Iterable[tuple[str, str, Any]]


def _structured_query(collection: str, where: Where, limit: int | None) -> tuple[str, dict]:
    parent, _, collection_id = collection.rpartition("/")
    filters = [{"fieldFilter": {"field": {"fieldPath": field}, "op": _OPERATORS[op], "value": encode_value(value)}}
               for field, op, value in where]
    query: dict[str, Any] = {"from": [{"collectionId": collection_id}]}
    if len(filters) == 1:
        query["where"] = filters[0]
    elif filters:
        query["where"] = {"compositeFilter": {"op": "AND", "filters": filters}}
    if limit is not None:
        query["limit"] = limit
    url = f"{DOCUMENTS_URL}/{parent}:runQuery" if parent else f"{DOCUMENTS_URL}:runQuery"
    return url, {"structuredQuery": query}


def query(collection: str, user: Auth, where: Where = (), limit: int | None = None) -> dict[str, dict[str, Any]]:
    """Run a query as `user` (e.g. `query("rooms", alice, [("settings.inviteOnly", "==", False)])`);
    `{path: fields}` in result order. Raises `FirestoreError` when the rules refuse the query."""
    url, body = _structured_query(collection, where, limit)
    rows = _check(http.post(url, json=body, headers=_auth_headers(user)), FirestoreError)
    return {_relative_path(row["document"]["name"]): decode_fields(row["document"].get("fields", {}))
            for row in rows if "document" in row}


def query_error(collection: str, user: Auth, where: Where = (), limit: int | None = None) -> FirestoreError:
    """Run a query the rules must refuse; return the `FirestoreError`."""
    return _expect_firestore_error(f"querying {collection}", lambda: list(query(collection, user, where, limit)))


# ---- a hand: sealed in the room document, opened with its holder's key ------------------

#: The deck in the order a hand's bytes name its cards (docs/API.md, "Your hand"): clubs 2 … spades A.
DECK = tuple(rank + suit for suit in "CDHS" for rank in "23456789TJQKA")
_PLAYS = ("lead", "C", "D", "H", "S")


def open_hand(sealed: str, key: str) -> dict[str, Any]:
    """Open a seal of the room document's `sealedHands` with the key of its holder, as docs/API.md
    "Your hand" tells a client to: base64; AES-256-GCM (nonce, then ciphertext and tag); then the
    50 bytes (`read_hand_bytes`)."""
    raw = base64.b64decode(sealed, validate=True)
    return read_hand_bytes(AESGCM(base64.b64decode(key, validate=True)).decrypt(raw[:12], raw[12:], None))


def read_hand_bytes(plain: bytes) -> dict[str, Any]:
    """A hand's 50 bytes as docs/API.md "Your hand" lays them out: a flags byte (bit 0: `plays`,
    bit 1: `partnerCards`), then seven sets of 7 bytes, a bit for each card of `DECK`."""
    assert len(plain) == 50, f"a hand is 50 bytes, not {len(plain)}"
    sets = [[card for i, card in enumerate(DECK) if plain[1 + 7 * n + i // 8] >> i % 8 & 1] for n in range(7)]
    return {"cards": sets[0], "plays": dict(zip(_PLAYS, sets[1:6], strict=True)) if plain[0] & 1 else None,
            "partnerCards": sets[6] if plain[0] & 2 else None}


def seal_hand(hand: Mapping[str, Any], key: str) -> str:
    """`hand` sealed as the server seals one (`open_hand` undoes it): for tests that arrange hands."""
    plain = bytearray(50)
    plays, partner = hand.get("plays"), hand.get("partnerCards")
    plain[0] = (plays is not None) | (partner is not None) << 1
    sets = [hand["cards"], *(plays[name] if plays else [] for name in _PLAYS), partner or []]
    for n, cards in enumerate(sets):
        for card in cards:
            i = DECK.index(card)
            plain[1 + 7 * n + i // 8] |= 1 << i % 8
    nonce = os.urandom(12)
    return base64.b64encode(nonce + AESGCM(base64.b64decode(key)).encrypt(nonce, bytes(plain), None)).decode()


def hand_in(room: Mapping[str, Any], uid: str, key: str) -> dict[str, Any] | None:
    """`uid`'s hand in `room` (a room document as read), opened with `key`; None if not dealt in."""
    seating = room.get("seating") or []
    sealed = room["sealedHands"][seating.index(uid)] if uid in seating else None
    return open_hand(sealed, key) if sealed is not None else None


def read_hand(room_id: str, user: User, room: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """`user`'s hand as they see it with their own token: their key (`rooms/{id}/keys/{uid}`) opening
    their seal in the room document (`room` as they already read it, else read now)."""
    key = read(f"rooms/{room_id}/keys/{user.uid}", user)["key"]
    return hand_in(room if room is not None else read(f"rooms/{room_id}", user), user.uid, key)


def stored_hand(documents: Mapping[str, Any], room_id: str, uid: str) -> dict[str, Any] | None:
    """`uid`'s hand at the room in `documents` (a `snapshot()` of the database)."""
    key, room = documents.get(f"rooms/{room_id}/keys/{uid}"), documents.get(f"rooms/{room_id}")
    return hand_in(room, uid, key["key"]) if key is not None and room is not None else None


def admin_hand(room_id: str, uid: str) -> dict[str, Any] | None:
    """`uid`'s hand at the room as stored now (rules bypassed); None if not dealt in."""
    return stored_hand({path: admin_get(path) for path in (f"rooms/{room_id}", f"rooms/{room_id}/keys/{uid}")},
                       room_id, uid)


# ---- Firestore as the admin (rules bypassed): seeding and before/after checks -----------

def admin_get(path: str) -> dict[str, Any] | None:
    """A document's fields, or None if it does not exist."""
    response = http.get(f"{DOCUMENTS_URL}/{path}", headers=OWNER)
    if response.status_code == 404:
        return None
    return decode_fields(_check(response, FirestoreError).get("fields", {}))


def admin_set(path: str, data: Mapping[str, Any]) -> None:
    """Create or wholly replace a document."""
    _check(http.patch(f"{DOCUMENTS_URL}/{path}", json={"fields": encode_fields(data)}, headers=OWNER), FirestoreError)


@contextmanager
def admin_holding(paths: Sequence[str]) -> Iterator[None]:
    """Hold documents for the block's length: an admin transaction reads them and stays open, and
    the emulator makes every commit that writes one of them wait until the block ends (the
    transaction is then rolled back). Calls racing inside it all read the same state, and none
    commits before the end. (A transaction reads with `batchGet`: the emulator never answers a
    `get` that names one.)"""
    transaction = _check(http.post(f"{DOCUMENTS_URL}:beginTransaction", json={}, headers=OWNER),
                         FirestoreError)["transaction"]
    try:
        names = [f"projects/{PROJECT_ID}/databases/(default)/documents/{path}" for path in paths]
        _check(http.post(f"{DOCUMENTS_URL}:batchGet", json={"documents": names, "transaction": transaction},
                         headers=OWNER), FirestoreError)
        yield
    finally:
        _check(http.post(f"{DOCUMENTS_URL}:rollback", json={"transaction": transaction}, headers=OWNER),
               FirestoreError)


def admin_delete(path: str) -> None:
    """Delete one document (not its subcollections); deleting a missing one is fine."""
    _check(http.delete(f"{DOCUMENTS_URL}/{path}", headers=OWNER), FirestoreError)


def _collection_ids(document_path: str) -> list[str]:
    url = (f"{DOCUMENTS_URL}/{document_path}:listCollectionIds" if document_path
           else f"{DOCUMENTS_URL}:listCollectionIds")
    ids, token = [], None
    while True:
        reply = _check(http.post(url, json={"pageSize": 300, **({"pageToken": token} if token else {})},
                                 headers=OWNER), FirestoreError)
        ids += reply.get("collectionIds", [])
        token = reply.get("nextPageToken")
        if not token:
            return ids


def _documents_under(document_path: str) -> dict[str, dict[str, Any]]:
    """Every existing document below `document_path` ('' for the root), at any depth."""
    found: dict[str, dict[str, Any]] = {}
    for collection_id in _collection_ids(document_path):
        collection = f"{document_path}/{collection_id}" if document_path else collection_id
        token = None
        while True:
            params = {"pageSize": 300, "showMissing": "true", **({"pageToken": token} if token else {})}
            reply = _check(http.get(f"{DOCUMENTS_URL}/{collection}", params=params, headers=OWNER), FirestoreError)
            for document in reply.get("documents", []):
                path = _relative_path(document["name"])
                if "createTime" in document:  # `showMissing` also lists absent parents of subcollections
                    found[path] = decode_fields(document.get("fields", {}))
                found.update(_documents_under(path))
            token = reply.get("nextPageToken")
            if not token:
                break
    return found


def admin_documents_under(document_path: str) -> dict[str, dict[str, Any]]:
    """Every existing document below `document_path`, at any depth, by path (rules bypassed)."""
    return _documents_under(document_path)


#: A hand record's path (`rooms/{roomID}/deals/{n}`).
_DEAL_RECORD = re.compile(r"rooms/[^/]+/deals/[^/]+")
#: What the analysis trigger writes on its own time after a deal (SPEC §16, issue 33; tests/service/
#: test_hand_records.py and test_analysis_allowance.py test it): a record's `analysis` or
#: `analysisSkipped`, and the server-only `analysisAllowance/{uid}` of the deal's people.
_ANALYSIS_FIELDS = frozenset({"analysis", "analysisSkipped"})
_ANALYSIS_ALLOWANCE = re.compile(r"analysisAllowance/[^/]+")


def made_by_calls(path: str) -> bool:
    """Whether calls write the document at `path` (not only the analysis trigger)."""
    return not _ANALYSIS_ALLOWANCE.fullmatch(path)


def settled(path: str, fields: dict[str, Any] | None) -> dict[str, Any] | None:
    """A document's fields as a call leaves them: a hand record without what the analysis trigger
    adds on its own time after the deal, so that "nothing changed" compares what calls change."""
    if fields is not None and _DEAL_RECORD.fullmatch(path):
        return {name: value for name, value in fields.items() if name not in _ANALYSIS_FIELDS}
    return fields


def snapshot(paths: Iterable[str] | None = None) -> dict[str, dict[str, Any] | None]:
    """Documents' current fields, for "nothing changed" assertions: `{path: fields or None}`
    for the given paths, or every existing document calls write when `paths` is None (hand
    records `settled`)."""
    if paths is None:
        return {path: settled(path, fields) for path, fields in sorted(_documents_under("").items())
                if made_by_calls(path)}
    return {path: settled(path, admin_get(path)) for path in paths}


# ---- emulator control ------------------------------------------------------------------

def reset() -> None:
    """Delete every Firestore document and every Auth user (configuration is kept)."""
    _check(http.delete(f"{FIRESTORE_URL}/emulator/v1/projects/{PROJECT_ID}/databases/(default)/documents"),
           FirestoreError)
    _check(http.delete(f"{AUTH_URL}/emulator/v1/projects/{PROJECT_ID}/accounts"), AuthError)


def unreachable_emulators() -> list[str]:
    """The emulators (of auth, firestore, functions) that do not answer HTTP; [] when all do."""
    missing = []
    for name, url in (("auth", AUTH_URL), ("firestore", FIRESTORE_URL), ("functions", FUNCTIONS_URL)):
        try:
            http.get(url + "/", timeout=3.0)
        except httpx.TransportError as error:
            missing.append(f"{name} at {url} ({type(error).__name__})")
    return missing
