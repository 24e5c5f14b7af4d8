"""`scripts/analyse`, the command players run on a PBN file, run as a subprocess on files the tests
write: its output read back with endplay's PBN reader (an independent one) and each table against
an oracle (DDS, the brute-force minimax, or the reasoning of a deal where each hand is a whole
suit); our own export of Floating Bridge deals, whose sides come from its tags; bad input; the
timings of --stats."""
from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path

from endplay.parsers import pbn as endplay_pbn

from bridge import Strain
from bridge.analysis import STRAINS

from ..dds import dds_table, pbn_deal
from .test_analysis import SUIT_EACH, random_hands
from .test_double_dummy import oracle
from .test_pbn import SECTIONS, export, finished, games, tags
from .test_pbn_analysis import floating_oracle, pbn_card

COMMAND = Path(__file__).parents[2] / "scripts" / "analyse"
DIRECTIONS = "NESW"
STRAIN_CODES = {"NT": Strain.NO_TRUMP, "S": Strain.SPADES, "H": Strain.HEARTS, "D": Strain.DIAMONDS, "C": Strain.CLUBS}


def analyse(path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(COMMAND), *options, str(path)], capture_output=True, text=True, timeout=600)


def written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deals.pbn"
    path.write_text(text, encoding="utf-8")
    return path


def tables(output: str) -> list[dict[Strain, list[int]]]:
    """Each game's OptimumResultTable as endplay reads the output: by strain, by declarer position."""
    found = []
    for board in endplay_pbn.loads(output):
        section = board.info["OptimumResultTable"]
        assert [column if isinstance(column, str) else (column["name"], column["minwidth"], column["alignment"])
                for column in section["headers"]] == ["Declarer", ("Denomination", "2", "R"), ("Result", "2", "R")]
        rows = section["rows"]
        seats = len(rows) // 5
        assert [row[:2] for row in rows] == [[d, s] for d in "NSEW" if DIRECTIONS.index(d) < seats
                                             for s in ("NT", "S", "H", "D", "C")]
        table: dict[Strain, list[int]] = {strain: [0] * seats for strain in STRAINS}
        for declarer, strain, tricks in rows:
            table[STRAIN_CODES[strain]][DIRECTIONS.index(declarer)] = int(tricks)
        found.append(table)
    return found


TABLE_TAG = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]'


def printed_tags(output: str) -> list[dict[str, str]]:
    """The tags each game of the output prints before its table: its lines after `% PBN 2.1`,
    split at empty lines, each game's table at its end."""
    lines = output.split("\n")
    assert lines[0] == "% PBN 2.1" and lines[-1] == ""
    printed = [game.split("\n") for game in "\n".join(lines[1:-1]).split("\n\n")]
    assert all(len(game) - game.index(TABLE_TAG) - 1 in (10, 20) for game in printed)  # the rows (`tables`)
    return [tags(game[:game.index(TABLE_TAG)]) for game in printed]


def test_each_deal_of_a_file_prints_its_tags_and_the_table_the_oracles_find(tmp_path):
    rng = random.Random(61)
    contract, adjacent, alone = random_hands(rng, 4), random_hands(rng, 3), random_hands(rng, 3)
    memory = random_hands(rng, 4, seats=2)
    text = (f'% PBN 2.1\n[Event "Endings"]\n[Board "1"]\n[Deal "{pbn_deal(contract)}"]\n\n'
            f'[Event "#"]\n[Board "2"]\n[Variant "floating"]\n[Declarer "E"]\n'
            f'[PartnerCard "{pbn_card(adjacent[2][1])}"]\n[Deal "{pbn_deal(adjacent)}"]\n\n'
            f'[Board "3"]\n[Variant "floating"]\n[Declarer "W"]\n[PartnerCard "{pbn_card(alone[3][0])}"]\n'
            f'[Deal "{pbn_deal(alone)}"]\n\n'
            f'[Board "4"]\n[Variant "memory"]\n[Deal "{pbn_deal(memory)}"]\n')
    run = analyse(written(tmp_path, text))
    assert run.returncode == 0 and run.stderr == ""
    expected_memory = {strain: [oracle([list(h) for h in memory], 1, strain.trump, (True, False), False, False),
                                4 - oracle([list(h) for h in memory], 0, strain.trump, (True, False), False, False)]
                       for strain in STRAINS}
    assert tables(run.stdout) == [dds_table(contract), floating_oracle(adjacent, 1, 2), floating_oracle(alone, 3, 3),
                                  expected_memory]
    assert printed_tags(run.stdout)[:2] == [
        {"Event": "Endings", "Board": "1", "Deal": pbn_deal(contract)},
        {"Event": "Endings", "Board": "2", "Variant": "floating", "Declarer": "E",
         "PartnerCard": pbn_card(adjacent[2][1]), "Deal": pbn_deal(adjacent)}]


