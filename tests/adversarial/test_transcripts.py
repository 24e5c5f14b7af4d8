"""Secrecy over whole call sequences, through the emulators (issue 33): a hostile player seated
with three bots makes a random sequence of calls (cards legal or not, claims of every size, undo
requests and answers, claim answers, watching), and after every call reads, with their own ID
token, every document it may: the room, their hand, both sides' alerts, the deal's record and
their account. The same sequence is then made by a second player in a copy of the room where the
cards hidden from the first have been exchanged between the bots, consistently with everything
the first has legitimately seen by the end (tests/engine/test_transcripts.py: `redealt`). When
what each legitimately sees at the end is the same (the bots made the same public moves), every
answer and every document read along the way must be the same, up to who they are.

The engine test plays many sequences; this one fewer, as a client does, the bots answering
claims in their steady time.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge import state
from service import sealing
from tests import client
from tests.client import CallError, FirestoreError, User
from tests.engine.test_transcripts import ACTIONS, Action, redealt
from tests.table import DECK, rank, told_cards

pytestmark = pytest.mark.usefixtures("emulator")

#: Fields that differ between two rooms made at different times: the server's clock.
CLOCK = frozenset({"createdAt", "updatedAt", "turnDeadline", "at", "analysis"})


def lowest(cards: list[str]) -> str:
    return min(cards, key=rank)


def to_position(user: User, variant: str, tricks: int) -> str:
    """`user` and three bots in a room of `variant`, the first deal played (their moves: 1NT when
    nobody has bid, else pass; the highest partner card and the lowest card they are told they may
    name or play) until `tricks` tricks are complete and it is theirs to play. The room's id."""
    room_id = client.call("createGameRoom", {"settings": {"variant": variant}}, user)["roomID"]
    for _ in range(3):
        client.call("addBot", {"roomID": room_id}, user)
    client.call("toggleReady", {"roomID": room_id}, user)
    client.call("startGame", {}, user)
    for _ in range(100):
        room = client.read(f"rooms/{room_id}", user)
        told = told_cards(client.read_hand(room_id, user, room) or {}, room, user.uid)
        if room["status"] == "bidding":
            client.call("placeBid", {"roomID": room_id, "bid": "1NT" if room["highestBid"] is None else "PASS"}, user)
        elif room["status"] == "choosingTeammate":
            client.call("chooseTeammate", {"roomID": room_id, "card": max(told, key=DECK.index)}, user)
        elif room["status"] == "playing":
            if len(room["tricks"]) >= tricks:
                return room_id
            client.call("playCard", {"roomID": room_id, "card": lowest(told)}, user)
        else:
            return room_id
    raise AssertionError("the deal did not reach the position")


def act(user: User, room_id: str, action: Action) -> Any:
    """`user`'s call for `action` (the same choice rule as the engine test's, from what `user`
    reads: the cards they are told they may play, else their hand): its answer, or its refusal's
    code, reason and message."""
    kind, data = action[0], {"roomID": room_id}
    if kind == "play":
        room = client.read(f"rooms/{room_id}", user)
        hand = client.read_hand(room_id, user, room) or {"cards": []}
        told = told_cards(hand, room, user.uid) if room["status"] == "playing" else []
        cards = sorted(told, key=DECK.index) or sorted(hand["cards"], key=DECK.index)
        name, data = "playCard", {**data, "card": cards[action[1] % len(cards)] if cards else "AS"}
    elif kind == "card":
        name, data = "playCard", {**data, "card": action[1]}
    elif kind == "claim":
        name, data = "claim", {**data, "tricks": action[1]}
    elif kind == "undo":
        name = "requestUndo"
    elif kind in ("answerUndo", "answerClaim"):
        name, data = ("respondUndo" if kind == "answerUndo" else "respondClaim"), {**data, "accept": action[1]}
    else:
        name = kind if kind == "stopWatching" else "watchRoom"
    try:
        return ("ok", client.call(name, data, user))
    except CallError as error:
        return ("refused", error.code, error.reason, error.message)


def readable(user: User, room_id: str) -> dict[str, Any]:
    """Every document `user` may read of the room, and their account: each read, or its refusal.
    Their own hand is in the room document, opened with their key; any other seal (each random
    without its holder's key: tests/adversarial/test_leaks.py) as its length."""
    seen: dict[str, Any] = {}
    for path in (f"rooms/{room_id}", f"rooms/{room_id}/keys/{user.uid}", f"rooms/{room_id}/alerts/NS",
                 f"rooms/{room_id}/alerts/EW", f"rooms/{room_id}/deals/1", f"players/{user.uid}"):
        try:
            seen[path.replace(user.uid, "ME").replace(room_id, "ROOM")] = without_clock(client.read(path, user))
        except FirestoreError as error:
            seen[path.replace(user.uid, "ME").replace(room_id, "ROOM")] = ("refused", error.code)
    room, key = seen["rooms/ROOM"], seen.pop("rooms/ROOM/keys/ME")
    if isinstance(room, dict):
        room["sealedHands"] = [client.open_hand(seal, key["key"]) if uid == user.uid else seal and len(seal)
                               for uid, seal in zip(room["seating"] or [], room["sealedHands"], strict=True)]
    return renamed(seen, {user.uid: "ME", room_id: "ROOM"})


