"""Room, event and account documents, read and written as one optimistic transaction.

Reads come first (`load_room` reads the room's server-only state document, `read_account`),
then `save_room` writes the new state and its projections: the public room document (each hand
sealed in it for its holder: `sealing`), a person's key when first dealt in, a finished deal's
hand record, and the account stats when a deal finishes or is abandoned. A room that did not
change is not written. Projections are written, never read back: the state document alone says
what a room is.

`Transaction` is optimistic, as the Firestore web and mobile SDKs' transactions are: reads
take no locks and all see one snapshot (the first read's time); the writes go out in one
atomic commit in which the first write to each document read is conditional on that document
being unchanged since the snapshot. A conflicting commit fails as a whole and `run_transaction`
runs the body again on fresh reads.

Why not the server SDK's `firestore.transactional`: it locks what it reads, so two calls that
read the same room and then both write it wait for each other. Production Firestore resolves
that deadlock at once (wound-wait); the Firestore emulator only by its 2-second lock timeout,
once per conflicting pair: three simultaneous joins took 2-4 s there, four simultaneous
toggleReady 6 s (bench/RESULTS.md). An optimistic commit never waits.

Serializable: every state change writes the state document (`version` + 1), and the room's
projections change only in a commit that also writes it, so a commit conditional on the state
document is conditional on all of them. The room's audience (who watches, who is banned:
`bridge.audience`) is a document of its own, read only by the calls that need it and written
only with a change of its own. A commit that changes the audience alone (watching, stopping,
removing a spectator) writes it and the room document's `spectators` field, conditional on
both as read: the room document carries `version`, so it changes with every state change. No
deal move reads the audience, and no move's write of the room document names `spectators`
unless its audience changes too, so a spectator's call never makes a player's conflict. The
other documents read but not written cannot turn a decision wrong: another room's or event's
status only moves forward (to `ended`, or deleted), accounts are never deleted, and startGame
reads its caller's `roomID` only to find the room, whose own state then decides.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from google.api_core import exceptions as google_errors
from google.cloud import firestore
from google.cloud.firestore_v1.field_path import FieldPath

from bridge import BridgeError, Reason, Room, documents, event_documents, state, tournament_documents
from bridge.audience import Audience
from bridge.chat import KEPT_MESSAGES, RATE_SECONDS, sent_within_limit
from bridge.event import Chain, Event
from bridge.room import finished_since, is_bot, stat_changes
from bridge.tournament import Tournament, result_of
from bridge.wire import DealRecord

from . import db, request_log, sealing, writes
from .accounts import account_ref
from .endpoint import OutcomeUnknown, TransactionExhausted

ROOMS, KEYS, DEALS, MESSAGES, ALERTS = "rooms", "keys", "deals", "messages", "alerts"
#: Each human's hand document (`rooms/{id}/hands/{uid}`), before hands were sealed in the room
#: document: read to migrate a room of schema 1, deleted when a room stored before next changes.
LEGACY_HANDS = "hands"
#: The state document's field holding the room's secret, from which each person's key is made
#: (`sealing.key_for`).
SECRET_FIELD = "handSecret"
#: A duplicate event's documents: `events/{id}` (public), `events/{id}/private/state`,
#: `events/{id}/boards/{n}` (each board's readers) and `events/{id}/director/standings`.
EVENTS, BOARDS, DIRECTOR, STANDINGS = "events", "boards", "director", "standings"
#: A tournament's documents (docs/TOURNAMENTS.md): `tournaments/{id}` (public),
#: `tournaments/{id}/private/state`, `tournaments/{id}/boards/{n}` with each entrant's result in
#: `…/results/{uid}`, `tournaments/{id}/entrants/{uid}` and `tournaments/{id}/standings/{page}`.
TOURNAMENTS, ENTRANTS, RESULTS = "tournaments", "entrants", "results"
#: The server-only documents of a room: its canonical state (`rooms/{id}/private/state`), its
#: chat's bookkeeping (`rooms/{id}/private/chat`: the messages sent so far and each sender's
#: recent send times) and its audience (`rooms/{id}/private/audience`: `Audience.to_dict`), apart
#: so that neither chatting nor watching changes the room's version.
PRIVATE, STATE, CHAT, AUDIENCE = "private", "state", "chat", "audience"

#: A commit rejected because a document read has changed (FailedPrecondition), one we saw
#: missing now exists (AlreadyExists), or the backend aborted it under contention.
_CONFLICTS = (google_errors.FailedPrecondition, google_errors.AlreadyExists, google_errors.Aborted)
#: A commit that failed so may still have landed: the backend did not answer in time, was
#: unavailable (the client's own retries of `Commit` included), or failed in an unknown way.
_OUTCOME_UNKNOWN = (google_errors.DeadlineExceeded, google_errors.ServiceUnavailable,
                    google_errors.InternalServerError, google_errors.Unknown, google_errors.Cancelled,
                    google_errors.RetryError)
#: Each round of conflicting calls commits at least one of them; 10 attempts cover the most
#: simultaneous calls one room sees (3 joins + 4 toggles). A conflict means another commit has
#: landed, so the first `_EAGER_ATTEMPTS` run again at once (four people at one table: each round
#: lands one of them); past them, and after an unknown outcome (a backend in trouble), backoff:
#: full jitter, doubling from 20 ms, capped at 200 ms (at most about 1.3 s of waiting in all).
_ATTEMPTS, _EAGER_ATTEMPTS = 10, 4
_BACKOFF_S, _MAX_BACKOFF_S = 0.01, 0.2

#: A document's fields; a snapshot of one read.
Data = dict[str, Any]
Snapshot = firestore.DocumentSnapshot[Any]
#: What an action answers its caller (JSON-like).
Answer = TypeVar("Answer")

class Transaction:
    """Reads at one snapshot without locks; writes buffered into one conditional atomic commit."""

    def __init__(self, client: firestore.Client) -> None:
        self._client = client
        self._batch = client.batch()
        self._read_time: Any = None
        self._seen: dict[str, Any] = {}         # path -> update time when read (None: did not exist)
        self._whole: dict[str, Snapshot] = {}  # documents read whole, by path
        self._snapshots: dict[str, Snapshot] = {}  # every whole read, missing ones too
        self._guarded: set[str] = set()         # paths whose first write carries the condition
        self._writes = 0

    def get(self, ref: firestore.DocumentReference, field_paths: list[str] | None = None) -> Snapshot:
        return self.get_all([ref], field_paths)[0]

    def get_all(self, refs: Iterable[firestore.DocumentReference],
                field_paths: list[str] | None = None) -> list[Snapshot]:
        """Snapshots in the order of `refs`, all as of this transaction's first read. A document
        already read whole is not read again (it cannot have changed at that snapshot)."""
        refs = list(refs)
        cached = dict(self._snapshots)
        missing = [ref for ref in refs if ref.path not in cached]
        if missing:
            for snapshot in self._client.get_all(missing, field_paths=field_paths, read_time=self._read_time):
                path = snapshot.reference.path
                cached[path] = snapshot
                self._read_time = self._read_time or snapshot.read_time
                self._seen[path] = snapshot.update_time if snapshot.exists else None
                if field_paths is None:
                    self._snapshots[path] = snapshot
                    if snapshot.exists:
                        self._whole[path] = snapshot
        return [cached[ref.path] for ref in refs]

    def _condition(self, path: str) -> Any | None:
        """The precondition for the next write to `path`: the update time it was read at (first
        write only: unchanged since read), else None."""
        if self._seen.get(path) is None or path in self._guarded:
            return None
        self._guarded.add(path)
        return self._seen[path]

    def _add(self, pb: Any) -> None:
        self._batch._add_write_pbs([pb])  # built by `writes`, as the batch's own methods build them
        self._writes += 1

    def create(self, ref: firestore.DocumentReference, data: Data) -> None:
        self._add(writes.create_write(ref._document_path, data))

    def set(self, ref: firestore.DocumentReference, data: Data) -> None:
        """Replace the document (create it if it was read as missing).

        A document read here is not re-sent whole: the commit updates only the top-level
        fields that differ from what was read and deletes the ones dropped. Conditional on
        the document being unchanged since the read, that is the same replacement, and it
        spares encoding the unchanged bulk of a room (its tricks, players, settings) on
        every move.
        """
        path = ref.path
        if path not in self._seen:
            self._add(writes.set_write(ref._document_path, data))
        elif self._seen[path] is None:
            self.create(ref, data)
        else:
            if path not in self._whole:
                raise ValueError(f"set() of {path}, which was read only in part")
            self.replace(ref, self._whole[path]._data, data)  # as read: compared, never changed (no copy)

    def replace(self, ref: firestore.DocumentReference, before: Data, data: Data) -> None:
        """Replace an existing document known to hold `before` by `data`, sending only the fields
        that differ (and deleting the ones dropped): a map field in both, only its keys that
        differ (one level down: a room's logs by uid, `request_log.ROOM_FIELD`, send only the
        mover's)."""
        changes = _differences((), before, data)
        for name in before.keys() - data.keys():
            changes[FieldPath(name).to_api_repr()] = firestore.DELETE_FIELD
        if not changes:
            return
        self.update(ref, changes)

    def update(self, ref: firestore.DocumentReference, data: Data) -> None:
        self._add(writes.update_write(ref._document_path, data, self._condition(ref.path)))

    def delete(self, ref: firestore.DocumentReference) -> None:
        read_at = self._condition(ref.path)
        self._batch.delete(ref, **({"option": self._client.write_option(last_update_time=read_at)} if read_at else {}))
        self._writes += 1

    @property
    def writes(self) -> int:
        """How many writes are queued."""
        return self._writes

    def commit(self) -> None:
        if self._writes:
            self._batch.commit()


def _differences(path: tuple[str, ...], before: Data, after: Data) -> dict[str, Any]:
    """The field paths (as the API spells them) that make `before` into `after`, except the fields
    dropped: for a map in both (at the top level, with non-empty keys), its keys that differ."""
    changes: dict[str, Any] = {}
    for name, value in after.items():
        if name in before and _same(before[name], value):
            continue
        old = before.get(name)
        if not path and isinstance(old, dict) and old and isinstance(value, dict) and all(old) and all(value):
            changes.update(_differences((name,), old, value))
            changes.update((FieldPath(name, key).to_api_repr(), firestore.DELETE_FIELD)
                           for key in old.keys() - value.keys())
        else:
            changes[FieldPath(*path, name).to_api_repr()] = value
    return changes


def _same(a: Any, b: Any) -> bool:
    """Equal as stored values: same types all the way down (True is not 1, 1.0 is not 1)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def data_of(snapshot: Snapshot) -> Data:
    """The fields of a document that exists."""
    data = snapshot.to_dict()
    if data is None:
        raise ValueError(f"{snapshot.reference.path} does not exist")
    return data


@dataclass(frozen=True, slots=True)
class Applied(Generic[Answer]):
    """What an action did: the room it acted on (its request log key) and the caller's answer."""

    room_id: str
    answer: Answer


def request_log_ref(uid: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(request_log.COLLECTION).document(uid)
    return ref


def run_action(action: request_log.Action, body: Callable[[Transaction], Applied[Answer]],
               first_reads: Iterable[firestore.DocumentReference] = ()) -> Answer:
    """Apply `action` exactly once, in an optimistic transaction; return its answer.

    Each attempt first reads the caller's request log (with `first_reads`, the documents the
    body reads first, in the same request). An action already applied is answered from the log
    and changes nothing (SPEC §8); when a room's state document is among `first_reads`, the
    caller's log of moves there is looked at too (`run_room_move`): an id of a move reused for
    another call on that room is refused, and the allowances spent there are theirs again
    (`request_log.spent_at`). One past the caller's allowances is RATE_LIMITED before the
    body runs (`request_log.allowances_after`). Otherwise `body` reads and queues its writes, the
    log entry and the allowances spent join them (unless the action changes nothing; a read-only
    one spends when it answers, unrecorded), and they are committed together, conditional on
    everything read being unchanged. Retries: `_exactly_once`.
    """
    log_ref = request_log_ref(action.uid)
    first_reads = list(first_reads)

    def attempt(txn: Transaction) -> Answer:
        log_snapshot, *firsts = txn.get_all([log_ref, *first_reads])
        tables = _room_logs(firsts, action.uid)
        for kept in (data_of(log_snapshot) if log_snapshot.exists else None, *tables):
            recorded = request_log.recorded_answer(kept, action)
            if recorded is not None:
                return cast(Answer, recorded.answer)  # recorded from this very action
        log = request_log.spent_at(data_of(log_snapshot) if log_snapshot.exists else None, tables)
        allowances = request_log.allowances_after(log, action, time.time())
        applied = body(txn)
        # An action that changes nothing is not recorded and spends nothing: a resend changes nothing too.
        if txn.writes or action.read_only:
            txn.set(log_ref, request_log.logged(log, action, applied.room_id, applied.answer, allowances))
        return applied.answer

    def look(txn: Transaction) -> request_log.Recorded | None:
        snapshot = txn.get(log_ref)
        return request_log.recorded_answer(data_of(snapshot) if snapshot.exists else None, action)

    return _exactly_once(attempt, look)


def _room_logs(snapshots: Iterable[Snapshot], uid: str) -> list[Data]:
    """`uid`'s logs of moves in the rooms whose state documents are among `snapshots`."""
    logs = []
    for snapshot in snapshots:
        path = snapshot.reference.path
        if snapshot.exists and path.startswith(f"{ROOMS}/") and path.endswith(f"/{PRIVATE}/{STATE}"):
            log = data_of(snapshot).get(request_log.ROOM_FIELD, {}).get(uid)
            if log is not None:
                logs.append(log)
    return logs


def run_room_move(action: request_log.Action, room_id: str, expected_version: int | None,
                  move: Callable[[Room], Room], answer: Callable[[Room], Answer]) -> Answer:
    """Apply a move at a table exactly once (`move` of the room as read; `answer`: what the caller
    is told, given the room after it), with its log entry and the caller's allowances kept in
    the room's state document (`request_log.ROOM_FIELD`), which the move reads first and writes
    anyway: one document read and none written for the log.

    In order: the room is read (ROOM_NOT_FOUND), an action already applied is answered from its
    log, one past the caller's allowances is RATE_LIMITED, a stale `expected_version` is
    STALE_STATE, then the move. The caller's first move at the table also reads their own log, to
    carry over its entries for this room (`request_log.carried_over`). Retries: `_exactly_once`."""

    def caller_log(txn: Transaction, stored: StoredRoom) -> Data:
        log: Data | None = stored.requests.get(action.uid)
        if log is not None:
            return log
        own = txn.get(request_log_ref(action.uid))
        return request_log.carried_over(data_of(own) if own.exists else None, room_id)

    def attempt(txn: Transaction) -> Answer:
        before = load_room(txn, room_id, None, action.uid)
        log = caller_log(txn, before)
        recorded = request_log.recorded_answer(log, action)
        if recorded is not None:
            return cast(Answer, recorded.answer)  # recorded from this very action
        now = time.time()
        allowances = request_log.allowances_after(log, action, now)
        require_version(before.room, before.version, expected_version, action.uid)
        room = move(before.room)
        told = answer(room)
        logged = request_log.logged(log, action, room_id, told, allowances)
        # Written with the state, so only if the room changed: a move that changes nothing spends nothing.
        save_room(txn, before.ref, before, room, requests=request_log.room_logs_after(before.requests, action.uid,
                                                                                      logged, now))
        return told

    def look(txn: Transaction) -> request_log.Recorded | None:
        try:
            stored = load_room(txn, room_id, None, action.uid)
        except BridgeError:
            return None  # the room is gone
        return request_log.recorded_answer(caller_log(txn, stored), action)

    return _exactly_once(attempt, look)


def _exactly_once(attempt: Callable[[Transaction], Answer],
                  look: Callable[[Transaction], request_log.Recorded | None]) -> Answer:
    """Run `attempt` (which answers an action already applied from its log, else queues the
    action's writes with its log entry) in optimistic transactions until one commits.

    A conflicting commit runs the attempt again on fresh reads. So does a commit whose outcome
    is unknown (a deadline, an unavailable backend): the next attempt's log read finds out
    whether it landed. If it did, the action is answered; if it is still in flight, the new
    commit and the old one are conditional on the same log version, so at most one lands. When
    the attempts run out, or the backend cannot even be read, after an unknown outcome, the call
    ends in `OutcomeUnknown` (UNAVAILABLE), never in "contention, safe to retry": `look` reads
    the log one last time first.
    """
    uncertain = False
    for number in range(1, _ATTEMPTS + 1):
        txn = Transaction(db.client())
        try:
            answer = attempt(txn)
        except google_errors.GoogleAPIError as error:
            if uncertain:
                raise OutcomeUnknown() from error
            raise
        try:
            txn.commit()
            return answer
        except _CONFLICTS as error:
            failure: Exception = error
            conflict = True
        except _OUTCOME_UNKNOWN as error:
            uncertain, failure, conflict = True, error, False
        _pause(number, conflict)
    if uncertain:
        # One last look: did one of the commits land after all?
        try:
            recorded = look(Transaction(db.client()))
        except google_errors.GoogleAPIError as error:
            raise OutcomeUnknown() from error
        if recorded is not None:
            return cast(Answer, recorded.answer)
        raise OutcomeUnknown() from failure
    raise TransactionExhausted() from failure


def run_unlogged(body: Callable[[Transaction], Answer]) -> Answer:
    """A transaction of the server's own (no caller, so no request log), run again on fresh reads
    while its commit conflicts. Its body must decide from what it reads, so running it twice
    (after a commit whose outcome was lost) does nothing more than once."""
    for number in range(1, _ATTEMPTS + 1):
        txn = Transaction(db.client())
        answer = body(txn)
        try:
            txn.commit()
            return answer
        except _CONFLICTS as error:
            failure: Exception = error
            conflict = True
        except _OUTCOME_UNKNOWN as error:
            failure, conflict = error, False
        _pause(number, conflict)
    raise TransactionExhausted() from failure


def _pause(number: int, conflict: bool) -> None:
    """Wait before attempt `number` + 1: not at all after one of the first `_EAGER_ATTEMPTS`
    conflicts (another commit landed: the next attempt reads it), else full jitter."""
    if number < _ATTEMPTS and not (conflict and number < _EAGER_ATTEMPTS):
        time.sleep(random.uniform(0, min(_MAX_BACKOFF_S, _BACKOFF_S * 2 ** number)))


def room_ref(room_id: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(ROOMS).document(room_id)
    return ref


def room_ref_new() -> firestore.DocumentReference:
    """A fresh auto-id room reference (nothing is written until the transaction commits)."""
    ref: firestore.DocumentReference = db.client().collection(ROOMS).document()
    return ref


def state_ref(parent: firestore.DocumentReference) -> firestore.DocumentReference:
    """A room's or an event's canonical state, every hand in it: server-only (firestore.rules
    denies it to every client)."""
    ref: firestore.DocumentReference = parent.collection(PRIVATE).document(STATE)
    return ref


def audience_ref(room: firestore.DocumentReference) -> firestore.DocumentReference:
    """Who watches a room and who is banned from it (`bridge.audience`): server-only."""
    ref: firestore.DocumentReference = room.collection(PRIVATE).document(AUDIENCE)
    return ref


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A room as read in the current transaction."""

    ref: firestore.DocumentReference
    room: Room
    version: int
    created_at: Any
    #: Read from a room stored before the state document existed (schema 1): its room document
    #: is in the old shape, not the projection of `room`.
    migrated: bool = False
    updated_at: Any = None
    #: The room's audience, when read: asked for (`load_with_audience`), or needed to write the
    #: room (a room of schema 1, whose room document is rewritten whole; an audience still in
    #: the state document).
    audience: Audience | None = None
    #: The audience was read from a state document of a schema before 12 (`state.legacy_audience`):
    #: the room's next write moves it to its own document.
    audience_in_state: bool = False
    #: The logs of the moves made at the room, by uid (`request_log.ROOM_FIELD`), as read.
    requests: Data = field(default_factory=dict)
    #: The room's secret, from which each person's key is made (`sealing.key_for`); None for a room
    #: stored before hands were sealed in the room document, whose hand documents its next write
    #: deletes.
    hand_secret: str | None = None


def room_reads(room_id: str) -> list[firestore.DocumentReference]:
    """What `load_room` reads first (to be read in one request with the request log)."""
    return [state_ref(room_ref(room_id))]


def audience_reads(room_id: str) -> list[firestore.DocumentReference]:
    """What `load_with_audience` reads first."""
    return [*room_reads(room_id), audience_ref(room_ref(room_id))]


def watch_reads(room_id: str) -> list[firestore.DocumentReference]:
    """What a move of the audience alone reads first: `audience_reads` and the room document,
    whose update time its commit is conditional on (`_write_audience_alone`). Not for a move of
    the room: its write of the room document would then be conditional on the spectators too."""
    return [*audience_reads(room_id), room_ref(room_id)]


def load_room(txn: Transaction, room_id: str, expected_version: int | None, reader: str) -> StoredRoom:
    """Read a room's state; reject a stale `expected_version`.

    The state is the server-only state document. A room stored before it existed (schema 1:
    the public room document and its hand documents) is read from those and migrated
    (`bridge.state.from_public_v1`); it is stored in the current form when it next changes. So
    is a room whose state document still holds its audience (schema 3 to 10): that audience is
    the room's until its audience document is written, with the room's next change.

    `reader` is the caller. Only a caller who may read the room (SPEC §6) is told it is stale:
    anyone else would learn an invite-only room's version from it. Their move is refused by
    the engine instead, as it would be at any version (they are not in the room)."""
    return _load_room(txn, room_id, expected_version, reader, False)


def load_with_audience(txn: Transaction, room_id: str, expected_version: int | None,
                       reader: str) -> tuple[StoredRoom, Audience]:
    """`load_room` and the room's audience, for the calls that watch, ban or ask who watches."""
    stored = _load_room(txn, room_id, expected_version, reader, True)
    assert stored.audience is not None
    return stored, stored.audience


def _load_room(txn: Transaction, room_id: str, expected_version: int | None, reader: str,
               with_audience: bool) -> StoredRoom:
    ref = room_ref(room_id)
    snapshot = txn.get(state_ref(ref))
    legacy = None
    if snapshot.exists:
        doc = data_of(snapshot)
        room, version, created_at = state.decode(doc), doc["version"], doc.get("createdAt")
        updated_at = doc.get("updatedAt")
        legacy = state.legacy_audience(doc)
    else:
        public = txn.get(ref)
        if not public.exists:
            raise BridgeError(Reason.ROOM_NOT_FOUND, "No room has that id.")
        doc = data_of(public)
        seating = doc.get("seating") or []
        hands = {s.id: data_of(s) for s in txn.get_all(ref.collection(LEGACY_HANDS).document(uid)
                                                        for uid in seating) if s.exists}
        room, version, created_at = state.decode(state.from_public_v1(doc, hands)), doc["version"], doc.get("createdAt")
        updated_at = doc.get("updatedAt")
    require_version(room, version, expected_version, reader)
    audience, in_state = None, False
    if with_audience or legacy is not None or not snapshot.exists:
        audience_snapshot = txn.get(audience_ref(ref))
        if audience_snapshot.exists:
            audience = Audience.from_dict(data_of(audience_snapshot))
        else:
            audience, in_state = legacy or Audience(), legacy is not None
    return StoredRoom(ref, room, version, created_at, migrated=not snapshot.exists, updated_at=updated_at,
                      audience=audience, audience_in_state=in_state,
                      requests=doc.get(request_log.ROOM_FIELD, {}) if snapshot.exists else {},
                      hand_secret=doc.get(SECRET_FIELD) if snapshot.exists else None)


def require_version(room: Room, version: int, expected_version: int | None, reader: str) -> None:
    """STALE_STATE when the caller expected another `version` of the room (and may read it: see
    `load_room`)."""
    if expected_version is not None and expected_version != version and room.readable_by(reader):
        raise BridgeError(Reason.STALE_STATE, f"The room is at version {version}, not {expected_version}.")


def deal_records(txn: Transaction, room_id: str, reader: str) -> tuple[StoredRoom, list[DealRecord]]:
    """A room and its finished deals' hand records in deal order, for a `reader` who may read them
    (SPEC §6, §9: as firestore.rules allows): NOT_INVITED for anyone else, as the rules refuse them."""
    stored = load_room(txn, room_id, None, reader)
    if not stored.room.readable_by(reader):
        raise BridgeError(Reason.NOT_INVITED, "This room is invite-only: its hand records are for its "
                                              "members and invitees.")
    records = [cast(DealRecord, data_of(snapshot)) for snapshot in stored.ref.collection(DEALS).stream()]
    return stored, sorted(records, key=lambda record: record["number"])


def room_status(txn: Transaction, room_id: str) -> str | None:
    """The status of a room, or None if it no longer exists (for "already in a room" checks).
    From the state document, or for a room stored before it existed, the room document."""
    ref = room_ref(room_id)
    for doc in (state_ref(ref), ref):
        snapshot = txn.get(doc, field_paths=["status"])
        if snapshot.exists:
            status: str = snapshot.get("status")
            return status
    return None


def save_room(txn: Transaction, ref: firestore.DocumentReference, before: StoredRoom | None, room: Room | None,
              audience: Audience | None = None, requests: Data | None = None) -> None:
    """Write `room` as the new state of `ref` (None deletes it with everything under it) and its
    projections: the public room document with every hand sealed afresh, the keys of people
    dealt in for the first time, the hand record of a deal it has just finished, and the players'
    stats (`bridge.room.stat_changes`).

    `audience`: the room's audience after the move, for a move that may change it (read with
    `load_with_audience`). A change of the audience alone changes neither the state nor the
    room's `version`: only the audience document and the room document's `spectators`.
    `requests`: the logs of the room's moves once this one is recorded (`run_room_move`).

    A duplicate event's table that has finished a board (or can deal its next by itself) is
    saved with its event (`save_table`)."""
    old = before.room if before else None
    if room is not None and room.event is not None and old is not None and (
            finished_since(old, room) or room.next_board_if_ready() is not room):
        stored = load_event(txn, room.event.event_id)
        save_table(txn, ref, before, room, stored, stored.event, requests)
        return
    _write_room(txn, ref, before, (room,), audience, requests)


def save_table(txn: Transaction, ref: firestore.DocumentReference, before: StoredRoom | None, room: Room,
               stored: StoredEvent, event: Event, requests: Data | None = None) -> None:
    """A table of `event` (as read: `stored`) has become `room`: `Event.after_table` enters the
    boards it finished (each with its hand record), deals on a table of bots, and opens the next
    round's tables when this one completes the round (their rooms written new, their people's
    accounts pointed at them); then the event is saved."""
    assert before is not None and room.event is not None
    event, chain, chains = event.after_table(before.room, room)
    _write_room(txn, ref, before, chain, requests=requests)
    _write_new_tables(txn, event, chains)
    save_event(txn, stored, event)


def _write_new_tables(txn: Transaction, event: Event, chains: tuple[Chain, ...]) -> None:
    """New tables (`Event.opened`): each written as a new room; the people of the current round's
    tables have their account's `roomID` set to their table."""
    for chain in chains:
        table = chain[-1].event
        assert table is not None
        _write_room(txn, room_ref(table.room_id), None, chain)
        if table.round == event.round:
            for seat in chain[-1].seats:
                if not is_bot(seat.uid):
                    txn.update(account_ref(seat.uid), {"roomID": table.room_id})


def _write_room(txn: Transaction, ref: firestore.DocumentReference, before: StoredRoom | None,
                states: Sequence[Room | None], audience: Audience | None = None, requests: Data | None = None) -> None:
    """Write the last of `states` (None: delete), the room's successive states since `before`,
    each finishing at most one deal: every such deal's hand record and stats are written;
    `audience`, the room's audience after them (None: as read, if it was); and `requests`, the
    logs of the room's moves (`request_log.ROOM_FIELD`; None: as read), with the state."""
    old = before.room if before else None
    old_audience = before.audience if before else None
    assert audience is None or old_audience is not None, "an audience is changed only as read"
    new_audience = audience if audience is not None else old_audience
    room = states[-1]
    if room is not None:
        room = room.timed(old, time.time())
    if room == old:
        if new_audience is not None and new_audience != old_audience:
            _write_audience_alone(txn, ref, new_audience)
        return
    version = before.version + 1 if before else 1
    hands = documents.hand_views(room) if room else {}
    old_hands = documents.hand_views(old) if old else {}
    stored_secret = before.hand_secret if before is not None else None
    sealed, secret = stored_secret is not None, stored_secret or sealing.new_secret()
    # A key document exists for each person of the room's current or last deal, as their hand does.
    keyed = old_hands.keys() if sealed else set()
    old_alerts = documents.alert_documents(old) if old else {}
    new_alerts = documents.alert_documents(room) if room else {}
    if before is not None and not sealed:  # stored before hands were sealed: its hand documents go
        for uid in old_hands:
            txn.delete(ref.collection(LEGACY_HANDS).document(uid))
    if room is None:
        assert old is not None
        sent = read_chat(txn, ref).count  # (a read: before the first write)
        txn.delete(state_ref(ref))
        txn.delete(ref)
        for uid in keyed:
            txn.delete(ref.collection(KEYS).document(uid))
        for number in range(1, (old.match.number if old.match else 0) + 1):
            txn.delete(ref.collection(DEALS).document(str(number)))
        for number in range(max(1, sent - KEPT_MESSAGES + 1), sent + 1):
            txn.delete(message_ref(ref, number))
        txn.delete(chat_ref(ref))
        txn.delete(audience_ref(ref))
    else:
        meta = {
            "version": version,
            "createdAt": before.created_at if before else firestore.SERVER_TIMESTAMP,
            "updatedAt": firestore.SERVER_TIMESTAMP,
        }
        logs = requests if requests is not None else before.requests if before else {}
        txn.set(state_ref(ref), {**state.encode(room), "status": room.status.value, **meta, SECRET_FIELD: secret,
                                 **({request_log.ROOM_FIELD: logs} if logs else {})})
        seals = sealing.sealed_hands(room.deal.players if room.deal else (), hands, secret)
        public = {**documents.public_room(room), "sealedHands": seals, **meta}
        if before is None or before.migrated or old is None:  # whole: a new room, or one of schema 1 (audience read)
            txn.set(ref, {**public, **documents.room_audience(new_audience or Audience())})
        else:  # the stored document is the projection of the room read: send only what changed
            txn.replace(ref, {**documents.public_room(old), **_watching(old_audience)},
                        {**public, **_watching(new_audience)})
        if new_audience is not None and (new_audience != old_audience or (before is not None
                                                                          and before.audience_in_state)):
            txn.set(audience_ref(ref), new_audience.to_dict())
        for uid in hands.keys() - keyed:
            txn.set(ref.collection(KEYS).document(uid), {"key": sealing.key_for(secret, uid)})
        for uid in keyed - hands.keys():
            txn.delete(ref.collection(KEYS).document(uid))
    for side, alerts in new_alerts.items():
        if old_alerts.get(side) != alerts:
            txn.set(ref.collection(ALERTS).document(side), dict(alerts))
    for side in old_alerts.keys() - new_alerts.keys():
        txn.delete(ref.collection(ALERTS).document(side))
    previous = old
    for state_now in (*states[:-1], room):
        record = documents.deal_record(state_now) if state_now is not None and finished_since(previous, state_now) \
            else None
        if record is not None:
            txn.set(ref.collection(DEALS).document(str(record["number"])), dict(record))
            if state_now is not None and state_now.tournament is not None:
                _write_result(txn, state_now)
        for uid, increments in stat_changes(previous, state_now).items():
            txn.update(account_ref(uid), {f"stats.{name}": firestore.Increment(n)
                                          for name, n in increments.items() if n})
        previous = state_now
    if room is not None and room.tournament is not None:
        entrant = tournament_documents.entrant_document(room, ref.id)
        if old is None or entrant != tournament_documents.entrant_document(old, ref.id):
            txn.set(entrant_ref(room.tournament.tournament_id, room.tournament.entrant), dict(entrant))


def _watching(audience: Audience | None) -> Data:
    """The room document's fields that are `audience`'s, when it was read (else none: a move's
    write of the room document never names them, so it never undoes a spectator's)."""
    return dict(documents.room_audience(audience)) if audience is not None else {}


def _write_audience_alone(txn: Transaction, ref: firestore.DocumentReference, audience: Audience) -> None:
    """A change of the room's audience alone (watching, stopping, a spectator removed): its
    document and the room document's `spectators`, not the state, `version` or `updatedAt`. The
    commit is conditional on the room document as read (its update time, read here if it was
    not): a room changed or deleted meanwhile makes the call run again on fresh reads."""
    txn.get(ref, field_paths=["version"])
    txn.set(audience_ref(ref), audience.to_dict())
    txn.update(ref, documents.room_audience(audience))


def chat_ref(room: firestore.DocumentReference) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = room.collection(PRIVATE).document(CHAT)
    return ref


def message_ref(room: firestore.DocumentReference, number: int) -> firestore.DocumentReference:
    """Message `number` (from 1) of a room: ids sort in the order sent."""
    ref: firestore.DocumentReference = room.collection(MESSAGES).document(f"{number:09d}")
    return ref


@dataclass(frozen=True, slots=True)
class Chat:
    """A room's chat bookkeeping: how many messages were sent, and each sender's recent send times."""

    count: int = 0
    recent: dict[str, list[float]] = field(default_factory=dict)


def read_chat(txn: Transaction, room: firestore.DocumentReference) -> Chat:
    snapshot = txn.get(chat_ref(room))
    if not snapshot.exists:
        return Chat()
    doc = data_of(snapshot)
    return Chat(doc["count"], doc["recent"])


def send_message(txn: Transaction, room: firestore.DocumentReference, chat: Chat, sender: str,
                 name: str, text: str, now: float) -> str:
    """Store a message as the room's next (dropping the oldest beyond `KEPT_MESSAGES`) and the
    sender's send times (RATE_LIMITED past the limit, `bridge.chat`); returns its id."""
    times = sent_within_limit(chat.recent.get(sender, ()), now)
    number = chat.count + 1
    ref = message_ref(room, number)
    txn.set(ref, {"uid": sender, "displayName": name, "text": text, "at": firestore.SERVER_TIMESTAMP})
    if number > KEPT_MESSAGES:
        txn.delete(message_ref(room, number - KEPT_MESSAGES))
    recent = {uid: kept for uid, sent in chat.recent.items() if (kept := [t for t in sent if now - t < RATE_SECONDS])}
    txn.set(chat_ref(room), {"count": number, "recent": {**recent, sender: list(times)}})
    return str(ref.id)


def read_account(txn: Transaction, uid: str) -> Data | None:
    snapshot = txn.get(account_ref(uid))
    return data_of(snapshot) if snapshot.exists else None


# ----- duplicate events --------------------------------------------------------------------------


def event_ref(event_id: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(EVENTS).document(event_id)
    return ref


def event_ref_new() -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(EVENTS).document()
    return ref


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as read in the current transaction."""

    ref: firestore.DocumentReference
    event: Event
    version: int
    created_at: Any
    #: When the event's state last changed (None: stored before events kept it).
    updated_at: Any = None


def _state_of(txn: Transaction, ref: firestore.DocumentReference, missing: BridgeError) -> Data:
    """An event's or a tournament's state document; `missing` raised when it has none."""
    snapshot = txn.get(state_ref(ref))
    if not snapshot.exists:
        raise missing
    return data_of(snapshot)


def load_event(txn: Transaction, event_id: str) -> StoredEvent:
    ref = event_ref(event_id)
    doc = _state_of(txn, ref, BridgeError(Reason.EVENT_NOT_FOUND, "No event has that id."))
    return StoredEvent(ref, event_documents.decode(doc), doc["version"], doc.get("createdAt"), doc.get("updatedAt"))


def event_statuses(txn: Transaction, event_ids: Sequence[str]) -> list[str | None]:
    """Each event's status (`waiting`, `playing`, `ended`; None: it no longer exists), read in one
    request from the public event documents (for "already in a room" checks and the events a
    user directs)."""
    snapshots = txn.get_all([event_ref(event_id) for event_id in event_ids], field_paths=["status"])
    return [snapshot.get("status") if snapshot.exists else None for snapshot in snapshots]


def save_event(txn: Transaction, before: StoredEvent | None, event: Event,
               ref: firestore.DocumentReference | None = None) -> None:
    """Write `event` as the new state of its event (with `updatedAt`: the sweep's idle clock) and
    the projections that changed: the public event document, each board's document, the
    director's standings. The public document is rewritten only when its projection changes
    (its `updatedAt` with it): its update time says nothing of the tables."""
    old = before.event if before else None
    if event == old:
        return
    ref = before.ref if before else ref
    assert ref is not None
    txn.set(state_ref(ref), {**event_documents.encode(event), "version": before.version + 1 if before else 1,
                             "createdAt": before.created_at if before else firestore.SERVER_TIMESTAMP,
                             "updatedAt": firestore.SERVER_TIMESTAMP})
    public = dict(event_documents.public_event(event))
    if old is None:
        txn.set(ref, {**public, "updatedAt": firestore.SERVER_TIMESTAMP})
    elif public != (old_public := dict(event_documents.public_event(old))):
        txn.replace(ref, old_public, {**public, "updatedAt": firestore.SERVER_TIMESTAMP})
    for board in event.boards:
        doc = event_documents.board_document(event, board.number)
        if doc is not None and (old is None or doc != event_documents.board_document(old, board.number)):
            txn.set(ref.collection(BOARDS).document(str(board.number)), dict(doc))
    standings = event_documents.director_document(event)
    if old is None or standings != event_documents.director_document(old):
        txn.set(ref.collection(DIRECTOR).document(STANDINGS), dict(standings))


def delete_event(txn: Transaction, stored: StoredEvent, tables: Iterable[StoredRoom]) -> None:
    """Delete an event with everything it made: its `tables` (every round's rooms that still
    exist, each with everything under it: `save_room`), its state, its public document, every
    board's document and the director's standings."""
    for table in tables:
        save_room(txn, table.ref, table, None)
    ref = stored.ref
    for board in stored.event.boards:
        txn.delete(ref.collection(BOARDS).document(str(board.number)))
    txn.delete(ref.collection(DIRECTOR).document(STANDINGS))
    txn.delete(state_ref(ref))
    txn.delete(ref)


def start_event_tables(txn: Transaction, event: Event, chains: tuple[Chain, ...]) -> None:
    """The tables an event's start opened (`Event.start`), written as new rooms."""
    _write_new_tables(txn, event, chains)


# ----- robot tournaments -------------------------------------------------------------------------


def tournament_ref(tournament_id: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(TOURNAMENTS).document(tournament_id)
    return ref


def entrant_ref(tournament_id: str, uid: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = tournament_ref(tournament_id).collection(ENTRANTS).document(uid)
    return ref


def board_ref(tournament_id: str, number: int) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = tournament_ref(tournament_id).collection(BOARDS).document(str(number))
    return ref


def result_ref(tournament_id: str, number: int, uid: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = board_ref(tournament_id, number).collection(RESULTS).document(uid)
    return ref


def standings_ref(tournament_id: str, page: int) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = tournament_ref(tournament_id).collection(STANDINGS).document(str(page))
    return ref


def _write_result(txn: Transaction, room: Room) -> None:
    """An entrant's table has just finished a board: their result, with the table's hand record,
    written once (`create`: a second write of it would be a conflict, never a second result)."""
    result = result_of(room)
    assert room.tournament is not None
    txn.create(result_ref(room.tournament.tournament_id, result.board, result.uid),
               {**tournament_documents.result_document(room, result), "recordedAt": firestore.SERVER_TIMESTAMP})


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament as read in the current transaction."""

    ref: firestore.DocumentReference
    tournament: Tournament
    version: int


def load_tournament(txn: Transaction, tournament_id: str) -> StoredTournament:
    ref = tournament_ref(tournament_id)
    doc = _state_of(txn, ref, BridgeError(Reason.TOURNAMENT_NOT_FOUND, "No tournament has that id."))
    return StoredTournament(ref, tournament_documents.decode(doc), doc["version"])
