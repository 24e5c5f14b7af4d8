"""The canonical state of a room, as stored in its server-only document (`rooms/{id}/private/state`).

`encode` and `decode` round-trip a `Room` exactly, hidden hands included. The document carries
`schemaVersion`; `decode` reads every version there has been (`migrate`), so a room stored by an
older server still loads, and is stored in the current form the next time it changes:

- 1 (Part I): no state document; the state was the public room document plus each player's
  hand document, parsed back (`from_public_v1`).
- 2: compact: hands and tricks as card strings, calls as bid strings in turn order, a
  contract as its declarer and bid (targets follow from the variant).
- 3: 2 with the room's `spectators` and `kicked` uids (SPEC §13).
- 4: 3 with the score sheet of contract bridge (SPEC §11) and a contract's doubling.
- 5: 4 with duplicate events' tables (docs/DUPLICATE.md): the room's `event`, the match's
  `boards` and the deal's `board`; a board passed out is phase `complete` with no contract.
- 6: 5 with a first half (Memory Bridge, docs/MEMORY.md): the deal's `stock` (the hands still
  to be dealt) and `firstTricks`, and the phase `firstHalf`.
- 7: 6 with the deal's `claim` (SPEC §15): open while playing, accepted once complete.
- 8: 7 with the room's `undoPoint` (the deal before the last person's action, and who made
  it) and `undoRequest` (SPEC §15).
- 9: 8 with each deal's `alerts`, by call (null: none) (SPEC §15).
- 10: 9 with verifiable dealing (SPEC §16): each seat's `entropy`, the room's `nextSeed` (hex;
  null at an event's table) and the current deal's `seed` (its seed, entropy, number and decks
  drawn), and contract bridge's sheet's `lastVulnerable`.
- 11: 10 with each claim's `after` (the tricks complete when it was made) and each deal's
  `rejectedClaims` (SPEC §15: a claim stays on the record, accepted or not).
- 12: 11 without `spectators` and `kicked`, which are the room's audience, a document of its
  own (`bridge.audience`): watching never changes the state. A document stored before keeps its
  audience until the room next changes (`legacy_audience`).
- 13: this module's form: 12 with the room's `tournament` (docs/TOURNAMENTS.md: the tournament
  and entrant of a tournament's table; null elsewhere).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from .audience import Audience
from .bids import Bid, Doubling, parse_call
from .cards import Card
from .deal import AuctionCall, Claim, Contract, Deal, Phase, Play, StoredState, Trick, restored_state
from .deal_seed import DealSeed
from .dealing import Board
from .match import Match
from .room import EventTable, Room, Seat, TournamentTable, UndoPoint, UndoRequest
from .settings import Settings
from .values import evolve
from .variant import Variant
from .variants import variant_named

SCHEMA_VERSION = 13
Doc = dict[str, Any]


class StateError(ValueError):
    """A stored state document that no version of the schema describes."""


# ----- encoding --------------------------------------------------------------------------------


def _card_text(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _trick(trick: Trick) -> Doc:
    return {"leader": trick.leader, "cards": _card_text([p.card for p in trick.plays])}


def _deal(deal: Deal) -> Doc:
    state = deal.state
    contract = deal.contract
    trick = deal.trick
    return {
        "variant": deal.variant.name,
        "settings": deal.settings.to_dict(),
        "players": list(deal.players),
        "dealer": deal.dealer,
        "washes": deal.washes,
        "board": deal.board,
        "hands": [_card_text(hand) for hand in deal.hands],
        "phase": state.phase.value,
        "calls": [str(e.call) for e in state.calls],
        "alerts": [e.alert for e in state.calls],
        "contract": {"declarer": contract.declarer, "bid": str(contract.bid),
                     "doubling": contract.doubling.value} if contract else None,
        "partnerCard": str(deal.partner_card) if deal.partner_card else None,
        "trick": _trick(trick) if trick else None,
        "tricks": [_trick(t) for t in deal.tricks],
        "stock": [_card_text(hand) for hand in deal.stock],
        "firstTricks": [_trick(t) for t in deal.first_tricks],
        "claim": _claim(claim) if (claim := deal.claim) else None,
        "rejectedClaims": [_claim(claim) for claim in deal.rejected_claims],
    }


def _claim(claim: Claim) -> Doc:
    return {"position": claim.position, "tricks": claim.tricks, "after": claim.after,
            "accepted": list(claim.accepted)}


def _decode_claim(doc: Mapping[str, Any]) -> Claim:
    return Claim(doc["position"], doc["tricks"], doc["after"], tuple(doc["accepted"]))


def encode(room: Room) -> Doc:
    """The whole state of `room` as a Firestore-storable document of the current schema."""
    match, deal = room.match, room.deal
    return {
        "schemaVersion": SCHEMA_VERSION,
        "host": room.host,
        "seats": [{"uid": s.uid, "name": s.display_name, "ready": s.ready, "entropy": s.entropy} for s in room.seats],
        "nextSeed": room.next_seed.hex() if room.next_seed is not None else None,
        "seed": {"seed": seed.seed.hex(), "entropy": list(seed.entropy), "number": seed.number, "decks": seed.decks}
        if (seed := room.seed) else None,
        "settings": room.settings.to_dict(),
        "invited": list(room.invited),
        "abandonedBy": room.abandoned_by,
        "regrouping": room.regrouping,
        "turnDeadline": room.turn_deadline,
        "event": {"id": room.event.event_id, "table": room.event.table, "round": room.event.round}
        if room.event else None,
        "tournament": {"id": table.tournament_id, "entrant": table.entrant} if (table := room.tournament) else None,
        "undoPoint": {"position": point.position, "deal": _deal(point.deal)} if (point := room.undo_point) else None,
        "undoRequest": {"position": request.position, "accepted": list(request.accepted)}
        if (request := room.undo_request) else None,
        "match": {
            "deals": match.deals,
            "scoring": match.scoring,
            "number": match.number,
            # A list, not a map: Firestore sorts map keys, and the order players joined is kept.
            "scores": [{"uid": uid, "points": points, "name": match.names.get(uid)}
                       for uid, points in match.scores.items()],
            "sheet": match.sheet.encoded(),
            "boards": [{"number": b.number, "hands": [_card_text(hand) for hand in b.hands]} for b in match.boards],
            "deal": _deal(deal),
        } if match and deal else None,
    }


# ----- decoding --------------------------------------------------------------------------------


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def _parse_trick(doc: Mapping[str, Any], seats: int) -> Trick:
    leader = doc["leader"]
    return Trick(leader, tuple(Play((leader + i) % seats, card) for i, card in enumerate(_cards(doc["cards"]))))


def _contract(variant: Variant, declarer: int, bid: Bid, doubling: Doubling = Doubling.UNDOUBLED) -> Contract:
    return Contract(declarer, bid, variant.target(bid), variant.defender_target(bid), doubling)


def _bid(text: str) -> Bid:
    call = parse_call(text)
    if not isinstance(call, Bid):
        raise StateError(f"a contract of {text}")
    return call


def _decode_deal(doc: Mapping[str, Any]) -> Deal:
    variant = variant_named(doc["variant"])
    seats = variant.seats
    first = (doc["dealer"] + variant.auction.opener) % seats
    calls = tuple(AuctionCall((first + i) % seats, parse_call(text), alert)
                  for i, (text, alert) in enumerate(zip(doc["calls"], doc["alerts"], strict=True)))
    contract_doc = doc["contract"]
    stored = StoredState(
        phase=Phase(doc["phase"]),
        calls=calls,
        contract=_contract(variant, contract_doc["declarer"], _bid(contract_doc["bid"]),
                           Doubling(contract_doc["doubling"])) if contract_doc else None,
        partner_card=Card.parse(doc["partnerCard"]) if doc["partnerCard"] else None,
        trick=_parse_trick(doc["trick"], seats) if doc["trick"] else None,
        tricks=tuple(_parse_trick(t, seats) for t in doc["tricks"]),
        claim=_decode_claim(c) if (c := doc["claim"]) else None,
        rejected_claims=tuple(_decode_claim(c) for c in doc["rejectedClaims"]),
    )
    state = restored_state(variant, stored)
    if state is None:
        raise StateError(f"a {variant.name} deal in phase {stored.phase.value} with those parts")
    return Deal(variant, Settings.from_dict(doc["settings"]), tuple(doc["players"]), doc["dealer"],
                tuple(_cards(hand) for hand in doc["hands"]), state, doc["washes"], doc["board"],
                tuple(_cards(hand) for hand in doc["stock"]), tuple(_parse_trick(t, seats) for t in doc["firstTricks"]))


def decode(doc: Mapping[str, Any]) -> Room:
    """The room a state document of any schema version describes (see `migrate`)."""
    doc = migrate(doc)
    match = doc["match"]
    return Room(
        host=doc["host"],
        seats=tuple(Seat(s["uid"], s["name"], s["ready"], s["entropy"]) for s in doc["seats"]),
        settings=Settings.from_dict(doc["settings"]),
        invited=tuple(doc["invited"]),
        next_seed=bytes.fromhex(next_seed) if (next_seed := doc["nextSeed"]) is not None else None,
        seed=DealSeed(bytes.fromhex(seed["seed"]), tuple(seed["entropy"]), seed["number"], seed["decks"])
        if (seed := doc["seed"]) else None,
        match=Match(
            deals=match["deals"],
            scoring=match["scoring"],
            number=match["number"],
            scores=MappingProxyType({s["uid"]: s["points"] for s in match["scores"]}),
            names=MappingProxyType({s["uid"]: s["name"] for s in match["scores"] if s.get("name") is not None}),
            sheet=variant_named(match["deal"]["variant"]).sheet(Settings.from_dict(doc["settings"])).decoded(
                match["sheet"]),
            boards=tuple(Board(b["number"], tuple(_cards(hand) for hand in b["hands"])) for b in match["boards"]),
        ) if match else None,
        deal=_decode_deal(match["deal"]) if match else None,
        abandoned_by=doc["abandonedBy"],
        regrouping=doc["regrouping"],
        turn_deadline=doc.get("turnDeadline"),
        event=EventTable(event["id"], event["table"], event["round"]) if (event := doc["event"]) else None,
        tournament=TournamentTable(table["id"], table["entrant"]) if (table := doc["tournament"]) else None,
        undo_point=UndoPoint(point["position"], _decode_deal(point["deal"])) if (point := doc["undoPoint"]) else None,
        undo_request=UndoRequest(request["position"], tuple(request["accepted"]))
        if (request := doc["undoRequest"]) else None,
    )


def migrate(doc: Mapping[str, Any]) -> Mapping[str, Any]:
    """`doc` in the current schema. Each older version has one step to the next."""
    while (version := doc.get("schemaVersion")) != SCHEMA_VERSION:
        step = _STEPS.get(version) if isinstance(version, int) else None
        if step is None:
            raise StateError(f"no migration from schema version {version!r}")
        doc = step(doc)
    return doc


def _v2_to_v3(doc: Mapping[str, Any]) -> Doc:
    """Rooms stored before spectators (SPEC §13) have none, and have kicked nobody."""
    return {**doc, "schemaVersion": 3, "spectators": [], "kicked": []}


def _v3_to_v4(doc: Mapping[str, Any]) -> Doc:
    """Before contract bridge (SPEC §11) every match was Floating Bridge's: a blank score sheet,
    and no contract was doubled."""
    match = doc["match"]
    if match is None:
        return {**doc, "schemaVersion": 4}
    deal = match["deal"]
    contract = deal["contract"] and {**deal["contract"], "doubling": 1}
    return {**doc, "schemaVersion": 4, "match": {**match, "sheet": None, "deal": {**deal, "contract": contract}}}


def _v4_to_v5(doc: Mapping[str, Any]) -> Doc:
    """Before duplicate events no room was an event's table, and no deal was a board."""
    match = doc["match"]
    if match is not None:
        match = {**match, "boards": [], "deal": {**match["deal"], "board": None}}
    return {**doc, "schemaVersion": 5, "event": None, "match": match}


