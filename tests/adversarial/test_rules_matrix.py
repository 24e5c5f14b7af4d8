"""firestore.rules as a matrix (SPEC §6): every document kind × every kind of caller × every
operation a client can send, each cell one test with its expected allow/deny, against the
Firestore emulator's REST API with real Auth-emulator ID tokens.

The world is made once for the module through the callables (two two-deal matches whose first
deal has been played, one of them invite-only, with an invitee who did not join; two duplicate
events directed by the invite-only room's host: an open teams match under way, whose one person
has finished board 1 but not board 2, and an invite-only event not started; and two
contract-bridge rooms with an alert, one still in its auction), so the documents are the ones the
backend really writes: rooms, the players' keys (and a hand document as a server before sealed
hands left one), hand records of finished deals (SPEC §9), chat messages
(SPEC §13), alerts (SPEC §15), the rooms' server-only state and chat bookkeeping, the request
logs, events, boards, the director's standings and the events' state; and robot tournaments
(docs/TOURNAMENTS.md: an open one, whose one entrant has finished board 1 of 2 and another both,
a friends' one with an invitee, and a closed one with its rating, made by the clock run in this
process): the tournament, its boards, a result, an entrant's progress, the standings, the state
and a rating. A spectator (of the open
room and of the room in its auction) is a caller kind of its own. For an event's documents the
owner is its director and the member the person who finished board 1; for alerts the owner made
the alerted call and the member sits on the other side. Every write is expected to be refused,
and the last tests check that the database is exactly as it was and that the rules' every
expression was evaluated (the emulator's rule-coverage report).
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests import client
from tests.client import User
from tests.event_table import Player, create, filled
from tests.table import Table, database, new_player
from tests.tournament_client import Entrant
from tests.tournament_client import create as create_tournament

pytestmark = pytest.mark.usefixtures("emulators_up")

ROLES = ("none", "stranger", "anonymous", "member", "owner", "invitee", "spectator")
OPS = ("get", "list", "query-self", "query-other", "group", "create", "update", "delete")
DOCS = ("account", "room-open", "room-invite-only", "key-open", "key-invite-only", "hand-unsealed", "deal-open",
        "deal-invite-only", "message-open", "message-invite-only", "room-state", "chat-state", "request-log",
        "stray-top", "stray-room",
        "event-open", "event-invite-only", "board-finished", "board-unfinished", "standings", "event-state",
        "alert-auction", "alert-over", "tournament-open", "tournament-friends", "tboard-finished",
        "tboard-unfinished", "tboard-closed", "tresult", "tentrant", "tstandings", "tstandings-closed", "tstate",
        "rating")


@dataclass(frozen=True)
class World:
    open: Table            # a match anyone signed in may read, between its deals
    closed: Table          # an invite-only match, between its deals
    invitee: User          # invited to `closed` before it started; never joined
    stranger: User         # signed in with email (has an account), in no room
    anonymous: User        # signed in anonymously, no account, in no room
    spectator: User        # watches `open` and `alerted` (SPEC §13), seated nowhere
    event: str             # an open teams match under way, directed by closed.players[0]
    closed_event: str      # an invite-only event (invitee invited; entrant invited and joined), not started
    finisher: User         # in `event`; has finished board 1 of it, not board 2
    entrant: User          # holds a spot in `closed_event` (one seat per person: not the finisher's)
    alerted: Table         # contract bridge in its auction: position 0 (NS) alerted its call; watched
    auctioned: Table       # contract bridge past its auction, with an alert of NS
    tournament: str        # an open robot tournament of 2 boards, created by closed.players[0]
    halfway: User          # has finished board 1 of `tournament`, not board 2
    done: User             # has finished both boards of `tournament`
    friends: str           # a friends' tournament inviting the invitee, created by closed.players[0]
    closed_tournament: str  # a closed tournament of 1 board: `rated` played it and was rated
    rated: User
    before: dict           # every document, as made


@pytest.fixture(scope="module")
def world(emulators_up: None) -> World:
    client.reset()
    open_table = Table.playing("1NT", settings={"deals": 2})
    open_table.play_to_end()
    closed = Table.open(4, settings={"inviteOnly": True, "deals": 2})
    invitee = new_player()
    closed.invite(invitee)
    closed.ready_all()
    closed.start()
    closed.win_auction("1NT")
    closed.choose_teammate()
    closed.play_to_end()
    for table in (open_table, closed):
        table.call("sendMessage", table.players[0], text="hello")
    spectator = new_player()
    open_table.call("watchRoom", spectator)
    director, finisher = closed.players[0], new_player()
    event = create(director, boards=2)
    filled(director, event, {("NS", 0, 0): finisher})  # table 2: bots alone, both boards played at once
    client.call("startEvent", {"eventID": event}, director)
    player = Player(finisher)
    while client.read(f"rooms/{player.room_id()}", finisher)["status"] != "dealEnded":
        assert player.step(), "the finisher could not move"
    entrant = new_player()
    closed_event = create(director, boards=2, inviteOnly=True, invited=[invitee.uid, entrant.uid])
    client.call("joinEventTable", {"eventID": closed_event, "direction": "EW", "table": 0, "seat": 0}, entrant)
    alerted, auctioned = (Table.started(settings={"variant": "contract"}) for _ in range(2))
    for table in (alerted, auctioned):
        table.call("placeBid", table.at(0), bid="1C", alert="could be short")
    auctioned.auction("PASS", "PASS", "PASS")
    alerted.call("watchRoom", spectator)
    halfway, done, rated = new_player(), new_player(), new_player()
    tournament = create_tournament(director, boards=2, minutes=60)
    friends = create_tournament(director, boards=1, minutes=60, invited=[invitee.uid])
    closed_tournament = create_tournament(director, boards=1, minutes=10)
    for user, tournament_id, boards in ((halfway, tournament, 1), (done, tournament, None),
                                        (rated, closed_tournament, None)):
        table = Entrant(user, tournament_id)
        table.enter()
        table.play(boards)
    from service import tournaments  # the clock, in this process: compaction, then the close

    tournaments.tick((dt.datetime.now(dt.UTC) + dt.timedelta(minutes=11)).timestamp())
    client.admin_set("secrets/x", {"note": "server only"})
    client.admin_set(f"rooms/{closed.room_id}/other/x", {"note": "server only"})
    # A hand document as a server before sealed hands left one, until its room's next change.
    client.admin_set(f"rooms/{closed.room_id}/hands/{closed.players[2].uid}", {"cards": ["AS", "KH"], "plays": None,
                                                                               "partnerCards": None})
    return World(open_table, closed, invitee, new_player(), new_player(anonymous=True), spectator, event,
                 closed_event, finisher, entrant, alerted, auctioned, tournament, halfway, done, friends,
                 closed_tournament, rated, database())


# ---- the documents and who is who for each -------------------------------------------------

@dataclass(frozen=True)
class Target:
    path: str                  # the existing document
    owner: User                # whose document it is (a room's host; for server-only data, a host)
    member: User               # another member of the same room (a roommate of the owner)
    query_self: Callable[[User | None], tuple[str, list]]   # (collection, filters) a caller would try
    query_other: tuple[str, list]                           # (collection, filters) aimed at the owner
    group_id: str              # the collection id for a collection-group query


def me(user: User | None) -> str:
    return user.uid if user else "nobody"


def target(world: World, doc: str) -> Target:
    o, c = world.open, world.closed
    if doc == "account":
        return Target(f"players/{c.players[0].uid}", c.players[0], c.players[1],
                      lambda u: ("players", [("uid", "==", me(u))]),
                      ("players", [("uid", "==", c.players[0].uid)]), "players")
    if doc == "room-open":
        return Target(f"rooms/{o.room_id}", o.players[0], o.players[1],
                      lambda u: ("rooms", [("settings.inviteOnly", "==", False)]),
                      ("rooms", [("hostID", "==", o.players[0].uid)]), "rooms")
    if doc == "room-invite-only":
        def mine(user: User | None) -> tuple[str, list]:
            field = "invited" if user is world.invitee else "memberIDs"
            return "rooms", [(field, "array-contains", me(user))]
        return Target(f"rooms/{c.room_id}", c.players[0], c.players[1], mine,
                      ("rooms", [("memberIDs", "array-contains", c.players[0].uid)]), "rooms")
    if doc == "hand-unsealed":
        owner = c.players[2]
        hands = f"rooms/{c.room_id}/hands"
        # "Who holds the ace of spades?", and "whose hand holds any of these?".
        return Target(f"{hands}/{owner.uid}", owner, c.players[1],
                      lambda u: (hands, [("cards", "array-contains", "AS")]),
                      (hands, [("cards", "array-contains-any", ["AS", "KS", "QS"])]), "hands")
    if doc in ("key-open", "key-invite-only"):
        table = o if doc == "key-open" else c
        owner = table.players[2]
        keys = f"rooms/{table.room_id}/keys"
        # "Every key at the table", and "the keys sorting after this one".
        return Target(f"{keys}/{owner.uid}", owner, table.players[1],
                      lambda u: (keys, [("key", "!=", "")]),
                      (keys, [("key", ">", "A")]), "keys")
    if doc in ("deal-open", "deal-invite-only"):
        table = o if doc == "deal-open" else c
        deals = f"rooms/{table.room_id}/deals"
        return Target(f"{deals}/1", table.players[0], table.players[1],
                      lambda u: (deals, [("number", "==", 1)]),
                      (deals, [("players", "array-contains", table.players[0].uid)]), "deals")
    if doc in ("message-open", "message-invite-only"):
        table = o if doc == "message-open" else c
        messages = f"rooms/{table.room_id}/messages"
        return Target(f"{messages}/000000001", table.players[0], table.players[1],
                      lambda u: (messages, [("uid", "==", me(u))]),
                      (messages, [("uid", "==", table.players[0].uid)]), "messages")
    if doc == "room-state":
        # The canonical state of a room, every hand in it: server-only.
        private = f"rooms/{c.room_id}/private"
        return Target(f"{private}/state", c.players[0], c.players[1],
                      lambda u: (private, [("schemaVersion", ">", 0)]),
                      (private, [("host", "==", c.players[0].uid)]), "private")
    if doc == "chat-state":
        # A room's chat bookkeeping (who sent when): server-only.
        private = f"rooms/{o.room_id}/private"
        # The uid is quoted in the field path: a uid may start with a digit.
        return Target(f"{private}/chat", o.players[0], o.players[1],
                      lambda u: (private, [("count", ">", 0)]),
                      (private, [(f"recent.`{o.players[0].uid}`", "!=", [])]), "private")
    if doc == "request-log":
        # SPEC §8's server-only record of a player's applied actions (made by their calls above).
        owner = c.players[0]
        return Target(f"requestLog/{owner.uid}", owner, c.players[1],
                      lambda u: ("requestLog", [("entries", "!=", [])]),
                      ("requestLog", [("entries", "!=", [])]), "requestLog")
    if doc in ("event-open", "event-invite-only"):
        event = world.event if doc == "event-open" else world.closed_event

        def listing(user: User | None) -> tuple[str, list]:
            # The open events, or the events naming the caller (as director, invitee or player).
            if doc == "event-open":
                return "events", [("inviteOnly", "==", False)]
            if user is c.players[0]:
                return "events", [("directorID", "==", me(user))]
            field = "invited" if user is world.invitee else "memberIDs"
            return "events", [(field, "array-contains", me(user))]
        member = world.finisher if doc == "event-open" else world.entrant
        return Target(f"events/{event}", c.players[0], member, listing,
                      ("events", [("invited", "array-contains", world.invitee.uid)]), "events")
    if doc in ("board-finished", "board-unfinished"):
        boards = f"events/{world.event}/boards"
        return Target(f"{boards}/{1 if doc == 'board-finished' else 2}", c.players[0], world.finisher,
                      lambda u: (boards, [("readers", "array-contains", me(u))]),
                      (boards, [("readers", "array-contains", world.finisher.uid)]), "boards")
    if doc == "standings":
        director = f"events/{world.event}/director"
        return Target(f"{director}/standings", c.players[0], world.finisher,
                      lambda u: (director, [("results", ">", 0)]), (director, [("results", ">", 0)]), "director")
    if doc == "event-state":
        private = f"events/{world.event}/private"
        return Target(f"{private}/state", c.players[0], world.finisher,
                      lambda u: (private, [("schemaVersion", ">", 0)]),
                      (private, [("director", "==", c.players[0].uid)]), "private")
    if doc in ("alert-auction", "alert-over"):
        # A side's alerts (SPEC §15): NS's, made by the owner (position 0); the member sits East.
        table = world.alerted if doc == "alert-auction" else world.auctioned
        alerts = f"rooms/{table.room_id}/alerts"
        return Target(f"{alerts}/NS", table.players[0], table.players[1],
                      lambda u: (alerts, [("readers", "array-contains", me(u))]),
                      (alerts, [("open", "==", True)]), "alerts")
    if doc.startswith(("tournament-", "tboard-", "tresult", "tentrant", "tstandings", "tstate", "rating")):
        return tournament_target(world, doc)
    if doc == "stray-top":
        return Target("secrets/x", c.players[0], c.players[1],
                      lambda u: ("secrets", [("note", "==", "server only")]),
                      ("secrets", [("note", "==", "server only")]), "secrets")
    if doc == "stray-room":
        other = f"rooms/{c.room_id}/other"
        return Target(f"{other}/x", c.players[0], c.players[1],
                      lambda u: (other, [("note", "==", "server only")]),
                      (other, [("note", "==", "server only")]), "other")
    raise AssertionError(doc)


def tournament_target(world: World, doc: str) -> Target:
    """A tournament's documents. The tournament's and its state's owner is its creator; a board's,
    the standings' and a result's owner has finished it (the standings: every board), their
    member another entrant who has finished board 1 only; an entrant's progress is its owner's."""
    creator, halfway, done = world.closed.players[0], world.halfway, world.done
    base = f"tournaments/{world.tournament}"
    if doc == "tournament-open":
        return Target(f"tournaments/{world.tournament}", creator, halfway,
                      lambda u: ("tournaments", [("invited", "==", [])]),
                      ("tournaments", [("creatorID", "==", creator.uid)]), "tournaments")
    if doc == "tournament-friends":
        # Friends' tournaments are not listed, even to their invitees: the id is shared.
        return Target(f"tournaments/{world.friends}", creator, halfway,
                      lambda u: ("tournaments", [("invited", "array-contains", me(u))]),
                      ("tournaments", [("creatorID", "==", creator.uid)]), "tournaments")
    if doc.startswith("tboard-"):
        boards = f"tournaments/{world.closed_tournament if doc == 'tboard-closed' else world.tournament}/boards"
        number = 2 if doc == "tboard-unfinished" else 1
        return Target(f"{boards}/{number}", done, halfway, lambda u: (boards, [("number", "==", number)]),
                      (boards, [("number", "==", number)]), "boards")
    if doc == "tresult":
        results = f"{base}/boards/1/results"
        return Target(f"{results}/{halfway.uid}", halfway, done, lambda u: (results, [("uid", "==", me(u))]),
                      (results, [("uid", "==", halfway.uid)]), "results")
    if doc == "tentrant":
        entrants = f"{base}/entrants"
        return Target(f"{entrants}/{halfway.uid}", halfway, done, lambda u: (entrants, [("uid", "==", me(u))]),
                      (entrants, [("uid", "==", halfway.uid)]), "entrants")
    if doc.startswith("tstandings"):
        standings = f"tournaments/{world.closed_tournament if doc == 'tstandings-closed' else world.tournament}" \
                    "/standings"
        return Target(f"{standings}/0", done, halfway, lambda u: (standings, [("uids", "array-contains", me(u))]),
                      (standings, [("uids", "array-contains", done.uid)]), "standings")
    if doc == "tstate":
        private = f"{base}/private"
        return Target(f"{private}/state", creator, halfway, lambda u: (private, [("closed", "==", False)]),
                      (private, [("creator", "==", creator.uid)]), "private")
    assert doc == "rating"
    players = "ratings/contract/players"
    return Target(f"{players}/{world.rated.uid}", world.rated, halfway, lambda u: (players, [("uid", "==", me(u))]),
                  (players, [("uid", "==", world.rated.uid)]), "players")


def caller(world: World, t: Target, role: str) -> User | None:
    return {"none": None, "stranger": world.stranger, "anonymous": world.anonymous,
            "member": t.member, "owner": t.owner, "invitee": world.invitee, "spectator": world.spectator}[role]


# ---- what the rules must answer --------------------------------------------------------------

def expected(world: World, doc: str, role: str, op: str) -> bool | set[str]:
    """False: refused. True: allowed (a get). A set: allowed, and exactly these documents come back."""
    t = target(world, doc)
    if role == "none" or op in ("group", "create", "update", "delete"):
        return False
    reader_of_closed = role in ("member", "owner", "invitee")
    if doc in ("deal-open", "deal-invite-only", "message-open", "message-invite-only"):
        # Whoever may read the room may read, list and query its hand records (only finished
        # deals have one) and its chat. A collection-group query is not scoped to one room:
        # refused. A query for the caller's own messages returns those only (none but the owner's).
        if doc.endswith("invite-only") and not reader_of_closed:
            return False
        if op == "query-self" and doc.startswith("message"):
            return {t.path} if role == "owner" else set()
        return True if op == "get" else {t.path}
    if op == "list" and doc not in TOURNAMENT_DOCS:
        return False
    if doc.startswith("alert-"):
        # During the auction the other side (the member, East) and the room's spectators; after it,
        # whoever may read the (open) room. Only a get: no list or query.
        return op == "get" and (role in ("member", "spectator") if doc == "alert-auction" else True)
    if doc.startswith("event-") or doc.startswith("board-") or doc == "standings":
        return expected_for_event(world, t, doc, role, op)
    if doc in TOURNAMENT_DOCS:
        return expected_for_tournament(world, t, doc, role, op)
    if doc == "account":
        return op == "get" and role == "owner"
    if doc in ("key-open", "key-invite-only", "hand-unsealed"):
        return op == "get" and role == "owner"
    if doc == "room-open":
        if op == "get":
            return True
        # The open-rooms list is constrained to open rooms (every one of them comes back); a filter
        # on the host proves nothing.
        every_open = {path for path, fields in world.before.items()
                      if path.startswith("rooms/") and path.count("/") == 1 and not fields["settings"]["inviteOnly"]}
        return every_open if op == "query-self" else False
    if doc == "room-invite-only":
        if op == "get":
            return reader_of_closed
        if op == "query-self":
            # Constrained to rooms naming the caller (memberIDs, or invited for the invitee): allowed
            # for anyone signed in, and it returns only the rooms that name them (a stranger: none).
            return {t.path} if reader_of_closed else set()
        # Rooms naming someone else: only the owner asking about themself may.
        return {t.path} if role == "owner" else False
    return False  # server-only data


def matching(world: World, collection: str, filters: list) -> set[str]:
    """The documents of `collection` (as made) that an `==` / `array-contains` query returns."""
    def passes(fields: dict, field: str, op: str, value: Any) -> bool:
        return fields.get(field) == value if op == "==" else value in (fields.get(field) or [])
    return {path for path, fields in world.before.items()
            if path.rpartition("/")[0] == collection and all(passes(fields, *f) for f in filters)}


def expected_for_event(world: World, t: Target, doc: str, role: str, op: str) -> bool | set[str]:
    """Events (docs/DUPLICATE.md): an open event is read by anyone signed in, an invite-only one
    by its director, people and invitees; a board by its readers only (the director who does
    not play, and who has finished it); the standings by that director alone; the state by
    nobody. Queries must be constrained to what the caller may read."""
    user = caller(world, t, role)
    if doc == "event-open":
        readable = True
    elif doc == "event-invite-only":
        readable = role in ("owner", "member", "invitee")
    elif doc == "board-finished":
        readable = role in ("owner", "member")
    elif doc == "board-unfinished":
        readable = role == "owner"
    else:  # the standings (the director's) and the state (nobody's)
        return op == "get" and role == "owner" and doc == "standings"
    if op == "get":
        return readable
    collection, filters = t.query_self(user) if op == "query-self" else t.query_other
    if op == "query-other":
        # Aimed at someone else's membership: only they may ask.
        mine = filters[0][2] == (user.uid if user else None)
        return matching(world, collection, filters) if mine else False
    return matching(world, collection, filters)


TOURNAMENT_DOCS = DOCS[DOCS.index("tournament-open"):]


def expected_for_tournament(world: World, t: Target, doc: str, role: str, op: str) -> bool | set[str]:
    """Robot tournaments (docs/TOURNAMENTS.md): a tournament is read by anyone signed in (a friends'
    one with invitations: its creator and invitees), and listed when the query is constrained to
    open ones; a board and its results by whoever has finished it, and by every reader once
    closed; an entrant's progress by that entrant; the standings by whoever has finished every
    board, and every reader once closed; the state by nobody; a rating by anyone signed in.
    Boards are read one by one (no list), results and standings also by queries."""
    user = caller(world, t, role)
    if doc == "tournament-open":
        if op == "get":
            return True
        return matching(world, *t.query_self(user)) if op == "query-self" else False
    if doc == "tournament-friends":
        return op == "get" and role in ("owner", "invitee")
    if doc.startswith("tboard-"):
        knows = True if doc == "tboard-closed" else role == "owner" or (role == "member" and doc == "tboard-finished")
        return op == "get" and knows
    if doc == "tentrant":
        return op == "get" and role == "owner"
    if doc == "tstate":
        return False
    if doc == "tresult":
        readable = role in ("owner", "member")
    elif doc == "tstandings":
        readable = role == "owner"
    else:  # the closed tournament's standings, and a rating: anyone signed in
        readable = True
    if not readable:
        return False
    if op == "get":
        return True
    collection = t.path.rpartition("/")[0]
    if op == "list":
        return {path for path in world.before if path.rpartition("/")[0] == collection}
    return matching(world, *(t.query_self(user) if op == "query-self" else t.query_other))


# ---- the operations over REST ----------------------------------------------------------------

def _structured(collection_id: str, filters: list, all_descendants: bool = False) -> dict:
    conditions = [{"fieldFilter": {"field": {"fieldPath": f}, "op": client._OPERATORS[op],
                                   "value": client.encode_value(v)}}
                  for f, op, v in filters]
    source = {"collectionId": collection_id, **({"allDescendants": True} if all_descendants else {})}
    query: dict[str, Any] = {"from": [source]}
    if len(conditions) == 1:
        query["where"] = conditions[0]
    elif conditions:
        query["where"] = {"compositeFilter": {"op": "AND", "filters": conditions}}
    return {"structuredQuery": query}


def _query_url(collection: str) -> str:
    parent = collection.rpartition("/")[0]
    return f"{client.DOCUMENTS_URL}/{parent}:runQuery" if parent else f"{client.DOCUMENTS_URL}:runQuery"


WRITE_DATA = {
    "account": {"uid": "x", "displayName": "Mallory", "roomID": None,
                "stats": {"gamesPlayed": 99, "gamesWon": 99, "gamesAbandoned": 0}},
    "room": {"hostID": "x", "status": "waiting",
             "settings": {"inviteOnly": False, "playAllTricks": False, "washRule": True},
             "invited": [], "memberIDs": ["x"], "players": [], "version": 1},
    "key": {"key": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="},
    "hand": {"cards": ["AS", "AH", "AD", "AC"]},
    "stray": {"note": "forged"},
}


def _create_target(world: World, doc: str, t: Target, user: User | None) -> str:
    """A document that does not exist yet, matching the same rule as `t.path`: the caller's own
    uid where the path names a uid and the caller has no such document (an anonymous user's
    account; a key in a room the caller is not dealt into), else a fresh id."""
    collection = t.path.rpartition("/")[0]
    own = f"{collection}/{user.uid}" if user else None
    if doc in ("account", "key-open", "key-invite-only", "hand-unsealed") and own and own not in world.before:
        return own
    return f"{collection}/forged{uuid.uuid4().hex[:8]}"


def perform(world: World, doc: str, role: str, op: str) -> tuple[int, Any, str]:
    """Send the operation; (HTTP status, decoded answer, what was sent)."""
    t = target(world, doc)
    user = caller(world, t, role)
    headers = client._auth_headers(user)
    kind = {"account": "account", "room-open": "room", "room-invite-only": "room"}.get(
        doc, "key" if doc.startswith("key") else "hand" if doc.startswith("hand") else "stray")
    if op == "get":
        response = client.http.get(f"{client.DOCUMENTS_URL}/{t.path}", headers=headers)
    elif op == "list":
        response = client.http.get(f"{client.DOCUMENTS_URL}/{t.path.rpartition('/')[0]}", headers=headers)
    elif op in ("query-self", "query-other"):
        collection, filters = t.query_self(user) if op == "query-self" else t.query_other
        response = client.http.post(_query_url(collection), headers=headers,
                                    json=_structured(collection.rpartition("/")[2], filters))
    elif op == "group":
        _, filters = t.query_self(user)
        response = client.http.post(f"{client.DOCUMENTS_URL}:runQuery", headers=headers,
                                    json=_structured(t.group_id, filters, all_descendants=True))
    elif op == "create":
        path = _create_target(world, doc, t, user)
        collection, _, doc_id = path.rpartition("/")
        response = client.http.post(f"{client.DOCUMENTS_URL}/{collection}", params={"documentId": doc_id},
                                    headers=headers, json={"fields": client.encode_fields(WRITE_DATA[kind])})
    elif op == "update":
        data = WRITE_DATA[kind]
        field = next(iter(data)) if kind != "account" else "stats"
        response = client.http.patch(f"{client.DOCUMENTS_URL}/{t.path}", headers=headers,
                                     params={"updateMask.fieldPaths": field, "currentDocument.exists": "true"},
                                     json={"fields": client.encode_fields({field: data[field]})})
    elif op == "delete":
        response = client.http.delete(f"{client.DOCUMENTS_URL}/{t.path}", headers=headers,
                                      params={"currentDocument.exists": "true"})
    else:
        raise AssertionError(op)
    body = response.json() if response.content else None
    return response.status_code, body, f"{op} {t.path} as {role}"


CELLS = [(doc, role, op) for doc in DOCS for role in ROLES for op in OPS]


#: The cells sent so far in this session (the coverage test sends any that a selection skipped).
SENT: set[tuple[str, str, str]] = set()


@pytest.mark.parametrize(("doc", "role", "op"), CELLS, ids=[f"{d}-{r}-{o}" for d, r, o in CELLS])
def test_rules_allow_exactly_what_spec_6_allows(world, doc, role, op):
    want = expected(world, doc, role, op)
    status, body, sent = perform(world, doc, role, op)
    SENT.add((doc, role, op))

    if want is False:
        assert status == 403, f"{sent}: expected permission-denied, got {status} {str(body)[:300]}"
        error = body[0]["error"] if isinstance(body, list) else body["error"]
        assert error["status"] == "PERMISSION_DENIED", f"{sent}: {error}"
        return
    assert status == 200, f"{sent}: expected it allowed, got {status} {str(body)[:300]}"
    if op == "get":
        path = target(world, doc).path
        assert client.settled(path, client.decode_fields(body.get("fields", {}))) == world.before[path], sent
    else:
        rows = body.get("documents", []) if op == "list" else [row["document"] for row in body if "document" in row]
        returned = {row["name"].split("/documents/", 1)[1] for row in rows}
        assert returned == want, f"{sent}: returned {returned}, expected {want}"


def test_no_cell_of_the_matrix_changed_any_document(world):
    """Every write above was refused: the database is exactly as the callables made it."""
    assert database() == world.before


# ---- the rules' own coverage -----------------------------------------------------------------

COVERAGE_URL = f"{client.FIRESTORE_URL}/emulator/v1/projects/{client.PROJECT_ID}:ruleCoverage"


def _nodes(node: dict, depth: int = 0):
    yield node, depth
    for child in node.get("children", []):
        yield from _nodes(child, depth + 1)


def test_every_rule_expression_was_evaluated_and_every_condition_went_both_ways(world):
    """After the matrix: the emulator's coverage report lists each expression of firestore.rules
    with the values it evaluated to. None may be unevaluated, and each `allow` condition (and
    `signedIn()`) must have been both true and false somewhere in the matrix."""
    for cell in CELLS:  # normally none: the matrix above ran them all (unless a selection skipped some)
        if cell not in SENT:
            perform(world, *cell)
    response = client.http.get(COVERAGE_URL)
    assert response.status_code == 200, response.text[:300]
    report = response.json()
    source = report["rules"]["files"][0]["content"]

    def text(node: dict) -> str:
        position = node["sourcePosition"]
        return f"line {position['line']}: {source[position['currentOffset']:position['endOffset']]!r}"

    nodes = [n for top in report["report"] for n in _nodes(top)]
    assert len(nodes) > 20, f"a suspiciously small coverage report: {len(nodes)} expressions"
    never = [text(n) for n, _ in nodes if not any(v.get("count", 0) > 0 for v in n.get("values", []))]
    assert not never, "rule expressions never evaluated:\n  " + "\n  ".join(never)

    one_sided = []
    for top in report["report"]:
        outcomes = {v["value"].get("boolValue") for v in top.get("values", []) if "boolValue" in v.get("value", {})}
        if outcomes != {True, False}:
            one_sided.append(f"{text(top)} evaluated to {sorted(outcomes)} only")
    assert not one_sided, "conditions never seen both ways:\n  " + "\n  ".join(one_sided)
