"""Reading PBN 2.1 files (import format, which export format is a case of): each game's tags and
its deal. Pure: text in, values out; what is wrong with a file is a `PbnError` naming the line or
the game. The writing side is `pbn.py`.

What is read, per the standard:
- A line whose first character is `%` is an escape line, read as nothing. An empty line (or one
  of blanks) ends a game; so does the end of the file. A game is what lies between: it counts
  if it has at least one tag pair, and games are numbered from 1 in the file's order.
- `;` starts a comment to the end of its line, `{` one to the next `}` (across lines, empty ones
  too: they end no game inside a comment).
- A tag pair is `[Name "value"]`, blanks allowed around its tokens, on one line or more; in the
  value `\\"` is a quote and `\\\\` a backslash (any other backslash is itself: the column
  formats of a table, `Result\\2R`). A tag a game already has is ignored (its first value
  counts). The value `#` is the same tag's value in the game before (tag value inheritance).
- Everything else (the calls of an Auction section, the cards of a Play section, the rows of a
  table, numeric annotations) is the data of the section its last tag pair opened: read past,
  strings included, and not kept.

The Deal tag (`hands_of`): `D:hand hand hand hand`, the hands clockwise from direction `D`
(`N`, `E`, `S`, `W`), each `spades.hearts.diamonds.clubs` with ranks `AKQJT98765432` (either
case), `-` for a hand not given. A card dealt twice, a rank or direction PBN does not have, or
other than four hands is an error.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card
from .pbn import DIRECTIONS, RANK_ORDER, SEATS, SUIT_ORDER, pbn_card

#: A tag pair at the reading position: its name and its string's content, still escaped.
_TAG_PAIR = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
#: A string token (in a section's data).
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
#: Any other token of a section's data: up to a blank or a character that starts something else.
_SYMBOL = re.compile(r'[^\s\[\]{};"]+|[^\s{;"\[]')
#: The Deal tag's value: the first hand's direction, then the hands.
_DEAL = re.compile(r"\s*([NESW])\s*:(.*)", re.IGNORECASE | re.DOTALL)
#: The value that inherits the game before's.
INHERIT = "#"


class PbnError(ValueError):
    """What is wrong with a PBN file or one of its games; the message says where."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a PBN file: its place in the file (`number`, from 1) and its tags by name, in
    the order they first occur, values unescaped and inherited values filled in."""

    number: int
    tags: Mapping[str, str]

    def __str__(self) -> str:
        """How a message names the game: `game 3 (Board 7)`, or `game 3` without a Board tag."""
        board = self.tags.get("Board", "")
        return f"game {self.number}" + (f" (Board {board})" if board.strip() else "")


def read_games(text: str) -> list[Game]:
    """The games of a PBN file's text, as the module docstring reads them."""
    games: list[Game] = []
    tags: dict[str, str] = {}

    def end_game() -> None:
        if tags:
            games.append(_inherited(len(games) + 1, dict(tags), games[-1] if games else None))
            tags.clear()

    position, size, line_start = 0, len(text), True
    while position < size:
        if line_start:
            end = _line_end(text, position)
            if text.startswith("%", position) or not text[position:end].strip():
                if not text.startswith("%", position):
                    end_game()
                position = end + 1
                continue
            line_start = False
        char = text[position]
        if char == "\n":
            line_start, position = True, position + 1
        elif char.isspace():
            position += 1
        elif char == ";":
            position = _line_end(text, position)
        elif char == "{":
            close = text.find("}", position)
            if close < 0:
                raise PbnError(f"line {_line(text, position)}: a comment opened with {{ is never closed")
            position = close + 1
        elif char == "[":
            pair = _TAG_PAIR.match(text, position)
            if pair is None:
                raise PbnError(f'line {_line(text, position)}: a tag pair is not of the form [Name "value"]')
            tags.setdefault(pair[1], re.sub(r'\\([\\"])', r"\1", pair[2]))
            position = pair.end()
        else:
            token = (_STRING if char == '"' else _SYMBOL).match(text, position)
            if token is None:
                raise PbnError(f"line {_line(text, position)}: a string is not closed on its line")
            position = token.end()
    end_game()
    return games


def _inherited(number: int, tags: dict[str, str], before: Game | None) -> Game:
    """Game `number` with each `#` value replaced by the game before's value of that tag."""
    for name, value in tags.items():
        if value == INHERIT:
            if before is None or name not in before.tags:
                raise PbnError(f'{Game(number, tags)}: [{name} "#"] inherits a value, but the game before has none')
            tags[name] = before.tags[name]
    return Game(number, tags)


def _line_end(text: str, position: int) -> int:
    end = text.find("\n", position)
    return len(text) if end < 0 else end


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def hands_of(game: Game) -> tuple[tuple[Card, ...] | None, ...]:
    """The hands of `game`'s Deal tag by position (0 North, 1 East, 2 South, 3 West), each sorted
    as the engine sorts a hand; None for a hand the tag does not give (`-`)."""
    value = game.tags.get("Deal")
    if value is None:
        raise PbnError(f"{game}: it has no Deal tag")
    deal = _DEAL.fullmatch(value)
    texts = deal[2].split() if deal else []
    if deal is None or len(texts) != SEATS:
        raise PbnError(f'{game}: the Deal tag "{value}" is not a direction, a colon and four hands '
                       "(- for one not given)")
    first = DIRECTIONS.index(deal[1].upper())
    hands: list[tuple[Card, ...] | None] = [None] * SEATS
    seen: set[Card] = set()
    for offset, text in enumerate(texts):
        if text == "-":
            continue
        hand = _hand(game, text)
        for card in hand:
            if card in seen:
                raise PbnError(f"{game}: the Deal tag deals {pbn_card(str(card))} twice")
            seen.add(card)
        hands[(first + offset) % SEATS] = tuple(sorted(hand))
    return tuple(hands)


def _hand(game: Game, text: str) -> list[Card]:
    """A hand of the Deal tag: four suits, spades first, separated by dots."""
    suits = text.upper().split(".")
    if len(suits) != len(SUIT_ORDER) or any(rank not in RANK_ORDER for suit in suits for rank in suit):
        raise PbnError(f'{game}: the hand "{text}" of the Deal tag is not four suits of ranks '
                       f"{RANK_ORDER} separated by dots")
    return [Card.parse(rank + suit) for suit, ranks in zip(SUIT_ORDER, suits, strict=True) for rank in ranks]


def parse_pbn_card(text: str) -> Card | None:
    """The card PBN writes `text` (suit then rank: `SA`, `HT`; either case), None if it is none."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in SUIT_ORDER or text[1] not in RANK_ORDER:
        return None
    return Card.parse(text[1] + text[0])  # the wire's form: rank then suit
