"""The command-path benchmark's runner works: ``python tests/benchmarks/command_path.py --quick --no-postgres``,
run as a real process, prints a help row for every command, the SQLite row of a command's path (the
statements counted from the driver), a row for each layer of an HTTP command and the floor under them, each
figure a number.
How fast anything is is not checked."""

from __future__ import annotations

import importlib.util
import re

import pytest
from benchmarks_tables import printed, sections

from cli.main import COMMANDS

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def found():
    """The quick run's tables, run once for the file."""
    return sections(printed("command_path.py", "--quick", "--no-postgres"))


def test_the_command_path_benchmark_prints_every_help_and_what_a_command_sends_the_store(found):
    helps = found["Each command's help"]
    assert [row["help"] for row in helps] == ["`ludolog --help`", *[f"`ludolog {name} -h`" for name in sorted(COMMANDS)]]
    assert all(re.fullmatch(r"\d+", row["ms (median)"]) and row["≤ 1.5×"] in {"met", "missed", "—"} for row in helps)
    (sqlite,) = found["A command's path to the store"]
    assert sqlite["store"] == "SQLite"
    assert re.search(r"\bINSERT \d+\.\d\b", sqlite["statements and commits a command"])
    assert float(sqlite["p50 ms"]) > 0 and float(sqlite["p99 ms"]) >= float(sqlite["p50 ms"])


def test_the_command_path_benchmark_prints_each_layer_of_an_http_command_the_ratio_and_the_floor(found):
    rows = found["The layers of an HTTP command"]
    granian = ["floor", "floor"] if importlib.util.find_spec("granian") else []  # the bench extra's server, where installed
    assert [row["layers"].split(" ")[0] for row in rows] == ["`GameService.submit`", "+", "+", "+", "+", "HTTP", "floor:", "floor:", *granian]
    assert all(float(row["p50 ms"]) > 0 and float(row["mean ms"]) > 0 for row in rows[:5] + rows[6:])
    assert rows[5]["this layer's mean"] == "target ≥ 0.6" and float(rows[5]["mean ms"]) > 0
    for floor in rows[6:]:
        best = float(re.fullmatch(r"HTTP ÷ service at best (\d+\.\d\d)", floor["this layer's mean"]).group(1))
        service = float(rows[0]["mean ms"])
        assert abs(best - service / (service + float(floor["mean ms"]))) < 0.011
