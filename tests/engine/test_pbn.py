"""PBN 2.1 export of hand records (SPEC §16, `bridge.pbn`): deals of every variant played through
the engine, exported, and read back with endplay, an independent PBN reader, and against the
standard's text where endplay cannot read what the standard allows; one fixed deal compared with
a hand-written file."""
from __future__ import annotations

import datetime
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Player, Vul
from endplay.types import Card as EndplayCard
from endplay.types.bid import ContractBid, PenaltyBid
from endplay.utils.play import result_to_tricks

from bridge import ALL_BIDS, PASS, Card, Phase, Room, Settings, documents, parse_call
from bridge.pbn import export_pbn

from .conftest import MIXED_DEAL, PLAYERS, Permuting

Record = dict[str, Any]

SETTINGS = {
    "floating": Settings(),
    "contract": Settings(variant="contract", scoring="rubber", deals=0),
    "duplicate": Settings(variant="contract", scoring="duplicate", deals=4),
    "tiger": Settings(variant="tiger", scoring="sets", deals=0),
    "memory": Settings(variant="memory", scoring="target", deals=0),
}
#: Display names by uid: quotes, a backslash; `dan` has none (the uid stands for it).
NAMES = {"ann": 'Lee, Ann "Ace"', "ben": "Ben\\Bot", "cat": "Cat"}
DIRECTIONS = "NESW"
MANDATORY = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal",
             "Scoring", "Declarer", "Contract", "Result"]
#: The sections after the identification section, in the order export format writes them.
SECTIONS = ["Auction", "Play", "VariantAuctionTable"]


# ----- deals played through the engine ----------------------------------------------------------


def finished(kind: str, seed: int, *, calls: Sequence[str] = (), alerts: Mapping[int, str] | None = None,
             cards: Sequence[str] = (), claim_after: int | None = None, claimed: int | None = None,
             deck: Sequence[Sequence[Card]] | None = None) -> Record:
    """The hand record of a deal of `kind` (a key of SETTINGS) played to its end by the people of a
    room: first `calls` (with `alerts` by call index) and `cards`, each by whoever is to act, then
    random legal moves from `seed` (bids a third of the time). Once `claim_after` tricks are done
    the declarer claims `claimed` of the tricks left (random when None) as soon as the rules allow,
    and every opponent accepts. `deck` stacks the deal."""
    rng = random.Random(seed)
    seats = 2 if kind == "memory" else 4
    room = Room.create(PLAYERS[0], "Ann", SETTINGS[kind])
    for uid in PLAYERS[1:seats]:
        room = room.join(uid, uid.title())
    for seat in room.seats:
        room = room.toggle_ready(seat.uid)
    room = room.start(PLAYERS[0], Permuting.dealing(deck) if deck else rng)
    calls, cards, alerts = list(calls), list(cards), alerts or {}
    while room.deal_in_progress:
        deal = room.deal
        contract = deal.contract
        if deal.claim_answerers:
            room = room.answer_claim(deal.players[deal.claim_answerers[0]], True)
            continue
        if claim_after is not None and contract is not None and len(deal.tricks) >= claim_after and not deal.claim:
            tricks = claimed if claimed is not None else rng.randint(0, deal.variant.hand_size - len(deal.tricks))
            if deal.claim_violation(contract.declarer, tricks) is None:
                room = room.claim(deal.players[contract.declarer], tricks)
                continue
        uid = deal.players[deal.actor]
        if deal.phase is Phase.BIDDING:
            legal = deal.legal_bids()
            call = (parse_call(calls.pop(0)) if calls
                    else rng.choice(legal[1:4]) if len(legal) > 1 and rng.random() < 0.3 else PASS)
            room = room.place_bid(uid, call, rng, alerts.get(len(deal.calls)))
        elif deal.phase is Phase.CHOOSING_TEAMMATE:
            room = room.choose_partner(uid, rng.choice(deal.legal_partner_cards()))
        else:
            room = room.play_card(uid, Card.parse(cards.pop(0)) if cards else rng.choice(deal.legal_cards()))
    record = documents.deal_record(room)
    assert record is not None
    return record


def export(*records: Record) -> str:
    return export_pbn(records, NAMES, "Club night", "Online", datetime.date(2025, 3, 14))


#: Deals of every variant: (kind, seed, tricks after which the declarer claims or None).
CASES = [(kind, seed, None) for kind in SETTINGS for seed in (1, 2, 3)] + [
    ("floating", 4, 2), ("contract", 4, 5), ("duplicate", 4, 0), ("tiger", 4, 7), ("memory", 4, 9)]


