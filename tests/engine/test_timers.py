"""The turn timer and bots taking a leaver's seat (SPEC §10), in the engine: `Room.timed`,
`Room.claim_timeout`, and `botReplacesLeaver`."""
from __future__ import annotations

import random

from bridge import Reason, Room, Settings, Status
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
    room = started(Settings(bot_replaces_leaver=True, wash_rule=False))
    after = room.leave(PLAYERS[2])
    assert after is not None and after.status is not Status.ENDED and after.abandoned_by is None
    bot = f"{BOT_PREFIX}1"
    assert [seat.uid for seat in after.seats] == [PLAYERS[0], PLAYERS[1], bot, PLAYERS[3]]
    assert after.deal is not None and after.deal.players[2] == bot
    assert after.deal.hands[2] == room.deal.hands[2] if room.deal else False
    assert after.deal.turn is None or not after.seats[after.deal.turn].bot  # the bot has moved if it was its turn
    assert stat_changes(room, after) == {PLAYERS[2]: {"gamesAbandoned": 1}}  # the leaver still abandoned it


def test_without_bot_replaces_leaver_a_leaver_still_abandons():
    room = started(Settings(wash_rule=False))
    after = room.leave(PLAYERS[2])
    assert after is not None and after.status is Status.ENDED and after.abandoned_by == PLAYERS[2]
