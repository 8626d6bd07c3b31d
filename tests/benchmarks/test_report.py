"""The benchmark runner works: ``python tests/benchmarks/report.py --quick --no-postgres``, run as a
real process from the project's root, prints every table with every row, and every figure in them is
a positive number. How fast anything is is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed as run_runner
from benchmarks_tables import sections

from domain.engine import registry

pytestmark = pytest.mark.slow

QUICK_GAME_SIZES = ("10", "100", "300")  # report.QUICK.game_sizes
EXPORTS = ("ndjson", "json", "csv", "md", "html")


@pytest.fixture(scope="module")
def printed() -> str:
    return run_runner("report.py", "--quick", "--no-postgres")


def figures(cell: str) -> list[float]:
    return [float(number.replace(",", "")) for number in re.findall(r"\d[\d,]*(?:\.\d+)?", cell)]


def assert_all_positive(row: dict[str, str], columns: list[str]) -> None:
    for column in columns:
        numbers = figures(row[column])
        assert numbers and all(number > 0 for number in numbers), (column, row[column])


def section(found: dict[str, list[dict[str, str]]], start: str) -> list[dict[str, str]]:
    titles = [title for title in found if title.startswith(start)]
    assert len(titles) == 1, list(found)
    return found[titles[0]]


def test_the_header_names_the_machine_and_why_postgresql_was_left_out(printed):
    lines = printed.splitlines()
    assert lines[0] == "# ludolog benchmarks"
    assert re.search(r"\d+ CPUs · .*Python 3\.\d+.* · SQLite [\d.]+ · \d{4}-\d\d-\d\d", printed)
    assert "PostgreSQL not measured: --no-postgres was given." in lines


def test_commands_through_http_and_the_service_for_every_size_and_with_concurrent_clients(printed):
    rows = section(sections(printed), "Commands through HTTP")
    assert {row["store"] for row in rows} == {"SQLite"}
    sized = [row for row in rows if row["service commands/s"] != "—"]
    assert [row["events in the game (range while timed)"].split()[0] for row in sized] == list(QUICK_GAME_SIZES)
    for row in sized:
        assert_all_positive(row, list(row)[1:])
    concurrent = [row for row in rows if row["service commands/s"] == "—"]
    assert [row["events in the game (range while timed)"].split(", ")[-1] for row in concurrent] == [
        "one process", "`--workers 3`"]
    for row in concurrent:
        assert_all_positive(row, ["HTTP commands/s", "HTTP p50", "HTTP p99"])
        assert all(row[column] == "—" for column in list(row)[5:])


def test_replays_and_every_export(printed):
    rows = section(sections(printed), "Replays of a game of")
    assert [row["what"].split(" (")[0] for row in rows] == [
        "open a cursor", "`goto` a random step, p50 / p99", "full forward sweep, step by step",
        "full backward sweep, step by step", *(f"export {form}" for form in EXPORTS), "export html: size"]
    for row in rows:
        assert_all_positive(row, ["SQLite"])


def test_the_design_diary_built_and_then_from_the_cache(printed):
    rows = section(sections(printed), "The design diary of a game of about 100 events")
    assert [row["what"].split(":")[0] for row in rows] == ["built", "asked for again"]
    for row in rows:
        assert_all_positive(row, ["SQLite"])
    assert len(figures(rows[0]["SQLite"])) == 2  # the median and the slowest
    found = re.search(r"Importing pygal, once in a process with its first chart, took ([\d.]+) m?s more", printed)
    assert found and float(found.group(1)) > 0


def test_random_games_of_every_ruleset(printed):
    rows = section(sections(printed), "Random games per ruleset")
    assert [(row["ruleset"], row["players"]) for row in rows] == [
        (f"`{rules.name}`", str(count)) for rules in registry.all_rulesets() for count in sorted({rules.min_seats, rules.max_seats})]
    for row in rows:
        assert_all_positive(row, list(row)[2:])


def test_the_targets_table_judges_every_target_of_the_service_speed(printed):
    rows = section(sections(printed), "Targets")
    measures = [row["measure"] for row in rows]
    for start in ("HTTP commands/s", "p99 command latency", "replay: full forward", "replay: slowest", "export ndjson",
                  "export md", "`ludolog --help`", "`GameService` on `:memory:`", "`GameService` on a SQLite file",
                  "random commands per CPU-second, the slowest shipped kit", "`ludolog kit check` of the largest shipped kit"):
        assert sum(1 for measure in measures if measure.startswith(start)) == 1, start
    for row in rows:
        assert row["verdict"] in ("met", "missed", "—") and figures(row["measured"]), row
    assert {row["verdict"] for row in rows if not row["measure"].startswith("`GameService` on `:memory:`")} <= {"met", "missed"}