@pytest.fixture(scope="module")
def played() -> dict[tuple[str, int, int | None], Record]:
    return {case: finished(case[0], case[1], claim_after=case[2]) for case in CASES}


# ----- reading: endplay, and the standard's text itself ------------------------------------------


def games(text: str) -> list[list[str]]:
    """The games of an export-format file: its lines (CRLF) after the two header lines, split at
    the empty lines between games."""
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"] and lines[-1] == ""
    found: list[list[str]] = [[]]
    for line in lines[2:-1]:
        if line:
            found[-1].append(line)
        else:
            found.append([])
    return found


TAG = re.compile(r'\[(\w+) "((?:[^"\\]|\\.)*)"\]')


def unescaped(value: str) -> str:
    """A string token's content as the standard escapes it: `\\"` is a quote, `\\\\` a backslash."""
    return re.sub(r"\\(.)", r"\1", value)


def tags(game: Sequence[str]) -> dict[str, str]:
    """Every tag of a game (each alone on its line, as export format writes it), unescaped."""
    return {m[1]: unescaped(m[2]) for line in game if (m := TAG.fullmatch(line))}


def section(game: Sequence[str], name: str) -> list[list[str]]:
    """The tokens of each line of a game's section `name`: the lines after its tag, to the next tag."""
    start = next(i for i, line in enumerate(game) if line.startswith(f"[{name} "))
    rows = []
    for line in game[start + 1:]:
        if TAG.fullmatch(line):
            break
        rows.append(line.split(" "))
    return rows


def played_in(game: Sequence[str]) -> list[dict[int, str]]:
    """The tricks of a game's Play section read by the standard's rule: each line a trick, its
    columns the players clockwise from the Play tag's; `-` no card; `*` the end. Cards in the
    wire's form (`AS`), by position."""
    leader = DIRECTIONS.index(tags(game)["Play"])
    rows = section(game, "Play")
    assert all(len(row) == 4 for row in rows if row != ["*"]), rows
    return [{(leader + i) % 4: token[1] + token[0] for i, token in enumerate(row) if token != "-"}
            for row in rows if row != ["*"]]


def record_tricks(tricks: Sequence[Mapping[str, Any]]) -> list[dict[int, str]]:
    return [{play["position"]: play["card"] for play in trick["cards"]} for trick in tricks]


def wire_card(card: EndplayCard) -> str:
    return card.rank.abbr + "SHDC"[card.suit]


def wire_call(bid: ContractBid | PenaltyBid) -> str:
    if isinstance(bid, ContractBid):
        return f"{bid.level}{('S', 'H', 'D', 'C', 'NT')[bid.denom]}"
    return {"": "PASS", "x": "X", "xx": "XX"}[bid.penalty.abbr.lower()]


def hands_of(board: Board) -> list[list[str]]:
    return [sorted(wire_card(c) for c in board.deal[Player(p)]) for p in range(4)]


def halves(record: Record) -> list[tuple[list[list[str]], list[Mapping[str, Any]]]]:
    """What each game a record exports to shows: (hands by position, tricks), a Memory Bridge
    record's first half first."""
    first = record["firstHalf"]
    last = ([h["cards"] for h in record["hands"]], record["tricks"])
    return ([([h["cards"] for h in first["hands"]], first["tricks"])] if first else []) + [last]


def first_caller(record: Record) -> int:
    return (record["dealer"] + (record["variant"] in ("floating", "tiger"))) % len(record["players"])


# ----- what endplay reads back --------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=str)
def test_endplay_reads_back_the_board_players_dealer_and_hands_of_every_game(played, case) -> None:
    record = played[case]
    boards = endplay_pbn.loads(export(record))
    assert len(boards) == len(halves(record))
    for board, (hands, _) in zip(boards, halves(record), strict=True):
        assert board.board_num == (record["board"] or record["number"])
        names = [NAMES.get(uid, uid) for uid in record["players"]]
        names += [""] * (4 - len(names))  # Memory Bridge's South and West: nobody
        # endplay keeps a tag value as written: the standard's escapes are undone here.
        assert [unescaped(board.info[d]) for d in ("North", "East", "South", "West")] == names
        assert board.dealer == Player(first_caller(record))
        assert board.vul == Vul.none
        assert hands_of(board) == [sorted(h) for h in hands] + [[]] * (4 - len(hands))


