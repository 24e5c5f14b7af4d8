"""The double-dummy table of each deal of a PBN file, written back as PBN 2.1 (what
`scripts/analyse` prints). Pure: games in (`pbn_reader`), lines out; the search is
`analysis.searched_table`, exact (no budget: every cell a number).

The deal of a game (`table_deal`) is its Deal tag's hands, read by the rules of a variant of ours
(`variant_for`: the one the command names, else the one the game's `Variant` tag names, as our
export writes it, else contract bridge):
- The variant's seats must all have a hand and no other seat may (Memory Bridge: North and East,
  positions 0 and 1, as our export writes it), with as many cards in each, 1 to 13: a deal of
  fewer than 13 cards a hand is an ending, every trick before it gone and trump not broken.
- Sides: fixed pairs (North-South against East-West; TigerBridge's too), or each player alone
  (Memory Bridge), or in Floating Bridge the declarer the Declarer tag names and the holder of
  the card the PartnerCard tag names (the same player for a declarer alone) against the others;
  where no hand holds the partner card (an ending after it was played) the partner is the
  direction the Partner tag names. A Partner tag that names another player than the card's
  holder is an error, and so is a Floating Bridge deal with no Declarer or no partner.
- The cell of declarer `p` and strain `S` is the tricks `p`'s side takes with `S` trump when
  `p` declares: the player on `p`'s left leads, except at no trump in a variant where the
  declarer leads (Floating Bridge: `p` leads); trump may not be led until broken where the
  variant says so (Floating Bridge), unless the leader holds only trump.

The table (`table_section`) is the supplemental section `OptimumResultTable` with the columns
`Declarer;Denomination\\2R;Result\\2R`, one row per declarer and strain: declarers North, South,
East, West (those the variant has), each with NT, S, H, D, C, the order of the tables Bridge
Composer and BBO's extractor write; the two last columns at least two characters wide,
aligned right, as the column formats say (`N NT  9`, `N  S 10`). A game is printed as its tags
(`game_lines`), those of its Auction and Play sections (`Auction`, `Play`, `Note`) and of its
tables (every tag named `...Table`) left out with their data, and `DoubleDummyTricks`, another
program's short form of a table, left out too: the table printed is ours.
"""
from __future__ import annotations

from dataclasses import dataclass

from .analysis import Hands, Table, opening_leaders, searched_table
from .bids import Strain
from .pbn import DIRECTIONS, tag_pair
from .pbn_reader import Game, PbnError, hands_of, parse_pbn_card
from .variant import Variant
from .variants import VARIANTS