def _v5_to_v6(doc: Mapping[str, Any]) -> Doc:
    """Before Memory Bridge no deal had a first half."""
    match = doc["match"]
    if match is not None:
        match = {**match, "deal": {**match["deal"], "stock": [], "firstTricks": []}}
    return {**doc, "schemaVersion": 6, "match": match}


def _v6_to_v7(doc: Mapping[str, Any]) -> Doc:
    """Before claims (SPEC §15) no deal had one."""
    match = doc["match"]
    if match is not None:
        match = {**match, "deal": {**match["deal"], "claim": None}}
    return {**doc, "schemaVersion": 7, "match": match}


def _v7_to_v8(doc: Mapping[str, Any]) -> Doc:
    """Before undo (SPEC §15) no room had an action to take back."""
    return {**doc, "schemaVersion": 8, "undoPoint": None, "undoRequest": None}


def _v8_to_v9(doc: Mapping[str, Any]) -> Doc:
    """Before alerts (SPEC §15) no call had one."""
    def alerted(deal: Mapping[str, Any]) -> Doc:
        return {**deal, "alerts": [None] * len(deal["calls"])}

    match, point = doc["match"], doc["undoPoint"]
    return {**doc, "schemaVersion": 9, "match": match and {**match, "deal": alerted(match["deal"])},
            "undoPoint": point and {**point, "deal": alerted(point["deal"])}}


