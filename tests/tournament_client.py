"""Drive robot tournaments (docs/TOURNAMENTS.md) through the callables, as an entrant's client
would: enter, then at their table make each move that is theirs, get ready between boards, until
the table has ended.

The entrant's seat is played by the bot's policy: the harness decodes the table's server-only
state (admin read) to ask the engine's bot what to do *from the entrant's seat*
(`Deal.bot_action`, a function of that seat's view alone), then makes the move with the
entrant's token through the callable, exactly as their client would (a call past the entrant's
allowance sent again after the wait it is told, `tests.table.patiently`: the harness plays far
faster than a person). What the entrant may read
(their room, hands, results, the standings) is read with their token by the tests."""
from __future__ import annotations

from typing import Any

from bridge import Card, Phase, Room, Status, documents, state
from tests import client
from tests.client import User
from tests.table import patiently


def create(creator: User, **data: Any) -> str:
    """A new friends' tournament (contract bridge, matchpoints, 2 boards, an hour, unless `data`
    says otherwise); its id."""
    request = {"game": "contract", "scoring": "matchpoints", "boards": 2, "minutes": 60, **data}
    tournament_id: str = client.call("createTournament", request, creator)["tournamentID"]
    return tournament_id


class Entrant:
    """One person in a tournament: `enter`, then `step` (one move, or getting ready) or `play`."""

    def __init__(self, user: User, tournament_id: str) -> None:
        self.user = user
        self.tournament_id = tournament_id
        self.room_id: str | None = None
        self.moves = 0

    def enter(self) -> str:
        self.room_id = client.call("enterTournament", {"tournamentID": self.tournament_id}, self.user)["roomID"]
        assert self.room_id is not None
        return self.room_id

    def room(self) -> dict[str, Any]:
        assert self.room_id is not None
        return client.read(f"rooms/{self.room_id}", self.user)

    def table(self) -> tuple[dict[str, Any], Room]:
        """The table's state document (admin read) and the room it holds."""
        stored = client.admin_get(f"rooms/{self.room_id}/private/state")
        assert stored is not None
        return stored, state.decode(stored)

    def step(self, table: tuple[dict[str, Any], Room] | None = None) -> bool:
        """Make the entrant's move if it is theirs (or get ready between boards); whether they did.
        Whose move it is, and the table's version, come from the table's state as the harness
        reads it (`table`, read now unless given), which is what the room document the entrant
        reads is made from (`documents.public_room`): one read a move instead of two."""
        stored, room = table or self.table()
        if room.is_ended:
            return False
        data = {"roomID": self.room_id, "expectedVersion": stored["version"]}
        if room.status is Status.DEAL_ENDED:
            patiently("toggleReady", data, self.user)
            return True
        deal = room.deal
        assert deal is not None and deal.actor is not None
        told = documents.public_room(room)["legal"][room.member_ids.index(self.user.uid)]
        if not (told["placeBid"] or told["playCard"] is not None or told["chooseTeammate"]):
            return False
        action = deal.bot_action()  # the bot's choice from the seat to act's view: the entrant's, or their dummy's
        if isinstance(action, Card):
            name = "chooseTeammate" if deal.phase is Phase.CHOOSING_TEAMMATE else "playCard"
            patiently(name, {**data, "card": str(action)}, self.user)
        else:
            patiently("placeBid", {**data, "bid": str(action)}, self.user)
        self.moves += 1
        return True

    def play(self, boards: int | None = None) -> None:
        """Play until the table has ended, or `boards` boards are finished (then stop between boards)."""
        while True:
            stored, room = self.table()
            if room.is_ended or (boards is not None and room.status is Status.DEAL_ENDED and room.match is not None
                                 and room.match.number >= boards):
                return
            if not self.step((stored, room)):
                raise AssertionError(f"the entrant could not move at {room.status}")

    def leave(self) -> None:
        assert client.call("leaveTournament", {"tournamentID": self.tournament_id}, self.user) == {"success": True}
