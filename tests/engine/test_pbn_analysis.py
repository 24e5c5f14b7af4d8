"""The double-dummy table of a PBN game (`bridge.pbn_analysis`): each variant's cells against an
independent oracle — the brute-force minimax on small endings (Floating Bridge's sides, the
partner beside the declarer, opposite or the declarer alone, its trump rule and lead; Memory
Bridge's two hands), DDS through endplay where the rules coincide (contract bridge; Floating
Bridge's no-trump row with the partner opposite) — the table's PBN form, and the deals that
cannot be analysed. Endings are small (at most 5 cards a hand) so the oracle takes milliseconds; one whole
deal is compared with DDS too."""
from __future__ import annotations

import random

import pytest

from bridge import VARIANTS, Card, Strain
from bridge.analysis import STRAINS
from bridge.pbn_analysis import game_lines, solved, table_deal, table_section, variant_for
from bridge.pbn_reader import Game, PbnError

from ..dds import dds_table, pbn_deal
from .test_analysis import random_hands
from .test_double_dummy import oracle

DIRECTIONS = "NESW"


def game(hands, **tags: str) -> Game:
    return Game(1, {"Board": "1", "Deal": pbn_deal(hands), **tags})


def pbn_card(card: Card) -> str:
    return card.suit.letter + card.rank.letter


def table_of(game_: Game, chosen: str | None = None) -> dict[Strain, list[int]]:
    return solved(table_deal(game_, variant_for(game_, VARIANTS[chosen] if chosen else None)))


def floating_oracle(hands, declarer: int, partner: int) -> dict[Strain, list[int]]:
    """Floating Bridge's table by brute force: declarer `p` leads at no trump, the player on its
    left in a suit; trump not led until broken; `p`'s side is the deal's side it is on."""
    side = tuple(p in (declarer, partner) for p in range(4))
    size = len(hands[0])
    table: dict[Strain, list[int]] = {}
    for strain in STRAINS:
        table[strain] = []
        for p in range(4):
            leader = p if strain is Strain.NO_TRUMP else (p + 1) % 4
            tricks = oracle([list(h) for h in hands], leader, strain.trump, side, True, False)
            table[strain].append(tricks if side[p] else size - tricks)
    return table


# ----- the cells ------------------------------------------------------------------------------


def test_a_contract_ending_has_ddss_table():
    """(Two cards a hand at least: DDS gives a one-card ending's trick to both sides.)"""
    rng = random.Random(51)
    for size in (2, 3, 4, 5, 5):
        hands = random_hands(rng, size)
        assert table_of(game(hands)) == dds_table(hands)


def test_a_floating_ending_has_the_table_the_brute_force_oracle_finds_for_the_deals_sides():
    """Sides from the Declarer tag and the PartnerCard's holder: beside the declarer, opposite,
    or the declarer alone (the card in its own hand); the trump rule and the declarer's lead at
    no trump as the oracle plays them."""
    rng = random.Random(52)
    relations = set()
    for size in (3,) * 12 + (4,) * 3:
        hands = random_hands(rng, size)
        declarer, partner = rng.randrange(4), rng.randrange(4)
        relations.add((partner - declarer) % 4)
        card = pbn_card(rng.choice(hands[partner]))
        tags = {"Variant": "floating", "Declarer": DIRECTIONS[declarer], "PartnerCard": card}
        assert table_of(game(hands, **tags)) == floating_oracle(hands, declarer, partner)
    assert relations == {0, 1, 2, 3}


def test_a_floating_no_trump_row_with_the_partner_opposite_is_ddss_the_declarer_leading():
    """DDS's declarer `p - 1` has `p` lead, so `p`'s side takes what that declarer's side does not."""
    rng = random.Random(53)
    for size in (4, 5, 5):
        hands = random_hands(rng, size)
        declarer = rng.randrange(4)
        tags = {"Declarer": DIRECTIONS[declarer], "PartnerCard": pbn_card(hands[(declarer + 2) % 4][0])}
        theirs = dds_table(hands)[Strain.NO_TRUMP]
        assert table_of(game(hands, **tags), "floating")[Strain.NO_TRUMP] == [size - theirs[(p + 3) % 4]
                                                                               for p in range(4)]


def test_a_memory_bridge_deal_has_the_oracles_table_the_player_who_does_not_declare_leading():
    rng = random.Random(54)
    for size in (3, 4, 5):
        hands = random_hands(rng, size, seats=2)
        expected = {}
        for strain in STRAINS:
            north = [oracle([list(h) for h in hands], 1 - p, strain.trump, (True, False), False, False) for p in (0, 1)]
            expected[strain] = [north[0], size - north[1]]
        assert table_of(game(hands, Variant="memory")) == expected


