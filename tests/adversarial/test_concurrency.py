"""Calls that race (SPEC §1, §4), for certain: threads released by one barrier send their HTTP
calls at the same moment while the document they contend for is held (`held_race`: the room, or
for one user's two calls the user's account), so every racer reads the state as it was and none
can commit before the hold ends; each function's workers are started first (`start_workers`) so
that every racer is in a worker of its own. Each scenario is repeated `REPEATS` times.
Afterwards: no lost update, no duplicate or missing seat, positions contiguous, nobody in two
rooms, every account's `roomID` agreeing with the rooms (`assert_consistent` over the whole
database), exactly one of two duplicate moves applied, and every losing call rejected with the
SPEC error its loss calls for. Without the store's write preconditions every one of these tests
fails.

Races must also settle promptly: no call may take longer than `MAX_SECONDS`, and none may end
in `aborted`/`CONTENTION` at these modest levels of concurrency.
"""
from __future__ import annotations

from functools import partial

import pytest

from tests import client
from tests.adversarial.common import SPEC_REASONS, Outcome, assert_consistent, held_race, start_workers
from tests.table import Table, database, new_player

pytestmark = pytest.mark.usefixtures("emulator")

#: A held race (`held_race`) is certain, not a matter of timing, so a few repeats.
REPEATS = 3
MAX_SECONDS = 10.0


def check_outcomes(outcomes: list[Outcome], allowed_reasons: set[str]) -> None:
    for outcome in outcomes:
        assert outcome.seconds < MAX_SECONDS, f"a racing call took {outcome.seconds:.1f} s: {outcomes}"
        if not outcome.ok:
            error = outcome.error
            assert error.reason in SPEC_REASONS.get(error.status, set()), f"not a SPEC error: {error}"
            assert error.reason in allowed_reasons, f"unexpected loss {error.code}/{error.reason}: {outcomes}"


def account(user: client.User) -> dict | None:
    return client.admin_get(f"players/{user.uid}")


# ---- seats -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("seated", "racers"), [(1, 4), (3, 2)],
                         ids=["4-racers-for-3-seats", "2-racers-for-the-last-seat"])
def test_racing_joiners_fill_each_free_seat_once_and_the_rest_find_the_room_full(seated, racers):
    start_workers("joinGameRoom", racers)
    for repeat in range(REPEATS):
        table = Table.open(seated)
        joiners = [new_player(anonymous=i % 2 == 0) for i in range(racers)]
        outcomes = held_race([f"rooms/{table.room_id}"],
                             *[partial(client.call, "joinGameRoom", {"roomID": table.room_id}, u) for u in joiners])

        check_outcomes(outcomes, {"ROOM_FULL"})
        winners = [u for u, o in zip(joiners, outcomes, strict=True) if o.ok]
        assert len(winners) == 4 - seated, f"repeat {repeat}: {outcomes}"
        room = client.admin_get(f"rooms/{table.room_id}")
        assert sorted(p["uid"] for p in room["players"][seated:]) == sorted(u.uid for u in winners)
        assert [p["position"] for p in room["players"]] == [0, 1, 2, 3]
        assert room["version"] == seated + len(winners)  # created at 1, one per join: none lost
        for i, (loser, outcome) in enumerate(zip(joiners, outcomes, strict=True)):
            if not outcome.ok:  # a refused call creates no account, and changes none
                assert account(loser) is None if i % 2 == 0 else account(loser)["roomID"] is None
        assert_consistent()


def test_four_players_toggling_ready_together_are_all_counted():
    start_workers("toggleReady", 4)
    for repeat in range(REPEATS):
        table = Table.open(4)
        version = client.admin_get(f"rooms/{table.room_id}")["version"]
        for want, rounds in ((True, 1), (False, 2)):
            outcomes = held_race([f"rooms/{table.room_id}"],
                                 *[partial(table.call, "toggleReady", p) for p in table.players])
            check_outcomes(outcomes, set())
            assert [o.result for o in outcomes] == [{"success": True, "ready": want}] * 4, \
                f"repeat {repeat}: {outcomes}"
            room = client.admin_get(f"rooms/{table.room_id}")
            assert [p["ready"] for p in room["players"]] == [want] * 4
            assert room["version"] == version + 4 * rounds  # no toggle lost, none applied twice
        assert_consistent()


# ---- duplicate moves ---------------------------------------------------------------------------

def _bid(table: Table) -> tuple[client.User, dict, str]:
    return table.to_act(), {"bid": "1C"}, "bids"


def _card(table: Table) -> tuple[client.User, dict, str]:
    room = table.room()
    player = table.to_act(room)
    return player, {"card": table.told(player, room)[0]}, "card"


