"""The kit-agreement benchmark's runner works: ``python tests/benchmarks/kit_agreement.py --quick``, run as a real
process, prints for Missions at 3 and 4 players and The Assassination Game Le at 3, each seat's wins, the
draws, the games at a limit and the mean turns, for the ruleset and the kit, each with its interval, and
whether they overlap. Whether
they do is the benchmark's to report, not this test's."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_kit_agreement_benchmark_prints_each_figure_both_ways():
    text = printed("kit_agreement.py", "--quick", "--workers", "1")
    missions, assassination = sections(text).values()
    rows = missions + assassination

    def figures(seats: int) -> list[str]:
        return [*(f"seat {n} wins" for n in range(1, seats + 1)), "draws", "at a limit", "mean turns", "seconds for the study"]

    assert [(row["players"], row["figure"]) for row in missions] == [(str(n), f) for n in (3, 4) for f in figures(n)]
    assert [(row["players"], row["figure"]) for row in assassination] == [("3", f) for f in figures(3)]
    for row in rows:
        if row["figure"] != "seconds for the study":
            assert re.fullmatch(r"[\d.]+%? \([\d.]+–[\d.]+\)", row["the ruleset (95% interval)"])
            assert re.fullmatch(r"[\d.]+%? \([\d.]+–[\d.]+\)", row["the kit (95% interval)"])
            assert row["intervals overlap"] in ("yes", "no")
    assert re.search(r"^\d+ of the figures' intervals do not overlap\.$", text, re.M)
