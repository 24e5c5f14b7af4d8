"""What each player can learn (SPEC §6: "No public field may reveal a card in another player's
hand or, before the partner card is played, who the partner is").

Complete games are driven through the callables (tests/table.py). At every step — after the
deal, every bid, the partner card, every card — each of the four players reads everything the
rules let them read (the room, their hand, their account) and makes deliberately illegal calls
(playing others' cards, naming partner cards out of turn or phase, bidding out of turn, a stale
`expectedVersion` …). Then:

- nothing a player read or was answered names a card of another player's unplayed hand (the
  partner card itself is public once named);
- each hand is sealed in the room document for its holder alone: every seal has the same length,
  each changes with every change of the room, and a player's key opens their own seal and no other
  (`check_seals`);
- before the partner card is played, `partnerPosition` and `result` are null, and the public
  room document is the same whichever non-declarer holds the partner card (the stored state is
  re-projected with the card moved to each other candidate);
- a rejection reads the same whoever holds the card in question (partner, opponent, nobody);
- every rejection leaves the database as it was;
- the functions' log output names no card at all.
"""
from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from cryptography.exceptions import InvalidTag

from tests import client
from tests.adversarial.common import CARD_TOKEN, DECK
from tests.client import User
from tests.table import Table, database, illegal_cards, new_player

pytestmark = pytest.mark.usefixtures("emulator")

ROOM_FIELDS = {"hostID", "status", "settings", "invited", "memberIDs", "players", "seating", "dealer", "turn", "washes",
               "bids", "highestBid", "contract", "partnerCard", "partnerPosition", "trick", "tricks", "tricksWon",
               "trumpBroken", "handSizes", "result", "match", "turnDeadline", "spectators", "dummy", "board",
               "firstHalf", "event", "tournament", "claim", "claims", "undo", "nextDeal", "dealing", "legal", "alerts",
               "version", "createdAt", "updatedAt", "sealedHands"}
ACCOUNT_FIELDS = {"uid", "displayName", "createdAt", "roomID", "eventID", "directing", "tournaments", "entered",
                  "stats"}
#: Fields whose text is a bid, not a card ("2C" is both the bid and the two of clubs).
BID_PATHS = re.compile(
    r"(bids\[\d+\]\.bid|highestBid\.bid|contract\.bid|result\.contract|legal\[\d\]\.placeBid\[\d+\])")
#: A hand sealed for its holder: random to anyone else (`Game.check_seals`), so it names nothing.
SEAL_PATHS = re.compile(r"sealedHands\[\d\]")
#: The length of every seal: base64 of a 12-byte nonce, the 50-byte hand and a 16-byte tag.
SEAL_LENGTH = 104
LOG = Path(__file__).resolve().parents[2] / "firebase-debug.log"


