"""The social table through the callables (SPEC §13): watchRoom / stopWatching, sendMessage and
kickPlayer, what spectators and others may read, and every rejection leaving the database as it was.
Watching never disturbs play: the room's audience is not its state, and its `version` moves with
the players' moves alone (issue 33, item 5)."""
from __future__ import annotations

import collections
import threading
import time

import pytest

from tests import client
from tests.client import CallError
from tests.table import DECK, Table, assert_rejected, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")


def path(table: Table, *parts: str) -> str:
    return "/".join(("rooms", table.room_id, *parts))


def messages(table: Table, reader: client.Auth) -> list[dict]:
    """The room's messages as `reader` lists them, in id order (the order sent)."""
    return list(client.query(path(table, "messages"), reader).values())


# ----- watching -----------------------------------------------------------------------------


def test_a_spectator_reads_the_room_its_records_and_its_chat_and_never_a_hand():
    table = Table.playing(settings={"deals": 2, "washRule": False})
    fan = new_player()
    assert table.call("watchRoom", fan) == {"success": True}
    room = table.room(fan)
    assert room["spectators"] == [fan.uid] and fan.uid not in room["memberIDs"]
    for player in table.players:
        assert client.read_error(path(table, "keys", player.uid), fan).code == "permission-denied"
    assert client.read_error(path(table, "private", "state"), fan).code == "permission-denied"
    table.call("sendMessage", table.players[1], text="hello, watcher")
    assert [m["text"] for m in messages(table, fan)] == ["hello, watcher"]
    table.play_to_end()
    record = client.read(path(table, "deals", "1"), fan)
    assert len(record["hands"]) == 4


def test_watching_again_changes_nothing_and_stop_watching_ends_it():
    table = Table.open(2)
    fan = new_player()
    table.call("watchRoom", fan)
    before = database()
    assert table.call("watchRoom", fan) == {"success": True}
    assert database() == before
    assert table.call("stopWatching", fan) == {"success": True}
    assert table.room()["spectators"] == []
    assert_rejected("stopWatching", {"roomID": table.room_id}, fan, "permission-denied", "NOT_IN_ROOM")


def test_taking_a_seat_stops_watching_and_a_spectator_may_sit_in_another_room():
    table, other = Table.open(2), Table.open(1)
    fan = new_player()
    other.join(fan)  # seated elsewhere
    table.call("watchRoom", fan)
    assert table.room()["spectators"] == [fan.uid]
    assert client.read(f"players/{fan.uid}", fan)["roomID"] == other.room_id  # watching does not move them
    other.leave(fan)
    table.join(fan)
    assert table.room()["spectators"] == [] and fan.uid in table.room()["memberIDs"]


def test_watch_room_rejections_change_nothing():
    table = Table.open(2, settings={"inviteOnly": True})
    outsider = new_player()
    assert_rejected("watchRoom", {"roomID": "noSuchRoom1"}, outsider, "not-found", "ROOM_NOT_FOUND")
    assert_rejected("watchRoom", {"roomID": table.room_id}, outsider, "permission-denied", "NOT_INVITED")
    assert_rejected("watchRoom", {"roomID": table.room_id}, table.players[1], "failed-precondition", "ALREADY_IN_ROOM")
    assert_rejected("watchRoom", {"roomID": table.room_id, "extra": 1}, outsider, "invalid-argument",
                    "INVALID_ARGUMENT")
    assert_rejected("watchRoom", {"roomID": table.room_id}, None, "unauthenticated", "UNAUTHENTICATED")


def test_watching_stopping_and_removing_a_spectator_leave_the_rooms_state_and_version_alone():
    table = Table.playing(settings={"washRule": False})
    fan, pest = new_player(), new_player()
    state = path(table, "private", "state")
    room, stored = table.room(), client.admin_get(state)
    table.call("watchRoom", fan)
    table.call("watchRoom", pest)
    assert table.room()["spectators"] == [fan.uid, pest.uid]
    table.call("stopWatching", fan)
    assert table.call("kickPlayer", table.host(), uid=pest.uid) == {"success": True}  # during the play
    after = table.room()
    assert after["spectators"] == [] and after == room | {"spectators": []}  # `version` and `updatedAt` too
    assert client.admin_get(state) == stored
    # The audience is a server-only document of its own.
    assert client.admin_get(path(table, "private", "audience")) == {"spectators": [], "kicked": [pest.uid]}
    for reader in (table.host(), fan, pest):
        assert client.read_error(path(table, "private", "audience"), reader).code == "permission-denied"
    table.reject("watchRoom", pest, "permission-denied", "KICKED")
    table.play_legal()  # the players play on
    assert table.room()["version"] == room["version"] + 1


