"""Memory Bridge (seed 002, docs/MEMORY.md): two seats, the first half of no-trump tricks, the
rest of the deck dealt, the auction with doubling that a pass after a bid ends, the second half,
the scoring to a target, the bot, and random deals that keep every card and hide the stock."""
from __future__ import annotations

import random

import pytest

from bridge import DECK, PASS, Card, Deal, Match, Phase, Reason, Room, Settings, documents, new_deal, parse_call
from bridge.bids import Doubling, Strain
from bridge.contract_scoring import Entry, Kind, Side
from bridge.deal import Finished, Play, Trick
from bridge.memory import MEMORY, TARGET_SCORE, FirstHalf, TargetSheet, first_half_entries, tricks_over_book
from bridge.room import Status
from bridge.values import evolve

from .conftest import card, cards, follow_suit_cards, rejects

PAIR = ("ann", "ben")


def pair(first: str, second: str) -> tuple[tuple[Card, ...], ...]:
    """Two hands, sorted as dealt."""
    return tuple(tuple(sorted(cards(text))) for text in (first, second))


NAMES = {"ann": "Ann", "ben": "Ben"}
MEMORY_SETTINGS = Settings(variant="memory", scoring="target", deals=0)
#: Ann holds the clubs and hearts below the eight, Ben the rest of those suits and all the spades ...
FIRST_HANDS = pair("2C 3C 4C 5C 6C 7C 2H 3H 4H 5H 6H 7H 8H", "8C 9C TC JC QC KC AC 9H TH JH QH KH AH")
#: ... and the diamonds and spades come in the second half.
STOCK = pair("2D 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S 6S 7S", "9D TD JD QD KD AD 8S 9S TS JS QS KS AS")


def first_half(dealer: int = 0, hands: tuple = FIRST_HANDS, stock: tuple = STOCK) -> Deal:
    return Deal(MEMORY, MEMORY_SETTINGS, PAIR, dealer, hands, FirstHalf(Trick((dealer + 1) % 2)), stock=stock)


def play_out(deal: Deal, rng: random.Random, until: Phase | None = None) -> Deal:
    """Bots' moves until the deal is over (or reaches `until`)."""
    while not deal.is_finished and deal.phase is not until:
        deal = deal.act(deal.actor, deal.bot_action(), rng)
    return deal


def calls(deal: Deal, *texts: str) -> Deal:
    rng = random.Random(0)
    for text in texts:
        deal = deal.place_bid(deal.actor, parse_call(text), rng)
    return deal


def second_half(dealer: int = 0) -> Deal:
    """The stock dealt, the dealer to open the auction."""
    return play_out(first_half(dealer), random.Random(1), until=Phase.BIDDING)


def every_card_once(deal: Deal) -> None:
    """The 52 cards are all somewhere, once: hands, stock, the trick, the tricks of either half."""
    tricks = (*deal.first_tricks, *deal.tricks, *((deal.trick,) if deal.trick else ()))
    plays = [p.card for t in tricks for p in t.plays]
    everything = [c for hand in (*deal.hands, *deal.stock) for c in hand] + plays
    assert len(everything) == 52 and set(everything) == set(DECK)


# ----- two seats ---------------------------------------------------------------------------------


def test_a_memory_room_has_two_seats_and_starts_with_two_ready_players() -> None:
    room = Room.create("ann", "Ann", MEMORY_SETTINGS)
    assert room.seat_count == 2
    with rejects(Reason.NOT_ENOUGH_PLAYERS):
        room.toggle_ready("ann").start("ann", random.Random(0))
    room = room.join("ben", "Ben")
    with rejects(Reason.ROOM_FULL):
        room.join("cat", "Cat")
    started = room.toggle_ready("ann").toggle_ready("ben").start("ann", random.Random(0))
    assert started.status is Status.FIRST_HALF and started.deal.dealer == 0 and started.deal.turn == 1


def test_memory_settings_score_to_a_target_of_100_to_5000_and_take_no_other_variants_options() -> None:
    settings = Settings().with_changes({"variant": "memory"})
    assert (settings.scoring, settings.deals, TARGET_SCORE.of(settings)) == ("target", 0, 500)
    assert settings.to_dict()["targetScore"] == 500
    assert TARGET_SCORE.of(settings.with_changes(Settings.parse_changes({"targetScore": 1000}))) == 1000
    for change in ({"targetScore": 99}, {"targetScore": 5001}, {"targetScore": "500"}, {"targetScore": True}):
        with rejects(Reason.INVALID_SETTINGS):
            Settings.parse_changes(change)
    for change in ({"honours": True}, {"washRule": False}, {"deals": 3}, {"scoring": "rubber"}):
        with rejects(Reason.INVALID_SETTINGS):
            settings.with_changes(Settings.parse_changes(change))
    with rejects(Reason.INVALID_SETTINGS):
        Settings().with_changes(Settings.parse_changes({"targetScore": 600}))  # Floating Bridge has no target


