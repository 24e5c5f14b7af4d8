"""Matches: several deals in one room (SPEC §9): status between deals, the dealer, the deal count,
the score, leaving and joining between deals, and the settings that shape a match."""
from __future__ import annotations

import random

import pytest

from bridge import PASS, Phase, Reason, Room, Settings, Status, documents, state
from bridge.deal import WASH_RULE
from bridge.room import stat_changes

from .conftest import (
    MIXED_DEAL,
    PLAYERS,
    SUIT_PER_SEAT,
    Permuting,
    deal_with_weak_seat,
    rejects,
)
from .test_properties import check_conserved, check_documents, check_stats

RANKS = "23456789TJQKA"


# ----- playing a match through the Room API ----------------------------------------------------


def new_room(settings: Settings) -> Room:
    """PLAYERS in every seat (not ready) of a room played by `settings`, host ann."""
    room = Room.create(PLAYERS[0], "Ann", settings)
    for uid in PLAYERS[1:room.seat_count]:
        room = room.join(uid, uid.title())
    return room


def ready_all(room: Room) -> Room:
    for seat in room.seats:
        if not seat.ready:
            room = room.toggle_ready(seat.uid)
    return room


def start(room: Room, rng) -> Room:
    return ready_all(room).start(room.host, rng)


class Table:
    """Plays deals with random legal moves, counting pass-outs, checking the state at every step."""

    def __init__(self, seed: int, bid_bias: float = 0.3, check_every_step: bool = True) -> None:
        self.rng = random.Random(seed)
        self.bid_bias = bid_bias
        self.check_every_step = check_every_step
        self.passouts = 0

    def check(self, room: Room) -> None:
        if self.check_every_step:
            check_conserved(room.deal)
            check_documents(room)  # state round trip, nothing hidden in what anyone may read
            check_stats(room)

    def play_deal(self, room: Room) -> Room:
        """Play the deal in progress to its end; `passouts` counts its four-pass redeals."""
        rng = self.rng
        self.passouts = 0
        self.check(room)
        while room.deal_in_progress:
            deal = room.deal
            uid = deal.players[deal.actor]  # the declarer for the dummy
            if deal.phase is Phase.BIDDING:
                legal = deal.legal_bids()
                bid = len(legal) > 1 and rng.random() < self.bid_bias
                room = room.place_bid(uid, rng.choice(legal[1:4]) if bid else PASS, rng)
                if not room.deal.calls:
                    self.passouts += 1
            elif deal.phase is Phase.CHOOSING_TEAMMATE:
                room = room.choose_partner(uid, rng.choice(deal.legal_partner_cards()))
            else:
                room = room.play_card(uid, rng.choice(deal.legal_cards()))
            self.check(room)
        return room


# ----- an oracle for the score, on the deal record's wire form -----------------------------------


def trick_winner(cards: list[dict], trump: str | None) -> int:
    led = cards[0]["card"][1]
    pool = [c for c in cards if c["card"][1] == trump] or [c for c in cards if c["card"][1] == led]
    return max(pool, key=lambda c: RANKS.index(c["card"][0]))["position"]


def oracle_points(record: dict, scoring: str) -> dict[str, int]:
    """Each player's points for the deal a hand record describes: the side that reached its target
    (the declarer and the holder of the partner card: level + 6 tricks; else the defenders) scores
    1 each with `deals` scoring, or the tricks their side won with `tricks`."""
    contract = record["contract"]
    trump = None if contract["bid"].endswith("NT") else contract["bid"][-1]
    won = [0, 0, 0, 0]
    for trick in record["tricks"]:
        won[trick_winner(trick["cards"], trump)] += 1
    partner = next(p for p, hand in enumerate(record["hands"]) if record["partnerCard"] in hand["cards"])
    side = {contract["declarer"], partner}
    ours = sum(won[p] for p in side)
    made = ours >= int(contract["bid"][0]) + 6
    winners = side if made else {0, 1, 2, 3} - side
    points = 1 if scoring == "deals" else (ours if made else sum(won) - ours)
    return {uid: points if p in winners else 0 for p, uid in enumerate(record["players"])}


