"""Hostile requests to every callable (SPEC §4, §7): whatever a client sends — wrong types,
huge or deeply nested values, missing and unknown fields, other rooms' ids, ids with '/' or
'..', non-JSON bodies, wrong content types, broken envelopes, garbage Authorization headers —
the answer is a clean SPEC §7 error with `details.reason` (never INTERNAL, never a 500), and no
document changes.

Hypothesis generates the requests; the world (rooms in several states) is made once for the
module and every example checks that the whole database is still exactly as it was.
Example counts are in `EXAMPLES` below (each call is ~30 ms).
"""
from __future__ import annotations

import base64
import json
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import client
from tests.adversarial.common import CALLABLES, DECK, clean_error
from tests.client import User
from tests.table import Table, database, new_player

pytestmark = pytest.mark.usefixtures("emulators_up")

#: Hypothesis examples per test (per callable where the test is parametrized by callable).
EXAMPLES = {"malformed": 25, "well_formed": 20, "bodies": 150, "headers": 100}

GUARD = 8 * 1024  # MAX_BODY_BYTES in functions/service/endpoint.py


@dataclass(frozen=True, repr=False)
class World:
    lobby: Table          # host + member, waiting, open
    full: Table           # four players, waiting, not ready
    closed: Table         # invite-only, host + member, waiting
    game: Table           # a game in play
    own: Table            # the adversary's own game, in its auction
    adversary: User       # seated in `own`: not its host, not to act
    outsider: User        # anonymous, no account, in no room
    baseline: dict        # every document

    def __repr__(self) -> str:  # Hypothesis prints the arguments of a failing example
        return "World(...)"


@pytest.fixture(scope="module")
def world(emulators_up: None) -> World:
    client.reset()
    lobby, full = Table.open(2), Table.open(4)
    closed = Table.open(2, settings={"inviteOnly": True})
    game, own = Table.playing("2NT"), Table.started()
    room = own.room()
    adversary = next(p for p in own.players[1:] if own.position(p, room) != room["turn"])
    return World(lobby, full, closed, game, own, adversary, new_player(anonymous=True), database())


def assert_nothing_changed(world: World, sent: str) -> None:
    after = database()
    assert after == world.baseline, f"{sent} changed documents: " + ", ".join(
        path for path in sorted(after.keys() | world.baseline.keys()) if after.get(path) != world.baseline.get(path))


def post(name: str, body: bytes, user: client.Auth, content_type: str | None = "application/json",
         headers: dict[str, str] | None = None, method: str = "POST"):
    all_headers = {**({"Content-Type": content_type} if content_type else {}),
                   **client._auth_headers(user), **(headers or {})}
    return client.http.request(method, client.function_url(name), content=body, headers=all_headers)


def envelope(data: Any) -> bytes:
    return json.dumps({"data": data}).encode()


# ---- values ----------------------------------------------------------------------------------

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**70, max_value=2**70),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=10), inner, max_size=5)), max_leaves=12)


def nested(depth: int) -> Any:
    value: Any = "AS"
    for i in range(depth):
        value = [value] if i % 2 else {"roomID": value}
    return value


#: Values no field accepts whole: big (some within the 8 KiB guard, some beyond), deep, odd.
monsters = st.sampled_from([
    "x" * 5000, "x" * 9000, "é" * 3000, ["AS"] * 1500, list(range(3000)), {f"k{i}": i for i in range(800)},
    nested(50), nested(400), 2**53, -1, 2**64, 1e308, "\u0000", "\ud7ff\ue000", "../..", "rooms/x/hands/y",
])

ROOM_ID_BAD = st.one_of(
    json_values.filter(lambda v: not isinstance(v, str)),
    st.sampled_from(["", "a/b", "..", ".", "rooms/x", "%2F", "x" * 65, " abc", "abc\n", "__x__", "ÄÖÜ",
                     "abc/../def", "/", "a b", "r" * 1500]),
    st.text(min_size=1, max_size=70).filter(lambda s: not (s.isascii() and s.isalnum() and len(s) <= 64)),
)
CARD_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                     st.sampled_from(["as", "AS ", " AS", "10H", "1S", "SA", "XX", "A", "ASS", "A\u0053\u0300", ""]),
                     st.text(max_size=5).filter(lambda s: s not in DECK))