# ----- the first half --------------------------------------------------------------------------


def test_the_deck_is_dealt_at_once_thirteen_cards_each_for_the_first_half_and_the_rest_kept() -> None:
    for seed in range(20):
        deal = new_deal(MEMORY, PAIR, MEMORY_SETTINGS, seed % 2, random.Random(seed))
        assert deal.phase is Phase.FIRST_HALF and [len(h) for h in deal.hands] == [13, 13]
        assert [len(h) for h in deal.stock] == [13, 13]
        every_card_once(deal)
        assert deal.turn == 1 - deal.dealer, "the non-dealer leads the first half"
        assert deal.contract is None and deal.trump is None and not deal.calls


def test_the_first_half_follows_suit_with_no_trump_and_the_highest_of_the_led_suit_wins() -> None:
    deal = first_half(dealer=0)  # Ben leads
    with rejects(Reason.NOT_YOUR_TURN):
        deal.play_card(0, card("2C"))
    deal = deal.play_card(1, card("AH"))
    with rejects(Reason.MUST_FOLLOW_SUIT, ["2C"]):
        deal.play_card(0, card("2C"))
    deal = deal.play_card(0, card("8H"))
    assert deal.tricks[-1].winner(None) == 1 and deal.turn == 1
    deal = deal.play_card(1, card("8C")).play_card(0, card("7C"))  # clubs: the higher card wins
    assert deal.tricks_won == (0, 2)


def test_no_call_is_made_in_the_first_half() -> None:
    with rejects(Reason.WRONG_PHASE):
        first_half().place_bid(1, PASS, random.Random(0))


def test_after_the_thirteenth_trick_the_rest_of_the_deck_is_dealt_and_the_dealer_opens() -> None:
    deal = second_half(dealer=1)
    assert deal.phase is Phase.BIDDING and deal.turn == 1
    assert deal.hands == STOCK and deal.stock == () and len(deal.first_tricks) == 13
    assert not deal.tricks and deal.trick is None
    assert [sorted(h) for h in deal.first_half_hands()] == [sorted(h) for h in FIRST_HANDS]
    every_card_once(deal)


# ----- the auction and the second half -----------------------------------------------------------


def test_a_pass_after_a_bid_ends_the_auction_and_the_declarers_opponent_leads() -> None:
    deal = calls(second_half(dealer=0), "1S", "PASS")
    assert deal.phase is Phase.PLAYING and str(deal.contract) == "1S" and deal.contract.declarer == 0
    assert deal.turn == 1 and deal.dummy is None


def test_a_pass_before_any_bid_does_not_end_the_auction() -> None:
    deal = calls(second_half(dealer=0), "PASS", "2D", "PASS")
    assert deal.phase is Phase.PLAYING and deal.contract.declarer == 1 and deal.turn == 0


@pytest.mark.parametrize("seed", range(4))
def test_a_second_half_both_players_pass_is_not_played_and_the_deal_ends_on_its_first_half(seed: int) -> None:
    rng = random.Random(seed)
    deal = calls(play_out(new_deal(MEMORY, PAIR, MEMORY_SETTINGS, seed % 2, rng), rng, until=Phase.BIDDING),
                 "PASS", "PASS")
    assert deal.is_finished and deal.outcome() is None and deal.phase is Phase.COMPLETE
    # Only the first half scores: its winner 1NT made with its tricks (40 for the seventh, 30 each
    # beyond), plus 100; the tricks counted from the cards, the highest of the suit led winning.
    won = [0, 0]
    for trick in deal.first_tricks:
        led = trick.plays[0].card.suit
        won[max((p for p in trick.plays if p.card.suit == led), key=lambda p: p.card.rank).position] += 1
    winner = won.index(max(won))
    totals = [0, 0]
    totals[winner] = 40 + 30 * (won[winner] - 7) + 100
    assert TargetSheet(500).scored(deal).totals == tuple(totals)


