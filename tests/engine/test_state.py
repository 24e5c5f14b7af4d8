"""state.py: the canonical stored form of a room (`encode`/`decode`, schema 13), the migration of a
Part I room (schema 1: its public document and hand documents) and of every later schema's rooms."""
from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from bridge import PASS, Phase, Reason, Room, Settings, Status, documents, state
from bridge.audience import Audience
from bridge.contract_scoring import Sheet
from bridge.room import stat_changes
from bridge.tournament import FieldScoring, Tournament
from bridge.values import evolve
from tests.people import person_moves

from .conftest import PLAYERS, SUIT_PER_SEAT, call, card, rejects, seated_room
from .test_event import Director, filled, new_event
from .test_match import Table, new_room, start

# ----- round trips -------------------------------------------------------------------------------


def advance(room: Room, until: Callable[[Room], bool], seed: int = 0) -> Room:
    """Random legal moves until `until(room)` holds."""
    rng = random.Random(seed)
    while not until(room):
        deal = room.deal
        uid = deal.players[deal.actor]  # the declarer for the dummy
        if deal.phase is Phase.BIDDING:
            legal = deal.legal_bids()
            room = room.place_bid(uid, rng.choice(legal[1:4]) if rng.random() < 0.3 else PASS, rng)
        elif deal.phase is Phase.CHOOSING_TEAMMATE:
            room = room.choose_partner(uid, rng.choice(deal.legal_partner_cards()))
        else:
            room = room.play_card(uid, rng.choice(deal.legal_cards()))
    return room


def started(settings: Settings = Settings(deals=3, scoring="tricks"), seed: int = 1) -> Room:
    return start(new_room(settings), random.Random(seed))


def deal_ended() -> Room:
    return Table(2, check_every_step=False).play_deal(started())


def three_deals() -> Room:
    table = Table(5, check_every_step=False)
    room = new_room(Settings(deals=3))
    for _ in range(3):
        room = table.play_deal(start(room, table.rng))
    return room


def contract_started(scoring: str = "rubber") -> Room:
    return started(Settings.of(variant="contract", scoring=scoring, deals=0, honours=True))


def doubled_in_play() -> Room:
    """Contract bridge: 1H doubled by the dealer's left, in play with the dummy shown."""
    room = contract_started()
    rng = random.Random(2)
    for text in ("1H", "X", "PASS", "PASS", "PASS"):
        room = room.place_bid(room.deal.players[room.deal.actor], call(text), rng)
    return advance(room, lambda r: len(r.deal.tricks) >= 1 and len(r.deal.trick.plays) >= 2)


def claimed(answers: int) -> Room:
    """Contract bridge after two tricks: the declarer has claimed one more trick, and `answers`
    of the two defenders have accepted."""
    room = advance(doubled_in_play(), lambda r: len(r.deal.tricks) >= 2 and not r.deal.trick.plays)
    deal = room.deal
    room = room.claim(deal.players[deal.contract.declarer], 1)
    for position in room.deal.claim_answerers[:answers]:
        room = room.answer_claim(deal.players[position], True)
    return room


def claim_rejected() -> Room:
    """Contract bridge: a claim the East-West defenders rejected after two tricks, a third trick
    played since."""
    room = claimed(0)
    deal = room.deal
    room = room.answer_claim(deal.players[deal.claim_answerers[0]], False)
    return advance(room, lambda r: len(r.deal.tricks) >= 3 and not r.deal.trick.plays)


def undo_asked() -> Room:
    """Contract bridge in play: a card played, and its player asking to take it back."""
    room = doubled_in_play()
    deal = room.deal
    uid = deal.players[deal.actor]
    return room.play_card(uid, deal.bot_action()).request_undo(uid)


def chicago_between_deals() -> Room:
    """Contract bridge, Chicago: the first deal played, the room between deals."""
    table = Table(6, check_every_step=False)
    return table.play_deal(start(new_room(Settings(variant="contract", scoring="chicago", deals=0)), table.rng))


def event_table(boards_played: int) -> Room:
    """A duplicate event's table (people at three seats, a bot at one) after `boards_played`
    boards, the next one in its auction."""
    people = {spot: f"p{spot.position}" for spot in filled(new_event()).spots if spot.pair == 0 and spot.position}
    director = Director(filled(new_event(boards=4), people), seed=1)
    while director.tables[0].match.number <= boards_played:
        director.step(0)
    return advance(director.tables[0], lambda r: len(r.deal.calls) >= 1, seed=2)


