"""A room's audience (SPEC §13): who watches it and whom its host has banned from it.

Watching never disturbs play. The audience is a value of its own, stored apart from the room's
state (`rooms/{id}/private/audience`, server-only) and shown on the room document's
`spectators` field alone: watching, stopping and the host removing a spectator read the room
but never change it, so its `version` does not move and no player's call is refused as stale
or made to wait for a spectator. The room's own moves that must know the audience (a join,
removing a seated player, an invitation, who may chat) take it here, as `Audience` methods
that return both.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BridgeError, Reason
from .room import Room

#: Spectators per room (SPEC §13); bounds the audience and the room document.
MAX_SPECTATORS = 50
#: Banned uids a room remembers (the oldest ban lapses first); bounds the audience document.
MAX_KICKED = 50


@dataclass(frozen=True, slots=True)
class Audience:
    """`spectators` watch the room, in the order they came; `kicked` may neither join nor watch
    it again until the host invites them anew. No uid is in both, and no seated uid in either."""

    spectators: tuple[str, ...] = ()
    kicked: tuple[str, ...] = ()

    def _require_not_banned(self, uid: str) -> None:
        """The host removed `uid` (a banned uid is never seated, nor at an event's table, which
        has no host to remove anyone: this check comes first without hiding another)."""
        if uid in self.kicked:
            raise BridgeError(Reason.KICKED, "The host removed you from this room.")

    def watch(self, room: Room, uid: str) -> Audience:
        """Watch `room` as a spectator (SPEC §13): read it, its deal records and its chat, never a
        hand, in any status. Watching again changes nothing."""
        self._require_not_banned(uid)
        room.require_welcome(uid)
        if uid in self.spectators:
            return self
        if len(self.spectators) >= MAX_SPECTATORS:
            raise BridgeError(Reason.ROOM_FULL, f"The room has its {MAX_SPECTATORS} spectators.")
        return Audience((*self.spectators, uid), self.kicked)

    def stop_watching(self, uid: str) -> Audience:
        if uid not in self.spectators:
            raise BridgeError(Reason.NOT_IN_ROOM, "You are not watching this room.")
        return Audience(tuple(s for s in self.spectators if s != uid), self.kicked)

    def join(self, room: Room, uid: str, display_name: str) -> tuple[Room, Audience]:
        """`uid` takes a seat in `room` (`Room.join`) unless the host removed them; taking a seat
        stops watching."""
        self._require_not_banned(uid)
        room = room.join(uid, display_name)
        return room, Audience(tuple(s for s in self.spectators if s != uid), self.kicked)

    def kick(self, room: Room, uid: str, target: str) -> tuple[Room, Audience]:
        """The host removes `target` for good (SPEC §13): a spectator at any time (the room changes
        only if the host had invited them: the invitation is withdrawn), a seated player only
        before the first deal or between deals (`Room.kick`). Either may neither join nor watch
        again unless invited anew."""
        if target in self.spectators:
            room = room.withdraw_invitation(uid, target)
        else:
            room = room.kick(uid, target)
        spectators = tuple(s for s in self.spectators if s != target)
        return room, Audience(spectators, (*self.kicked, target)[-MAX_KICKED:])

    def invite(self, room: Room, uid: str, invitee: str) -> tuple[Room, Audience]:
        """The host invites `invitee` (`Room.invite`); inviting a player the host removed lifts the ban."""
        room = room.invite(uid, invitee)
        return room, Audience(self.spectators, tuple(k for k in self.kicked if k != invitee))

    def speaker(self, room: Room, uid: str) -> str | None:
        """Who may chat (SPEC §13): a seated person (their seat's name is returned) or a spectator
        (None: named by their account); NOT_IN_ROOM for anyone else, CHAT_DISABLED when the
        room's chat is off."""
        position = room.position_of(uid)
        if position is None and (uid not in self.spectators or not room.readable_by(uid)):
            # A spectator of a room made invite-only since, who is not invited, no longer reads it.
            raise BridgeError(Reason.NOT_IN_ROOM, "Only the players and spectators of this room may chat in it.")
        if not room.settings.chat:
            raise BridgeError(Reason.CHAT_DISABLED, "The host has turned this room's chat off.")
        return room.seats[position].display_name if position is not None else None

    def to_dict(self) -> dict[str, list[str]]:
        """The stored form (`rooms/{id}/private/audience`)."""
        return {"spectators": list(self.spectators), "kicked": list(self.kicked)}

    @staticmethod
    def from_dict(doc: Mapping[str, Any]) -> Audience:
        return Audience(tuple(doc["spectators"]), tuple(doc["kicked"]))
