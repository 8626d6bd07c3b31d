"""The command-path benchmark's runner works: ``python tests/benchmarks/command_path.py --quick --no-postgres``,
run as a real process, prints a help row for every command and the SQLite row of a command's path, each
figure a number and the statements counted from the driver. How fast anything is is not checked."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections

from cli.main import COMMANDS


def test_the_command_path_benchmark_prints_every_help_and_what_a_command_sends_the_store():
    found = sections(printed("command_path.py", "--quick", "--no-postgres"))
    helps = found["Each command's help"]
    assert [row["help"] for row in helps] == ["`ludolog --help`", *[f"`ludolog {name} -h`" for name in sorted(COMMANDS)]]
    assert all(re.fullmatch(r"\d+", row["ms (median)"]) and row["≤ 1.5×"] in {"met", "missed", "—"} for row in helps)
    (sqlite,) = found["A command's path to the store"]
    assert sqlite["store"] == "SQLite"
    assert re.search(r"\bINSERT \d+\.\d\b", sqlite["statements and commits a command"])
    assert float(sqlite["p50 ms"]) > 0 and float(sqlite["p99 ms"]) >= float(sqlite["p50 ms"])
