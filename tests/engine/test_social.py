"""The social table (SPEC §13) in the engine: spectators, who may chat and how often, and the
host removing a player or spectator for good."""
from __future__ import annotations

import random

import pytest

from bridge import Reason, Room, Settings, documents
from bridge.chat import MAX_TEXT, RATE_MESSAGES, RATE_SECONDS, message_text, sent_within_limit
from bridge.room import MAX_KICKED, MAX_SPECTATORS, Status

from .conftest import PLAYERS, rejects, seated, seated_room
from .test_match import Table, start

HOST, BEN, CAT, DAN = PLAYERS


def watched(*spectators: str, settings: Settings = Settings()) -> Room:
    room = seated_room(3, ready=False, settings=settings)
    for uid in spectators:
        room = room.watch(uid)
    return room


# ----- watching -----------------------------------------------------------------------------


def test_a_spectator_is_listed_on_the_room_document_and_has_no_hand() -> None:
    room = start(watched().join(DAN, "Dan").watch("eve"), random.Random(1))
    assert room.spectators == ("eve",)
    assert documents.public_room(room)["spectators"] == ["eve"]
    assert "eve" not in documents.hand_documents(room) and "eve" not in room.member_ids
    assert documents.player_view(room, "eve")["hand"] is None


def test_watching_is_allowed_in_every_status_and_watching_twice_changes_nothing() -> None:
    room = start(watched("eve").join(DAN, "Dan"), random.Random(2))
    assert room.status is Status.BIDDING
    assert room.watch("fay").watch("fay").spectators == ("eve", "fay")
    assert room.watch("eve") == room


def test_a_seated_player_cannot_watch_their_own_room() -> None:
    with rejects(Reason.ALREADY_IN_ROOM):
        watched().watch(BEN)


def test_an_invite_only_room_is_watched_by_invitees_only() -> None:
    room = watched(settings=Settings(invite_only=True))
    with rejects(Reason.NOT_INVITED):
        room.watch("eve")
    assert room.invite(HOST, "eve").watch("eve").spectators == ("eve",)


def test_a_room_has_at_most_fifty_spectators() -> None:
    room = watched(*(f"fan{n}" for n in range(MAX_SPECTATORS)))
    with rejects(Reason.ROOM_FULL):
        room.watch("one-more")


def test_taking_a_seat_stops_watching() -> None:
    room = watched("eve", "fay").join("eve", "Eve")
    assert room.spectators == ("fay",) and room.position_of("eve") == 3


def test_stop_watching_is_for_spectators() -> None:
    assert watched("eve", "fay").stop_watching("eve").spectators == ("fay",)
    with rejects(Reason.NOT_IN_ROOM):
        watched("eve").stop_watching("fay")


# ----- removing a player ------------------------------------------------------------------------


def test_a_kicked_player_leaves_their_seat_and_may_neither_join_nor_watch_again() -> None:
    room = watched().kick(HOST, BEN)
    assert room.member_ids == (HOST, CAT) and room.kicked == (BEN,)
    with rejects(Reason.KICKED):
        room.join(BEN, "Ben")
    with rejects(Reason.KICKED):
        room.watch(BEN)


def test_a_kicked_spectator_stops_watching_and_may_not_come_back() -> None:
    room = watched("eve").kick(HOST, "eve")
    assert room.spectators == () and room.kicked == ("eve",)
    with rejects(Reason.KICKED):
        room.watch("eve")


def test_kicking_between_deals_is_leaving_between_deals_not_an_abandon() -> None:
    ended = Table(2, check_every_step=False).play_deal(start(seated(0, Settings(deals=3)), random.Random(3)))
    assert ended.status is Status.DEAL_ENDED
    kicked = ended.kick(ended.host, PLAYERS[2])
    assert kicked.status is Status.WAITING and kicked.regrouping and kicked.abandoned_by is None
    assert PLAYERS[2] in kicked.match.scores  # their score stays in the match


def test_only_the_host_kicks_before_the_first_deal_or_between_deals() -> None:
    with rejects(Reason.NOT_HOST):
        watched().kick(BEN, CAT)
    with rejects(Reason.NOT_IN_ROOM):
        watched().kick("eve", CAT)
    full = watched().join(DAN, "Dan")
    with rejects(Reason.GAME_STARTED):
        start(full, random.Random(4)).kick(HOST, BEN)


def test_the_host_cannot_kick_themselves_a_bot_or_a_stranger() -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        watched().kick(HOST, HOST)
    with_bot = seated_room(1, ready=False).add_bot(HOST)
    with rejects(Reason.INVALID_ARGUMENT):
        with_bot.kick(HOST, with_bot.seats[1].uid)
    with rejects(Reason.PLAYER_NOT_FOUND):
        watched().kick(HOST, "stranger")


def test_kicking_takes_back_an_invitation_and_inviting_again_lifts_the_ban() -> None:
    room = watched(settings=Settings(invite_only=True)).invite(HOST, "eve").watch("eve").kick(HOST, "eve")
    assert "eve" not in room.invited and not room.readable_by("eve")
    again = room.invite(HOST, "eve")
    assert again.kicked == () and "eve" in again.invited
    assert again.join("eve", "Eve").position_of("eve") == 3


def test_a_room_remembers_its_latest_fifty_kicks() -> None:
    room = watched()
    for n in range(MAX_KICKED + 1):
        room = room.watch(f"pest{n}").kick(HOST, f"pest{n}")
    assert len(room.kicked) == MAX_KICKED and "pest0" not in room.kicked and f"pest{MAX_KICKED}" in room.kicked


# ----- chat -------------------------------------------------------------------------------------


def test_players_chat_under_their_seat_name_and_spectators_under_their_account_name() -> None:
    room = watched("eve")
    assert room.speaker(BEN) == "Ben"
    assert room.speaker("eve") is None


def test_only_players_and_spectators_chat() -> None:
    with rejects(Reason.NOT_IN_ROOM):
        watched("eve").speaker("stranger")


def test_no_one_chats_when_the_host_turned_chat_off() -> None:
    room = watched("eve", settings=Settings(chat=False))
    for uid in (HOST, "eve"):
        with rejects(Reason.CHAT_DISABLED):
            room.speaker(uid)


@pytest.mark.parametrize("text, stored", [("hi", "hi"), ("  gg wp \n", "gg wp"), ("<b>x</b>", "<b>x</b>"),
                                          ("x" * MAX_TEXT, "x" * MAX_TEXT), (" é🂡 ", "é🂡")])
def test_a_message_is_stored_as_given_once_trimmed(text: str, stored: str) -> None:
    assert message_text(text) == stored


@pytest.mark.parametrize("text", ["", "   \n\t", "x" * (MAX_TEXT + 1), None, 5, ["hi"], {"text": "hi"}, "a\ud800b"])
def test_a_message_is_a_string_of_one_to_five_hundred_characters(text: object) -> None:
    with rejects(Reason.INVALID_ARGUMENT):
        message_text(text)


def test_five_messages_in_ten_seconds_then_rate_limited_until_the_oldest_is_ten_seconds_old() -> None:
    times: tuple[float, ...] = ()
    for n in range(RATE_MESSAGES):
        times = sent_within_limit(times, 100.0 + n)
    assert times == (100.0, 101.0, 102.0, 103.0, 104.0)
    with rejects(Reason.RATE_LIMITED):
        sent_within_limit(times, 109.9)
    assert sent_within_limit(times, 100.0 + RATE_SECONDS) == (101.0, 102.0, 103.0, 104.0, 110.0)
