"""The kit-rules benchmark's runner works: ``python tests/benchmarks/kit_rules.py --quick``, run as a real
process, prints a row for each shipped kit with rules (every kit file in the folder with a ``play`` section,
read here from the files themselves), each figure a number, and the condition's cost. How fast is not checked."""

from __future__ import annotations

import re

import pytest
import yaml
from benchmarks_tables import printed, sections

from domain.games.table_kit.rules import KITS

pytestmark = pytest.mark.slow


def test_the_kit_rules_benchmark_prints_every_shipped_kit_with_rules():
    text = printed("kit_rules.py", "--quick")
    played, searched = sections(text).values()
    kits = sorted(path.stem for path in KITS.glob("*.yaml") if "play" in yaml.safe_load(path.read_text(encoding="utf-8")))
    assert len(kits) >= 7 and "pig" in kits and "snakes-and-ladders" not in kits
    assert [row["kit"] for row in played] == kits and [row["kit"] for row in searched] == kits
    for row in played:
        assert int(row["games"].replace(",", "")) > 0 and float(row["commands a game"].replace(",", "")) > 0
        assert int(row["commands per CPU-second"].replace(",", "")) > 0 and row["target 5,000"] in ("met", "not met")
    for row in searched:
        if row["positions"] == "0":  # a kit whose seat never chooses: nothing to search
            assert row["simulations per CPU-second"] == "—" and row["target 500 (the rulesets')"].startswith("no choice")
        else:
            assert row["positions"] == "2" and float(row["simulations per CPU-second"].replace(",", "")) > 0
            assert float(row["ms a move"].replace(",", "")) >= 0
    assert {row["kit"] for row in searched if row["positions"] == "0"} <= {"snakes-and-ladders-with-rules"}
    assert re.search(r"A compiled condition .*: \d+\.\d CPU microseconds an evaluation\.", text)
