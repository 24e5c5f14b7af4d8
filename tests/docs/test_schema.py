"""docs/schema.json, the JSON Schema of the wire contract: exported from its one declaration
(functions/bridge/wire.py) and true of what the server writes. (web/e2e/types.test.mjs checks
that the web client's types are generated from it.)"""
from __future__ import annotations

import importlib.machinery
import importlib.util
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from bridge import Room, documents
from bridge.audience import Audience
from tests.docs.test_api_doc import rooms_in_every_status

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
    `spectators`: `documents.room_audience`), timestamps as a client reads them."""
    now = {"seconds": 1_700_000_000, "nanoseconds": 0}
    watched = documents.room_audience(Audience(("fan",)))
    return json.loads(json.dumps({**documents.public_room(room), "version": 7, "createdAt": now, "updatedAt": now,
                                  **watched}))


def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{name}"})


def test_docs_schema_json_is_what_scripts_export_schema_writes_from_bridge_wire():
    assert (ROOT / "docs" / "schema.json").read_text(encoding="utf-8") == EXPORTER.text(), (
        "docs/schema.json is out of date: run .venv/bin/python scripts/export-schema")


def test_the_schema_is_valid_json_schema_and_names_every_top_level_type():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(EXPORTER.TOP_LEVEL) <= set(SCHEMA["$defs"])


@pytest.mark.parametrize("label", list(rooms_in_every_status()))
def test_every_document_the_server_writes_for_a_room_matches_the_schema(label):
    room = rooms_in_every_status()[label]
    validator("RoomDocument").validate(stored(room))
    for hand in documents.hand_documents(room, 1).values():
        validator("HandDocument").validate(hand)
    record = documents.deal_record(room)
    if record is not None:
        validator("DealRecord").validate(json.loads(json.dumps(record)))


def test_the_schema_refuses_a_room_document_with_a_field_the_contract_does_not_name():
    room = stored(rooms_in_every_status()["playing"])
    validator("RoomDocument").validate(room)
    with pytest.raises(jsonschema.ValidationError):
        validator("RoomDocument").validate({**room, "hands": [["AS"]]})
    with pytest.raises(jsonschema.ValidationError):
        validator("RoomDocument").validate({**room, "status": "paused"})
