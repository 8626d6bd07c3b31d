"""The balance benchmark runner works: ``python tests/benchmarks/balance_report.py --quick``, run as a real
process, prints a row for every ruleset in each of its tables, every figure a number, and the share of
greedy Squad Combat games that ended at the turn limit. How fast anything is, and how many games reach
the limit, is not checked here: the report says."""

from __future__ import annotations

from benchmarks_tables import printed, sections

from domain import registry


def test_the_balance_benchmark_prints_every_ruleset_in_every_table():
    found = sections(printed("balance_report.py", "--quick", "--workers", "2"))
    names = sorted(rules.name for rules in registry.all_rulesets())
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
