"""Contract bridge scoring, cell by cell from seed 004's tables, its worked rubber, and Chicago."""
from __future__ import annotations

import pytest

from bridge.bids import ALL_BIDS, Bid, Doubling, Strain
from bridge.cards import Card
from bridge.contract_scoring import (
    Entry,
    Form,
    Kind,
    Sheet,
    Side,
    SideScore,
    contract_entries,
    honours_entries,
    trick_points,
    undertrick_points,
)
from bridge.deal import Contract

U, X, XX = Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED
NS, EW = Side.NS, Side.EW
C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP

def contract(bid: Bid, doubling: Doubling = Doubling.UNDOUBLED, declarer: int = 0) -> Contract:
    """A contract of contract bridge: the declarer's side needs the level + 6 tricks."""
    return Contract(declarer, bid, bid.level + 6, 8 - bid.level, doubling)


# ---- the seed's tables, restated as data --------------------------------------------------

#: "Score for making the contract": per trick bid and made beyond six.
PER_TRICK = {C: 20, D: 20, H: 30, S: 30}
#: No trumps: 40 for the first trick, 30 for each subsequent one (1NT … 7NT).
NO_TRUMP_CONTRACT = (40, 70, 100, 130, 160, 190, 220)
#: "Slam bonus": (level, vulnerable) -> points.
SLAM = {(6, False): 500, (7, False): 1000, (6, True): 750, (7, True): 1500}
#: "Score per overtrick" when doubled or redoubled: (doubling, vulnerable) -> points each.
DOUBLED_OVERTRICK = {(X, False): 100, (XX, False): 200, (X, True): 200, (XX, True): 400}
#: "Penalty for undertricks", each undertrick in turn (1st, 2nd, 3rd, 4th ...), doubled.
DOUBLED_UNDERTRICK = {False: (100, 200, 200, 300), True: (200, 300, 300, 300)}
UNDOUBLED_UNDERTRICK = {False: 50, True: 100}


def table_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    if doubling is U:
        return UNDOUBLED_UNDERTRICK[vulnerable] * down
    each = DOUBLED_UNDERTRICK[vulnerable]
    doubled = sum(each[min(n, 3)] for n in range(down))
    return doubled * (2 if doubling is XX else 1)


@pytest.mark.parametrize("bid", ALL_BIDS, ids=str)
@pytest.mark.parametrize("doubling", [U, X, XX], ids=["undoubled", "doubled", "redoubled"])
def test_trick_points_are_per_trick_by_strain_doubled_twice_redoubled_four_times(bid: Bid, doubling: Doubling) -> None:
    undoubled = NO_TRUMP_CONTRACT[bid.level - 1] if bid.strain is NT else PER_TRICK[bid.strain] * bid.level
    assert trick_points(bid, doubling) == undoubled * {U: 1, X: 2, XX: 4}[doubling]


@pytest.mark.parametrize("vulnerable", [False, True], ids=["not vulnerable", "vulnerable"])
@pytest.mark.parametrize("doubling", [U, X, XX], ids=["undoubled", "doubled", "redoubled"])
def test_every_undertrick_cell(doubling: Doubling, vulnerable: bool) -> None:
    for down in range(1, 14):
        assert undertrick_points(down, doubling, vulnerable) == table_penalty(down, doubling, vulnerable)


def test_undertrick_totals_known_from_every_scoring_table() -> None:
    assert [undertrick_points(n, X, False) for n in range(1, 8)] == [100, 300, 500, 800, 1100, 1400, 1700]
    assert [undertrick_points(n, X, True) for n in range(1, 8)] == [200, 500, 800, 1100, 1400, 1700, 2000]
    assert [undertrick_points(n, XX, False) for n in range(1, 5)] == [200, 600, 1000, 1600]
    assert [undertrick_points(n, XX, True) for n in range(1, 5)] == [400, 1000, 1600, 2200]


