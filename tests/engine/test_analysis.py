"""The double-dummy analysis of a hand record (SPEC §16, `bridge.analysis`, `bridge.par`): our
search against a brute-force oracle and against DDS (endplay) where their rules coincide, known
deals, par against DDS's and our scoring, Floating Bridge's actual sides and its trump rule, and
the budget."""
from __future__ import annotations

import random

import pytest

from bridge import DECK, FLOATING, Bid, Card, Contract, Room, Settings, Strain, Suit, documents, parse_call
from bridge.analysis import STRAINS, TABLE_NODES, analyse, deal_table, searched_table
from bridge.bids import Doubling
from bridge.contract_scoring import Form, Sheet, Side
from bridge.double_dummy import Budget, Ending, SearchLimit, Solver, most_tricks
from bridge.par import par
from bridge.wire import VulnerableDoc

from ..dds import dds_par, dds_raw, dds_raw_of, dds_table, same_par
from .conftest import hands_from
from .test_double_dummy import oracle

#: Each hand one whole suit: North spades, East hearts, South diamonds, West clubs.
SUIT_EACH = hands_from(*(" ".join(f"{rank}{suit}" for rank in "23456789TJQKA") for suit in "SHDC"))
SETTINGS = {"floating": Settings.of(playAllTricks=True),
            "contract": Settings(variant="contract", scoring="rubber", deals=0),
            "tiger": Settings(variant="tiger", scoring="sets", deals=0),
            "memory": Settings(variant="memory", scoring="target", deals=0)}


def record(variant: str, hands, *, declarer: int = 0, bid: str = "1NT", partner: int | None = None,
           dealer: int = 0, vulnerable: dict | None = None, board: int | None = None) -> dict:
    """A hand record with what the analysis reads (the rest of `DealRecord` does not matter to it)."""
    return {"variant": variant, "hands": [{"cards": [str(c) for c in hand]} for hand in hands],
            "contract": {"declarer": declarer, "bid": bid, "doubled": None, "trump": None, "target": 7,
                         "defenderTarget": 7},
            "partner": partner, "dealer": dealer, "board": board, "vulnerable": vulnerable}


def played_record(variant: str, rng: random.Random) -> dict:
    """The record of a deal of `variant` the bots played to its end."""
    room = Room.create("ann", "Ann", SETTINGS[variant])
    for _ in range((2 if variant == "memory" else 4) - 1):
        room = room.add_bot("ann")
    room = room.toggle_ready("ann").start("ann", rng).played_out(rng)
    result = documents.deal_record(room)
    assert result is not None
    return dict(result)


def random_hands(rng: random.Random, size: int, seats: int = 4) -> tuple[tuple[Card, ...], ...]:
    cards = rng.sample(DECK, seats * size)
    return tuple(tuple(sorted(cards[i * size:(i + 1) * size])) for i in range(seats))


def table_of(doc: dict) -> dict[Strain, list]:
    return {strain: doc["tricks"][name] for strain, name in zip(STRAINS, ("C", "D", "H", "S", "NT"), strict=True)}


# ----- the search -----------------------------------------------------------------------------


def test_the_search_shares_its_table_across_leaders_and_guesses_and_still_finds_what_the_oracle_finds():
    rng = random.Random(21)
    for seats, size, count in ((4, 3, 40), (2, 5, 25)):
        for _ in range(count):
            hands = random_hands(rng, size, seats)
            trump = rng.choice([None, *Suit])
            side = tuple(rng.random() < 0.5 for _ in range(seats)) if seats == 4 else (True, False)
            must_break = rng.random() < 0.5
            solver = Solver(seats, trump, side, must_break, Budget(10**7))
            for leader in rng.sample(range(seats), seats):
                expected = oracle([list(h) for h in hands], leader, trump, side, must_break, False)
                guess = rng.choice([None, 0, size, rng.randrange(size + 1)])
                assert solver.most_tricks(Ending(hands, leader, trump, side, must_break), guess) == expected


def test_a_searched_table_gives_each_declarer_its_own_sides_tricks_as_the_oracle_does():
    rng = random.Random(22)
    for _ in range(6):
        hands = random_hands(rng, 3)
        side = tuple(rng.random() < 0.5 for _ in range(4))
        leaders = {s: [(p + 1) % 4 if s is not Strain.NO_TRUMP else p for p in range(4)] for s in STRAINS}
        table = searched_table(hands, side, True, leaders)
        for strain in STRAINS:
            for declarer in range(4):
                ours = oracle([list(h) for h in hands], leaders[strain][declarer], strain.trump, side, True, False)
                assert table[strain][declarer] == (ours if side[declarer] else 3 - ours)


