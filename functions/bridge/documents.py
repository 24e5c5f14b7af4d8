"""The wire form of a room (SPEC §6): one full-state dict, and the projections clients may read.

`to_dict`/`from_dict` round-trip the whole state, hidden hands included. The public room
document and each player's hand document are projections of it; `player_view` is what one
player may see, and is the only way state leaves the engine toward a client.
"""
from __future__ import annotations

from typing import Any

from .bids import parse_call
from .cards import Card
from .deal import SEATS
from .game import AuctionCall, Contract, Game, Phase, Play, Trick
from .room import Result, Room, Seat
from .settings import Settings

Doc = dict[str, Any]


def _cards(cards) -> list[str]:
    return [str(card) for card in cards]


def _trick(trick: Trick, trump) -> Doc:
    doc = {"leader": trick.leader, "cards": [{"position": p.position, "card": str(p.card)} for p in trick.plays]}
    if trick.is_complete:
        doc["winner"] = trick.winner(trump)
    return doc


def _result(result: Result | None) -> Doc | None:
    if result is None:
        return None
    outcome = result.outcome
    return {
        "players": list(result.players),
        "abandonedBy": result.abandoned_by,
        "winners": list(result.winners),
        "contract": str(outcome.contract.bid) if outcome else None,
        "declarer": outcome.declarer if outcome else None,
        "partner": outcome.partner if outcome else None,
        "declarerTricks": outcome.declarer_tricks if outcome else None,
        "defenderTricks": outcome.defender_tricks if outcome else None,
        "made": outcome.made if outcome else None,
    }


def public_room(room: Room) -> Doc:
    """The room document every permitted reader sees: no hidden card, no unrevealed partner.

    `memberIDs` (for the security rules) and `seating` (uids by position for the current or
    last deal, so `bids`/`tricks` stay readable after players leave an ended room) extend SPEC §6.
    """
    game = room.game
    contract = game.contract if game else None
    active = game is not None and not room.is_ended
    return {
        "hostID": room.host,
        "status": room.status,
        "settings": room.settings.to_dict(),
        "invited": list(room.invited),
        "memberIDs": list(room.member_ids),
        "players": [
            {"uid": s.uid, "displayName": s.display_name, "position": i, "ready": s.ready}
            for i, s in enumerate(room.seats)
        ],
        "seating": list(game.players) if game else None,
        "dealer": game.dealer if game else None,
        "turn": game.turn if active else None,
        "washes": game.washes if game else 0,
        "bids": [{"position": e.position, "bid": str(e.call)} for e in game.bids] if game else [],
        "highestBid": _bid_entry(game.highest_bid) if game else None,
        "contract": {
            "declarer": contract.declarer,
            "bid": str(contract.bid),
            "trump": contract.trump.letter if contract.trump is not None else None,
            "target": contract.target,
            "defenderTarget": contract.defender_target,
        } if contract else None,
        "partnerCard": str(game.partner_card) if game and game.partner_card else None,
        # Published once the partner card is played, or when the deal is over (its result names
        # the partner, SPEC §5.6); an abandoned deal keeps an unplayed partner secret (§6).
        "partnerPosition": game.partner if game and (game.partner_revealed or game.phase is Phase.COMPLETE) else None,
        "trick": _trick(game.trick, game.trump) if game and game.trick else None,
        "tricks": [_trick(t, game.trump) for t in game.tricks] if game else [],
        "tricksWon": list(game.tricks_won) if game else [0] * SEATS,
        "trumpBroken": game.trump_broken if game else False,
        "handSizes": [len(h) for h in game.hands] if game else [0] * SEATS,
        "result": _result(room.result),
    }


def _bid_entry(entry: AuctionCall | None) -> Doc | None:
    return {"position": entry.position, "bid": str(entry.call)} if entry else None


def hand_documents(room: Room) -> dict[str, Doc]:
    """`rooms/{id}/hands/{uid}` for every player dealt into the room's game."""
    game = room.game
    if game is None:
        return {}
    return {uid: {"cards": _cards(hand)} for uid, hand in zip(game.players, game.hands, strict=True)}


def player_view(room: Room, uid: str) -> Doc:
    """Everything `uid` may see: the public room and their own hand (None if not dealt in)."""
    hand = hand_documents(room).get(uid)
    return {"room": public_room(room), "hand": hand["cards"] if hand else None}


def to_dict(room: Room) -> Doc:
    """The whole state: the public room document plus every hand by position."""
    doc = public_room(room)
    doc["hands"] = [_cards(h) for h in room.game.hands] if room.game else None
    return doc


def from_dict(doc: Doc) -> Room:
    """Rebuild a room from `to_dict` output (or from its stored documents, hands by position)."""
    settings = Settings.from_dict(doc["settings"])
    result = doc.get("result") or {}
    return Room(
        host=doc["hostID"],
        seats=tuple(Seat(p["uid"], p["displayName"], p["ready"]) for p in doc["players"]),
        settings=settings,
        invited=tuple(doc["invited"]),
        game=_game(doc, settings) if doc.get("seating") else None,
        abandoned_by=result.get("abandonedBy"),
    )


def _parse_trick(doc: Doc) -> Trick:
    return Trick(doc["leader"], tuple(Play(c["position"], Card.parse(c["card"])) for c in doc["cards"]))


def _game(doc: Doc, settings: Settings) -> Game:
    contract = doc["contract"]
    return Game(
        players=tuple(doc["seating"]),
        settings=settings,
        dealer=doc["dealer"],
        hands=tuple(tuple(Card.parse(c) for c in hand) for hand in doc["hands"]),
        washes=doc["washes"],
        bids=tuple(AuctionCall(b["position"], parse_call(b["bid"])) for b in doc["bids"]),
        contract=Contract(contract["declarer"], parse_call(contract["bid"])) if contract else None,
        partner_card=Card.parse(doc["partnerCard"]) if doc["partnerCard"] else None,
        trick=_parse_trick(doc["trick"]) if doc["trick"] else None,
        tricks=tuple(_parse_trick(t) for t in doc["tricks"]),
    )