@pytest.mark.parametrize("vulnerable", [False, True], ids=["not vulnerable", "vulnerable"])
@pytest.mark.parametrize("doubling", [U, X, XX], ids=["undoubled", "doubled", "redoubled"])
@pytest.mark.parametrize("bid", ALL_BIDS, ids=str)
def test_a_made_contract_scores_tricks_below_and_overtricks_insult_and_slam_above(
        bid: Bid, doubling: Doubling, vulnerable: bool) -> None:
    for tricks in range(bid.level + 6, 14):
        over = tricks - bid.level - 6
        per_overtrick = PER_TRICK.get(bid.strain, 30) if doubling is U else DOUBLED_OVERTRICK[doubling, vulnerable]
        expected = {
            Kind.CONTRACT: trick_points(bid, doubling),
            Kind.OVERTRICKS: over * per_overtrick,
            Kind.INSULT: {U: 0, X: 50, XX: 100}[doubling],
            Kind.SLAM: SLAM.get((bid.level, vulnerable), 0),
        }
        entries = contract_entries(contract(bid, doubling, declarer=1), tricks, vulnerable)
        assert {e.kind: e.points for e in entries} == {k: v for k, v in expected.items() if v}
        assert all(e.side is EW for e in entries)


@pytest.mark.parametrize("bid", ALL_BIDS, ids=str)
def test_a_defeated_contract_scores_only_the_defenders_undertricks(bid: Bid) -> None:
    for tricks in range(0, bid.level + 6):
        for doubling in (U, X, XX):
            for vulnerable in (False, True):
                entries = contract_entries(contract(bid, doubling, declarer=0), tricks, vulnerable)
                down = bid.level + 6 - tricks
                assert entries == (Entry(EW, Kind.UNDERTRICKS, table_penalty(down, doubling, vulnerable)),)


def test_a_slam_bonus_needs_a_slam_bid_not_twelve_tricks_made() -> None:
    entries = contract_entries(contract(Bid(5, H)), 12, False)
    assert Kind.SLAM not in {e.kind for e in entries}


def hands_with(cards: str, position: int = 0) -> dict[int, list[Card]]:
    return {position: [Card.parse(c) for c in cards.split()]}


@pytest.mark.parametrize(("strain", "cards", "points"), [
    (S, "AS KS QS JS TS", 150),
    (S, "AS KS QS JS 2S", 100),
    (S, "KS QS JS TS 2H", 100),
    (S, "AS KS QS 2S 3S", 0),
    (H, "AS KS QS JS TS", 0),
    (NT, "AS AH AD AC", 150),
    (NT, "AS AH AD KC", 0),
])
def test_honours_five_trumps_150_four_100_four_aces_in_no_trump_150(strain: Strain, cards: str, points: int) -> None:
    entries = honours_entries(strain, hands_with(cards, position=3))
    assert entries == ((Entry(EW, Kind.HONOURS, points),) if points else ())


def test_honours_split_between_partners_score_nothing() -> None:
    hands = {0: [Card.parse(c) for c in "AS KS QS".split()], 2: [Card.parse(c) for c in "JS TS".split()]}
    assert honours_entries(S, hands) == ()


def test_the_known_values() -> None:
    def chicago(deal: int, written: str, tricks: int) -> int:
        sheet = Sheet(Form.CHICAGO, deals=deal - 1)
        bid = Bid(int(written[0]), {"C": C, "D": D, "H": H, "S": S, "N": NT}[written[1]])
        doubling = XX if written.endswith("XX") else X if written.endswith("X") else U
        entries = sheet.entered(contract(bid, doubling), tricks=tricks, dealer=0).last
        return sum(e.points for e in entries if e.side is NS) - sum(e.points for e in entries if e.side is EW)

    assert chicago(1, "3NT", 9) == 400
    assert chicago(4, "3NT", 9) == 600
    assert chicago(1, "4H", 10) == 420
    assert chicago(4, "4H", 10) == 620
    assert chicago(1, "1NTX", 6) == -100
    assert chicago(4, "7NTXX", 13) == 880 + 100 + 1500 + 500