@pytest.mark.parametrize("with_version", [False, True], ids=["without-expectedVersion", "with-expectedVersion"])
@pytest.mark.parametrize("move", ["placeBid", "playCard"])
def test_the_same_move_sent_twice_at_once_is_applied_once(move, with_version):
    """Both calls read the room as it was (`held_race`: the room is held until both are in), so
    without the transaction's check both would apply."""
    start_workers(move, 2)
    for repeat in range(REPEATS):
        table = Table.started() if move == "placeBid" else Table.playing("1NT")
        player, data, _ = _bid(table) if move == "placeBid" else _card(table)
        before = client.admin_get(f"rooms/{table.room_id}")
        if with_version:
            data = {**data, "expectedVersion": before["version"]}
        outcomes = held_race([f"rooms/{table.room_id}"], *[partial(table.call, move, player, **data)] * 2)

        # Without a version the loser finds the turn gone (or, after a trick it won, the card gone).
        losses = {"STALE_STATE"} if with_version else {"NOT_YOUR_TURN", "CARD_NOT_IN_HAND"}
        check_outcomes(outcomes, losses)
        assert sum(o.ok for o in outcomes) == 1, f"repeat {repeat}: {outcomes}"
        after = client.admin_get(f"rooms/{table.room_id}")
        assert after["version"] == before["version"] + 1
        if move == "placeBid":
            assert after["bids"] == before["bids"] + [{"position": before["turn"], "bid": "1C"}]
        else:
            tricks = after["tricks"] + ([after["trick"]] if after["trick"] else [])
            played = [c["card"] for t in tricks for c in t["cards"]]
            assert played.count(data["card"]) == 1
            assert sum(after["handSizes"]) == sum(before["handSizes"]) - 1
        assert_consistent()


# ---- one user, two rooms -----------------------------------------------------------------------

@pytest.mark.parametrize("anonymous", [False, True], ids=["email-user", "anonymous-user"])
def test_one_user_creating_two_rooms_at_once_gets_one_room(anonymous):
    """Both calls read the user's account (an anonymous user's: none yet) as it was."""
    start_workers("createGameRoom", 2)
    for repeat in range(REPEATS):
        user = new_player(anonymous=anonymous)
        outcomes = held_race([f"players/{user.uid}"], partial(client.call, "createGameRoom", {}, user),
                             partial(client.call, "createGameRoom", {}, user))

        check_outcomes(outcomes, {"ALREADY_IN_ROOM"})
        assert sum(o.ok for o in outcomes) == 1, f"repeat {repeat}: {outcomes}"
        room_id = next(o.result["roomID"] for o in outcomes if o.ok)
        hosted = client.query("rooms", user, [("memberIDs", "array-contains", user.uid)])
        assert list(hosted) == [f"rooms/{room_id}"]
        assert account(user)["roomID"] == room_id
        assert_consistent()


@pytest.mark.parametrize("anonymous", [False, True], ids=["email-user", "anonymous-user"])
def test_one_user_joining_two_rooms_at_once_gets_one_seat(anonymous):
    """Both calls read the user's account (an anonymous user's: none yet) as it was."""
    start_workers("joinGameRoom", 2)
    for repeat in range(REPEATS):
        first, second = Table.open(2), Table.open(3)
        user = new_player(anonymous=anonymous)
        outcomes = held_race([f"players/{user.uid}"],
                             partial(client.call, "joinGameRoom", {"roomID": first.room_id}, user),
                             partial(client.call, "joinGameRoom", {"roomID": second.room_id}, user))

        check_outcomes(outcomes, {"ALREADY_IN_ROOM"})
        assert sum(o.ok for o in outcomes) == 1, f"repeat {repeat}: {outcomes}"
        joined = first if outcomes[0].ok else second
        seated_in = [t.room_id for t in (first, second)
                     if user.uid in client.admin_get(f"rooms/{t.room_id}")["memberIDs"]]
        assert seated_in == [joined.room_id]
        assert account(user)["roomID"] == joined.room_id
        assert_consistent()


# ---- leaving while others join ---------------------------------------------------------------------

