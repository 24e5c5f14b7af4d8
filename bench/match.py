"""Document sizes over a long match (SPEC §9: "a room document stays well under 64 KiB whatever the
length of the match"), built with the engine and projected exactly as the server writes them.

Two matches of 100 deals with random legal moves: the same four players throughout, and one
where a seat changes hands before every deal (a player leaves between deals and a new one
joins: the worst case for `match.scores`, which keeps every uid that has played). After every
deal it measures the public room document, the server-only state document and the deal record,
in JSON bytes and by Firestore's storage-size formula (uids of 28 characters, as Auth makes).

    .venv/bin/python bench/match.py [--deals 100] [--seed 1]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "functions"))

from common import firestore_size

from bridge import Room, Settings, Status, documents, secure_rng, state

LIMIT = 64 * 1024
ROOM_ID = "r" * 20


def uid(n: int) -> str:
    return f"{n:028d}"


def play_deal(room: Room, rng: random.Random) -> Room:
    while room.status in (Status.BIDDING, Status.CHOOSING_TEAMMATE, Status.PLAYING):
        deal = room.deal
        assert deal is not None and deal.turn is not None
        player = deal.players[deal.turn]
        if room.status is Status.BIDDING:
            legal = deal.legal_bids()
            room = room.place_bid(player, legal[0] if len(legal) == 1 or rng.random() < 0.6 else legal[1], secure_rng())
        elif room.status is Status.CHOOSING_TEAMMATE:
            room = room.choose_partner(player, rng.choice(deal.legal_partner_cards()))
        else:
            room = room.play_card(player, rng.choice(deal.legal_cards()))
    return room


def sizes(path: str, doc: dict) -> tuple[int, int]:
    return len(json.dumps(doc, separators=(",", ":")).encode()), firestore_size(path, doc)


def run(deals: int, seed: int, churn: bool) -> dict:
    rng = random.Random(seed)
    room = Room.create(uid(0), "Player 0", Settings(deals=0))
    for n in range(1, 4):
        room = room.join(uid(n), f"Player {n}")
    newcomer = 4
    worst = {"room": (0, 0), "state": (0, 0), "record": (0, 0)}
    for number in range(1, deals + 1):
        if number > 1 and churn:
            leaver = room.seats[rng.randrange(4)].uid
            room = room.leave(leaver)
            assert room is not None
            room = room.join(uid(newcomer), f"Player {newcomer}")
            newcomer += 1
        for seat in room.seats:
            if not seat.ready:
                room = room.toggle_ready(seat.uid)
        room = play_deal(room.start(room.host, secure_rng()), rng)
        record = documents.deal_record(room)
        assert record is not None and record["number"] == number
        measured = {
            "room": sizes(f"rooms/{ROOM_ID}", {**documents.public_room(room), "version": 10**6}),
            "state": sizes(f"rooms/{ROOM_ID}/private/state", state.encode(room)),
            "record": sizes(f"rooms/{ROOM_ID}/deals/{number}", dict(record)),
        }
        worst = {kind: max(worst[kind], measured[kind], key=lambda s: s[1]) for kind in worst}
    assert room.match is not None
    return {
        "deals": deals,
        "players_scored": len(room.match.scores),
        "last": {kind: {"json": size[0], "firestore": size[1]} for kind, size in measured.items()},
        "max": {kind: {"json": size[0], "firestore": size[1]} for kind, size in worst.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    results = {name: run(args.deals, args.seed, churn) for name, churn in (("same_four", False), ("churn", True))}
    print(f"Document sizes over a {args.deals}-deal match (bytes: JSON / Firestore storage size; "
          f"budget {LIMIT} for the room document)")
    for name, result in results.items():
        print(f"  {name} ({result['players_scored']} players scored)")
        for kind in ("room", "state", "record"):
            last, most = result["last"][kind], result["max"][kind]
            ratio = most["firestore"] / LIMIT
            print(f"    {kind:7} after the last deal {last['json']:6} / {last['firestore']:6}   "
                  f"largest {most['json']:6} / {most['firestore']:6}   ({ratio:.1%} of 64 KiB)")
    print(json.dumps({"match_sizes": results}))


if __name__ == "__main__":
    main()
