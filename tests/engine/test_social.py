"""The social table (SPEC §13) in the engine: the room's audience (spectators, who may chat and
how often, and the host removing a player or spectator for good), apart from the room's state."""
from __future__ import annotations

import random

import pytest

from bridge import Reason, Room, Settings, documents
from bridge.audience import MAX_KICKED, MAX_SPECTATORS, Audience
from bridge.chat import MAX_TEXT, MESSAGE, RATE_MESSAGES, RATE_SECONDS, sent_within_limit
from bridge.room import Status

from .conftest import PLAYERS, rejects, seated, seated_room
from .test_match import Table, start
from .test_state import ROOMS

HOST, BEN, CAT, DAN = PLAYERS


def room_of_three(settings: Settings = Settings()) -> Room:
    return seated_room(3, ready=False, settings=settings)


NOBODY = Audience()


def watching(room: Room, *spectators: str, audience: Audience = NOBODY) -> Audience:
    for uid in spectators:
        audience = audience.watch(room, uid)
    return audience


# ----- watching -----------------------------------------------------------------------------


def test_a_spectator_is_in_the_audience_and_never_in_the_room() -> None:
    room = start(room_of_three().join(DAN, "Dan"), random.Random(1))
    audience = watching(room, "eve")
    assert audience.spectators == ("eve",)
    assert documents.room_audience(audience) == {"spectators": ["eve"]}
    assert "spectators" not in documents.public_room(room)  # the room's projection is the same watched or not
    assert "eve" not in documents.hand_views(room) and "eve" not in room.member_ids
    assert documents.player_view(room, "eve")["hand"] is None


def test_watching_is_allowed_in_every_status_and_watching_twice_changes_nothing() -> None:
    room = start(room_of_three().join(DAN, "Dan"), random.Random(2))
    assert room.status is Status.BIDDING
    audience = watching(room, "eve")
    assert watching(room, "fay", "fay", audience=audience).spectators == ("eve", "fay")
    assert audience.watch(room, "eve") == audience


def test_a_seated_player_cannot_watch_their_own_room() -> None:
    with rejects(Reason.ALREADY_IN_ROOM):
        Audience().watch(room_of_three(), BEN)


def test_an_invite_only_room_is_watched_by_invitees_only() -> None:
    room = room_of_three(Settings(invite_only=True))
    with rejects(Reason.NOT_INVITED):
        Audience().watch(room, "eve")
    invited, audience = Audience().invite(room, HOST, "eve")
    assert audience.watch(invited, "eve").spectators == ("eve",)


def test_a_room_has_at_most_fifty_spectators() -> None:
    room = room_of_three()
    audience = watching(room, *(f"fan{n}" for n in range(MAX_SPECTATORS)))
    with rejects(Reason.ROOM_FULL):
        audience.watch(room, "one-more")


def test_taking_a_seat_stops_watching() -> None:
    room, audience = watching(room_of_three(), "eve", "fay").join(room_of_three(), "eve", "Eve")
    assert audience.spectators == ("fay",) and room.position_of("eve") == 3


def test_stop_watching_is_for_spectators() -> None:
    assert watching(room_of_three(), "eve", "fay").stop_watching("eve").spectators == ("fay",)
    with rejects(Reason.NOT_IN_ROOM):
        watching(room_of_three(), "eve").stop_watching("fay")


# ----- removing a player ------------------------------------------------------------------------


def test_a_kicked_player_leaves_their_seat_and_may_neither_join_nor_watch_again() -> None:
    room, audience = Audience().kick(room_of_three(), HOST, BEN)
    assert room.member_ids == (HOST, CAT) and audience.kicked == (BEN,)
    with rejects(Reason.KICKED):
        audience.join(room, BEN, "Ben")
    with rejects(Reason.KICKED):
        audience.watch(room, BEN)


def test_a_kicked_spectator_stops_watching_and_may_not_come_back() -> None:
    room = room_of_three()
    kicked_from, audience = watching(room, "eve").kick(room, HOST, "eve")
    assert audience.spectators == () and audience.kicked == ("eve",)
    assert kicked_from is room  # the room itself is as it was: its state, and so its version, do not move
    with rejects(Reason.KICKED):
        audience.watch(room, "eve")
    with rejects(Reason.KICKED):
        audience.join(room, "eve", "Eve")


@pytest.mark.parametrize("name", ["waiting", "bidding", "playing", "contract: a claim open", "dealEnded", "ended",
                                  "abandoned"])
def test_the_host_removes_a_spectator_at_any_time(name: str) -> None:
    room = ROOMS[name][1]()
    after, audience = watching(room, "zed").kick(room, room.host, "zed")
    assert after is room and audience.spectators == () and audience.kicked == ("zed",)


def test_kicking_between_deals_is_leaving_between_deals_not_an_abandon() -> None:
    ended = Table(2, check_every_step=False).play_deal(start(seated(0, Settings(deals=3)), random.Random(3)))
    assert ended.status is Status.DEAL_ENDED
    kicked, _ = Audience().kick(ended, ended.host, PLAYERS[2])
    assert kicked.status is Status.WAITING and kicked.regrouping and kicked.abandoned_by is None
    assert PLAYERS[2] in kicked.match.scores  # their score stays in the match


