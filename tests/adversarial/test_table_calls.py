"""The table calls as a hostile client tried them (issue 33), through the public protocols only:
one person against three bots, reading only what their token may read.

- Undo showed a bot's card and hid it again: the person led, the next bot followed, the person
  took the lead back (bots agree at once) and led another suit, learning the bots' cards one by
  one; in Floating Bridge the same told who held the partner card. Now a call or card a bot has
  answered stands.
- A claim the bots rejected changed nothing (`version` included) and could be made again at
  once: claims of 4, 3, 2 and 1 tricks read the double-dummy count of the hidden layout. Now a
  rejected claim stays on the room document, and the next waits for another trick.
- A rejected claim left the undo point in place. Now a claim ends the chance to take back what
  came before it.
"""
from __future__ import annotations

import pytest

from tests.service.test_claims import claim_moment
from tests.table import RANKS, Table, assert_unchanged, database

pytestmark = pytest.mark.usefixtures("emulator")


def my_lead(table: Table, variant: str) -> dict:
    """Play on against the bots (my calls: a bid when I may open, else pass; my partner card: the
    highest I may name; my cards and the dummy's: the lowest I am told I may play) until I am to
    lead a trick from my own hand, after the first trick. The room then."""
    me = table.players[0]
    room = table.room()
    for _ in range(200):
        status = room["status"]
        if status == "bidding":
            table.bid("1NT" if room["highestBid"] is None else "PASS", me)
        elif status == "choosingTeammate":
            table.choose_teammate()
        elif status == "playing":
            if room["turn"] == 0 and room["tricks"] and not room["trick"]["cards"]:
                return room
            table.play(min(table.told(me, room), key=lambda c: RANKS.index(c[0])), me)
        elif status == "dealEnded":
            table.toggle_ready(me)
            table.start()
        else:
            raise AssertionError(f"the room is {status}")  # a match of several deals does not end this soon
        room = table.room()
    raise AssertionError(f"I was never on lead ({variant})")


@pytest.mark.parametrize("variant", ["contract", "floating"])
def test_a_card_a_bot_has_played_after_mine_is_never_taken_back(variant: str):
    table = Table.against_bots(settings={"variant": variant, **({"deals": 5} if variant == "floating" else {})})
    me = table.players[0]
    for _ in range(20):  # my lead, unless it ended the deal (its last card stands anyway): the next one
        room = my_lead(table, variant)
        card = table.told(me, room)[0]
        table.play(card, me)
        led = table.room()
        if led["status"] == "playing":
            break
    trick = led["tricks"][len(room["tricks"])] if len(led["tricks"]) > len(room["tricks"]) else led["trick"]
    assert trick["cards"][0] == {"position": 0, "card": card} and len(trick["cards"]) >= 2, "the next bot followed"
    table.reject("requestUndo", me, "failed-precondition", "NOTHING_TO_UNDO")  # its card stands: seen


def test_a_rejected_claim_is_on_the_record_and_no_second_claim_or_undo_at_that_trick():
    table = Table.against_bots(settings={"variant": "contract"})
    me = table.players[0]
    room, best = claim_moment(table, me)
    left = 13 - len(room["tricks"])
    assert best < left
    assert table.call("claim", me, tricks=left) == {"success": True, "claim": "rejected"}
    after = table.room()
    assert after["version"] == room["version"] + 1
    assert [(c["tricks"], c["result"]) for c in after["claims"]] == [(left, "rejected")]
    before = database()
    for tricks in range(left - 1, -1, -1):  # the oracle: every smaller claim at once
        error = table.error("claim", me, tricks=tricks)
        assert (error.code, error.reason) == ("failed-precondition", "CLAIM_REJECTED"), error
    assert table.error("requestUndo", me).reason == "NOTHING_TO_UNDO"
    assert_unchanged(before)
