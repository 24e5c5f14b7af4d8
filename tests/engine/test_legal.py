"""Every seat is told what it may do (`bridge.legal`, docs/API.md "Legal actions"): at every step
of random games of every variant, what the documents say each person may do is exactly what the
room accepts from them — every call, every card named or played, every claim, every answer and
every undo — and nothing more."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bridge import DECK, Room, Settings, documents
from bridge.bids import DOUBLE, PASS, REDOUBLE, Call
from bridge.errors import BridgeError
from bridge.legal import SeatActions, seat_actions
from bridge.variants import VARIANTS
from tests.table import told_cards

from .test_match import new_room, start

#: Every call of every variant's ladder, with PASS, X and XX: what anyone might send.
CALLS: tuple[Call, ...] = (PASS, DOUBLE, REDOUBLE,
                           *dict.fromkeys(bid for v in VARIANTS.values() for bid in v.auction.ladder))
#: Steps of play checked per variant.
STEPS = 400


def accepted(move: Callable[[], Room]) -> Room | None:
    """The room after `move`, or None when the room refuses it."""
    try:
        return move()
    except BridgeError:
        return None


def accepted_moves(room: Room, uid: str) -> tuple[SeatActions, dict[str, Room]]:
    """Every move the room accepts from `uid`, tried one by one over everything one could send,
    as the `SeatActions` they make up, and the room after each (by a label)."""
    rng = random.Random(0)
    after: dict[str, Room] = {}

    def attempt(label: str, move: Callable[[], Room]) -> bool:
        moved = accepted(move)
        if moved is not None:
            after[label] = moved
        return moved is not None

    calls = tuple(c for c in CALLS if attempt(f"call {c}", lambda c=c: room.place_bid(uid, c, rng)))
    if room.deal is not None:  # told in the variant's order: PASS, X, XX, then the ladder upwards
        ranks = room.deal.variant.auction.ranks
        calls = tuple(sorted(calls, key=lambda c: (1, ranks[c]) if c in ranks else (0, CALLS.index(c))))
    alerts = bool(calls) and accepted(lambda: room.place_bid(uid, calls[0], rng, alert="a convention")) is not None
    partner_cards = tuple(c for c in DECK if attempt(f"partner {c}", lambda c=c: room.choose_partner(uid, c)))
    cards = tuple(c for c in DECK if attempt(f"card {c}", lambda c=c: room.play_card(uid, c)))
    claims = [k for k in range(-1, 15) if attempt(f"claim {k}", lambda k=k: room.claim(uid, k))]
    answers_claim = [attempt(f"claim answer {a}", lambda a=a: room.answer_claim(uid, a)) for a in (True, False)]
    answers_undo = [attempt(f"undo answer {a}", lambda a=a: room.answer_undo(uid, a)) for a in (True, False)]
    assert len(set(answers_claim)) == 1 and len(set(answers_undo)) == 1  # accepting and rejecting go together
    undo = attempt("undo", lambda: room.request_undo(uid))
    deal = room.deal
    plays_for = deal.turn if cards and deal is not None else None
    assert claims == list(range(len(claims)))  # 0 up to a most
    return SeatActions(calls, alerts, partner_cards, plays_for, cards, claims[-1] if claims else None,
                       answers_claim[0], undo, answers_undo[0]), after


def check_told_exactly(room: Room) -> dict[str, Room]:
    """Each person's actions as the documents tell them are exactly the moves the room accepts
    from them; every accepted move by anyone, by a label."""
    public = documents.public_room(room)
    hands = documents.hand_views(room)
    moves: dict[str, Room] = {}
    for position, seat in enumerate(room.seats):
        actions, after = accepted_moves(room, seat.uid)
        assert seat_actions(room, position) == actions, f"{seat.uid} at {position}, {room.status}"
        told = public["legal"][position]
        assert told == {"placeBid": [str(c) for c in actions.calls], "alert": actions.alerts,
                        "chooseTeammate": bool(actions.partner_cards), "playCard": actions.plays_for,
                        "claim": actions.claim, "respondClaim": actions.answers_claim,
                        "requestUndo": actions.may_request_undo, "respondUndo": actions.answers_undo}
        hand = hands.get(seat.uid)
        if hand is not None:  # read as a client reads it (`tests.table.told_cards`)
            assert told_cards(hand, public, seat.uid) == [str(c) for c in actions.partner_cards or actions.cards]
            assert hand["partnerCards"] == ([str(c) for c in actions.partner_cards] or None)
        else:
            assert not actions.cards and not actions.partner_cards
        moves.update({f"{seat.uid}: {label}": moved for label, moved in after.items()})
    return moves


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_at_every_step_each_person_is_told_exactly_the_moves_the_room_accepts_from_them(variant: str) -> None:
    kinds = told_over_random_games(variant)
    assert {"call", "card", "claim", "undo", "claim answer", "undo answer"} <= kinds, kinds


def told_over_random_games(variant: str) -> set[str]:
    """Random games of `variant`, `STEPS` moves, each checked (`check_told_exactly`): each step is
    one of the accepted moves of anyone, the turn's move most often, a claim, an undo or an
    answer now and then, so that claims and undos are asked and answered both ways. The kinds
    of move made."""
    rng = random.Random(variant)
    steps = 0
    kinds: set[str] = set()
    while steps < STEPS:
        room = new_room(Settings().with_changes({"variant": variant}))
        for _ in range(2):
            if room.is_ended:
                break
            room = start(room, rng)
            while room.deal_in_progress:
                room, label = random_step(room, rng)
                kinds.add(label)
                steps += 1
    return kinds


def random_step(room: Room, rng: random.Random) -> tuple[Room, str]:
    """Check what everyone is told, then make one of the moves the room accepts."""
    moves = check_told_exactly(room)
    assert moves, f"nobody may move in {room.status}"
    turn = [label for label in moves if " call " in label or " card " in label or " partner " in label]
    other = [label for label in moves if label not in turn]
    label = rng.choice(other if other and (not turn or rng.random() < 0.15) else turn)
    kind = label.split(": ")[1].rsplit(" ", 1)[0] if "answer" in label else label.split(": ")[1].split(" ")[0]
    return moves[label], kind
