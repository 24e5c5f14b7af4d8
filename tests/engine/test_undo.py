"""Undo (SPEC §15): the player whose call or card is the last person's action of the deal asks to
take it back; the other side's people agree (bots at once); the deal is then exactly as it was
before that action, the bots' moves after it undone with it. An action that showed the table
cards cannot be undone."""
from __future__ import annotations

import random

from bridge import Reason, Room, Seat, Settings, state
from bridge.values import evolve

from .conftest import PLAYERS, card, rejects, room_with, seated
from .test_claims import ENDING, declared

RNG = random.Random(3)


def contract_room(cards_played: int = 4) -> Room:
    """Contract bridge, four people: 1S by 0 (2 the dummy), `cards_played` cards into play."""
    deal = declared()
    for _ in range(cards_played):
        deal = deal.act(deal.actor, deal.bot_action(), RNG)
    return room_with(deal)


def uid_to_act(room: Room) -> str:
    return room.deal.players[room.deal.actor]


def play_as_policy(room: Room) -> Room:
    return room.play_card(uid_to_act(room), room.deal.bot_action())


def test_a_card_taken_back_with_the_other_sides_agreement_leaves_the_deal_as_it_was() -> None:
    room = contract_room()
    player = uid_to_act(room)
    played = play_as_policy(room)
    asked = played.request_undo(player)
    other_side = tuple(p for p in range(4) if p % 2 != PLAYERS.index(player) % 2)
    assert asked.undo_request is not None and asked.undo_answerers == other_side
    assert asked.deal == played.deal
    done = asked.answer_undo(PLAYERS[other_side[0]], True).answer_undo(PLAYERS[other_side[1]], True)
    assert done.deal == room.deal and done.undo_request is None and done.undo_point is None


def test_undo_then_the_same_action_gives_the_same_state() -> None:
    for seed in range(30):
        room = contract_room(4 + seed % 20)
        if not room.deal_in_progress:
            continue
        uid, action = uid_to_act(room), room.deal.bot_action()
        once = room.play_card(uid, action)
        if not once.deal_in_progress:
            continue
        undone = once.request_undo(uid)
        for position in undone.undo_answerers:
            undone = undone.answer_undo(room.deal.players[position], True)
        assert undone.deal == room.deal
        assert undone.play_card(uid, action) == once


def test_a_bots_move_after_the_action_makes_it_stand() -> None:
    """Nothing seen is taken back: one person and three bots, the person's call and the bots'
    calls after it (seen by the person) stand, in every seeded deal where bots call after it."""
    checked = 0
    for seed in range(10):
        room = seated(3).start(PLAYERS[0], random.Random(seed))  # the bots before the person have called
        before = room.deal
        assert before.actor == 0
        after = room.place_bid(PLAYERS[0], before.bot_action(), RNG)
        if len(after.deal.calls) <= len(before.calls) + 1 or not after.deal_in_progress:
            continue  # the call ended the auction or redealt: no bot called after it
        assert after.undo_point is None
        with rejects(Reason.NOTHING_TO_UNDO):
            after.request_undo(PLAYERS[0])
        checked += 1
    assert checked >= 5


def played(room: Room) -> int:
    deal = room.deal
    return sum(len(t.plays) for t in deal.tricks) + (len(deal.trick.plays) if deal.trick else 0)


def test_against_bots_a_card_is_taken_back_at_once_while_no_bot_has_played_after_it() -> None:
    """Ann declares 1S and plays the dummy (2) against two bots: a card of hers after which her
    side leads again (no bot has played) is taken back at once, the bots agreeing; a card a bot
    has played after stands, whole deal long."""
    deal = declared()
    bots = {1: Seat("~bot1", "Bot 1", True), 3: Seat("~bot3", "Bot 3", True)}
    room = room_with(evolve(deal, players=tuple(bots[p].uid if p in bots else uid for p, uid in enumerate(PLAYERS))))
    room = evolve(room, seats=tuple(bots.get(p, seat) for p, seat in enumerate(room.seats)))._moved(deal, RNG)
    undone = stood = 0
    while room.deal_in_progress:
        before = room
        room = room.play_card("ann", room.deal.bot_action())
        if not room.deal_in_progress:
            break
        if played(room) > played(before) + 1:  # a bot played after ann's card
            with rejects(Reason.NOTHING_TO_UNDO):
                room.request_undo("ann")
            stood += 1
            continue
        back = room.request_undo("ann")
        assert back.deal == before.deal and back.undo_point is None and back.undo_request is None
        undone += 1
    assert undone >= 2 and stood >= 10