@pytest.mark.parametrize("case", [c for c in CASES if c[0] != "memory"], ids=str)
def test_endplay_reads_back_the_contract_its_declarer_and_the_declarers_tricks(played, case) -> None:
    record = played[case]
    board = endplay_pbn.loads(export(record))[0]
    contract, result = record["contract"], record["result"]
    if contract is None:
        assert result["passedOut"] and board.contract.is_passout() and not board.play
        return
    read = board.contract
    assert read.declarer == Player(contract["declarer"])
    if record["variant"] == "tiger":
        # A TigerBridge contract (5-9 tricks) is no PBN contract: Contract is empty, which endplay
        # reads as a pass-out of level 0; the tricks still read back from Result.
        assert read.level == 0
    else:
        bid = parse_call(contract["bid"])
        assert (read.level, ("S", "H", "D", "C", "NT")[read.denom]) == (bid.level, contract["bid"][1:])
        assert read.penalty.abbr.upper() == (contract["doubled"] or "")
    assert result_to_tricks(read.result, read.level) == result["declarerTricks"]


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in ("floating", "contract", "duplicate")], ids=str)
def test_endplay_reads_back_every_call_from_the_first_caller_and_every_card_in_the_order_played(
        played, case) -> None:
    record = played[case]
    board = endplay_pbn.loads(export(record))[0]
    assert [wire_call(b) for b in board.auction] == [c["bid"] for c in record["bids"]]
    assert [wire_card(c) for c in board.play] == [p["card"] for t in record["tricks"] for p in t["cards"]]
    assert board.claimed == (0 < len(record["tricks"]) < 13)


# ----- what the standard says, checked on the text ----------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=str)
def test_every_game_has_the_15_mandatory_tags_in_order_then_the_supplementary_tags_by_name_then_its_sections(
        played, case) -> None:
    for game in games(export(played[case])):
        names = [m[1] for line in game if (m := TAG.fullmatch(line))]
        assert names[:15] == MANDATORY
        end = next((i for i, name in enumerate(names) if name in SECTIONS), len(names))
        assert names[15:end] == sorted(names[15:end]) and "Variant" in names[15:end]
        sections = [name for name in names if name in SECTIONS]
        assert sections == sorted(sections, key=SECTIONS.index)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_play_section_has_a_column_per_player_from_the_first_card_and_ends_with_a_star_when_cut_short(
        played, case) -> None:
    record = played[case]
    for game, (_, tricks) in zip(games(export(record)), halves(record), strict=True):
        if not tricks:
            assert "Play" not in tags(game)
            continue
        assert tags(game)["Play"] == DIRECTIONS[tricks[0]["leader"]]
        assert played_in(game) == record_tricks(tricks)
        assert (section(game, "Play")[-1] == ["*"]) == (len(tricks) < 13)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_result_is_the_declarers_sides_tricks_claimed_ones_included(played, case) -> None:
    record = played[case]
    game = tags(games(export(record))[-1])
    result = record["result"]
    if record["contract"] is None:
        assert (game["Declarer"], game["Contract"], game["Result"]) == ("", "Pass", "")
        return
    assert game["Result"] == str(result["declarerTricks"])
    claim = record["claim"]
    if claim is not None:
        side = {record["contract"]["declarer"], record["partner"]}
        won = sum(1 for t in record["tricks"] if t["winner"] in side)
        assert result["declarerTricks"] == won + claim["tricks"]


