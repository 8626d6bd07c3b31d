"""The kit-check benchmark's runner works: ``python tests/benchmarks/kit_check.py --quick``, run as a real
process, prints a row per kit and format, the kit at every limit (and the kit whose rules are at every limit)
playable and the broken one not; and a row for the largest shipped kit with rules (found here from the kit
files themselves), checked as ``ludolog kit check`` checks it before its random games. How fast is not checked."""

from __future__ import annotations

import re

import pytest
import yaml
from benchmarks_tables import printed, sections

from domain.games.table_kit.rules import KITS

pytestmark = pytest.mark.slow


def test_the_kit_check_benchmark_prints_the_largest_kit_the_limits_allow():
    rows, shipped = sections(printed("kit_check.py", "--quick")).values()
    assert [(row["kit"], row["format"]) for row in rows] == [
        ("at every limit", "yaml"), ("at every limit", "json"), ("one mistake, last card", "yaml"), ("one mistake, last card", "json"),
        ("rules at every limit", "yaml"), ("rules at every limit", "json"),
        ("rules, one mistake, last ending", "yaml"), ("rules, one mistake, last ending", "json")]
    assert [row["playable"] for row in rows] == ["yes", "yes", "no", "no"] * 2
    for row in rows:
        assert re.fullmatch(r"\d+", row["ms a check"]) and 100_000 < int(row["bytes"].replace(",", "")) < 256_000
    with_rules = [path for path in KITS.glob("*.yaml") if "play" in yaml.safe_load(path.read_text(encoding="utf-8"))]
    largest = max(with_rules, key=lambda path: path.stat().st_size)
    assert [(row["kit"], row["bytes"], row["playable"]) for row in shipped] == [(largest.name, f"{largest.stat().st_size:,}", "yes")]
    assert re.fullmatch(r"\d+", shipped[0]["ms a check"]) and re.fullmatch(r"\d+", shipped[0]["ms the first check"])
    assert shipped[0]["target 1,000 ms"] in ("met", "not met")