def test_doubles_and_redoubles_follow_the_two_player_rules_and_a_new_bid_cancels_them() -> None:
    deal = calls(second_half(dealer=0), "1S")
    with rejects(Reason.CANNOT_REDOUBLE):
        calls(deal, "XX")
    deal = calls(deal, "X")
    with rejects(Reason.CANNOT_DOUBLE):
        calls(deal, "X")
    deal = calls(deal, "XX")
    assert deal.legal_bids()[:2] == [PASS, parse_call("1NT")]  # nothing more to double
    played = calls(deal, "PASS")
    assert played.contract.doubling is Doubling.REDOUBLED
    renewed = calls(deal, "2C", "PASS")
    assert renewed.contract.doubling is Doubling.UNDOUBLED and renewed.contract.declarer == 1


def test_the_second_half_is_thirteen_tricks_in_the_contracts_strain() -> None:
    deal = play_out(calls(second_half(dealer=0), "1S", "PASS"), random.Random(2))
    assert deal.is_finished and len(deal.tricks) == 13
    outcome = deal.outcome()
    assert outcome.declarer == 0 and outcome.declarer_tricks + outcome.defender_tricks == 13
    assert outcome.declarer_tricks == sum(1 for t in deal.tricks if t.winner(deal.trump) == 0)


