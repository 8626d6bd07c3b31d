"""The kit-instructions benchmark's runner works: ``python tests/benchmarks/kit_instructions.py --quick``, run as a
real process, counts one small kit's games under callgrind and prints its row, each figure a number; an unknown kit
is refused in one line. How many instructions is not checked."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from benchmarks_tables import ROOT, printed, sections

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed: it counts the instructions")]


def test_the_kit_instructions_benchmark_counts_a_kits_games():
    (rows,) = sections(printed("kit_instructions.py", "--quick")).values()
    assert [row["kit"] for row in rows] == ["kuhn-poker"]
    (row,) = rows
    assert re.fullmatch(r"(\d+) and (\d+)", row["games counted"])
    first, second = map(int, row["games counted"].split(" and "))
    assert second == 2 * first
    assert float(row["commands a game"]) > 0
    assert re.fullmatch(r"[\d,]+\.\d\d M", row["instructions a game"]) and float(row["instructions a game"][:-2].replace(",", "")) > 0
    assert re.fullmatch(r"[\d,]+ k", row["instructions a command"])


def refused(*arguments: str) -> tuple[int, str, str]:
    """``kit_instructions.py ARGUMENTS`` run: its exit status, what it printed and the last line of its errors."""
    done = subprocess.run([sys.executable, "tests/benchmarks/kit_instructions.py", *arguments],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    return done.returncode, done.stdout, done.stderr.strip().splitlines()[-1]


def test_an_unknown_kit_is_refused_in_one_line():
    status, printed_out, said = refused("--kits", "nope")
    assert status == 2 and printed_out == ""
    assert said.startswith("kit_instructions.py: error: no shipped kit with rules named nope;")


def test_the_kit_instructions_benchmark_counts_the_search_bots_moves():
    (rows,) = sections(printed("kit_instructions.py", "--search", "1", "--kits", "kuhn-poker")).values()
    (row,) = rows
    assert row["kit"] == "kuhn-poker" and row["positions counted"] == "1 and 2"
    assert re.fullmatch(r"[\d,]+\.\d M", row["instructions a move"]) and float(row["instructions a move"][:-2].replace(",", "")) > 0
    assert re.fullmatch(r"[\d,]+ k", row["instructions a simulation (200 a move)"])


def test_no_positions_to_count_is_refused_in_one_line():
    status, printed_out, said = refused("--search", "0")
    assert status == 2 and printed_out == ""
    assert said == "kit_instructions.py: error: --search counts one position or more, not 0"
