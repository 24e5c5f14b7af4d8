"""docs/schema.json, the JSON Schema of the wire contract: exported from its one declaration
(functions/bridge/wire.py for documents and answers, functions/service/payloads.py for requests),
true of what the server writes, and of the requests it parses. (web/e2e/types.test.mjs checks
that the web client's types are generated from it.)"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import itertools
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge import BridgeError, Room, documents
from bridge.audience import Audience
from tests.docs.test_api_doc import callables, rooms_in_every_status

ROOT = Path(__file__).resolve().parents[2]


def _exporter() -> Any:
    loader = importlib.machinery.SourceFileLoader("export_schema", str(ROOT / "scripts" / "export-schema"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


EXPORTER = _exporter()
SCHEMA = json.loads((ROOT / "docs" / "schema.json").read_text(encoding="utf-8"))


def stored(room: Room) -> dict[str, Any]:
    """The room document as the server stores it (`store.save_room`, with the audience's
    `spectators`: `documents.room_audience`, and each hand sealed: `sealing`), timestamps as a
    client reads them."""
    from service import sealing

    now = {"seconds": 1_700_000_000, "nanoseconds": 0}
    watched = documents.room_audience(Audience(("fan",)))
    hands = documents.hand_views(room)
    sealed = sealing.sealed_hands(room.deal.players if room.deal else (), hands, sealing.new_secret())
    return json.loads(json.dumps({**documents.public_room(room), "version": 7, "createdAt": now, "updatedAt": now,
                                  **watched, "sealedHands": sealed}))


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{name}"})


def test_docs_schema_json_is_what_scripts_export_schema_writes():
    assert (ROOT / "docs" / "schema.json").read_text(encoding="utf-8") == EXPORTER.text(), (
        "docs/schema.json is out of date: run .venv/bin/python scripts/export-schema")


def test_the_schema_is_valid_json_schema_and_names_every_top_level_type():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(EXPORTER.TOP_LEVEL) <= set(SCHEMA["$defs"])


@pytest.mark.parametrize("label", list(rooms_in_every_status()))
def test_every_document_the_server_writes_for_a_room_matches_the_schema(label):
    room = rooms_in_every_status()[label]
    validator("RoomDocument").validate(stored(room))
    for hand in documents.hand_views(room).values():
        validator("HandView").validate(hand)
    record = documents.deal_record(room)
    if record is not None:
        validator("DealRecord").validate(json.loads(json.dumps(record)))


def test_every_document_the_server_writes_for_a_tournament_matches_the_schema():
    """A tournament of two boards played by three entrants at their tables in the engine: its
    public document, each board's, each result, each entrant's progress, the standings' pages
    (as `service.tournaments` and `store` write them, timestamps as a client reads them), and a
    rating."""
    import random

    from bridge import ratings, tournament_documents
    from bridge.room import finished_since
    from bridge.tournament import Field, FieldScoring, Tournament, result_of
    from tests.people import person_moves

    now = {"seconds": 1_700_000_000, "nanoseconds": 0}
    tournament = Tournament.create("t", game="contract", scoring=FieldScoring.IMPS, boards=2, opens_at=0,
                                   closes_at=3600)
    results = []
    for n in range(3):
        room, rng = tournament.table(f"u{n}", f"U {n}"), random.Random(n)
        while not room.is_ended:
            before, room = room, person_moves(room, rng)
            validator("TournamentEntrantDocument").validate(tournament_documents.entrant_document(room, "r"))
            if finished_since(before, room):
                result = result_of(room)
                results.append(result)
                validator("TournamentResultDocument").validate(json.loads(json.dumps(
                    {**tournament_documents.result_document(room, result), "recordedAt": now})))
    field = Field.empty(tournament.scoring, 2).with_results(results)
    for closed in (tournament, tournament.closed_now()):
        validator("TournamentDocument").validate({**tournament_documents.public_tournament(closed, 3, 1),
                                                  "opensAt": now, "closesAt": now})
    for number in (1, 2):
        validator("TournamentBoardDocument").validate(
            json.loads(json.dumps(tournament_documents.board_document(tournament, number, field))))
    for page in tournament_documents.standings_pages(field, final=True):
        validator("StandingsPage").validate({**page, "at": now})
    validator("RatingDocument").validate({**ratings.to_doc(ratings.initial()), "uid": "u0", "displayName": "U 0",
                                          "lastTournament": "t", "updatedAt": now})


def test_the_schema_refuses_a_room_document_with_a_field_the_contract_does_not_name():
    room = stored(rooms_in_every_status()["playing"])
    validator("RoomDocument").validate(room)
    with pytest.raises(jsonschema.ValidationError):
        validator("RoomDocument").validate({**room, "hands": [["AS"]]})
    with pytest.raises(jsonschema.ValidationError):
        validator("RoomDocument").validate({**room, "status": "paused"})


# ---- requests: the schema says what the server parses -----------------------------------------

#: Request fields of user text, which the server counts once trimmed (and a display name's
#: characters): JSON Schema cannot say that, so their schema is looser than the parser (its
#: `description` says the rest). Every other field's schema is the parser's rule exactly.
LOOSE = {"alert", "text", "entropy", "displayName"}
#: A value each required field takes (to send one field's test value in an otherwise good request).
GOOD = {"roomID": "r00m", "eventID": "ev3nt", "bid": "3NT", "card": "QH", "uid": "user_1", "tricks": 3,
        "accept": True, "settings": {"chat": False}, "displayName": "Ann", "text": "hi", "form": "teams",
        "boards": 2, "table": 0, "direction": "EW", "seat": 1, "format": "pbn", "tournamentID": "t0urnament",
        "game": "contract", "scoring": "imps", "minutes": 60}


def _ecma_pattern(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    """`pattern` as JSON Schema reads it (ECMA-262), where `$` is the end of the string; Python's
    `$` (which jsonschema uses) also matches before a final newline."""
    if validator.is_type(instance, "string") and not re.search(pattern.replace("$", r"\Z"), instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


ECMA_VALIDATOR = jsonschema.validators.extend(jsonschema.Draft202012Validator, {"pattern": _ecma_pattern})
REQUESTS = sorted({handler.request for handler in callables().values()}, key=lambda request: request.__name__)


def request_validator(request: Any) -> Any:
    return ECMA_VALIDATOR({**SCHEMA, "$ref": f"#/$defs/{request.__name__}"})


def accepts(request: Any, data: Any) -> bool:
    try:
        request.parse(data)
    except BridgeError:
        return False
    return True


def good(request: Any) -> dict[str, Any]:
    """A request of `request` the server parses: its required fields alone."""
    return {name: GOOD[name] for name in request.required}


def _definition(schema: dict[str, Any]) -> dict[str, Any]:
    return SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]] if "$ref" in schema else schema


json_scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-2**60, max_value=2**60),
                         st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)), max_leaves=6)


def near(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values at and around what `schema` allows: its enum, strings of its pattern (and one
    newline more), numbers at and past its bounds, each of a settings object's values; and any
    JSON."""
    schema = _definition(schema)
    kind, options = schema["type"], [json_values]
    if "enum" in schema:
        options.append(st.sampled_from(schema["enum"]))
    if "pattern" in schema:
        python = st.from_regex(schema["pattern"].replace("$", r"\Z"), fullmatch=True)
        options += [python, python.map(lambda text: text + "\n")]
    if kind == "string":
        options.append(st.text(max_size=600))
    if kind == "integer":
        low, high = schema["minimum"], schema["maximum"]
        options += [st.integers(min_value=low - 2, max_value=min(high, low + 20) + 2),
                    st.sampled_from([low - 1, low, high, high + 1, float(low)])]
    if kind == "array":
        options.append(st.lists(near(schema["items"]), max_size=3))
    if kind == "object":
        options.append(st.fixed_dictionaries({}, optional={name: near(value)
                                                           for name, value in schema["properties"].items()}))
    return st.one_of(options)