def test_only_the_host_kicks_and_a_seated_player_only_before_the_first_deal_or_between_deals() -> None:
    room = room_of_three()
    audience = watching(room, "eve")
    for target in (CAT, "eve"):
        with rejects(Reason.NOT_HOST):
            audience.kick(room, BEN, target)
        with rejects(Reason.NOT_IN_ROOM):
            audience.kick(room, "fay", target)
        with rejects(Reason.NOT_IN_ROOM):
            audience.kick(room, "eve", target)  # a spectator is no member
    full = start(room.join(DAN, "Dan"), random.Random(4))
    with rejects(Reason.GAME_STARTED):
        audience.kick(full, HOST, BEN)
    with rejects(Reason.PLAYER_NOT_FOUND):  # whom the host names is checked first
        audience.kick(full, HOST, "stranger")


def test_the_host_cannot_kick_themselves_a_bot_or_a_stranger() -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        Audience().kick(room_of_three(), HOST, HOST)
    with_bot = seated_room(1, ready=False).add_bot(HOST)
    with rejects(Reason.INVALID_ARGUMENT):
        Audience().kick(with_bot, HOST, with_bot.seats[1].uid)
    with rejects(Reason.PLAYER_NOT_FOUND):
        Audience().kick(room_of_three(), HOST, "stranger")


def test_kicking_takes_back_an_invitation_and_inviting_again_lifts_the_ban() -> None:
    room, audience = Audience().invite(room_of_three(Settings(invite_only=True)), HOST, "eve")
    room, audience = audience.watch(room, "eve").kick(room, HOST, "eve")
    assert "eve" not in room.invited and not room.readable_by("eve")
    again, audience = audience.invite(room, HOST, "eve")
    assert audience.kicked == () and "eve" in again.invited
    seated_again, _ = audience.join(again, "eve", "Eve")
    assert seated_again.position_of("eve") == 3


def test_a_kicked_seated_player_loses_their_invitation_too() -> None:
    room, audience = Audience().invite(room_of_three(Settings(invite_only=True)), HOST, "eve")
    room, audience = audience.join(room, "eve", "Eve")
    room, audience = audience.kick(room, HOST, "eve")
    assert "eve" not in room.invited and "eve" not in room.member_ids and audience.kicked == ("eve",)


def test_a_room_remembers_its_latest_fifty_kicks() -> None:
    room, audience = room_of_three(), Audience()
    for n in range(MAX_KICKED + 1):
        room, audience = audience.watch(room, f"pest{n}").kick(room, HOST, f"pest{n}")
    assert len(audience.kicked) == MAX_KICKED and "pest0" not in audience.kicked
    assert f"pest{MAX_KICKED}" in audience.kicked


def test_an_audience_round_trips_through_its_document() -> None:
    room = room_of_three()
    _, audience = watching(room, "eve", "fay", "gus").kick(room, HOST, "fay")
    assert audience.to_dict() == {"spectators": ["eve", "gus"], "kicked": ["fay"]}
    assert Audience.from_dict(audience.to_dict()) == audience


# ----- chat -------------------------------------------------------------------------------------


def test_players_chat_under_their_seat_name_and_spectators_under_their_account_name() -> None:
    room = room_of_three()
    audience = watching(room, "eve")
    assert audience.speaker(room, BEN) == "Ben"
    assert audience.speaker(room, "eve") is None


def test_only_players_and_spectators_chat() -> None:
    room = room_of_three()
    with rejects(Reason.NOT_IN_ROOM):
        watching(room, "eve").speaker(room, "stranger")


def test_no_one_chats_when_the_host_turned_chat_off() -> None:
    room = room_of_three(Settings(chat=False))
    audience = watching(room, "eve")
    for uid in (HOST, "eve"):
        with rejects(Reason.CHAT_DISABLED):
            audience.speaker(room, uid)


@pytest.mark.parametrize("text, stored", [("hi", "hi"), ("  gg wp \n", "gg wp"), ("<b>x</b>", "<b>x</b>"),
                                          ("x" * MAX_TEXT, "x" * MAX_TEXT), (" é🂡 ", "é🂡")])
def test_a_message_is_stored_as_given_once_trimmed(text: str, stored: str) -> None:
    assert MESSAGE.parse(text) == stored


@pytest.mark.parametrize("text", ["", "   \n\t", "x" * (MAX_TEXT + 1), None, 5, ["hi"], {"text": "hi"}, "a\ud800b"])
def test_a_message_is_a_string_of_one_to_five_hundred_characters(text: object) -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        MESSAGE.parse(text)


def test_five_messages_in_ten_seconds_then_rate_limited_until_the_oldest_is_ten_seconds_old() -> None:
    times: tuple[float, ...] = ()
    for n in range(RATE_MESSAGES):
        times = sent_within_limit(times, 100.0 + n)
    assert times == (100.0, 101.0, 102.0, 103.0, 104.0)
    with rejects(Reason.RATE_LIMITED):
        sent_within_limit(times, 109.9)
    assert sent_within_limit(times, 100.0 + RATE_SECONDS) == (101.0, 102.0, 103.0, 104.0, 110.0)
