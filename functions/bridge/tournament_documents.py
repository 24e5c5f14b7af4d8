"""A robot tournament's documents (docs/TOURNAMENTS.md): its server-only state (`encode` /
`decode`, every board's hands and the seed), and what readers see: the public tournament
document, each board's document (hand record and traveller), an entrant's result and progress,
and the standings' pages. The field (`Field`) is read back from the boards' travellers and the
standings' pages, which the compaction alone writes."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from .cards import Card
from .contract_scoring import Side, board_vulnerable
from .deal_seed import commitment
from .dealing import Board
from .documents import deal_record
from .room import Room
from .tournament import GAMES, Entry, Field, FieldScoring, Result, Standing, Tournament, board_points
from .wire import (
    AnalysisDoc,
    BotLevel,
    HandCards,
    StandingLine,
    TournamentBoardDocument,
    TournamentEntrantDocument,
    TravellerRow,
    VariantName,
)

SCHEMA_VERSION = 1
#: Lines of the ranking per standings page: a page of 500 is about 100 KB, well under a
#: document's 1 MiB at any name length.
PAGE_LINES = 500
Doc = dict[str, Any]


def _hands(board: Board) -> list[HandCards]:
    return [{"cards": [str(card) for card in hand]} for hand in board.hands]


def encode(tournament: Tournament) -> Doc:
    """The whole tournament as a Firestore-storable document."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "tournamentID": tournament.tournament_id,
        "creator": tournament.creator,
        "series": tournament.series,
        "game": tournament.game,
        "scoring": tournament.scoring.value,
        "boards": [{"number": b.number, "hands": [" ".join(map(str, hand)) for hand in b.hands]}
                   for b in tournament.boards],
        "opensAt": tournament.opens_at,
        "closesAt": tournament.closes_at,
        "botLevel": tournament.bot_level,
        "invited": list(tournament.invited),
        "seed": tournament.seed.hex() if tournament.seed is not None else None,
        "closed": tournament.closed,
    }


def decode(doc: Mapping[str, Any]) -> Tournament:
    if doc.get("schemaVersion") != SCHEMA_VERSION:
        raise ValueError(f"no tournament schema version {doc.get('schemaVersion')!r}")
    return Tournament(
        tournament_id=doc["tournamentID"],
        creator=doc["creator"],
        series=doc["series"],
        game=doc["game"],
        scoring=FieldScoring(doc["scoring"]),
        boards=tuple(Board(b["number"], tuple(tuple(Card.parse(c) for c in hand.split()) for hand in b["hands"]))
                     for b in doc["boards"]),
        opens_at=doc["opensAt"],
        closes_at=doc["closesAt"],
        bot_level=doc["botLevel"],
        invited=tuple(doc["invited"]),
        seed=bytes.fromhex(seed) if (seed := doc["seed"]) is not None else None,
        closed=doc["closed"],
    )


def public_tournament(tournament: Tournament, players: int | None, pages: int | None) -> Doc:
    """`tournaments/{id}` without its times (`TournamentDocument`; the store adds `opensAt` and
    `closesAt` as timestamps): once closed, the `players` with a result, in `pages` standings
    pages (None before)."""
    seed = tournament.seed
    doc: Doc = {
        "tournamentID": tournament.tournament_id,
        "creatorID": tournament.creator,
        "series": tournament.series,
        "game": cast(VariantName, tournament.game),
        "scoring": tournament.scoring.value,
        "boards": len(tournament.boards),
        "botLevel": cast(BotLevel, tournament.bot_level),
        "invited": list(tournament.invited),
        "closed": tournament.closed,
        "players": players,
        "pages": pages,
        "dealing": {"commitment": commitment(seed), "seed": seed.hex() if tournament.closed else None}
        if seed is not None else None,
    }
    return doc