class Looping(threading.Thread):
    """An outsider calling watchRoom then stopWatching again and again, until the host's ban
    stops them (`KICKED`); `calls` counts the answers by reason (None: success)."""

    def __init__(self, table: Table, outsider: client.User) -> None:
        super().__init__(daemon=True)
        self.table, self.outsider = table, outsider
        self.calls: collections.Counter[tuple[str, str | None]] = collections.Counter()

    def run(self) -> None:
        while self.calls["watchRoom", "KICKED"] == 0:
            for name in ("watchRoom", "stopWatching"):
                try:
                    self.table.call(name, self.outsider)
                    self.calls[name, None] += 1
                except CallError as error:
                    self.calls[name, error.reason] += 1
                    if error.reason == "KICKED":
                        break


def test_an_outsider_looping_watch_and_stop_during_a_deal_never_stalls_a_player_and_the_host_removes_them():
    """Issue 33, item 5, as it was found: an anonymous outsider loops watchRoom / stopWatching
    through a deal while the four call, name the partner card and play, each with the
    `expectedVersion` they have just read. Every move is taken, the room's version moves by one
    with each move and with nothing else; the host removes the outsider mid-deal (asking again
    while the outsider is between their calls), who may then never watch again."""
    table = Table.started(settings={"washRule": False})
    outsider = client.sign_up_anonymous()
    moved = 0

    def move(name: str, **data: object) -> None:
        nonlocal moved
        room = table.room()
        player = table.declarer(room) if name == "chooseTeammate" else table.to_act(room)
        if name == "chooseTeammate":
            data = {"card": max(table.told(player, room), key=DECK.index)}
        elif name == "playCard":
            data = {"card": table.choose_card(player, room)}
        table.call(name, player, expectedVersion=room["version"], **data)  # never STALE_STATE
        assert table.room()["version"] == room["version"] + 1, f"{name}: the version moved with something else"
        moved += 1

    start = table.room()["version"]
    looping = Looping(table, outsider)
    looping.start()
    for bid in ("1NT", "PASS", "PASS", "PASS"):
        move("placeBid", bid=bid)
    move("chooseTeammate")
    for _ in range(8):
        move("playCard")
    version = table.room()["version"]
    # The host asks until the outsider is caught watching. Past their allowance the outsider
    # watches or stops once every 15 s, waiting out `retryAfter` (Table.call): the host asks
    # while the room lists them (a kick between a stopWatching and the next watchRoom is
    # PLAYER_NOT_FOUND, and is asked again).
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the outsider was never watching when the host asked"
        looped = looping.calls["watchRoom", None] >= 3 and looping.calls["stopWatching", None] >= 3
        if not looped or outsider.uid not in table.room()["spectators"]:  # (the moves may outrun the loop)
            time.sleep(0.2)
            continue
        try:
            assert table.call("kickPlayer", table.host(), uid=outsider.uid) == {"success": True}
            break
        except CallError as error:
            assert error.reason == "PLAYER_NOT_FOUND", error
    looping.join(timeout=60)
    assert not looping.is_alive(), "the outsider could still watch"
    assert table.room()["version"] == version, "removing a spectator is no change of the room"
    assert table.room()["spectators"] == []
    for _ in range(4):
        move("playCard")
    assert table.room()["version"] == start + moved
    # The outsider watched and stopped all along, and was refused only once removed.
    assert looping.calls["watchRoom", None] >= 3 and looping.calls["stopWatching", None] >= 3, looping.calls
    assert set(looping.calls) <= {("watchRoom", None), ("stopWatching", None), ("stopWatching", "NOT_IN_ROOM"),
                                  ("watchRoom", "KICKED")}, looping.calls
    assert looping.calls["stopWatching", "NOT_IN_ROOM"] <= 1
    table.reject("watchRoom", outsider, "permission-denied", "KICKED")
    table.reject("stopWatching", outsider, "permission-denied", "NOT_IN_ROOM")
    table.reject("joinGameRoom", outsider, "permission-denied", "KICKED")


def test_an_invited_spectator_removed_mid_deal_may_neither_watch_nor_read_the_room_again():
    table = Table.ready(settings={"inviteOnly": True, "washRule": False})
    fan = new_player()
    table.invite(fan)
    table.start()
    table.win_auction("1NT")
    table.call("watchRoom", fan)
    version = table.room()["version"]
    table.call("kickPlayer", table.host(), uid=fan.uid)
    room = table.room()
    # The invitation is the room's: withdrawing it is a change of the room, as any invitation is.
    assert room["spectators"] == [] and fan.uid not in room["invited"] and room["version"] == version + 1
    assert client.read_error(path(table), fan).code == "permission-denied"
    table.reject("watchRoom", fan, "permission-denied", "KICKED")
    table.reject("sendMessage", fan, "permission-denied", "NOT_IN_ROOM", text="let me in")
    table.choose_teammate()  # play goes on


