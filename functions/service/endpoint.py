"""The callable boundary: auth, request-shape guards, and the one mapping from errors to `HttpsError`.

Every failure a client can see carries `details.reason` (SPEC §7). Engine and service
rule breaks are `BridgeError`s; Firestore contention becomes `aborted`/`CONTENTION`.
"""
from __future__ import annotations

import functools
import json
import logging
import traceback
from dataclasses import dataclass
from typing import Any, Callable

import flask
from firebase_functions import https_fn, options
from google.api_core import exceptions as google_errors

from bridge import BridgeError, Reason

from . import payloads

log = logging.getLogger(__name__)

#: Callable bodies are tiny; anything larger is malformed (SPEC §4 "extra large payload").
MAX_BODY_BYTES = 8 * 1024

#: Errors that mean "another request touched the same documents; try again".
CONTENTION_ERRORS = (
    google_errors.Aborted,
    google_errors.Conflict,
    google_errors.DeadlineExceeded,
    google_errors.ServiceUnavailable,
    google_errors.TooManyRequests,
)

#: Deliberate deployment options: the region beside a default Firestore location, small
#: instances (the engine needs little memory), and a timeout far above a contended transaction.
CALLABLE_OPTIONS = {
    "region": options.SupportedRegion.US_CENTRAL1,
    "memory": options.MemoryOption.MB_256,
    "timeout_sec": 30,
    "max_instances": 100,
}

_CODES = {code.value: code for code in https_fn.FunctionsErrorCode}


@dataclass(frozen=True, slots=True)
class Caller:
    """The signed-in user making a call, from the verified ID token (never from the request data)."""

    uid: str
    name: str | None
    email: str | None


Handler = Callable[[Caller, Any], Any]


def https_error(reason: Reason, message: str) -> https_fn.HttpsError:
    return https_fn.HttpsError(_CODES[reason.status], message, {"reason": reason.value})


class TransactionExhausted(Exception):
    """Our bounded retries of a contended transaction ran out."""


def _call(handler: Handler, request: https_fn.CallableRequest) -> Any:
    auth = request.auth
    if auth is None or not auth.uid:
        raise https_error(Reason.UNAUTHENTICATED, "Sign in before calling this function.")
    if not payloads.is_document_id(auth.uid):
        # Auth issues no such uid itself, but custom tokens may carry any string: one that cannot
        # name the caller's documents (players/{uid}, hands/{uid}) cannot use this service.
        raise https_error(Reason.UNAUTHENTICATED, "This sign-in's user id cannot be used here.")
    token = auth.token or {}
    caller = Caller(auth.uid, token.get("name"), token.get("email"))
    try:
        return handler(caller, request.data)
    except BridgeError as error:
        raise https_error(error.reason, error.message) from None
    except (TransactionExhausted, *CONTENTION_ERRORS):
        raise https_error(Reason.CONTENTION, "The room was busy with other moves; try again.") from None
    except Exception as error:
        # A bug, not a client error. Log where it happened but not the exception text,
        # which could quote document contents (hidden cards).
        frames = traceback.extract_tb(error.__traceback__)
        log.error("Unexpected %s at %s", type(error).__name__,
                  " <- ".join(f"{f.name}:{f.lineno}" for f in reversed(frames[-6:])))
        raise https_fn.HttpsError(
            https_fn.FunctionsErrorCode.INTERNAL, "The server failed; this is a bug.", {"reason": "INTERNAL"}
        ) from None


def _error_response(status: int, code: str, message: str, reason: str) -> flask.Response:
    body = {"error": {"status": code, "message": message, "details": {"reason": reason}}}
    response = flask.Response(json.dumps(body), status=status, mimetype="application/json")
    response.headers["Access-Control-Allow-Origin"] = "*"
    return response


def _with_reason(response: flask.Response) -> flask.Response:
    """The SDK rejects bad envelopes and bad tokens itself, without `details`; add the reason."""
    if response.status_code < 400 or not response.is_json:
        return response
    body = response.get_json(silent=True) or {}
    error = body.get("error")
    if isinstance(error, dict) and not isinstance(error.get("details"), dict):
        error["details"] = {"reason": str(error.get("status", "INTERNAL"))}
        response.set_data(json.dumps(body))
    return response


def callable_function(name: str, handler: Handler) -> Callable[[flask.Request], flask.Response]:
    """Declare `handler` as the callable `name`: authenticated, size-guarded, errors mapped."""

    def endpoint(request: https_fn.CallableRequest) -> Any:
        return _call(handler, request)

    endpoint.__name__ = endpoint.__qualname__ = name
    sdk_function = https_fn.on_call(**CALLABLE_OPTIONS)(endpoint)

    @functools.wraps(sdk_function)
    def guarded(raw: flask.Request) -> flask.Response:
        if raw.method == "POST":
            if (raw.content_length or 0) > MAX_BODY_BYTES or len(raw.get_data(cache=True)) > MAX_BODY_BYTES:
                return _error_response(400, "INVALID_ARGUMENT", "The request is too large.", "INVALID_ARGUMENT")
            try:
                body = json.loads(raw.get_data(cache=True) or b"null")
            except (ValueError, RecursionError):  # RecursionError: nesting deeper than ~1000 levels
                return _error_response(400, "INVALID_ARGUMENT", "The request body is not JSON.", "INVALID_ARGUMENT")
            # The SDK crashes (500) on an empty body or a JSON string containing "data", and logs the
            # values of extra envelope keys (request data in the logs): reject both here.
            if not isinstance(body, dict) or body.keys() != {"data"}:
                return _error_response(400, "INVALID_ARGUMENT", 'The request body must be {"data": ...} alone.',
                                       "INVALID_ARGUMENT")
        return _with_reason(sdk_function(raw))

    return guarded