def names_of(value: Any, cards: set[str], path: str = "") -> list[str]:
    """Where in `value` (any JSON) a card of `cards` is named: as a string, within a string
    (a message), or as a key. Bid fields are skipped."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if CARD_TOKEN.search(str(key)) and set(CARD_TOKEN.findall(str(key))) & cards:
                found.append(f"key {where}")
            found += names_of(item, cards, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += names_of(item, cards, f"{path}[{i}]")
    elif isinstance(value, str) and not BID_PATHS.fullmatch(path) and not SEAL_PATHS.fullmatch(path):
        named = set(CARD_TOKEN.findall(value)) & cards
        if named:
            found.append(f"{path or 'text'}={value!r} names {sorted(named)}")
    return found


class Game:
    """One game, watched from all four seats and by a spectator (SPEC §13) who plays in another room."""

    def __init__(self, table: Table, spectator: User) -> None:
        self.table = table
        self.spectator = spectator
        self.rng = random.Random()
        self.steps = self.probes = 0
        self.seals: list[str] = []  # the seals of the room as last checked
        self.version = 0

    # -- the true state, as the admin sees it --

    def state(self) -> tuple[dict, dict[str, list[str]]]:
        room = client.admin_get(f"rooms/{self.table.room_id}")
        hands = {uid: client.admin_hand(self.table.room_id, uid)["cards"] for uid in room["seating"] or []}
        return room, hands

    def hidden_from(self, viewer: User, room: dict, hands: dict[str, list[str]]) -> set[str]:
        """Cards in other players' hands, less the partner card (public once named)."""
        hidden = {card for uid, cards in hands.items() if uid != viewer.uid for card in cards}
        return hidden - {room["partnerCard"]}

    def public_bids(self, room: dict) -> set[str]:
        return {entry["bid"] for entry in room["bids"]}

    # -- what each player reads --

    def check_views(self) -> tuple[dict, dict[str, list[str]]]:
        room, hands = self.state()
        assert set(room) == ROOM_FIELDS, f"unexpected room fields: {set(room) ^ ROOM_FIELDS}"
        for viewer in self.table.players:
            hidden = self.hidden_from(viewer, room, hands)
            seen = client.read(f"rooms/{self.table.room_id}", viewer)
            assert seen == room
            assert not names_of(seen, hidden), names_of(seen, hidden)
            own = self.table.told_hand(viewer, seen)
            assert own["cards"] == hands[viewer.uid]
            self.check_own_legal(own, room)
            account = client.read(f"players/{viewer.uid}", viewer)
            assert set(account) == ACCOUNT_FIELDS
            assert not names_of(account, hidden), names_of(account, hidden)
        # The spectator reads exactly the public room, and no key to a hand of it.
        assert client.read(f"rooms/{self.table.room_id}", self.spectator) == room
        for uid in hands:
            error = client.read_error(f"rooms/{self.table.room_id}/keys/{uid}", self.spectator)
            assert error.code == "permission-denied"
        self.check_seals(room)
        self.check_deal_record(room, hands)
        self.check_partner_secret(room, hands)
        return room, hands

    def check_seals(self, room: dict) -> None:
        """Each person's seal has the one length every seal has, and only their own key opens it
        (AES-GCM refuses any other key: `InvalidTag`); once the room has changed, no seal is what
        it was (each is sealed afresh under a new nonce), so which hands changed does not show."""
        seals = room["sealedHands"]
        assert len(seals) == len(room["seating"]) and all(len(seal) == SEAL_LENGTH for seal in seals), seals
        for viewer in self.table.players:
            key = self.table.key(viewer)
            for position, seal in enumerate(seals):
                if room["seating"][position] != viewer.uid:
                    with pytest.raises(InvalidTag):
                        client.open_hand(seal, key)
        if room["version"] != self.version:
            kept = {seal for seal in seals if seal} & set(self.seals)
            assert not kept, "a seal was kept from the room's last version"
        self.seals, self.version = seals, room["version"]

    @staticmethod
    def check_own_legal(own: dict, room: dict) -> None:
        """A hand document's told cards name no card its reader could not: naming the partner
        card, every card they do not hold (derived from their own hand); playing, cards of their
        own hand only (the dummy's are in the room document, from its public hand)."""
        if own["partnerCards"] is not None:
            assert room["status"] == "choosingTeammate"
            assert set(own["partnerCards"]) == set(DECK) - set(own["cards"])
        for cards in (own["plays"] or {}).values():
            assert set(cards) <= set(own["cards"])
        dummy = room["dummy"]
        for cards in ((dummy or {}).get("plays") or {}).values():
            assert set(cards) <= set(dummy["cards"])

    def check_deal_record(self, room: dict, hands: dict[str, list[str]]) -> None:
        """The deal's hand record (SPEC §9) does not exist for anyone until the deal has finished;
        then every player reads the same record, whose hands are the cards played and still held."""
        path = f"rooms/{self.table.room_id}/deals/{room['match']['dealNumber']}"
        finished = room["status"] in ("dealEnded", "ended") and room["result"]["abandonedBy"] is None
        for viewer in [*self.table.players, self.spectator]:
            if not finished:
                assert client.read_error(path, viewer).code == "not-found"
                continue
            record = client.read(path, viewer)
            played: dict[int, list[str]] = {}
            for trick in room["tricks"]:
                for play in trick["cards"]:
                    played.setdefault(play["position"], []).append(play["card"])
            assert [sorted(h["cards"]) for h in record["hands"]] == [
                sorted(hands[uid] + played.get(p, [])) for p, uid in enumerate(room["seating"])]
            assert record["tricks"] == room["tricks"] and record["result"] == room["result"]

    def check_partner_secret(self, room: dict, hands: dict[str, list[str]]) -> None:
        """While the partner card is unplayed, the room document is the same whichever
        non-declarer holds it."""
        card = room["partnerCard"]
        played = [c["card"] for t in room["tricks"] + ([room["trick"]] if room["trick"] else []) for c in t["cards"]]
        if card is None or card in played or room["status"] == "ended":
            return
        assert room["partnerPosition"] is None and room["result"] is None
        from bridge import documents, state

        seating = room["seating"]
        declarer = seating[room["contract"]["declarer"]]
        holder = next(uid for uid, cards in hands.items() if card in cards)
        # The room's projection of its state; `spectators` is its audience's (bridge.audience).
        stored = {name: value for name, value in room.items()
                  if name not in ("version", "createdAt", "updatedAt", "spectators", "sealedHands")}
        canonical = self.table.stored_state()
        actual = documents.public_room(state.decode(canonical))
        assert actual == stored, "the room document is not the projection of the stored state"
        for other in seating:
            if other in (declarer, holder) or not hands[other]:  # in the last trick a hand may be empty
                continue
            swap = self.rng.choice(hands[other])
            moved = {uid: list(cards) for uid, cards in hands.items()}
            moved[holder] = [swap if c == card else c for c in moved[holder]]
            moved[other] = [card if c == swap else c for c in moved[other]]
            deal = canonical["match"]["deal"]
            exchanged = {card: swap, swap: card}
            point = canonical["undoPoint"]  # the deal the last action may go back to: the same cards exchanged
            alternative = documents.public_room(state.decode({**canonical, "match": {**canonical["match"], "deal": {
                **deal, "hands": [" ".join(moved[uid]) for uid in seating]}}, "undoPoint": point and {
                **point, "deal": {**point["deal"], "hands": [" ".join(exchanged.get(c, c) for c in hand.split())
                                                             for hand in point["deal"]["hands"]]}}}))
            assert alternative == actual, (
                f"the room document would differ if position {seating.index(other)} held the partner card: "
                + ", ".join(k for k in actual if actual[k] != alternative[k]))

    # -- illegal calls --

    def rejections_read_alike(self, user: User, name: str, cards: list[str], room: dict, hidden: set[str],
                              reason: str, **extra: Any) -> None:
        """`user` calls `name` with each card; all must be rejected with `reason` and read the
        same once the card itself is blanked out, and name no hidden card but the one sent."""
        readings = {}
        for card in cards:
            error = self.table.error(name, user, card=card, **extra)
            self.probes += 1
            assert error.reason == reason, f"{name}({card}) by {user.uid[:6]}: {error}"
            assert not names_of(error.details, hidden - {card}), error.details
            assert not names_of(error.message, hidden - {card} - self.public_bids(room)), error.message
            readings[card] = (error.http_status, error.status, error.reason, error.message.replace(card, "<card>"),
                              json.dumps(error.details, sort_keys=True))
        assert len(set(readings.values())) <= 1, f"{name} reads differently by card: {readings}"

    def one_card_of_each(self, hands: dict[str, list[str]], uids: list[str]) -> list[str]:
        return [self.rng.choice(hands[uid]) for uid in uids if hands[uid]]

    def probe(self, room: dict, hands: dict[str, list[str]]) -> None:
        table, status = self.table, room["status"]
        seating = room["seating"]
        before = database()
        everyone = [table.user(uid) for uid in seating]
        played = [c["card"] for t in room["tricks"] + ([room["trick"]] if room["trick"] else []) for c in t["cards"]]
        if status == "ended":
            for user in everyone:
                hidden = self.hidden_from(user, room, hands)
                cards = self.one_card_of_each(hands, seating) + self.rng.sample(played, 1)
                self.rejections_read_alike(user, "playCard", cards, room, hidden, "GAME_ENDED")
                self.rejections_read_alike(user, "chooseTeammate", cards, room, hidden, "GAME_ENDED")
        else:
            actor = table.at(room["turn"], room)
            others = [u for u in everyone if u is not actor]
            hidden = self.hidden_from(actor, room, hands)
            others_cards = self.one_card_of_each(hands, [u.uid for u in others])
            if status == "bidding":
                self.rejections_read_alike(actor, "playCard", others_cards, room, hidden, "WRONG_PHASE")
                self.rejections_read_alike(actor, "chooseTeammate", others_cards, room, hidden, "WRONG_PHASE")
                bystander = self.rng.choice(others)
                error = table.error("placeBid", bystander, bid="7NT")
                assert error.reason == "NOT_YOUR_TURN", error
                if room["highestBid"] is not None:
                    error = table.error("placeBid", actor, bid=room["highestBid"]["bid"])
                    assert error.reason == "BID_TOO_LOW", error
                    assert not names_of(error.message, hidden - self.public_bids(room)), error.message
                self.probes += 2
            elif status == "choosingTeammate":
                # The declarer (to act): a stale version is refused alike for every holder's card.
                self.rejections_read_alike(actor, "chooseTeammate", others_cards, room, hidden, "STALE_STATE",
                                           expectedVersion=room["version"] - 1)
                error = table.error("chooseTeammate", actor, card=hands[actor.uid][0])
                assert error.reason == "OWN_CARD", error
                self.probes += 1
                for bystander in others:
                    cards = self.one_card_of_each(hands, [u.uid for u in everyone])  # own, declarer's, others'
                    self.rejections_read_alike(bystander, "chooseTeammate", cards, room,
                                               self.hidden_from(bystander, room, hands), "NOT_DECLARER")
                self.rejections_read_alike(actor, "playCard", others_cards, room, hidden, "WRONG_PHASE")
            elif status == "playing":
                # Cards the player to act does not hold: each other player's (the partner's among them),
                # the partner card itself when someone else holds it, and one already played.
                cards = others_cards + [c for c in [room["partnerCard"]]
                                        if c not in hands[actor.uid] and c not in played]
                cards += self.rng.sample(played, 1) if played else []
                self.rejections_read_alike(actor, "playCard", cards, room, hidden, "CARD_NOT_IN_HAND")
                for card, reason in illegal_cards(hands[actor.uid], room).items():
                    error = table.error("playCard", actor, card=card)
                    assert error.reason == reason, error
                    assert not names_of(error.message, hidden), error.message
                    self.probes += 1
                bystander = self.rng.choice(others)
                third = [u.uid for u in others if u is not bystander][:1]
                cards = self.one_card_of_each(hands, [bystander.uid, actor.uid, *third])
                self.rejections_read_alike(bystander, "playCard", cards, room, self.hidden_from(bystander, room, hands),
                                           "NOT_YOUR_TURN")
                self.rejections_read_alike(self.rng.choice(everyone), "chooseTeammate", others_cards, room, hidden,
                                           "WRONG_PHASE")
        self.probe_as_spectator(room, hands)
        assert database() == before, "a rejected call changed the database"

    def probe_as_spectator(self, room: dict, hands: dict[str, list[str]]) -> None:
        """The spectator's moves are refused alike whoever holds the card, naming no hidden card."""
        hidden = {card for cards in hands.values() for card in cards} - {room["partnerCard"]}
        cards = self.one_card_of_each(hands, room["seating"])
        self.rejections_read_alike(self.spectator, "playCard", cards, room, hidden, "NOT_IN_ROOM")
        name, data = self.rng.choice([("placeBid", {"bid": "7NT"}), ("chooseTeammate", {"card": "AS"}),
                                      ("claimTimeout", {}), ("toggleReady", {}), ("leaveGameRoom", {}),
                                      ("kickPlayer", {"uid": room["seating"][1]})])
        error = self.table.error(name, self.spectator, **data)
        self.probes += 1
        assert error.reason == "NOT_IN_ROOM", f"{name} by the spectator: {error}"
        assert not names_of(error.message, hidden - {"AS"}), error.message

    # -- the game --

    def step(self, move) -> None:
        """Check all views and probes, then make the move (a callable's reply is checked too)."""
        room, hands = self.check_views()
        self.probe(room, hands)
        self.steps += 1
        reply = move(room, hands)
        actor_hidden = self.hidden_from(self.table.to_act(room), room, hands) if room["turn"] is not None else set()
        assert not names_of(reply, actor_hidden), reply

    def play(self, contract: str) -> dict:
        table = self.table

        def bid(call: str):
            return lambda room, hands: table.call("placeBid", table.to_act(room), bid=call)

        # Two bids before the contract, so BID_TOO_LOW and a non-empty auction are probed too.
        opening = "1C" if contract != "1C" else "PASS"
        for call in (opening, "PASS", contract, "PASS", "PASS", "PASS"):
            self.step(bid(call))

        def choose(room, hands):
            declarer = table.at(room["contract"]["declarer"], room)
            candidates = [c for uid, cards in hands.items() if uid != declarer.uid for c in cards]
            return table.call("chooseTeammate", declarer, card=self.rng.choice(candidates))
        self.step(choose)

        def play_card(room, hands):
            player = table.to_act(room)
            return table.call("playCard", player, card=table.choose_card(player, room))
        while client.admin_get(f"rooms/{table.room_id}")["status"] == "playing":
            self.step(play_card)
        room, hands = self.check_views()
        self.probe(room, hands)
        return room


