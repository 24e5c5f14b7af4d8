"""What clients may read of a room, projected from its state (SPEC §6, §9): the public room
document, what each player is told of their hand (`hand_views`, sealed for them in the room
document: `hand_bytes`), and the hand record of each finished deal; and the room document's field
projected from its audience (`room_audience`).

These are projections only: the server writes them and never reads them back (the canonical
state is `state.encode`'s). `player_view` is what one player may see. The shapes are `wire`'s.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Literal, cast

from .audience import Audience
from .cards import DECK, Card, Suit
from .deal import AuctionCall, Claim, Contract, Deal, Phase, Trick
from .deal_seed import DealSeed, commitment
from .legal import SeatActions, plays, seat_actions
from .room import Result, Room, Seat, is_bot
from .variant import ScoreSheet
from .wire import (
    AlertDocument,
    AlertEntry,
    CallEntry,
    ClaimDoc,
    ClaimEntry,
    ContractDoc,
    DealingDoc,
    DealRecord,
    FirstHalfDoc,
    HandView,
    LegalDoc,
    MatchDoc,
    NextDealDoc,
    PlayerEntry,
    PlaysDoc,
    ResultDoc,
    RoomState,
    SettingsDoc,
    Timestamp,
    TrickDoc,
    VariantName,
)


def _cards(cards: Iterable[Card]) -> list[str]:
    return [str(card) for card in cards]


def _trick(trick: Trick, trump: Suit | None, seats: int) -> TrickDoc:
    doc: TrickDoc = {"leader": trick.leader,
                     "cards": [{"position": p.position, "card": str(p.card)} for p in trick.plays]}
    if len(trick.plays) == seats:
        doc["winner"] = trick.winner(trump)
    return doc


def _tricks(deal: Deal) -> list[TrickDoc]:
    return [_trick(t, deal.trump, deal.variant.seats) for t in deal.tricks]


def _calls(calls: Iterable[AuctionCall]) -> list[CallEntry]:
    return [{"position": e.position, "bid": str(e.call)} for e in calls]


def _contract(contract: Contract) -> ContractDoc:
    trump = contract.trump
    doubled = contract.doubling.suffix
    return {
        "declarer": contract.declarer,
        "bid": str(contract.bid),
        "doubled": cast(Literal["X", "XX"], doubled) if doubled else None,
        "trump": cast(Literal["C", "D", "H", "S"], trump.letter) if trump is not None else None,
        "target": contract.target,
        "defenderTarget": contract.defender_target,
    }


def _result(result: Result, sheet: ScoreSheet | None) -> ResultDoc:
    """`sheet` is the match's, once the deal has been entered on it."""
    outcome = result.outcome
    return {
        "players": list(result.players),
        "abandonedBy": result.abandoned_by,
        "passedOut": outcome is None and result.abandoned_by is None,
        "winners": list(result.winners),
        "contract": str(outcome.contract) if outcome else None,
        "declarer": outcome.declarer if outcome else None,
        "partner": outcome.partner if outcome else None,
        "declarerTricks": outcome.declarer_tricks if outcome else None,
        "defenderTricks": outcome.defender_tricks if outcome else None,
        "made": outcome.made if outcome else None,
        "points": sheet.points_by_kind() if sheet and result.abandoned_by is None else None,
        "unfinishedRubber": sheet.unfinished_points() if result.abandoned_by and sheet else None,
    }


def _match(room: Room) -> MatchDoc:
    match, deal = room.match, room.deal
    if match is None or deal is None:
        return {"dealNumber": 0, "deals": room.settings.deals, "scores": {}, "names": {}, "sheet": None}
    # Vulnerability is the deal's being played, or between deals the next one's (a table's last
    # board keeps its own).
    dealer, board, upcoming = deal.dealer, deal.board, match.upcoming_board
    if deal.is_finished and upcoming is not None:
        dealer, board = upcoming.dealer, upcoming.number
    elif deal.is_finished and board is None:
        dealer = deal.variant.left_of(dealer)
    return {"dealNumber": match.number, "deals": match.deals, "scores": dict(match.scores),
            "names": dict(match.names), "sheet": match.sheet.document(dealer, board)}


