"""A person at a table played by the bot's policy, in the engine: for tests and benchmarks that
play events' and tournaments' tables without clients."""
from __future__ import annotations

import random

from bridge import Card, Phase, Room


def person_moves(room: Room, rng: random.Random) -> Room:
    """The person to act at `room` (an event's or a tournament's table) moves by the bot's policy,
    from their seat's view (a call, the partner card or a card), or the first person not ready
    between boards gets ready."""
    deal = room.deal
    assert deal is not None
    if room.deal_in_progress:
        uid = deal.players[deal.actor]
        action = deal.bot_action()
        if isinstance(action, Card):
            return room.choose_partner(uid, action) if deal.phase is Phase.CHOOSING_TEAMMATE \
                else room.play_card(uid, action)
        return room.place_bid(uid, action, rng)
    waiting = next(seat.uid for seat in room.seats if not seat.ready)
    return room.toggle_ready(waiting)