def _v9_to_v10(doc: Mapping[str, Any]) -> Doc:
    """Before verifiable dealing (SPEC §16) no seat had entropy and no room a seed: the deal in
    progress, and the next one (no commitment was shown for it), deal with the secure RNG as
    before; the room commits to a seed from the deal after. Contract bridge's sheet had not kept
    the last deal's vulnerability (no record needs it until the next deal is entered, which sets it)."""
    match = doc["match"]
    if match is not None and match["deal"]["variant"] == "contract" and match["sheet"] is not None:
        match = {**match, "sheet": {**match["sheet"], "lastVulnerable": [False, False]}}
    return {**doc, "schemaVersion": 10, "match": match, "seed": None,
            "seats": [{**seat, "entropy": ""} for seat in doc["seats"]],
            "nextSeed": None}


def _v10_to_v11(doc: Mapping[str, Any]) -> Doc:
    """Before claims stayed on the record (issue 33) a rejected claim left none: no deal has a
    rejected claim, and an open or accepted claim was made after the tricks complete now (a
    claim is made between tricks, and ends the deal or waits for its answers)."""
    def claimed(deal: Mapping[str, Any]) -> Doc:
        claim = deal["claim"] and {**deal["claim"], "after": len(deal["tricks"])}
        return {**deal, "claim": claim, "rejectedClaims": []}

    match, point = doc["match"], doc["undoPoint"]
    return {**doc, "schemaVersion": 11, "match": match and {**match, "deal": claimed(match["deal"])},
            "undoPoint": point and {**point, "deal": claimed(point["deal"])}}


