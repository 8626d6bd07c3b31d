"""The figures of the test stages, written by the run that measures them.

``.ci/run`` runs each stage with ``--junitxml=build/stages/STAGE.xml``. Then

    python tests/stage_figures.py build/stages/*.xml

rewrites the table between the markers of the guide's page ``reference/tests.md``, and the README's line of
what each stage took: for each stage, its
command, how many tests ran, passed and were skipped, and its time, with the day, the machine (processor
and cores) and the commit measured. No one types these figures: a page that disagrees with its markers'
table format, or names a stage ``.ci/run`` does not run, fails ``tests/test_stage_figures.py``."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the project's folder on the path, as under pytest
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.guide_pages import cpu_model  # noqa: E402
PAGE = ROOT / "api" / "guide" / "docs" / "reference" / "tests.md"
CI = ROOT / ".ci" / "run"
BEGIN, END = "<!-- stage figures: written by tests/stage_figures.py -->", "<!-- end of stage figures -->"
README = ROOT / "README.md"
TIMES_BEGIN, TIMES_END = "<!-- stage times: written by tests/stage_figures.py -->", "<!-- end of stage times -->"
HEADER = "| stage | command | tests | passed | skipped | failed | time |"


def stage_commands() -> dict[str, str]:
    """Each stage ``.ci/run`` runs, by name, and its command as a reader types it."""
    found = {}
    for line in CI.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*\.venv/bin/python -m pytest(.*?)--junitxml=build/stages/([\w-]+)\.xml(.*)$", line)
        if match:
            found[match.group(2)] = " ".join(f"python -m pytest {match.group(1)} {match.group(3)}".split())
    return found


def figures(report: Path) -> dict[str, float]:
    """What one stage's JUnit report counts: tests, failed (failures and errors), skipped, and seconds."""
    root = ElementTree.parse(report).getroot()
    suites = [root] if root.tag == "testsuite" else list(root)
    total = {name: sum(float(suite.get(name, 0)) for suite in suites) for name in ("tests", "failures", "errors", "skipped", "time")}
    return {"tests": total["tests"], "failed": total["failures"] + total["errors"], "skipped": total["skipped"], "time": total["time"]}


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s"


def table(reports: list[Path], commit: str, machine: str, day: str) -> str:
    """The stages' table, a row per report in ``.ci/run``'s order, under its provenance line."""
    commands = stage_commands()
    rows = []
    for name in commands:
        report = next((path for path in reports if path.stem == name), None)
        if report is None:
            continue
        count = figures(report)
        passed = count["tests"] - count["failed"] - count["skipped"]
        rows.append(f"| {name} | `{commands[name]}` | {count['tests']:,.0f} | {passed:,.0f} | {count['skipped']:,.0f} | "
                    f"{count['failed']:,.0f} | {minutes(count['time'])} |")
    provenance = f"Measured on {day} on {machine}, commit {commit}, by `python tests/stage_figures.py` from the run's reports."
    return "\n".join([BEGIN, provenance, "", HEADER, "|---|---|---|---|---|---|---|", *rows, END])


def times_line(reports: list[Path], commit: str, machine: str, day: str) -> str:
    """The README's line of what each stage took, the same run's figures as the table's."""
    took = [f"{path.stem} {minutes(figures(path)['time'])}" for name in stage_commands() for path in reports if path.stem == name]
    return "\n".join([TIMES_BEGIN, f"The last run took {', '.join(took)} ({day}, {machine}, commit {commit}).", TIMES_END])


def replaced(text: str, begin: str, end: str, region: str) -> str:
    start, stop = text.index(begin), text.index(end) + len(end)
    return text[:start] + region + text[stop:]


def this_machine() -> str:
    """The machine as the benchmarks' provenance lines name its processor, and its cores."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cpu_model()}, {cores} cores"


def write(reports: list[Path]) -> None:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    measured = (commit or "unknown", this_machine(), datetime.date.today().isoformat())
    PAGE.write_text(replaced(PAGE.read_text(encoding="utf-8"), BEGIN, END, table(reports, *measured)), encoding="utf-8")
    README.write_text(replaced(README.read_text(encoding="utf-8"), TIMES_BEGIN, TIMES_END, times_line(reports, *measured)),
                      encoding="utf-8")


if __name__ == "__main__":
    given = [Path(argument) for argument in sys.argv[1:]]
    missing = [str(path) for path in given if not path.is_file()]
    if not given or missing:
        sys.exit(f"usage: python tests/stage_figures.py build/stages/*.xml ({'missing: ' + ', '.join(missing) if missing else 'no report given'})")
    write(given)
    print(f"wrote the stage figures of {', '.join(path.stem for path in given)} into {PAGE.relative_to(ROOT)} and README.md")
