"""The room lobby (SPEC §4, §5.7-5.8): seats, host, invitations, readiness, start, leaving, stats."""
from __future__ import annotations

import random

import pytest

from bridge import MAX_INVITED, PASS, Phase, Reason, Room, Seat, Settings
from bridge.room import stat_changes

from .conftest import (
    PLAYERS,
    SUIT_PER_SEAT,
    bidding_game,
    card,
    choosing_game,
    endgame,
    play_trick,
    rejects,
    room_with,
    seated_room,
)

RNG = random.Random(0)


def ready_all(room: Room) -> Room:
    for seat in room.seats:
        if not seat.ready:
            room = room.toggle_ready(seat.uid)
    return room


# ----- creating and joining ------------------------------------------------------------------


def test_creator_is_host_at_position_zero() -> None:
    room = Room.create("ann", "Ann", Settings.of(playAllTricks=True))
    assert room.host == "ann" and room.seats == (Seat("ann", "Ann", False),)
    assert room.position_of("ann") == 0 and room.status == "waiting"
    assert room.settings == Settings.of(playAllTricks=True) and room.result is None
    assert room.deal is None and room.match is None


def test_joining_takes_the_next_free_position() -> None:
    room = Room.create("ann", "Ann").join("ben", "Ben").join("cat", "Cat")
    assert room.member_ids == ("ann", "ben", "cat")
    assert room.position_of("cat") == 2 and room.position_of("eve") is None
    assert room.seats[1] == Seat("ben", "Ben", False)


def test_joining_twice_is_already_in_room() -> None:
    for uid in PLAYERS[:3]:
        with rejects(Reason.ALREADY_IN_ROOM):
            seated_room(3).join(uid, "Again")


def test_fifth_player_finds_the_room_full() -> None:
    with rejects(Reason.ROOM_FULL):
        seated_room(4, ready=False).join("eve", "Eve")


def test_joining_a_started_game_is_rejected() -> None:
    with rejects(Reason.GAME_STARTED):
        room_with(bidding_game()).join("eve", "Eve")


def test_joining_an_ended_game_is_rejected() -> None:
    ended = room_with(bidding_game()).leave(PLAYERS[3])
    with rejects(Reason.GAME_ENDED):
        ended.join("eve", "Eve")
    finished = room_with(play_trick(endgame("1NT"), "AH", "TS", "AC", "KS"))
    with rejects(Reason.GAME_ENDED):
        finished.join("eve", "Eve")


def test_invite_only_room_admits_only_invitees() -> None:
    room = Room.create("ann", "Ann", Settings(invite_only=True))
    with rejects(Reason.NOT_INVITED):
        room.join("ben", "Ben")
    room = room.invite("ann", "ben")
    assert room.invited == ("ben",)
    room = room.join("ben", "Ben")
    assert room.member_ids == ("ann", "ben")
    with rejects(Reason.NOT_INVITED):
        room.join("cat", "Cat")


def test_open_room_admits_anyone() -> None:
    assert Room.create("ann", "Ann").join("zed", "Zed").member_ids == ("ann", "zed")


# ----- invitations ---------------------------------------------------------------------------


def test_only_the_host_invites() -> None:
    with rejects(Reason.NOT_HOST):
        seated_room(2).invite(PLAYERS[1], "eve")
    with rejects(Reason.NOT_IN_ROOM):
        seated_room(2).invite("eve", "fay")


def test_invitations_only_while_waiting() -> None:
    with rejects(Reason.GAME_STARTED):
        room_with(bidding_game()).invite(PLAYERS[0], "eve")
    with rejects(Reason.GAME_ENDED):
        room_with(bidding_game()).leave(PLAYERS[2]).invite(PLAYERS[0], "eve")


def test_inviting_twice_or_a_member_changes_nothing() -> None:
    room = seated_room(2).invite(PLAYERS[0], "eve")
    assert room.invite(PLAYERS[0], "eve") == room
    assert room.invite(PLAYERS[0], PLAYERS[1]) == room