@pytest.mark.parametrize("scoring", ["deals", "tricks"])
@pytest.mark.parametrize("seed", [1, 2])
def test_a_three_deal_match_scores_every_deal(scoring: str, seed: int) -> None:
    table = Table(seed)
    room = new_room(Settings(deals=3, scoring=scoring))
    expected = dict.fromkeys(PLAYERS, 0)
    last_dealer = None
    for number in (1, 2, 3):
        room = start(room, table.rng)
        deal = room.deal
        assert room.status is Status.BIDDING and room.match.number == number
        assert documents.deal_record(room) is None  # no hand is public before the deal ends
        first_dealer = 0 if last_dealer is None else (last_dealer + 1) % 4
        assert deal.dealer == (first_dealer + deal.washes) % 4  # each wash passes the deal left
        room = table.play_deal(room)
        # every redeal of this deal passed it left too, and the deal count did not move
        assert room.deal.dealer == (first_dealer + room.deal.washes + table.passouts) % 4
        assert room.match.number == number
        last_dealer = room.deal.dealer

        record = documents.deal_record(room)
        assert record is not None and record["number"] == number
        points = oracle_points(record, scoring)
        assert record["scoreChanges"] == points == dict(room.match.score_changes(room.deal))
        for uid, p in points.items():
            expected[uid] += p
        assert dict(room.match.scores) == expected
        assert documents.public_room(room)["match"]["scores"] == expected

        public = documents.public_room(room)
        assert public["match"]["dealNumber"] == number and public["match"]["deals"] == 3
        if number < 3:
            assert room.status is Status.DEAL_ENDED and public["status"] == "dealEnded"
            assert not any(seat.ready for seat in room.seats)
            assert public["turn"] is None and public["result"] is not None  # the last deal stays on view
            assert public["tricks"] == record["tricks"] and public["contract"] == record["contract"]
        else:
            assert room.status is Status.ENDED and room.is_ended and room.match.is_over(room.deal)
    assert sum(expected.values()) > 0
    with rejects(Reason.GAME_ENDED):
        room.start(PLAYERS[0], table.rng)
    with rejects(Reason.GAME_ENDED):
        room.toggle_ready(PLAYERS[1])


def test_the_dealer_passes_left_each_deal_after_washes_and_redeals() -> None:
    room = new_room(Settings(deals=3))
    room = start(room, Permuting.dealing(deal_with_weak_seat(1), MIXED_DEAL))  # one wash
    assert (room.deal.dealer, room.deal.washes, room.match.number) == (1, 1, 1)
    room = Table(0, check_every_step=False).play_deal(room)  # may pass out: the dealer moves on
    final = room.deal.dealer
    room = start(room, Permuting.dealing(SUIT_PER_SEAT))
    assert (room.deal.dealer, room.deal.washes, room.match.number) == ((final + 1) % 4, 0, 2)
    # four passes: a redeal (washed once) of the same deal, two seats further left; still deal 2
    for _ in range(4):
        room = room.place_bid(room.deal.players[room.deal.turn], PASS,
                              Permuting.dealing(deal_with_weak_seat(0), MIXED_DEAL))
    assert (room.deal.dealer, room.deal.washes, room.match.number) == ((final + 3) % 4, 1, 2)
    assert room.deal.hands == MIXED_DEAL and room.deal.calls == ()
    assert documents.public_room(room)["match"]["dealNumber"] == 2


def test_a_match_without_a_fixed_end_goes_on() -> None:
    table = Table(3, check_every_step=False)
    room = new_room(Settings(deals=0))
    for number in range(1, 7):
        room = table.play_deal(start(room, table.rng))
        assert room.status is Status.DEAL_ENDED and not room.match.is_over(room.deal)
        assert room.match.number == number and documents.deal_record(room)["number"] == number
    assert documents.public_room(room)["match"]["deals"] == 0
    assert start(room, table.rng).status is Status.BIDDING