def test_an_action_that_showed_cards_cannot_be_undone() -> None:
    # The opening lead shows the dummy.
    deal = declared()
    room = room_with(deal).play_card("ben", deal.bot_action())
    with rejects(Reason.UNDO_NOT_ALLOWED):
        room.request_undo("ben")
    # The partner card played (Floating Bridge): 5H, held by 2, who shows out of the spade led.
    floating = room_with(evolve(ENDING, state=evolve(ENDING.state, partner_card=card("5H"))))
    floating = floating.play_card("ann", card("AS")).play_card("ben", card("2D")).play_card("cat", card("5H"))
    assert floating.deal.partner_revealed
    with rejects(Reason.UNDO_NOT_ALLOWED):
        floating.request_undo("cat")
    # The last card of a deal: the deal is over (the match of two deals goes on).
    late = room_with(evolve(ENDING, settings=Settings(deals=2)))
    while not (after := play_as_policy(late)).deal.is_finished:
        late = after
    with rejects(Reason.UNDO_NOT_ALLOWED):
        after.request_undo(uid_to_act(late))


def test_only_your_own_last_action_and_only_once() -> None:
    room = contract_room()
    player = uid_to_act(room)
    played = play_as_policy(room)
    others = [uid for uid in PLAYERS if uid != player]
    for uid in others:
        with rejects(Reason.NOTHING_TO_UNDO):
            played.request_undo(uid)
    done = played.request_undo(player)
    for position in done.undo_answerers:
        done = done.answer_undo(PLAYERS[position], True)
    with rejects(Reason.NOTHING_TO_UNDO):
        done.request_undo(player)


def test_while_an_undo_is_asked_nobody_plays_and_nobody_asks_again() -> None:
    room = contract_room()
    player = uid_to_act(room)
    asked = play_as_policy(room).request_undo(player)
    with rejects(Reason.UNDO_PENDING):
        asked.request_undo(player)
    with rejects(Reason.UNDO_PENDING):
        asked.play_card(uid_to_act(asked), asked.deal.bot_action())


def test_only_the_other_side_answers_each_once_and_a_refusal_ends_it() -> None:
    room = contract_room()
    with rejects(Reason.NO_UNDO):
        room.answer_undo("ben", True)
    player = uid_to_act(room)
    asked = play_as_policy(room).request_undo(player)
    position = PLAYERS.index(player)
    for uid in (player, PLAYERS[(position + 2) % 4]):
        with rejects(Reason.NOT_OPPONENT):
            asked.answer_undo(uid, True)
    one = asked.answer_undo(PLAYERS[(position + 1) % 4], True)
    with rejects(Reason.ALREADY_ANSWERED):
        one.answer_undo(PLAYERS[(position + 1) % 4], True)
    refused = one.answer_undo(PLAYERS[(position + 3) % 4], False)
    assert refused.undo_request is None and refused.deal == asked.deal
    with rejects(Reason.NOTHING_TO_UNDO):
        refused.request_undo(player)


def test_in_floating_bridge_before_the_partner_is_known_every_other_person_answers() -> None:
    deal = ENDING
    room = room_with(evolve(deal, state=evolve(deal.state, partner_card=card("5H"))))  # held by 2, unplayed
    assert not room.deal.partner_revealed
    played = play_as_policy(room)
    asked = played.request_undo("ann")
    assert asked.undo_answerers == (1, 2, 3)


def test_undo_can_be_turned_off() -> None:
    settings = Settings(variant="contract", scoring="rubber", deals=0, undo=False)
    room = evolve(contract_room(), settings=settings)
    player = uid_to_act(room)
    with rejects(Reason.UNDO_DISABLED):
        play_as_policy(room).request_undo(player)


def test_an_undo_left_unanswered_past_the_deadline_is_agreed_for_the_idle() -> None:
    room = contract_room()
    room = evolve(room, settings=evolve(room.settings, turn_seconds=30))
    player = uid_to_act(room)
    played = play_as_policy(room).timed(room, 1000.0)
    asked = played.request_undo(player).timed(played, 1001.0)
    assert asked.turn_deadline == 1031.0
    with rejects(Reason.TURN_NOT_EXPIRED):
        asked.claim_timeout("ann", 1030.0, RNG)
    assert asked.claim_timeout("ann", 1031.0, RNG).deal == room.deal


def test_an_undo_asked_for_is_stored_and_read_back_exactly() -> None:
    room = contract_room()
    player = uid_to_act(room)
    for candidate in (play_as_policy(room), play_as_policy(room).request_undo(player)):
        assert state.decode(state.encode(candidate)) == candidate
