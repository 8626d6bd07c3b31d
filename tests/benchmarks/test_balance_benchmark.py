"""The balance benchmark runner works: ``python tests/benchmarks/balance_report.py --quick``, run as a real
process, prints a row for every ruleset in each of its tables, every figure a number. How fast anything
is is not checked here: the report says."""

from __future__ import annotations

from benchmarks_tables import printed, sections

from domain import registry


def test_the_balance_benchmark_prints_every_ruleset_in_every_table():
    found = sections(printed("balance_report.py", "--quick", "--workers", "2"))
    names = sorted(rules.name for rules in registry.all_rulesets())
    assert len(found) == 3
    for title, rows in found.items():
        assert sorted(row["ruleset"] for row in rows) == names, title
        for row in rows:
            assert float(row["seconds"]) >= 0 and float(row["seconds for 1,000"].replace(",", "")) >= 0
    random_rows = next(rows for title, rows in found.items() if title.startswith("Random bots"))
    assert all(row["target"].startswith("≤ 60 s: ") for row in random_rows)