def _integral_floats(value: Any) -> bool:
    """Whether `value` holds a float with no fraction (`2.0`), which JSON Schema's `integer`
    accepts and the server does not (JSON cannot tell it from `2` in most languages anyway)."""
    if isinstance(value, float):
        return value.is_integer()
    if isinstance(value, dict):
        value = list(value.values())
    return isinstance(value, list) and any(_integral_floats(each) for each in value)


@pytest.mark.parametrize("request_type", REQUESTS, ids=lambda request: request.__name__)
def test_the_schema_takes_a_request_field_value_exactly_when_the_server_does(request_type):
    """One field's value (at and around what it takes, or any JSON) in an otherwise good request:
    the server parses it if and only if the request's definition in docs/schema.json allows it,
    except that the schema cannot say the whole rule of a `LOOSE` field (it still allows every
    value the server takes) and takes integral floats for integers."""
    validator = request_validator(request_type)
    properties = SCHEMA["$defs"][request_type.__name__]["properties"]
    field_values = st.sampled_from(sorted(properties)).flatmap(
        lambda name: near(properties[name]).map(lambda value: (name, value)))

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(field=field_values)
    def check(field: tuple[str, Any]) -> None:
        name, value = field
        data = {**good(request_type), name: value}
        accepted, valid = accepts(request_type, data), validator.is_valid(data)
        if name in LOOSE or _integral_floats(value):
            assert valid or not accepted, f"{request_type.__name__} parses {data!r}, its schema refuses it"
        else:
            assert accepted == valid, f"{request_type.__name__}: the server {'parses' if accepted else 'refuses'} " \
                                      f"{data!r}, its schema {'allows' if valid else 'refuses'} it"

    check()


