"""Player accounts (SPEC §3): `players/{uid}`, and the `createAccount` Auth trigger."""
from __future__ import annotations

from typing import Any

from firebase_functions import https_fn, identity_fn, options
from google.api_core import exceptions as google_errors
from google.cloud import firestore

from bridge import Reason

from . import db

PLAYERS = "players"


def display_name_for(uid: str, display_name: str | None = None, email: str | None = None) -> str:
    """The name shown to other players: the Auth display name, else the email's local part,
    else `Player-` and the start of the uid (anonymous users have neither)."""
    if display_name and display_name.strip():
        return display_name.strip()
    local_part = (email or "").split("@", 1)[0].strip()
    if local_part:
        return local_part
    return f"Player-{uid[:6]}"


def account_document(uid: str, display_name: str | None, email: str | None = None) -> dict[str, Any]:
    """A new PlayerAccount (SPEC §3), ready to write; `createdAt` is set by the server."""
    return {
        "uid": uid,
        "displayName": display_name_for(uid, display_name, email),
        "createdAt": firestore.SERVER_TIMESTAMP,
        "roomID": None,
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
def createAccount(event: identity_fn.AuthBlockingEvent) -> None:  # noqa: N802 (SPEC name)
    """Create the PlayerAccount of a user being created (email/password, federated sign-up).

    Anonymous sign-ins and Admin-SDK users fire no trigger; the callables create their
    account on first use. Raising here makes Auth refuse to create the user.
    """
    user = event.data
    try:
        account_ref(user.uid).create(account_document(user.uid, user.display_name, user.email))
    except google_errors.AlreadyExists:
        raise https_fn.HttpsError(
            https_fn.FunctionsErrorCode.ALREADY_EXISTS,
            "A player account already exists for this user.",
            {"reason": Reason.ACCOUNT_EXISTS.value},
        ) from None