BID_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                    st.sampled_from(["10NT", "0C", "1N", "pass", "Pass", "1c", " 1C", "7NTX", "NT", "1", ""]),
                    st.text(max_size=5).filter(lambda s: not (s in ("PASS", "X", "XX") or (
                        len(s) in (2, 3) and s[0] in "123456789" and s[1:] in ("C", "D", "H", "S", "NT")))))
UID_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                    st.sampled_from(["", "a/b", "..", "x" * 129, "a b", "ü", "a.b", "players/x"]))
SETTING_NAMES = ("variant", "inviteOnly", "deals", "scoring", "playAllTricks", "washRule")
SETTINGS_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, dict)),
                         st.dictionaries(st.text(max_size=12).filter(
                                             lambda k: k not in SETTING_NAMES),
                                         json_values, min_size=1, max_size=3),
                         st.builds(lambda k, v: {k: v}, st.sampled_from(["inviteOnly", "playAllTricks", "washRule"]),
                                   json_values.filter(lambda v: not isinstance(v, bool))),
                         st.builds(lambda v: {"deals": v}, json_values.filter(
                             lambda v: isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100)),
                         st.builds(lambda v: {"scoring": v},
                                   json_values.filter(lambda v: v not in ("deals", "tricks"))),
                         st.builds(lambda v: {"variant": v}, json_values.filter(lambda v: v != "floating")))
VERSION_BAD = st.one_of(json_values.filter(lambda v: isinstance(v, bool) or not isinstance(v, int)),
                        st.integers(max_value=-1), st.integers(min_value=2**53, max_value=2**80))

REQUEST_ID_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                           st.sampled_from(["", "x" * 65, "a b", "a.b", "~server", "ü", "a/b", "\u0000"]))
DISPLAY_NAME_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                             st.sampled_from(["", "   ", "y" * 25, "\u0007", "a\u202eb", "\u200b", "a\u2028b",
                                              "\ud800"]),
                             st.text(min_size=25, max_size=40).filter(lambda t: len(t.strip()) > 24))

def a_name(value: Any) -> bool:
    """Whether `value` is a valid display name (SPEC §14), as some "monsters" are ("../..")."""
    return (isinstance(value, str) and 1 <= len(value.strip()) <= 24
            and not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in value.strip()))


def a_plain_text(most: int) -> Callable[[Any], bool]:
    """Whether a value is valid user text of 1-`most` characters once trimmed, valid Unicode (a
    chat message, SPEC §13; an alert, SPEC §15; a player's entropy, SPEC §16), as some
    "monsters" are ("../..", or any short printable string)."""
    return lambda value: (isinstance(value, str) and 1 <= len(value.strip()) <= most
                          and not any(unicodedata.category(c) == "Cs" for c in value))


a_text = a_plain_text(500)


TEXT_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                     st.sampled_from(["", "   ", "\n\t", "x" * 501, "a\ud800b"]),
                     st.text(min_size=501, max_size=600).filter(lambda t: len(t.strip()) > 500))
#: Fields some "monsters" are valid values of: those values are not bad.
VALID = {"displayName": a_name, "text": a_text, "alert": a_plain_text(200), "entropy": a_plain_text(64)}

#: Not a whole number: a claim's `tricks` of the wrong type (a number out of range is the engine's).
TRICKS_BAD = json_values.filter(lambda v: isinstance(v, bool) or not isinstance(v, int))
ACCEPT_BAD = json_values.filter(lambda v: not isinstance(v, bool))

ALERT_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                      st.sampled_from(["", "   ", "x" * 201, "a\ud800b"]))

ENTROPY_BAD = st.one_of(json_values.filter(lambda v: not isinstance(v, str)),
                        st.sampled_from(["", "   ", "x" * 65, "a\ud800b"]))
FORMAT_BAD = json_values.filter(lambda v: v != "pbn")