#: The table's tag pair: its column formats as the standard writes them (a backslash that escapes
#: nothing, so not doubled).
TABLE_TAG = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'
#: Declarers in the table's order (positions: North, South, East, West), and strains.
DECLARER_ORDER = (0, 2, 1, 3)
STRAIN_ORDER = (Strain.NO_TRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
#: Tags not printed (and every tag named `...Table`): the Auction and Play sections' (their data is
#: not printed), and another program's short form of a table (ours is printed).
LEFT_OUT_TAGS = frozenset({"Auction", "Play", "Note", "DoubleDummyTricks"})
#: The variant of a game that names none.
DEFAULT_VARIANT = "contract"


@dataclass(frozen=True, slots=True)
class TableDeal:
    """What a game's table is searched from: the hands by position, the side of the deal's
    declarer (by position; the table gives each declarer its own side's tricks), whether trump
    must be broken, and by strain the leader for each declarer position."""

    hands: Hands
    side: tuple[bool, ...]
    must_break: bool
    leaders: dict[Strain, list[int]]


def variant_for(game: Game, chosen: Variant | None) -> Variant:
    """The variant `game` is analysed by: `chosen`, else the one its `Variant` tag names, else
    contract bridge."""
    return chosen or VARIANTS.get(game.tags.get("Variant", ""), VARIANTS[DEFAULT_VARIANT])


def table_deal(game: Game, variant: Variant) -> TableDeal:
    """`game`'s deal under `variant`'s rules (the module docstring); `PbnError` if it has none."""
    given = hands_of(game)
    seats = range(variant.seats)
    if missing := [DIRECTIONS[p] for p in seats if given[p] is None]:
        raise PbnError(f"{game}: a {variant.name} deal needs a hand for {', '.join(DIRECTIONS[:variant.seats])}; "
                       f"the Deal tag has none for {', '.join(missing)}")
    if extra := [DIRECTIONS[p] for p in range(variant.seats, len(given)) if given[p] is not None]:
        raise PbnError(f"{game}: a {variant.name} deal has no hand for {', '.join(extra)}, but the Deal tag gives one")
    hands = tuple(hand for hand in given[:variant.seats] if hand is not None)
    if len({len(hand) for hand in hands}) > 1 or not 1 <= len(hands[0]) <= variant.hand_size:
        sizes = ", ".join(f"{DIRECTIONS[p]} {len(hand)}" for p, hand in enumerate(hands))
        raise PbnError(f"{game}: the hands must have as many cards each, 1 to {variant.hand_size}; they have {sizes}")
    sides = _sides(game, variant, hands)
    return TableDeal(hands, tuple(side == 0 for side in sides), variant.play.trump_must_be_broken,
                     opening_leaders(variant))


def _sides(game: Game, variant: Variant, hands: Hands) -> tuple[int, ...]:
    """The table's sides by the variant's (`SidesRule.table_sides`): fixed sides whatever the
    tags say; sides of the deal's own (Floating Bridge) from its declarer and partner, named by
    the tags (the module docstring)."""
    declarer = _direction(game, "Declarer")
    card = parse_pbn_card(game.tags.get("PartnerCard", ""))
    holder = next((p for p, hand in enumerate(hands) if card in hand), None)
    named = _direction(game, "Partner")
    if holder is not None and named is not None and holder != named:
        raise PbnError(f"{game}: the PartnerCard {game.tags['PartnerCard']} is {DIRECTIONS[holder]}'s, "
                       f"but the Partner tag names {DIRECTIONS[named]}")
    sides = variant.sides.table_sides(variant.seats, declarer, holder if holder is not None else named)
    if sides is not None:
        return sides
    if declarer is None:
        raise PbnError(f"{game}: a {variant.name} deal needs a Declarer tag naming N, E, S or W")
    raise PbnError(f"{game}: a {variant.name} deal needs a PartnerCard tag naming a card a hand holds, "
                   "or a Partner tag naming N, E, S or W")


def _direction(game: Game, tag: str) -> int | None:
    """The position a tag's value names (`N`, `E`, `S`, `W`), None if it names none."""
    value = game.tags.get(tag, "").strip().upper()
    return DIRECTIONS.index(value) if len(value) == 1 and value in DIRECTIONS else None


def solved(deal: TableDeal) -> dict[Strain, list[int]]:
    """`deal`'s table by our search, exact: by strain, the tricks of each declarer position's side."""
    table: Table = searched_table(deal.hands, deal.side, deal.must_break, deal.leaders)
    return {strain: [_known(tricks) for tricks in row] for strain, row in table.items()}


def _known(tricks: int | None) -> int:
    assert tricks is not None  # no budget: every search finishes
    return tricks


def table_section(table: dict[Strain, list[int]]) -> list[str]:
    """The OptimumResultTable section of `table` (the module docstring gives its order and form)."""
    seats = len(table[Strain.NO_TRUMP])
    rows = [f"{DIRECTIONS[p]} {strain.code:>2} {table[strain][p]:>2}"
            for p in DECLARER_ORDER if p < seats for strain in STRAIN_ORDER]
    return [TABLE_TAG, *rows]


def game_lines(game: Game, table: dict[Strain, list[int]]) -> list[str]:
    """`game` as printed: its tags but those of its sections (the module docstring), then its table."""
    return [*(tag_pair(name, value) for name, value in game.tags.items()
              if name not in LEFT_OUT_TAGS and not name.endswith("Table")), *table_section(table)]