def patterned_fields() -> dict[str, tuple[Any, str]]:
    """Each request field whose schema has a pattern, once (most requests take `roomID`): its
    value's parser and its schema's pattern, by field name and pattern."""
    found = {}
    for request in REQUESTS:
        for name, schema in SCHEMA["$defs"][request.__name__]["properties"].items():
            if "pattern" in schema:
                found[f"{name} {schema['pattern']}"] = (request.wire_fields[name][1].parse, schema["pattern"])
    return found


@pytest.mark.parametrize("field", list(patterned_fields()))
def test_the_schema_and_the_server_take_the_same_short_strings_for_a_patterned_field(field):
    """Every string of up to three of a pattern's own characters, capital letters, digits and a
    few others: the field's value parses exactly when its schema's pattern matches it as JSON
    Schema reads patterns (ECMA-262: `$` is the end). A card is two characters, a call up to four."""
    parse, pattern = patterned_fields()[field]
    ecma = re.compile(pattern.replace("$", r"\Z"))
    alphabet = sorted(set(pattern) | set(string.ascii_uppercase + string.digits + " \n~_-/.a"))
    texts = ["".join(chars) for size in range(4) for chars in itertools.product(alphabet, repeat=size)]
    for text in [*texts, "PASS", "pass", "PAS", "10NT", "XXX", "____", "__a__", "~bot12"]:
        try:
            parse(text)
            accepted = True
        except BridgeError:
            accepted = False
        assert accepted == bool(ecma.search(text)), f"{field}: {text!r}"


@pytest.mark.parametrize("request_type", REQUESTS, ids=lambda request: request.__name__)
def test_the_schema_refuses_what_the_server_refuses_of_a_request_s_shape(request_type):
    """Not an object, a required field missing, a field the request does not take: the server
    refuses each, and so does the schema. (The server also takes null for a request with no
    required field, SPEC §4's `{}`: the schema names the object.)"""
    validator = request_validator(request_type)
    data = good(request_type)
    assert accepts(request_type, data) and validator.is_valid(data)
    shapes = [[], "r00m", 7, {**data, "extra": 1}, {**data, "room_id": "r00m"},
              *({n: v for n, v in data.items() if n != name} for name in request_type.required)]
    for shape in shapes:
        assert not accepts(request_type, shape), f"{request_type.__name__} parses {shape!r}"
        assert not validator.is_valid(shape), f"{request_type.__name__}'s schema allows {shape!r}"