def test_too_many_invitations_are_rejected() -> None:
    room = seated_room(1)
    for i in range(MAX_INVITED):
        room = room.invite(PLAYERS[0], f"guest{i}")
    assert len(room.invited) == MAX_INVITED == 50
    with rejects(Reason.INVALID_ARGUMENT):
        room.invite(PLAYERS[0], "one-too-many")
    assert room.invite(PLAYERS[0], "guest7") == room  # re-inviting is still harmless


# ----- settings --------------------------------------------------------------------------------


def test_host_updates_settings_while_waiting() -> None:
    room = seated_room(2).update_settings(PLAYERS[0], Settings.parse_changes({"washRule": False}))
    assert room.settings == Settings.of(washRule=False)
    with rejects(Reason.NOT_HOST):
        room.update_settings(PLAYERS[1], {"washRule": True})
    with rejects(Reason.NOT_IN_ROOM):
        room.update_settings("eve", {"washRule": True})
    with rejects(Reason.GAME_STARTED):
        room_with(bidding_game()).update_settings(PLAYERS[0], {"washRule": False})
    with rejects(Reason.GAME_ENDED):
        room_with(bidding_game()).leave(PLAYERS[1]).update_settings(PLAYERS[0], {"washRule": False})


def test_game_plays_by_the_room_settings() -> None:
    settings = Settings.of(playAllTricks=True, washRule=False)
    room = seated_room(settings=settings).start(PLAYERS[0], RNG)
    assert room.deal.settings == settings


# ----- ready and start -------------------------------------------------------------------------


def test_toggle_ready_flips_the_callers_seat() -> None:
    room = seated_room(2, ready=False).toggle_ready(PLAYERS[1])
    assert [s.ready for s in room.seats] == [False, True]
    assert [s.ready for s in room.toggle_ready(PLAYERS[1]).seats] == [False, False]


def test_toggle_ready_rejects() -> None:
    with rejects(Reason.NOT_IN_ROOM):
        seated_room(2).toggle_ready("eve")
    with rejects(Reason.GAME_STARTED):
        room_with(bidding_game()).toggle_ready(PLAYERS[1])
    with rejects(Reason.GAME_ENDED):
        room_with(bidding_game()).leave(PLAYERS[0]).toggle_ready(PLAYERS[1])


def test_host_starts_when_four_are_ready() -> None:
    room = ready_all(seated_room(4, ready=False)).start(PLAYERS[0], RNG)
    assert room.status == "bidding" and room.deal.phase is Phase.BIDDING
    assert room.deal.players == PLAYERS and room.deal.dealer == 0


def test_start_rejects() -> None:
    with rejects(Reason.NOT_HOST):
        seated_room().start(PLAYERS[1], RNG)
    with rejects(Reason.NOT_IN_ROOM):
        seated_room().start("eve", RNG)
    with rejects(Reason.NOT_ENOUGH_PLAYERS):
        seated_room(3).start(PLAYERS[0], RNG)
    with rejects(Reason.NOT_ALL_READY):
        seated_room(4).toggle_ready(PLAYERS[2]).start(PLAYERS[0], RNG)
    with rejects(Reason.GAME_STARTED):
        room_with(bidding_game()).start(PLAYERS[0], RNG)
    with rejects(Reason.GAME_ENDED):
        room_with(bidding_game()).leave(PLAYERS[3]).start(PLAYERS[0], RNG)


def test_game_moves_before_the_start_are_wrong_phase() -> None:
    room = seated_room()
    with rejects(Reason.WRONG_PHASE):
        room.choose_partner(PLAYERS[0], card("AS"))
    with rejects(Reason.WRONG_PHASE):
        room.play_card(PLAYERS[0], card("AS"))


# ----- leaving ---------------------------------------------------------------------------------


def test_host_leaving_passes_host_to_lowest_position() -> None:
    room = seated_room(4, ready=False).leave(PLAYERS[0])
    assert room.host == PLAYERS[1] and room.seats[0].uid == PLAYERS[1]
    room = room.leave(PLAYERS[2])
    assert room.host == PLAYERS[1]  # a guest leaving keeps the host


def test_positions_renumber_after_leave() -> None:
    room = seated_room(4, ready=False).toggle_ready(PLAYERS[3]).leave(PLAYERS[1])
    assert room.member_ids == (PLAYERS[0], PLAYERS[2], PLAYERS[3])
    assert [room.position_of(uid) for uid in room.member_ids] == [0, 1, 2]
    assert room.seats[2].ready  # seats keep their state
    assert room.join("eve", "Eve").position_of("eve") == 3


