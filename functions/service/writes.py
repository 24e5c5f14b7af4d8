"""Firestore writes built as protocol buffers directly, the same messages the SDK builds.

The SDK encodes a document through proto-plus, a Python wrapper object for every value: some
4-5 ms for a room's state document and 3 for its room document, most of a move's own CPU (a
move writes both). Built as the raw messages (`Value.pb()`), the same
writes take a quarter of that. `tests/service/test_writes.py` holds every builder equal to the
SDK's own (`_helpers.pbs_for_set_no_merge`, `pbs_for_create`, `pbs_for_update`) over generated
documents.

What is encoded: None, booleans, integers, floats, strings, lists and maps at any depth; any
other value the SDK encodes (a time, bytes, a reference) is encoded by the SDK. A sentinel
(`SERVER_TIMESTAMP`, `Increment`, `DELETE_FIELD`) is taken only as a field of the document
given, or a path of an update: where every write here puts them.
"""
from __future__ import annotations

from typing import Any

from google.cloud.firestore_v1 import _helpers, transforms
from google.cloud.firestore_v1.field_path import FieldPath
from google.cloud.firestore_v1.types import common, document, write

_VALUE = document.Value.pb()
_MAP = document.MapValue.pb()
_ARRAY = document.ArrayValue.pb()
_DOCUMENT = document.Document.pb()
_WRITE = write.Write.pb()
_MASK = common.DocumentMask.pb()
_PRECONDITION = common.Precondition.pb()
_TRANSFORM = write.DocumentTransform.FieldTransform.pb()
_NULL = _VALUE(null_value=0)
_REQUEST_TIME = write.DocumentTransform.FieldTransform.ServerValue.REQUEST_TIME


def value_pb(value: Any) -> Any:
    """`value` as a raw `google.firestore.v1.Value`."""
    kind = type(value)
    if value is None:
        return _NULL
    if kind is bool:
        return _VALUE(boolean_value=value)
    if kind is int:
        return _VALUE(integer_value=value)
    if kind is float:
        return _VALUE(double_value=value)
    if kind is str:
        return _VALUE(string_value=value)
    if kind is dict:
        return _VALUE(map_value=_MAP(fields={key: value_pb(item) for key, item in value.items()}))
    if kind is list or kind is tuple:
        return _VALUE(array_value=_ARRAY(values=[value_pb(item) for item in value]))
    if _is_sentinel(value):
        raise TypeError(f"{value!r} inside a value: only a document's own field or an update's path may be one")
    return _helpers.encode_value(value)._pb


def set_write(name: str, data: dict[str, Any]) -> write.Write:
    """`DocumentReference.set(data)` (no merge) of the document `name` (its full resource name)."""
    return _whole(name, data, exists=None)


def create_write(name: str, data: dict[str, Any]) -> write.Write:
    """`DocumentReference.create(data)`: conditional on the document not existing."""
    return _whole(name, data, exists=False)


def update_write(name: str, changes: dict[str, Any], last_update: Any | None) -> write.Write:
    """`DocumentReference.update(changes)`: `changes` by field path (`a.b`, backticks quoting a
    name), conditional on the document's update time being `last_update` (a timestamp read), or
    on the document existing."""
    paths = sorted(((FieldPath.from_string(key), value) for key, value in changes.items()), key=lambda pair: pair[0])
    seen = {path for path, _ in paths}
    if not paths:
        raise ValueError("Cannot update with an empty document.")
    tree: dict[str, Any] = {}
    mask, field_transforms = [], []
    for path, value in paths:
        if any(ancestor in seen for ancestor in path.lineage()):
            raise ValueError(f"Conflicting field path: {path}")
        transform = _transform(path, value)
        if transform is not None:
            field_transforms.append(transform)
            continue
        mask.append(path.to_api_repr())
        if value is transforms.DELETE_FIELD:
            continue
        node = tree
        for part in path.parts[:-1]:
            node = node.setdefault(part, {})
        node[path.parts[-1]] = value_pb(value)
    condition = (_PRECONDITION(update_time=last_update.timestamp_pb()) if last_update is not None
                 else _PRECONDITION(exists=True))
    return _wrap(_WRITE(update=_DOCUMENT(name=name, fields=_fields(tree)), update_mask=_MASK(field_paths=mask),
                        current_document=condition, update_transforms=field_transforms))


def _whole(name: str, data: dict[str, Any], exists: bool | None) -> write.Write:
    fields, field_transforms = {}, []
    for key, value in data.items():
        if value is transforms.DELETE_FIELD:
            raise ValueError("Cannot apply DELETE_FIELD in a set or create request.")
        path = FieldPath(key)
        transform = _transform(path, value)
        if transform is not None:
            field_transforms.append((path, transform))
        else:
            fields[key] = value_pb(value)
    pb = _WRITE(update=_DOCUMENT(name=name, fields=fields),
                update_transforms=[transform for _, transform in sorted(field_transforms, key=lambda pair: pair[0])])
    if exists is not None:
        pb.current_document.CopyFrom(_PRECONDITION(exists=exists))
    return _wrap(pb)


def _wrap(pb: Any) -> write.Write:
    """The raw message as the SDK's `Write` (no copy)."""
    wrapped: write.Write = write.Write.wrap(pb)
    return wrapped


def _transform(path: FieldPath, value: Any) -> Any | None:
    """The field transform a sentinel stands for; None for a value (or `DELETE_FIELD`)."""
    if value is transforms.SERVER_TIMESTAMP:
        return _TRANSFORM(field_path=path.to_api_repr(), set_to_server_value=_REQUEST_TIME)
    if isinstance(value, transforms.Increment):
        return _TRANSFORM(field_path=path.to_api_repr(), increment=value_pb(value.value))
    if _is_sentinel(value) and value is not transforms.DELETE_FIELD:
        raise TypeError(f"{value!r} is not written here")
    return None


def _fields(tree: dict[str, Any]) -> dict[str, Any]:
    """A tree of names whose leaves are `Value`s as a document's fields."""
    return {key: node if isinstance(node, _VALUE) else _VALUE(map_value=_MAP(fields=_fields(node)))
            for key, node in tree.items()}


def _is_sentinel(value: Any) -> bool:
    return isinstance(value, (transforms.Sentinel, transforms._ValueList, transforms._NumericValue))