def test_a_file_frames_its_games_with_crlf_lines_one_empty_line_between_them(played) -> None:
    records = list(played.values())
    text = export(*records)
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n[Event ")
    assert text.endswith("\r\n") and not text.endswith("\r\n\r\n")
    assert text.count("\n") == text.count("\r\n") and "\r\n\r\n\r\n" not in text
    assert len(games(text)) == sum(len(halves(r)) for r in records) == text.count("\r\n\r\n") + 1
    assert len(endplay_pbn.loads(text)) == len(games(text))
    assert all(value != "#" for game in games(text) for value in tags(game).values())


def test_an_empty_export_is_the_header_alone() -> None:
    assert export() == "% PBN 2.1\r\n% EXPORT\r\n"


def test_event_site_and_date_head_every_game_and_an_unknown_date_is_question_marks() -> None:
    record = finished("contract", 1)
    game = tags(games(export(record))[0])
    assert (game["Event"], game["Site"], game["Date"]) == ("Club night", "Online", "2025.03.14")
    undated = tags(games(export_pbn([record], NAMES, "E", "S", None))[0])
    assert undated["Date"] == "????.??.??" and undated["Scoring"] == "?"


def test_a_tag_value_escapes_quotes_and_backslashes_prints_no_control_character_and_fits_a_token() -> None:
    record = finished("contract", 2)
    names = {"ann": 'say "hi"\\', "ben": "tab\there\nnewline"}
    game = games(export_pbn([record], names, "x" * 252 + '"', "a" * 300, None))[0]
    assert '[North "say \\"hi\\"\\\\"]' in game and '[East "tab here newline"]' in game
    # A string token is at most 255 characters, its quotes included; an escape is never split.
    assert '[Event "' + "x" * 252 + '"]' in game and '[Site "' + "a" * 253 + '"]' in game


def test_the_board_tag_is_the_records_duplicate_board_else_its_deal_number() -> None:
    record = finished("contract", 3)
    assert record["board"] is None and record["number"] == 1
    for changes, board in [({}, 1), ({"number": 5}, 5), ({"board": 7, "number": 2}, 7)]:
        text = export({**record, **changes})
        assert tags(games(text)[0])["Board"] == str(board) and endplay_pbn.loads(text)[0].board_num == board


def test_the_vulnerable_tag_follows_the_records_vulnerable_sides() -> None:
    record = finished("duplicate", 5)
    for sides, text, vul in [({"NS": False, "EW": False}, "None", Vul.none), ({"NS": True, "EW": False}, "NS", Vul.ns),
                             ({"NS": False, "EW": True}, "EW", Vul.ew), ({"NS": True, "EW": True}, "All", Vul.both),
                             (None, "None", Vul.none)]:
        text_out = export({**record, "vulnerable": sides})
        assert tags(games(text_out)[0])["Vulnerable"] == text
        assert endplay_pbn.loads(text_out)[0].vul == vul


# ----- the variants -------------------------------------------------------------------------------


def test_floating_bridge_names_its_partner_card_and_partner_and_the_declarer_leads_at_no_trump() -> None:
    record = finished("floating", 5, calls=["1NT", "PASS", "PASS", "PASS"])
    text = export(record)
    game = games(text)[0]
    declarer = record["contract"]["declarer"]
    assert tags(game)["PartnerCard"] == record["partnerCard"][1] + record["partnerCard"][0]
    assert tags(game)["Partner"] == DIRECTIONS[record["partner"]]
    assert record["partnerCard"] in record["hands"][record["partner"]]["cards"]
    assert tags(game)["Play"] == tags(game)["Declarer"] == DIRECTIONS[declarer]
    assert tags(game)["Dealer"] == DIRECTIONS[(record["dealer"] + 1) % 4] == tags(game)["Auction"]
    board = endplay_pbn.loads(text)[0]
    assert board.info["PartnerCard"] == tags(game)["PartnerCard"]
    assert [wire_card(c) for c in board.play] == [p["card"] for t in record["tricks"] for p in t["cards"]]


def test_floating_bridges_auction_ended_by_7nt_ends_with_a_star() -> None:
    record = finished("floating", 6, calls=["PASS", "7NT"])
    game = games(export(record))[0]
    assert section(game, "Auction") == [["Pass", "7NT"], ["*"]]
    assert [wire_call(b) for b in endplay_pbn.loads(export(record))[0].auction] == ["PASS", "7NT"]


def test_a_passed_out_duplicate_board_has_contract_pass_its_four_passes_and_no_play() -> None:
    record = finished("duplicate", 7, calls=["PASS"] * 4)
    assert record["result"]["passedOut"] and record["board"] == 1
    game = games(export(record))[0]
    assert section(game, "Auction") == [["Pass"] * 4] and "Play" not in tags(game)
    board = endplay_pbn.loads(export(record))[0]
    assert board.contract.is_passout() and [wire_call(b) for b in board.auction] == ["PASS"] * 4


def test_alerts_are_notes_of_the_auction_one_per_explanation_at_most_32() -> None:
    bids = [str(b) for b in ALL_BIDS[:34]]
    alerts = {i: f"meaning {i}" for i in range(33)} | {33: "meaning 0"}
    record = finished("contract", 8, calls=[*bids, "PASS", "PASS", "PASS"], alerts=alerts)
    game = games(export(record))[0]
    notes = [tags([line])["Note"] for line in game if line.startswith("[Note ")]
    assert notes == [f"{i + 1}:meaning {i}" for i in range(32)]
    tokens = [token for row in section(game, "Auction") for token in row]
    assert tokens[:4] == ["1C", "=1=", "1D", "=2="] and tokens[tokens.index("7D") + 1] == "=32="
    assert tokens[tokens.index("7H") + 1] == "7S"  # the 33rd explanation has no note
    assert tokens[tokens.index("7S") + 1] == "=1="  # the 34th call's explanation is the first's
    board = endplay_pbn.loads(export(record))[0]
    assert [b.announcement for b in board.auction[:35]] == [
        *(f"meaning {i}" for i in range(32)), None, "meaning 0", None]


def test_tigerbridge_keeps_its_calls_in_a_table_and_its_contract_in_a_supplementary_tag() -> None:
    record = finished("tiger", 9, calls=["5NT", "PASS", "8S", "PASS", "9H", "PASS", "PASS", "PASS"])
    text = export(record)
    game = games(text)[0]
    assert (tags(game)["Contract"], tags(game)["VariantContract"], tags(game)["Declarer"]) == (
        "", "9H", DIRECTIONS[record["contract"]["declarer"]])
    assert "Auction" not in tags(game)
    rows = [[DIRECTIONS[c["position"]], "Pass" if c["bid"] == "PASS" else c["bid"]] for c in record["bids"]]
    assert tags(game)["VariantAuctionTable"] == "Caller;Call" and section(game, "VariantAuctionTable") == rows
    assert rows[0] == [tags(game)["Dealer"], "5NT"]
    # endplay reads the table (a PBN 2.1 supplemental section) but not a level-9 call or contract.
    assert endplay_pbn.loads(text)[0].info["VariantAuctionTable"] == {"headers": ["Caller", "Call"], "rows": rows}


def test_memory_bridge_is_two_games_with_two_hands_and_two_card_tricks() -> None:
    record = finished("memory", 10, calls=["1NT", "X", "XX", "PASS"], claim_after=4)
    first, second = games(export(record))
    assert (tags(first)["Half"], tags(second)["Half"]) == ("1", "2")
    assert (tags(first)["Declarer"], tags(first)["Contract"], tags(first)["Result"]) == ("", "", "")
    assert (tags(second)["Contract"], tags(second)["Declarer"]) == ("1NTXX", "N")
    assert tags(first)["Deal"].endswith(" - -") and (tags(first)["South"], tags(first)["West"]) == ("", "")
    assert tags(first)["Play"] == DIRECTIONS[1 - record["dealer"]] == "E"
    assert all(row.count("-") == 2 for row in section(first, "Play"))
    assert section(second, "VariantAuctionTable") == [["N", "1NT"], ["E", "X"], ["N", "XX"], ["E", "Pass"]]
    assert record["claim"] is not None and section(second, "Play")[-1] == ["*"]


# ----- one deal, written out by hand ----------------------------------------------------------------

#: MIXED_DEAL dealt by North (ann) in a rubber: 1D (alerted) Pass 3NT X, Pass Pass XX, three
#: passes; South declares 3NT redoubled, West leads AC and KC, wins both, then DQ to South's AD;
#: South claims 9 of the 10 tricks left and East and West accept: 10 tricks.
FIXED_DEAL = (
    "% PBN 2.1\r\n"
    "% EXPORT\r\n"
    '[Event "Club night"]\r\n'
    '[Site "Online"]\r\n'
    '[Date "2025.03.14"]\r\n'
    '[Board "1"]\r\n'
    '[West "dan"]\r\n'
    '[North "Lee, Ann \\"Ace\\""]\r\n'
    '[East "Ben\\\\Bot"]\r\n'
    '[South "Cat"]\r\n'
    '[Dealer "N"]\r\n'
    '[Vulnerable "None"]\r\n'
    '[Deal "N:AK2.543.5432.432 QJ3.AK6.876.8765 654.QJ7.AK9.QJT9 T987.T982.QJT.AK"]\r\n'
    '[Scoring "?"]\r\n'
    '[Declarer "S"]\r\n'
    '[Contract "3NTXX"]\r\n'
    '[Result "10"]\r\n'
    '[Variant "contract"]\r\n'
    '[Auction "N"]\r\n'
    "1D =1= Pass 3NT X\r\n"
    "Pass Pass XX Pass\r\n"
    "Pass Pass\r\n"
    '[Note "1:could be \\"short\\""]\r\n'
    '[Play "W"]\r\n'
    "CA C2 C5 C9\r\n"
    "CK C3 C6 CT\r\n"
    "DQ D2 D6 DA\r\n"
    "*\r\n"
)


def test_a_fixed_deal_exports_to_exactly_the_hand_written_file() -> None:
    record = finished("contract", 0, deck=MIXED_DEAL,
                      calls=["1D", "PASS", "3NT", "X", "PASS", "PASS", "XX", "PASS", "PASS", "PASS"],
                      alerts={0: 'could be "short"'}, cards="AC 2C 5C 9C KC 3C 6C TC QD 2D 6D AD".split(),
                      claim_after=3, claimed=9)
    assert record["claim"] == {"by": 2, "tricks": 9}
    assert export(record) == FIXED_DEAL