def test_last_player_leaving_deletes_room() -> None:
    assert seated_room(1).leave(PLAYERS[0]) is None
    assert seated_room(2).leave(PLAYERS[1]).leave(PLAYERS[0]) is None


def test_leaving_a_room_you_are_not_in_is_rejected() -> None:
    with rejects(Reason.NOT_IN_ROOM):
        seated_room(2).leave("eve")


def test_leaving_mid_game_abandons_it() -> None:
    for game in (bidding_game(), choosing_game()):
        room = room_with(game).leave(PLAYERS[2])
        assert room.status == "ended" and room.is_ended
        assert room.abandoned_by == PLAYERS[2]
        assert room.result.abandoned_by == PLAYERS[2] and room.result.outcome is None
        assert room.result.winners == ()
        assert room.deal == game  # the deal is kept as it stood
        assert room.member_ids == (PLAYERS[0], PLAYERS[1], PLAYERS[3])


def test_leaving_an_ended_game_does_not_abandon_it() -> None:
    finished = room_with(play_trick(endgame("1NT"), "AH", "TS", "AC", "KS"))
    after = finished.leave(PLAYERS[1])
    assert after.abandoned_by is None and after.result.outcome is not None
    assert stat_changes(finished, after) == {}
    abandoned = room_with(bidding_game()).leave(PLAYERS[1])
    assert abandoned.leave(PLAYERS[2]).abandoned_by == PLAYERS[1]  # the first leaver stays the abandoner


def test_leaving_a_waiting_room_abandons_nothing() -> None:
    before = seated_room(3)
    room = before.leave(PLAYERS[1])
    assert room.status == "waiting" and room.abandoned_by is None and stat_changes(before, room) == {}


def test_game_moves_after_an_abandon() -> None:
    room = room_with(bidding_game(SUIT_PER_SEAT)).leave(PLAYERS[3])
    with rejects(Reason.GAME_ENDED):
        room.place_bid(PLAYERS[0], PASS, RNG)
    with rejects(Reason.GAME_ENDED):
        room.choose_partner(PLAYERS[0], card("AS"))
    with rejects(Reason.GAME_ENDED):
        room.play_card(PLAYERS[0], card("2C"))
    with rejects(Reason.NOT_IN_ROOM):
        room.place_bid(PLAYERS[3], PASS, RNG)


# ----- results and stats -----------------------------------------------------------------------


def test_finished_game_counts_played_for_all_and_won_for_winners() -> None:
    made = room_with(play_trick(endgame("1NT"), "AH", "TS", "AC", "KS"))
    assert made.result.winners == (PLAYERS[0], PLAYERS[2])
    assert stat_changes(None, made) == {
        PLAYERS[0]: {"gamesPlayed": 1, "gamesWon": 1}, PLAYERS[1]: {"gamesPlayed": 1, "gamesWon": 0},
        PLAYERS[2]: {"gamesPlayed": 1, "gamesWon": 1}, PLAYERS[3]: {"gamesPlayed": 1, "gamesWon": 0},
    }
    set_ = room_with(play_trick(endgame("2NT", partner="QS"), "QS", "TS", "AC", "AS"))
    assert set_.result.winners == (PLAYERS[1], PLAYERS[3])
    won = {uid: c["gamesWon"] for uid, c in stat_changes(None, set_).items()}
    assert won == dict(zip(PLAYERS, (0, 1, 0, 1), strict=True))


def test_abandoned_game_counts_an_abandon_for_the_leaver_only() -> None:
    before = room_with(choosing_game())
    assert stat_changes(before, before.leave(PLAYERS[1])) == {PLAYERS[1]: {"gamesAbandoned": 1}}


@pytest.mark.parametrize("room", [seated_room(), room_with(bidding_game()), room_with(choosing_game())],
                         ids=["waiting", "bidding", "choosing"])
def test_unfinished_game_has_no_stat_changes(room: Room) -> None:
    assert room.result is None and stat_changes(None, room) == {}
