"""Robot tournaments (docs/TOURNAMENTS.md): the callables that create, enter and leave one, and
the clock that keeps them (`tick`, run every minute by `tournamentClock`).

An entrant's moves are the table's ordinary calls (placeBid, playCard, toggleReady…): `store`
writes their result when a board ends and their progress when it changes, on documents of their
own. No call an entrant makes writes a document another entrant's call writes: the tournament's
shared documents (its public document, the boards' travellers, the standings) are the clock's
alone, once a minute at most, whatever the number of entrants.

The clock, each minute: (1) opens the deployer's series' tournaments that are due (`load_series`);
(2) at every tournament past its close, ends the tables still going (the board in play played
out by bots: `Room.left_event`); (3) compacts every result recorded since the last run into
its tournament's field (one collection-group query from a cursor, so its reads are the new
results, never the whole field); (4) analyses, once, the series' contract boards those
results are the first on (a few a run; `boards_analysed_once`); (5) makes final the tournaments
past their close with no table going and every played board analysed (the seed revealed, the
standings final, the ratings updated).
"""
from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from firebase_functions import options, scheduler_fn
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter

from bridge import BridgeError, Reason, tournament_documents
from bridge.analysis import analyse
from bridge.room import new_bot
from bridge.tournament import Field, Result, Series, Tournament, boards_analysed_once
from bridge.wire import CreateTournamentAnswer, EnterTournamentAnswer, Success

from . import accounts, db, payloads, store
from .callables import SUCCESS, display_name, require_free, write_account
from .endpoint import Call, Handler, takes
from .store import Applied, Data

#: How many friends' tournaments one user may have open at once.
MAX_CREATED_TOURNAMENTS = 3
#: How many of the tournaments they entered an account lists, the latest last.
MAX_ENTERED_LISTED = 20
#: Bounds on one run of the clock: results compacted (the rest next minute), tables ended at a close.
RESULTS_BATCH = 5000
CLOSE_BATCH = 200
#: Boards analysed a run (each a second or so, at most the search's ceiling): the rest next run.
ANALYSES_PER_RUN = 4
#: The clock's own server-only document: the compaction's cursor.
CLOCK = ("clock", "tournaments")
#: The deployer's daily series (`Series`), deployed with the functions' source.
SERIES_FILE = Path(__file__).parents[1] / "tournament_series.json"


def load_series(path: Path = SERIES_FILE) -> tuple[Series, ...]:
    """The series configured in `path` (none if it does not exist), each checked (`Series.of`)."""
    if not path.exists():
        return ()
    return tuple(Series.of(entry) for entry in json.loads(path.read_text()))


def _now() -> float:
    return dt.datetime.now(dt.UTC).timestamp()


def _timestamp(seconds: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, tz=dt.UTC)


def _write_tournament(txn: store.Transaction, ref: firestore.DocumentReference, tournament: Tournament,
                      version: int, public: Data) -> None:
    """The tournament's state and public document (`public`: what changes beside it)."""
    txn.set(store.state_ref(ref), {**tournament_documents.encode(tournament), "version": version})
    txn.set(ref, {**public, "opensAt": _timestamp(tournament.opens_at),
                  "closesAt": _timestamp(tournament.closes_at)})


def _create(txn: store.Transaction, ref: firestore.DocumentReference, tournament: Tournament) -> None:
    """A new tournament: its state, public document and boards (each with an empty traveller)."""
    empty = Field.empty(tournament.scoring, len(tournament.boards))
    _write_tournament(txn, ref, tournament, 1, tournament_documents.public_tournament(tournament, None, None))
    for board in tournament.boards:
        txn.set(store.board_ref(tournament.tournament_id, board.number),
                dict(tournament_documents.board_document(tournament, board.number, empty)))


def _live_created(txn: store.Transaction, account: Data | None) -> list[str]:
    """The friends' tournaments the caller created that have not closed: TOO_MANY_TOURNAMENTS
    when they are `MAX_CREATED_TOURNAMENTS` already."""
    listed: list[str] = (account or {}).get("tournaments", [])
    snapshots = txn.get_all([store.tournament_ref(t) for t in listed], field_paths=["closed"])
    live = [s.id for s in snapshots if s.exists and not s.get("closed")]
    if len(live) >= MAX_CREATED_TOURNAMENTS:
        raise BridgeError(Reason.TOO_MANY_TOURNAMENTS,
                          f"You have {len(live)} tournaments open, the most at once: let one close first.")
    return live


