"""The floor under a callable, measured in the same run as the callables.

- `floor`: a direct google-cloud-firestore transaction from this process that reads and
  writes what a playCard changes (the room and the player's hand), both read in one RPC:
  BeginTransaction, BatchGet(room, hand), Commit.
- `floor_playcard_shape`: the requests our playCard makes (service/store.py): one BatchGet of
  the caller's request log and the room's state document, then one Commit updating the state
  document's changed fields on the condition that it is unchanged, and writing the public room
  document, the hand and the log. No Functions emulator, no engine.
- `floor_optimistic`: the least a conditional commit can do: one BatchGet (room, hand), then
  one Commit updating two room fields on the condition that the room is unchanged, and the hand.
- `pipeline`: a callable rejected before any Firestore access (playCard with malformed data):
  HTTP + Functions emulator + SDK request handling + our parsing, no transaction.
- `read_room`: a client's REST read of the room document (what the bots do after each move).

Variants run interleaved, so noise hits them alike.

    ./scripts/with-emulators .venv/bin/python bench/floor.py [--n 150]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import time

from common import Recorder, client, ms_since, new_player

os.environ.setdefault("GCLOUD_PROJECT", client.PROJECT_ID)


def midgame_state(uids: list[str], cards_played: int = 24, seed: int = 7):
    """A room half-way through play, built with the engine (the same shape a game writes)."""
    from bridge import PASS, Phase, Room, Settings, secure_rng

    rng = random.Random(seed)
    room = Room.create(uids[0], "P0", Settings.of(playAllTricks=True))
    for i, uid in enumerate(uids[1:], 1):
        room = room.join(uid, f"P{i}")
    for uid in uids:
        room = room.toggle_ready(uid)
    room = room.start(uids[0], secure_rng())
    while room.deal.phase is Phase.BIDDING:
        deal = room.deal
        legal = deal.legal_bids()
        call = PASS if len(legal) == 1 or rng.random() < 0.6 else legal[1]
        room = room.place_bid(deal.players[deal.turn], call, secure_rng())
    deal = room.deal
    room = room.choose_partner(deal.players[deal.contract.declarer], rng.choice(deal.legal_partner_cards()))
    for _ in range(cards_played):
        deal = room.deal
        room = room.play_card(deal.players[deal.turn], rng.choice(deal.legal_cards()))
    return room


def run(n: int = 150, warmup: int = 15) -> dict:
    from google.cloud import firestore

    from bridge import documents, state

    players = [new_player(f"F{i}") for i in range(4)]
    uids = [p.uid for p in players]
    room = midgame_state(uids)
    db = firestore.Client(project=client.PROJECT_ID)
    room_ref = db.collection("rooms").document()
    room_doc = {**documents.public_room(room), "version": 1,
                "createdAt": firestore.SERVER_TIMESTAMP, "updatedAt": firestore.SERVER_TIMESTAMP}
    room_ref.set(room_doc)
    hands = documents.hand_views(room)
    for uid, hand in hands.items():
        room_ref.collection("hands").document(uid).set(hand)
    state_ref = room_ref.collection("private").document("state")
    state_ref.set({**state.encode(room), "status": room.status.value, "version": 1,
                   "createdAt": firestore.SERVER_TIMESTAMP, "updatedAt": firestore.SERVER_TIMESTAMP})
    mover = room.deal.players[room.deal.turn]
    hand_ref = room_ref.collection("hands").document(mover)
    log_ref = db.collection("requestLog").document(mover)
    log_ref.set({"entries": []})

    @firestore.transactional
    def floor(txn):
        snaps = {s.id: s.to_dict() for s in txn.get_all([room_ref, hand_ref])}
        doc, hand = snaps[room_ref.id], snaps[mover]
        txn.set(room_ref, {**doc, "version": doc["version"] + 1, "updatedAt": firestore.SERVER_TIMESTAMP})
        txn.set(hand_ref, hand)

    def floor_playcard_shape():
        log_snap, state_snap = db.get_all([log_ref, state_ref])
        doc = state_snap.to_dict()
        batch = db.batch()
        batch.update(state_ref, {"version": doc["version"] + 1, "match": doc["match"],
                                 "updatedAt": firestore.SERVER_TIMESTAMP},
                     option=db.write_option(last_update_time=state_snap.update_time))
        batch.set(room_ref, {**room_doc, "version": doc["version"] + 1, "updatedAt": firestore.SERVER_TIMESTAMP})
        batch.set(hand_ref, hands[mover])
        batch.set(log_ref, log_snap.to_dict())
        batch.commit()

    def floor_optimistic():
        snaps = {s.id: s for s in db.get_all([room_ref, hand_ref])}
        doc = snaps[room_ref.id].to_dict()
        batch = db.batch()
        batch.update(room_ref, {"version": doc["version"] + 1, "updatedAt": firestore.SERVER_TIMESTAMP},
                     option=db.write_option(last_update_time=snaps[room_ref.id].update_time))
        batch.set(hand_ref, snaps[mover].to_dict())
        batch.commit()

    caller = players[0]
    variants = {
        "floor": lambda: floor(db.transaction()),
        "floor_playcard_shape": floor_playcard_shape,
        "floor_optimistic": floor_optimistic,
        "pipeline": lambda: _rejected(caller),
        "read_room": lambda: client.read(f"rooms/{room_ref.id}", caller),
    }
    recorder = Recorder()
    for i in range(warmup + n):
        for name, fn in variants.items():
            start = time.perf_counter()
            fn()
            if i >= warmup:
                recorder.add(name, ms_since(start))
    room_ref.delete()
    return recorder.summary()


def _rejected(user) -> None:
    try:
        client.call("playCard", {"bogus": True}, user)
    except client.CallError as error:
        assert error.reason == "INVALID_ARGUMENT", error
    else:
        raise AssertionError("a malformed playCard succeeded")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=150)
    args = parser.parse_args()
    result = run(args.n)
    for name, s in result.items():
        print(f"   {name:22} p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f}  p99 {s['p99']:7.2f} ms  (n={s['n']})")
    print(json.dumps({"floor": result}))


if __name__ == "__main__":
    main()
