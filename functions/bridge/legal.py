"""What each person at a table may do now (docs/API.md "Legal actions"), stated once from the
same checks the moves make, so a client never restates a rule of the game.

`seat_actions` answers for one position: the calls, the partner cards or the cards it may play
when it is to act (the declarer acts for the dummy), whether it may claim and for how many
tricks, answer a claim, ask for an undo or answer one. Everything but the cards follows from the
public state; the cards follow from a hand, so the room document carries the first
(`documents.public_room`'s `legal`) and the person's own hand the second (`documents.hand_views`,
sealed for them in the room document): while cards are played, as `plays`, the cards of the hand
that may be played to each trick it could be played to next.
"""
from __future__ import annotations

from dataclasses import dataclass

from .bids import Call
from .cards import Card, Suit
from .core import cards_of
from .deal import Move
from .room import Room


@dataclass(frozen=True, slots=True)
class SeatActions:
    """What the person at one position may do now.

    `calls`: the calls they may make (`placeBid`), with an alert when `alerts`. `partner_cards`:
    the cards they may name as the partner card (`chooseTeammate`). `cards`: the cards they may
    play (`playCard`) from the hand at position `plays_for` (their own, or as declarer the
    dummy's). `claim`: the most tricks they may claim (`claim`, 0 to it; None: no claim).
    `answers_claim`, `may_request_undo`, `answers_undo`: they may `respondClaim`, `requestUndo`,
    `respondUndo`."""

    calls: tuple[Call, ...] = ()
    alerts: bool = False
    partner_cards: tuple[Card, ...] = ()
    plays_for: int | None = None
    cards: tuple[Card, ...] = ()
    claim: int | None = None
    answers_claim: bool = False
    may_request_undo: bool = False
    answers_undo: bool = False


#: A person with nothing to do.
NOTHING = SeatActions()


def seat_actions(room: Room, position: int) -> SeatActions:
    """What the person at `position` may do now: nothing for a bot (bots move at once), nothing
    while no deal is being played; while an undo is asked for, only answering it; otherwise the
    deal's own move when they are its actor, a claim, an answer to the open claim, and an undo
    of their last action, each exactly when the move's own check (`Deal.legal_actions`,
    `Deal.claim_violation`, `Deal.claim_answerers`, `Room.undo_violation`) allows it."""
    deal = room.deal
    if deal is None or not room.deal_in_progress or room.seats[position].bot:
        return NOTHING
    if room.undo_request is not None:
        return SeatActions(answers_undo=position in room.undo_answerers)
    calls: tuple[Call, ...] = ()
    partner_cards: tuple[Card, ...] = ()
    cards: tuple[Card, ...] = ()
    plays_for = None
    if position == deal.actor:
        actions, move = deal.legal_actions(), deal.state.move
        if move is Move.BID:
            calls = tuple(a for a in actions if not isinstance(a, Card))
        elif move is Move.NAME_PARTNER:
            partner_cards = tuple(a for a in actions if isinstance(a, Card))
        else:
            plays_for, cards = deal.turn, tuple(a for a in actions if isinstance(a, Card))
    return SeatActions(
        calls=calls,
        alerts=bool(calls) and deal.alerts_allowed,
        partner_cards=partner_cards,
        plays_for=plays_for,
        cards=cards,
        claim=deal.variant.hand_size - len(deal.tricks) if deal.claim_violation(position, 0) is None else None,
        answers_claim=position in deal.claim_answerers,
        may_request_undo=room.undo_violation(position) is None,
    )


#: The key of a hand's `plays` for leading a trick (the others are the suits a trick may be led
#: in, by letter).
LEAD = "lead"


def plays(room: Room, position: int) -> dict[str, tuple[Card, ...]] | None:
    """The cards of the hand at `position` that may be played to each trick it could be played to
    next, by the rules in force now (`PlayCore.legal_to`, the rule `playCard` checks): leading
    one (`LEAD`), or following a trick led in each suit (by its letter). None while no card is
    being played (before card play, after the deal). The entry of the trick on the table is what
    the seat may play when it is its turn (`seat_actions`' `cards`)."""
    deal = room.deal
    if deal is None or not room.deal_in_progress or deal.state.move is not Move.PLAY:
        return None
    core = deal.card_play()
    hand = core.hands[position]
    return {LEAD: cards_of(core.legal_to(hand, None)),
            **{suit.letter: cards_of(core.legal_to(hand, suit)) for suit in Suit}}