@takes(payloads.CreateTournamentRequest)
def create_tournament(call: Call, request: payloads.CreateTournamentRequest) -> CreateTournamentAnswer:
    """Anyone signed in creates a tournament for friends, open from now for `minutes`; its
    boards are dealt now from a seed it commits to. The caller's account lists it."""
    caller = call.caller

    def body(txn: store.Transaction) -> Applied[CreateTournamentAnswer]:
        account = store.read_account(txn, caller.uid)
        live = _live_created(txn, account)
        ref = db.client().collection(store.TOURNAMENTS).document()
        now = _now()
        tournament = Tournament.create(ref.id, game=request.game, scoring=request.scoring, boards=request.boards,
                                       opens_at=now, closes_at=now + 60 * request.minutes,
                                       bot_level=request.bot_level, creator=caller.uid, invited=request.invited)
        _create(txn, ref, tournament)
        write_account(txn, caller, account, {"tournaments": [*live, ref.id]})
        return Applied(ref.id, {"tournamentID": ref.id})

    return store.run_action(call.action(request.request_id), body, [accounts.account_ref(caller.uid)])


@takes(payloads.TournamentRequest)
def enter_tournament(call: Call, request: payloads.TournamentRequest) -> EnterTournamentAnswer:
    """A signed-in user enters an open tournament once, if they sit nowhere else: their table is
    made with its first board dealt, their account's `roomID` names it and its `entered` lists the
    tournament (the latest `MAX_ENTERED_LISTED`)."""
    caller = call.caller
    tournament_id = request.tournament_id

    def body(txn: store.Transaction) -> Applied[EnterTournamentAnswer]:
        account = store.read_account(txn, caller.uid)
        stored = store.load_tournament(txn, tournament_id)
        tournament = stored.tournament
        tournament.require_entry(caller.uid, _now())
        if txn.get(store.entrant_ref(tournament_id, caller.uid)).exists:
            raise BridgeError(Reason.ALREADY_ENTERED, "You have entered this tournament already: one entry each.")
        require_free(txn, account)
        ref = store.room_ref_new()
        store.save_room(txn, ref, None, tournament.table(caller.uid, display_name(caller, account)))
        entered = [*(account or {}).get("entered", []), tournament_id][-MAX_ENTERED_LISTED:]
        write_account(txn, caller, account, {"roomID": ref.id, "entered": entered})
        return Applied(tournament_id, {"roomID": ref.id})

    return store.run_action(call.action(request.request_id), body,
                            [accounts.account_ref(caller.uid), store.state_ref(store.tournament_ref(tournament_id))])


def _end_table(txn: store.Transaction, tournament_id: str, uid: str, room_id: str) -> bool:
    """The entrant `uid` leaves their table (`room_id`), if it has not ended: a bot takes their
    seat, plays out the board in play, and the table has ended. Whether it had not. (A table that
    no longer exists has ended: its entrant's progress says so, should it not yet.)"""
    try:
        stored = store.load_room(txn, room_id, None, uid)
    except BridgeError as error:
        if error.reason is not Reason.ROOM_NOT_FOUND:
            raise
        txn.update(store.entrant_ref(tournament_id, uid), {"board": None, "done": True})
        return False
    room = stored.room
    if room.is_ended or room.position_of(uid) is None:
        return False
    bot = new_bot({*room.member_ids, *(room.match.scores if room.match else ())})
    store.save_room(txn, stored.ref, stored, room.left_event(uid, bot))
    return True


@takes(payloads.TournamentRequest)
def leave_tournament(call: Call, request: payloads.TournamentRequest) -> Success:
    """An entrant leaves: the board in play is played out by a bot in their seat and recorded; the
    boards they have not started are not played (they count as not played). Their account no
    longer names the table. Leaving a table that has ended already changes nothing."""
    uid = call.caller.uid
    tournament_id = request.tournament_id

    def body(txn: store.Transaction) -> Applied[Success]:
        entrant = txn.get(store.entrant_ref(tournament_id, uid))
        if not entrant.exists:
            raise BridgeError(Reason.NOT_ENTERED, "You have not entered this tournament.")
        room_id: str = entrant.get("roomID")
        account = store.read_account(txn, uid) or {}
        _end_table(txn, tournament_id, uid, room_id)
        if account.get("roomID") == room_id:
            txn.update(accounts.account_ref(uid), {"roomID": None})
        return Applied(tournament_id, SUCCESS)

    return store.run_action(call.action(request.request_id), body, [store.entrant_ref(tournament_id, uid)])


