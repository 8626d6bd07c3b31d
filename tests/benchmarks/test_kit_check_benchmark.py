"""The kit-check benchmark's runner works: ``python tests/benchmarks/kit_check.py --quick``, run as a real
process, prints a row per kit and format, the kit at every limit (and the kit whose rules are at every limit)
playable and the broken one not. How fast
is not checked."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections


def test_the_kit_check_benchmark_prints_the_largest_kit_the_limits_allow():
    (rows,) = sections(printed("kit_check.py", "--quick")).values()
    assert [(row["kit"], row["format"]) for row in rows] == [
        ("at every limit", "yaml"), ("at every limit", "json"), ("one mistake, last card", "yaml"), ("one mistake, last card", "json"),
        ("rules at every limit", "yaml"), ("rules at every limit", "json"),
        ("rules, one mistake, last ending", "yaml"), ("rules, one mistake, last ending", "json")]
    assert [row["playable"] for row in rows] == ["yes", "yes", "no", "no"] * 2
    for row in rows:
        assert re.fullmatch(r"\d+", row["ms a check"]) and 100_000 < int(row["bytes"].replace(",", "")) < 256_000