def test_the_search_agrees_with_dds_where_the_rules_coincide_fixed_pairs_and_any_lead():
    """DDS (endplay) solves partial deals too: its table counts the tricks already gone to the
    declarer (13 - cards per hand)."""
    rng = random.Random(23)
    leaders = {s: [(p + 1) % 4 for p in range(4)] for s in STRAINS}
    for size in (5, 6, 7, 8):
        hands = random_hands(rng, size)
        ours = searched_table(hands, (True, False, True, False), False, leaders)
        assert ours == dds_table(hands)


def test_floating_bridge_with_the_partner_opposite_has_ddss_no_trump_row():
    """The trump rule does not touch no trump, and with the partner opposite the sides are DDS's:
    declarer d leads, so d's side takes what DDS's declarer d - 1 (whose left, d, leads) does not."""
    rng = random.Random(30)
    for _ in range(3):
        hands = random_hands(rng, 13)
        declarer = rng.randrange(4)
        table = deal_table(FLOATING, hands, declarer, (declarer + 2) % 4, Strain.HEARTS)
        dds = dds_table(hands)[Strain.NO_TRUMP]
        assert table[Strain.NO_TRUMP] == [13 - dds[(p + 3) % 4] for p in range(4)]


def test_every_cell_of_a_whole_deals_table_is_ddss():
    """Random whole deals, contract bridge's rules (the player left of the declarer leads): our
    search's table against DDS's, cell by cell (bench/solver.py compares a thousand)."""
    rng = random.Random(24)
    leaders = {s: [(p + 1) % 4 for p in range(4)] for s in STRAINS}
    for _ in range(8):
        hands = random_hands(rng, 13)
        assert searched_table(hands, (True, False, True, False), False, leaders) == dds_table(hands)


def test_the_trump_rule_makes_a_difference_where_leading_trump_first_is_best():
    """North leads with spades trump, unbroken: it may not lead the ace of trump while it holds a
    heart, so West ruffs the heart king; without the rule North draws West's trump first."""
    hands = hands_from("AS KH", "2H 2D", "3H 3D", "2S 4D")
    side = (True, False, True, False)
    assert most_tricks(Ending(hands, 0, Suit.SPADES, side)) == 2
    assert most_tricks(Ending(hands, 0, Suit.SPADES, side, must_break_trump=True)) == 1
    assert most_tricks(Ending(hands, 0, Suit.SPADES, side, must_break_trump=True, trump_broken=True)) == 2
    assert oracle([list(h) for h in hands], 0, Suit.SPADES, side, True, False) == 1


def test_a_search_past_its_budget_raises_and_a_table_marks_its_cell_unknown():
    hands = random_hands(random.Random(25), 13)
    side = (True, True, False, False)
    with pytest.raises(SearchLimit):
        Solver(4, None, side, True, Budget(50)).most_tricks(Ending(hands, 0, None, side))
    table = searched_table(hands, side, True, {Strain.NO_TRUMP: [0, 1, 2, 3]}, budget=50)
    assert table == {Strain.NO_TRUMP: [None] * 4}


# ----- known deals ----------------------------------------------------------------------------


def test_in_contract_bridge_with_a_suit_in_each_hand_the_leader_runs_its_suit_or_the_trump_holder_ruffs():
    doc = analyse(record("contract", SUIT_EACH))
    assert doc is not None and doc["solver"] == "search" and doc["complete"] and doc["sides"] == [0, 1, 0, 1]
    assert table_of(doc) == {Strain.NO_TRUMP: [0, 0, 0, 0],  # the player left of the declarer runs its suit
                             Strain.SPADES: [13, 0, 13, 0], Strain.HEARTS: [0, 13, 0, 13],
                             Strain.DIAMONDS: [13, 0, 13, 0], Strain.CLUBS: [0, 13, 0, 13]}


#: The hardest Floating Bridge record measured (#272 of `bench/solver.py --floating 300`): North
#: declares alone. In spades its Q J 2 face the ace and the king, split between East and West, and
#: only the defenders' whole play of the side suits shows that they cannot catch both honours.
ALONE_IN_SPADES = hands_from("3C 7C TC 2D 3D 9D TD 3H 7H 8H 2S JS QS", "4D 5D 6D 7D 8D QD 4H JH QH 7S 9S TS AS",
                             "6C 8C 9C QC AC KD 2H 6H 9H TH 3S 4S 6S", "2C 4C 5C JC KC JD AD 5H KH AH 5S 8S KS")