def test_removing_a_spectator_rejections_change_nothing():
    table = Table.playing(settings={"washRule": False})
    fan = new_player()
    table.call("watchRoom", fan)
    host, guest = table.host(), table.players[1]
    room = {"roomID": table.room_id}
    assert_rejected("kickPlayer", room | {"uid": fan.uid}, guest, "permission-denied", "NOT_HOST")
    assert_rejected("kickPlayer", room | {"uid": guest.uid}, fan, "permission-denied", "NOT_IN_ROOM")
    assert_rejected("kickPlayer", room | {"uid": new_player().uid}, host, "not-found", "PLAYER_NOT_FOUND")
    assert_rejected("kickPlayer", room | {"uid": guest.uid}, host, "failed-precondition", "GAME_STARTED")
    assert_rejected("kickPlayer", room | {"uid": fan.uid, "expectedVersion": 1}, host, "aborted",
                    "STALE_STATE")


def test_a_room_has_at_most_fifty_spectators():
    table = Table.open(1)
    for _ in range(50):
        table.call("watchRoom", client.sign_up_anonymous())
    assert len(table.room()["spectators"]) == 50
    assert_rejected("watchRoom", {"roomID": table.room_id}, client.sign_up_anonymous(), "failed-precondition",
                    "ROOM_FULL")


# ----- removing a player ------------------------------------------------------------------------


def test_a_kicked_player_leaves_the_room_and_may_neither_join_nor_watch_it_again():
    table = Table.open(3)
    pest = table.players[2]
    assert table.call("kickPlayer", table.host(), uid=pest.uid) == {"success": True}
    assert pest.uid not in table.room()["memberIDs"]
    assert client.read(f"players/{pest.uid}", pest)["roomID"] is None
    assert client.read(f"players/{pest.uid}", pest)["stats"]["gamesAbandoned"] == 0
    assert_rejected("joinGameRoom", {"roomID": table.room_id}, pest, "permission-denied", "KICKED")
    assert_rejected("watchRoom", {"roomID": table.room_id}, pest, "permission-denied", "KICKED")


def test_a_kicked_spectator_stops_watching_chatting_and_reading_an_invite_only_room():
    table = Table.open(2, settings={"inviteOnly": True})
    fan = new_player()
    table.invite(fan)
    table.call("watchRoom", fan)
    table.call("kickPlayer", table.host(), uid=fan.uid)
    room = table.room()
    assert room["spectators"] == [] and fan.uid not in room["invited"]
    assert client.read_error(path(table), fan).code == "permission-denied"
    assert_rejected("sendMessage", {"roomID": table.room_id, "text": "let me in"}, fan, "permission-denied",
                    "NOT_IN_ROOM")
    table.invite(fan)  # inviting again lifts the ban
    table.join(fan)


def test_kicking_between_deals_is_no_abandon_and_the_score_stays():
    table = Table.playing(settings={"deals": 2, "washRule": False})
    table.play_to_end()
    pest = table.players[3]
    table.call("kickPlayer", table.host(), uid=pest.uid)
    room = table.room()
    assert room["status"] == "waiting" and pest.uid in room["match"]["scores"]
    assert client.read(f"players/{pest.uid}", pest)["stats"]["gamesAbandoned"] == 0


def test_kick_player_rejections_change_nothing():
    table = Table.open(3)
    table.call("addBot", table.host())
    host, guest = table.host(), table.players[1]
    room = {"roomID": table.room_id}
    assert_rejected("kickPlayer", room | {"uid": table.players[2].uid}, guest, "permission-denied", "NOT_HOST")
    assert_rejected("kickPlayer", room | {"uid": guest.uid}, new_player(), "permission-denied", "NOT_IN_ROOM")
    assert_rejected("kickPlayer", room | {"uid": host.uid}, host, "invalid-argument", "INVALID_ARGUMENT")
    assert_rejected("kickPlayer", room | {"uid": "~bot1"}, host, "invalid-argument", "INVALID_ARGUMENT")
    assert_rejected("kickPlayer", room | {"uid": new_player().uid}, host, "not-found", "PLAYER_NOT_FOUND")
    assert_rejected("kickPlayer", room | {"uid": "a/b"}, host, "invalid-argument", "INVALID_ARGUMENT")
    for player in table.players:
        table.toggle_ready(player)
    table.start()
    assert_rejected("kickPlayer", room | {"uid": guest.uid}, host, "failed-precondition", "GAME_STARTED")


# ----- chat -------------------------------------------------------------------------------------


