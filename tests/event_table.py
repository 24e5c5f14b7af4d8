"""Drive a duplicate event (docs/DUPLICATE.md) through the callables, as its people's clients
would: create it, fill its spots (people, then the director's bots), and let each person play
from what their client can read (their account's `roomID`, their table's room and what it says
they may do, the cards their hand document says they may play), their moves sent as a client
sends them (`tests.table.patiently`: at machine speed a whole match outruns one person's
allowance). Nothing is imported from the engine."""
from __future__ import annotations

from typing import Any

from tests import client
from tests.client import User
from tests.table import patiently, told_cards

#: Every spot of the largest event: (direction, pair, seat).
SPOTS = [(direction, table, seat) for direction in ("NS", "EW") for table in range(8) for seat in (0, 1)]

Spot = tuple[str, int, int]


def spot(direction: str, table: int, seat: int) -> dict[str, Any]:
    return {"direction": direction, "table": table, "seat": seat}


def create(director: User, **data: Any) -> str:
    """A new event (a teams match of 8 boards unless `data` says otherwise); its id."""
    event_id: str = client.call("createEvent", {"form": "teams", "boards": 8, **data}, director)["eventID"]
    return event_id


def event_doc(event_id: str, user: User) -> dict:
    return client.read(f"events/{event_id}", user)


def filled(director: User, event_id: str, people: dict[Spot, User]) -> None:
    """`people` join their spots; the director fills every other empty spot with a bot."""
    for (direction, table, seat), user in people.items():
        assert client.call("joinEventTable", {"eventID": event_id, **spot(direction, table, seat)}, user) == {
            "success": True}
    event = event_doc(event_id, director)
    taken = {(e["direction"], e["pair"], e["seat"]) for e in event["entrants"]}
    for direction, table, seat in SPOTS:
        if table < event["tables"] and (direction, table, seat) not in taken:
            answer = client.call("addEventBot", {"eventID": event_id, **spot(direction, table, seat)}, director)
            assert answer["success"] is True and answer["uid"].startswith("~bot")


class Player:
    """One person of an event. In the auction they open 1NT when nobody has bid and pass
    otherwise; in play they play the first card they are told they may (the dummy's as its
    declarer); between boards they get ready."""

    def __init__(self, user: User) -> None:
        self.user = user

    def room_id(self) -> str | None:
        room_id: str | None = client.read(f"players/{self.user.uid}", self.user).get("roomID")
        return room_id

    def step(self) -> bool:
        """Make one move if it is theirs (or get ready between boards); whether they moved."""
        room_id = self.room_id()
        if room_id is None:
            return False
        room = client.read(f"rooms/{room_id}", self.user)
        position = room["memberIDs"].index(self.user.uid)
        data = {"roomID": room_id, "expectedVersion": room["version"]}
        if room["status"] == "dealEnded":
            if room["players"][position]["ready"]:
                return False
            patiently("toggleReady", data, self.user)
            return True
        told = room["legal"][position]
        if told["placeBid"]:
            patiently("placeBid", {**data, "bid": "PASS" if room["highestBid"] else "1NT"}, self.user)
            return True
        if told["playCard"] is None:
            return False
        hand = client.read_hand(room_id, self.user, room) or {}
        patiently("playCard", {**data, "card": told_cards(hand, room, self.user.uid)[0]}, self.user)
        return True


def play_out(event_id: str, director: User, players: list[Player], most: int = 3000) -> dict:
    """The people play until the event has ended; the event document then."""
    for _ in range(most):
        event = event_doc(event_id, director)
        if event["status"] == "ended":
            return event
        if not any([player.step() for player in players]):
            raise AssertionError("nobody could move, and the event has not ended")
    raise AssertionError(f"the event did not end after {most} rounds of moves")