def board_document(tournament: Tournament, number: int, field: Field,
                   analysis: AnalysisDoc | None = None) -> TournamentBoardDocument:
    """`tournaments/{id}/boards/{number}`: the board, its traveller from `field`, and its analysis
    once made."""
    board = tournament.boards[number - 1]
    scores = field.scores(number)
    points = board_points(tournament.scoring, scores)
    rows: list[TravellerRow] = [
        {"contract": contract, "declarer": declarer, "tricks": tricks, "score": score, "count": count,
         "points": round(float(points[score]), 2)}
        for (contract, declarer, tricks, score), count in sorted(
            field.travellers[number - 1].items(), key=lambda item: (-item[0][3], str(item[0])))]
    return {
        "number": number,
        "dealer": board.dealer,
        "vulnerable": {"NS": board_vulnerable(number, Side.NS), "EW": board_vulnerable(number, Side.EW)}
        if GAMES[tournament.game].table_scoring == "duplicate" else None,
        "hands": _hands(board),
        "results": sum(scores.values()),
        "traveller": rows,
        "analysis": analysis,
    }


def traveller_of(doc: Mapping[str, Any]) -> dict[tuple[str | None, int | None, int | None, int], int]:
    """A board document's traveller as the field keeps it."""
    return {(row["contract"], row["declarer"], row["tricks"], row["score"]): row["count"] for row in doc["traveller"]}


def result_document(room: Room, result: Result) -> Doc:
    """`tournaments/{id}/boards/{n}/results/{uid}` without `recordedAt` (the store's time)."""
    table = room.tournament
    record = deal_record(room)
    assert table is not None and record is not None
    return {"tournamentID": table.tournament_id, "uid": result.uid, "displayName": result.name,
            "board": result.board, "score": result.score, "contract": result.contract,
            "declarer": result.declarer, "tricks": result.tricks, "record": record}


def result_from(doc: Mapping[str, Any]) -> Result:
    return Result(doc["uid"], doc["displayName"], doc["board"], doc["score"], doc["contract"], doc["declarer"],
                  doc["tricks"])


def entrant_document(room: Room, room_id: str) -> TournamentEntrantDocument:
    """An entrant's progress, as their table says it: the board in play and the boards finished."""
    table, match, deal = room.tournament, room.match, room.deal
    assert table is not None and match is not None and deal is not None
    return {"uid": table.entrant, "displayName": match.names.get(table.entrant, table.entrant), "roomID": room_id,
            "board": deal.board if room.deal_in_progress else None,
            "played": match.number - (0 if deal.is_finished else 1), "done": room.is_ended}


def _line(line: Standing) -> StandingLine:
    return {"uid": line.uid, "name": line.name, "scores": list(line.scores),
            "points": [None if p is None else round(float(p), 2) for p in line.points],
            "total": round(float(line.total), 2), "place": line.place}


def standings_pages(field: Field, final: bool) -> list[Doc]:
    """The ranking in pages of `PAGE_LINES` lines, best first (at least one page), without their
    time (`StandingsPage`: the store adds `at`)."""
    lines = field.standings()
    starts = range(0, max(len(lines), 1), PAGE_LINES)
    return [{"page": page, "pages": len(starts), "players": len(lines),
             "lines": [_line(line) for line in lines[start:start + PAGE_LINES]],
             "uids": [line.uid for line in lines[start:start + PAGE_LINES]], "final": final}
            for page, start in enumerate(starts)]


def field_of(tournament: Tournament, pages: Sequence[Mapping[str, Any]],
             boards: Sequence[Mapping[str, Any]]) -> Field:
    """The field as the last compaction stored it: every entrant's scores from the standings'
    pages, each board's traveller from its document."""
    entries = {line["uid"]: Entry(line["name"], tuple(line["scores"])) for page in pages for line in page["lines"]}
    travellers = tuple(traveller_of(doc) for doc in boards)
    return Field(tournament.scoring, len(tournament.boards), entries, travellers)