def tournament_table(boards_played: int) -> Room:
    """An entrant's table in a robot tournament after `boards_played` boards, the next one dealt."""
    tournament = Tournament.create("t1", game="contract", scoring=FieldScoring.IMPS, boards=3, opens_at=0,
                                   closes_at=3600, rng=random.Random(4))
    room, rng = tournament.table("ann", "Ann"), random.Random(5)
    while room.match.number <= boards_played:
        room = person_moves(room, rng)
    return room


def tournament_left(boards_played: int) -> Room:
    """The entrant left during board `boards_played + 1`: a bot played it out and the table ended."""
    room = tournament_table(boards_played)
    return room.left_event("ann", room._new_bot())


MEMORY_SETTINGS = Settings.of(variant="memory", scoring="target", deals=0, targetScore=2000)


def memory_started() -> Room:
    """Memory Bridge (docs/MEMORY.md): two players, the first deal dealt."""
    room = Room.create("ann", "Ann", MEMORY_SETTINGS).join("ben", "Ben").toggle_ready("ann").toggle_ready("ben")
    return room.start("ann", random.Random(7))


#: Rooms in every status, each with the status it is in.
ROOMS: dict[str, tuple[Status, Callable[[], Room]]] = {
    "waiting": (Status.WAITING, lambda: seated_room(3, ready=False).invite(PLAYERS[0], "eve")),
    "waiting, invite-only, no fixed end": (Status.WAITING, lambda: Room.create("ann", "Ann", Settings.of(
        inviteOnly=True, deals=0, scoring="tricks", playAllTricks=True, washRule=False)).invite("ann", "ben")),
    "bidding": (Status.BIDDING, lambda: advance(started(), lambda r: len(r.deal.calls) >= 2)),
    "choosingTeammate": (Status.CHOOSING_TEAMMATE,
                         lambda: advance(started(), lambda r: r.status is Status.CHOOSING_TEAMMATE)),
    "playing": (Status.PLAYING, lambda: advance(started(), lambda r: r.status is Status.PLAYING
                                                and len(r.deal.tricks) >= 2 and bool(r.deal.trick.plays))),
    "dealEnded": (Status.DEAL_ENDED, deal_ended),
    "dealEnded, renamed": (Status.DEAL_ENDED, lambda: deal_ended().rename(PLAYERS[2], "Catherine")),
    "ended": (Status.ENDED, lambda: Table(3, check_every_step=False).play_deal(started(Settings()))),
    "ended after three deals": (Status.ENDED, three_deals),
    "abandoned": (Status.ENDED, lambda: advance(started(), lambda r: r.status is Status.PLAYING).leave(PLAYERS[1])),
    "regrouping": (Status.WAITING, lambda: deal_ended().leave(PLAYERS[2])),
    "regrouping, rejoined": (Status.WAITING,
                             lambda: deal_ended().leave(PLAYERS[2]).join("eve", "Eve").toggle_ready("eve")),
    "waiting, one kicked": (Status.WAITING, lambda: Audience().kick(seated_room(3, ready=False), PLAYERS[0],
                                                                    PLAYERS[2])[0]),
    "contract: a doubled contract in play": (Status.PLAYING, doubled_in_play),
    "contract: between deals of a Chicago": (Status.DEAL_ENDED, chicago_between_deals),
    "contract: a claim open": (Status.PLAYING, lambda: claimed(0)),
    "contract: a claim accepted by one defender": (Status.PLAYING, lambda: claimed(1)),
    "contract: a claim accepted": (Status.DEAL_ENDED, lambda: claimed(2)),
    "contract: a claim rejected": (Status.PLAYING, claim_rejected),
    "contract: an undo asked for": (Status.PLAYING, undo_asked),
    "contract: an alerted auction": (Status.BIDDING, lambda: contract_started().place_bid(
        PLAYERS[0], call("1C"), random.Random(1), "could be short")),
    "event table: first board": (Status.BIDDING, lambda: event_table(0)),
    "event table: third board": (Status.BIDDING, lambda: event_table(2)),
    "tournament table: first board": (Status.BIDDING, lambda: tournament_table(0)),
    "tournament table: left in the second board": (Status.ENDED, lambda: tournament_left(1)),
    "memory: first half": (Status.FIRST_HALF, lambda: advance(memory_started(), lambda r: len(r.deal.tricks) >= 3
                                                          and bool(r.deal.trick.plays))),
    "memory: the auction after the first half": (Status.BIDDING, lambda: advance(
        memory_started(), lambda r: r.status is Status.BIDDING and len(r.deal.calls) >= 1, seed=3)),
    "memory: second half": (Status.PLAYING, lambda: advance(memory_started(), lambda r: r.status is Status.PLAYING
                                                            and len(r.deal.tricks) >= 2, seed=3)),
    "memory: between deals": (Status.DEAL_ENDED, lambda: advance(memory_started(), lambda r: r.deal.is_finished
                                                                 and r.status is Status.DEAL_ENDED, seed=3)),
    "second deal, new player": (Status.BIDDING, lambda: start(deal_ended().leave(PLAYERS[0]).join("eve", "Eve"),
                                                              random.Random(4))),
}