def test_the_variant_is_the_one_named_else_the_games_variant_tag_else_contract_bridge():
    assert variant_for(Game(1, {"Variant": "floating"}), None).name == "floating"
    assert variant_for(Game(1, {"Variant": "floating"}), VARIANTS["contract"]).name == "contract"
    assert variant_for(Game(1, {"Variant": "whist"}), None).name == "contract"
    assert variant_for(Game(1, {}), None).name == "contract"


def test_a_partner_card_already_played_leaves_the_partner_tag_to_name_the_partner():
    hands = random_hands(random.Random(55), 3)
    played = next(card for card in map(Card.parse, ("AS", "KS", "QS", "JS")) if all(card not in h for h in hands))
    deal = table_deal(game(hands, Declarer="S", PartnerCard=pbn_card(played), Partner="W"), VARIANTS["floating"])
    assert deal.side == (False, False, True, True) and deal.must_break
    assert deal.leaders[Strain.NO_TRUMP] == [0, 1, 2, 3] and deal.leaders[Strain.SPADES] == [1, 2, 3, 0]


def test_a_whole_contract_deal_has_ddss_table():
    hands = random_hands(random.Random(56), 13)
    assert table_of(game(hands)) == dds_table(hands)


# ----- the table's form ------------------------------------------------------------------------


def test_the_table_lists_north_south_east_west_each_in_no_trump_then_spades_to_clubs_right_aligned():
    table = {strain: [int(strain) + 5 * p for p in range(4)] for strain in STRAINS}  # NT 4, S 3 ... C 0
    lines = table_section(table)
    assert lines[0] == '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'
    assert lines[1:6] == ["N NT  4", "N  S  3", "N  H  2", "N  D  1", "N  C  0"]
    assert lines[6:11] == ["S NT 14", "S  S 13", "S  H 12", "S  D 11", "S  C 10"]
    assert [line[0] for line in lines[11:]] == ["E"] * 5 + ["W"] * 5 and lines[11] == "E NT  9"
    assert table_section({strain: row[:2] for strain, row in table.items()})[6:] == [
        "E NT  9", "E  S  8", "E  H  7", "E  D  6", "E  C  5"]  # two seats: North and East


def test_a_game_prints_its_tags_but_its_sections_and_tables_then_its_table():
    tags = {"Event": 'A "quoted" \\ event', "Board": "3", "Deal": "N:A... K... Q... J...", "Auction": "N",
            "Note": "1:x", "Play": "E", "ScoreTable": "Score", "OptimumResultTable": "old", "DoubleDummyTricks": "0",
            "Variant": "contract"}
    table = {strain: [0, 1, 0, 1] for strain in STRAINS}
    assert game_lines(Game(1, tags), table) == [
        '[Event "A \\"quoted\\" \\\\ event"]', '[Board "3"]', '[Deal "N:A... K... Q... J..."]', '[Variant "contract"]',
        *table_section(table)]


# ----- deals that cannot be analysed -----------------------------------------------------------

HANDS = random_hands(random.Random(57), 3)
FLOATING = {"Variant": "floating", "Declarer": "N", "PartnerCard": pbn_card(HANDS[1][0])}


@pytest.mark.parametrize(("tags", "message"), [
    ({"Deal": pbn_deal((*HANDS[:3], None))},
     "a contract deal needs a hand for N, E, S, W; the Deal tag has none for W"),
    ({"Deal": pbn_deal((*HANDS[:3], HANDS[3][:2]))},
     "the hands must have as many cards each, 1 to 13; they have N 3, E 3, S 3, W 2"),
    ({"Deal": "N:... ... ... ..."}, "the hands must have as many cards each, 1 to 13; they have N 0, E 0"),
    ({"Variant": "memory"}, "a memory deal has no hand for S, W, but the Deal tag gives one"),
    ({"Variant": "memory", "Deal": "N:{0}.{0}.. ..{0}.{0} - -".format("AKQJT98765432")},
     "the hands must have as many cards each, 1 to 13; they have N 26, E 26"),
    ({**FLOATING, "Declarer": ""}, "a floating deal needs a Declarer tag naming N, E, S or W"),
    ({**FLOATING, "PartnerCard": "S1"}, "a floating deal needs a PartnerCard tag naming a card a hand holds"),
    ({**FLOATING, "Partner": "W"}, f"the PartnerCard {FLOATING['PartnerCard']} is E's, but the Partner tag names W"),
])
def test_a_deal_that_cannot_be_analysed_is_an_error_naming_the_game(tags, message):
    with pytest.raises(PbnError) as error:
        table_of(game(HANDS, **tags))
    assert str(error.value).startswith(f"game 1 (Board 1): {message}")