def without_clock(doc: Any) -> Any:
    if isinstance(doc, dict):
        return {k: without_clock(v) for k, v in doc.items() if k not in CLOCK}
    if isinstance(doc, list):
        return [without_clock(v) for v in doc]
    return doc


def renamed(value: Any, names: dict[str, str]) -> Any:
    """`value` with every string (keys included) of `names` replaced."""
    if isinstance(value, str):
        for old, new in names.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(renamed(v, names) for v in value)
    return value


def transcript(user: User, room_id: str, actions: list[Action]) -> list[Any]:
    return [(renamed(act(user, room_id, action), {user.uid: "ME", room_id: "ROOM"}), readable(user, room_id))
            for action in actions]


def copy_room(source: str, first: User, target: str, second: User, room_state: dict[str, Any],
              snapshot: dict[str, Any]) -> None:
    """Room `target` (the second player's) made the copy of room `source` as `snapshot` held it,
    with `room_state` as its state, the first player's uid replaced by the second's: the second's
    key at the room is theirs (`sealing.key_for` the copied secret), and their hand is sealed
    with it."""
    names = {first.uid: second.uid, source: target}
    client.admin_set(f"rooms/{target}/private/state", renamed(room_state, names))
    first_key = snapshot[f"rooms/{source}/keys/{first.uid}"]["key"]
    second_key = sealing.key_for(room_state["handSecret"], second.uid)
    room = snapshot[f"rooms/{source}"]
    resealed = [client.seal_hand(client.open_hand(seal, first_key), second_key) if uid == first.uid else seal
                for uid, seal in zip(room["seating"], room["sealedHands"], strict=True)]
    copies = {**snapshot, f"rooms/{source}": {**room, "sealedHands": resealed},
              f"rooms/{source}/keys/{first.uid}": {"key": second_key}}
    for path, doc in copies.items():
        if doc is not None:
            client.admin_set(renamed(path, names), renamed(doc, names))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(variant=st.sampled_from(["contract", "floating"]), tricks=st.integers(1, 7),
       actions=st.lists(ACTIONS, min_size=2, max_size=8), reseed=st.integers(0, 2**32 - 1), swaps=st.integers(1, 2))
def test_what_a_player_observes_depends_only_on_what_they_have_legitimately_seen(
        variant: str, tricks: int, actions: list[Action], reseed: int, swaps: int) -> None:
    check(variant, tricks, actions, reseed, swaps)


def test_the_undo_sequence_that_leaked_reads_the_same_in_both_deals() -> None:
    """The hostile client's own sequence: a card, an undo, another card, an undo, a card."""
    actions: list[Action] = [("play", 0), ("undo",), ("play", 1), ("undo",), ("play", 2)]
    attempts = [(variant, tricks) for tricks in (2, 3, 4, 5, 6) for variant in ("contract", "floating")]
    assert any(check(variant, tricks, actions, tricks, 1) for variant, tricks in attempts), "never compared"


def check(variant: str, tricks: int, actions: list[Action], reseed: int, swaps: int) -> bool:
    """One sequence in a room and in its copy with hidden cards exchanged; whether it compared."""
    first, second = client.sign_up(display_name="Ann"), client.sign_up(display_name="Ann")
    source = to_position(first, variant, tricks)
    paths = [f"rooms/{source}", f"rooms/{source}/keys/{first.uid}", f"rooms/{source}/alerts/NS",
             f"rooms/{source}/alerts/EW"]
    snapshot = {path: client.admin_get(path) for path in paths}
    start_state = client.admin_get(f"rooms/{source}/private/state")
    assert start_state is not None
    observed = transcript(first, source, actions)
    end_state = client.admin_get(f"rooms/{source}/private/state")
    start, end = state.decode(start_state), state.decode(end_state)
    if not start.deal_in_progress:
        return False
    other = redealt(start, end, random.Random(reseed), swaps)
    if other is None:
        return False
    target = client.call("createGameRoom", {}, second)["roomID"]
    meta = {name: start_state[name] for name in ("version", "createdAt", "updatedAt", "status", "handSecret")}
    copy_room(source, first, target, second, {**state.encode(other), **meta}, snapshot)
    observed_again = transcript(second, target, actions)
    legitimate = observed[-1][1], observed_again[-1][1]  # what each reads at the end
    if legitimate[0] != legitimate[1]:
        return False
    assert observed_again == observed, f"{variant} after {tricks} tricks: {actions}"
    return True