def test_a_declarer_alone_whose_trump_trick_takes_the_most_search_measured_is_complete_within_the_ceiling():
    table = deal_table(FLOATING, ALONE_IN_SPADES, 0, 0, Strain.HEARTS, TABLE_NODES)
    assert table == {Strain.SPADES: [1, 12, 12, 12], Strain.HEARTS: [0, 13, 13, 13],
                     Strain.DIAMONDS: [0, 13, 13, 13], Strain.CLUBS: [0, 13, 13, 13], Strain.NO_TRUMP: [0, 13, 13, 13]}


@pytest.mark.parametrize(("partner", "sides", "spades", "diamonds"), [
    (1, [0, 0, 1, 1], [13, 13, 0, 0], [0, 0, 13, 13]),  # North and East beside each other
    (0, [0, 1, 1, 1], [13, 0, 0, 0], [0, 13, 13, 13]),  # North alone against three
    (2, [0, 1, 0, 1], [13, 0, 13, 0], [13, 0, 13, 0]),  # opposite, as in contract bridge
])
def test_floating_bridge_counts_the_deals_actual_sides_and_the_declarer_leads_in_no_trump(
        partner, sides, spades, diamonds):
    doc = analyse(record("floating", SUIT_EACH, declarer=0, bid="1S", partner=partner))
    assert doc is not None and doc["complete"] and doc["sides"] == sides
    table = table_of(doc)
    assert table[Strain.NO_TRUMP] == [13, 13, 13, 13]  # each declarer leads and runs its suit
    assert table[Strain.SPADES] == spades  # North's side ruffs everything
    assert table[Strain.DIAMONDS] == diamonds  # South's side does
    assert doc["solver"] == "search"


def test_memory_bridge_analyses_the_second_half_the_player_who_does_not_declare_leading():
    hands = (SUIT_EACH[0], SUIT_EACH[1])  # spades, hearts
    doc = analyse(record("memory", hands, declarer=1))
    assert doc is not None and doc["solver"] == "search" and doc["sides"] == [0, 1] and doc["par"] is None
    assert table_of(doc) == {Strain.SPADES: [13, 0], Strain.HEARTS: [0, 13], Strain.NO_TRUMP: [0, 0],
                             Strain.CLUBS: [0, 0], Strain.DIAMONDS: [0, 0]}


def test_a_grand_slam_in_every_strain_makes_par_the_grand_slam_in_no_trump():
    hands = hands_from("AS KS QS JS AH KH QH AD KD QD AC KC QC", "TS 9S 8S 7S JH TH 9H JD TD 9D JC TC 9C",
                       "6S 5S 4S 3S 8H 7H 6H 8D 7D 6D 8C 7C 6C", "2S 5H 4H 3H 2H 5D 4D 3D 2D 5C 4C 3C 2C")
    for vulnerable, score in (({"NS": False, "EW": False}, 1520), ({"NS": True, "EW": False}, 2220)):
        doc = analyse(record("contract", hands, vulnerable=vulnerable))
        assert doc is not None and doc["par"] is not None
        assert doc["par"]["score"] == score and doc["par"]["vulnerable"] == vulnerable
        assert {(c["bid"], c["declarer"], c["doubled"], c["tricks"]) for c in doc["par"]["contracts"]} == {
            ("7NT", 0, None, 13), ("7NT", 2, None, 13)}


# ----- par ------------------------------------------------------------------------------------


#: Every vulnerability (North-South, East-West) and the board of our duplicate scoring that has it.
BOARDS = {(False, False): 1, (True, False): 2, (False, True): 3, (True, True): 4}


def assert_par_is_ddss(table: dict[Strain, list[int]], raw) -> int:
    """Our par of `table` (DDS's `raw` table, as ours counts it) is DDS's `DealerPar` under every
    dealer and vulnerability (`same_par`). Each contract is doubled when it goes down (a
    sacrifice) and made when not, and scores the par score by our duplicate scoring. The number
    of contracts checked."""
    checked = 0
    for dealer in range(4):
        for (ns, ew), board in BOARDS.items():
            vulnerable: VulnerableDoc = {"NS": ns, "EW": ew}
            ours = par(table, vulnerable, dealer)
            assert same_par(ours, dds_par(raw, vulnerable, dealer)), (table, dealer, vulnerable, ours)
            for found in ours["contracts"]:
                call = parse_call(found["bid"])
                assert isinstance(call, Bid) and found["tricks"] == table[call.strain][found["declarer"]]
                goes_down = found["tricks"] < call.level + 6
                assert found["doubled"] == ("X" if goes_down else None)
                doubling = Doubling.DOUBLED if goes_down else Doubling.UNDOUBLED
                contract = Contract(found["declarer"], call, call.level + 6, 8 - call.level, doubling)
                sheet = Sheet(Form.DUPLICATE).entered(contract, found["tricks"], dealer, board=board)
                assert sum(e.points if e.side is Side.NS else -e.points for e in sheet.last) == ours["score"]
                checked += 1
    return checked


