"""The turn timer and bots taking a leaver's seat (SPEC §10), in the engine: `Room.timed`,
`Room.claim_timeout`, and `botReplacesLeaver`."""
from __future__ import annotations

import random

from bridge import Reason, Room, Settings, Status, parse_call
from bridge.room import BOT_PREFIX, stat_changes
from tests.engine.conftest import PLAYERS, rejects, seated

NOW = 1_700_000_000.0


def started(settings: Settings, bots: int = 0, seed: int = 3) -> Room:
    """`seated(bots, settings)` with its first deal dealt at `NOW`."""
    room = seated(bots, settings)
    return room.start(PLAYERS[0], random.Random(seed)).timed(room, NOW)


def test_no_timer_means_no_deadline():
    assert started(Settings()).turn_deadline is None


def test_a_person_handed_the_turn_gets_turn_seconds_and_keeps_them_while_the_turn_lasts():
    room = started(Settings(turn_seconds=30))
    assert room.turn_deadline == NOW + 30
    renamed = room.rename(PLAYERS[2], "Cathy").timed(room, NOW + 10)  # not a move: the same turn
    assert renamed.turn_deadline == NOW + 30
    deal = room.deal
    assert deal is not None and deal.turn is not None
    moved = room.place_bid(deal.players[deal.turn], deal.legal_bids()[0], random.Random(1)).timed(room, NOW + 12)
    assert moved.turn_deadline == NOW + 42


def test_claim_timeout_before_the_deadline_is_turn_not_expired_and_after_it_moves_for_the_idle_person():
    room = started(Settings(turn_seconds=20))
    deal = room.deal
    assert deal is not None and deal.turn is not None
    idle = deal.players[deal.turn]
    other = next(uid for uid in PLAYERS if uid != idle)
    with rejects(Reason.TURN_NOT_EXPIRED):
        room.claim_timeout(other, NOW + 19.9, random.Random(1))
    with rejects(Reason.NOT_IN_ROOM):
        room.claim_timeout("zed", NOW + 21, random.Random(1))
    after = room.claim_timeout(other, NOW + 21, random.Random(1)).timed(room, NOW + 21)
    assert after.deal is not None and len(after.deal.calls) == 1 and after.deal.calls[0].position == deal.turn
    assert after.deal.calls[0].call == deal.bot_action()  # the bot's policy chose for them
    assert after.turn_deadline == NOW + 41


def test_only_people_have_deadlines_and_bots_move_at_once():
    room = started(Settings(turn_seconds=20), bots=3)
    deal = room.deal
    assert deal is not None and deal.turn is not None
    assert room.seats[deal.turn].uid == PLAYERS[0] and room.turn_deadline == NOW + 20


def test_a_leaver_replaced_by_a_bot_mid_deal_leaves_the_deal_going_on():
    room = started(Settings.of(botReplacesLeaver=True, washRule=False))
    after = room.leave(PLAYERS[2])
    assert after is not None and after.status is not Status.ENDED and after.abandoned_by is None
    bot = f"{BOT_PREFIX}1"
    assert [seat.uid for seat in after.seats] == [PLAYERS[0], PLAYERS[1], bot, PLAYERS[3]]
    assert after.deal is not None and after.deal.players[2] == bot
    assert after.deal.hands[2] == room.deal.hands[2] if room.deal else False
    assert after.deal.turn is None or not after.seats[after.deal.turn].bot  # the bot has moved if it was its turn
    assert stat_changes(room, after) == {PLAYERS[2]: {"gamesAbandoned": 1}}  # the leaver still abandoned it


def test_without_bot_replaces_leaver_a_leaver_still_abandons():
    room = started(Settings.of(washRule=False))
    after = room.leave(PLAYERS[2])
    assert after is not None and after.status is Status.ENDED and after.abandoned_by == PLAYERS[2]


# ----- contract bridge: the declarer acts for the dummy (SPEC §11) ------------------------------

CONTRACT_TIMED = Settings(variant="contract", scoring="rubber", deals=0, turn_seconds=20, bot_replaces_leaver=True)


def dummy_to_play(settings: Settings = CONTRACT_TIMED) -> Room:
    """Four people; the dealer (ann, 0) opened 1NT and all passed; ben led: the dummy (cat, 2) is
    to play, so its declarer ann acts."""
    room = started(settings)
    rng = random.Random(1)
    for uid, call in zip(PLAYERS, ("1NT", "PASS", "PASS", "PASS"), strict=True):
        room = room.place_bid(uid, parse_call(call), rng)
    deal = room.deal
    assert deal is not None
    room = room.play_card(PLAYERS[1], deal.legal_cards()[0]).timed(room, NOW + 5)
    assert room.deal is not None and (room.deal.turn, room.deal.actor) == (2, 0)
    return room


def test_on_the_dummys_turn_the_timer_runs_for_its_declarer_and_a_claim_plays_the_dummys_card():
    room = dummy_to_play()
    assert room.turn_deadline == NOW + 25
    after = room.claim_timeout(PLAYERS[1], NOW + 26, random.Random(1))
    assert after.deal is not None and after.deal.trick is not None
    assert after.deal.trick.plays[-1].position == 2  # the dummy's card, chosen for its declarer
    assert len(after.deal.hands[2]) == 12 and len(after.deal.hands[0]) == 13


def test_a_declarer_replaced_by_a_bot_has_the_bot_play_the_dummy_and_the_deal_goes_on():
    room = dummy_to_play()
    after = room.leave(PLAYERS[0])
    assert after is not None and after.abandoned_by is None and after.seats[0].bot
    deal = after.deal
    assert deal is not None and deal.actor is not None and not after.seats[deal.actor].bot
    assert len(deal.hands[2]) == 12  # the bot declarer played the dummy's card at once


def test_a_dummy_who_leaves_is_replaced_and_its_declarer_still_plays_its_cards():
    room = dummy_to_play()
    after = room.leave(PLAYERS[2])
    assert after is not None and after.seats[2].bot and after.deal is not None
    assert (after.deal.turn, after.deal.actor) == (2, 0)  # the bot at the dummy's seat does not move
    moved = after.play_card(PLAYERS[0], after.deal.legal_cards()[0])
    assert moved.deal is not None and len(moved.deal.hands[2]) == 12
