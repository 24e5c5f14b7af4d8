"""Duplicate events through the callables (docs/DUPLICATE.md): creating, filling and starting
an event, its tables playing the boards as dealt, whole events with bots filling seats (a teams
match of 8 boards, a pairs event of 3 tables), the tables' bot level, leaving, one seat per person across rooms and
events, the bound on the events one user directs, and hostile input refused with its reason and
no change."""
from __future__ import annotations

from tests import client
from tests.client import User
from tests.event_table import Player, create, event_doc, filled, play_out, spot
from tests.table import Table, assert_rejected, new_player


def test_a_teams_match_of_eight_boards_with_bots_in_seven_seats():
    director, ann = new_player(), new_player(name="Ann")
    event_id = create(director, boards=8)
    filled(director, event_id, {("EW", 1, 0): ann})
    assert event_doc(event_id, ann)["status"] == "waiting"
    client.call("startEvent", {"eventID": event_id}, director)
    event = event_doc(event_id, ann)
    assert event["status"] == "playing" and event["round"] == 0 and event["ranking"] is None
    assert [m["boards"] for m in event["meetings"]] == [list(range(1, 9))] * 2
    room_id = Player(ann).room_id()
    assert room_id == event["meetings"][1]["roomID"]
    room = client.read(f"rooms/{room_id}", ann)
    assert room["event"] == {"eventID": event_id, "table": 1, "round": 0} and room["board"] == 1
    assert room["memberIDs"][1] == ann.uid and room["settings"]["scoring"] == "duplicate"
    final = play_out(event_id, director, [Player(ann)])
    ranking = final["ranking"]
    assert [line["name"] for line in sorted(ranking, key=lambda line: line["pair"])] == ["Team A", "Team B"]
    assert ranking[0]["total"] == -ranking[1]["total"] or ranking[0]["total"] == ranking[1]["total"] == 0
    assert ann.uid in next(line for line in ranking if line["pair"] == 0)["uids"]  # EW at table 1: team A
    imps = 0
    for number in range(1, 9):
        board = client.read(f"events/{event_id}/boards/{number}", ann)
        assert [r["table"] for r in board["results"]] == sorted(r["table"] for r in board["results"])
        by_table = {r["table"]: r for r in board["results"]}
        assert sorted(by_table) == [0, 1] and ann.uid in board["readers"]
        imps += by_table[0]["points"]
        record = client.read(f"rooms/{room_id}/deals/{number}", ann)
        assert record["board"] == number and [h["cards"] for h in record["hands"]] == [
            h["cards"] for h in board["hands"]]  # the same cards at both tables
    assert next(line for line in ranking if line["pair"] == 0)["total"] == imps


