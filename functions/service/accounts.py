"""Player accounts (SPEC §3): `players/{uid}`, and the `createAccount` Auth trigger."""
from __future__ import annotations

import unicodedata
from typing import Any

from firebase_functions import https_fn, identity_fn, options
from google.api_core import exceptions as google_errors
from google.cloud import firestore

from bridge import BridgeError, Reason

from . import db

PLAYERS = "players"


#: SPEC §14: a display name is 1-24 characters after trimming.
MAX_DISPLAY_NAME = 24
#: Characters a display name may not hold: control (Cc), format (Cf: invisible, bidi overrides),
#: lone surrogates (Cs: not text), and line/paragraph separators (Zl, Zp: break a one-line name).
_FORBIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _allowed(character: str) -> bool:
    return unicodedata.category(character) not in _FORBIDDEN_CATEGORIES


def parse_display_name(value: Any) -> str:
    """A name a player chose (`updateProfile`): trimmed, 1-24 characters, none forbidden."""
    if not isinstance(value, str):
        raise BridgeError(Reason.INVALID_ARGUMENT, "'displayName' must be a string.")
    name = value.strip()
    if not 1 <= len(name) <= MAX_DISPLAY_NAME:
        raise BridgeError(Reason.INVALID_ARGUMENT, f"A display name is 1-{MAX_DISPLAY_NAME} characters long.")
    if not all(map(_allowed, name)):
        raise BridgeError(Reason.INVALID_ARGUMENT, "A display name may not contain control or format characters.")
    return name


def display_name_for(uid: str, profile_name: str | None = None) -> str:
    """The name a new account gets (SPEC §14): the Auth profile's name if the user set one, without
    forbidden characters, trimmed and cut to 24 characters; else `Player-` and the start of the uid.
    Never the email address or any part of it: the name is public in every room."""
    cleaned = "".join(filter(_allowed, profile_name or "")).strip()[:MAX_DISPLAY_NAME].strip()
    return cleaned or f"Player-{uid[:6]}"


def account_document(uid: str, profile_name: str | None) -> dict[str, Any]:
    """A new PlayerAccount (SPEC §3), ready to write; `createdAt` is set by the server."""
    return {
        "uid": uid,
        "displayName": display_name_for(uid, profile_name),
        "createdAt": firestore.SERVER_TIMESTAMP,
        "roomID": None,
        "eventID": None,
        "directing": [],
        "tournaments": [],
        "entered": [],
        "stats": {"gamesPlayed": 0, "gamesWon": 0, "gamesAbandoned": 0},
    }


def account_ref(uid: str) -> firestore.DocumentReference:
    return db.client().collection(PLAYERS).document(uid)


@identity_fn.before_user_created(
    region=options.SupportedRegion.US_CENTRAL1,
    memory=options.MemoryOption.MB_256,
    # Auth waits at most 7 s for a blocking function before failing the sign-up.
    timeout_sec=7,
)
def createAccount(event: identity_fn.AuthBlockingEvent) -> None:  # camelCase: the SPEC name
    """Create the PlayerAccount of a user being created (email/password, federated sign-up).

    Anonymous sign-ins and Admin-SDK users fire no trigger; the callables create their
    account on first use. Raising here makes Auth refuse to create the user.
    """
    user = event.data
    try:
        account_ref(user.uid).create(account_document(user.uid, user.display_name))
    except google_errors.AlreadyExists:
        raise https_fn.HttpsError(
            https_fn.FunctionsErrorCode.ALREADY_EXISTS,
            "A player account already exists for this user.",
            {"reason": Reason.ACCOUNT_EXISTS.value},
        ) from None
