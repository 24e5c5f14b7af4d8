"""Clean-up (SPEC §10): a scheduled sweep of rooms nobody uses any more.

- A room where nothing happened for `IDLE` (24 hours) is deleted with everything under it (its
  state, hands and deal records), and its members' `roomID` is cleared.
- A deal whose turn deadline passed more than `STALE_TURN` ago (its players are gone, and no one
  is left to call `claimTimeout`) is played to its end with the bot's policy, scored and recorded.

`sweep(now)` is a plain function of the time: the scheduled function `sweepRooms` calls it with
its schedule time, tests call it with chosen times, and `scripts/sweep` runs it by hand against
the emulators (the Functions emulator never fires schedules; docs/EMULATOR.md). Every room is
re-checked inside its own transaction, so a sweep racing a player changes nothing that player did.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from firebase_functions import options, scheduler_fn
from google.cloud.firestore_v1.base_query import FieldFilter

from bridge import BridgeError, Reason

from . import db, store
from .accounts import account_ref

IDLE = dt.timedelta(hours=24)
STALE_TURN = dt.timedelta(minutes=10)
#: Rooms looked at per kind and per sweep; the next sweep takes the rest.
BATCH = 200


@dataclass
class SweepReport:
    """What one sweep did, by room id."""

    deleted: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)


def _ids(field_name: str, before: dt.datetime) -> list[str]:
    query = db.client().collection(store.ROOMS).where(filter=FieldFilter(field_name, "<", before)).limit(BATCH)
    return [snapshot.id for snapshot in query.stream()]


def _load(txn: store.Transaction, room_id: str) -> store.StoredRoom | None:
    """The room, or None if it is gone since the query found it."""
    try:
        return store.load_room(txn, room_id, None, "")
    except BridgeError as error:
        if error.reason is Reason.ROOM_NOT_FOUND:
            return None
        raise


def _delete_if_idle(room_id: str, now: dt.datetime) -> bool:
    def body(txn: store.Transaction) -> bool:
        before = _load(txn, room_id)
        if before is None or before.updated_at is None or before.updated_at >= now - IDLE:
            return False
        humans = [seat.uid for seat in before.room.seats if not seat.bot]
        accounts = txn.get_all(account_ref(uid) for uid in humans)
        store.save_room(txn, before.ref, before, None)
        for snapshot in accounts:
            if snapshot.exists and store.data_of(snapshot).get("roomID") == room_id:
                txn.update(snapshot.reference, {"roomID": None})
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


def sweep(now: dt.datetime) -> SweepReport:
    """Delete the rooms idle since before `now - IDLE`; finish the deals stale since `now - STALE_TURN`."""
    report = SweepReport()
    report.deleted = [room_id for room_id in _ids("updatedAt", now - IDLE) if _delete_if_idle(room_id, now)]
    report.finished = [room_id for room_id in _ids("turnDeadline", now - STALE_TURN)
                       if _finish_if_stale(room_id, now)]
    return report


@scheduler_fn.on_schedule(schedule="every 60 minutes", region=options.SupportedRegion.US_CENTRAL1,
                          timeout_sec=540, memory=options.MemoryOption.MB_512)
def sweepRooms(event: scheduler_fn.ScheduledEvent) -> None:  # camelCase: the deployed name
    """The hourly clean-up (Cloud Scheduler)."""
    sweep(event.schedule_time)
