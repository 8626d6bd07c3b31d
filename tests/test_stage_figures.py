"""The test stages the README and the guide name are the ones CI runs, and their figures come from a run:
the guide's table of stages sits between its markers, a row per stage ``.ci/run`` runs with that stage's
command, under a line naming the day, the machine and a commit of this project's history."""

from __future__ import annotations

import re
import subprocess

from tests import stage_figures
from tests.documentation import ROOT, page


def stage_table() -> str:
    text = page("reference/tests.md")
    return text[text.index(stage_figures.BEGIN):text.index(stage_figures.END)]


def test_ci_runs_three_stages_and_the_readme_names_each_with_its_command():
    commands = stage_figures.stage_commands()
    assert list(commands) == ["default", "slow", "load"]
    readme = page("README.md")
    for name, command in commands.items():
        assert re.search(rf"\| {name} \| `{re.escape(command)}` \|", readme), name


def test_the_stage_table_is_written_by_a_run_with_its_day_machine_and_commit():
    table = stage_table()
    provenance = re.search(r"Measured on (\d{4}-\d\d-\d\d) on (.+), commit ([0-9a-f]{7,40}), by `python tests/stage_figures.py`", table)
    assert provenance, "the table says when, where and on which commit it was measured"
    known = subprocess.run(["git", "cat-file", "-e", provenance.group(3) + "^{commit}"], cwd=ROOT, capture_output=True)
    assert known.returncode == 0 or not (ROOT / ".git").exists(), f"commit {provenance.group(3)} is not in this project's history"
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith(stage_figures.HEADER[:8])]
    assert stage_figures.HEADER in table
    assert [row.split(" | ")[0].removeprefix("| ") for row in rows] == list(stage_figures.stage_commands())
    for row in rows:
        name, command = row.split(" | ")[:2]
        assert command == f"`{stage_figures.stage_commands()[name.removeprefix('| ')]}`"


def test_the_table_is_made_from_the_runs_reports(tmp_path):
    report = tmp_path / "default.xml"
    report.write_text('<testsuites><testsuite name="pytest" tests="10" failures="1" errors="1" skipped="3" time="125.4"/></testsuites>')
    table = stage_figures.table([report], "abc1234", "a test machine, 2 cores", "2026-01-02")
    assert "| default | `python -m pytest` | 10 | 5 | 3 | 2 | 2 min 05 s |" in table
    assert "Measured on 2026-01-02 on a test machine, 2 cores, commit abc1234" in table


def test_the_readme_says_what_each_stage_took_as_the_table_does():
    readme = page("README.md")
    line = readme[readme.index(stage_figures.TIMES_BEGIN):readme.index(stage_figures.TIMES_END)]
    rows = {row.split(" | ")[0].removeprefix("| "): row.split(" | ")[6].removesuffix(" |")
            for row in stage_table().splitlines() if row.startswith("| ") and " | `" in row}
    assert rows and all(f"{name} {took}" in line for name, took in rows.items()), (line, rows)
    commit = re.search(r"commit ([0-9a-f]{7,40})", stage_table()).group(1)
    assert f"commit {commit})" in line