# ----- scoring -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("won", "points"), [(7, 140), (8, 170), (10, 230), (13, 320)])
def test_the_first_half_scores_as_one_no_trump_made_plus_100(won: int, points: int) -> None:
    tricks = tuple(Trick(0, (Play(0, c), Play(1, card("2C")))) for c in cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"))
    tricks = tuple(t if i < won else Trick(1, (Play(1, card("AH")), Play(0, card("2H")))) for i, t in enumerate(tricks))
    assert first_half_entries(tricks, 2) == (Entry(Side.NS if won else Side.EW, Kind.FIRST_HALF, points),)


@pytest.mark.parametrize(("strain", "tricks", "doubling", "points"), [
    (Strain.CLUBS, 7, Doubling.UNDOUBLED, 20), (Strain.DIAMONDS, 10, Doubling.UNDOUBLED, 80),
    (Strain.HEARTS, 10, Doubling.UNDOUBLED, 120), (Strain.SPADES, 13, Doubling.UNDOUBLED, 210),
    (Strain.NO_TRUMP, 7, Doubling.UNDOUBLED, 40), (Strain.NO_TRUMP, 9, Doubling.UNDOUBLED, 100),
    (Strain.HEARTS, 9, Doubling.DOUBLED, 180), (Strain.NO_TRUMP, 8, Doubling.REDOUBLED, 280),
    (Strain.SPADES, 6, Doubling.UNDOUBLED, 0),
])
def test_a_contract_made_scores_every_trick_over_six_by_its_strain_times_its_doubling(
        strain: Strain, tricks: int, doubling: Doubling, points: int) -> None:
    assert tricks_over_book(strain, tricks, doubling) == points


def test_a_contract_that_fails_gives_the_opponent_50_a_trick_doubled_100_redoubled_200() -> None:
    sheet = TargetSheet(500)
    deal = calls(second_half(dealer=0), "3NT", "PASS")
    short = evolve(deal, hands=((), ()), state=_finished(deal, declarer_tricks=6))
    assert sheet.scored(short).last[1:] == (Entry(Side.EW, Kind.UNDERTRICKS, 150),)
    doubled = calls(second_half(dealer=0), "3NT", "X", "PASS")
    assert sheet.scored(evolve(doubled, hands=((), ()), state=_finished(doubled, 6))).last[1:] == (
        Entry(Side.EW, Kind.UNDERTRICKS, 300),)
    redoubled = calls(second_half(dealer=0), "3NT", "X", "XX", "PASS")
    assert sheet.scored(evolve(redoubled, hands=((), ()), state=_finished(redoubled, 8))).last[1:] == (
        Entry(Side.EW, Kind.UNDERTRICKS, 200),)


def _finished(deal: Deal, declarer_tricks: int) -> Finished:
    """`deal`'s contract played to 13 tricks of which the declarer's took `declarer_tricks`: each
    trick is the declarer's ace-high lead or the opponent's (cards beyond the deal's, for the count)."""
    declarer = deal.contract.declarer
    tricks = tuple(Trick(declarer if i < declarer_tricks else 1 - declarer,
                         (Play(declarer if i < declarer_tricks else 1 - declarer, Card.parse("AS")),
                          Play(1 - declarer if i < declarer_tricks else declarer, Card.parse("2S"))))
                   for i in range(13))
    return Finished(deal.calls, deal.contract, None, tricks)


def test_a_made_contract_scores_to_the_declarer() -> None:
    deal = calls(second_half(dealer=1), "2H", "X", "PASS")  # Ben declares 2H doubled
    made = evolve(deal, hands=((), ()), state=_finished(deal, declarer_tricks=9))
    assert TargetSheet(500).scored(made).last[1:] == (Entry(Side.EW, Kind.CONTRACT, 180),)


def test_the_match_ends_when_a_player_reaches_the_target_and_leads_and_a_tie_plays_on() -> None:
    assert not TargetSheet(500, (490, 100)).is_over
    assert TargetSheet(500, (500, 100)).is_over and TargetSheet(500, (600, 700)).is_over
    assert not TargetSheet(500, (600, 600)).is_over


def test_a_match_of_bots_alternates_the_dealer_and_ends_at_the_target() -> None:
    for seed in range(10):
        rng = random.Random(seed)
        match, deal = Match.start(PAIR, NAMES, MEMORY_SETTINGS, rng)
        dealers = []
        while True:
            deal = play_out(deal, rng)
            dealers.append(deal.dealer)
            match = match.scored(deal)
            if match.is_over(deal):
                break
            match, deal = match.next_deal(deal, PAIR, NAMES, MEMORY_SETTINGS, rng)
        sheet = match.sheet
        assert isinstance(sheet, TargetSheet) and sheet.is_over
        assert dealers == [i % 2 for i in range(len(dealers))]
        assert [match.scores[uid] for uid in PAIR] == list(sheet.totals) and max(sheet.totals) >= 500


# ----- random deals, bots and secrecy ------------------------------------------------------------


def random_deals(count: int, seed: int = 0):
    """Every state of `count` deals played by bots (the first half) and random legal moves."""
    rng = random.Random(seed)
    for n in range(count):
        deal = new_deal(MEMORY, PAIR, MEMORY_SETTINGS, n % 2, rng)
        states = [deal]
        while not deal.is_finished:
            legal = deal.legal_actions()
            deal = deal.act(deal.actor, deal.bot_action() if rng.random() < 0.5 else rng.choice(legal), rng)
            states.append(deal)
        yield states


def test_random_deals_keep_every_card_and_a_player_follows_suit_when_able_else_plays_any_card() -> None:
    """Both halves: the cards of the suit led if the player holds any, else any card in hand;
    a leader may lead anything (Memory Bridge has no rule on leading trump). Both the legal cards
    offered and the cards a move may play are exactly those."""
    for states in random_deals(300):
        for deal in states:
            every_card_once(deal)
            if deal.phase in (Phase.FIRST_HALF, Phase.PLAYING):
                allowed = follow_suit_cards(deal)
                assert set(deal.legal_cards()) == allowed
                assert {c for c in DECK if deal.card_violation(deal.turn, c) is None} == allowed


def test_bots_make_legal_moves_and_finish_every_deal() -> None:
    made = contracts = 0
    for seed in range(200):
        rng = random.Random(seed)
        deal = new_deal(MEMORY, PAIR, MEMORY_SETTINGS, seed % 2, rng)
        while not deal.is_finished:
            action = deal.bot_action()
            assert action in deal.legal_actions()
            deal = deal.act(deal.actor, action, rng)
        if (outcome := deal.outcome()) is not None:
            contracts += 1
            made += outcome.made
    assert contracts > 50 and made > contracts // 3


def stock_swaps(deal: Deal, viewer: int | None, rng: random.Random, swaps: int = 20) -> Deal:
    """`deal` in its first half with cards the `viewer` cannot see (None: nobody's) exchanged
    between the stock and the hands it may not see, keeping what the table knows true (hand
    sizes, shown-out suits)."""
    pools = [list(h) for h in (*deal.hands, *deal.stock)]
    hidden = [i for i in range(4) if i != viewer]
    void: dict[int, set] = {i: set() for i in range(4)}
    for t in (*deal.tricks, *((deal.trick,) if deal.trick else ())):
        for play in t.plays:
            if play.card.suit != t.led_suit:
                void[play.position].add(t.led_suit)
    for _ in range(swaps):
        a, b = rng.sample(hidden, 2)
        if not pools[a] or not pools[b]:
            continue
        x, y = rng.choice(pools[a]), rng.choice(pools[b])
        if x.suit in void[b] or y.suit in void[a]:
            continue
        pools[a][pools[a].index(x)], pools[b][pools[b].index(y)] = y, x
    sort = [tuple(sorted(p)) for p in pools]
    return evolve(deal, hands=(sort[0], sort[1]), stock=(sort[2], sort[3]))


def test_in_the_first_half_nothing_public_and_no_bot_choice_depends_on_the_stock_or_the_other_hand() -> None:
    rng = random.Random(3)
    checked = 0
    for states in random_deals(60, seed=5):
        for deal in states:
            if deal.phase is not Phase.FIRST_HALF:
                continue
            room = Room(PAIR[0], (), MEMORY_SETTINGS)
            public = documents.public_room(evolve(room, deal=deal))
            swapped = stock_swaps(deal, None, rng)
            if swapped != deal:
                assert documents.public_room(evolve(room, deal=swapped)) == public
            mine = stock_swaps(deal, deal.actor, rng)
            if mine != deal:
                assert mine.view(deal.actor) == deal.view(deal.actor)
                assert mine.bot_action() == deal.bot_action()
                checked += 1
    assert checked > 500


def test_the_hand_record_holds_both_halves() -> None:
    rng = random.Random(4)
    room = Room.create("ann", "Ann", MEMORY_SETTINGS).join("ben", "Ben").toggle_ready("ann").toggle_ready("ben")
    room = room.start("ann", rng)
    dealt, stock = room.deal.hands, room.deal.stock
    while room.deal_in_progress:
        deal = room.deal
        uid = deal.players[deal.actor]
        action = deal.bot_action()
        room = room.play_card(uid, action) if isinstance(action, Card) else room.place_bid(uid, action, rng)
    record = documents.deal_record(room)
    assert record["variant"] == "memory"
    assert [h["cards"] for h in record["firstHalf"]["hands"]] == [[str(c) for c in h] for h in dealt]
    assert [h["cards"] for h in record["hands"]] == [[str(c) for c in h] for h in stock]
    assert len(record["firstHalf"]["tricks"]) == 13 and sum(record["firstHalf"]["tricksWon"]) == 13
    public = documents.public_room(room)
    assert public["firstHalf"]["tricks"] == record["firstHalf"]["tricks"]
    assert public["result"]["points"][Side.of(max((0, 1), key=lambda p: record["firstHalf"]["tricksWon"][p])).value][
        "firstHalf"] >= 140


def oracle_points(record: dict) -> dict[str, dict[str, int]]:
    """A deal's points by side and kind from its hand record alone, restating seed 002: the first
    half's 7+ tricks as 1NT made plus 100; a contract made, each trick over six (C/D 20, H/S 30,
    NT 40 then 30) times 1, 2 or 4; a contract failed, 50 a trick short to the opponent, times the same."""
    side = ("NS", "EW")
    won = record["firstHalf"]["tricksWon"]
    first = max((0, 1), key=lambda p: won[p])
    points: dict[str, dict[str, int]] = {"NS": {}, "EW": {}}
    points[side[first]]["firstHalf"] = 40 + 30 * (won[first] - 7) + 100
    contract = record["contract"]
    if contract is None:
        return points
    declarer, bid = contract["declarer"], contract["bid"]
    times = {None: 1, "X": 2, "XX": 4}[contract["doubled"]]
    taken = sum(1 for t in record["tricks"] if t["winner"] == declarer)
    need = int(bid[0]) + 6
    if taken >= need:
        over = taken - 6
        per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[bid[1:]]
        points[side[declarer]]["contract"] = (per * over + (10 if bid.endswith("NT") else 0)) * times
    else:
        points[side[1 - declarer]]["undertricks"] = 50 * (need - taken) * times
    return points


def test_thousands_of_random_memory_deals_score_as_the_seed_says() -> None:
    rng = random.Random(11)
    deals = doubled = passed = 0
    while deals < 2000:
        room = Room.create("ann", "Ann", MEMORY_SETTINGS).join("ben", "Ben").toggle_ready("ann").toggle_ready("ben")
        room = room.start("ann", rng)
        while room.deal_in_progress:
            deal = room.deal
            uid = deal.players[deal.actor]
            if deal.phase is Phase.BIDDING:
                legal = deal.legal_bids()
                call = rng.choice(legal[1:4]) if len(legal) > 1 and rng.random() < 0.6 else PASS
                room = room.place_bid(uid, call, rng)
            else:
                room = room.play_card(uid, rng.choice(deal.legal_cards()))
        record = documents.deal_record(room)
        assert record is not None
        assert record["result"]["points"] == oracle_points(record), record["result"]
        deals += 1
        passed += record["contract"] is None
        doubled += bool(record["contract"] and record["contract"]["doubled"])
    assert passed > 0 and doubled > 50