#: The fields of a state document of schema 3 to 11 that were the room's audience.
_AUDIENCE_FIELDS = ("spectators", "kicked")


def _v11_to_v12(doc: Mapping[str, Any]) -> Doc:
    """The room's spectators and bans left its state for its audience's document: read them from
    an older document with `legacy_audience` before this step drops them."""
    return {key: value for key, value in doc.items() if key not in _AUDIENCE_FIELDS} | {"schemaVersion": 12}


def _v12_to_v13(doc: Mapping[str, Any]) -> Doc:
    """Before tournaments no room was a tournament's table."""
    return {**doc, "schemaVersion": 13, "tournament": None}


#: Schema version -> the step from it to the next.
_STEPS: dict[int, Callable[[Mapping[str, Any]], Doc]] = {2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6,
                                                         6: _v6_to_v7, 7: _v7_to_v8, 8: _v8_to_v9,
                                                         9: _v9_to_v10, 10: _v10_to_v11, 11: _v11_to_v12,
                                                         12: _v12_to_v13}


def legacy_audience(doc: Mapping[str, Any]) -> Audience | None:
    """The audience a state document stored before schema 12 kept in itself (None: none there,
    as in every document of schema 12 or before 3). It is the room's audience until the room's
    audience document is written (`service.store.load_room`)."""
    if not any(doc.get(name) for name in _AUDIENCE_FIELDS):
        return None
    return Audience(tuple(doc.get("spectators") or ()), tuple(doc.get("kicked") or ()))


