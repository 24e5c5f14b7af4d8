"""The callable boundary: auth, request-shape guards, and the one mapping from errors to `HttpsError`.

Every failure a client can see carries `details.reason` (SPEC §7). Engine and service
rule breaks are `BridgeError`s; commits that kept conflicting become `aborted`/`CONTENTION`;
an unreachable backend, or a commit whose outcome could not be learnt, `unavailable`/`UNAVAILABLE`
(SPEC §8). A request that reached this function but names another is refused before it runs.
"""
from __future__ import annotations

import functools
import json
import logging
import traceback
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

import flask
from firebase_functions import https_fn, options, params
from google.api_core import exceptions as google_errors

from bridge import BridgeError, Reason
from bridge.request import Request
from bridge.room import is_bot

from . import payloads, request_log

log = logging.getLogger(__name__)

#: Callable bodies are tiny; anything larger is malformed (SPEC §4 "extra large payload").
MAX_BODY_BYTES = 8 * 1024

#: The backend could not be reached or did not answer (outside a commit, nothing was applied).
UNAVAILABLE_ERRORS = (
    google_errors.DeadlineExceeded,
    google_errors.ServiceUnavailable,
    google_errors.TooManyRequests,
    google_errors.InternalServerError,
    google_errors.RetryError,
)

#: Deploy-time parameters (functions/.env holds their values; override one project's in
#: functions/.env.<projectId>): a cost ceiling, and warm instances for the game moves.
MAX_INSTANCES = params.IntParam(
    "MAX_INSTANCES", default=100,
    description="The most instances of each callable: a cost ceiling (100 serve ~6,000 calls/s; docs/SCALING.md).")
GAME_MIN_INSTANCES = params.IntParam(
    "GAME_MIN_INSTANCES", default=0,
    description="Instances of placeBid, chooseTeammate and playCard kept warm (0: none; each ~$10/month).")
#: Firebase App Check on every callable: a request without a valid App Check token is refused
#: (APP_CHECK_REQUIRED) before it reads anything. Read at each call (`handle`), not when the
#: function is declared: the SDK's own `enforce_app_check` is fixed at import, where a parameter
#: has no value yet. On unless a project's .env says false: the emulators' project does (no
#: attestation provider can issue tokens for it).
ENFORCE_APP_CHECK = params.BoolParam(
    "ENFORCE_APP_CHECK", default=True,
    description="Refuse callable requests without a valid Firebase App Check token (false: accept them).")

#: The moves players wait on at the table: a cold start there is felt most.
LATENCY_CRITICAL = frozenset({"placeBid", "chooseTeammate", "playCard"})


def callable_options(name: str) -> dict[str, Any]:
    """Deploy options, chosen from the capacity model measured in bench/serving.py
    (docs/SCALING.md). The emulator ignores them.

    - region: us-central1, beside the default Firestore location (nam5).
    - cpu=1: a whole vCPU per instance (firebase-tools' default for <= 2 GiB today; stated so that
      a change of default cannot cut it). A call costs 6-10 ms of CPU: ~100 calls/s per vCPU,
      ~60 at Cloud Run's 60 % CPU scaling target.
    - concurrency=16: a call spends most of its time waiting on Firestore, so a few in flight keep
      the vCPU busy; more only queue on it (p99 past 1 s at 80 in flight on our bench) before
      Cloud Run adds an instance, which it does on CPU at this setting.
    - memory=512 MiB: a worker holds 75-81 MiB with 80 threads; the headroom costs ~3 % of the CPU.
    - timeout 30 s: far above a contended transaction's bounded retries (~1.3 s of backoff).
    - max/min instances: the parameters above.
    """
    chosen: dict[str, Any] = {
        "region": options.SupportedRegion.US_CENTRAL1,
        "cpu": 1,
        "concurrency": 16,
        "memory": options.MemoryOption.MB_512,
        "timeout_sec": 30,
        "max_instances": MAX_INSTANCES,
    }
    if name in LATENCY_CRITICAL:
        chosen["min_instances"] = GAME_MIN_INSTANCES
    return chosen

_CODES = {code.value: code for code in https_fn.FunctionsErrorCode}


@dataclass(frozen=True, slots=True)
class Caller:
    """The signed-in user making a call, from the verified ID token (never from the request data)."""

    uid: str
    name: str | None  # the Auth profile's display name (the ID token's `name`), if the user set one


@dataclass(frozen=True, slots=True)
class Call:
    """One invocation of a callable: who called which function with what `data`."""

    caller: Caller
    function: str
    data: Any

    def action(self, request_id: str | None) -> request_log.Action:
        """The action this call asks for, named by the client's `requestID` (or an id of ours)."""
        return request_log.Action.of(self.caller.uid, self.function, self.data, request_id)


R = TypeVar("R", bound=Request)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Handler(Generic[R, A]):
    """A callable's code: the request it takes (its declaration: `payloads`) and `run`, which
    gets the call with its data parsed as that request (`Request.parse`, before any Firestore
    access: a malformed request never reaches `run`)."""

    request: type[R]
    run: Callable[[Call, R], A]

    def __call__(self, call: Call) -> A:
        return self.run(call, self.request.parse(call.data))


