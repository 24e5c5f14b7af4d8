"""The double-dummy analysis of every finished deal (SPEC §16): a Firestore trigger on a new hand
record (`rooms/{roomID}/deals/{n}`) adds its `analysis` (`bridge.analysis.analyse`), after the
deal and outside every callable's transaction, so no player waits for it.

A record is written once and analysed once: a redelivered event finds `analysis` set (in the
record as it is then, not the event's snapshot of its creation) and does nothing.

Its cost is bounded per deal and per person. A deal's table is exact, and its search is capped
at `ANALYSIS_NODES` nodes, a ceiling one deal measured in a thousand reaches. And a person has at most
`ANALYSES_PER_HOUR` deals analysed in any hour: before the search, one transaction charges the
deal to each person who played it (a deal of bots alone, at a duplicate event's table, to the
room's host: the event's director) in their server-only `analysisAllowance/{uid}`, or, when one
of them has had that many deals analysed in the last hour, gives the record `analysis: null` and
`analysisSkipped` instead and searches nothing. A deal already charged (a redelivered event) is
not charged again.

A record of a series' contract bridge tournament is not analysed here: its board's analysis is
the same at every table (the hands, the dealer and the vulnerability decide it), and the
tournament's clock adds it once to the board's document (`service.tournaments`), not once per
entrant. A friends' tournament's records are analysed here, charged as any room's.
"""
from __future__ import annotations

import time
from typing import Any, cast

from firebase_functions import firestore_fn, options, params
from google.api_core import exceptions as google_errors
from google.cloud import firestore

from bridge.analysis import TABLE_NODES, analyse
from bridge.room import is_bot
from bridge.tournament import boards_analysed_once
from bridge.wire import AnalysisSkipped, DealRecord

from . import db, store
from .store import Snapshot

#: The deal records the trigger analyses (the path of `store.DEALS` under a room).
RECORDS = "rooms/{roomID}/deals/{number}"
#: The ceiling on the search nodes of a deal's table (functions/.env: `TABLE_NODES`, past every deal
#: measured; the emulator's project, functions/.env.demo-floating-bridge, sets fewer: a developer's
#: machine and the test suite finish deals by the hundred).
ANALYSIS_NODES = params.IntParam(
    "ANALYSIS_NODES", default=TABLE_NODES,
    description="The ceiling on the search nodes of a deal's double-dummy table: cells past it would stay "
                "unknown (null); one Floating Bridge record measured in 1,000 reaches the default.")

#: `analysisAllowance/{uid}` (server-only): `deals`, the deals analysed for that person in the last
#: hour, each `{deal: <record path>, at: <seconds since the epoch>}`, oldest first.
ALLOWANCES = "analysisAllowance"
#: Deals a person may have analysed in any hour: a deal every two minutes, quicker than people
#: play a whole deal, even against bots.
ANALYSES_PER_HOUR = 30
HOUR = 3600.0
#: What a record gets instead of its analysis when a person of the deal has spent the allowance.
SKIPPED: AnalysisSkipped = "ALLOWANCE_SPENT"


def allowance_ref(uid: str) -> firestore.DocumentReference:
    ref: firestore.DocumentReference = db.client().collection(ALLOWANCES).document(uid)
    return ref


def _payers(txn: store.Transaction, record_ref: firestore.DocumentReference, record: dict[str, Any]) -> list[str]:
    """Who a deal is charged to: the people who played it, else (bots alone) its room's host."""
    people = [uid for uid in record["players"] if not is_bot(uid)]
    if people:
        return people
    room = record_ref.parent.parent
    assert room is not None
    snapshot = txn.get(room, field_paths=["hostID"])
    return [snapshot.get("hostID")] if snapshot.exists else []


def board_analysed_elsewhere(txn: store.Transaction, record_ref: firestore.DocumentReference,
                             record: dict[str, Any]) -> bool:
    """A board played at the table of a tournament whose boards are analysed once each, on their
    documents (`bridge.tournament.boards_analysed_once`)."""
    if record["board"] is None:
        return False
    room = record_ref.parent.parent
    assert room is not None
    snapshot = txn.get(room, field_paths=["tournament"])
    table = snapshot.get("tournament") if snapshot.exists else None
    if table is None:
        return False
    tournament = txn.get(store.tournament_ref(table["tournamentID"]), field_paths=["game", "series"])
    return tournament.exists and boards_analysed_once(tournament.get("game"), tournament.get("series"))


def charge(path: str, now: float) -> bool:
    """Charge the deal recorded at `path` to its payers' allowances, in one transaction; whether to
    analyse it. Not when the record is gone or already has `analysis`; when a payer has had
    `ANALYSES_PER_HOUR` deals analysed since `now - HOUR`, the record is marked skipped instead."""

    def body(txn: store.Transaction) -> bool:
        record_ref = db.client().document(path)
        snapshot = txn.get(record_ref)
        record = store.data_of(snapshot) if snapshot.exists else None
        if record is None or "analysis" in record or board_analysed_elsewhere(txn, record_ref, record):
            return False
        payers = _payers(txn, record_ref, record)
        if not payers:  # bots alone, and their room is gone
            return False
        refs = [allowance_ref(uid) for uid in payers]
        charged = [[deal for deal in (store.data_of(s)["deals"] if s.exists else []) if deal["at"] > now - HOUR]
                   for s in txn.get_all(refs)]
        if any(deal["deal"] == path for deals in charged for deal in deals):
            return True  # a redelivered event: charged the first time
        if any(len(deals) >= ANALYSES_PER_HOUR for deals in charged):
            txn.update(record_ref, {"analysis": None, "analysisSkipped": SKIPPED})
            return False
        for ref, deals in zip(refs, charged, strict=True):
            txn.set(ref, {"deals": [*deals, {"deal": path, "at": now}]})
        return True

    return store.run_unlogged(body)


def analyse_record(path: str, record: dict[str, Any], budget: int, now: float) -> bool:
    """Add `analysis` to `record`, written at `path`, unless `charge` says not to (it has one: a
    redelivered event; its payers' allowances are spent; it is gone); whether it wrote it."""
    if not charge(path, now):
        return False
    try:
        db.client().document(path).update({"analysis": analyse(cast(DealRecord, record), budget)})
    except google_errors.NotFound:  # the room was deleted meanwhile (its last player left): nothing to add to
        return False
    return True


@firestore_fn.on_document_created(document=RECORDS, region=options.SupportedRegion.US_CENTRAL1,
                                  memory=options.MemoryOption.GB_1, timeout_sec=300, cpu=1, concurrency=1)
def analyseDeal(event: firestore_fn.Event[Snapshot | None]) -> None:  # camelCase: deployed name
    """A new hand record: its double-dummy analysis. One at a time per instance: a search is
    CPU-bound (a second or so, two minutes at its ceiling), and 80 of them (the default
    concurrency for 1 vCPU) on one vCPU would each run far past the timeout."""
    snapshot = event.data
    record = snapshot.to_dict() if snapshot is not None else None
    if record is not None:
        analyse_record(event.document, record, ANALYSIS_NODES.value, time.time())
