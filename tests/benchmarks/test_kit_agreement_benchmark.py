"""The kit-agreement benchmark's runner works: ``python tests/benchmarks/kit_agreement.py --quick``, run as a real
process, prints for 3 and 4 players each seat's wins, the draws, the games at the round limit and the mean
turns, for the Missions ruleset and the Missions kit, each with its interval, and whether they overlap. Whether
they do is the benchmark's to report, not this test's."""

from __future__ import annotations

import re

from benchmarks_tables import printed, sections


def test_the_kit_agreement_benchmark_prints_each_figure_both_ways():
    text = printed("kit_agreement.py", "--quick", "--workers", "1")
    (rows,) = sections(text).values()
    figures = [(row["players"], row["figure"]) for row in rows]
    assert figures == [(players, figure) for players, seats in (("3", 3), ("4", 4))
                       for figure in [*(f"seat {n} wins" for n in range(1, seats + 1)), "draws", "at the round limit",
                                      "mean turns", "seconds for the study"]]
    for row in rows:
        if row["figure"] != "seconds for the study":
            assert re.fullmatch(r"[\d.]+%? \([\d.]+–[\d.]+\)", row["the ruleset (95% interval)"])
            assert re.fullmatch(r"[\d.]+%? \([\d.]+–[\d.]+\)", row["the kit (95% interval)"])
            assert row["intervals overlap"] in ("yes", "no")
    assert re.search(r"^\d+ of the figures' intervals do not overlap\.$", text, re.M)