#: Callable name -> handler.
TOURNAMENT_CALLABLES: dict[str, Handler[Any, Any]] = {
    "createTournament": create_tournament,
    "enterTournament": enter_tournament,
    "leaveTournament": leave_tournament,
}


# ----- the clock ---------------------------------------------------------------------------------


@dataclass
class ClockReport:
    """What one run of the clock did, by tournament id."""

    opened: list[str] = field(default_factory=list)
    tables_ended: int = 0
    compacted: dict[str, int] = field(default_factory=dict)
    closed: list[str] = field(default_factory=list)


def open_series(now: float, series: Iterable[Series]) -> list[str]:
    """Each series' tournament whose window contains `now`, made if it does not exist yet (its id
    is the series' name and its start: made once, however many clocks run)."""
    def body(txn: store.Transaction, one: Series, tournament_id: str, opens_at: float) -> bool:
        ref = store.tournament_ref(tournament_id)
        if txn.get(store.state_ref(ref)).exists:
            return False
        _create(txn, ref, one.tournament(tournament_id, opens_at))
        return True

    return [tournament_id for one in series for tournament_id, opens_at in one.due(now)
            if store.run_unlogged(partial(body, one=one, tournament_id=tournament_id, opens_at=opens_at))]


def _past_close(now: float) -> list[str]:
    query = (db.client().collection(store.TOURNAMENTS).where(filter=FieldFilter("closed", "==", False))
             .where(filter=FieldFilter("closesAt", "<=", _timestamp(now))).limit(CLOSE_BATCH))
    return [snapshot.id for snapshot in query.stream()]


def _tables_going(tournament_id: str, limit: int) -> list[tuple[str, str]]:
    """Up to `limit` entrants whose table has not ended: (uid, roomID)."""
    query = (store.tournament_ref(tournament_id).collection(store.ENTRANTS)
             .where(filter=FieldFilter("done", "==", False)).limit(limit))
    return [(snapshot.id, snapshot.get("roomID")) for snapshot in query.stream()]


def end_tables(tournament_ids: Sequence[str]) -> int:
    """At tournaments past their close: end up to `CLOSE_BATCH` tables still going, in all."""
    ended = 0
    for tournament_id in tournament_ids:
        for uid, room_id in _tables_going(tournament_id, CLOSE_BATCH - ended):
            ended += store.run_unlogged(partial(_end_table, tournament_id=tournament_id, uid=uid, room_id=room_id))
        if ended >= CLOSE_BATCH:
            break
    return ended


def _cursor() -> Any:
    snapshot = db.client().collection(CLOCK[0]).document(CLOCK[1]).get()
    return snapshot.get("resultsAt") if snapshot.exists else None


#: What the compaction reads of each result.
_RESULT_FIELDS = ["tournamentID", "uid", "displayName", "board", "score", "contract", "declarer", "tricks",
                  "recordedAt"]


def compact_results() -> dict[str, int]:
    """Every result recorded since the cursor (up to `RESULTS_BATCH`), entered into its
    tournament's field; the cursor moved to the last one's time. A result read twice (the query
    takes its cursor's time again) is entered once (`Field.with_results`). Returns the results
    read, by tournament whose field they changed."""
    query = db.client().collection_group(store.RESULTS).select(_RESULT_FIELDS)
    cursor = _cursor()
    if cursor is not None:
        query = query.where(filter=FieldFilter("recordedAt", ">=", cursor))
    snapshots = list(query.order_by("recordedAt").limit(RESULTS_BATCH).stream())
    by_tournament: dict[str, list[Result]] = defaultdict(list)
    for snapshot in snapshots:
        doc = snapshot.to_dict() or {}
        by_tournament[doc["tournamentID"]].append(tournament_documents.result_from(doc))
    changed = {tournament_id: len(results) for tournament_id, results in by_tournament.items()
               if store.run_unlogged(partial(_compact, tournament_id=tournament_id, results=results, final=False))}
    if snapshots:
        db.client().collection(CLOCK[0]).document(CLOCK[1]).set({"resultsAt": snapshots[-1].get("recordedAt")})
    return changed


