"""The lobby calls one at a time, beside the floor in the same loop (issue 38).

In a game of four bots (`game.py`) three players join at the same instant and all four leave at
the same instant, so there `joinGameRoom` and `leaveGameRoom` measure the optimistic commits of
four people on one room retrying each other (`contention.py` measures that alone). Here each
call has the room to itself: a fresh room a round, its host already seated; a guest joins,
gets ready, gets unready, leaves; then the host leaves (the room is deleted). Interleaved in
the same loop, `floor_optimistic` (`floor.py`: one BatchGet of a room and a hand, one
conditional Commit of both) is the floor each call is measured beside.

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
        start = time.perf_counter()
        floor_optimistic()
        if i >= warmup:
            recorder.add("[floor_optimistic]", ms_since(start))
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
    floor = calls["[floor_optimistic]"]
    print(f"   lobby calls one at a time ({result['transport']}, {result['rounds']} rounds), beside the floor")
    for name in ("[floor_optimistic]", *CALLS):
        s = calls[name]
        print(f"   {name:22} p50 {s['p50']:7.2f} ({s['p50'] / floor['p50']:4.2f}x)  "
              f"p95 {s['p95']:7.2f} ({s['p95'] / floor['p95']:4.2f}x)  p99 {s['p99']:7.2f} ms")


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
