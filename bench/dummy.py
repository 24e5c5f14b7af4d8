"""The declarer playing the dummy's card against a plain playCard, in the same run (SPEC §11).

Four people play contract-bridge deals through the Functions emulator (the dealer opens 1NT,
everyone else passes, so the dealer declares), four new people each deal; every `playCard` is
timed and labelled: the declarer playing the dummy's card, or a player playing their own.
Printed: p50/p95 of each and the ratio of the p50s. Both are one transaction over the same documents; the dummy's card
adds the `dummy` field's update to the room document.

    ./scripts/with-emulators .venv/bin/python bench/dummy.py [--cards 200]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from common import Recorder, client, ms_since, new_player

from tests.table import card_player_position, told_cards

DUMMY, OWN = "declarer plays the dummy's card", "a player plays their own card"


def new_rubber(users: list[client.User]) -> str:
    """A contract-bridge room of the four `users`, its first deal dealt; its id."""
    host = users[0]
    room_id = client.call("createGameRoom", {"settings": {"variant": "contract"}}, host)["roomID"]
    for user in users[1:]:
        client.call("joinGameRoom", {"roomID": room_id}, user)
    for user in users:
        client.call("toggleReady", {"roomID": room_id}, user)
    client.call("startGame", {}, host)
    return room_id


def run(cards: int) -> dict:
    users = [new_player(f"D{i}") for i in range(4)]
    by_uid = {user.uid: user for user in users}
    host = users[0]
    room_id = new_rubber(users)
    rng, recorder = random.Random(1), Recorder()
    while min(len(recorder.samples[DUMMY]), len(recorder.samples[OWN])) < cards:
        room = client.read(f"rooms/{room_id}", host)
        if room["status"] in ("dealEnded", "ended"):
            # Everyone leaves; four new users start a new rubber: the declarer plays two cards a
            # trick at full speed, past one person's allowance of calls (service/request_log.py)
            # within a few deals.
            for user in users:
                client.call("leaveGameRoom", {"roomID": room_id}, user)
            users = [new_player(f"D{i}") for i in range(4)]
            by_uid, host = {user.uid: user for user in users}, users[0]
            room_id = new_rubber(users)
            continue
        if room["status"] == "bidding":
            user = by_uid[room["seating"][room["turn"]]]
            bid = "1NT" if not room["bids"] else "PASS"
            client.call("placeBid", {"roomID": room_id, "bid": bid}, user)
            continue
        # Whoever the room says plays the next card (the declarer for the dummy), one of the
        # cards their hand (sealed for them in the room document) says they may play.
        player = card_player_position(room)
        for_dummy = room["legal"][player]["playCard"] != player
        user = by_uid[room["seating"][player]]
        told = told_cards(client.read_hand(room_id, user, room) or {}, room, user.uid)
        data = {"roomID": room_id, "card": rng.choice(told)}
        start = time.perf_counter()
        client.call("playCard", data, user)
        recorder.add(DUMMY if for_dummy else OWN, ms_since(start))
    summary = recorder.summary()
    return {"calls": summary, "ratio_p50": round(summary[DUMMY]["p50"] / summary[OWN]["p50"], 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=200)
    args = parser.parse_args()
    result = run(args.cards)
    for label, s in result["calls"].items():
        print(f"  {label:34} n {s['n']:4}  p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f} ms")
    print(f"  ratio of p50s: {result['ratio_p50']}")
    print(json.dumps({"dummy": result}))


if __name__ == "__main__":
    main()