def log_size() -> int:
    assert LOG.exists(), (f"{LOG} is missing: the emulators must run from the repository root "
                          "(./scripts/test, ./scripts/with-emulators or ./scripts/dev)")
    return LOG.stat().st_size


def function_output_since(offset: int) -> list[str]:
    """The lines the functions wrote (stdout/stderr, which firebase-tools logs as `"user"`) since `offset`."""
    with LOG.open("rb") as f:
        f.seek(offset)
        text = f.read().decode("utf-8", "replace")
    lines = []
    for line in text.splitlines():
        start = line.find('{"user":')
        if start >= 0:
            try:
                lines.append(json.loads(line[start:])["user"])
            except ValueError:
                lines.append(line[start:])
    return lines


def wait_for_output(offset: int, control, seconds: float = 5.0) -> list[str]:
    """The function output since `offset`, once a line satisfying `control` has been written
    (firebase-tools writes its log asynchronously)."""
    deadline = time.monotonic() + seconds
    while True:
        lines = function_output_since(offset)
        if any(control(line) for line in lines):
            return lines
        assert time.monotonic() < deadline, f"the control line never reached {LOG}: {lines[-5:]}"
        time.sleep(0.1)


# A suit contract ended early (trump rules, the early end for every possible partner) and a
# no-trump one played to its thirteenth trick: between them every rule the scan watches.
@pytest.mark.parametrize(("contract", "play_all"), [("4S", False), ("2NT", True)],
                         ids=["4S-to-target", "2NT-all-13-tricks"])
