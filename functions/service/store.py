"""Room and account documents inside one Firestore transaction.

Reads come first (`load_room`, `read_account`), then `save_room` writes the new state's
projections: the public room document, only the hand documents that changed, and the
account stats when the game has just ended. A room that did not change is not written.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from google.api_core import exceptions as google_errors
from google.cloud import firestore

from bridge import BridgeError, Reason, Room, documents

from . import db
from .accounts import account_ref
from .endpoint import TransactionExhausted

ROOMS, HANDS = "rooms", "hands"

# The client retries a commit that aborts 5 times; we add a few jittered retries around the
# whole body for aborts the client does not retry (lock timeouts while reading).
_ATTEMPTS = 4
_BACKOFF_S = 0.05

T = TypeVar("T")


def run_transaction(body: Callable[[firestore.Transaction], T]) -> T:
    """Run `body` in a transaction, retrying contention a bounded number of times."""
    transactional = firestore.transactional(body)
    for attempt in range(1, _ATTEMPTS + 1):
        try:
            return transactional(db.client().transaction())
        except (google_errors.Aborted, ValueError) as error:
            # The client signals exhausted commit retries as a ValueError caused by Aborted.
            if isinstance(error, ValueError) and not isinstance(error.__cause__, google_errors.Aborted):
                raise
            if attempt == _ATTEMPTS:
                raise TransactionExhausted() from error
            time.sleep(random.uniform(0.5, 1.5) * _BACKOFF_S * attempt)
    raise AssertionError("unreachable")


def room_ref(room_id: str) -> firestore.DocumentReference:
    return db.client().collection(ROOMS).document(room_id)


def room_ref_new() -> firestore.DocumentReference:
    """A fresh auto-id room reference (nothing is written until the transaction commits)."""
    return db.client().collection(ROOMS).document()


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A room as read in the current transaction."""

    ref: firestore.DocumentReference
    room: Room
    version: int
    created_at: Any
    hands: dict[str, dict]


def load_room(txn: firestore.Transaction, room_id: str, expected_version: int | None = None) -> StoredRoom:
    """Read a room and every hand dealt in it; reject a stale `expected_version`."""
    ref = room_ref(room_id)
    snapshot = ref.get(transaction=txn)
    if not snapshot.exists:
        raise BridgeError(Reason.ROOM_NOT_FOUND, "No room has that id.")
    doc = snapshot.to_dict()
    if expected_version is not None and expected_version != doc["version"]:
        raise BridgeError(Reason.STALE_STATE, f"The room is at version {doc['version']}, not {expected_version}.")
    seating = doc.get("seating") or []
    hands = {}
    if seating:
        hand_refs = [ref.collection(HANDS).document(uid) for uid in seating]
        hands = {s.id: s.to_dict() for s in txn.get_all(hand_refs) if s.exists}
    state = {**doc, "hands": [hands[uid]["cards"] for uid in seating] if seating else None}
    return StoredRoom(ref, documents.from_dict(state), doc["version"], doc.get("createdAt"), hands)


def room_status(txn: firestore.Transaction, room_id: str) -> str | None:
    """The status of a room, or None if it no longer exists (for "already in a room" checks)."""
    snapshot = room_ref(room_id).get(transaction=txn, field_paths=["status"])
    return snapshot.get("status") if snapshot.exists else None


def save_room(txn: firestore.Transaction, ref: firestore.DocumentReference,
              before: StoredRoom | None, room: Room | None) -> None:
    """Write `room` as the new state of `ref` (None deletes it and its hands)."""
    old_room = before.room if before else None
    if room == old_room:
        return
    old_hands = before.hands if before else {}
    new_hands = documents.hand_documents(room) if room else {}
    if room is None:
        txn.delete(ref)
    else:
        txn.set(ref, {
            **documents.public_room(room),
            "version": before.version + 1 if before else 1,
            "createdAt": before.created_at if before else firestore.SERVER_TIMESTAMP,
            "updatedAt": firestore.SERVER_TIMESTAMP,
        })
    for uid, hand in new_hands.items():
        if old_hands.get(uid) != hand:
            txn.set(ref.collection(HANDS).document(uid), hand)
    for uid in old_hands.keys() - new_hands.keys():
        txn.delete(ref.collection(HANDS).document(uid))
    if room is not None and room.is_ended and not (old_room and old_room.is_ended):
        for uid, increments in room.stat_changes().items():
            txn.update(account_ref(uid), {f"stats.{name}": firestore.Increment(n) for name, n in increments.items() if n})


def read_account(txn: firestore.Transaction, uid: str) -> dict | None:
    snapshot = account_ref(uid).get(transaction=txn)
    return snapshot.to_dict() if snapshot.exists else None
