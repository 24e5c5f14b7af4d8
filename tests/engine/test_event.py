"""event.py: duplicate events in the engine (docs/DUPLICATE.md): creating and filling one, its
tables dealing the event's boards as dealt, whole teams and pairs events played by bots and by
people, the ranking, and who may read each board when."""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from bridge import DECK, Reason, Room, Status, event_documents
from bridge import room as room_module
from bridge.audience import Audience
from bridge.bids import PASS, Call
from bridge.deal import Action, PassedOut, SeatView
from bridge.duplicate import board_score, imps, matchpoints, mitchell
from bridge.event import Direction, Event, EventStatus, Form, Spot
from bridge.room import is_bot
from bridge.values import evolve
from tests.people import person_moves as act

from .conftest import rejects

DIRECTOR = "dir"


def new_event(form: Form = Form.TEAMS, seed: int = 1, bot_level: str = "basic", **sizes: int) -> Event:
    sizes = sizes or ({"boards": 8} if form is Form.TEAMS else {"tables": 3, "boards_per_round": 2, "boards": 6})
    return Event.create("ev1", DIRECTOR, form, rng=random.Random(seed), bot_level=bot_level, **sizes)


def filled(event: Event, people: dict[Spot, str] | None = None) -> Event:
    """Every spot filled: `people` where given, bots elsewhere."""
    for spot, uid in (people or {}).items():
        event = event.join(uid, uid.title(), spot)
    for spot in event.spots:
        if event.entrant(spot) is None:
            event, _ = event.add_bot(DIRECTOR, spot)
    return event