def analyse_boards(tournament_ids: Iterable[str], most: int = ANALYSES_PER_RUN) -> dict[str, int]:
    """Up to `most` boards in all, among the boards of the tournaments analysed once each
    (`boards_analysed_once`: the series' contract bridge ones, a bounded number a day) that have
    a result and no analysis yet: each analysed once, from one result's hand record
    (`bridge.analysis.analyse`: the same at every table), and added to the board's document.
    Returns, by tournament, the boards still waiting (the next run takes them)."""
    from .analysis import ANALYSIS_NODES  # (the analysis trigger's module: its search ceiling)

    waiting: dict[str, int] = {}
    for tournament_id in tournament_ids:
        tournament = store.run_unlogged(partial(_load, tournament_id=tournament_id))
        if not boards_analysed_once(tournament.game, tournament.series):
            continue
        boards = db.client().get_all([store.board_ref(tournament_id, b.number) for b in tournament.boards],
                                     field_paths=["number", "results", "analysis"])
        todo = sorted(s.get("number") for s in boards if s.get("results") and s.get("analysis") is None)
        done = todo[:most]
        for number in done:
            first = next(iter(store.board_ref(tournament_id, number).collection(store.RESULTS)
                              .select(["record"]).limit(1).stream()))
            store.board_ref(tournament_id, number).update(
                {"analysis": analyse((first.to_dict() or {})["record"], ANALYSIS_NODES.value)})
        most -= len(done)
        if len(todo) > len(done):
            waiting[tournament_id] = len(todo) - len(done)
    return waiting


def _load(txn: store.Transaction, tournament_id: str) -> Tournament:
    return store.load_tournament(txn, tournament_id).tournament


def _stored_field(txn: store.Transaction, tournament: Tournament) -> tuple[Field, list[Data], list[Data]]:
    """The field as the last compaction stored it, with the standings' pages and the boards'
    documents it was read from."""
    tournament_id = tournament.tournament_id
    first = txn.get(store.standings_ref(tournament_id, 0))
    pages_before = first.get("pages") if first.exists else 0
    page_docs = [store.data_of(first)] + [store.data_of(s) for s in txn.get_all(
        [store.standings_ref(tournament_id, page) for page in range(1, pages_before)])] if first.exists else []
    page_docs.sort(key=lambda doc: doc["page"])
    board_docs = [store.data_of(s) for s in txn.get_all([store.board_ref(tournament_id, b.number)
                                                        for b in tournament.boards])]
    board_docs.sort(key=lambda doc: doc["number"])
    return tournament_documents.field_of(tournament, page_docs, board_docs), page_docs, board_docs


def _compact(txn: store.Transaction, tournament_id: str, results: Sequence[Result], final: bool) -> bool:
    """Enter `results` into the tournament's field and write what changed: each board's
    traveller and the standings' pages; at the close (`final`) the pages marked final and the
    tournament closed, its seed revealed. Whether anything was written."""
    stored = store.load_tournament(txn, tournament_id)
    tournament = stored.tournament
    before, page_docs, board_docs = _stored_field(txn, tournament)
    field_now = before.with_results(results)
    if field_now == before and not final:
        return False
    for board, old in zip(tournament.boards, board_docs, strict=True):
        board_doc = tournament_documents.board_document(tournament, board.number, field_now, old.get("analysis"))
        if board_doc != old:
            txn.set(store.board_ref(tournament_id, board.number), dict(board_doc))
    pages = tournament_documents.standings_pages(field_now, final)
    for page in pages:
        txn.set(store.standings_ref(tournament_id, page["page"]), {**page, "at": firestore.SERVER_TIMESTAMP})
    for number in range(len(pages), len(page_docs)):
        txn.delete(store.standings_ref(tournament_id, number))
    if final:
        closed = tournament.closed_now()
        _write_tournament(txn, stored.ref, closed, stored.version + 1,
                          tournament_documents.public_tournament(closed, len(field_now.entries), len(pages)))
    return True


