"""Memory Bridge secrecy through the emulators (docs/MEMORY.md): the 26 cards of the second half
are in the server-only state alone until the first half is over. At every card of a first half,
from both seats and a spectator: no document anyone may read names a card of the other hand or
of the stock, and playing a card one does not hold is refused alike whether the other player or
the stock holds it. Then the second half: each reads their own new hand, and nothing else."""
from __future__ import annotations

from tests import client
from tests.adversarial.test_leaks import names_of
from tests.table import Table, assert_rejected


def stock(table: Table) -> set[str]:
    state = client.admin_get(f"rooms/{table.room_id}/private/state")
    return {card for hand in state["match"]["deal"]["stock"] for card in hand.split()}


def test_nobody_learns_the_stock_or_the_other_hand_in_the_first_half():
    table = Table.started(seats=2, settings={"variant": "memory"})
    spectator = Table.started().players[0]
    assert table.call("watchRoom", spectator) == {"success": True}
    kept = stock(table)
    assert len(kept) == 26
    probes = 0
    room = table.room()
    while room["status"] == "firstHalf":
        hands = {p.uid: client.admin_hand(table.room_id, p.uid)["cards"] for p in table.players}
        for viewer in [*table.players, spectator]:
            seen = client.read(f"rooms/{table.room_id}", viewer)
            assert seen == room
            hidden = kept | {c for uid, cards in hands.items() if uid != viewer.uid for c in cards}
            assert not names_of(seen, hidden), names_of(seen, hidden)
        actor = table.to_act(room)
        other = next(p for p in table.players if p is not actor)
        readings = set()
        for card in (sorted(kept)[len(room["tricks"])], *hands[other.uid][:1]):
            error = assert_rejected("playCard", {"roomID": table.room_id, "card": card}, actor,
                                    "failed-precondition", "CARD_NOT_IN_HAND")
            assert not names_of(error.message, hidden - {card})
            readings.add((error.reason, error.message.replace(card, "<card>")))
            probes += 1
        assert len(readings) == 1, readings
        table.play(table.choose_card(actor, room), actor)
        room = table.room()
    assert room["status"] == "bidding" and probes > 45  # every card; the other hand's while it holds one
    for player in table.players:
        assert set(table.hand(player)) <= kept
    assert client.read_error(f"rooms/{table.room_id}/private/state", table.players[0]).code == "permission-denied"