class Director:
    """Plays an event through its tables as the service does: every table change goes through
    `Event.after_table`; `chains` keeps every state of every table, for the checks."""

    def __init__(self, event: Event, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.event, chains = event.start(DIRECTOR)
        self.tables: dict[int, Room] = {}
        self.history: list[Room] = []
        self.readers_seen: list[tuple[int, tuple[str, ...], Event]] = []
        self._took(chains)

    def _took(self, chains: tuple[tuple[Room, ...], ...]) -> None:
        for chain in chains:
            self.history.extend(chain)
            table = chain[-1].event
            assert table is not None
            self.tables[table.table] = chain[-1]

    def step(self, table: int) -> None:
        before = self.tables[table]
        event, chain, chains = self.event.after_table(before, act(before, self.rng))
        self.event = event
        self.history.extend(chain)
        self.tables[table] = chain[-1]
        self._took(chains)
        for board in event.boards:
            self.readers_seen.append((board.number, event.readers(board.number), event))

    def play(self) -> Event:
        while self.event.status is EventStatus.PLAYING:
            table = next(t for t, room in self.tables.items()
                         if room.event is not None and room.event.round == self.event.round
                         and room.status is not Status.ENDED)
            self.step(table)
        return self.event


# ----- creating and filling ----------------------------------------------------------------------


@pytest.mark.parametrize(("form", "sizes"), [
    (Form.TEAMS, {"boards": 1}), (Form.TEAMS, {"boards": 33}), (Form.TEAMS, {"boards": 8, "tables": 3}),
    (Form.PAIRS, {"tables": 2, "boards_per_round": 2, "boards": 4}),
    (Form.PAIRS, {"tables": 9, "boards_per_round": 2, "boards": 18}),
    (Form.PAIRS, {"tables": 3, "boards_per_round": 5, "boards": 15}),
    (Form.PAIRS, {"tables": 3, "boards_per_round": 2, "boards": 8}),
])
def test_an_event_of_impossible_size_is_refused(form: Form, sizes: dict[str, int]) -> None:
    with rejects(Reason.INVALID_EVENT):
        Event.create("e", DIRECTOR, form, rng=random.Random(0), **sizes)


def test_boards_are_dealt_once_numbered_from_one_each_a_whole_deck() -> None:
    event = new_event(Form.PAIRS, tables=4, boards_per_round=3, boards=12)
    assert [b.number for b in event.boards] == list(range(1, 13))
    for board in event.boards:
        assert sorted(c for hand in board.hands for c in hand) == sorted(DECK)
        assert all(len(hand) == 13 for hand in board.hands)
    assert len({b.hands for b in event.boards}) == 12
    assert new_event(seed=5).boards == new_event(seed=5).boards  # from the rng alone


def test_a_spot_is_for_one_person_and_a_person_has_one_spot() -> None:
    event = new_event().join("ann", "Ann", Spot(Direction.NS, 0, 0))
    with rejects(Reason.SEAT_TAKEN):
        event.join("ben", "Ben", Spot(Direction.NS, 0, 0))
    with rejects(Reason.ALREADY_IN_ROOM):
        event.join("ann", "Ann", Spot(Direction.EW, 1, 1))
    with rejects(Reason.INVALID_EVENT):
        event.join("ben", "Ben", Spot(Direction.EW, 2, 0))  # a teams match has pairs 0 and 1
    with rejects(Reason.INVALID_EVENT):
        event.join("ben", "Ben", Spot(Direction.EW, 0, 2))
    with rejects(Reason.SEAT_TAKEN):
        event.add_bot(DIRECTOR, Spot(Direction.NS, 0, 0))


def test_an_invite_only_event_admits_its_invitees_only() -> None:
    event = Event.create("e", DIRECTOR, Form.TEAMS, boards=4, invite_only=True, invited=["ann"], rng=random.Random(0))
    with rejects(Reason.NOT_INVITED):
        event.join("ben", "Ben", Spot(Direction.NS, 0, 0))
    assert event.join("ann", "Ann", Spot(Direction.NS, 0, 0)).spot_of("ann") == Spot(Direction.NS, 0, 0)
    assert event.readable_by("ann") and event.readable_by(DIRECTOR) and not event.readable_by("ben")


def test_only_the_director_adds_bots_and_starts_and_only_a_full_event_starts() -> None:
    event = new_event()
    with rejects(Reason.NOT_DIRECTOR):
        event.add_bot("ann", Spot(Direction.NS, 0, 0))
    with rejects(Reason.NOT_ENOUGH_PLAYERS):
        event.start(DIRECTOR)
    full = filled(event, {Spot(Direction.EW, 1, 0): "ann"})
    with rejects(Reason.NOT_DIRECTOR):
        full.start("ann")
    started, _ = full.start(DIRECTOR)
    assert started.status is EventStatus.PLAYING
    with rejects(Reason.EVENT_STARTED):
        started.join("zed", "Zed", Spot(Direction.NS, 0, 0))
    with rejects(Reason.EVENT_STARTED):
        started.start(DIRECTOR)


def test_an_event_of_bots_alone_is_played_through_when_it_starts() -> None:
    event, chains = filled(new_event(boards=4)).start(DIRECTOR)
    assert event.status is EventStatus.ENDED and len(event.results) == 8 and len(chains) == 2
    with rejects(Reason.EVENT_ENDED):
        event.join("zed", "Zed", Spot(Direction.NS, 0, 0))


def test_leaving_before_the_start_frees_the_spot() -> None:
    event = new_event().join("ann", "Ann", Spot(Direction.NS, 1, 1))
    with rejects(Reason.NOT_IN_EVENT):
        event.leave("ben")
    assert event.leave("ann").entrant(Spot(Direction.NS, 1, 1)) is None


# ----- tables ------------------------------------------------------------------------------------


def test_a_table_plays_the_boards_as_dealt_with_their_dealer_and_no_shuffle() -> None:
    director = Director(filled(new_event(boards=4)))
    director.play()
    for room in director.history:
        deal = room.deal
        assert deal is not None and deal.board is not None
        board = director.event.boards[deal.board - 1]
        assert deal.hands_dealt() == board.hands and deal.dealer == board.dealer and deal.washes == 0


def test_an_event_table_has_no_lobby() -> None:
    director = Director(filled(new_event(), {Spot(Direction.NS, 0, 0): "ann"}))
    room = director.tables[0]
    for attempt in (lambda: room.join("zed", "Zed"), lambda: Audience().watch(room, "zed"),
                    lambda: room.add_bot(DIRECTOR), lambda: room.start(DIRECTOR, random.Random(0)),
                    lambda: room.leave("ann"), lambda: room.invite(DIRECTOR, "zed"),
                    lambda: room.update_settings(DIRECTOR, {"chat": False}),
                    lambda: Audience().kick(room, DIRECTOR, "ann")):
        with rejects(Reason.EVENT_TABLE):
            attempt()
    assert room.readable_by(DIRECTOR) and room.readable_by("ann") and not room.readable_by("zed")


def test_a_board_passed_out_is_over_scores_nothing_and_is_not_dealt_again() -> None:
    director = Director(filled(new_event(boards=2), {spot: f"p{spot.position}" for spot in
                                                     [Spot(Direction.NS, 0, 0), Spot(Direction.EW, 0, 0),
                                                      Spot(Direction.NS, 0, 1), Spot(Direction.EW, 0, 1)]}))
    room = director.tables[0]
    rng = random.Random(0)
    for _ in range(4):
        deal = room.deal
        assert deal is not None
        pass_call: Call = PASS
        room = room.place_bid(deal.players[deal.actor], pass_call, rng)
    deal = room.deal
    assert deal is not None and isinstance(deal.state, PassedOut) and deal.is_finished and deal.board == 1
    assert room.status is Status.DEAL_ENDED and room.match is not None and room.match.number == 1
    result = room.result
    assert result is not None and result.outcome is None and result.abandoned_by is None
    assert set(room.match.scores.values()) == {0}
    event, _, _ = director.event.after_table(director.tables[0], room)
    assert event.results[-1].contract is None and event.results[-1].score == 0


# ----- the tables' bots ---------------------------------------------------------------------------


class Spy:
    """Stands in for the thinking bot (`bridge.room.THINKING_BOT`): plays as the variant's own bot
    does, at once, and counts the moves it was asked for."""

    def __init__(self) -> None:
        self.moves = 0

    def __call__(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.moves += 1
        return view.variant.bot(view, legal)


def north_south_people(event: Event) -> dict[Spot, str]:
    """A person at North of every North-South pair: North-South pairs stay at their tables, so a
    person sits at every table of every round."""
    return {Spot(Direction.NS, pair, 0): f"p{pair}" for pair in range(event.tables)}


@pytest.mark.parametrize("form", list(Form))
def test_every_table_an_event_seats_has_the_events_bot_level_and_basic_by_default(
        form: Form, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36: `botLevel` is the event's, and every table it seats, in every round, has it as
    its room setting, which every bot move at the table follows (`room.room_bot`): the bots seated
    there, a bot that takes a leaver's seat, the move made for an idle person. An event created
    without it is basic."""
    assert new_event(form).bot_level == "basic"
    for level in ("basic", "thinking"):
        spy = Spy()
        monkeypatch.setattr(room_module, "THINKING_BOT", spy)
        waiting = new_event(form, bot_level=level)
        assert waiting.bot_level == level and waiting.table_settings().bot_level == level
        director = Director(filled(waiting, north_south_people(waiting)), seed=2)
        assert director.event.opened_tables and {room.settings.bot_level for room in director.history} == {level}
        event = director.play()
        assert event.status is EventStatus.ENDED
        assert len({room.event for room in director.history}) == len(event.opened_tables)
        for room in director.history:
            assert room.settings.bot_level == level
            assert room.deal is not None and room.deal.settings.bot_level == level
        assert (spy.moves > 0) == (level == "thinking")  # the tables' bots played through it, or never


def test_a_table_of_bots_alone_plays_at_the_basic_level_whatever_the_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table where no person sits plays every board it has left in the call that deals it or
    leaves it to bots (`startEvent`, a round's opening, the last person's `leaveEvent`), so its
    bots play basic: thinking bots take seconds a board, and that call would run out of time. Its
    setting stays the event's; a table with a person plays at the event's level."""
    spy = Spy()
    monkeypatch.setattr(room_module, "THINKING_BOT", spy)
    event, chains = filled(new_event(boards=4, bot_level="thinking")).start(DIRECTOR)
    assert event.status is EventStatus.ENDED and len(event.results) == 8 and spy.moves == 0
    assert {room.settings.bot_level for chain in chains for room in chain} == {"thinking"}

    director = Director(filled(new_event(boards=4, bot_level="thinking"), {Spot(Direction.NS, 0, 0): "ann"}))
    assert [r.table for r in director.event.results] == [1] * 4 and spy.moves == 0  # table 1 of bots alone
    while spy.moves == 0:  # Ann's table: her moves, then her bots' by the thinking bot
        director.step(0)
    assert len(director.event.results_of(1)) == 1  # table 1 only: the board goes on at Ann's table
    moves = spy.moves
    event, bot = director.event.replaced("ann")
    before = director.tables[0]
    event, chain, _ = event.after_table(before, before.left_event("ann", bot.seat))
    assert event.status is EventStatus.ENDED and len(event.results) == 8  # her table played on to the end
    assert spy.moves == moves and chain[-1].settings.bot_level == "thinking"


def test_an_event_stored_before_events_chose_their_bots_is_basic() -> None:
    """Schema 2 (and 1, before the boards' seed) had no `botLevel`: every event's bots were basic."""
    event = filled(new_event(Form.PAIRS), {Spot(Direction.NS, 0, 0): "ann"})
    doc = event_documents.encode(event)
    assert doc["schemaVersion"] == event_documents.SCHEMA_VERSION == 3 and doc["botLevel"] == "basic"
    old = {name: value for name, value in doc.items() if name != "botLevel"} | {"schemaVersion": 2}
    assert event_documents.decode(old) == event
    older = {name: value for name, value in old.items() if name != "seed"} | {"schemaVersion": 1}
    assert event_documents.decode(older) == evolve(event, seed=None)
    thinking = evolve(event, bot_level="thinking")
    assert event_documents.decode(event_documents.encode(thinking)) == thinking
    assert event_documents.public_event(thinking)["botLevel"] == "thinking"
    assert event_documents.public_event(event)["botLevel"] == "basic"


# ----- whole events ------------------------------------------------------------------------------


def test_a_teams_match_of_eight_boards_played_by_bots() -> None:
    event = Director(filled(new_event(boards=8))).play()
    assert event.status is EventStatus.ENDED and len(event.results) == 16
    for board in event.boards:
        by_table = {r.table: r for r in event.results_of(board.number)}
        assert sorted(by_table) == [0, 1]
        assert event.board_points(board.number)[(0, 0)] == imps(by_table[0].score - by_table[1].score)
    team_a = sum(event.board_points(b.number)[(0, 0)] for b in event.boards)
    standings = {s.pair: s for s in event.standings()}
    assert standings[0].total == team_a and standings[1].total == -team_a
    assert set(standings[0].uids) == {event.entrant(Spot(Direction.NS, 0, s)).uid for s in (0, 1)} | {
        event.entrant(Spot(Direction.EW, 1, s)).uid for s in (0, 1)}


def test_a_teams_match_with_people_at_both_tables() -> None:
    people = {Spot(Direction.NS, 0, 0): "ann", Spot(Direction.EW, 0, 1): "ben", Spot(Direction.NS, 1, 1): "cat",
              Spot(Direction.EW, 1, 0): "dan"}
    director = Director(filled(new_event(boards=4), people), seed=3)
    event = director.play()
    assert len(event.results) == 8
    for result in event.results:
        assert result.score == board_score(result.board, _contract_of(director, result), result.tricks or 0)
    # Ann (North at table 0) sat North on every board, Ben (West at table 0) West.
    for result in event.results:
        if result.table == 0:
            assert result.players[0] == "ann" and result.players[3] == "ben"


def _contract_of(director: Director, result) -> object:  # type: ignore[no-untyped-def]
    for room in director.history:
        deal = room.deal
        if (deal is not None and deal.is_finished and deal.board == result.board and room.event is not None
                and room.event.table == result.table and room.event.round == result.round):
            return deal.contract
    raise AssertionError("no such board played")


@pytest.mark.parametrize("tables", [3, 4, 5])
def test_a_pairs_event_follows_the_mitchell_movement(tables: int) -> None:
    event = Director(filled(new_event(Form.PAIRS, tables=tables, boards_per_round=2, boards=2 * tables))).play()
    rounds = mitchell(tables)
    assert event.status is EventStatus.ENDED and event.round == len(rounds)
    plays = Counter(r.board for r in event.results)
    assert set(plays.values()) == {len(rounds)}  # every board played once a round, by one table
    for pair in range(tables):
        for direction in ("ns", "ew"):
            boards = [r.board for r in event.results if getattr(r, direction) == pair]
            assert len(boards) == len(set(boards))  # no pair plays a board twice
    met = [(r.ns, r.ew) for r in event.results]
    assert all(count == 2 for count in Counter(met).values())  # each meeting is one round of two boards
    for board in event.boards:
        results = event.results_of(board.number)
        points = event.board_points(board.number)
        assert [points[(r.round, r.table)] for r in results] == list(matchpoints([r.score for r in results]))
    standings = event.standings()
    top = 2 * (len(rounds) - 1) * len(rounds) * 2  # per pair: boards played x top per board
    for direction in Direction:
        field = [s for s in standings if s.direction is direction]
        assert sum(s.total for s in field) == tables * top // 2
        assert [s.place for s in field] == sorted(s.place for s in field)
        assert all(s.percentage is not None and 0 <= s.percentage <= 100 for s in field)


def test_nobody_reads_a_board_before_finishing_it_and_everyone_at_the_end() -> None:
    people = {Spot(Direction.NS, t, 0): f"n{t}" for t in range(3)} | {Spot(Direction.EW, t, 1): f"w{t}"
                                                                       for t in range(3)}
    director = Director(filled(new_event(Form.PAIRS), people), seed=7)
    event = director.play()
    for board, readers, at in director.readers_seen:
        for uid in readers:
            assert uid == DIRECTOR or at.finished_board(uid, board) or at.status is EventStatus.ENDED
        for uid in people.values():
            if at.status is not EventStatus.ENDED and not at.finished_board(uid, board):
                assert uid not in readers
    for board in event.boards:
        assert set(event.readers(board.number)) == {DIRECTOR, *people.values()}
    assert not any(is_bot(uid) for board in event.boards for uid in event.readers(board.number))


def test_a_player_who_leaves_a_started_event_is_replaced_by_a_bot_for_good() -> None:
    people = {Spot(Direction.NS, 0, 0): "ann"}
    director = Director(filled(new_event(Form.PAIRS), people))
    event, bot = director.event.replaced("ann")
    room = director.tables[0].left_event("ann", bot.seat)
    assert bot.bot and room.position_of(bot.uid) == 0 and room.position_of("ann") is None
    assert room.seats[0] == bot.seat and bot.seat.ready
    assert event.spot_of(bot.uid) == Spot(Direction.NS, 0, 0) and event.spot_of("ann") is None
    with rejects(Reason.NOT_IN_EVENT):
        event.replaced("ann")


def test_the_bot_that_replaces_a_player_has_a_uid_no_other_spot_of_the_event_holds() -> None:
    """Issue 33: Ann leaves table 0, where the bots are ~bot1 and ~bot4; the bot that takes her
    seat was ~bot2, the uid of a bot at table 1. The event picks it: new to every table."""
    people = {Spot(Direction.NS, 0, 0): "ann", Spot(Direction.EW, 0, 0): "ben"}
    director = Director(filled(new_event(), people))
    before = set(director.event.member_ids)
    assert {uid for uid in before if is_bot(uid)} == {f"~bot{n}" for n in range(1, 7)}
    event, bot = director.event.replaced("ann")
    assert bot.uid not in before and bot.uid == "~bot7"
    event, second = event.replaced("ben")
    assert second.uid not in {*before, bot.uid}
    assert len(set(event.member_ids)) == len(event.spots)  # one spot per uid, bots included



def test_the_tables_an_event_has_opened_are_those_of_every_round_reached() -> None:
    """What the sweep deletes with an event: none before the start, the rounds reached while it
    plays, every round's tables once it has ended (each table's room id once)."""
    waiting = filled(new_event(Form.PAIRS), {Spot(Direction.NS, 0, 0): "ann"})
    assert waiting.opened_tables == ()
    director = Director(waiting, seed=4)
    assert [(t.round, t.table) for t in director.event.opened_tables] == [(0, 0), (0, 1), (0, 2)]
    event = director.play()
    assert event.status is EventStatus.ENDED
    assert set(event.opened_tables) == {room.event for room in director.history}
    assert len({t.room_id for t in event.opened_tables}) == len(event.opened_tables) == 9


# ----- documents ---------------------------------------------------------------------------------


def test_the_event_state_round_trips_at_every_stage() -> None:
    people = {Spot(Direction.NS, 0, 0): "ann", Spot(Direction.EW, 2, 1): "ben"}
    waiting = filled(new_event(Form.PAIRS), people)
    director = Director(waiting, seed=2)
    stages = [new_event(Form.PAIRS), waiting, director.event]
    for _ in range(15):
        director.step(next(t for t, room in director.tables.items() if room.status is not Status.ENDED))
        stages.append(director.event)
    stages.append(director.play())
    for event in stages:
        doc = event_documents.encode(event)
        assert json.loads(json.dumps(doc)) == doc
        assert event_documents.decode(doc) == event


def test_the_public_event_document_depends_on_no_board_and_no_result_until_the_end() -> None:
    """Change what is hidden (every board's cards, every result so far): while the event plays,
    its public document does not change; it changes only by the entrants, the round and the end."""
    people = {Spot(Direction.NS, 0, 0): "ann", Spot(Direction.EW, 1, 1): "ben", Spot(Direction.NS, 2, 1): "cat"}
    director = Director(filled(new_event(Form.PAIRS), people), seed=4)
    other_boards = new_event(Form.PAIRS, seed=99).boards
    previous = event_documents.public_event(director.event)
    while director.event.status is EventStatus.PLAYING:
        round_before = director.event.round
        director.step(next(t for t, room in director.tables.items()
                           if room.event is not None and room.event.round == director.event.round
                           and room.status is not Status.ENDED))
        event = director.event
        public = event_documents.public_event(event)
        if event.status is EventStatus.PLAYING:
            assert public == event_documents.public_event(evolve(event, boards=other_boards, results=()))
            assert public["ranking"] is None
            if event.round == round_before:
                assert public == previous  # a board finished somewhere changes nothing public
        previous = public
    ended = event_documents.public_event(director.event)
    assert ended["status"] == "ended" and ended["ranking"] is not None and ended["meetings"] == []


def test_a_boards_document_exists_once_played_and_lists_its_readers() -> None:
    people = {Spot(Direction.NS, 0, 0): "ann"}
    director = Director(filled(new_event(Form.TEAMS, boards=2), people), seed=1)
    assert event_documents.board_document(director.event, 1) is not None  # table 1, bots alone, played it
    doc = event_documents.board_document(director.event, 1)
    assert doc is not None and doc["readers"] == [DIRECTOR] and len(doc["results"]) == 1
    assert doc["results"][0]["points"] is None  # IMPs once both tables have played it
    event = director.play()
    doc = event_documents.board_document(event, 1)
    assert doc is not None and set(doc["readers"]) == {DIRECTOR, "ann"}
    assert [r["points"] for r in doc["results"]] == [event.board_points(1)[(0, 0)], event.board_points(1)[(0, 1)]]
    assert doc["vulnerable"] == {"NS": False, "EW": False} and doc["dealer"] == 0


def test_a_director_who_plays_sees_boards_tables_and_standings_only_as_a_player() -> None:
    event = filled(new_event(boards=2).join(DIRECTOR, "Dee", Spot(Direction.NS, 0, 0)))
    assert event.observer is None
    director = Director(event, seed=3)
    other = director.tables[1]
    assert not other.readable_by(DIRECTOR) and other.invited == ()
    assert director.event.results_of(1) and DIRECTOR not in director.event.readers(1)  # table 2 played it
    watcher = Director(filled(new_event(boards=2), {Spot(Direction.NS, 0, 0): "ann"}), seed=3)
    assert watcher.event.observer == DIRECTOR and watcher.tables[1].readable_by(DIRECTOR)
    assert DIRECTOR in watcher.event.readers(1)


def test_a_claim_accepted_at_an_event_table_ends_the_board_with_the_claimed_tricks() -> None:
    """Claims (SPEC §15) at a duplicate table: the board ends as if played and its result counts
    the claimed tricks."""
    people = {Spot(Direction.NS, 0, 0): "ann", Spot(Direction.NS, 0, 1): "cat", Spot(Direction.EW, 0, 0): "ben",
              Spot(Direction.EW, 0, 1): "dan"}
    director = Director(filled(new_event(), people), seed=4)
    while True:
        room = director.tables[0]
        deal = room.deal
        if (room.deal_in_progress and deal.phase.value == "playing" and len(deal.tricks) >= 3
                and not deal.trick.plays):
            break
        director.step(0)
    won = deal.side_tricks(deal.partner)[0]
    claimed = room.claim(deal.players[deal.contract.declarer], 0)
    for position in claimed.deal.claim_answerers:
        claimed = claimed.answer_claim(deal.players[position], True)
    event, _, _ = director.event.after_table(room, claimed)
    result = event.results_of(deal.board)[-1]
    assert result.table == 0 and result.tricks == won and claimed.deal.outcome().defender_tricks == 13 - won
