"""``ludolog kit check FILE...``: a good kit is one line saying what it holds, exit 0; a bad one is a
line for each mistake (``FILE:LINE: FIELD: MESSAGE``), exit 1; a file that cannot be read is one line,
exit 1, never a traceback."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from cli.kits import is_kit_file, read_kit_file
from cli.main import cli

GOOD = """\
kit: 1
name: tiny
title: Tiny
seats: {fewest: 2, most: 3}
spaces:
  - {name: board, kind: grid, columns: 3, rows: 3}
pieces:
  - {kind: pawn, owner: each, at: a1}
zones:
  - {name: draw, shows: face-down}
decks:
  - name: deck
    pile: draw
    cards:
      - {name: Gold, count: 2, text: "+1 money"}
      - {name: Thief}
hands: {deal: 1, from: draw}
dice:
  - {name: d6, faces: [1, 2, 3, 4, 5, 6]}
counters:
  - {name: money, start: 0, min: 0, max: 20}
"""


def check(*files: str):
    return CliRunner().invoke(cli, ["kit", "check", *files])


def test_a_good_kit_is_ok_with_what_it_holds(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(GOOD, encoding="utf-8")
    result = check(str(path))
    assert result.exit_code == 0, result.output
    assert result.output == f"{path}: ok — Tiny, 2–3 seats, 9 spaces, 3 pieces, 3 cards, 1 die, 3 counters\n"


def test_a_bad_kit_is_a_line_for_each_mistake_and_exit_1(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("at: a1", "at: x9").replace("start: 0,", "start: 30,"), encoding="utf-8")
    result = check(str(path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:8: pieces.0.at: no space named 'x9'",
                                          f"{path}:21: counters.0.start: 30 is outside the range 0..20"]


def test_a_missing_file_is_one_line_and_exit_1_and_the_other_files_are_still_checked(tmp_path):
    good = tmp_path / "tiny.json"
    good.write_text('{"kit": 1, "name": "tiny", "title": "Tiny", "seats": {"fewest": 1, "most": 1}}', encoding="utf-8")
    result = check(str(tmp_path / "nowhere.yaml"), str(good))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.output.splitlines() == [f"{tmp_path / 'nowhere.yaml'}: cannot read it: No such file or directory",
                                          f"{good}: ok — Tiny, 1 seat, 0 spaces, 0 pieces, 0 cards, 0 dice, 0 counters"]


def test_a_file_that_is_not_text_or_not_a_file_is_one_line(tmp_path):
    path = tmp_path / "kit.yaml"
    path.write_bytes(b"kit: 1\ntitle: \xff\n")
    result = check(str(path), str(tmp_path))
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"{path}:2: not UTF-8 text: byte 0xff", f"{tmp_path}: cannot read it: Is a directory"]


def test_check_needs_a_file():
    result = check()
    assert result.exit_code != 0 and "Missing argument 'FILE...'" in result.output


def test_a_kit_file_is_told_by_its_suffix_and_read_for_new_or_refused_with_its_mistakes(tmp_path):
    path = tmp_path / "tiny.yml"
    path.write_text(GOOD, encoding="utf-8")
    assert is_kit_file(str(path)) and is_kit_file("KIT.JSON") and is_kit_file("a.toml")
    assert not is_kit_file("snakes-and-ladders") and not is_kit_file("squad-combat")
    assert read_kit_file(str(path))["title"] == "Tiny"
    path.write_text(GOOD.replace("at: a1", "at: x9").replace("start: 0,", "start: 30,"), encoding="utf-8")
    with pytest.raises(click.ClickException) as refused:
        read_kit_file(str(path))
    assert refused.value.message.splitlines() == [f"{path}:8: pieces.0.at: no space named 'x9'",
                                                  f"{path}:21: counters.0.start: 30 is outside the range 0..20"]