@pytest.mark.parametrize("name", ROOMS)
def test_the_rooms_are_in_the_statuses_they_are_named_after(name: str) -> None:
    status, make = ROOMS[name]
    room = make()
    assert room.status is status
    assert room.regrouping == name.startswith("regrouping")
    assert (room.abandoned_by is not None) == (name == "abandoned")


@pytest.mark.parametrize("name", ROOMS)
def test_every_room_round_trips_through_its_state_document(name: str) -> None:
    room = ROOMS[name][1]()
    doc = state.encode(room)
    assert doc["schemaVersion"] == state.SCHEMA_VERSION == 13
    wire = json.loads(json.dumps(doc))  # plain JSON values: what Firestore stores
    assert wire == doc
    decoded = state.decode(wire)
    assert decoded == room
    assert state.encode(decoded) == doc
    if room.match is not None:
        assert list(decoded.match.scores) == list(room.match.scores)  # the order players joined is kept
        assert decoded.match.names == room.match.names
    assert documents.public_room(decoded) == documents.public_room(room)
    assert documents.hand_views(decoded) == documents.hand_views(room)


def nested_arrays(value: object, inside_array: bool = False) -> bool:
    if isinstance(value, list):
        return inside_array or any(nested_arrays(v, True) for v in value)
    if isinstance(value, dict):
        return any(nested_arrays(v) for v in value.values())
    return False


@pytest.mark.parametrize("name", ROOMS)
def test_no_state_document_holds_an_array_directly_in_an_array(name: str) -> None:
    """Firestore cannot store one."""
    assert not nested_arrays(state.encode(ROOMS[name][1]()))


def unseeded(room: Room) -> Room:
    """`room` as a server before verifiable dealing (schema 9) stored it: no seeds, no entropy
    and no vulnerability kept for the last deal."""
    match = room.match
    if match is not None and isinstance(match.sheet, Sheet):
        match = evolve(match, sheet=evolve(match.sheet, vulnerable_last=(False, False)))
    return evolve(room, next_seed=None, seed=None, match=match,
                  seats=tuple(evolve(seat, entropy="") for seat in room.seats))


def older(room: Room) -> Room:
    """`room` as a server before undo (schema 7) stored it: with no action to take back (and unseeded)."""
    return unseeded(evolve(room, undo_point=None))


def schema_12(doc: dict) -> dict:
    """A state document of the current schema as schema 12 wrote it: no tournament (for rooms that
    are no tournament's table)."""
    old = json.loads(json.dumps(doc)) | {"schemaVersion": 12}
    assert old.pop("tournament") is None
    return old


def schema_11(doc: dict, spectators: tuple[str, ...] = (), kicked: tuple[str, ...] = ()) -> dict:
    """A state document of the current schema as schema 11 wrote it: with the room's audience in it."""
    return schema_12(doc) | {"schemaVersion": 11, "spectators": list(spectators), "kicked": list(kicked)}


@pytest.mark.parametrize("name", ["waiting", "playing", "ended", "event table: first board"])
def test_a_schema_12_room_is_no_tournaments_table(name: str) -> None:
    room = ROOMS[name][1]()
    doc = state.encode(room)
    assert state.decode(schema_12(doc)) == room
    assert state.migrate(schema_12(doc)) == doc