def public_room(room: Room) -> RoomState:
    """The room document every permitted reader sees: no hidden card, no unrevealed partner.

    `memberIDs` (for the security rules) and `seating` (uids by position for the current or
    last deal, so `bids`/`tricks` stay readable after players leave) extend SPEC §6.
    """
    deal = room.deal
    seats = room.seat_count
    contract = deal.contract if deal else None
    result = room.result
    trick = deal.trick if deal else None
    return {
        "hostID": room.host,
        "status": room.status.value,
        "settings": cast(SettingsDoc, room.settings.to_dict()),
        "invited": list(room.invited),
        "memberIDs": list(room.member_ids),
        "players": [_player(i, s) for i, s in enumerate(room.seats)],
        "seating": list(deal.players) if deal else None,
        "dealer": deal.dealer if deal else None,
        "turn": deal.turn if deal and room.deal_in_progress else None,
        "washes": deal.washes if deal else 0,
        "bids": _calls(deal.calls) if deal else [],
        "highestBid": _calls([deal.highest_bid])[0] if deal and deal.highest_bid else None,
        "contract": _contract(contract) if contract else None,
        "partnerCard": str(deal.partner_card) if deal and deal.partner_card else None,
        # Published once the partner card is played, or when the deal is over (its result names
        # the partner, SPEC §5.6); an abandoned deal keeps an unplayed partner secret (§6).
        "partnerPosition": deal.partner if deal and (deal.partner_revealed or deal.phase is Phase.COMPLETE) else None,
        "trick": _trick(trick, deal.trump, seats) if deal and trick else None,
        "tricks": _tricks(deal) if deal else [],
        "tricksWon": list(deal.tricks_won) if deal else [0] * seats,
        "trumpBroken": deal.trump_broken if deal else False,
        "handSizes": [len(h) for h in deal.hands] if deal else [0] * seats,
        "result": _result(result, room.match.sheet if room.match else None) if result else None,
        "match": _match(room),
        "turnDeadline": _timestamp(room.turn_deadline),
        "dummy": {"position": deal.dummy[0], "cards": _cards(deal.dummy[1]), "plays": _plays(room, deal.dummy[0])}
        if deal and deal.dummy else None,
        "board": deal.board if deal else None,
        "firstHalf": _first_half(deal) if deal and deal.first_tricks else None,
        "event": {"eventID": room.event.event_id, "table": room.event.table, "round": room.event.round}
        if room.event else None,
        "tournament": {"tournamentID": table.tournament_id, "entrant": table.entrant}
        if (table := room.tournament) else None,
        "claim": _claim(deal) if deal and room.abandoned_by is None else None,
        "claims": _claims(deal) if deal else [],
        "undo": {"by": request.position, "accepted": list(request.accepted), "answering": list(room.undo_answerers)}
        if (request := room.undo_request) else None,
        "nextDeal": _next_deal(room),
        "dealing": _dealing(room.seed) if room.seed else None,
        "legal": [_legal(seat_actions(room, position)) for position in range(len(room.seats))],
        "alerts": has_alerts(room),
    }


def room_audience(audience: Audience) -> dict[str, list[str]]:
    """The room document's field that is its audience's (SPEC §13): who watches. Written apart
    from the room's state (`service.store.save_audience`): no `version` or `updatedAt` with it."""
    return {"spectators": list(audience.spectators)}


def _claim(deal: Deal) -> ClaimDoc | None:
    """The open claim, or the accepted one that ended the deal: the claimer's cards are public."""
    claim = deal.claim
    if claim is None:
        return None
    return {"by": claim.position, "tricks": claim.tricks, "cards": _cards(deal.hands[claim.position]),
            "accepted": list(claim.accepted), "answering": list(deal.claim_answerers)}


def _claims(deal: Deal) -> list[ClaimEntry]:
    """Every claim of the deal in the order made, with the cards each showed and its answer: the
    rejected ones, then the one being answered or accepted."""
    current = deal.claim
    answered: list[tuple[Claim, Literal["accepted", "rejected"] | None]] = [
        *((claim, "rejected") for claim in deal.rejected_claims),
        *(((current, "accepted" if deal.is_finished else None),) if current else ())]
    return [{"by": claim.position, "tricks": claim.tricks, "after": claim.after,
             "cards": _cards(deal.claim_cards(claim)), "accepted": list(claim.accepted), "result": result}
            for claim, result in answered]


