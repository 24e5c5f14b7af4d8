"""Reading PBN files (`bridge.pbn_reader`): a hand-written import-format file with every construct
the standard allows, our own export of every variant read back (tags as a plain line-by-line
reading of export format finds them, hands as the records hold them), the Deal tag, and bad input
as errors naming the line or the game."""
from __future__ import annotations

import pytest

from bridge import Card
from bridge.pbn_reader import Game, PbnError, hands_of, parse_pbn_card, read_games

from .conftest import cards
from .test_pbn import CASES, export, finished, games, tags

IMPORT_FORMAT = r"""% PBN 2.1
% IMPORT
%Creator: a hand
{ A comment before the first game,

  with an empty line in it }
[Event "Club \"night\" \\ two"] ; a comment to the end of the line
[Site
   "Online"]  [Board "7"]
[Deal "E:AK.Q.. - .AK.Q2. Q3.J2.."]
[Auction "E"]
1NT { an explanation: [not a tag] } Pass $1 =1= Pass
AP
[Note "1:strong"]
[Play "S"]
SA - HQ -
*
[ScoreTable "Names\10L;Score\4R"]
"Lee, [Ann]; \"Ace\"" 100
[Board "8"]

[Event "#"]
[Board "9"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT  9
"""


def test_a_file_in_import_format_reads_as_its_games_tags_in_order_unescaped_sections_read_past():
    first, second = read_games(IMPORT_FORMAT)
    assert first == Game(1, {"Event": 'Club "night" \\ two', "Site": "Online", "Board": "7",
                             "Deal": "E:AK.Q.. - .AK.Q2. Q3.J2..", "Auction": "E", "Note": "1:strong",
                             "Play": "S", "ScoreTable": "Names\\10L;Score\\4R"})
    assert list(first.tags) == ["Event", "Site", "Board", "Deal", "Auction", "Note", "Play", "ScoreTable"]
    # `#` inherits the game before's Event; a table's column formats keep their backslashes.
    assert second == Game(2, {"Event": 'Club "night" \\ two', "Board": "9",
                              "OptimumResultTable": "Declarer;Denomination\\2R;Result\\2R"})
    assert str(first) == "game 1 (Board 7)" and str(Game(3, {"Event": "x"})) == "game 3"


def test_the_deal_tag_gives_each_direction_its_hand_clockwise_from_the_first_none_where_not_given():
    game = read_games(IMPORT_FORMAT)[0]
    assert hands_of(game) == (tuple(sorted(cards("QS 3S JH 2H"))), tuple(sorted(cards("AS KS QH"))), None,
                              tuple(sorted(cards("AH KH QD 2D"))))
    lower = Game(1, {"Deal": "w:akqjt98765432... - - -"})
    assert hands_of(lower)[3] == tuple(sorted(cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")))


@pytest.mark.parametrize("case", CASES)
def test_our_export_of_every_variant_reads_back_with_its_tags_and_the_records_hands(case):
    record = finished(case[0], case[1], claim_after=case[2])
    text = export(record)
    read = read_games(text)
    exported = games(text)
    assert [game.tags for game in read] == [tags(lines) for lines in exported]
    halves = ([record["firstHalf"]["hands"]] if record["firstHalf"] else []) + [record["hands"]]
    for game, hands in zip(read, halves, strict=True):
        expected = [tuple(sorted(Card.parse(c) for c in hand["cards"])) for hand in hands]
        assert hands_of(game) == (*expected, *[None] * (4 - len(expected)))


def test_a_tag_a_game_already_has_keeps_its_first_value():
    (game,) = read_games('[Board "1"]\n[Board "2"]\n')
    assert game.tags == {"Board": "1"}


@pytest.mark.parametrize(("text", "message"), [
    ('[Event "x"]\n{ never closed\n', "line 2: a comment opened with { is never closed"),
    ('[Event "x"]\n[Board 7]\n', 'line 2: a tag pair is not of the form [Name "value"]'),
    ('[Event "x\n"]\n', 'line 1: a tag pair is not of the form [Name "value"]'),
    ('[Event "x"]\n[Play "N"]\n"SA\n', "line 3: a string is not closed on its line"),
    ('[Board "1"]\n[Event "#"]\n', 'game 1 (Board 1): [Event "#"] inherits a value, but the game before has none'),
])
def test_a_file_that_is_not_pbn_is_an_error_naming_the_line_or_the_game(text, message):
    with pytest.raises(PbnError) as error:
        read_games(text)
    assert str(error.value) == message


@pytest.mark.parametrize(("deal", "message"), [
    (None, "it has no Deal tag"),
    ("N:AK.Q.. .AK.Q2. Q3.J2..", 'the Deal tag "N:AK.Q.. .AK.Q2. Q3.J2.." is not a direction, a colon and four hands'),
    ("X:- - - -", 'the Deal tag "X:- - - -" is not a direction'),
    ("N:AK.Q..1 - - -", 'the hand "AK.Q..1" of the Deal tag is not four suits of ranks AKQJT98765432'),
    ("N:AK.Q... - - -", 'the hand "AK.Q..." of the Deal tag is not four suits'),
    ("N:AK.Q.. - K... -", "the Deal tag deals SK twice"),
    ("N:AKA.Q.. - - -", "the Deal tag deals SA twice"),
])
def test_a_deal_tag_that_is_not_four_hands_of_distinct_cards_is_an_error_naming_the_game(deal, message):
    game = Game(4, {"Board": "12"} | ({"Deal": deal} if deal else {}))
    with pytest.raises(PbnError) as error:
        hands_of(game)
    assert str(error.value).startswith(f"game 4 (Board 12): {message}")


def test_a_pbn_card_is_its_suit_then_its_rank():
    assert parse_pbn_card("SA") == Card.parse("AS") and parse_pbn_card("ht") == Card.parse("TH")
    assert parse_pbn_card("AS") is None and parse_pbn_card("") is None and parse_pbn_card("S10") is None