def test_par_is_ddss_dealer_par_on_whole_deals_under_every_dealer_and_vulnerability():
    """bench/solver.py compares a thousand deals more."""
    rng = random.Random(26)
    checked = 0
    for _ in range(20):
        hands = random_hands(rng, 13)
        raw = dds_raw(hands)
        checked += assert_par_is_ddss(dds_table(hands, raw), raw)
    assert checked >= 320


def test_par_is_ddss_on_tables_no_deal_may_have_where_every_sacrifice_rule_is_reached():
    """Random tables, any number of tricks in any cell: sacrifices in every strain, the same
    strain bid first by either side, contracts lowered to their floor, passed-out deals."""
    rng = random.Random(31)
    checked = 0
    for n in range(400):
        table = {s: [rng.randrange(14) if n % 2 else min(13, max(0, round(rng.gauss(7, 3)))) for _ in range(4)]
                 for s in STRAINS}
        checked += assert_par_is_ddss(table, dds_raw_of(table))
    assert checked >= 6400


def test_a_deal_no_side_makes_a_contract_on_is_passed_out_at_par():
    table = {s: [6, 6, 6, 6] for s in STRAINS}
    for dealer in range(4):
        assert par(table, {"NS": True, "EW": False}, dealer)["score"] == 0
        assert par(table, {"NS": True, "EW": False}, dealer)["contracts"] == []
        assert dds_par(dds_raw_of(table), {"NS": True, "EW": False}, dealer) == (0, [])


def test_a_contract_is_bid_as_low_as_no_sacrifice_pays_but_not_below_its_game():
    """North-South make 12 tricks in spades, East-West 6 in every strain: nothing is worth a
    sacrifice, and 6S scores more than any game (1430 vulnerable); with 11 tricks 4S+1 scores
    what 5S does, the lowest game."""
    for tricks, bid, score in ((12, "6S", 1430), (11, "4S", 650)):
        table = {s: [tricks if s is Strain.SPADES else 6, 6] * 2 for s in STRAINS}
        found = par(table, {"NS": True, "EW": True}, 0)
        assert found["score"] == score
        assert [(c["bid"], c["declarer"], c["doubled"]) for c in found["contracts"]] == [(bid, 0, None), (bid, 2, None)]


def test_a_record_without_vulnerability_is_vulnerable_by_its_board_or_else_not_at_all():
    hands = random_hands(random.Random(27), 13)
    doc = analyse(record("contract", hands, board=4))
    assert doc is not None and doc["par"] is not None and doc["par"]["vulnerable"] == {"NS": True, "EW": True}
    doc = analyse(record("contract", hands))
    assert doc is not None and doc["par"] is not None and doc["par"]["vulnerable"] == {"NS": False, "EW": False}


def test_tigerbridge_has_a_table_and_no_par():
    doc = analyse(record("tiger", SUIT_EACH, bid="7S"))
    assert doc is not None and doc["solver"] == "search" and doc["par"] is None
    assert table_of(doc)[Strain.SPADES] == [13, 0, 13, 0]


# ----- records --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["contract", "tiger", "memory", "floating"])
def test_a_deal_the_bots_played_is_analysed_from_its_record(variant):
    source = played_record(variant, random.Random(28))
    doc = analyse(source, budget=20_000)
    assert doc is not None
    seats = 2 if variant == "memory" else 4
    assert all(len(row) == seats for row in doc["tricks"].values())
    assert all(t is None or 0 <= t <= 13 for row in doc["tricks"].values() for t in row)
    assert doc["complete"] == all(t is not None for row in doc["tricks"].values() for t in row)
    assert (doc["par"] is not None) == (variant == "contract" and doc["complete"])


def test_a_contract_bridge_table_the_ceiling_cut_short_has_no_par():
    doc = analyse(record("contract", random_hands(random.Random(32), 13)), budget=50)
    assert doc is not None and not doc["complete"] and doc["par"] is None


def test_a_record_that_cannot_be_analysed_has_no_analysis():
    hands = random_hands(random.Random(29), 13)
    assert analyse({**record("floating", hands), "contract": None}) is None
    assert analyse(record("contract", random_hands(random.Random(29), 12))) is None