def _first_half(deal: Deal) -> FirstHalfDoc:
    """A deal's first half once it is over: its tricks, and how many each position won."""
    won = [0] * deal.variant.seats
    for trick in deal.first_tricks:
        won[trick.winner(None)] += 1
    return {"tricks": [_trick(t, None, deal.variant.seats) for t in deal.first_tricks], "tricksWon": won}


def _timestamp(seconds: float | None) -> Timestamp | None:
    """A time to store as a Firestore timestamp: the Firestore client writes a `datetime` as one,
    and clients read it as `wire.Timestamp` (`{seconds, nanoseconds}`)."""
    if seconds is None:
        return None
    return cast(Timestamp, datetime.fromtimestamp(seconds, tz=UTC))


def _player(position: int, seat: Seat) -> PlayerEntry:
    return {"uid": seat.uid, "displayName": seat.display_name, "position": position, "ready": seat.ready,
            "bot": seat.bot, "entropy": seat.entropy}


def _next_deal(room: Room) -> NextDealDoc | None:
    """The commitment to the next deal's seed, while a next deal may come (SPEC §16)."""
    if room.next_seed is None or room.is_ended:
        return None
    return {"number": room.next_deal_number, "commitment": commitment(room.next_seed)}


def _dealing(seed: DealSeed) -> DealingDoc:
    return {"number": seed.number, "commitment": seed.commitment, "entropy": list(seed.entropy), "decks": seed.decks}


def hand_views(room: Room) -> dict[str, HandView]:
    """What each human dealt into the room's current or last deal is told of their hand (a bot
    plays from the state itself): their cards; while cards are played, the ones of them that may
    be played to each trick (`legal.plays`); while they are to name the partner card, the cards
    they may name. Sealed for its holder in the room document (`hand_bytes`, the service's
    `sealing`), so it arrives with the table it belongs to."""
    deal = room.deal
    if deal is None:
        return {}
    documents: dict[str, HandView] = {}
    for position, (uid, hand) in enumerate(zip(deal.players, deal.hands, strict=True)):
        if is_bot(uid):
            continue
        seated = room.position_of(uid) == position
        partner_cards = seat_actions(room, position).partner_cards if seated else ()
        documents[uid] = {"cards": _cards(hand), "plays": _plays(room, position) if seated else None,
                          "partnerCards": _cards(partner_cards) if partner_cards else None}
    return documents


#: The card sets of a hand's bytes (`hand_bytes`), in order: `cards`, `plays`' five, `partnerCards`.
HAND_SETS = ("cards", "lead", "C", "D", "H", "S", "partnerCards")
#: The bytes of one card set: a bit for each card of the deck.
SET_BYTES = 7
#: The length of every hand's bytes: a flags byte and the seven sets.
HAND_BYTES = 1 + SET_BYTES * len(HAND_SETS)
_DECK_INDEX = {str(card): i for i, card in enumerate(DECK)}


