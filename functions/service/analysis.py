"""The double-dummy analysis of every finished deal (SPEC §16): a Firestore trigger on a new hand
record (`rooms/{roomID}/deals/{n}`) adds its `analysis` (`bridge.analysis.analyse`), after the
deal and outside every callable's transaction, so no player waits for it.

The solver (endplay, the DDS library, and numpy with it) is imported inside `analyse` only: a
worker of any callable never imports it, so their cold start does not grow (tests/deploy checks
it). A record is written once and analysed once: a redelivered event finds `analysis` set and
does nothing.
"""
from __future__ import annotations

from typing import Any, cast

from firebase_functions import firestore_fn, options, params
from google.api_core import exceptions as google_errors

from bridge.analysis import FLOATING_BUDGET, analyse
from bridge.wire import DealRecord

from . import db
from .store import Snapshot

#: The deal records the trigger analyses (the path of `store.DEALS` under a room).
RECORDS = "rooms/{roomID}/deals/{number}"
#: Search nodes for a Floating Bridge table (functions/.env: about a minute of CPython; the
#: emulator's project, functions/.env.demo-floating-bridge, takes fewer: a developer's machine
#: and the test suite finish deals by the hundred).
ANALYSIS_NODES = params.IntParam(
    "ANALYSIS_NODES", default=FLOATING_BUDGET,
    description="Search nodes for a Floating Bridge deal's double-dummy table; cells past them stay unknown (null).")


def analyse_record(path: str, record: dict[str, Any], budget: int) -> bool:
    """Add `analysis` to the record at `path` unless it has one (a redelivered event); whether it wrote."""
    if "analysis" in record:
        return False
    try:
        db.client().document(path).update({"analysis": analyse(cast(DealRecord, record), budget)})
    except google_errors.NotFound:  # the room was deleted meanwhile (its last player left): nothing to add to
        return False
    return True


@firestore_fn.on_document_created(document=RECORDS, region=options.SupportedRegion.US_CENTRAL1,
                                  memory=options.MemoryOption.GB_1, timeout_sec=300)
def analyseDeal(event: firestore_fn.Event[Snapshot | None]) -> None:  # camelCase: deployed name
    """A new hand record: its double-dummy analysis."""
    snapshot = event.data
    record = snapshot.to_dict() if snapshot is not None else None
    if record is not None:
        analyse_record(event.document, record, ANALYSIS_NODES.value)