def test_the_host_leaving_while_another_player_joins_hands_the_room_on():
    start_workers("leaveGameRoom", 1)
    start_workers("joinGameRoom", 1)
    for _ in range(REPEATS):
        table = Table.open(2)
        host, member = table.players
        newcomer = new_player()
        outcomes = held_race([f"rooms/{table.room_id}"], partial(table.call, "leaveGameRoom", host),
                             partial(table.call, "joinGameRoom", newcomer))

        check_outcomes(outcomes, set())
        room = client.admin_get(f"rooms/{table.room_id}")
        assert [(p["uid"], p["position"]) for p in room["players"]] == [(member.uid, 0), (newcomer.uid, 1)]
        assert room["hostID"] == member.uid
        assert room["version"] == 4  # created, joined, then one leave and one join: none lost
        assert account(host)["roomID"] is None
        assert_consistent()


def test_a_lone_host_leaving_while_another_player_joins_deletes_the_room_or_hands_it_on():
    start_workers("leaveGameRoom", 1)
    start_workers("joinGameRoom", 1)
    for _ in range(REPEATS):
        table = Table.open(1)
        host = table.players[0]
        newcomer = new_player()
        outcomes = held_race([f"rooms/{table.room_id}"], partial(table.call, "leaveGameRoom", host),
                             partial(table.call, "joinGameRoom", newcomer))

        check_outcomes(outcomes, {"ROOM_NOT_FOUND"})
        assert outcomes[0].ok, outcomes
        room = client.admin_get(f"rooms/{table.room_id}")
        if outcomes[1].ok:  # the join came first: the newcomer is left holding the room
            assert room is not None, "the newcomer joined a room that is gone"
            assert [(p["uid"], p["position"]) for p in room["players"]] == [(newcomer.uid, 0)]
            assert room["hostID"] == newcomer.uid
            assert account(newcomer)["roomID"] == table.room_id
        else:  # the leave came first: the room is gone and the newcomer sits nowhere
            assert room is None
            assert account(newcomer)["roomID"] is None
        assert account(host)["roomID"] is None
        assert_consistent()


def test_four_players_leaving_a_game_at_once_end_it_once_and_leave_nothing_behind():
    start_workers("leaveGameRoom", 4)
    for _ in range(REPEATS):
        table = Table.started()
        outcomes = held_race([f"rooms/{table.room_id}"],
                             *[partial(table.call, "leaveGameRoom", p) for p in table.players])

        check_outcomes(outcomes, set())
        assert all(o.ok for o in outcomes), outcomes
        assert client.admin_get(f"rooms/{table.room_id}") is None
        documents = database()
        assert not [path for path in documents if path.startswith(f"rooms/{table.room_id}")]
        stats = [account(p)["stats"] for p in table.players]
        assert sorted(s["gamesAbandoned"] for s in stats) == [0, 0, 0, 1], "exactly the first leaver abandoned it"
        assert all(s["gamesPlayed"] == 0 and s["gamesWon"] == 0 for s in stats)
        assert all(account(p)["roomID"] is None for p in table.players)
        assert_consistent(documents)


# ---- starting while someone backs out --------------------------------------------------------------

@pytest.mark.parametrize("backing_out", ["leaveGameRoom", "toggleReady"])
def test_a_start_racing_a_player_backing_out_either_starts_a_ready_table_or_is_refused(backing_out):
    """The host starts while a player leaves (or un-readies). Either order is correct; what must
    not happen is a game dealt to a table that was not four ready players, or half of both."""
    start_workers("startGame", 1)
    start_workers(backing_out, 1)
    for _ in range(REPEATS):
        table = Table.ready()
        host, quitter = table.players[0], table.players[3]
        outcomes = held_race([f"rooms/{table.room_id}"], partial(client.call, "startGame", {}, host),
                             partial(table.call, backing_out, quitter))
        start, back_out = outcomes
        room = client.admin_get(f"rooms/{table.room_id}")
        documents = database()
        hands = [hand for p in table.players if (hand := client.stored_hand(documents, table.room_id, p.uid))]
        if start.ok:  # the start came first: the game was dealt, and backing out came too late
            assert len(hands) == 4 and room["seating"] == [p.uid for p in table.players]
            if backing_out == "leaveGameRoom":
                check_outcomes(outcomes, set())
                assert room["status"] == "ended" and room["result"]["abandonedBy"] == quitter.uid
                assert account(quitter)["stats"]["gamesAbandoned"] == 1
            else:
                check_outcomes(outcomes, {"GAME_STARTED"})
                assert not back_out.ok and room["status"] == "bidding"
        else:  # backing out came first: nothing was dealt
            check_outcomes(outcomes, {"NOT_ENOUGH_PLAYERS", "NOT_ALL_READY"})
            assert back_out.ok and room["status"] == "waiting" and room["seating"] is None and not hands
            assert start.reason == ("NOT_ENOUGH_PLAYERS" if backing_out == "leaveGameRoom" else "NOT_ALL_READY")
        assert_consistent(documents)