# ---- the seed's worked rubber: WE are NS (position 0 declares), THEY are EW (position 1) ----

WORKED_RUBBER = [
    # (footnote, declarer, contract, tricks, NS above, NS below, EW above, EW below, games NS-EW)
    ("a", 0, (Bid(2, H), U), 10, {Kind.CONTRACT: 60, Kind.OVERTRICKS: 60}, (60, 60, 0, 0), (0, 0)),
    ("b", 1, (Bid(4, S), X), 8, {Kind.UNDERTRICKS: 300}, (360, 60, 0, 0), (0, 0)),
    ("c", 1, (Bid(3, NT), U), 10, {Kind.CONTRACT: 100, Kind.OVERTRICKS: 30}, (360, 0, 30, 0), (0, 1)),
    ("d", 1, (Bid(3, S), U), 9, {Kind.CONTRACT: 90}, (360, 0, 30, 90), (0, 1)),
    ("e", 1, (Bid(2, D), U), 6, {Kind.UNDERTRICKS: 200}, (560, 0, 30, 90), (0, 1)),
    ("f", 0, (Bid(6, H), X), 13,
     {Kind.CONTRACT: 360, Kind.OVERTRICKS: 100, Kind.INSULT: 50, Kind.SLAM: 500}, (1210, 0, 30, 0), (1, 1)),
    ("g", 1, (Bid(1, NT), U), 8, {Kind.CONTRACT: 40, Kind.OVERTRICKS: 30}, (1210, 0, 60, 40), (1, 1)),
    ("h", 0, (Bid(3, C), U), 9, {Kind.CONTRACT: 60}, (1210, 60, 60, 40), (1, 1)),
    ("i", 1, (Bid(3, H), U), 9, {Kind.CONTRACT: 90, Kind.RUBBER: 500}, (1210, 0, 560, 0), (1, 2)),
]


def test_the_seeds_worked_rubber_deal_by_deal_to_1690_and_880() -> None:
    sheet = Sheet(Form.RUBBER)
    for footnote, declarer, (bid, doubling), tricks, points, columns, games in WORKED_RUBBER:
        assert not sheet.is_over, footnote
        sheet = sheet.entered(contract(bid, doubling, declarer), tricks, dealer=0)
        entries = sheet.last
        assert {e.kind: e.points for e in entries} == points, footnote
        assert (sheet.ns.above, sheet.ns.below, sheet.ew.above, sheet.ew.below) == columns, footnote
        assert (sheet.ns.games, sheet.ew.games) == games, footnote
    assert (sheet.ns.total, sheet.ew.total) == (1690, 880)
    assert sheet.is_over and sheet.unfinished() == ()


def test_a_side_with_a_game_is_vulnerable_in_a_rubber() -> None:
    sheet = Sheet(Form.RUBBER).entered(contract(Bid(4, S), declarer=2), tricks=10, dealer=0)
    _ = sheet.last
    assert sheet.vulnerable(NS, dealer=1) and not sheet.vulnerable(EW, dealer=1)
    entries = sheet.entered(contract(Bid(2, C), declarer=0), tricks=7, dealer=1).last
    assert entries == (Entry(EW, Kind.UNDERTRICKS, 100),)


def test_a_rubber_won_two_games_to_none_scores_700() -> None:
    sheet = Sheet(Form.RUBBER)
    for _ in range(2):
        sheet = sheet.entered(contract(Bid(3, NT), declarer=1), tricks=9, dealer=0)
        entries = sheet.last
    assert Entry(EW, Kind.RUBBER, 700) in entries
    assert sheet.is_over and sheet.ew.total == 100 + 100 + 700