def takes(request: type[R]) -> Callable[[Callable[[Call, R], A]], Handler[R, A]]:
    """Declare a callable's code as taking `request`: `@takes(PlaceBidRequest)`."""
    return lambda run: Handler(request, run)


def https_error(reason: Reason, message: str, retry_after: float | None = None) -> https_fn.HttpsError:
    """The error a client sees: `details.reason`, and for RATE_LIMITED `details.retryAfter` (seconds)."""
    details: dict[str, Any] = {"reason": reason.value}
    if retry_after is not None:
        details["retryAfter"] = retry_after
    return https_fn.HttpsError(_CODES[reason.status], message, details)


class TransactionExhausted(Exception):
    """Our bounded retries of a contended transaction ran out; nothing was applied."""


class OutcomeUnknown(Exception):
    """A commit's outcome could not be learnt: the action may or may not have been applied."""


def handle(name: str, handler: Handler[Any, Any], request: https_fn.CallableRequest[Any]) -> Any:
    """Run `handler` for a verified callable request to `name`: the caller (signed in, from an app
    App Check vouches for unless `ENFORCE_APP_CHECK` is off), then the one error mapping."""
    auth = request.auth
    if auth is None or not auth.uid:
        raise https_error(Reason.UNAUTHENTICATED, "Sign in before calling this function.")
    if not payloads.is_document_id(auth.uid) or is_bot(auth.uid):
        # Auth issues no such uid itself, but custom tokens may carry any string: one that cannot
        # name the caller's documents (players/{uid}, keys/{uid}), or that is a bot's, cannot
        # use this service.
        raise https_error(Reason.UNAUTHENTICATED, "This sign-in's user id cannot be used here.")
    if request.app is None and ENFORCE_APP_CHECK.value:  # the SDK verified the token if one was sent
        raise https_error(Reason.APP_CHECK_REQUIRED, "This app could not be verified (Firebase App Check): "
                          "call from an app with App Check set up, or with a debug token in development.")
    token = auth.token or {}
    caller = Caller(auth.uid, token.get("name"))
    try:
        return handler(Call(caller, name, request.data))
    except BridgeError as error:
        raise https_error(error.reason, error.message, error.retry_after) from None
    except TransactionExhausted:
        raise https_error(Reason.CONTENTION,
                          "The room was busy with other moves; nothing was changed. Try again.") from None
    except OutcomeUnknown:
        raise https_error(Reason.UNAVAILABLE, "The server could not learn whether your action was applied. "
                          "Send it again with the same requestID: it is never applied twice.") from None
    except UNAVAILABLE_ERRORS:
        raise https_error(Reason.UNAVAILABLE, "The game's database is unavailable; nothing was changed. "
                          "Try again shortly.") from None
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


def other_functions_named(path: str, name: str, functions: Collection[str]) -> list[str]:
    """The functions among `functions`, other than `name`, that a request path names.

    Production strips the function's name from the path (`/`); the Functions emulator, as our
    set-up patches it (patches/firebase-tools*.patch), passes `/<function>`. A request for one
    function that reaches another's code (seen in the emulator when two workers were handed one
    port) must be refused before it reads anything: run there, a `toggleReady` could unseat a
    player as a `leaveGameRoom`."""
    return [segment for segment in path.split("/") if segment in functions and segment != name]


def callable_function(name: str, handler: Handler[Any, Any],
                      functions: Collection[str]) -> Callable[[flask.Request], flask.Response]:
    """Declare `handler` as the callable `name`: authenticated, size-guarded, errors mapped.
    `functions` are the names of all our functions, to refuse a request meant for another."""

    def endpoint(request: https_fn.CallableRequest[Any]) -> Any:
        return handle(name, handler, request)

    endpoint.__name__ = endpoint.__qualname__ = name
    # The SDK declares the wrapped function by the handler's type; what it deploys and serves
    # takes the raw Flask request.
    sdk_function = cast(Callable[[flask.Request], flask.Response], https_fn.on_call(**callable_options(name))(endpoint))

    @functools.wraps(sdk_function)
    def guarded(raw: flask.Request) -> flask.Response:
        if meant_for := other_functions_named(raw.path, name, functions):
            log.error("Refused a request for %s that reached %s (a serving-layer fault)", "/".join(meant_for), name)
            return _error_response(503, "UNAVAILABLE", "This request reached the wrong function and was not run; "
                                   "nothing was changed. Try again.", "UNAVAILABLE")
        if raw.method == "OPTIONS":  # a browser's CORS preflight: the SDK answers it
            return _with_reason(sdk_function(raw))
        # The SDK would refuse these too, but logs a warning and an error for each ("Request has
        # invalid method", "Invalid request, unable to process"): alarming noise in a developer's
        # emulator log for what is only a stray request.
        if raw.method != "POST":
            return _error_response(400, "INVALID_ARGUMENT", "A callable takes POST requests.", "INVALID_ARGUMENT")
        if (raw.mimetype or "").lower() != "application/json":
            return _error_response(400, "INVALID_ARGUMENT",
                                   "The request must be JSON (Content-Type: application/json).", "INVALID_ARGUMENT")
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
