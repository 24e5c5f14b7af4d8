"""A person's call that hands the turn to three bots, against a plain call, in the same run
(SPEC §10: bots move in the transaction of the call that hands them the turn).

Three rooms play deals side by side through the Functions emulator: four people (each
`playCard` is one card), and one person with three bots (each of the person's `playCard` calls
also plays the three bots' cards before it answers), once with the basic bots and once with
`botLevel: "thinking"` (100 ms a bot's card or call, steady). The persons' bids are measured
too (the bots' calls in the thinking room are simulated). A thinking bot's own time is derived:
a third of what three of them add to the person's call over the plain call's median. The calls
go round the rooms in turn, so noise hits all alike. Printed: p50/p95/p99 of each kind of call
and the ratios of the p50s to the plain call's (target for the basic bots <= 1.5).

    ./scripts/with-emulators .venv/bin/python bench/bot_moves.py [--cards 120]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import random
import time

from common import Recorder, client, ms_since, new_player

from tests.table import told_cards


class Room:
    """A room of `people` people and 4 - `people` bots, dealt and in play (1NT by someone)."""

    def __init__(self, people: int, label: str, bot_level: str = "basic") -> None:
        self.users = [new_player(f"{label}{i}") for i in range(people)]
        self.by_uid = {user.uid: user for user in self.users}
        host = self.users[0]
        settings = {"deals": 0, "washRule": False, "botLevel": bot_level}
        self.room_id = client.call("createGameRoom", {"settings": settings}, host)["roomID"]
        for user in self.users[1:]:
            client.call("joinGameRoom", {"roomID": self.room_id}, user)
        for _ in range(4 - people):
            client.call("addBot", {"roomID": self.room_id}, host)
        for user in self.users:
            client.call("toggleReady", {"roomID": self.room_id}, user)
        client.call("startGame", {}, host)
        self.rng = random.Random(people)

    def room(self) -> dict:
        return client.read(f"rooms/{self.room_id}", self.users[0])

    def person_to_act(self, room: dict) -> client.User:
        return self.by_uid[room["seating"][room["turn"]]]

    def next_call(self) -> tuple[str, dict, client.User]:
        """The next call a person makes here (a bid or partner card until play, then a card, each
        from what they are told they may do; the next deal when one ends)."""
        room = self.room()
        host = self.users[0]
        if room["status"] == "dealEnded":
            for user in self.users:
                client.call("toggleReady", {"roomID": self.room_id}, user)
            return "startGame", {}, host
        user = self.person_to_act(room)
        if room["status"] == "bidding":
            return "placeBid", {"roomID": self.room_id, "bid": "PASS" if room["highestBid"] else "1NT"}, user
        told = told_cards(client.read_hand(self.room_id, user, room) or {}, room, user.uid)
        if room["status"] == "choosingTeammate":
            card = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c in told)
            return "chooseTeammate", {"roomID": self.room_id, "card": card}, user
        return "playCard", {"roomID": self.room_id, "card": self.rng.choice(told)}, user


def run(cards: int) -> dict:
    rooms = {"plain playCard (4 people)": Room(4, "P"), "playCard + 3 bot cards (1 person)": Room(1, "B"),
             "playCard + 3 thinking-bot cards": Room(1, "T", "thinking")}
    recorder = Recorder()
    measured = dict.fromkeys(rooms, 0)
    while min(measured.values()) < cards:
        for label, room in rooms.items():
            name, data, user = room.next_call()
            start = time.perf_counter()
            client.call(name, data, user)
            if name == "playCard":
                recorder.add(label, ms_since(start))
                measured[label] += 1
            elif name == "placeBid":
                recorder.add(label.replace("playCard", "placeBid").replace("cards", "calls"), ms_since(start))
    summary = recorder.summary()
    plain, with_bots, thinking = (summary[label]["p50"] for label in rooms)
    result = {"calls": summary, "ratio_p50": round(with_bots / plain, 2),
              "thinking_ratio_p50": round(thinking / plain, 2)}
    # A thinking bot's own time, per card and per call: what three of them add to the person's call
    for kind, plain_label, thinking_label in (
            ("card", "plain playCard (4 people)", "playCard + 3 thinking-bot cards"),
            ("call", "plain placeBid (4 people)", "placeBid + 3 thinking-bot calls")):
        if plain_label in summary and thinking_label in summary:
            result[f"thinking_bot_{kind}_ms"] = {
                q: round((summary[thinking_label][q] - summary[plain_label]["p50"]) / 3, 1) for q in ("p50", "p99")}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=120)
    args = parser.parse_args()
    result = run(args.cards)
    for label, s in result["calls"].items():
        print(f"  {label:36} n {s['n']:4}  p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f}  p99 {s['p99']:7.2f} ms")
    print(f"  ratio of p50s, basic bots (target <= 1.5): {result['ratio_p50']}; thinking bots: "
          f"{result['thinking_ratio_p50']}")
    for kind in ("card", "call"):
        if f"thinking_bot_{kind}_ms" in result:
            print(f"  a thinking bot's {kind} (a third of what three add to the person's call): "
                  f"{result[f'thinking_bot_{kind}_ms']}")
    print(json.dumps({"bot_moves": result}))


if __name__ == "__main__":
    main()
