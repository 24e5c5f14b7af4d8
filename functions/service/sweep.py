"""Clean-up (SPEC §10): a scheduled sweep of rooms and duplicate events nobody uses any more.

- A room where nothing happened for `IDLE` (24 hours) is deleted with everything under it (its
  state, hands and deal records), and its members' `roomID` is cleared. A duplicate event's
  table is not: it goes with its event. Nor is a tournament's table that has not ended: its
  entrant may take days over a week-long tournament, and its close ends it.
- A deal whose turn deadline passed more than `STALE_TURN` ago (its players are gone, and no one
  is left to call `claimTimeout`) is played to its end with the bot's policy, scored and recorded.
- A duplicate event where nothing happened for `IDLE` (its state unchanged, and none of its
  tables: waiting, playing or ended alike) is deleted with every round's tables, its boards, the
  director's standings and its state; its people's `eventID`, and their `roomID` where it names
  one of its tables, are cleared.

`sweep(now)` is a plain function of the time: the scheduled function `sweepRooms` calls it with
its schedule time, tests call it with chosen times, and `scripts/sweep` runs it by hand against
the emulators (the Functions emulator never fires schedules; docs/EMULATOR.md). Every room and
event is re-checked inside its own transaction, so a sweep racing a player changes nothing that
player did.

Each query looks at `BATCH` documents, newest first among those past their time: what has just
gone idle is found at once, and documents that the query finds but the re-check keeps (an
event's table whose event lives on; an event whose public document is old while its tables
play on) sink below them instead of filling every sweep's batch.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from firebase_functions import options, scheduler_fn
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from bridge import BridgeError, Reason, event_documents

from . import db, store
from .accounts import account_ref

IDLE = dt.timedelta(hours=24)
STALE_TURN = dt.timedelta(minutes=10)
#: Rooms or events looked at per kind and per sweep; the next sweep takes the rest.
BATCH = 200


@dataclass
class SweepReport:
    """What one sweep did, by room or event id."""

    deleted: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)


def _ids(collection: str, field_name: str, before: dt.datetime) -> list[str]:
    """Up to `BATCH` ids of `collection` whose `field_name` is before `before`, the latest first."""
    query = (db.client().collection(collection).where(filter=FieldFilter(field_name, "<", before))
             .order_by(field_name, direction=firestore.Query.DESCENDING).limit(BATCH))
    return [snapshot.id for snapshot in query.stream()]


def _idle(updated_at: Any, now: dt.datetime) -> bool:
    """Nothing changed since before `now - IDLE` (an unknown time is not idle)."""
    return updated_at is not None and updated_at < now - IDLE


def _load(txn: store.Transaction, room_id: str) -> store.StoredRoom | None:
    """The room, or None if it is gone since the query found it."""
    try:
        return store.load_room(txn, room_id, None, "")
    except BridgeError as error:
        if error.reason is Reason.ROOM_NOT_FOUND:
            return None
        raise


def _clear(txn: store.Transaction, accounts: Iterable[store.Snapshot], pointers: dict[str, set[str]]) -> None:
    """Set to null each account field of `pointers` that names one of its ids (a deleted room or event)."""
    for snapshot in accounts:
        account = store.data_of(snapshot) if snapshot.exists else {}
        cleared = {name: None for name, ids in pointers.items() if account.get(name) in ids}
        if cleared:
            txn.update(snapshot.reference, cleared)


def _delete_if_idle(room_id: str, now: dt.datetime) -> bool:
    def body(txn: store.Transaction) -> bool:
        before = _load(txn, room_id)
        if before is None or before.room.event is not None or not _idle(before.updated_at, now) or (
                before.room.tournament is not None and not before.room.is_ended):
            return False
        humans = [seat.uid for seat in before.room.seats if not seat.bot]
        accounts = txn.get_all(account_ref(uid) for uid in humans)
        store.save_room(txn, before.ref, before, None)
        _clear(txn, accounts, {"roomID": {room_id}})
        return True

    return store.run_unlogged(body)


def _finish_if_stale(room_id: str, now: dt.datetime) -> bool:
    def body(txn: store.Transaction) -> bool:
        before = _load(txn, room_id)
        deadline = before.room.turn_deadline if before else None
        if before is None or deadline is None or deadline >= (now - STALE_TURN).timestamp():
            return False
        store.save_room(txn, before.ref, before, before.room.played_out())
        return True

    return store.run_unlogged(body)


def _delete_event_if_idle(event_id: str, now: dt.datetime) -> bool:
    def body(txn: store.Transaction) -> bool:
        try:
            stored = store.load_event(txn, event_id)
        except BridgeError as error:
            if error.reason is Reason.EVENT_NOT_FOUND:
                return False
            raise
        if not _idle(stored.updated_at, now):
            return False
        event = stored.event
        tables = [table for opened in event.opened_tables if (table := _load(txn, opened.room_id)) is not None]
        if not all(_idle(table.updated_at, now) for table in tables):
            return False
        accounts = txn.get_all(account_ref(uid) for uid in event_documents.people(event))
        store.delete_event(txn, stored, tables)
        _clear(txn, accounts, {"eventID": {event_id}, "roomID": {opened.room_id for opened in event.opened_tables}})
        return True

    return store.run_unlogged(body)


def sweep(now: dt.datetime) -> SweepReport:
    """Delete the rooms and events idle since before `now - IDLE`; finish the deals stale since
    `now - STALE_TURN`."""
    report = SweepReport()
    report.deleted = [room_id for room_id in _ids(store.ROOMS, "updatedAt", now - IDLE)
                      if _delete_if_idle(room_id, now)]
    report.finished = [room_id for room_id in _ids(store.ROOMS, "turnDeadline", now - STALE_TURN)
                       if _finish_if_stale(room_id, now)]
    report.events = [event_id for event_id in _ids(store.EVENTS, "updatedAt", now - IDLE)
                     if _delete_event_if_idle(event_id, now)]
    return report


@scheduler_fn.on_schedule(schedule="every 60 minutes", region=options.SupportedRegion.US_CENTRAL1,
                          timeout_sec=540, memory=options.MemoryOption.MB_512)
def sweepRooms(event: scheduler_fn.ScheduledEvent) -> None:  # camelCase: the deployed name
    """The hourly clean-up (Cloud Scheduler)."""
    sweep(event.schedule_time)
