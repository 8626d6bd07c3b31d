"""The balance benchmark runner works: ``python tests/benchmarks/balance_report.py --quick``, run as a real
process, prints a row for every ruleset in each of its tables, every figure a number, and the share of
greedy Squad Combat games that ended at the turn limit. How fast anything is, and how many games reach
the limit, is not checked here: the report says."""

from __future__ import annotations

import json

import pytest
from benchmarks_tables import printed, sections
from cli_runs import invoke

from domain.engine import registry


@pytest.mark.slow
def test_the_balance_benchmark_prints_every_ruleset_in_every_table():
    found = sections(printed("balance_report.py", "--quick", "--workers", "2"))
    names = sorted(rules.name for rules in registry.all_rulesets() if rules.knows_the_rules)  # balance refuses table kits
    assert len(found) == 4
    limit_rows = next(rows for title, rows in found.items() if title.startswith("Greedy Squad Combat at its defaults"))
    del found[next(title for title in found if title.startswith("Greedy Squad Combat at its defaults"))]
    for title, rows in found.items():
        assert sorted(row["ruleset"] for row in rows) == names, title
        for row in rows:
            assert float(row["seconds"]) >= 0 and float(row["seconds for 1,000"].replace(",", "")) >= 0
    random_rows = next(rows for title, rows in found.items() if title.startswith("Random bots"))
    assert all(row["target"].startswith("≤ 60 s: ") for row in random_rows)
    [row] = limit_rows  # the share of games at the turn limit: reported, not judged
    assert (row["ruleset"], row["games"], row["turn limit"]) == ("squad-combat", "4", "60")
    assert 0 <= int(row["at the limit"]) <= 4 and float(row["share"].rstrip("%")) == 100 * int(row["at the limit"]) / 4


def test_the_balance_table_script_gives_each_reports_own_figures(tmp_path):
    paths = []
    for ruleset in ("infection", "squad-combat"):
        path = tmp_path / f"{ruleset}.json"
        result = invoke("balance", ruleset, "--games", "4", "--bot", "random", "--skill", "0", "--no-keep", "-q",
                        "--option", "round_limit=3" if ruleset == "infection" else "turn_limit=3", "--format", "json", "-o", str(path))
        assert result.exit_code == 0, result.output
        paths.append(path)
    text = printed("balance_table.py", *map(str, paths))
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert [row.split(" | ")[0] for row in rows] == ["| `infection`", "| `squad-combat`"]
    for row, path in zip(rows, paths):
        found = json.loads(path.read_text())["findings"]
        seats = " · ".join(f"{round(100 * s['rate'])}% ({round(100 * s['low'])}–{round(100 * s['high'])}%)"
                           for s in found["fairness"]["seats"])
        limits = found["limits"]
        assert f" | {seats} | " in row
        assert f"| {round(100 * limits['rate'])}% ({round(100 * limits['low'])}–{round(100 * limits['high'])}%)" in row
    assert "fixed to the seats: Blue (plays first), Red | can't tell (sides fixed)" in rows[0]
    assert "moved round the table: the red squad" in rows[1]