def test_no_player_learns_a_hidden_card_or_the_partner_from_anything_they_read_or_are_told(contract, play_all):
    offset = log_size()
    table = Table.started(settings={"playAllTricks": play_all})
    spectator = Table.started().players[0]  # dealt a hand in a room of their own
    assert table.call("watchRoom", spectator) == {"success": True}
    game = Game(table, spectator)
    final = game.play(contract)
    assert final["status"] == "ended" and final["result"] is not None
    assert final["partnerPosition"] is not None  # published at the end (a control for the checks above)
    assert game.steps >= 6 + 1 + (13 if play_all else 4) * 4 and game.probes > 5 * game.steps

    # A hostile request carrying hidden cards in places the SDK would have logged.
    room, hands = game.state()
    remaining = [c for cards in hands.values() for c in cards]
    card = remaining[0] if remaining else room["tricks"][-1]["cards"][0]["card"]
    for body in (json.dumps({"data": {"roomID": table.room_id}, card: card}).encode(),
                 json.dumps({"dat": {"card": card}}).encode()):
        response = client.call_raw("playCard", body, table.players[0])
        assert response.status_code == 400, response.text

    # A control: the SDK logs a call with a bad ID token ("Callable request verification failed"),
    # so the scan must see that line.
    client.call_raw("playCard", json.dumps({"data": {}}), "not-a-token")
    output = wait_for_output(offset, lambda line: "verification failed" in line)
    named = [line for line in output if CARD_TOKEN.search(line) and set(CARD_TOKEN.findall(line)) & set(DECK)]
    assert not named, "the functions logged card text:\n  " + "\n  ".join(named[:10])
    assert not [line for line in output if "Traceback" in line or "Unexpected" in line], output