def test_a_one_deal_match_ends_as_part_one_did() -> None:
    table = Table(4, check_every_step=False)
    room = table.play_deal(start(new_room(Settings()), table.rng))
    assert room.status is Status.ENDED and room.match.number == 1
    assert all(seat.ready for seat in room.seats)  # nothing is reset: no deal follows
    assert documents.public_room(room)["match"]["scores"] == dict(room.match.scores)


# ----- between deals ---------------------------------------------------------------------------------


def between_deals(seed: int = 5, settings: Settings = Settings(deals=3, scoring="tricks")) -> Room:
    table = Table(seed, check_every_step=False)
    room = table.play_deal(start(new_room(settings), table.rng))
    assert room.status is Status.DEAL_ENDED
    return room


def test_lobby_moves_between_deals() -> None:
    room = between_deals()
    room = room.toggle_ready(PLAYERS[2])
    assert [s.ready for s in room.seats] == [False, False, True, False]
    assert room.invite(PLAYERS[0], "eve").invited == ("eve",)
    with rejects(Reason.NOT_HOST):
        room.invite(PLAYERS[1], "eve")
    with rejects(Reason.ROOM_FULL):
        room.join("eve", "Eve")
    assert room.rename(PLAYERS[1], "Benjamin").match.names[PLAYERS[1]] == "Benjamin"


def test_leaving_between_deals_regroups_and_keeps_the_score() -> None:
    room = between_deals()
    scores = dict(room.match.scores)
    result = room.result
    left = room.leave(PLAYERS[2])
    assert left.status is Status.WAITING and left.regrouping and left.abandoned_by is None
    assert left.member_ids == (PLAYERS[0], PLAYERS[1], PLAYERS[3])
    assert dict(left.match.scores) == scores and left.match.number == 1
    assert left.result == result and stat_changes(room, left) == {}  # no abandon
    public = documents.public_room(left)
    assert public["status"] == "waiting" and public["match"]["scores"] == scores and public["turn"] is None

    joined = left.join("eve", "Eve")
    assert joined.position_of("eve") == 3 and joined.status is Status.WAITING
    rng = random.Random(6)
    with rejects(Reason.NOT_ALL_READY):
        joined.start(PLAYERS[0], rng)
    started = start(joined, rng)
    assert started.status is Status.BIDDING and not started.regrouping
    assert started.deal.players == (PLAYERS[0], PLAYERS[1], PLAYERS[3], "eve")
    assert started.match.number == 2
    assert dict(started.match.scores) == {**scores, "eve": 0}  # the leaver keeps their points
    assert list(started.match.scores) == [*PLAYERS, "eve"]
    assert started.match.names["eve"] == "Eve" and started.match.names[PLAYERS[2]] == "Cat"
    finished = Table(7, check_every_step=False).play_deal(started)
    record = documents.deal_record(finished)
    assert record["players"] == list(started.deal.players) and set(record["scoreChanges"]) == set(record["players"])
    assert finished.match.scores[PLAYERS[2]] == scores[PLAYERS[2]]


def test_the_host_leaving_between_deals_hands_the_room_on() -> None:
    left = between_deals().leave(PLAYERS[0])
    assert left.host == PLAYERS[1] and left.status is Status.WAITING and left.abandoned_by is None
    room = start(left.join("eve", "Eve"), random.Random(8))
    assert room.status is Status.BIDDING and room.deal.players == (*PLAYERS[1:], "eve")


def test_the_last_player_leaving_between_deals_deletes_the_room() -> None:
    room = between_deals()
    for uid in PLAYERS[:3]:
        room = room.leave(uid)
        assert room.status is Status.WAITING and room.abandoned_by is None
    assert room.leave(PLAYERS[3]) is None


