"""Secrecy across tables, through the emulators (docs/DUPLICATE.md): a teams match of two boards
with a person in every seat of both tables. After every move, from every seat of every table:

- the event document reads the same for everyone, holds no result, score or ranking, and its
  update time moves only when something public does (a round, the end), never when a table
  finishes a board;
- a board's document is readable exactly by those who have finished that board (as the
  server-only state says), and the refusal reads the same whether the board exists or not;
- the other table's room, its hands and records, and the director's standings are refused;
- a move at the other table, or a call on the started event, is refused alike whatever the
  other table has done.

Then, at the end, every board and the ranking are public to every person in the event.
"""
from __future__ import annotations

import pytest

from tests import client
from tests.event_table import Player, create, filled
from tests.table import new_player

pytestmark = pytest.mark.usefixtures("emulator")

#: The event document's fields (wire.EventDocument): nothing else may appear in it.
EVENT_FIELDS = {"eventID", "directorID", "form", "tables", "boards", "boardsPerRound", "rounds", "inviteOnly",
                "invited", "turnSeconds", "botLevel", "memberIDs", "entrants", "status", "round", "meetings", "ranking",
                "dealing", "updatedAt"}


def update_time(path: str, user: client.User) -> str:
    response = client.http.get(f"{client.DOCUMENTS_URL}/{path}", headers=user.headers)
    assert response.is_success, response.text
    stamp: str = response.json()["updateTime"]
    return stamp


def test_nobody_learns_a_board_or_another_tables_result_before_finishing_it() -> None:
    director = new_player()
    event_id = create(director, boards=2)
    seats = [(direction, table, seat) for direction in ("NS", "EW") for table in (0, 1) for seat in (0, 1)]
    people = {spot: new_player() for spot in seats}
    filled(director, event_id, people)
    client.call("startEvent", {"eventID": event_id}, director)
    players = [Player(user) for user in people.values()]
    rooms = {player.user.uid: player.room_id() for player in players}
    assert len(set(rooms.values())) == 2
    other_room = {uid: next(r for r in rooms.values() if r != mine) for uid, mine in rooms.items()}
    refusals: dict[str, set[str]] = {}
    public, stamp = client.read(f"events/{event_id}", director), update_time(f"events/{event_id}", director)
    steps = 0
    while public["status"] != "ended":
        moved = any([player.step() for player in players])
        assert moved, "nobody could move"
        steps += 1
        state = client.admin_get(f"events/{event_id}/private/state")
        assert state is not None
        finished = {(uid, r["board"]) for r in state["results"] for uid in r["players"]}
        now = client.read(f"events/{event_id}", director)
        now_stamp = update_time(f"events/{event_id}", director)
        if now["status"] == public["status"] and now["round"] == public["round"]:
            assert now_stamp == stamp, "the event document changed while nothing public did"
        public, stamp = now, now_stamp
        if public["status"] == "ended":
            break
        assert set(public) == EVENT_FIELDS and public["ranking"] is None
        assert public["dealing"]["seed"] is None  # the boards' seed, as every board, hidden until the end
        for player in players:
            uid, user = player.user.uid, player.user
            assert client.read(f"events/{event_id}", user) == public
            for board in (1, 2):
                path = f"events/{event_id}/boards/{board}"
                if (uid, board) in finished:
                    assert uid in client.read(path, user)["readers"]
                else:
                    assert client.read_error(path, user).code == "permission-denied"
            if steps % 10 == 1:
                for path in (f"rooms/{other_room[uid]}", f"rooms/{other_room[uid]}/deals/1",
                             f"events/{event_id}/director/standings", f"events/{event_id}/private/state"):
                    assert client.read_error(path, user).code == "permission-denied", path
                for name, data in (("placeBid", {"roomID": other_room[uid], "bid": "PASS"}),
                                   ("playCard", {"roomID": other_room[uid], "card": "AS"}),
                                   ("joinEventTable", {"eventID": event_id, "direction": "NS", "table": 0,
                                                       "seat": 0})):
                    error = client.call_error(name, data, user)
                    refusals.setdefault(name, set()).add(f"{error.code} {error.reason} {error.message}")
    for name, seen in refusals.items():
        assert len(seen) == 1, f"{name} was refused in different words as play went on: {seen}"
    final = client.read(f"events/{event_id}", director)
    assert final["ranking"] is not None and len(final["ranking"]) == 2
    for player in players:
        for board in (1, 2):
            doc = client.read(f"events/{event_id}/boards/{board}", player.user)
            assert len(doc["results"]) == 2 and player.user.uid in doc["readers"]
        assert client.read(f"events/{event_id}", player.user)["ranking"] == final["ranking"]