def test_an_unexpected_error_is_logged_without_its_text_or_the_request(service, caplog):
    """A bug's exception may quote documents (hidden cards): the endpoint logs its type and
    where it happened, never its text nor the request data, and tells the client only INTERNAL."""
    from firebase_functions import https_fn

    secret = {"roomID": "room1", "card": "QS", "hand": ["AS", "KH", "7D"]}

    def buggy(call):
        raise KeyError(f"hands of {call.caller.uid}: {call.data['hand']} and {call.data['card']}")

    request = https_fn.CallableRequest(raw_request=None, data=secret, auth=https_fn.AuthData("uid1", {"uid": "uid1"}))
    caplog.set_level("DEBUG")
    with pytest.raises(https_fn.HttpsError) as raised:
        service.endpoint.handle("playCard", buggy, request)
    assert raised.value.code == https_fn.FunctionsErrorCode.INTERNAL
    assert raised.value.details == {"reason": "INTERNAL"}
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "KeyError" in logged and "buggy" in logged  # the type and the place are there …
    assert not CARD_TOKEN.search(logged) and "room1" not in logged and "uid1" not in logged  # … nothing else
    assert not CARD_TOKEN.search(str(raised.value.message))


def test_a_rejection_names_no_card_but_the_one_sent():
    """Every card move by every player with every card, in the partner phase and in play (after
    a lead, with trump unbroken), through the engine on the stored state: no rejection names a
    card other than the one sent (not even one of the caller's own)."""
    from bridge import BridgeError, Card

    def stored_state(table: Table):
        room = table.stored_room()
        return room.deal.players, room

    table = Table.started()
    table.win_auction("3H")
    states = [stored_state(table)]
    table.choose_teammate()
    table.play_legal()
    states.append(stored_state(table))

    reasons, messages = set(), []
    for seating, state in states:
        for uid in seating:
            for card in DECK:
                for move in (state.play_card, state.choose_partner):
                    try:
                        move(uid, Card.parse(card))
                    except BridgeError as error:
                        reasons.add(error.reason.value)
                        messages.append((card, error.message))
    assert {"OWN_CARD", "NOT_DECLARER", "WRONG_PHASE", "NOT_YOUR_TURN", "CARD_NOT_IN_HAND"} <= reasons, reasons
    for card, message in messages:
        assert set(CARD_TOKEN.findall(message)) <= {card}, message