def test_our_export_of_floating_bridge_deals_is_analysed_with_the_sides_its_tags_give(tmp_path):
    """Each hand a whole suit (North spades, East hearts, South diamonds, West clubs): at no trump
    each declarer leads its suit and takes every trick; in a suit its holder's side takes every
    trick (it ruffs all else, and may lead trump, holding nothing else). Partners beside the
    declarer on either hand, and opposite."""
    records = [finished("floating", seed, deck=SUIT_EACH) for seed in (1, 4, 7)]
    assert [(r["partner"] - r["contract"]["declarer"]) % 4 for r in records] == [3, 1, 2]
    text = export(*records)
    path = written(tmp_path, text)
    for options in ((), ("--variant", "floating")):
        run = analyse(path, *options)
        assert run.returncode == 0 and run.stderr == ""
        expected = []
        for record in records:
            sides = {record["contract"]["declarer"], record["partner"]}
            expected.append({strain: [13 if strain is Strain.NO_TRUMP or (p in sides) == (holder in sides) else 0
                                      for p in range(4)]
                             for strain, holder in zip(STRAINS, (3, 2, 1, 0, None), strict=True)})
        assert tables(run.stdout) == expected
        exported = [{name: value for name, value in tags(game).items() if name not in (*SECTIONS, "Note")}
                    for game in games(text)]
        assert printed_tags(run.stdout) == exported


def test_bad_input_is_a_message_naming_each_game_and_exit_status_1_with_nothing_analysed(tmp_path):
    hands = random_hands(random.Random(62), 3)
    short = (*hands[:3], hands[3][:2])
    text = (f'[Board "1"]\n[Deal "{pbn_deal(hands)}"]\n\n[Board "2"]\n[Deal "{pbn_deal(short)}"]\n\n'
            f'[Board "3"]\n[Variant "floating"]\n[Deal "{pbn_deal(hands)}"]\n')
    path = written(tmp_path, text)
    run = analyse(path)
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr.splitlines() == [
        f"analyse: {path}: game 2 (Board 2): the hands must have as many cards each, 1 to 13; "
        "they have N 3, E 3, S 3, W 2",
        f"analyse: {path}: game 3 (Board 3): a floating deal needs a Declarer tag naming N, E, S or W"]
    missing = analyse(tmp_path / "missing.pbn")
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr == f"analyse: {tmp_path / 'missing.pbn'}: cannot read it: No such file or directory\n"
    broken = analyse(written(tmp_path, '[Board "1"]\n[Deal "N:A... K... Q... J..."\n'))
    assert broken.returncode == 1 and "line 2: a tag pair is not of the form" in broken.stderr
    assert "Traceback" not in run.stderr + missing.stderr + broken.stderr


def test_stats_adds_the_time_of_each_table_on_standard_error_and_changes_nothing_else(tmp_path):
    rng = random.Random(63)
    text = "\n".join(f'[Board "{n}"]\n[Deal "{pbn_deal(random_hands(rng, 3))}"]\n' for n in (1, 2))
    path = written(tmp_path, text)
    plain, timed = analyse(path), analyse(path, "--stats")
    assert timed.returncode == 0 and timed.stdout == plain.stdout
    lines = timed.stderr.splitlines()
    assert len(lines) == 3
    for line, board in zip(lines, (1, 2), strict=False):
        assert re.fullmatch(rf"analyse: game {board} \(Board {board}\): 3 cards a hand, table in \d+\.\d{{3}} s", line)
    assert re.fullmatch(r"analyse: 2 tables in \d+\.\d{3} s", lines[2])


def test_help_describes_the_command_and_a_wrong_option_is_a_usage_error(tmp_path):
    shown = subprocess.run([str(COMMAND), "--help"], capture_output=True, text=True, check=True)
    assert "usage: scripts/analyse" in shown.stdout and "OptimumResultTable" in shown.stdout
    assert "--variant {contract,floating,memory,tiger}" in shown.stdout and "--stats" in shown.stdout
    wrong = subprocess.run([str(COMMAND), "--variant", "whist", "x.pbn"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "invalid choice: 'whist'" in wrong.stderr
