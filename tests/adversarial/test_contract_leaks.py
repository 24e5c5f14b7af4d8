"""Contract bridge and TigerBridge secrecy through the emulators (SPEC §11, docs/TIGER.md): a
deal played by four people and watched by a spectator, every document each of them may read
checked at every step, and every rejected call probed with cards of every holder.

What is public in contract bridge: the auction, the cards played, and the dummy's cards from the
opening lead on (`room.dummy`). Every other card stays hidden: no document, answer or error may
name one, and a rejection must read the same whoever holds the card sent.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests import client
from tests.adversarial.test_leaks import Game, names_of
from tests.client import User
from tests.table import Table, database


class ContractGame(Game):
    """`Game`'s reading and probing, with the dummy public once shown and no partner card."""

    def hidden_from(self, viewer: User, room: dict, hands: dict[str, list[str]]) -> set[str]:
        shown = set(room["dummy"]["cards"]) if room["dummy"] else set()
        return {card for uid, cards in hands.items() if uid != viewer.uid for card in cards} - shown

    def check_contract_views(self) -> tuple[dict, dict[str, list[str]]]:
        room, hands = self.state()
        played = room["tricks"] or (room["trick"] and room["trick"]["cards"])
        if room["status"] == "playing" and not played:
            assert room["dummy"] is None, "the dummy is shown before the opening lead"
        for viewer in [*self.table.players, self.spectator]:
            seen = client.read(f"rooms/{self.table.room_id}", viewer)
            assert seen == room
            hidden = self.hidden_from(viewer, room, hands)
            assert not names_of(seen, hidden), names_of(seen, hidden)
        return room, hands

    def probe_play(self, room: dict, hands: dict[str, list[str]]) -> None:
        table, seating = self.table, room["seating"]
        before = database()
        dummy = room["dummy"]
        turn, declarer = room["turn"], room["contract"]["declarer"]
        on_dummy = dummy is not None and turn == dummy["position"]
        actor = table.at(declarer if on_dummy else turn, room)
        held = dummy["cards"] if on_dummy else hands[actor.uid]
        hidden = self.hidden_from(actor, room, hands)
        # The actor sends a card of each other hidden hand: refused alike, naming no other card.
        others = [uid for position, uid in enumerate(seating)
                  if uid != actor.uid and not (dummy and position == dummy["position"]) and hands[uid]]
        cards = [self.rng.choice(hands[uid]) for uid in others]
        if on_dummy and hands[actor.uid]:
            cards.append(self.rng.choice(hands[actor.uid]))  # the declarer's own card, on the dummy's turn
        self.rejections_read_alike(actor, "playCard", [c for c in cards if c not in held], room, hidden,
                                   "CARD_NOT_IN_HAND")
        # Everyone else is refused alike, the dummy's own player on the dummy's turn included.
        for uid in seating:
            user = table.user(uid)
            if user is actor:
                continue
            sent = [self.rng.choice(hands[u]) for u in seating if hands[u]]
            self.rejections_read_alike(user, "playCard", sent, room, self.hidden_from(user, room, hands),
                                       "NOT_YOUR_TURN")
        assert database() == before, "a rejected call changed the database"

    def play_contract(self, calls: tuple[str, ...], until: Callable[[dict], bool] = lambda room: False) -> dict:
        """The calls, then cards until the deal ends or `until` the room; every step checked and
        probed. The room at the end."""
        table = self.table
        for call in calls:
            room, hands = self.check_contract_views()
            self.steps += 1
            reply: Any = table.call("placeBid", table.at(room["turn"], room), bid=call)
            assert reply is None
        while True:
            room, hands = self.check_contract_views()
            if room["status"] != "playing" or until(room):
                return room
            self.probe_play(room, hands)
            self.steps += 1
            player = table.card_player(room)
            reply = table.call("playCard", player, card=self.rng.choice(table.told(player, room)))
            assert not names_of(reply, self.hidden_from(player, room, hands)), reply


def test_no_player_or_spectator_learns_a_hidden_card_in_contract_bridge():
    table = Table.started(settings={"variant": "contract"})
    spectator = Table.started().players[0]  # dealt a hand in a room of their own
    assert table.call("watchRoom", spectator) == {"success": True}
    game = ContractGame(table, spectator)
    final = game.play_contract(("1H", "X", "XX", "PASS", "PASS", "PASS"))
    assert final["status"] == "dealEnded" and final["contract"]["doubled"] == "XX"
    assert final["dummy"] == {"position": 2, "cards": [], "plays": None}
    assert game.steps == 6 + 52 and game.probes > 52 * 4


def test_no_player_or_spectator_learns_a_hidden_card_in_tigerbridge():
    """The same scan in TigerBridge (docs/TIGER.md): the Lookout is public from the opening lead
    on, as the dummy is, and nothing else."""
    table = Table.started(settings={"variant": "tiger"})
    spectator = Table.started().players[0]
    assert table.call("watchRoom", spectator) == {"success": True}
    game = ContractGame(table, spectator)
    final = game.play_contract(("5S", "PASS", "PASS", "PASS"))  # proclaimed left of the dealer, position 1
    assert final["status"] == "dealEnded" and final["contract"]["bid"] == "5S"
    assert final["dummy"] == {"position": 3, "cards": [], "plays": None}
    assert game.steps == 4 + 52 and game.probes > 52 * 4
