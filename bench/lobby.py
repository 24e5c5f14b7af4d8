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

With `--at-once`, the calls as a game of four makes them instead: three guests join one room at
the same instant, the four get ready at the same instant, and the four leave at the same instant;
beside them, as many optimistic floors at the same instant on one shared document (each run
again on fresh reads at once when its commit conflicts: what any serializable writer of one
document pays), and on documents of their own (what the concurrency costs this process and the
emulator, without a conflict).

    ./scripts/with-emulators .venv/bin/python bench/lobby.py [--rounds 60] [--transport inproc|http] [--at-once]
"""
from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import bots
from common import Recorder, at_once, client, ms_since, new_player

#: The lobby calls measured, in the order a round makes them.
CALLS = ("joinGameRoom", "toggleReady", "toggleReady again", "leaveGameRoom")


def optimistic_floor(db, room_ref, hand_ref) -> Callable[[], None]:
    """The least a conditional commit can do: one BatchGet (room, hand), then one Commit updating
    the room's version on the condition that it is unchanged, and the hand; run again at once on
    fresh reads when that condition fails (only writers of the room at the same instant see it)."""
    from google.api_core import exceptions as google_errors

    def floor() -> None:
        while True:
            snaps = {s.id: s for s in db.get_all([room_ref, hand_ref])}
            room = snaps[room_ref.id]
            batch = db.batch()
            batch.update(room_ref, {"version": room.to_dict()["version"] + 1},
                         option=db.write_option(last_update_time=room.update_time))
            batch.set(hand_ref, snaps[hand_ref.id].to_dict())
            try:
                batch.commit()
                return
            except (google_errors.FailedPrecondition, google_errors.Aborted):
                continue
    return floor


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

    recorder = Recorder()
    for i in range(warmup + rounds):
        host, guest = new_player(f"H{i}"), new_player(f"G{i}")
        room_id = transport.call("createGameRoom", {}, host)["roomID"]
        for name, floor in (("[floor]", lambda: floor_transaction(db.transaction())),
                            ("[floor_optimistic]", optimistic_floor(db, floor_room, floor_hand))):
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


def each(transport, function: str, room_id: str, users: list) -> list[Callable[[], object]]:
    """`function` on the room, once by each of `users`."""
    return [lambda user=user: transport.call(function, {"roomID": room_id}, user) for user in users]


def run_at_once(transport, rounds: int = 60, warmup: int = 5) -> dict:
    from google.cloud import firestore

    db = firestore.Client(project=client.PROJECT_ID)
    shared = db.collection("benchFloor").document()
    own = [db.collection("benchFloor").document() for _ in range(4)]
    hand = db.collection("benchFloor").document()
    for doc in (shared, *own):
        doc.set({"version": 1, "padding": "x" * 3000})
    hand.set({"cards": ["AS"] * 13})

    recorder = Recorder()

    def measure(name: str, calls: list[Callable[[], object]], record: bool) -> None:
        for ms in at_once(calls):
            if record:
                recorder.add(name, ms)

    for i in range(warmup + rounds):
        record = i >= warmup
        host, guests = new_player(f"H{i}"), [new_player(f"G{i}.{g}") for g in range(3)]
        people = [host, *guests]
        room_id = transport.call("createGameRoom", {}, host)["roomID"]
        for n in (3, 4):
            measure(f"[floor x{n}, one document]", [optimistic_floor(db, shared, hand) for _ in range(n)], record)
            measure(f"[floor x{n}, own documents]", [optimistic_floor(db, own[k], hand) for k in range(n)], record)
        measure("joinGameRoom x3", each(transport, "joinGameRoom", room_id, guests), record)
        measure("toggleReady x4", each(transport, "toggleReady", room_id, people), record)
        measure("toggleReady x4 again", each(transport, "toggleReady", room_id, people), record)
        measure("leaveGameRoom x4", each(transport, "leaveGameRoom", room_id, people), record)
    for doc in (shared, *own, hand):
        doc.delete()
    return {"transport": transport.name, "rounds": rounds, "calls": recorder.summary()}


def print_at_once(result: dict) -> None:
    calls = result["calls"]
    print(f"   lobby calls at the same instant ({result['transport']}, {result['rounds']} rounds), "
          f"beside as many optimistic floors at the same instant")
    for name in ("[floor x3, one document]", "[floor x3, own documents]", "[floor x4, one document]",
                 "[floor x4, own documents]", "joinGameRoom x3", "toggleReady x4", "toggleReady x4 again",
                 "leaveGameRoom x4"):
        s = calls[name]
        n = name.split(" x")[1][0]
        base = calls[f"[floor x{n}, one document]"]
        print(f"   {name:28} p50 {s['p50']:7.2f} ({s['p50'] / base['p50']:4.2f}x)  p95 {s['p95']:7.2f} "
              f"({s['p95'] / base['p95']:4.2f}x)  p99 {s['p99']:7.2f} ms")


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
    parser.add_argument("--at-once", action="store_true", help="the calls as a game of four makes them")
    args = parser.parse_args()
    transport = bots.InProcess() if args.transport == "inproc" else bots.Http()
    if args.at_once:
        result = run_at_once(transport, args.rounds)
        print_at_once(result)
        print(json.dumps({"lobby_at_once": result}))
        return
    result = run(transport, args.rounds)
    print_report(result)
    print(json.dumps({"lobby": result}))


if __name__ == "__main__":
    main()