def from_public_v1(room_doc: Mapping[str, Any], hands: Mapping[str, Mapping[str, Any]]) -> Doc:
    """Schema 1 (Part I) to the current schema: a room stored as its public document
    (`rooms/{id}`) and its players' hand documents (by uid), with one deal and no match.

    The deal becomes deal 1 of a one-deal match played by `deals` scoring, as Part I's rooms
    were, scored if it had finished."""
    seating = room_doc.get("seating")
    settings = Settings.from_dict(room_doc["settings"])
    room = Room(
        host=room_doc["hostID"],
        seats=tuple(Seat(p["uid"], p["displayName"], p["ready"]) for p in room_doc["players"]),
        settings=settings,
        invited=tuple(room_doc["invited"]),
        abandoned_by=(room_doc.get("result") or {}).get("abandonedBy"),
    )
    if not seating:
        return encode(room)
    variant = variant_named(settings.variant)
    contract_doc = room_doc["contract"]
    partner_card = Card.parse(room_doc["partnerCard"]) if room_doc["partnerCard"] else None
    # Part I's phase by its parts: no contract yet, no partner card yet, a trick to play, or over.
    phase = (Phase.BIDDING if contract_doc is None else Phase.CHOOSING_TEAMMATE if partner_card is None
             else Phase.PLAYING if room_doc["trick"] is not None else Phase.COMPLETE)
    stored = StoredState(
        phase=phase,
        calls=tuple(AuctionCall(b["position"], parse_call(b["bid"])) for b in room_doc["bids"]),
        contract=_contract(variant, contract_doc["declarer"], _bid(contract_doc["bid"])) if contract_doc else None,
        partner_card=partner_card,
        trick=_v1_trick(room_doc["trick"]) if room_doc["trick"] is not None else None,
        tricks=tuple(_v1_trick(t) for t in room_doc["tricks"]),
        claim=None,
        rejected_claims=(),
    )
    state = restored_state(variant, stored)
    if state is None:
        raise StateError(f"a Part I room in phase {phase.value} with those parts")
    deal = Deal(variant, settings, tuple(seating), room_doc["dealer"],
                tuple(_cards(" ".join(hands[uid]["cards"])) for uid in seating), state, room_doc["washes"])
    scores = dict.fromkeys(seating, 0)
    names = {p["uid"]: p["displayName"] for p in room_doc["players"] if p["uid"] in seating}
    match = Match(1, settings.scoring, 1, MappingProxyType(scores), MappingProxyType(names),
                  variant_named(settings.variant).sheet(settings))
    return encode(evolve(room, match=match.scored(deal), deal=deal))

def _v1_trick(doc: Mapping[str, Any]) -> Trick:
    return Trick(doc["leader"], tuple(Play(c["position"], Card.parse(c["card"])) for c in doc["cards"]))
