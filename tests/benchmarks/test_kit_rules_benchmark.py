"""The kit-rules benchmark's runner works: ``python tests/benchmarks/kit_rules.py --quick``, run as a real
process, prints a row for each shipped kit with rules, each figure a positive number. How fast is not checked."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections


def test_the_kit_rules_benchmark_prints_every_shipped_kit_with_rules():
    text = printed("kit_rules.py", "--quick")
    played, searched = sections(text).values()
    kits = ["breakthrough", "connect-four", "kuhn-poker", "liars-dice", "pig", "snakes-and-ladders-with-rules", "tic-tac-toe"]
    assert [row["kit"] for row in played] == kits and [row["kit"] for row in searched] == kits
    for row in played:
        assert row["games"] == "2" and int(row["commands"].replace(",", "")) > 0
        assert int(row["commands per CPU-second"].replace(",", "")) > 0
    for row in searched:
        assert float(row["simulations per CPU-second"].replace(",", "")) > 0 and float(row["ms a move"].replace(",", "")) >= 0
    assert re.search(r"A compiled condition .*: \d+\.\d CPU microseconds an evaluation\.", text)