def test_a_pairs_event_of_three_tables_moves_the_east_west_pairs_and_the_boards():
    director, ann, ben = new_player(), new_player(name="Ann"), new_player(name="Ben")
    event_id = client.call("createEvent", {"form": "pairs", "tables": 3, "boardsPerRound": 2, "boards": 6},
                           director)["eventID"]
    filled(director, event_id, {("NS", 0, 0): ann, ("EW", 0, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    seen_tables = {ann.uid: [], ben.uid: []}
    players = [Player(ann), Player(ben)]
    rounds_seen = set()
    for _ in range(3000):
        event = event_doc(event_id, director)
        if event["status"] == "ended":
            break
        rounds_seen.add(event["round"])
        for player in players:
            room_id = player.room_id()
            room = client.read(f"rooms/{room_id}", player.user)
            if room["event"]["round"] == event["round"]:
                history = seen_tables[player.user.uid]
                if not history or history[-1] != room["event"]["table"]:
                    history.append(room["event"]["table"])
        if not any([player.step() for player in players]):
            raise AssertionError("stuck")
    assert rounds_seen == {0, 1, 2}
    assert seen_tables[ann.uid] == [0]  # North-South pairs stay
    assert seen_tables[ben.uid] == [0, 1, 2]  # East-West pairs move up a table each round
    final = event_doc(event_id, ann)
    ns = [line for line in final["ranking"] if line["direction"] == "NS"]
    assert sum(line["total"] for line in ns) == 2 * 3 * 2 * 3  # per board 3 results: 6 matchpoints shared
    for number in range(1, 7):
        board = client.read(f"events/{event_id}/boards/{number}", ben)
        assert len(board["results"]) == 3 and sum(r["points"] for r in board["results"]) == 6


def test_a_player_who_leaves_a_started_event_is_replaced_by_a_bot_and_the_table_plays_on():
    director, ann, ben = new_player(), new_player(), new_player()
    event_id = create(director, boards=2)
    filled(director, event_id, {("NS", 0, 0): ann, ("EW", 0, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    room_id = Player(ann).room_id()
    assert client.call("leaveEvent", {"eventID": event_id}, ann) is None
    assert Player(ann).room_id() is None
    event = event_doc(event_id, ben)
    north = next(e for e in event["entrants"] if e["direction"] == "NS" and e["pair"] == 0 and e["seat"] == 0)
    assert north["bot"] is True and ann.uid not in event["memberIDs"]
    room = client.read(f"rooms/{room_id}", ben)
    assert room["players"][0]["bot"] is True
    final = play_out(event_id, director, [Player(ben)])
    assert final["status"] == "ended"


def test_an_event_created_with_thinking_bots_shows_it_and_every_table_has_it():
    """Issue 36: `botLevel` on `createEvent` is on the event document and is the room setting
    `botLevel` of every table the event seats; the people play on against those bots to the end.
    An event created without it is basic."""
    director, ann, ben = new_player(), new_player(name="Ann"), new_player(name="Ben")
    event_id = create(director, boards=2, botLevel="thinking")
    assert event_doc(event_id, director)["botLevel"] == "thinking"
    filled(director, event_id, {("NS", 0, 0): ann, ("NS", 1, 0): ben})  # a person at each table
    client.call("startEvent", {"eventID": event_id}, director)
    event = event_doc(event_id, ann)
    assert event["botLevel"] == "thinking" and len(event["meetings"]) == 2
    for meeting in event["meetings"]:
        assert client.read(f"rooms/{meeting['roomID']}", director)["settings"]["botLevel"] == "thinking"
    assert play_out(event_id, director, [Player(ann), Player(ben)])["status"] == "ended"
    assert event_doc(create(new_player()), director)["botLevel"] == "basic"


# ----- hostile input -----------------------------------------------------------------------------


def test_impossible_events_are_refused_and_create_nothing():
    user = new_player()
    for data, code, reason in [
        ({"form": "teams", "boards": 1}, "invalid-argument", "INVALID_EVENT"),
        ({"form": "teams", "boards": 33}, "invalid-argument", "INVALID_EVENT"),
        ({"form": "pairs", "boards": 6, "tables": 2, "boardsPerRound": 3}, "invalid-argument", "INVALID_EVENT"),
        ({"form": "pairs", "boards": 7, "tables": 3, "boardsPerRound": 2}, "invalid-argument", "INVALID_EVENT"),
        ({"form": "pairs", "boards": 6, "tables": 3}, "invalid-argument", "INVALID_EVENT"),
        ({"form": "individual", "boards": 8}, "invalid-argument", "INVALID_ARGUMENT"),
        ({"form": "teams", "boards": "8"}, "invalid-argument", "INVALID_ARGUMENT"),
        ({"form": "teams", "boards": 8, "turnSeconds": 5}, "invalid-argument", "INVALID_SETTINGS"),
        ({"form": "teams", "boards": 8, "invited": "everyone"}, "invalid-argument", "INVALID_ARGUMENT"),
        ({"form": "teams", "boards": 8, "invited": [f"u{n}" for n in range(65)]}, "invalid-argument",
         "INVALID_EVENT"),  # issue 33: said INVALID_ARGUMENT, docs/API.md says INVALID_EVENT
        ({"form": "teams", "boards": 8, "extra": 1}, "invalid-argument", "INVALID_ARGUMENT"),
    ]:
        assert_rejected("createEvent", data, user, code, reason)


def test_a_bot_level_the_room_setting_does_not_take_is_refused_and_creates_nothing():
    user = new_player()
    for level in ("expert", "Thinking", "", 1, True, None, ["thinking"]):
        assert_rejected("createEvent", {"form": "teams", "boards": 8, "botLevel": level}, user, "invalid-argument",
                        "INVALID_SETTINGS")


def test_joining_a_taken_spot_a_spot_that_does_not_exist_or_a_started_event_is_refused():
    director, ann, ben = new_player(), new_player(), new_player()
    event_id = create(director, boards=2)
    client.call("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ann)
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ben, "failed-precondition",
                    "SEAT_TAKEN")
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("NS", 0, 1)}, ann, "failed-precondition",
                    "ALREADY_IN_ROOM")
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("EW", 2, 0)}, ben, "invalid-argument",
                    "INVALID_EVENT")
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("NE", 0, 0)}, ben, "invalid-argument",
                    "INVALID_ARGUMENT")
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("EW", 0, 2)}, ben, "invalid-argument",
                    "INVALID_ARGUMENT")
    assert_rejected("joinEventTable", {"eventID": "nope", **spot("EW", 0, 0)}, ben, "not-found", "EVENT_NOT_FOUND")
    assert_rejected("addEventBot", {"eventID": event_id, **spot("EW", 0, 0)}, ann, "permission-denied",
                    "NOT_DIRECTOR")
    assert_rejected("startEvent", {"eventID": event_id}, ann, "permission-denied", "NOT_DIRECTOR")
    assert_rejected("startEvent", {"eventID": event_id}, director, "failed-precondition", "NOT_ENOUGH_PLAYERS")
    assert_rejected("leaveEvent", {"eventID": event_id}, ben, "permission-denied", "NOT_IN_EVENT")
    filled(director, event_id, {("EW", 0, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    carl = new_player()
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("EW", 1, 0)}, carl, "failed-precondition",
                    "EVENT_STARTED")
    assert_rejected("startEvent", {"eventID": event_id}, director, "failed-precondition", "EVENT_STARTED")


def test_an_invite_only_event_admits_its_invitees_only():
    director, ann, ben = new_player(), new_player(), new_player()
    event_id = create(director, boards=2, inviteOnly=True, invited=[ann.uid])
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ben, "permission-denied",
                    "NOT_INVITED")
    client.call("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ann)
    assert client.read_error(f"events/{event_id}", ben).code == "permission-denied"
    assert event_doc(event_id, ann)["memberIDs"] == [ann.uid]


def test_an_event_table_refuses_the_lobby_and_moves_out_of_turn_or_between_boards():
    director, ann, ben = new_player(), new_player(), new_player()
    event_id = create(director, boards=2)
    filled(director, event_id, {("NS", 0, 0): ann, ("NS", 1, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    room_id, other_room = Player(ann).room_id(), Player(ben).room_id()
    assert room_id != other_room
    carl = new_player()
    for name, data, user in [("joinGameRoom", {"roomID": room_id}, carl), ("watchRoom", {"roomID": room_id}, carl),
                             ("leaveGameRoom", {"roomID": room_id}, ann), ("startGame", {}, ann),
                             ("addBot", {"roomID": room_id}, ann),
                             ("removeBot", {"roomID": room_id, "uid": "~bot1"}, ann),
                             ("inviteToRoom", {"roomID": room_id, "uid": carl.uid}, ann),
                             ("kickPlayer", {"roomID": room_id, "uid": carl.uid}, ann),
                             ("updateRoomSettings", {"roomID": room_id, "settings": {"chat": False}}, ann)]:
        assert_rejected(name, data, user, "failed-precondition", "EVENT_TABLE")
    # Ben, at the other table, cannot move at Ann's.
    assert_rejected("placeBid", {"roomID": room_id, "bid": "PASS"}, ben, "permission-denied", "NOT_IN_ROOM")
    assert client.read_error(f"rooms/{other_room}", ann).code == "permission-denied"
    room = client.read(f"rooms/{room_id}", ann)
    if room["turn"] != 0:
        assert_rejected("placeBid", {"roomID": room_id, "bid": "PASS"}, ann, "failed-precondition", "NOT_YOUR_TURN")


def test_sixty_four_invitations_are_the_most_an_event_holds_counted_without_repeats():
    user = new_player()
    invited = [f"u{n}" for n in range(64)]
    event_id = create(user, invited=[*invited, invited[0]])
    assert event_doc(event_id, user)["invited"] == invited


# ----- one seat per person (issue 33) ------------------------------------------------------------


def account(user: User) -> dict:
    return client.read(f"players/{user.uid}", user)


def test_a_player_seated_in_a_room_cannot_take_a_spot_in_an_event():
    """Issue 33: seated in room A (waiting), Ann took a spot in an event; once it started her
    `roomID` named her table while she still sat in A, and after leaveEvent she created room B:
    seated in A and B."""
    director, table = new_player(), Table.open(2)
    ann = table.players[1]
    event_id = create(director, boards=2)
    assert_rejected("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ann, "failed-precondition",
                    "ALREADY_IN_ROOM")
    table.leave(ann)
    assert client.call("joinEventTable", {"eventID": event_id, **spot("NS", 0, 0)}, ann) == {"success": True}
    assert account(ann)["eventID"] == event_id and account(ann)["roomID"] is None


def test_a_player_with_a_spot_in_an_event_sits_nowhere_else_until_it_ends():
    """From joining to the event's end: no room created or joined, no spot in another event, even
    while their own table has finished its boards and the other table still plays."""
    director, ann, ben = new_player(), new_player(), new_player()
    room = Table.open(1)
    event_id, other = create(director, boards=2), create(director, boards=2)
    filled(director, event_id, {("NS", 0, 0): ann, ("NS", 1, 0): ben})

    def refused(user: User) -> None:
        assert_rejected("createGameRoom", {}, user, "failed-precondition", "ALREADY_IN_ROOM")
        assert_rejected("joinGameRoom", {"roomID": room.room_id}, user, "failed-precondition", "ALREADY_IN_ROOM")
        assert_rejected("joinEventTable", {"eventID": other, **spot("EW", 0, 0)}, user, "failed-precondition",
                        "ALREADY_IN_ROOM")

    refused(ann)  # waiting
    client.call("startEvent", {"eventID": event_id}, director)
    table = Player(ann).room_id()
    assert (account(ann)["roomID"], account(ann)["eventID"]) == (table, event_id)
    refused(ann)  # at her table
    while client.read(f"rooms/{table}", ann)["status"] != "ended":
        assert Player(ann).step()
    assert event_doc(event_id, ann)["status"] == "playing"
    refused(ann)  # her table has ended; Ben's plays on
    play_out(event_id, director, [Player(ben)])
    assert account(ann)["roomID"] == table  # the table she last sat at, ended
    assert client.call("joinGameRoom", {"roomID": room.room_id}, ann) == {"success": True}
    assert account(ann)["roomID"] == room.room_id


def test_a_player_who_leaves_an_event_is_free_at_once():
    """Before the start their spot is freed; once playing a bot takes it. Either way the account
    names neither the event nor its table, and the player may sit elsewhere (one seat only)."""
    director, ann, ben = new_player(), new_player(), new_player()
    waiting = create(director, boards=2)
    client.call("joinEventTable", {"eventID": waiting, **spot("NS", 0, 0)}, ann)
    assert client.call("leaveEvent", {"eventID": waiting}, ann) is None
    assert account(ann)["eventID"] is None
    first = client.call("createGameRoom", {}, ann)["roomID"]
    client.call("leaveGameRoom", {"roomID": first}, ann)

    playing = create(director, boards=2)
    filled(director, playing, {("EW", 1, 1): ben})
    client.call("startEvent", {"eventID": playing}, director)
    assert account(ben)["roomID"] is not None
    client.call("leaveEvent", {"eventID": playing}, ben)
    assert (account(ben)["roomID"], account(ben)["eventID"]) == (None, None)
    second = client.call("createGameRoom", {}, ben)["roomID"]
    assert account(ben)["roomID"] == second
    assert_rejected("joinEventTable", {"eventID": waiting, **spot("NS", 0, 0)}, ben, "failed-precondition",
                    "ALREADY_IN_ROOM")


def test_the_bot_that_replaces_a_leaver_has_a_uid_no_other_spot_of_the_event_holds():
    """Issue 33: Ann left table 0 and the bot that took her seat got ~bot2, the uid of a bot at
    table 1 (the table chose it, seeing only its own four)."""
    director, ann, ben = new_player(), new_player(), new_player()
    event_id = create(director, boards=2)
    filled(director, event_id, {("NS", 0, 0): ann, ("EW", 0, 0): ben})
    client.call("startEvent", {"eventID": event_id}, director)
    table = Player(ben).room_id()
    bots = {e["uid"] for e in event_doc(event_id, ben)["entrants"] if e["bot"]}
    client.call("leaveEvent", {"eventID": event_id}, ann)
    entrants = event_doc(event_id, ben)["entrants"]
    north = next(e for e in entrants if (e["direction"], e["pair"], e["seat"]) == ("NS", 0, 0))
    assert north["bot"] is True and north["uid"] not in bots
    assert len({e["uid"] for e in entrants}) == len(entrants) == 8
    assert client.read(f"rooms/{table}", ben)["players"][0]["uid"] == north["uid"]


# ----- a bounded number of events per director (issue 33) ----------------------------------------


def test_a_user_directs_at_most_three_events_that_have_not_ended():
    """Issue 33: one anonymous account created 15 pairs events of 32 boards in half a second."""
    director = new_player(anonymous=True)
    pairs = {"form": "pairs", "tables": 8, "boardsPerRound": 4, "boards": 32}
    events = [create(director, boards=2), create(director, **pairs), create(director, **pairs)]
    assert account(director)["directing"] == events
    assert_rejected("createEvent", pairs, director, "resource-exhausted", "TOO_MANY_EVENTS")
    filled(director, events[0], {})
    client.call("startEvent", {"eventID": events[0]}, director)  # bots alone: it plays to its end at once
    assert event_doc(events[0], director)["status"] == "ended"
    fourth = create(director, **pairs)
    assert account(director)["directing"] == [*events[1:], fourth]
    assert_rejected("createEvent", pairs, director, "resource-exhausted", "TOO_MANY_EVENTS")
