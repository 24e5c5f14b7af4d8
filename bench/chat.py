"""The table chat (SPEC §13) through the Functions emulator: what a sender gets through the rate
limit, and what a message costs beside a move, in the same run.

1. One player sends messages back to back for `--seconds`: the number accepted and refused
   (RATE_LIMITED), as messages per second, against the limit's own figure (5 per 10 s).
2. `sendMessage` and `toggleReady` (a plain room move) alternate in one room: p50/p95 of each
   and the ratio of the p50s. A message never changes the room's `version`; the check at the
   end is that the room moved only by the toggles.

    ./scripts/with-emulators .venv/bin/python bench/chat.py [--seconds 21] [--calls 60]

The last line is one JSON object with every figure.
"""
from __future__ import annotations

import argparse
import json
import time

from common import Recorder, client, ms_since, new_player


def flood(seconds: float) -> dict:
    user = new_player("talker")
    room_id = client.call("createGameRoom", {}, user)["roomID"]
    accepted = refused = 0
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            client.call("sendMessage", {"roomID": room_id, "text": f"message {accepted}"}, user)
            accepted += 1
        except client.CallError as error:
            assert error.reason == "RATE_LIMITED", error
            refused += 1
    elapsed = time.monotonic() - start
    client.call("leaveGameRoom", {"roomID": room_id}, user)
    return {"seconds": round(elapsed, 1), "accepted": accepted, "refused": refused,
            "accepted_per_s": round(accepted / elapsed, 2), "limit_per_s": 0.5,
            "calls_per_s": round((accepted + refused) / elapsed, 1)}


def beside_a_move(calls: int) -> dict:
    host, guest = new_player("host"), new_player("guest")
    room_id = client.call("createGameRoom", {}, host)["roomID"]
    client.call("joinGameRoom", {"roomID": room_id}, guest)
    version = client.read(f"rooms/{room_id}", host)["version"]
    recorder = Recorder()
    speakers = [host, guest]
    for n in range(calls):
        start = time.perf_counter()
        client.call("toggleReady", {"roomID": room_id}, host)
        recorder.add("toggleReady", ms_since(start))
        start = time.perf_counter()
        # Alternate speakers, and stay under the limit: each sends once per two rounds.
        client.call("sendMessage", {"roomID": room_id, "text": f"line {n}"}, speakers[n % 2])
        recorder.add("sendMessage", ms_since(start))
        time.sleep(1.0)  # 2 s between one speaker's messages: 5 in 10 s at most
    moved = client.read(f"rooms/{room_id}", host)["version"] - version
    assert moved == calls, f"the room moved {moved} times for {calls} toggles"
    summary = recorder.summary()
    return {"calls": summary, "ratio_p50": round(summary["sendMessage"]["p50"] / summary["toggleReady"]["p50"], 2),
            "room_versions_per_message": 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=21.0)
    parser.add_argument("--calls", type=int, default=30)
    args = parser.parse_args()
    flooded = flood(args.seconds)
    print(f"  flood for {flooded['seconds']} s: {flooded['accepted']} accepted, {flooded['refused']} refused "
          f"({flooded['calls_per_s']} calls/s): {flooded['accepted_per_s']} messages/s through "
          f"(the limit: 5 per 10 s = 0.5/s, plus a burst of 5)")
    timed = beside_a_move(args.calls)
    for label, s in timed["calls"].items():
        print(f"  {label:12} n {s['n']:4}  p50 {s['p50']:7.2f}  p95 {s['p95']:7.2f} ms")
    print(f"  sendMessage / toggleReady p50: {timed['ratio_p50']}; the room's version moved only for the toggles")
    print(json.dumps({"chat": {"flood": flooded, "beside_a_move": timed}}))


if __name__ == "__main__":
    main()
