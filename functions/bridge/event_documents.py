"""A duplicate event's documents (docs/DUPLICATE.md): its server-only state (`encode` /
`decode`, every board's hands included), and what each reader sees: the public event document,
each board's document (hands and results, for its readers) and the director's standings.

The public event document depends only on what is public: the entrants, the movement and the
round being played. No result, score or ranking reaches it before the event has ended, and it
does not change when a table finishes a board.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from .cards import Card
from .contract_scoring import Side, board_vulnerable
from .deal_seed import commitment
from .dealing import Board
from .event import BoardResult, Direction, Entrant, Event, EventStatus, Form, Spot, Standing
from .room import EventTable
from .wire import (
    BoardDocument,
    BoardResultDoc,
    BotLevel,
    DirectorDocument,
    EntrantDoc,
    EventDealingDoc,
    EventState,
    MeetingDoc,
    StandingDoc,
)

#: The state document's schema (`events/{id}/private/state`): 1 before verifiable dealing, 2 with
#: the boards' `seed` (SPEC §16; an event stored in 1 has none), 3 with the tables' `botLevel` (an
#: event stored in 2 or before has the basic bots it was created with).
SCHEMA_VERSION = 3
Doc = dict[str, Any]


def _text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def encode(event: Event) -> Doc:
    """The whole event as a Firestore-storable document (no array directly in an array)."""
    return {
        "schemaVersion": SCHEMA_VERSION,
        "eventID": event.event_id,
        "director": event.director,
        "form": event.form.value,
        "tables": event.tables,
        "boardsPerRound": event.boards_per_round,
        "boards": [{"number": b.number, "hands": [_text(hand) for hand in b.hands]} for b in event.boards],
        "inviteOnly": event.invite_only,
        "invited": list(event.invited),
        "turnSeconds": event.turn_seconds,
        "botLevel": event.bot_level,
        "entrants": [_entrant(e) for e in event.entrants],
        "round": event.round,
        "results": [{"board": r.board, "round": r.round, "table": r.table, "ns": r.ns, "ew": r.ew,
                     "players": list(r.players), "contract": r.contract, "declarer": r.declarer, "tricks": r.tricks,
                     "score": r.score} for r in event.results],
        "seed": event.seed.hex() if event.seed is not None else None,
    }


#: One step from each older schema to the next.
_STEPS: dict[int, Callable[[Mapping[str, Any]], Doc]] = {
    1: lambda doc: {**doc, "schemaVersion": 2, "seed": None},  # dealt before seeds
    2: lambda doc: {**doc, "schemaVersion": 3, "botLevel": "basic"},  # every event's bots were basic
}


def decode(doc: Mapping[str, Any]) -> Event:
    while (version := doc.get("schemaVersion")) != SCHEMA_VERSION:
        step = _STEPS.get(version) if isinstance(version, int) else None
        if step is None:
            raise ValueError(f"no event schema version {version!r}")
        doc = step(doc)
    return Event(
        event_id=doc["eventID"],
        director=doc["director"],
        form=Form(doc["form"]),
        tables=doc["tables"],
        boards_per_round=doc["boardsPerRound"],
        boards=tuple(Board(b["number"], tuple(_cards(hand) for hand in b["hands"])) for b in doc["boards"]),
        invite_only=doc["inviteOnly"],
        invited=tuple(doc["invited"]),
        turn_seconds=doc["turnSeconds"],
        bot_level=doc["botLevel"],
        entrants=tuple(Entrant(Spot(Direction(e["direction"]), e["pair"], e["seat"]), e["uid"], e["displayName"])
                       for e in doc["entrants"]),
        round=doc["round"],
        results=tuple(BoardResult(r["board"], r["round"], r["table"], r["ns"], r["ew"], tuple(r["players"]),
                                  r["contract"], r["declarer"], r["tricks"], r["score"]) for r in doc["results"]),
        seed=bytes.fromhex(seed) if (seed := doc["seed"]) is not None else None,
    )


def _entrant(entrant: Entrant) -> EntrantDoc:
    spot = entrant.spot
    return {"direction": spot.direction.value, "pair": spot.pair, "seat": spot.seat, "uid": entrant.uid,
            "displayName": entrant.display_name, "bot": entrant.bot}


def _standing(line: Standing) -> StandingDoc:
    return {"name": line.name, "direction": line.direction.value if line.direction else None, "pair": line.pair,
            "uids": list(line.uids), "total": line.total, "percentage": line.percentage, "place": line.place}


def people(event: Event) -> list[str]:
    """The people of the event (no bots), in spot order."""
    return [e.uid for spot in event.spots if (e := event.entrant(spot)) is not None and not e.bot]


def public_event(event: Event) -> EventState:
    """`events/{id}`: what every reader of the event sees."""
    meetings: list[MeetingDoc] = [
        {"table": m.table, "ns": m.ns, "ew": m.ew, "boards": [b.number for b in event.board_set(m.board_set)],
         "roomID": EventTable(event.event_id, m.table, cast(int, event.round)).room_id}
        for m in event.meetings()]
    ended = event.status is EventStatus.ENDED
    return {
        "eventID": event.event_id,
        "directorID": event.director,
        "form": event.form.value,
        "tables": event.tables,
        "boards": len(event.boards),
        "boardsPerRound": event.boards_per_round,
        "rounds": len(event.movement),
        "inviteOnly": event.invite_only,
        "invited": list(event.invited),
        "turnSeconds": event.turn_seconds,
        "botLevel": cast(BotLevel, event.bot_level),
        "memberIDs": people(event),
        "entrants": [_entrant(e) for spot in event.spots if (e := event.entrant(spot)) is not None],
        "status": event.status.value,
        "round": event.round if not ended else None,
        "meetings": meetings,
        "ranking": [_standing(line) for line in event.standings()] if ended else None,
        "dealing": _event_dealing(event, ended),
    }


def _event_dealing(event: Event, ended: bool) -> EventDealingDoc | None:
    """The commitment to the boards' seed from the event's creation on, the seed once it has ended."""
    seed = event.seed
    if seed is None:
        return None
    return {"commitment": commitment(seed), "seed": seed.hex() if ended else None}


def board_document(event: Event, number: int) -> BoardDocument | None:
    """`events/{id}/boards/{number}` once a table has finished the board (None before)."""
    results = event.results_of(number)
    if not results:
        return None
    board = event.boards[number - 1]
    points = event.board_points(number)
    docs: list[BoardResultDoc] = [
        {"round": r.round, "table": r.table, "ns": r.ns, "ew": r.ew, "players": list(r.players),
         "contract": r.contract, "declarer": r.declarer, "tricks": r.tricks, "score": r.score,
         "points": points.get((r.round, r.table))} for r in results]
    return {
        "number": number,
        "dealer": board.dealer,
        "vulnerable": {"NS": board_vulnerable(number, Side.NS), "EW": board_vulnerable(number, Side.EW)},
        "hands": [{"cards": [str(c) for c in hand]} for hand in board.hands],
        "results": docs,
        "readers": list(event.readers(number)),
    }


def director_document(event: Event) -> DirectorDocument:
    """`events/{id}/director/standings`: the ranking so far, as results come in."""
    return {"standings": [_standing(line) for line in event.standings()], "results": len(event.results)}
