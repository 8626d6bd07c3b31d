"""The review benchmark's runner works: ``python tests/benchmarks/review_time.py --quick``, run as a real
process, prints a row per ruleset with the game's size and the review's time. How fast is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_review_benchmark_prints_a_row_per_ruleset():
    (rows,) = sections(printed("review_time.py", "--quick", "--rulesets", "infection,correction")).values()
    assert [row["ruleset"] for row in rows] == ["infection", "correction"]
    for row in rows:
        assert int(row["events"]) >= int(row["commands"]) >= int(row["choices judged"]) >= 0
        assert re.fullmatch(r"[\d.]+", row["seconds"]) and re.fullmatch(r"\d+", row["ms a command"])