def close_done(tournament_ids: Sequence[str]) -> list[str]:
    """Of the tournaments past their close, those with no table going: rated, then made final.
    Rating first: a run that stops between the two rates again, and the entrants already rated
    for this tournament are left as they are (`rate`)."""
    closed = []
    for tournament_id in tournament_ids:
        if _tables_going(tournament_id, 1):
            continue
        tournament, field_now = store.run_unlogged(partial(_final_field, tournament_id=tournament_id))
        if tournament.closed:
            continue
        rate(tournament, field_now)
        if store.run_unlogged(partial(_close, tournament_id=tournament_id)):
            closed.append(tournament_id)
    return closed


def _final_field(txn: store.Transaction, tournament_id: str) -> tuple[Tournament, Field]:
    tournament = store.load_tournament(txn, tournament_id).tournament
    return tournament, _stored_field(txn, tournament)[0]


def _close(txn: store.Transaction, tournament_id: str) -> bool:
    if store.load_tournament(txn, tournament_id).tournament.closed:
        return False
    return _compact(txn, tournament_id, (), final=True)


# ----- ratings (bridge.ratings) -------------------------------------------------------------------

#: Ratings: `ratings/{game}/players/{uid}` (all time) and `ratings/{game}-{season}/players/{uid}`
#: (the season's leaderboard: everyone starts afresh each season), anyone signed in reads them.
RATINGS, PLAYERS = "ratings", "players"
#: Documents read in one request, and written in one batch, when rating a field.
RATING_CHUNK = 400


def rating_boards(game: str, season: str) -> tuple[str, str]:
    """The ids of the two rating collections a tournament of `game` closed in `season` moves."""
    return game, f"{game}-{season}"


def rate(tournament: Tournament, field_now: Field) -> int:
    """Every entrant with a result rated by the final ranking, in the game's all-time ratings and
    its season's (`bridge.ratings.rate_field`). A rating already moved by this tournament (a run
    that stopped before the close) is left as it is. Returns the ratings written."""
    from bridge import ratings  # here only: the library's import stays off every callable's cold start

    standings = field_now.standings()
    places = [(line.uid, line.place) for line in standings]
    names = {line.uid: line.name for line in standings}
    season = ratings.season_of(dt.datetime.fromtimestamp(tournament.closes_at, tz=dt.UTC))
    written = 0
    for board in rating_boards(tournament.game, season):
        players = db.client().collection(RATINGS).document(board).collection(PLAYERS)
        before: dict[str, ratings.Rating] = {}
        done: set[str] = set()
        uids = list(names)
        for start in range(0, len(uids), RATING_CHUNK):
            for snapshot in db.client().get_all([players.document(uid) for uid in uids[start:start + RATING_CHUNK]]):
                if snapshot.exists:
                    doc = snapshot.to_dict() or {}
                    before[snapshot.id] = ratings.from_doc(doc)
                    if doc.get("lastTournament") == tournament.tournament_id:
                        done.add(snapshot.id)
        after = ratings.rate_field(places, before)
        todo = [uid for uid in uids if uid not in done]
        for start in range(0, len(todo), RATING_CHUNK):
            batch = db.client().batch()
            for uid in todo[start:start + RATING_CHUNK]:  # a `wire.RatingDocument`
                batch.set(players.document(uid), {**ratings.to_doc(after[uid]), "uid": uid, "displayName": names[uid],
                                                  "lastTournament": tournament.tournament_id,
                                                  "updatedAt": firestore.SERVER_TIMESTAMP})
            batch.commit()
        written += len(todo)
    return written


def tick(now: float, series: Iterable[Series] = ()) -> ClockReport:
    """One run of the clock at `now` (see the module's docstring)."""
    report = ClockReport()
    report.opened = open_series(now, series)
    past = _past_close(now)
    report.tables_ended = end_tables(past)
    report.compacted = compact_results()
    waiting = analyse_boards(dict.fromkeys([*report.compacted, *past]))
    report.closed = close_done([tournament_id for tournament_id in past if tournament_id not in waiting])
    return report


@scheduler_fn.on_schedule(schedule="every 1 minutes", region=options.SupportedRegion.US_CENTRAL1,
                          timeout_sec=540, memory=options.MemoryOption.MB_512)
def tournamentClock(event: scheduler_fn.ScheduledEvent) -> None:  # camelCase: the deployed name
    """The tournaments' clock (Cloud Scheduler, every minute)."""
    tick(event.schedule_time.timestamp(), load_series())