def hand_bytes(hand: HandView) -> bytes:
    """`hand` as the 50 bytes sealed for its holder (docs/API.md, "Your hand"): a flags byte (bit 0:
    `plays` is given, bit 1: `partnerCards` is), then seven card sets of 7 bytes, in `HAND_SETS`
    order (one not given is empty). Card `i` of the deck (13 × suit + rank: clubs 2 is 0, clubs A
    12, spades A 51) is in a set when bit `i % 8` of its byte `i // 8` is 1. The length is the same
    for every hand: nothing of the cards shows in the size of the seal."""
    plays, partner = hand["plays"], hand["partnerCards"]
    table = [plays["lead"], plays["C"], plays["D"], plays["H"], plays["S"]] if plays else [[]] * 5
    sets: list[list[str]] = [hand["cards"], *table, partner or []]
    out = bytearray(HAND_BYTES)
    out[0] = (plays is not None) | (partner is not None) << 1
    for number, cards in enumerate(sets):
        for text in cards:
            i = _DECK_INDEX[text]
            out[1 + SET_BYTES * number + i // 8] |= 1 << i % 8
    return bytes(out)


def _plays(room: Room, position: int) -> PlaysDoc | None:
    table = plays(room, position)
    return cast(PlaysDoc, {key: _cards(cards) for key, cards in table.items()}) if table is not None else None


def _legal(actions: SeatActions) -> LegalDoc:
    return {"placeBid": [str(call) for call in actions.calls], "alert": actions.alerts,
            "chooseTeammate": bool(actions.partner_cards), "playCard": actions.plays_for, "claim": actions.claim,
            "respondClaim": actions.answers_claim, "requestUndo": actions.may_request_undo,
            "respondUndo": actions.answers_undo}


#: The sides of a fixed partnership by name, and their positions.
SIDES = {"NS": (0, 2), "EW": (1, 3)}


def _alerts(calls: Iterable[AuctionCall], positions: tuple[int, ...] = (0, 1, 2, 3)) -> list[AlertEntry]:
    return [{"position": e.position, "call": i, "bid": str(e.call), "text": e.alert}
            for i, e in enumerate(calls) if e.alert is not None and e.position in positions]


def has_alerts(room: Room) -> bool:
    """The calls of the room's current or last deal may carry alerts (`Deal.alerts_allowed`), and
    so its alert documents exist (`alert_documents`): the room document's `alerts`. False before
    the first deal."""
    return room.deal is not None and room.match is not None and room.deal.alerts_allowed


def alert_documents(room: Room) -> dict[str, AlertDocument]:
    """`rooms/{id}/alerts/{side}` of the room's current or last deal when its calls may carry
    alerts (`has_alerts`, SPEC §15): each side's alerts, readable by the other side (`readers`)
    and spectators, and by everyone who may read the room once the auction is over (`open`).
    None otherwise."""
    if not has_alerts(room):
        return {}
    deal, match = room.deal, room.match
    assert deal is not None and match is not None
    over = deal.phase is not Phase.BIDDING
    return {side: {"dealNumber": match.number, "alerts": _alerts(deal.calls, positions),
                   "readers": [uid for p, uid in enumerate(deal.players) if p not in positions], "open": over}
            for side, positions in SIDES.items()}


def player_view(room: Room, uid: str) -> dict[str, object]:
    """Everything `uid` may see of the room: the public room and their own hand (None if
    not dealt in)."""
    return {"room": public_room(room), "hand": hand_views(room).get(uid)}


def deal_record(room: Room) -> DealRecord | None:
    """`rooms/{id}/deals/{n}`: the hand record of the room's last deal once it has finished (None
    before): the four hands as dealt, the auction, the play, the result and the points it scored."""
    match, deal, result = room.match, room.deal, room.result
    if match is None or deal is None or result is None or result.abandoned_by is not None:
        return None
    outcome, contract = result.outcome, deal.contract
    return {
        "number": match.number,
        "variant": cast(VariantName, deal.variant.name),
        "board": deal.board,
        "dealer": deal.dealer,
        "washes": deal.washes,
        "players": list(deal.players),
        "hands": [{"cards": _cards(hand)} for hand in deal.hands_dealt()],
        "bids": _calls(deal.calls),
        "contract": _contract(contract) if contract else None,
        "partnerCard": str(deal.partner_card) if deal.partner_card else None,
        "partner": outcome.partner if outcome else None,
        "tricks": _tricks(deal),
        "firstHalf": {**_first_half(deal), "hands": [{"cards": _cards(h)} for h in deal.first_half_hands()]}
        if deal.first_tricks else None,
        "claim": {"by": claim.position, "tricks": claim.tricks} if (claim := deal.claim) else None,
        "claims": _claims(deal),
        "alerts": _alerts(deal.calls),
        "result": _result(result, match.sheet),
        "scoreChanges": dict(match.score_changes(deal)),
        "vulnerable": match.sheet.last_vulnerable(),
        "dealing": {**_dealing(room.seed), "seed": room.seed.seed.hex()} if room.seed else None,
    }