def test_leaving_mid_deal_abandons_the_match() -> None:
    table = Table(9, check_every_step=False)
    room = start(between_deals(), table.rng)
    scores = dict(room.match.scores)
    room = room.place_bid(room.deal.players[room.deal.turn], PASS, table.rng)
    deal = room.deal
    left = room.leave(PLAYERS[1])
    assert left.status is Status.ENDED and left.abandoned_by == PLAYERS[1] and not left.regrouping
    assert left.deal == deal and dict(left.match.scores) == scores  # the abandoned deal scores nothing
    assert left.result.abandoned_by == PLAYERS[1] and stat_changes(room, left) == {PLAYERS[1]: {"gamesAbandoned": 1}}
    assert documents.deal_record(left) is None
    assert documents.public_room(left)["result"]["abandonedBy"] == PLAYERS[1]
    with rejects(Reason.GAME_ENDED):
        left.start(PLAYERS[0], table.rng)


def test_start_between_deals_keeps_its_reasons() -> None:
    rng = random.Random(10)
    room = between_deals()
    before = state.encode(room)
    with rejects(Reason.NOT_ALL_READY):
        room.start(PLAYERS[0], rng)
    ready = ready_all(room)
    with rejects(Reason.NOT_HOST):
        ready.start(PLAYERS[1], rng)
    with rejects(Reason.NOT_IN_ROOM):
        ready.start("eve", rng)
    short = ready.leave(PLAYERS[3])
    with rejects(Reason.NOT_ENOUGH_PLAYERS):
        short.start(PLAYERS[0], rng)
    assert state.encode(room) == before and room == state.decode(before)  # rejections change nothing
    assert short == state.decode(state.encode(short))
    with rejects(Reason.GAME_STARTED):
        ready.start(PLAYERS[0], rng).start(PLAYERS[0], rng)


# ----- settings of a match -----------------------------------------------------------------------


def parse(data: dict):
    return Settings.parse_changes(data)


def test_match_settings_are_fixed_after_the_first_deal() -> None:
    room = between_deals()
    for changes in ({"deals": 5}, {"scoring": "deals"}, {"washRule": False}):
        with rejects(Reason.GAME_STARTED):
            room.update_settings(PLAYERS[0], parse(changes))  # dealEnded: settings wait for `waiting`
    regrouping = room.leave(PLAYERS[3])
    for changes in ({"deals": 5}, {"deals": 0}, {"scoring": "deals"}):
        with rejects(Reason.GAME_STARTED):
            regrouping.update_settings(PLAYERS[0], parse(changes))
    # the other settings may change while the table regroups; resending the match's own values is no change
    changed = regrouping.update_settings(PLAYERS[0], parse({"washRule": False, "deals": 3, "scoring": "tricks",
                                                            "variant": "floating"}))
    assert changed.settings == Settings.of(deals=3, scoring="tricks", washRule=False)
    room = start(changed.join("eve", "Eve"), random.Random(11))
    assert WASH_RULE.of(room.deal.settings) is False and room.match.deals == 3 and room.match.scoring == "tricks"


def test_match_settings_may_change_before_the_first_deal() -> None:
    room = new_room(Settings()).update_settings(PLAYERS[0], parse({"deals": 4, "scoring": "tricks"}))
    assert room.settings == Settings(deals=4, scoring="tricks")
    started = start(room, random.Random(12))
    assert (started.match.deals, started.match.scoring, started.match.number) == (4, "tricks", 1)


@pytest.mark.parametrize("changes", [
    {"deals": -1}, {"deals": 101}, {"deals": 1.5}, {"deals": True}, {"deals": "3"},
    {"scoring": "rubber"}, {"scoring": 3}, {"variant": "whist"},
])
def test_bad_match_settings_are_invalid(changes: dict) -> None:
    room = new_room(Settings())
    with rejects(Reason.INVALID_SETTINGS):
        room.update_settings(PLAYERS[0], parse(changes))


@pytest.mark.parametrize("deals", [0, 1, 2, 100])
def test_deals_setting_bounds(deals: int) -> None:
    room = new_room(Settings()).update_settings(PLAYERS[0], parse({"deals": deals}))
    assert room.settings.deals == deals
    assert documents.public_room(room)["match"]["deals"] == deals
