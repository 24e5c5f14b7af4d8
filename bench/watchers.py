"""placeBid while outsiders loop watchRoom / stopWatching on the same room (issue 33, item 5):
the players' latency and refusals with no watcher and with `--watchers` looping, in one run.
Each room is a fresh Floating Bridge auction of 35 rising calls (1C ... 7NT: each the lowest bid
the room document's `legal` tells the player to act they may make), each sent by that player,
with the `expectedVersion` just read from the room document (a refused call is read and sent
again, as a client would) or without one; the watchers are anonymous users
looping watchRoom then stopWatching until the auction ends.

    ./scripts/with-emulators .venv/bin/python bench/watchers.py [--watchers 4] [--rooms 3]
"""
from __future__ import annotations

import argparse
import collections
import json
import threading
import time

from common import CallError, User, client, ms_since, new_player, summarize


def _room(players: list[User]) -> str:
    """A started Floating Bridge room of `players` (dealer 0, no redeal of weak hands)."""
    room_id = client.call("createGameRoom", {"settings": {"washRule": False}}, players[0])["roomID"]
    for player in players[1:]:
        client.call("joinGameRoom", {"roomID": room_id}, player)
    for player in players:
        client.call("toggleReady", {"roomID": room_id}, player)
    client.call("startGame", {}, players[0])
    return room_id


_LOCK = threading.Lock()


def _count(answers: collections.Counter[str], answer: str) -> None:
    with _LOCK:
        answers[answer] += 1


def _loop(room_id: str, watcher: User, stop: threading.Event, answers: collections.Counter[str]) -> None:
    while not stop.is_set():
        for name in ("watchRoom", "stopWatching"):
            try:
                client.call(name, {"roomID": room_id}, watcher)
                _count(answers, name)
            except CallError as error:
                _count(answers, f"{name}:{error.reason}")


def auction(watchers: list[User], versioned: bool) -> tuple[list[float], collections.Counter[str]]:
    """One room's auction (four new players) with `watchers` looping, each call sent with the
    version just read if `versioned`: each placeBid's latency (ms) and what the players and the
    watchers were answered."""
    players = [new_player(f"P{i}") for i in range(4)]
    room_id = _room(players)
    by_uid = {player.uid: player for player in players}
    answers: collections.Counter[str] = collections.Counter()
    stop = threading.Event()
    threads = [threading.Thread(target=_loop, args=(room_id, w, stop, answers)) for w in watchers]
    for thread in threads:
        thread.start()
    latencies = []
    try:
        while True:
            room = client.read(f"rooms/{room_id}", players[0])
            bids = [call for call in room["legal"][room["turn"]]["placeBid"] if call[0].isdigit()]
            if not bids:  # 7NT bid: the auction is over but for the passes
                break
            actor = by_uid[room["players"][room["turn"]]["uid"]]
            start = time.perf_counter()
            try:
                version = {"expectedVersion": room["version"]} if versioned else {}
                client.call("placeBid", {"roomID": room_id, "bid": bids[0], **version}, actor)
            except CallError as error:
                _count(answers, f"placeBid:{error.reason}")
                continue
            latencies.append(ms_since(start))
            _count(answers, "placeBid")
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    return latencies, answers


def run(watchers: int = 4, rooms: int = 3) -> dict:
    lookers = [client.sign_up_anonymous() for _ in range(watchers)]
    auction(lookers, True)  # warm-up: every function's worker started
    result = {}
    for label, looping, versioned in (("no watcher", [], True), (f"{watchers} watchers looping", lookers, True),
                                      ("no watcher, unversioned", [], False),
                                      (f"{watchers} watchers, unversioned", lookers, False)):
        samples: list[float] = []
        answers: collections.Counter[str] = collections.Counter()
        for _ in range(rooms):
            latencies, seen = auction(looping, versioned)
            samples += latencies
            answers += seen
        result[label] = {"placeBid": summarize(samples), "answers": dict(answers)}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=4)
    parser.add_argument("--rooms", type=int, default=3)
    args = parser.parse_args()
    result = run(args.watchers, args.rooms)
    for label, figures in result.items():
        s = figures["placeBid"]
        print(f"   {label:30} placeBid n={s['n']:4}  p50 {s['p50']:7.1f}  p95 {s['p95']:7.1f}  max {s['max']:7.1f} ms"
              f"   answers {figures['answers']}")
    print(json.dumps({"watchers": result}))


if __name__ == "__main__":
    main()
