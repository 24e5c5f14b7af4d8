"""Claims and secrecy (SPEC §15) through the emulators: a claim makes the claimer's remaining
cards public and nothing else. A contract-bridge deal played by four people and watched by a
spectator is claimed, the claim rejected, play resumed and a second claim accepted: at every
step every document each may read, every answer and every error is checked for hidden cards,
and the refusals read alike whoever holds the card sent. In Floating Bridge a claim before the
partner card is played is refused the same way whoever holds that card."""
from __future__ import annotations

from tests import client
from tests.adversarial.test_contract_leaks import ContractGame
from tests.adversarial.test_leaks import names_of
from tests.client import User
from tests.table import Table, database

pytestmark = __import__("pytest").mark.usefixtures("emulator")


class ClaimGame(ContractGame):
    """The contract scan, with the open claim's cards public."""

    def hidden_from(self, viewer: User, room: dict, hands: dict[str, list[str]]) -> set[str]:
        """A claim shows the claimer's cards to the table, and a rejected one leaves them shown."""
        claimed = {card for claim in room["claims"] for card in claim["cards"]}
        return super().hidden_from(viewer, room, hands) - claimed

    def refused_without_a_card(self, user: User, name: str, reason: str, hidden: set[str], **data) -> None:
        error = self.table.error(name, user, **data)
        self.probes += 1
        assert error.reason == reason, f"{name} by {user.uid[:6]}: {error}"
        assert not names_of(error.message, hidden) and not names_of(error.details, hidden), error

    def probe_claim(self, room: dict, hands: dict[str, list[str]]) -> None:
        """With a claim open: cards of every holder are refused alike (`CLAIM_PENDING`), the claimer's
        side may not answer, a second claim waits; nothing changes."""
        table, seating = self.table, room["seating"]
        before = database()
        declarer = table.at(room["contract"]["declarer"], room)
        dummy = table.at(room["dummy"]["position"], room)
        actor = declarer if room["turn"] == room["dummy"]["position"] else table.at(room["turn"], room)
        cards = [self.rng.choice(hands[uid]) for uid in seating if hands[uid]]
        self.rejections_read_alike(actor, "playCard", cards, room, self.hidden_from(actor, room, hands),
                                   "CLAIM_PENDING")
        for player in (declarer, dummy):
            self.refused_without_a_card(player, "respondClaim", "NOT_OPPONENT",
                                        self.hidden_from(player, room, hands), accept=True)
        self.refused_without_a_card(declarer, "claim", "CLAIM_PENDING", self.hidden_from(declarer, room, hands),
                                    tricks=1)
        assert database() == before, "a rejected call changed the database"


def between_tricks_after(tricks: int):
    return lambda room: len(room["tricks"]) >= tricks and not room["trick"]["cards"]


def test_a_claim_shows_the_claimers_cards_and_nothing_else_to_anyone():
    table = Table.started(settings={"variant": "contract"})
    spectator = Table.started().players[0]
    assert table.call("watchRoom", spectator) == {"success": True}
    game = ClaimGame(table, spectator)
    room = game.play_contract(("1NT", "PASS", "PASS", "PASS"), until=between_tricks_after(3))
    declarer, left, dummy, right = (table.at(p, room) for p in range(4))
    hands = game.state()[1]
    for player in (left, dummy, right):  # only the declarer claims, and no card is named in refusals
        game.refused_without_a_card(player, "claim", "NOT_DECLARER", game.hidden_from(player, room, hands), tricks=1)
    game.refused_without_a_card(declarer, "claim", "INVALID_ARGUMENT", game.hidden_from(declarer, room, hands),
                                tricks=11)

    assert table.call("claim", declarer, tricks=4) == {"success": True, "claim": "open"}
    room, hands = game.check_contract_views()
    assert room["claim"]["cards"] == hands[declarer.uid]
    game.probe_claim(room, hands)
    assert table.call("respondClaim", right, accept=False) == {"success": True}
    room, hands = game.check_contract_views()  # withdrawn: no open claim; the cards it showed stay shown
    assert room["claim"] is None and [c["result"] for c in room["claims"]] == ["rejected"]

    room = game.play_contract((), until=between_tricks_after(len(room["tricks"]) + 1))
    assert table.call("claim", declarer, tricks=len(hands[declarer.uid]) - 1)["claim"] == "open"
    room, hands = game.check_contract_views()
    game.probe_claim(room, hands)
    for player in (left, right):
        assert table.call("respondClaim", player, accept=True) == {"success": True}
    room, hands = game.check_contract_views()
    assert room["status"] == "dealEnded" and room["claim"]["answering"] == []
    record = client.read(f"rooms/{table.room_id}/deals/1", spectator)
    assert record["claim"]["by"] == 0
    assert game.probes > 30


def test_in_floating_bridge_a_claim_before_the_partner_card_reads_the_same_whoever_holds_it():
    table = Table.playing("1NT", settings={"washRule": False})
    room = table.room()
    declarer = table.declarer(room)
    position = room["contract"]["declarer"]
    card = room["partnerCard"]
    hands = table.hands(room)
    holder = next(p for p, hand in enumerate(hands) if card in hand)
    readings = []
    for other in [p for p in range(4) if p not in (position,)]:
        if other != holder:  # move the partner card to `other`, in exchange for one of its cards
            swap = hands[other][0]
            table.rig_hands({holder: [swap if c == card else c for c in hands[holder]],
                             other: [card if c == swap else c for c in hands[other]]}, room)
        error = table.reject("claim", declarer, "failed-precondition", "WRONG_PHASE", tricks=1)
        seen = table.as_seen_by(table.room(declarer), declarer)
        readings.append((error.message, error.details, {k: v for k, v in seen.items() if k not in ("updatedAt",)}))
        hands, holder = table.hands(room), other
    assert len({repr(r) for r in readings}) == 1


def test_in_floating_bridge_an_undo_before_the_partner_is_known_asks_everyone_whoever_holds_the_card():
    """Who is asked to agree to an undo would tell the table who the partner is if it were the
    other side: before the partner card is played every other person is asked, and the room
    reads the same whoever holds the card."""
    table = Table.playing("1NT", settings={"washRule": False})
    room = table.room()
    declarer = table.declarer(room)
    position = room["contract"]["declarer"]
    card = room["partnerCard"]
    lead = table.hand(declarer)[0]
    readings = []
    for other in [p for p in range(4) if p != position]:
        hands = table.hands(room)
        holder = next(p for p, hand in enumerate(hands) if card in hand)
        if other != holder:  # move the partner card to `other`, in exchange for one of its cards
            swap = hands[other][0]
            table.rig_hands({holder: [swap if c == card else c for c in hands[holder]],
                             other: [card if c == swap else c for c in hands[other]]}, room)
        table.play(lead, declarer)
        assert table.call("requestUndo", declarer) == {"success": True}
        asked = table.room()
        seen = table.as_seen_by(table.room(declarer), declarer)
        readings.append({k: v for k, v in seen.items() if k not in ("updatedAt", "version")})
        for answering in asked["undo"]["answering"]:
            assert table.call("respondUndo", table.at(answering, asked), accept=True) == {"success": True}
        assert table.room()["trick"]["cards"] == []
    assert readings[0]["undo"]["answering"] == [p for p in range(4) if p != position]
    assert all(reading == readings[0] for reading in readings)
