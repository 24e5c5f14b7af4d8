"""The lobby calls one at a time, beside the floor in the same loop (issue 38).

In a game of four bots (`game.py`) three players join at the same instant and all four leave at
the same instant, so there `joinGameRoom` and `leaveGameRoom` measure the optimistic commits of
four people on one room retrying each other (`contention.py` measures that alone). Here each
call has the room to itself: a fresh room a round, its host already seated; a guest joins,
gets ready, gets unready, leaves; then the host leaves (the room is deleted). Interleaved in
the same loop, the floors each call is measured beside (`floor.py`'s, on a room and a hand):
`floor`, a server SDK transaction (BeginTransaction, BatchGet, Commit: the issue's floor), and
`floor_optimistic` (one BatchGet, one conditional Commit: the requests an optimistic call makes).
The first `toggleReady` is the guest's first move at the table: it also reads the guest's own
request log (`request_log.carried_over`); the second is any later move.

    ./scripts/with-emulators .venv/bin/python bench/lobby.py [--rounds 60] [--transport inproc|http]
"""
from __future__ import annotations

import argparse
import json
import time

import bots
from common import Recorder, client, ms_since, new_player

#: The lobby calls measured, in the order a round makes them.
CALLS = ("joinGameRoom", "toggleReady", "toggleReady again", "leaveGameRoom")


def run(transport, rounds: int = 60, warmup: int = 5) -> dict:
    from google.cloud import firestore

    db = firestore.Client(project=client.PROJECT_ID)
    floor_room, floor_hand = db.collection("benchFloor").document(), db.collection("benchFloor").document()
    floor_room.set({"version": 1, "padding": "x" * 3000})
    floor_hand.set({"cards": ["AS"] * 13})

    @firestore.transactional
    def floor_transaction(txn) -> None:
        snaps = {s.id: s.to_dict() for s in txn.get_all([floor_room, floor_hand])}
        txn.set(floor_room, {**snaps[floor_room.id], "version": snaps[floor_room.id]["version"] + 1})
        txn.set(floor_hand, snaps[floor_hand.id])

    def floor_optimistic() -> None:
        snaps = {s.id: s for s in db.get_all([floor_room, floor_hand])}
        room = snaps[floor_room.id]
        batch = db.batch()
        batch.update(floor_room, {"version": room.to_dict()["version"] + 1},
                     option=db.write_option(last_update_time=room.update_time))
        batch.set(floor_hand, snaps[floor_hand.id].to_dict())
        batch.commit()

    recorder = Recorder()
    for i in range(warmup + rounds):
        host, guest = new_player(f"H{i}"), new_player(f"G{i}")
        room_id = transport.call("createGameRoom", {}, host)["roomID"]
        for name, floor in (("[floor]", lambda: floor_transaction(db.transaction())),
                            ("[floor_optimistic]", floor_optimistic)):
            start = time.perf_counter()
            floor()
            if i >= warmup:
                recorder.add(name, ms_since(start))
        for name in CALLS:
            start = time.perf_counter()
            transport.call(name.split()[0], {"roomID": room_id}, guest)
            if i >= warmup:
                recorder.add(name, ms_since(start))
        transport.call("leaveGameRoom", {"roomID": room_id}, host)
    floor_room.delete()
    floor_hand.delete()
    return {"transport": transport.name, "rounds": rounds, "calls": recorder.summary()}


def print_report(result: dict) -> None:
    calls = result["calls"]
    floor, optimistic = calls["[floor]"], calls["[floor_optimistic]"]
    print(f"   lobby calls one at a time ({result['transport']}, {result['rounds']} rounds), beside the floors "
          f"(ratios: to [floor] / to [floor_optimistic])")
    for name in ("[floor]", "[floor_optimistic]", *CALLS):
        s = calls[name]
        ratios = {q: f"{s[q] / floor[q]:4.2f}x / {s[q] / optimistic[q]:4.2f}x" for q in ("p50", "p95")}
        print(f"   {name:22} p50 {s['p50']:7.2f} ({ratios['p50']})  p95 {s['p95']:7.2f} ({ratios['p95']})"
              f"  p99 {s['p99']:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--transport", choices=("inproc", "http"), default="inproc")
    args = parser.parse_args()
    result = run(bots.InProcess() if args.transport == "inproc" else bots.Http(), args.rounds)
    print_report(result)
    print(json.dumps({"lobby": result}))


if __name__ == "__main__":
    main()
