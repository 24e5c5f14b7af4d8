"""bridge.request: how a declared request parses a call's data (the declarations themselves,
service.payloads, are checked against docs/API.md and docs/schema.json by tests/docs)."""
from __future__ import annotations

import pytest

from bridge import BridgeError, Reason
from bridge.request import Request, flag, matching, request, whole, wire

NAME = matching(r"[a-z]{1,8}", "'name' is 1-8 small letters.")


@request
class Base(Request):
    """A base request's field comes after the fields of a request built on it."""

    again: bool = wire("again", flag("'again' must be true or false."), default=False)


@request
class Pick(Base):
    """A name and an optional count."""

    name: str = wire("name", NAME)
    count: int | None = wire("count", whole(1, 3, "'count' is 1-3.", Reason.INVALID_SETTINGS), default=None)


@request
class Optional(Base):
    """Nothing required."""


def refusal(request_type: type[Request], data: object) -> BridgeError:
    with pytest.raises(BridgeError) as info:
        request_type.parse(data)
    return info.value


def test_a_request_is_its_typed_fields_and_an_absent_optional_field_takes_its_default():
    assert Pick.parse({"name": "ann"}) == Pick(name="ann", count=None, again=False)
    assert Pick.parse({"name": "ann", "count": 3, "again": True}) == Pick(name="ann", count=3, again=True)


def test_a_request_lists_its_own_fields_before_those_it_inherits_and_only_those_without_default_are_required():
    assert list(Pick.wire_fields) == ["name", "count", "again"]
    assert Pick.required == ("name",)
    assert "Unknown field; this call takes name, count, again." == refusal(Pick, {"name": "a", "x": 1}).message


def test_each_refusal_names_what_was_wrong_with_the_value_s_own_reason():
    for data, reason, message in [
        ([], Reason.INVALID_ARGUMENT, "The request data must be an object."),
        (None, Reason.INVALID_ARGUMENT, "The request data must be an object."),
        ({}, Reason.INVALID_ARGUMENT, "Missing field 'name'."),
        ({"name": "Ann"}, Reason.INVALID_ARGUMENT, "'name' is 1-8 small letters."),
        ({"name": "ann", "count": 4}, Reason.INVALID_SETTINGS, "'count' is 1-3."),
        ({"name": "ann", "count": True}, Reason.INVALID_SETTINGS, "'count' is 1-3."),
        ({"name": "ann", "count": 2.0}, Reason.INVALID_SETTINGS, "'count' is 1-3."),
    ]:
        error = refusal(Pick, data)
        assert (error.reason, error.message) == (reason, message), data


def test_null_is_the_empty_request_of_a_call_with_no_required_field():
    assert Optional.parse(None) == Optional.parse({}) == Optional(again=False)


def test_the_first_bad_field_in_declaration_order_is_the_error():
    assert refusal(Pick, {"again": 1, "count": 9, "name": "N"}).message == "'name' is 1-8 small letters."


def test_a_request_without_a_docstring_is_refused_at_its_declaration():
    with pytest.raises(TypeError):
        @request
        class Undocumented(Request):
            name: str = wire("name", NAME)
