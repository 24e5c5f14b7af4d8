"""Drive a table of four players through the callables, exactly as their four clients would.

    table = Table.started()                    # 4 users sign up, create/join, ready, start
    table.bid("1C"); table.bid("PASS")         # whoever is to act, read from the room document
    declarer = table.win_auction("2H")         # the player to act bids, the next three pass
    table.choose_teammate()                    # the declarer names a card they do not hold
    final = table.play_to_end()                # legal cards until the room's status is `ended`

Every move is a callable over HTTP with the acting player's ID token; every read goes
through the Firestore REST API as a player, so the security rules apply. Cards to name or play
are chosen from what the server tells the player (`told_cards`: their hand document's `plays`,
docs/API.md "Legal actions"), as a client does. The tests' own reading of the rules
(`legal_cards`, `illegal_cards`: from the player's hand and the public room document) is an
independent oracle those told cards must equal (`Table.choose_card`), and the source of cards
the rules forbid. Nothing is imported from the engine.

`assert_rejected(name, data, user, code, reason)` calls a callable that must fail and checks
the error and that no Firestore document changed (`database()`: an admin listing of every
document, before and after).
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tests import client
from tests.client import CallError, User

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
HAND_SIZE = 13
SEATS = 4

Room = dict[str, Any]

#: A room's settings when created with none (SPEC §4, §9).
DEFAULT_SETTINGS = {"variant": "floating", "inviteOnly": False, "deals": 1, "scoring": "deals",
                    "turnSeconds": 0, "botReplacesLeaver": False, "botLevel": "basic", "chat": True, "undo": True,
                    "playAllTricks": False, "washRule": True}


# ---- cards, from a player's point of view ------------------------------------------------

def suit(card: str) -> str:
    return card[1]


def rank(card: str) -> int:
    """2 (deuce) … 14 (ace)."""
    return RANKS.index(card[0]) + 2


def led_suit(room: Room) -> str | None:
    """The suit led to the current trick, or None when the next card leads it."""
    trick = room.get("trick")
    return suit(trick["cards"][0]["card"]) if trick and trick["cards"] else None


def trump(room: Room) -> str | None:
    contract = room.get("contract")
    return contract["trump"] if contract else None


def illegal_cards(hand: Iterable[str], room: Room) -> dict[str, str]:
    """The cards of `hand` the rules forbid now, each with the reason a rejection must carry:
    not following the led suit while holding it (`MUST_FOLLOW_SUIT`), or, in Floating Bridge
    only, leading trump before trump is broken while holding another suit (`TRUMP_NOT_BROKEN`)."""
    hand = list(hand)
    led = led_suit(room)
    if led is not None:
        if any(suit(c) == led for c in hand):
            return {c: "MUST_FOLLOW_SUIT" for c in hand if suit(c) != led}
        return {}
    trumps = trump(room)
    if trumps is not None and room["settings"]["variant"] == "floating" and not room["trumpBroken"] \
            and any(suit(c) != trumps for c in hand):
        return {c: "TRUMP_NOT_BROKEN" for c in hand if suit(c) == trumps}
    return {}


def legal_cards(hand: Iterable[str], room: Room) -> list[str]:
    """The cards of `hand` that may be played now (SPEC §5.5)."""
    hand = list(hand)
    forbidden = illegal_cards(hand, room)
    return [c for c in hand if c not in forbidden]


def told_cards(hand: Mapping[str, Any], room: Room, uid: str) -> list[str]:
    """The cards `uid` is told they may name or play now (docs/API.md "Legal actions"), read as
    their client reads them: the room document (as they read it) says whether they are to name the
    partner card or play a card and for which hand; naming, their hand's `partnerCards`; playing,
    the `plays` of that hand (their own hand's, or as declarer the dummy's in the room document)
    for the trick on the table, by the suit of its first card (or to lead). `hand` is their own
    hand as sealed in that room document, opened with their key. [] when they have none to name or
    play."""
    told = room["legal"][[player["uid"] for player in room["players"]].index(uid)]
    if told["chooseTeammate"]:
        return list(hand["partnerCards"])
    plays_for = told["playCard"]
    if plays_for is None:
        return []
    dummy = room["dummy"]
    plays = dummy["plays"] if dummy is not None and dummy["position"] == plays_for else hand["plays"]
    trick = room["trick"]
    return list(plays[suit(trick["cards"][0]["card"]) if trick and trick["cards"] else "lead"])


def card_player_position(room: Room) -> int:
    """The position of whoever plays the next card, as the room document's `legal` says: the
    player to act, or the declarer for the dummy."""
    positions = [seat for seat, actions in enumerate(room["legal"]) if actions["playCard"] is not None]
    assert len(positions) == 1, f"the room's legal names {positions} to play a card: {room['legal']}"
    return positions[0]


def trick_winner(plays: list[Mapping[str, Any]], trumps: str | None) -> int:
    """The position winning a complete trick (`[{position, card}]`, lead first)."""
    led = suit(plays[0]["card"])

    def strength(play: Mapping[str, Any]) -> tuple[int, int]:
        card = play["card"]
        return (2 if suit(card) == trumps else 1 if suit(card) == led else 0, rank(card))

    return max(plays, key=strength)["position"]


def hand_points(hand: Iterable[str]) -> int:
    """A 4, K 3, Q 2, J 1, plus one for every card beyond four in a suit (SPEC §5.2)."""
    hand = list(hand)
    honours = sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[0], 0) for c in hand)
    return honours + sum(max(0, sum(suit(c) == s for c in hand) - 4) for s in SUITS)


# ---- rejections ----------------------------------------------------------------------------

def _changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    changed = []
    for path in sorted(before.keys() | after.keys()):
        old, new = before.get(path), after.get(path)
        if old == new:
            continue
        if old is None or new is None:
            changed.append(f"{path}: {'created' if old is None else 'deleted'}")
            continue
        fields = sorted(name for name in old.keys() | new.keys() if old.get(name) != new.get(name))
        changed.append(f"{path}: {', '.join(f'{n} {old.get(n)!r} -> {new.get(n)!r}' for n in fields)}")
    return changed


def database() -> dict[str, dict[str, Any]]:
    """Every document calls write, `{path: fields}`, read as the admin: what `client.snapshot()`
    returns (hand records `client.settled`), from one query over all collections at every depth
    instead of a walk (~10x faster)."""
    response = client.http.post(f"{client.DOCUMENTS_URL}:runQuery", headers=client.OWNER,
                                json={"structuredQuery": {"from": [{"allDescendants": True}]}})
    assert response.is_success, f"listing the database failed: {response.status_code} {response.text[:300]}"
    documents = {path: client.settled(path, client.decode_fields(row["document"].get("fields", {})))
                 for row in response.json() if "document" in row
                 for path in [row["document"]["name"].split("/documents/", 1)[1]] if client.made_by_calls(path)}
    return dict(sorted(documents.items()))


def assert_unchanged(before: Mapping[str, Any]) -> None:
    """No document was created, changed (timestamps included) or deleted since `before` (a `database()`)."""
    changes = _changes(before, database())
    assert not changes, "documents changed:\n  " + "\n  ".join(changes)


def assert_rejected(name: str, data: Any, user: client.Auth, code: str, reason: str) -> CallError:
    """Call `name` as `user`; it must fail with (`code`, `details.reason`) = (code, reason), carry a
    readable message, and leave every Firestore document as it was. Returns the error."""
    before = database()
    error = client.call_error(name, data, user)
    assert (error.code, error.reason) == (code, reason), f"{name}({data!r}): {error}"
    assert isinstance(error.message, str) and error.message.strip(), error
    assert_unchanged(before)
    return error


# ---- calls at a person's pace -------------------------------------------------------------

def patiently(name: str, data: Any, player: client.Auth) -> Any:
    """`client.call`, as a person's client makes it: a call past the caller's allowance
    (`RATE_LIMITED`: nothing changed) is sent again after the wait its answer gives, as the web
    client does. Tests play at machine speed, far faster than people: a whole rubber against bots
    can outrun one person's allowance."""
    for _ in range(30):
        try:
            return client.call(name, data, player)
        except CallError as error:
            if error.reason != "RATE_LIMITED":
                raise
            time.sleep(error.details["retryAfter"])
    raise AssertionError(f"{name}: still RATE_LIMITED after 30 waits")