def test_an_unfinished_rubber_gives_300_for_a_game_and_100_for_a_part_score() -> None:
    sheet = Sheet(Form.RUBBER).entered(contract(Bid(4, H), declarer=0), tricks=10, dealer=0)
    _ = sheet.last
    sheet = sheet.entered(contract(Bid(2, S), declarer=0), tricks=8, dealer=1)
    _ = sheet.last
    sheet = sheet.entered(contract(Bid(1, C), declarer=1), tricks=7, dealer=2)
    _ = sheet.last
    assert sheet.unfinished() == (Entry(NS, Kind.UNFINISHED, 300), Entry(NS, Kind.UNFINISHED, 100),
                                  Entry(EW, Kind.UNFINISHED, 100))


def test_chicago_vulnerability_none_then_the_dealers_side_twice_then_both() -> None:
    expected = {1: (False, False), 2: (False, True), 3: (True, False), 4: (True, True)}
    for number, (ns, ew) in expected.items():
        dealer = number - 1  # positions 0, 1, 2, 3 deal the four deals
        sheet = Sheet(Form.CHICAGO, deals=number - 1)
        assert (sheet.vulnerable(NS, dealer), sheet.vulnerable(EW, dealer)) == (ns, ew), number


def test_chicago_part_scores_carry_until_a_game_which_scores_at_once_and_wipes_both() -> None:
    sheet = Sheet(Form.CHICAGO)
    sheet = sheet.entered(contract(Bid(2, S), declarer=0), tricks=8, dealer=0)  # NS 60 below
    entries = sheet.last
    sheet = sheet.entered(contract(Bid(2, D), declarer=1), tricks=8, dealer=1)  # EW 40 below
    entries = sheet.last
    assert (sheet.ns.below, sheet.ew.below) == (60, 40)
    sheet = sheet.entered(contract(Bid(2, H), declarer=2), tricks=8, dealer=2)  # NS vulnerable
    entries = sheet.last
    assert Entry(NS, Kind.GAME, 500) in entries
    assert (sheet.ns.below, sheet.ew.below, sheet.ns.games) == (0, 0, 1)
    assert sheet.ns.total == 60 + 60 + 500


def test_chicago_a_part_score_on_the_fourth_deal_scores_100_unless_it_makes_a_game() -> None:
    fourth = Sheet(Form.CHICAGO, deals=3)
    entries = fourth.entered(contract(Bid(2, C), declarer=3), tricks=8, dealer=3).last
    assert entries == (Entry(EW, Kind.CONTRACT, 40), Entry(EW, Kind.PART_SCORE, 100))
    carried = Sheet(Form.CHICAGO, deals=3, ew=SideScore(below=70, total=70))
    sheet = carried.entered(contract(Bid(2, C), declarer=3), tricks=8, dealer=3)
    entries = sheet.last
    assert entries == (Entry(EW, Kind.CONTRACT, 40), Entry(EW, Kind.GAME, 500))
    assert sheet.is_over


def test_chicago_a_defeated_contract_on_the_fourth_deal_scores_no_part_score() -> None:
    entries = Sheet(Form.CHICAGO, deals=3).entered(contract(Bid(2, C), declarer=3), tricks=7, dealer=3).last
    assert entries == (Entry(NS, Kind.UNDERTRICKS, 100),)


def test_honours_count_above_the_line_for_the_side_that_held_them() -> None:
    honours = honours_entries(S, hands_with("AS KS QS JS", position=1))
    sheet = Sheet(Form.RUBBER).entered(contract(Bid(4, S), declarer=0), tricks=10, dealer=0, honours=honours)
    entries = sheet.last
    assert Entry(EW, Kind.HONOURS, 100) in entries
    assert (sheet.ew.above, sheet.ew.below, sheet.ns.games) == (100, 0, 1)


def test_contracts_are_written_with_their_doubling() -> None:
    assert [str(contract(Bid(4, S), d)) for d in (U, X, XX)] == ["4S", "4SX", "4SXX"]
    assert [Side.of(p) for p in range(4)] == [NS, EW, NS, EW]