# ---- invite-only rooms: what an outsider can learn by calling -------------------------------------

def invite_only_rooms() -> dict[str, Table]:
    """Invite-only rooms in every state an outsider might want to know about."""
    settings = {"inviteOnly": True}
    rooms = {"waiting": Table.open(2, settings=settings), "full": Table.open(4, settings=settings),
             "bidding": Table.started(settings=settings), "playing": Table.playing("1NT", settings=settings)}
    abandoned = Table.started(settings=settings)
    abandoned.leave(abandoned.players[3])
    rooms["ended"] = abandoned
    return rooms


ROOM_CALLS = {"joinGameRoom": {}, "leaveGameRoom": {}, "toggleReady": {}, "placeBid": {"bid": "7NT"},
              "chooseTeammate": {"card": "AS"}, "playCard": {"card": "AS"}, "inviteToRoom": {"uid": "someone"},
              "updateRoomSettings": {"settings": {"inviteOnly": False}}, "addBot": {}, "removeBot": {"uid": "~bot1"},
              "claimTimeout": {}, "watchRoom": {}, "stopWatching": {}, "kickPlayer": {"uid": "someone"},
              "sendMessage": {"text": "hello?"}}
#: Calls that take no `expectedVersion` (an outsider's guess is not sent).
UNVERSIONED = {"sendMessage"}
#: What an outsider is told: "not invited" where they might come in, else "not in the room".
OUTSIDER_REASON = {"joinGameRoom": "NOT_INVITED", "watchRoom": "NOT_INVITED"}


def test_an_outsider_learns_nothing_about_an_invite_only_room_from_any_call():
    """The rules hide an invite-only room from everyone but its members and invitees (SPEC §6),
    so calls must too: every call an outsider aims at such a room is answered the same whether
    the room waits, is full, is in its auction, in play or ended, and whatever `expectedVersion`
    they guess (the room's own version among the guesses). Nothing changes."""
    rooms = invite_only_rooms()
    outsider = new_player()
    before = database()
    answers: dict[tuple[str, str], set] = {}
    for state, table in rooms.items():
        version = client.admin_get(f"rooms/{table.room_id}")["version"]
        for name, data in ROOM_CALLS.items():
            for guess in (None,) if name in UNVERSIONED else (None, version, version + 1, 0):
                sent = {**data, **({} if guess is None else {"expectedVersion": guess})}
                error = table.error(name, outsider, **sent)
                answers.setdefault((name, state), set()).add(
                    (error.http_status, error.status, error.reason, error.message, json.dumps(error.details)))
    assert database() == before
    for name in ROOM_CALLS:
        per_state = {state: answers[(name, state)] for state in rooms}
        distinct = set().union(*per_state.values())
        assert len(distinct) == 1, f"{name} tells an outsider about the room: {per_state}"
        (_, _, reason, _, _), = distinct
        assert reason == OUTSIDER_REASON.get(name, "NOT_IN_ROOM"), distinct