BAD = {"roomID": ROOM_ID_BAD, "entropy": ENTROPY_BAD, "format": FORMAT_BAD, "alert": ALERT_BAD,
       "tricks": TRICKS_BAD, "accept": ACCEPT_BAD, "card": CARD_BAD,
       "bid": BID_BAD, "uid": UID_BAD, "settings": SETTINGS_BAD,
       "expectedVersion": VERSION_BAD, "requestID": REQUEST_ID_BAD, "displayName": DISPLAY_NAME_BAD,
       "text": TEXT_BAD}

def fields(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields callable `name` takes, (required, optional): its request's declaration
    (`service.payloads`; tests/docs checks it against docs/API.md), a valid value of each below."""
    from service.callables import CALLABLES as HANDLERS

    request = HANDLERS[name].request
    return request.required, tuple(field for field in request.wire_fields if field not in request.required)


def valid_value(field: str, world: World) -> Any:
    return {"roomID": world.lobby.room_id, "card": "AS", "bid": "1C", "uid": world.adversary.uid,
            "settings": {"playAllTricks": True}, "expectedVersion": 1, "requestID": "hostile-1",
            "displayName": "Mallory", "text": "hello", "tricks": 1, "accept": True, "alert": "natural",
            "entropy": "lucky 7", "format": "pbn"}[field]


@st.composite
def malformed(draw, name: str, world: World) -> Any:
    """Data for `name` with at least one defect: not an object, a missing required field, an
    unknown field, or one field with a value of the wrong type or form."""
    required, optional = fields(name)
    data = {f: valid_value(f, world) for f in required}
    data.update({f: valid_value(f, world) for f in optional if draw(st.booleans())})
    kinds = ["not-object", "unknown-field", "bad-value"] + (["missing"] if required else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "not-object":
        not_object = st.one_of(json_scalars, st.lists(json_values, max_size=4),
                               monsters.filter(lambda m: not isinstance(m, dict)))
        # `null` is the empty request for the calls without required fields (SPEC §4 `{}`).
        return draw(not_object.filter(lambda v: not isinstance(v, dict) and (v is not None or required)))
    if kind == "missing":
        del data[draw(st.sampled_from(required))]
    elif kind == "unknown-field":
        allowed = set(required) | set(optional)
        key = draw(st.one_of(st.sampled_from(["roomId", "room_id", "uid", "data", "auth", "__proto__", "card ",
                                              "settings", "bid", "x" * 300]), st.text(max_size=20)))
        if key in allowed:
            key = key + "_"
        data[key] = draw(st.one_of(json_values, monsters))
    else:
        field = draw(st.sampled_from(list(required) + list(optional)))
        data[field] = draw(st.one_of(BAD[field], monsters).filter(lambda v: not VALID.get(field, lambda _: False)(v)))
    return data


def hypothesis_settings(examples: int):
    return settings(max_examples=examples, deadline=None, derandomize=False, print_blob=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large, HealthCheck.large_base_example])


# ---- malformed data --------------------------------------------------------------------------

@pytest.mark.parametrize("name", CALLABLES)
def test_malformed_data_is_invalid_argument_and_changes_nothing(world, name):
    callers = [world.lobby.players[1], world.adversary, world.outsider]

    @hypothesis_settings(EXAMPLES["malformed"])
    @given(data=st.data())
    def check(data):
        user = data.draw(st.sampled_from(callers), label="caller")
        payload = data.draw(malformed(name, world), label="data")
        body = envelope(payload)
        response = post(name, body, user)
        sent = f"{name}({body[:200]!r}{'…' if len(body) > 200 else ''}) as {user.uid[:6]}"
        status, reason, _ = clean_error(response, sent)
        assert status == "INVALID_ARGUMENT", f"{sent}: {status}/{reason}"
        assert_nothing_changed(world, sent)

    check()


# ---- well-formed requests aimed where the caller has no business ------------------------------

def room_ids(world: World) -> st.SearchStrategy[str]:
    """Other rooms (waiting, full, invite-only, in play) and rooms that do not exist."""
    return st.one_of(
        st.sampled_from([world.lobby.room_id, world.full.room_id, world.closed.room_id, world.game.room_id]),
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", min_size=1, max_size=64),
    )


@st.composite
def well_formed(draw, name: str, world: World) -> dict:
    required, optional = fields(name)
    values = {
        "roomID": room_ids(world),
        "card": st.sampled_from(DECK),
        "bid": st.sampled_from(["PASS"] + [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")]),
        "uid": st.one_of(st.sampled_from([world.adversary.uid, world.outsider.uid, world.lobby.players[0].uid,
                                          "__x__", "__", "_", "-", "x" * 128]),
                         st.from_regex(r"[A-Za-z0-9_\-]{1,128}", fullmatch=True)),
        "settings": st.dictionaries(st.sampled_from(["inviteOnly", "playAllTricks", "washRule"]), st.booleans()),
        "expectedVersion": st.integers(min_value=0, max_value=2**53 - 1),
        "requestID": st.from_regex(r"[A-Za-z0-9_\-]{1,64}", fullmatch=True),
        "text": st.text(min_size=1, max_size=40).filter(a_text),
        "tricks": st.integers(min_value=-2, max_value=14),
        "alert": st.text(min_size=1, max_size=40).filter(lambda t: t.strip()),
        "accept": st.booleans(),
        "entropy": st.text(min_size=1, max_size=64).filter(a_plain_text(64)),
        "format": st.just("pbn"),
    }
    data = {f: draw(values[f]) for f in required}
    data.update({f: draw(values[f]) for f in optional if draw(st.booleans())})
    return data


# updateProfile acts on the caller only; anyone may watch an open room (SPEC §13) and read its
# hand records (exportDeals, SPEC §16: its refusals are tests/service/test_hand_records.py's).
@pytest.mark.parametrize("name", [name for name in CALLABLES
                                  if name not in ("updateProfile", "watchRoom", "exportDeals")])
def test_well_formed_calls_at_other_rooms_are_spec_errors_and_change_nothing(world, name):
    """The adversary sits in a game of their own (not host, not to act) and aims well-formed
    requests at other rooms — waiting, full, invite-only, in play — and at made-up room ids:
    each is rejected with a SPEC §7 reason, and nothing changes."""

    @hypothesis_settings(EXAMPLES["well_formed"])
    @given(data=well_formed(name, world))
    def check(data):
        body = envelope(data)
        response = post(name, body, world.adversary)
        sent = f"{name}({data!r})"
        clean_error(response, sent)
        assert_nothing_changed(world, sent)

    check()


# ---- envelopes, bodies, content types, methods -----------------------------------------------

def _deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


ENVELOPES: list[tuple[str, bytes, str | None, str]] = [
    # (label, body, content type, method)
    ("empty body", b"", "application/json", "POST"),
    ("not JSON", b"not json", "application/json", "POST"),
    ("invalid UTF-8", b"\xff\xfe\xfd", "application/json", "POST"),
    ("truncated JSON", b'{"data": {"roomID": "ab', "application/json", "POST"),
    ("JSON null", b"null", "application/json", "POST"),
    ("JSON number", b"5", "application/json", "POST"),
    ("JSON string containing data", b'"metadata"', "application/json", "POST"),
    ("JSON list containing data", b'["data"]', "application/json", "POST"),
    ("JSON list", b"[]", "application/json", "POST"),
    ("empty object", b"{}", "application/json", "POST"),
    ("no data key", b'{"dat": {}}', "application/json", "POST"),
    ("extra envelope key", b'{"data": {}, "extra": "QS"}', "application/json", "POST"),
    ("extra envelope keys", b'{"data": {}, "auth": {"uid": "x"}, "context": [1, 2]}', "application/json", "POST"),
    ("duplicate data keys", b'{"data": {"roomID": "a/b"}, "data": {"roomID": "../x"}}', "application/json", "POST"),
    ("NaN", b'{"data": NaN}', "application/json", "POST"),
    ("Infinity", b'{"data": {"expectedVersion": Infinity}}', "application/json", "POST"),
    ("huge number", b'{"data": {"expectedVersion": 1' + b"0" * 5000 + b"}}", "application/json", "POST"),
    ("deep list body", _deep(3000), "application/json", "POST"),
    ("deep list data", b'{"data": ' + _deep(3000) + b"}", "application/json", "POST"),
    ("deep object data", b'{"data": ' + b'{"a":' * 1300 + b"1" + b"}" * 1300 + b"}", "application/json", "POST"),
    ("just over the size guard", b'{"data": {"x": "' + b"y" * (GUARD - 14) + b'"}}', "application/json", "POST"),
    ("far over the size guard", b'{"data": {"x": "' + b"y" * 200_000 + b'"}}', "application/json", "POST"),
    ("no content type", envelope({}), None, "POST"),
    ("text/plain", envelope({}), "text/plain", "POST"),
    ("form", b"data=%7B%7D", "application/x-www-form-urlencoded", "POST"),
    ("multipart", b"--b\r\n\r\n{}\r\n--b--", "multipart/form-data; boundary=b", "POST"),
    ("json-ish type", envelope({}), "application/jsonx", "POST"),
    ("GET", b"", None, "GET"),
    ("PUT", envelope({}), "application/json", "PUT"),
    ("DELETE", b"", None, "DELETE"),
    ("PATCH", envelope({}), "application/json", "PATCH"),
]


#: Unusual but valid JSON encodings (RFC 8259 §8.1 allows a reader to accept them): they reach the
#: handler, so any SPEC error may come back.
ODD_BUT_VALID = [
    ("UTF-16 JSON", json.dumps({"data": {}}).encode("utf-16"), "application/json", "POST"),
    ("UTF-8 BOM", b"\xef\xbb\xbf" + envelope({}), "application/json", "POST"),
    ("charset parameter", envelope({}), "application/json; charset=utf-8", "POST"),
    ("upper-case type", envelope({}), "APPLICATION/JSON", "POST"),
]


@pytest.mark.parametrize("name", CALLABLES)
def test_broken_envelopes_and_bodies_are_clean_errors_and_change_nothing(world, name):
    """Every case is sent to every callable by a signed-in player (the adversary) and by nobody."""
    for label, body, content_type, method in ENVELOPES:
        for user in (world.adversary, None):
            response = post(name, body, user, content_type, method=method)
            sent = f"{name} {label} as {'adversary' if user else 'nobody'}"
            status, _, _ = clean_error(response, sent)
            assert status in ("INVALID_ARGUMENT", "UNAUTHENTICATED"), f"{sent}: {status}"
    for label, body, content_type, method in ODD_BUT_VALID:
        for user in (world.adversary, None):
            sent = f"{name} {label} as {'adversary' if user else 'nobody'}"
            status, _, _ = clean_error(post(name, body, user, content_type, method=method), sent)
            assert user or status == "UNAUTHENTICATED", f"{sent}: {status}"
    assert_nothing_changed(world, name)


@hypothesis_settings(EXAMPLES["bodies"])
@given(name=st.sampled_from(CALLABLES), body=st.one_of(
    st.binary(max_size=300),
    json_values.map(lambda v: json.dumps(v).encode()),
    st.dictionaries(st.text(max_size=8), json_values, max_size=4).map(lambda d: json.dumps(d).encode()),
    st.builds(lambda data, extra: json.dumps({"data": data, **extra}).encode(), json_values,
              st.dictionaries(st.text(min_size=1, max_size=8).filter(lambda k: k != "data"), json_values, max_size=3)),
))
def test_random_bodies_are_clean_errors_and_change_nothing(world, name, body):
    response = post(name, body, world.adversary)
    sent = f"{name}({body[:200]!r})"
    clean_error(response, sent)
    assert_nothing_changed(world, sent)


def test_inviting_uids_that_cannot_name_an_account_is_a_clean_error(world):
    """`uid` passes the request's format check but names no possible document: the host's
    invitation is refused cleanly, not with a crash."""
    host = world.lobby.players[0]
    for uid in ("__x__", "__", "__players__", "x" * 128, "-", "_"):
        sent = f"inviteToRoom(uid={uid!r})"
        response = post("inviteToRoom", envelope({"roomID": world.lobby.room_id, "uid": uid}), host)
        status, reason, _ = clean_error(response, sent)
        assert reason in ("PLAYER_NOT_FOUND", "INVALID_ARGUMENT"), f"{sent}: {status}/{reason}"
        assert_nothing_changed(world, sent)


# ---- Authorization headers -------------------------------------------------------------------

def forged_token(claims: dict, header: dict | None = None) -> str:
    def part(value: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(value).encode()).rstrip(b"=").decode()
    return f"{part(header or {'alg': 'none', 'typ': 'JWT'})}.{part(claims)}."


def claims(sub: Any, **overrides: Any) -> dict:
    now = int(time.time())
    base = {"iss": f"https://securetoken.google.com/{client.PROJECT_ID}", "aud": client.PROJECT_ID,
            "iat": now, "exp": now + 3600, "auth_time": now, "sub": sub, "user_id": sub,
            "firebase": {"identities": {}, "sign_in_provider": "anonymous"}}
    return {**base, **overrides}


def bad_authorizations(world: World) -> list[tuple[str, str]]:
    valid = world.adversary.id_token
    return [
        ("Bearer", "Bearer"), ("garbage", "Bearer garbage"), ("Bearer null", "Bearer null"),
        ("Basic", "Basic dXNlcjpwYXNz"), ("lowercase bearer", f"bearer {valid}"),
        ("tampered", f"Bearer {valid[:-4]}AAAA"), ("truncated", f"Bearer {valid[: len(valid) // 2]}"),
        ("two tokens", f"Bearer {valid} {valid}"), ("custom-token audience",
         "Bearer " + forged_token(claims("x", aud="https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"))),
        ("wrong project", "Bearer " + forged_token(claims("x", aud="another-project"))),
        ("wrong issuer", "Bearer " + forged_token(claims("x", iss="https://evil.example.com"))),
        ("no subject", "Bearer " + forged_token({k: v for k, v in claims("x").items() if k != "sub"})),
        ("numeric subject", "Bearer " + forged_token(claims(12345))),
        ("empty subject", "Bearer " + forged_token(claims(""))),
        ("long subject", "Bearer " + forged_token(claims("x" * 129))),
        # The Auth emulator does not sign its tokens, so the functions emulator accepts a forged one
        # whose claims are otherwise right: these reach our code with uids no Auth server issues.
        ("subject with a slash", "Bearer " + forged_token(claims("players/evil"))),
        ("subject ..", "Bearer " + forged_token(claims(".."))),
        ("subject .", "Bearer " + forged_token(claims("."))),
        ("reserved subject", "Bearer " + forged_token(claims("__evil__"))),
        ("subject with slashes", "Bearer " + forged_token(claims("a/b/c/d"))),
        ("subject with a lone surrogate", "Bearer " + forged_token(claims("\ud800x"))),
        ("a bot's uid", "Bearer " + forged_token(claims("~bot1"))),
    ]


@pytest.mark.parametrize("name", CALLABLES)
def test_bad_authorization_headers_are_clean_errors_and_change_nothing(world, name):
    data = {"roomID": world.lobby.room_id, "card": "AS", "bid": "1C", "uid": world.adversary.uid,
            "settings": {"washRule": False}, "format": "pbn"}
    required, _optional = fields(name)
    body = envelope({k: v for k, v in data.items() if k in required})
    for label, authorization in bad_authorizations(world):
        response = post(name, body, None, headers={"Authorization": authorization})
        sent = f"{name} with {label}"
        status, _, _ = clean_error(response, sent)
        assert status == "UNAUTHENTICATED", f"{sent}: {status}"
    assert_nothing_changed(world, name)


PRINTABLE = st.characters(min_codepoint=0x20, max_codepoint=0x7e)


@hypothesis_settings(EXAMPLES["headers"])
@given(name=st.sampled_from(CALLABLES), authorization=st.one_of(
    st.text(alphabet=PRINTABLE, max_size=200),
    st.text(alphabet=PRINTABLE, min_size=1, max_size=300).map(lambda t: "Bearer " + t),
).map(str.strip))  # HTTP trims a header value's surrounding spaces (httpx refuses to send them)
def test_random_authorization_headers_are_unauthenticated_and_change_nothing(world, name, authorization):
    response = post(name, envelope({}), None, headers={"Authorization": authorization})
    sent = f"{name} with Authorization {authorization!r}"
    status, _, _ = clean_error(response, sent)
    assert status == "UNAUTHENTICATED", f"{sent}: {status}"
    assert_nothing_changed(world, sent)