def schema_10(doc: dict, spectators: tuple[str, ...] = (), kicked: tuple[str, ...] = ()) -> dict:
    """A state document of the current schema as schema 10 wrote it: with its audience, no claim's
    `after`, no rejected claims (for rooms with none and whose claim, if any, is at the current
    trick)."""
    old = schema_11(doc, spectators, kicked) | {"schemaVersion": 10}
    for deal in (old["match"] and old["match"]["deal"], old["undoPoint"] and old["undoPoint"]["deal"]):
        if deal:
            assert deal.pop("rejectedClaims") == []
            if deal["claim"]:
                assert deal["claim"].pop("after") == len(deal["tricks"])
    return old


def test_a_schema_10_room_has_no_rejected_claim_and_its_claim_was_made_at_this_trick() -> None:
    for name in ("waiting", "playing", "contract: a claim open", "contract: a claim accepted",
                 "contract: an undo asked for"):
        room = ROOMS[name][1]()
        doc = state.encode(room)
        assert state.decode(schema_10(doc)) == room, name
        assert state.migrate(schema_10(doc)) == doc, name


def schema_9(doc: dict) -> dict:
    """A state document of the current schema as schema 9 wrote it: no seeds, no entropy, no
    vulnerability of the last deal (the fields of `older` rooms, whose values are their defaults)."""
    old = schema_10(doc) | {"schemaVersion": 9}
    del old["nextSeed"], old["seed"]
    for seat in old["seats"]:
        del seat["entropy"]
    if old["match"] is not None and isinstance(old["match"]["sheet"], dict):
        old["match"]["sheet"].pop("lastVulnerable", None)
    return old


@pytest.mark.parametrize("name", ["waiting", "playing", "ended", "event table: first board"])
def test_a_schema_11_room_is_the_same_room_and_its_audience_is_read_from_it_before_it_migrates(name: str) -> None:
    room = ROOMS[name][1]()
    doc = state.encode(room)
    for old in (schema_11(doc, spectators=("eve", "fay"), kicked=("gus",)),
                schema_10(doc, spectators=("eve", "fay"), kicked=("gus",))):
        assert state.decode(old) == room
        assert state.migrate(old) == doc  # the audience leaves the state
        assert state.legacy_audience(old) == Audience(("eve", "fay"), ("gus",))
    assert state.legacy_audience(schema_11(doc)) is None  # nobody watched, nobody was banned
    assert state.legacy_audience(doc) is None  # schema 12 keeps no audience


def test_a_schema_9_room_has_no_seed_and_commits_from_its_next_deal_on() -> None:
    for name in ("waiting", "playing", "contract: between deals of a Chicago", "event table: first board"):
        room = unseeded(ROOMS[name][1]())
        doc = state.encode(room)
        assert state.decode(schema_9(doc)) == room, name
        assert state.migrate(schema_9(doc)) == doc, name


def test_a_schema_2_room_has_no_spectators_and_has_kicked_nobody() -> None:
    room = older(ROOMS["playing"][1]())
    doc = state.encode(room)
    old = {key: value for key, value in schema_9(doc).items()
           if key not in ("spectators", "kicked")} | {"schemaVersion": 2}
    assert state.decode(old) == room
    assert state.migrate(old) == doc


