"""A sixth variant added as one module and one registry line (issue 35): Whist (`whist.py`), a game
without an auction, played through the shared engine unchanged: its deals open in play, every seat
is told exactly what the room accepts, its state round-trips and hides every hand, bots of both
levels play it, and its match scores a point a trick over six."""
from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bridge import Reason, Room, Settings, Status, documents, state
from bridge.bids import Strain
from bridge.variants import VARIANTS

from .conftest import rejects
from .test_legal import told_over_random_games
from .test_match import PLAYERS, Table, new_room, start
from .whist import TRUMPS, WHIST


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    VARIANTS[WHIST.name] = WHIST  # the registry line
    yield
    del VARIANTS[WHIST.name]


def whist_settings(**wire: object) -> Settings:
    """A room's settings for whist, with `wire` changes by their wire names."""
    return Settings().with_changes(Settings.parse_changes({"variant": "whist", **wire}))


def whist_room(**wire: object) -> Room:
    return new_room(whist_settings(**wire))


def test_a_whist_deal_opens_in_play_in_the_dealers_trump_led_from_the_dealers_left() -> None:
    room = start(whist_room(), random.Random(1))
    deal = room.deal
    assert room.status is Status.PLAYING and deal.calls == () and deal.dealer == 0
    assert deal.contract.declarer == 0 and deal.contract.bid.strain is Strain.SPADES
    assert (deal.contract.target, deal.contract.defender_target) == (7, 7)
    assert deal.trick.leader == deal.actor == 1
    public = documents.public_room(room)
    assert public["bids"] == [] and public["contract"]["trump"] == "S"
    assert public["legal"][1]["playCard"] == 1 and all(told["placeBid"] == [] for told in public["legal"])


def test_every_seat_is_told_exactly_what_the_room_accepts_at_every_step() -> None:
    kinds = told_over_random_games("whist")
    assert {"card", "claim", "undo", "claim answer", "undo answer"} <= kinds and "call" not in kinds, kinds


def test_a_match_scores_a_point_a_trick_over_six_each_deal_checked_at_every_card() -> None:
    """Every card: the 52 cards conserved, the state round-tripping, no hidden card in anything a
    player may read, the stats (`Table.check`). The points against an oracle on the hand records."""
    table = Table(7)
    room = whist_room(deals=3)
    expected = dict.fromkeys(PLAYERS, 0)
    for number in (1, 2, 3):
        room = start(room, table.rng)
        assert room.deal.dealer == number - 1  # the deal passes left; so does trump
        assert room.deal.contract.bid.strain is (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS)[number - 1]
        room = table.play_deal(room)
        record = documents.deal_record(room)
        won = [0, 0]
        for trick in record["tricks"]:
            won[trick["winner"] % 2] += 1
        assert sum(won) == 13
        for position, uid in enumerate(record["players"]):
            expected[uid] += max(0, won[position % 2] - 6)
    assert room.status is Status.ENDED and dict(room.match.scores) == expected


@pytest.mark.parametrize("level", ["basic", "thinking"])
def test_bots_play_whist_at_either_level(level: str) -> None:
    room = Room.create(PLAYERS[0], "Ann", whist_settings(botLevel=level))
    for _ in range(3):
        room = room.add_bot(PLAYERS[0])
    room = room.toggle_ready(PLAYERS[0]).start(PLAYERS[0], random.Random(2))
    while room.deal_in_progress:  # the person plays the first card they are told; the bots answer
        deal = room.deal
        room = room.play_card(PLAYERS[0], deal.legal_cards()[0])
    assert room.status is Status.ENDED and len(room.deal.tricks) == 13


def test_whists_own_option_is_declared_in_its_module_alone_and_plays_every_deal_in_no_trump() -> None:
    """`trumps` (`whist.TRUMPS`) is a setting of whist's own: taken, checked, shown, stored and
    read through the option, with no shared module naming it."""
    settings = whist_settings(trumps=False)
    assert settings.to_dict()["trumps"] is False and TRUMPS.of(settings) is False
    assert whist_settings().to_dict()["trumps"] is True and whist_settings(trumps=True) == whist_settings()
    assert Settings.from_dict(settings.to_dict()) == settings
    room = start(new_room(settings), random.Random(1))
    assert room.deal.contract.bid.strain is Strain.NO_TRUMP
    assert state.decode(state.encode(room)) == room and documents.public_room(room)["settings"]["trumps"] is False
    assert "trumps" not in Settings().to_dict()
    with rejects(Reason.INVALID_SETTINGS):
        Settings.parse_changes({"trumps": "no"})
    with rejects(Reason.INVALID_SETTINGS):
        Settings().with_changes(Settings.parse_changes({"trumps": False}))  # Floating Bridge has no such option


def test_whists_option_is_unknown_once_whist_is_not_registered() -> None:
    del VARIANTS[WHIST.name]
    try:
        with rejects(Reason.INVALID_SETTINGS):
            Settings.parse_changes({"trumps": False})
    finally:
        VARIANTS[WHIST.name] = WHIST
