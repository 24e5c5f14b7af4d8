"""The writes `service.writes` builds are the SDK's own, message for message: `set`, `create` and
`update` (with and without the read's update time) of generated documents, sentinels and times
included. No emulator: the oracle is the SDK's encoding (`google.cloud.firestore_v1._helpers`)."""
from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from google.api_core.datetime_helpers import DatetimeWithNanoseconds
from google.cloud import firestore
from google.cloud.firestore_v1 import _helpers
from google.cloud.firestore_v1._helpers import LastUpdateOption
from google.cloud.firestore_v1.field_path import FieldPath
from hypothesis import given, settings
from hypothesis import strategies as st

from service import writes

NAME = "projects/p/databases/(default)/documents/rooms/r1/private/state"
#: An update time as Firestore gives it: microseconds.
READ_AT = DatetimeWithNanoseconds(2026, 11, 29, 9, 30, 1, 123456, tzinfo=dt.UTC)

names = st.one_of(st.sampled_from(["version", "a", "players", "8digitFirst", "with space", "dotted.name", "`tick`",
                                   "ü", "requests"]),
                  st.text(min_size=1, max_size=6))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 63, 2 ** 63 - 1),
                    st.floats(allow_nan=False), st.text(max_size=12),
                    st.just(DatetimeWithNanoseconds(2026, 1, 2, 3, 4, 5, nanosecond=6, tzinfo=dt.UTC)))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(names, inner, max_size=4)), max_leaves=20)
sentinels = st.one_of(st.just(firestore.SERVER_TIMESTAMP), st.integers(-5, 5).map(firestore.Increment))
documents = st.dictionaries(names, st.one_of(values, sentinels), max_size=8)


def raw(writes_: list[Any]) -> list[Any]:
    return [w._pb for w in writes_]


@settings(max_examples=150, deadline=None)
@given(documents)
def test_a_set_is_the_sdks_set(data: dict[str, Any]) -> None:
    assert raw([writes.set_write(NAME, data)]) == raw(_helpers.pbs_for_set_no_merge(NAME, data))


@settings(max_examples=150, deadline=None)
@given(documents)
def test_a_create_is_the_sdks_create(data: dict[str, Any]) -> None:
    assert raw([writes.create_write(NAME, data)]) == raw(_helpers.pbs_for_create(NAME, data))


paths = st.lists(names, min_size=1, max_size=3).map(lambda parts: FieldPath(*parts).to_api_repr())


def apart(changes: dict[str, Any]) -> bool:
    """No path of `changes` is another's ancestor."""
    parsed = {FieldPath.from_string(key) for key in changes}
    return not any(ancestor in parsed for path in parsed for ancestor in path.lineage())


updates = st.dictionaries(paths, st.one_of(values, sentinels, st.just(firestore.DELETE_FIELD)), min_size=1,
                          max_size=6).filter(apart)


@settings(max_examples=200, deadline=None)
@given(updates, st.booleans())
def test_an_update_is_the_sdks_update_conditional_on_the_read_or_on_existing(changes: dict[str, Any],
                                                                           conditional: bool) -> None:
    option = LastUpdateOption(READ_AT) if conditional else None
    expected = raw(_helpers.pbs_for_update(NAME, changes, option))
    assert raw([writes.update_write(NAME, changes, READ_AT if conditional else None)]) == expected


@pytest.mark.parametrize("changes", [{"a": 1, "a.b": 2}, {"a.b": 1, "a.b.c": None},
                                     {"a": {}, "a.b": firestore.DELETE_FIELD}])
def test_an_update_of_a_path_and_one_inside_it_is_refused(changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        writes.update_write(NAME, changes, None)


def test_a_rooms_update_sends_a_movers_log_by_its_quoted_path_and_stamps_the_time() -> None:
    changes = {"version": 8, FieldPath("requests", "8uid").to_api_repr(): {"entries": [], "limits": {"move": 1.5}},
               "trick": firestore.DELETE_FIELD, "updatedAt": firestore.SERVER_TIMESTAMP}
    write = writes.update_write(NAME, changes, READ_AT)
    assert write._pb == _helpers.pbs_for_update(NAME, changes, LastUpdateOption(READ_AT))[0]._pb
    assert list(write.update_mask.field_paths) == ["requests.`8uid`", "trick", "version"]


@pytest.mark.parametrize("value", [{"at": firestore.SERVER_TIMESTAMP}, [firestore.Increment(1)],
                                   firestore.ArrayUnion([1])])
def test_a_sentinel_anywhere_but_a_field_of_its_own_is_refused(value: Any) -> None:
    with pytest.raises(TypeError):
        writes.set_write(NAME, {"field": value})


def test_a_deleted_field_is_refused_in_a_set_or_create() -> None:
    for build in (writes.set_write, writes.create_write):
        with pytest.raises(ValueError):
            build(NAME, {"field": firestore.DELETE_FIELD})