# ---- players -----------------------------------------------------------------------------

def new_player(anonymous: bool = False, name: str | None = None) -> User:
    """A fresh signed-in user: email/password (the trigger makes their account) or anonymous
    (no account until their first successful callable)."""
    return client.sign_up_anonymous() if anonymous else client.sign_up(display_name=name)


# ---- the table ---------------------------------------------------------------------------

@dataclass
class Table:
    """A room and the users seated in it, in the order they sat down.

    `players[0]` created the room (host at position 0). Positions are read from the room
    document (`at`, `position`), so they stay right after players leave a waiting room."""

    room_id: str
    players: list[User]
    rng: random.Random = field(default_factory=random.Random)
    #: Each player's key at the room, by uid, once read (`key`): it never changes.
    keys: dict[str, str] = field(default_factory=dict)

    # -- setting up --

    @classmethod
    def open(cls, seats: int = SEATS, *, settings: Mapping[str, bool] | None = None,
             anonymous: Iterable[int] = (), players: list[User] | None = None) -> Table:
        """`seats` players in a waiting room: the first creates it (with `settings`), the rest join
        (in an invite-only room the host invites each first). Positions listed in `anonymous` are
        anonymous users; `players` gives the users instead."""
        anonymous = set(anonymous)
        users = players or [new_player(anonymous=i in anonymous) for i in range(seats)]
        data = {"settings": dict(settings)} if settings is not None else {}
        room_id = client.call("createGameRoom", data, users[0])["roomID"]
        table = cls(room_id, [users[0]])
        for user in users[1:]:
            if (settings or {}).get("inviteOnly"):
                table.invite(user)
            table.join(user)
        return table

    @classmethod
    def ready(cls, seats: int = SEATS, **kwargs: Any) -> Table:
        """Four players (or `seats`), all ready, not started."""
        table = cls.open(seats, **kwargs)
        table.ready_all()
        return table

    @classmethod
    def started(cls, **kwargs: Any) -> Table:
        """Four players and a game in its auction. Pass `settings={"washRule": False}` for a
        known dealer (0) and no automatic redeal."""
        table = cls.ready(**kwargs)
        table.start()
        return table

    @classmethod
    def against_bots(cls, bots: int = 3, **kwargs: Any) -> Table:
        """One person (the host, position 0) and `bots` bots, the first deal started."""
        table = cls.open(1, **kwargs)
        for _ in range(bots):
            table.call("addBot", table.host())
        table.toggle_ready(table.players[0])
        table.start()
        return table

    @classmethod
    def playing(cls, bid: str = "1NT", card: str | None = None, **kwargs: Any) -> Table:
        """A started game whose auction `bid` won and whose partner card is chosen."""
        table = cls.started(**kwargs)
        table.win_auction(bid)
        table.choose_teammate(card)
        return table

    # -- calls --

    def call(self, name: str, player: client.Auth, **data: Any) -> Any:
        """Call `name` as `player` with `roomID` filled in (pass `expectedVersion=` etc. as keywords),
        at a person's pace (`patiently`)."""
        return patiently(name, {"roomID": self.room_id, **data}, player)

    def error(self, name: str, player: client.Auth, **data: Any) -> CallError:
        return client.call_error(name, {"roomID": self.room_id, **data}, player)

    def reject(self, name: str, player: client.Auth, code: str, reason: str, **data: Any) -> CallError:
        """`assert_rejected` with `roomID` filled in."""
        return assert_rejected(name, {"roomID": self.room_id, **data}, player, code, reason)

    def join(self, user: User) -> None:
        assert self.call("joinGameRoom", user) == {"success": True}
        self.players.append(user)

    def invite(self, user: User, host: User | None = None) -> None:
        """The host invites `user` (who needs a PlayerAccount: anonymous users get one by their first callable)."""
        assert self.call("inviteToRoom", host or self.host(), uid=user.uid) == {"success": True}

    def leave(self, player: User) -> None:
        assert self.call("leaveGameRoom", player) is None

    def toggle_ready(self, player: User) -> bool:
        reply = self.call("toggleReady", player)
        assert reply["success"] is True
        return reply["ready"]

    def ready_all(self) -> None:
        for player in self.players:
            assert self.toggle_ready(player) is True

    def start(self) -> None:
        assert patiently("startGame", {}, self.host()) == {"success": True}

    # -- reading, as a player --

    def room(self, player: client.Auth = None) -> Room:
        """The room document as `player` reads it (default: the first player)."""
        return client.read(f"rooms/{self.room_id}", player or self.players[0])

    def key(self, player: User) -> str:
        """`player`'s key at the room (`rooms/{id}/keys/{uid}`), read as `player` the first time."""
        if player.uid not in self.keys:
            self.keys[player.uid] = client.read(f"rooms/{self.room_id}/keys/{player.uid}", player)["key"]
        return self.keys[player.uid]

    def told_hand(self, player: User, room: Room | None = None) -> dict[str, Any]:
        """`player`'s hand as they are told it: their seal in the room document (`room` as they
        read it, else read now) opened with their key; in a room stored before hands were sealed,
        until its next change, their hand document (docs/API.md "Your hand")."""
        room = room or self.room(player)
        if "sealedHands" not in room:
            return client.read(f"rooms/{self.room_id}/hands/{player.uid}", player)
        hand = client.hand_in(room, player.uid, self.key(player))
        assert hand is not None, f"{player.uid} is not dealt in"
        return hand

    def as_told(self, room: Room) -> dict[str, Any]:
        """`room` with each person's seal opened with their key (a bot's stays null): two versions
        of a room that tell its players the same compare equal, whatever nonces they were sealed
        under."""
        seals = zip(room["seating"] or [], room["sealedHands"], strict=True)
        return {**room, "sealedHands": [client.hand_in(room, uid, self.key(self.user(uid))) if seal else None
                                        for uid, seal in seals]}

    def as_seen_by(self, room: Room, viewer: User) -> dict[str, Any]:
        """`room` as `viewer` can read it: their own seal opened with their key, anyone else's (which
        their key cannot open) as its length."""
        seals = zip(room["seating"] or [], room["sealedHands"], strict=True)
        return {**room, "sealedHands": [client.hand_in(room, uid, self.key(viewer)) if uid == viewer.uid
                                        else seal and len(seal) for uid, seal in seals]}

    def hand(self, player: User) -> list[str]:
        """`player`'s own cards now, read as `player`."""
        return self.told_hand(player)["cards"]

    def hands(self, room: Room | None = None) -> list[list[str]]:
        """Every hand by position (seats as in `room`), each read now by its owner."""
        room = room or self.room()
        return [self.hand(self.at(p, room)) for p in range(len(room["players"]))]

    def rig_hands(self, hands: dict[int, list[str]], room: Room | None = None) -> None:
        """Replace hands by position with admin writes: in the server's state document (the
        canonical state: its `match.deal.hands`, by position) and, for a person, in their seal in
        the room document (their cards alone, as the server would seal them: `client.seal_hand`)."""
        room = room or self.room()
        path = f"rooms/{self.room_id}/private/state"
        state = client.admin_get(path)
        stored = client.admin_get(f"rooms/{self.room_id}")
        for position, cards in hands.items():
            state["match"]["deal"]["hands"][position] = " ".join(cards)
            if not room["players"][position]["bot"]:
                key = client.admin_get(f"rooms/{self.room_id}/keys/{self.at(position, room).uid}")["key"]
                stored["sealedHands"][position] = client.seal_hand({"cards": cards, "plays": None,
                                                                    "partnerCards": None}, key)
        client.admin_set(path, state)
        client.admin_set(f"rooms/{self.room_id}", stored)

    def stored_state(self) -> dict[str, Any]:
        """The room's canonical state document (server-only), read with admin rights."""
        return client.admin_get(f"rooms/{self.room_id}/private/state")

    def stored_room(self) -> Any:
        """The room as the server holds it (`bridge.Room`), hidden hands included."""
        from bridge import state

        return state.decode(self.stored_state())

    def user(self, uid: str) -> User:
        for player in self.players:
            if player.uid == uid:
                return player
        raise KeyError(uid)

    def at(self, position: int, room: Room | None = None) -> User:
        """The player at `position`."""
        return self.user((room or self.room())["players"][position]["uid"])

    def position(self, player: User, room: Room | None = None) -> int:
        for seat in (room or self.room())["players"]:
            if seat["uid"] == player.uid:
                return seat["position"]
        raise KeyError(player.uid)

    def host(self, room: Room | None = None) -> User:
        return self.user((room or self.room())["hostID"])

    def to_act(self, room: Room | None = None) -> User:
        """The player whose turn it is."""
        room = room or self.room()
        assert room["turn"] is not None, f"nobody is to act: status {room['status']}"
        return self.at(room["turn"], room)

    def others(self, *players: User) -> list[User]:
        return [p for p in self.players if p not in players]

    # -- the auction --

    def bid(self, bid: str, player: User | None = None, **data: Any) -> None:
        """`player` (default: the player to act) calls `bid` (`PASS`, `1C` … `7NT`)."""
        assert self.call("placeBid", player or self.to_act(), bid=bid, **data) is None

    def auction(self, *bids: str) -> Room:
        """Each call in turn by the player to act; the room afterwards."""
        for bid in bids:
            self.bid(bid)
        return self.room()

    def win_auction(self, bid: str = "1NT") -> User:
        """The player to act bids `bid` and the next three pass; returns the declarer."""
        declarer = self.to_act()
        self.bid(bid, declarer)
        for _ in range(3):
            self.bid("PASS")
        room = self.room()
        assert room["status"] == "choosingTeammate", room["status"]
        return declarer

    # -- the partner --

    def declarer(self, room: Room | None = None) -> User:
        room = room or self.room()
        return self.at(room["contract"]["declarer"], room)

    def choose_teammate(self, card: str | None = None) -> str:
        """The declarer names `card` (default: the highest of the cards they are told they may name)."""
        declarer = self.declarer()
        if card is None:
            card = max(self.told(declarer), key=DECK.index)
        assert self.call("chooseTeammate", declarer, card=card) is None
        return card

    # -- play --

    def play(self, card: str, player: User | None = None, **data: Any) -> None:
        assert self.call("playCard", player or self.to_act(), card=card, **data) == {"success": True}

    def told(self, player: User, room: Room | None = None) -> list[str]:
        """The cards `player` is told they may name or play now (`told_cards`: their hand
        document read as `player`; `room`: the room document as they read it)."""
        room = room or self.room(player)
        return told_cards(self.told_hand(player, room), room, player.uid)

    def card_player(self, room: Room | None = None) -> User:
        """Who plays the next card (`card_player_position`)."""
        room = room or self.room()
        return self.at(card_player_position(room), room)

    def choose_card(self, player: User, room: Room | None = None) -> str:
        """A card `player` is told they may play (`told`), chosen at random. What they are told is
        what the tests' own reading of the rules (`legal_cards`) allows from the hand the room
        document says they play from (`legal[].playCard`: theirs, or as declarer the dummy's)."""
        room = room or self.room(player)
        cards = self.told(player, room)
        me = self.position(player, room)
        plays_for = room["legal"][me]["playCard"]
        assert plays_for == room["turn"], f"position {me} plays for {plays_for}, the turn is {room['turn']}"
        hand = self.hand(player) if plays_for == me else room["dummy"]["cards"]
        assert sorted(cards) == sorted(legal_cards(hand, room)), (cards, hand)
        return self.rng.choice(cards)

    def play_legal(self, player: User | None = None) -> str:
        """`player` (default: the player to act) plays a legal card; returns it."""
        room = self.room(player)
        player = player or self.to_act(room)
        card = self.choose_card(player, room)
        self.play(card, player)
        return card

    def play_to_end(self) -> Room:
        """Legal cards until the deal is over; the final room."""
        room = self.room()
        for _ in range(SEATS * HAND_SIZE):
            if room["status"] != "playing":
                break
            player = self.to_act(room)
            self.play(self.choose_card(player, room), player)
            room = self.room()
        assert room["status"] in ("dealEnded", "ended"), room["status"]
        return room
