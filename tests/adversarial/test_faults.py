"""Faults inside a callable (SPEC §1 "every state change is one Firestore transaction", §4 "a
rejected call changes nothing"): the handlers of functions/service/callables.py run in this
process against the emulator, with a fault injected after their reads —

- the whole new state queued for writing, then an exception (`save_room` raises after it ran);
- an exception halfway through queuing the writes (room written, hands or accounts not yet);
- the commit itself raising —

and the database must be exactly as before: a room and its hands (and the accounts a move
touches) change together or not at all. Then the same move, unhindered, applies once.

And a real conflict: in a call's first attempt, after its reads, a second client writes the
room. The commit must fail, the body run again on fresh reads — dealing the same deck again
when it deals, the one the room committed to (SPEC §16) — and exactly one deal / one move must be
committed, keeping the other client's write.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bridge.deal_seed import SeededShuffle
from tests import client
from tests.adversarial.common import DECK, assert_consistent
from tests.client import User
from tests.table import Table, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")


class InjectedFault(Exception):
    """The exception the tests raise inside a handler."""


@dataclass
class Move:
    name: str
    user: User
    data: dict
    room_id: str | None


def _to_last_card(table: Table) -> Move:
    """Play legal cards until the next one ends the deal (checked with the engine on the stored
    state); that card is the move."""
    from bridge import Card

    while True:
        room = table.room()
        player = table.to_act(room)
        card = table.choose_card(player, room)
        if table.stored_room().play_card(player.uid, Card.parse(card)).is_ended:
            return Move("playCard", player, {"roomID": table.room_id, "card": card}, table.room_id)
        table.play(card, player)


def make_move(kind: str) -> Move:
    """A room and a move that would succeed now, of the given kind (`create` has no room yet)."""
    if kind == "create":
        return Move("createGameRoom", new_player(anonymous=True), {"settings": {"playAllTricks": True}}, None)
    if kind == "toggle":
        table = Table.open(2)
        return Move("toggleReady", table.players[1], {"roomID": table.room_id}, table.room_id)
    if kind == "invite":
        table = Table.open(1, settings={"inviteOnly": True})
        return Move("inviteToRoom", table.players[0], {"roomID": table.room_id, "uid": new_player().uid}, table.room_id)
    if kind == "settings":
        table = Table.open(2)
        return Move("updateRoomSettings", table.players[0], {"roomID": table.room_id, "settings": {"washRule": False}},
                    table.room_id)
    if kind == "join":
        table = Table.open(3)
        return Move("joinGameRoom", new_player(anonymous=True), {"roomID": table.room_id}, table.room_id)
    if kind == "start":
        table = Table.ready()
        return Move("startGame", table.players[0], {}, table.room_id)
    if kind == "bid":
        table = Table.started()
        return Move("placeBid", table.to_act(), {"roomID": table.room_id, "bid": "1C"}, table.room_id)
    if kind == "four-passes-redeal":
        table = Table.started()
        table.auction("PASS", "PASS", "PASS")
        return Move("placeBid", table.to_act(), {"roomID": table.room_id, "bid": "PASS"}, table.room_id)
    if kind == "choose":
        table = Table.started()
        declarer = table.win_auction("2S")
        card = min(table.told(declarer), key=DECK.index)
        return Move("chooseTeammate", declarer, {"roomID": table.room_id, "card": card}, table.room_id)
    if kind == "play":
        table = Table.playing("1NT")
        room = table.room()
        player = table.to_act(room)
        return Move("playCard", player, {"roomID": table.room_id, "card": table.told(player, room)[0]}, table.room_id)
    if kind == "last-card":
        table = Table.playing("1NT", settings={"playAllTricks": False})
        return _to_last_card(table)
    if kind == "abandon":
        table = Table.started()
        return Move("leaveGameRoom", table.players[2], {"roomID": table.room_id}, table.room_id)
    if kind == "last-leaver-deletes":
        table = Table.started()
        for player in table.players[:3]:
            table.leave(player)
        return Move("leaveGameRoom", table.players[3], {"roomID": table.room_id}, table.room_id)
    raise AssertionError(kind)


KINDS = ["create", "join", "toggle", "start", "bid", "four-passes-redeal", "choose", "play", "last-card", "abandon",
         "last-leaver-deletes", "invite", "settings"]
WRITES = ("set", "update", "delete", "create")


def run(service, move: Move) -> Any:
    return service.call(move.name, move.user.uid, move.data)


def count_writes(service, move: Move, monkeypatch) -> int:
    """How many writes the move queues (the commit is made to fail, so nothing is written)."""
    queued = []

    def counting(original):
        def write(self, *args, **kwargs):
            queued.append(original.__name__)
            return original(self, *args, **kwargs)
        return write

    def failing_commit(self):
        raise InjectedFault("commit")

    with monkeypatch.context() as patch:
        for method in WRITES:
            patch.setattr(service.store.Transaction, method, counting(getattr(service.store.Transaction, method)))
        patch.setattr(service.store.Transaction, "commit", failing_commit)
        with pytest.raises(InjectedFault):
            run(service, move)
    return len(queued)


def inject(fault: str, service, patch, writes: int) -> None:
    store = service.store
    if fault == "after-save":
        original_save = store.save_room

        def save_then_fail(*args, **kwargs):
            original_save(*args, **kwargs)
            raise InjectedFault("after save_room")
        patch.setattr(store, "save_room", save_then_fail)
    elif fault == "mid-save":
        fail_at = writes // 2 + 1  # after half the writes are queued (at the first, when there is one)
        seen = []
        for method in WRITES:
            original = getattr(store.Transaction, method)

            def write(self, *args, _original=original, **kwargs):
                seen.append(1)
                if len(seen) == fail_at:
                    raise InjectedFault(f"write {fail_at} of {writes}")
                return _original(self, *args, **kwargs)
            patch.setattr(store.Transaction, method, write)
    elif fault == "commit":
        def failing_commit(self):
            raise InjectedFault("commit")
        patch.setattr(store.Transaction, "commit", failing_commit)
    else:
        raise AssertionError(fault)


@pytest.mark.parametrize("kind", KINDS)
def test_a_fault_after_the_reads_leaves_no_partial_state_and_the_move_then_applies_once(service, monkeypatch, kind):
    move = make_move(kind)
    before = database()
    writes = count_writes(service, move, monkeypatch)
    assert writes >= 1
    assert database() == before

    for fault in ("after-save", "mid-save", "commit"):
        with monkeypatch.context() as patch:
            inject(fault, service, patch, writes)
            with pytest.raises(InjectedFault):
                run(service, move)
        assert database() == before, f"{kind}: {fault} left a partial change"

    run(service, move)
    after = database()
    assert after != before
    if kind == "create":
        assert len(rooms(after)) == len(rooms(before)) + 1
        return
    room_before, room_after = before[f"rooms/{move.room_id}"], after.get(f"rooms/{move.room_id}")
    if kind == "last-leaver-deletes":
        assert room_after is None
        assert not [path for path in after if path.startswith(f"rooms/{move.room_id}/")]
    else:
        assert room_after["version"] == room_before["version"] + 1
    assert_consistent(after)


def rooms(database: dict[str, Any]) -> set[str]:
    """The room documents of a `database()`."""
    return {path for path in database if path.count("/") == 1 and path.startswith("rooms/")}


# ---- a real conflict: another client writes the room between the reads and the commit -------------

def recording(shuffles: list, attempt: list):
    """The seeded shuffle, recording each deck it deals (and in which attempt it was drawn)."""
    original = SeededShuffle.shuffle

    def shuffle(self: SeededShuffle, items: list) -> None:
        original(self, items)
        shuffles.append((attempt[0], [str(card) for card in items]))
    return shuffle


def contend_on_first_attempt(service, patch, room_id: str, rename: str) -> tuple[list, list]:
    """After the first attempt's reads, a second client renames the player at position 1, as a
    concurrent updateProfile would: the room's state document (which the attempt read) and its
    room document (the projection). Returns (attempts, shuffles) as they are recorded."""
    store, attempts, shuffles = service.store, [0], []
    original_load = store.load_room

    def load(txn, *args, **kwargs):
        stored = original_load(txn, *args, **kwargs)
        attempts[0] += 1
        if attempts[0] == 1:
            doc = client.admin_get(f"rooms/{room_id}/private/state")
            doc["seats"][1]["name"] = rename
            client.admin_set(f"rooms/{room_id}/private/state", doc)
            public = client.admin_get(f"rooms/{room_id}")
            public["players"][1]["displayName"] = rename
            client.admin_set(f"rooms/{room_id}", public)
        return stored
    patch.setattr(store, "load_room", load)
    patch.setattr(SeededShuffle, "shuffle", recording(shuffles, attempts))
    return attempts, shuffles


def dealt(deck: list[str]) -> list[set[str]]:
    return [set(deck[i * 13:(i + 1) * 13]) for i in range(4)]


@pytest.mark.parametrize("kind", ["start", "four-passes-redeal"])
def test_a_deal_retried_after_a_conflict_deals_the_committed_deck_again_and_is_committed_once(
        service, monkeypatch, kind):
    move = make_move(kind)
    room_before = client.admin_get(f"rooms/{move.room_id}")
    with monkeypatch.context() as patch:
        attempts, shuffles = contend_on_first_attempt(service, patch, move.room_id, "Renamed Meanwhile")
        run(service, move)

    assert attempts[0] == 2, f"expected one retry after the conflict, got {attempts[0]} attempts"
    drawn = {attempt for attempt, _ in shuffles}
    assert drawn == {1, 2}, f"shuffles drawn in attempts {sorted(drawn)}: each attempt deals"
    decks = [[deck for attempt, deck in shuffles if attempt == n] for n in (1, 2)]
    assert decks[0] == decks[1], "a retry dealt other decks than the ones committed to"
    last = shuffles[-1][1]

    after = database()
    room = after[f"rooms/{move.room_id}"]
    assert room["version"] == room_before["version"] + 1, "the deal was committed more than once, or not at all"
    assert room["status"] == "bidding" and room["bids"] == [] and room["handSizes"] == [13] * 4
    assert room["players"][1]["displayName"] == "Renamed Meanwhile", "the other client's write was lost"
    hands = [set(client.stored_hand(after, move.room_id, uid)["cards"]) for uid in room["seating"]]
    assert hands == dealt(last), "the committed hands are not the last attempt's deal"
    if kind == "four-passes-redeal":
        assert room["dealer"] == (room_before["dealer"] + 1 + room["washes"] - room_before["washes"]) % 4
    assert_consistent(after)


def test_a_card_played_during_a_conflict_is_played_once(service, monkeypatch):
    move = make_move("play")
    room_before = client.admin_get(f"rooms/{move.room_id}")
    with monkeypatch.context() as patch:
        attempts, _ = contend_on_first_attempt(service, patch, move.room_id, "Renamed Meanwhile")
        assert run(service, move) == {"success": True}
    assert attempts[0] == 2

    after = database()
    room = after[f"rooms/{move.room_id}"]
    card, position = move.data["card"], room_before["turn"]
    assert room["version"] == room_before["version"] + 1
    assert room["trick"]["cards"] == room_before["trick"]["cards"] + [{"position": position, "card": card}]
    assert card not in client.stored_hand(after, move.room_id, move.user.uid)["cards"]
    assert room["handSizes"][position] == room_before["handSizes"][position] - 1
    assert room["players"][1]["displayName"] == "Renamed Meanwhile"
    assert_consistent(after)