def test_players_and_spectators_chat_and_whoever_reads_the_room_reads_the_chat():
    table = Table.open(2)
    fan = client.sign_up(display_name="Fan")
    table.call("watchRoom", fan)
    version = table.room()["version"]
    first = table.call("sendMessage", table.players[1], text="  <img src=x onerror=alert(1)>  ")
    second = table.call("sendMessage", fan, text="go team")
    assert first == {"success": True, "messageID": "000000001"}
    assert second == {"success": True, "messageID": "000000002"}
    assert table.room()["version"] == version, "chatting does not change the room"
    seat_name = table.room()["players"][1]["displayName"]
    for reader in (table.host(), fan, new_player()):  # an open room: anyone signed in
        assert [(m["uid"], m["displayName"], m["text"]) for m in messages(table, reader)] == [
            (table.players[1].uid, seat_name, "<img src=x onerror=alert(1)>"), (fan.uid, "Fan", "go team")]
    assert client.query_error(path(table, "messages"), None).code == "permission-denied"
    assert client.read_error(path(table, "private", "chat"), table.host()).code == "permission-denied"


def test_an_invite_only_rooms_chat_is_for_its_members_and_invitees():
    table = Table.open(2, settings={"inviteOnly": True})
    table.call("sendMessage", table.host(), text="private")
    assert client.query_error(path(table, "messages"), new_player()).code == "permission-denied"
    assert [m["text"] for m in messages(table, table.players[1])] == ["private"]


def test_five_messages_in_ten_seconds_then_rate_limited():
    table = Table.open(2)
    host, guest = table.host(), table.players[1]
    for n in range(5):
        table.call("sendMessage", host, text=f"message {n}")
    error = assert_rejected("sendMessage", {"roomID": table.room_id, "text": "one more"}, host,
                            "resource-exhausted", "RATE_LIMITED")
    assert "wait" in error.message
    table.call("sendMessage", guest, text="my own limit")  # per user
    # Sends older than ten seconds no longer count (the bookkeeping is set back 10 s by hand).
    chat = client.admin_get(path(table, "private", "chat"))
    chat["recent"][host.uid] = [t - 10 for t in chat["recent"][host.uid]]
    client.admin_set(path(table, "private", "chat"), chat)
    assert table.call("sendMessage", host, text="again")["success"] is True


def test_a_room_keeps_its_latest_hundred_messages():
    table = Table.open(1)
    old = time.time() - 60
    client.admin_set(path(table, "private", "chat"), {"count": 100, "recent": {}})
    for number in (1, 2, 100):
        client.admin_set(path(table, "messages", f"{number:09d}"),
                         {"uid": "x", "displayName": "X", "text": str(number), "at": old})
    assert table.call("sendMessage", table.host(), text="101")["messageID"] == "000000101"
    assert [m["text"] for m in messages(table, table.host())] == ["2", "100", "101"]


def test_send_message_rejections_change_nothing():
    table = Table.open(2, settings={"chat": False})
    host = table.host()
    room = {"roomID": table.room_id}
    assert_rejected("sendMessage", room | {"text": "hi"}, host, "failed-precondition", "CHAT_DISABLED")
    table.call("updateRoomSettings", host, settings={"chat": True})
    assert_rejected("sendMessage", room | {"text": "hi"}, new_player(), "permission-denied", "NOT_IN_ROOM")
    assert_rejected("sendMessage", {"roomID": "noSuchRoom1", "text": "hi"}, host, "not-found", "ROOM_NOT_FOUND")
    for text in ("", "   ", "x" * 501, 42, None, ["hi"]):
        assert_rejected("sendMessage", room | {"text": text}, host, "invalid-argument", "INVALID_ARGUMENT")
    assert_rejected("sendMessage", room, host, "invalid-argument", "INVALID_ARGUMENT")
    assert_rejected("sendMessage", room | {"text": "hi", "expectedVersion": 1}, host, "invalid-argument",
                    "INVALID_ARGUMENT")


def test_a_resent_message_is_posted_once():
    table = Table.open(1)
    data = {"roomID": table.room_id, "text": "once", "requestID": "chat-1"}
    assert client.call("sendMessage", data, table.host()) == client.call("sendMessage", data, table.host())
    assert [m["text"] for m in messages(table, table.host())] == ["once"]


def test_deleting_the_room_deletes_its_chat_and_its_audience():
    table = Table.open(1)
    fan, pest = new_player(), new_player()
    table.call("watchRoom", fan)
    table.call("watchRoom", pest)
    table.call("kickPlayer", table.host(), uid=pest.uid)
    table.call("sendMessage", table.host(), text="bye")
    assert client.admin_get(path(table, "private", "audience")) is not None
    table.leave(table.host())
    assert [p for p in database() if p.startswith(path(table))] == []