def test_a_schema_3_room_has_a_blank_sheet_and_an_undoubled_contract() -> None:
    for name in ("waiting", "playing", "dealEnded", "ended after three deals"):
        room = older(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 3}
        if old["match"] is not None:
            del old["match"]["sheet"]
            if old["match"]["deal"]["contract"] is not None:
                del old["match"]["deal"]["contract"]["doubling"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_schema_4_room_is_no_events_table_and_deals_no_board() -> None:
    for name in ("waiting", "playing", "ended after three deals", "contract: a doubled contract in play"):
        room = older(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 4}
        del old["event"]
        if old["match"] is not None:
            del old["match"]["boards"], old["match"]["deal"]["board"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_schema_5_room_deals_no_first_half() -> None:
    for name in ("waiting", "playing", "ended after three deals", "event table: first board"):
        room = older(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 5}
        if old["match"] is not None:
            del old["match"]["deal"]["stock"], old["match"]["deal"]["firstTricks"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_schema_6_room_has_no_claim() -> None:
    for name in ("waiting", "playing", "memory: second half", "contract: between deals of a Chicago"):
        room = older(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 6}
        if old["match"] is not None:
            del old["match"]["deal"]["claim"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_schema_7_room_has_no_action_to_take_back() -> None:
    for name in ("waiting", "playing", "contract: a claim open"):
        room = older(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 7}
        del old["undoPoint"], old["undoRequest"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_schema_8_room_has_no_alert() -> None:
    for name in ("waiting", "playing", "contract: an undo asked for"):
        room = unseeded(ROOMS[name][1]())
        doc = state.encode(room)
        old = schema_9(doc) | {"schemaVersion": 8}
        for deal in (old["match"] and old["match"]["deal"], old["undoPoint"] and old["undoPoint"]["deal"]):
            if deal:
                del deal["alerts"]
        assert state.decode(old) == room, name
        assert state.migrate(old) == doc, name


def test_a_decoded_room_plays_on() -> None:
    room = ROOMS["playing"][1]()
    decoded = state.decode(json.loads(json.dumps(state.encode(room))))
    deal = room.deal
    move = deal.legal_cards()[0]
    uid = deal.players[deal.turn]
    assert decoded.play_card(uid, move) == room.play_card(uid, move)


@pytest.mark.parametrize("version", [None, 0, 1, 14, "2", 2.5])
def test_unknown_schema_version_is_a_state_error(version: object) -> None:
    doc = state.encode(ROOMS["bidding"][1]())
    if version is None:
        del doc["schemaVersion"]
    else:
        doc["schemaVersion"] = version
    with pytest.raises(state.StateError):
        state.decode(doc)


# ----- Part I rooms (schema 1): the public document and the hand documents, migrated ---------------
# Built by hand in Part I's shape (SPEC §6 as Part I wrote it, plus memberIDs and seating), never by the
# engine: only Part I's keys, its three settings, its status strings.


def v1_player(uid: str, position: int, ready: bool) -> dict:
    return {"uid": uid, "displayName": uid.title(), "position": position, "ready": ready}


def v1_trick(leader: int, text: str, winner: int | None = None) -> dict:
    doc = {"leader": leader, "cards": [{"position": (leader + i) % 4, "card": c} for i, c in enumerate(text.split())]}
    if winner is not None:
        doc["winner"] = winner
    return doc


def v1_room(**fields: object) -> dict:
    """A Part I room document: a waiting room of ann and ben, changed by `fields`."""
    doc = {
        "hostID": "ann", "status": "waiting",
        "settings": {"inviteOnly": False, "playAllTricks": True, "washRule": False},
        "invited": ["eve"], "memberIDs": ["ann", "ben"],
        "players": [v1_player("ann", 0, True), v1_player("ben", 1, False)],
        "seating": None, "dealer": None, "turn": None, "washes": 0, "bids": [], "highestBid": None,
        "contract": None, "partnerCard": None, "partnerPosition": None, "trick": None, "tricks": [],
        "tricksWon": [0, 0, 0, 0], "trumpBroken": False, "handSizes": [0, 0, 0, 0], "result": None, "version": 7,
    }
    return doc | fields


def hands_of(*remaining: str) -> dict[str, dict]:
    """Part I hand documents: each PLAYERS' remaining cards ('2C 3C ...'), sorted as Part I sorted them."""
    return {uid: {"cards": [str(c) for c in sorted(card(t) for t in text.split())]}
            for uid, text in zip(PLAYERS, remaining, strict=True)}


def suit_hand(suit: str, ranks: str = "23456789TJQKA") -> str:
    return " ".join(r + suit for r in ranks)


FOUR = [v1_player(uid, i, True) for i, uid in enumerate(PLAYERS)]

# SUIT_PER_SEAT (0 clubs, 1 diamonds, 2 hearts, 3 spades) after two washes, dealer 1: 1C, PASS so far.
BIDDING = v1_room(
    status="bidding", memberIDs=list(PLAYERS), players=FOUR, seating=list(PLAYERS), dealer=1, turn=0, washes=2,
    bids=[{"position": 2, "bid": "1C"}, {"position": 3, "bid": "PASS"}], highestBid={"position": 2, "bid": "1C"},
    handSizes=[13, 13, 13, 13],
)
BIDDING_HANDS = hands_of(*(suit_hand(s) for s in "CDHS"))

# SUIT_PER_SEAT, dealer 3: 1C, PASS, 2H, PASS, PASS, PASS.
# Seat 2 declares 2H and names AS (seat 3's). Seat 3 leads 2S, seat 2 ruffs; seat 2 leads 3H and wins;
# seat 2 leads 4H, seat 3 plays AS: the partner is revealed. Seat 0 is to play.
IN_PLAY = v1_room(
    status="playing", memberIDs=list(PLAYERS), players=FOUR, seating=list(PLAYERS), dealer=3, turn=0,
    bids=[{"position": 0, "bid": "1C"}, {"position": 1, "bid": "PASS"}, {"position": 2, "bid": "2H"},
          {"position": 3, "bid": "PASS"}, {"position": 0, "bid": "PASS"}, {"position": 1, "bid": "PASS"}],
    highestBid={"position": 2, "bid": "2H"},
    contract={"declarer": 2, "bid": "2H", "trump": "H", "target": 8, "defenderTarget": 6},
    partnerCard="AS", partnerPosition=3,
    trick=v1_trick(2, "4H AS"),
    tricks=[v1_trick(3, "2S 2C 2D 2H", 2), v1_trick(2, "3H 3S 3C 3D", 2)],
    tricksWon=[0, 0, 2, 0], trumpBroken=True, handSizes=[11, 11, 10, 10],
)
IN_PLAY_HANDS = hands_of(suit_hand("C", "456789TJQKA"), suit_hand("D", "456789TJQKA"),
                         suit_hand("H", "56789TJQKA"), suit_hand("S", "456789TJQK"))

# SUIT_PER_SEAT, dealer 3: 1NT by seat 0, partner card AD (seat 1's, never played). Seat 0 leads clubs
# and wins seven tricks in a row: the declarer's side has 7 whoever the partner is, and the deal ends.
ENDED = v1_room(
    status="ended", memberIDs=list(PLAYERS), players=FOUR, seating=list(PLAYERS), dealer=3, turn=None,
    bids=[{"position": 0, "bid": "1NT"}, {"position": 1, "bid": "PASS"}, {"position": 2, "bid": "PASS"},
          {"position": 3, "bid": "PASS"}],
    highestBid={"position": 0, "bid": "1NT"},
    contract={"declarer": 0, "bid": "1NT", "trump": None, "target": 7, "defenderTarget": 7},
    partnerCard="AD", partnerPosition=1,
    tricks=[v1_trick(0, " ".join(r + s for s in "CDHS"), 0) for r in "2345678"],
    tricksWon=[7, 0, 0, 0], handSizes=[6, 6, 6, 6],
    result={"players": list(PLAYERS), "abandonedBy": None, "winners": ["ann", "ben"], "contract": "1NT",
            "declarer": 0, "partner": 1, "declarerTricks": 7, "defenderTricks": 0, "made": True},
)
ENDED_HANDS = hands_of(*(suit_hand(s, "9TJQKA") for s in "CDHS"))

# IN_PLAY, abandoned by ben.
ABANDONED = IN_PLAY | {
    "status": "ended", "turn": None, "memberIDs": ["ann", "cat", "dan"],
    "players": [v1_player(uid, i, True) for i, uid in enumerate(["ann", "cat", "dan"])],
    "result": {"players": list(PLAYERS), "abandonedBy": "ben", "winners": [], "contract": None, "declarer": None,
               "partner": None, "declarerTricks": None, "defenderTricks": None, "made": None},
}

V1 = {
    "waiting": (v1_room(), {}),
    "bidding": (BIDDING, BIDDING_HANDS),
    "playing": (IN_PLAY, IN_PLAY_HANDS),
    "ended": (ENDED, ENDED_HANDS),
    "abandoned": (ABANDONED, IN_PLAY_HANDS),
}


@pytest.mark.parametrize("name", V1)
def test_a_part_one_room_migrates_to_the_same_public_document(name: str) -> None:
    old, hands = V1[name]
    doc = state.from_public_v1(old, hands)
    assert doc["schemaVersion"] == state.SCHEMA_VERSION
    room = state.decode(json.loads(json.dumps(doc)))
    public = documents.public_room(room)
    part_one_keys = set(old) - {"version"}  # the service adds the version
    assert part_one_keys <= set(public)
    # Fields added since, null for a Floating Bridge deal (SPEC §11): the contract's doubling, the
    # result's points by kind and what an unfinished rubber would give.
    added = {"contract": {"doubled": None}, "result": {"points": None, "unfinishedRubber": None, "passedOut": False}}
    for key in part_one_keys - {"settings", "players"}:
        expected = {**old[key], **added[key]} if key in added and old[key] is not None else old[key]
        assert public[key] == expected, key
    # Part I's seats are all people: each gains `bot: false` (SPEC §10) and no entropy (SPEC §16).
    assert public["players"] == [{**player, "bot": False, "entropy": ""} for player in old["players"]]
    # Part I's three settings keep their values; the match settings are Part I's behaviour (§9)
    assert {k: public["settings"][k] for k in old["settings"]} == old["settings"]
    assert {k: v for k, v in public["settings"].items() if k not in old["settings"]} == {
        "variant": "floating", "deals": 1, "scoring": "deals", "turnSeconds": 0, "botReplacesLeaver": False,
        "botLevel": "basic", "chat": True, "undo": True}
    assert "spectators" not in public and state.legacy_audience(doc) is None  # Part I had no spectators
    assert {uid: {"cards": hand["cards"]} for uid, hand in documents.hand_views(room).items()} == hands
    assert state.decode(state.encode(room)) == room


def test_a_migrated_room_in_play_plays_on() -> None:
    room = state.decode(state.from_public_v1(*V1["playing"]))
    assert room.status is Status.PLAYING and room.match.number == 1 and room.match.deals == 1
    assert room.deal.hands_dealt() == SUIT_PER_SEAT and room.deal.partner == 3 and room.deal.partner_revealed
    assert documents.public_room(room)["match"] == {"dealNumber": 1, "deals": 1, "scores": dict.fromkeys(PLAYERS, 0),
                                                    "names": {uid: uid.title() for uid in PLAYERS}, "sheet": None}
    with rejects(Reason.NOT_YOUR_TURN):
        room.play_card("ben", card("4D"))
    with rejects(Reason.CARD_NOT_IN_HAND, mentions=["2C"]):
        room.play_card("ann", card("2C"))  # played to the first trick
    room = room.play_card("ann", card("4C"))  # no heart: any card
    assert room.deal.trick.plays[-1].card == card("4C") and room.deal.turn == 1


def test_a_migrated_auction_goes_on() -> None:
    room = state.decode(state.from_public_v1(*V1["bidding"]))
    assert room.status is Status.BIDDING and room.deal.turn == 0 and room.deal.washes == 2
    with rejects(Reason.BID_TOO_LOW, mentions=["1C"]):
        room.place_bid("ann", call("1C"), random.Random(0))
    room = room.place_bid("ann", call("1D"), random.Random(0))
    assert room.deal.highest_bid.position == 0 and room.deal.turn == 1


def test_a_migrated_ended_room_keeps_its_result_and_score() -> None:
    room = state.decode(state.from_public_v1(*V1["ended"]))
    assert room.status is Status.ENDED and room.match.is_over(room.deal)
    assert dict(room.match.scores) == {"ann": 1, "ben": 1, "cat": 0, "dan": 0}
    outcome = room.result.outcome
    assert (outcome.declarer, outcome.partner, outcome.made, outcome.contract.bid) == (0, 1, True, call("1NT"))
    assert room.deal.hands_dealt() == SUIT_PER_SEAT
    assert documents.deal_record(room)["scoreChanges"] == {"ann": 1, "ben": 1, "cat": 0, "dan": 0}


def test_a_migrated_abandoned_room_stays_abandoned() -> None:
    room = state.decode(state.from_public_v1(*V1["abandoned"]))
    assert room.status is Status.ENDED and room.abandoned_by == "ben" and room.member_ids == ("ann", "cat", "dan")
    assert dict(room.match.scores) == dict.fromkeys(PLAYERS, 0) and room.deal.players == PLAYERS
    # Its abandon was counted when it happened: loading it owes no stats.
    assert room.result.abandoned_by == "ben" and stat_changes(None, room) == {}


def test_a_migrated_waiting_room_starts_its_first_deal() -> None:
    room = state.decode(state.from_public_v1(*V1["waiting"]))
    assert room.match is None and room.status is Status.WAITING and room.invited == ("eve",)
    assert room.settings == Settings.of(playAllTricks=True, washRule=False)
    room = room.toggle_ready("ben").join("cat", "Cat").join("dan", "Dan").toggle_ready("cat").toggle_ready("dan")
    assert room.start("ann", random.Random(1)).match.number == 1
