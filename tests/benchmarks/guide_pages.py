"""The benchmarks' tables on the guide's pages, written in place by the run that measures them.

Each table a benchmark writes sits on its page (``explanation/benchmarks.md``, ``explanation/bot-figures.md``)
between two markers naming the script and the table, under a line saying where its figures come from:

    <!-- table: report.py commands -->

    *Measured on 2026-11-23 on AMD EPYC (2 cores), commit 3b6d944 by `python tests/benchmarks/report.py`.*

    | store | events in the game (range while timed) | ... |
    |---|---|...|

    <!-- end table -->

``python tests/benchmarks/SCRIPT --write-guide`` measures as usual, prints as usual, then replaces what is between
each of its markers with this run's table under a new line: today's date, this machine (CPU model and cores), the
commit checked out (whether the work tree had uncommitted changes, and whether the kit engine ran compiled) and the
command that ran. A script's ``guide_headers()`` gives each of its tables' header rows as its table functions make
them, without measuring: ``tests/test_measured_figures.py`` holds every marked table on the pages to it, so a script
that renames a column fails that test until the page is written again.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import re
import shlex
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXPLANATION = ROOT / "api" / "guide" / "docs" / "explanation"
PAGES = (EXPLANATION / "benchmarks.md", EXPLANATION / "bot-figures.md")
"""The pages that hold the project's measured figures."""
START = re.compile(r"^<!-- table: (?P<script>[\w.-]+\.py) (?P<name>[\w-]+) -->$")
END = "<!-- end table -->"
OPTION_HELP = ("replace this script's tables on the guide's pages (api/guide/docs/explanation/) with this run's, "
               "each under a line naming the date, machine, commit and command")


class GuideError(Exception):
    """A page's markers do not pair up, or a table to write has no marker."""


@dataclass(frozen=True)
class Marked:
    """A table between markers on a page: its script, its name, and the lines between the markers."""

    page: Path
    script: str
    name: str
    start: int
    """The start marker's line index (0-based); the end marker's is ``start + len(body) + 1``."""
    body: tuple[str, ...]

    @property
    def line(self) -> int:
        """The start marker's line number (1-based), for messages."""
        return self.start + 1

    @property
    def header(self) -> list[str]:
        return header("\n".join(self.body))

    @property
    def provenance(self) -> str:
        """The text above the table, between the start marker and the table."""
        above = []
        for text in self.body:
            if text.startswith("|"):
                break
            above.append(text)
        return " ".join(text.strip() for text in above if text.strip())


QUICK_HELP = "tiny sizes: checks the runner works, measures nothing useful"
"""What a runner's ``--quick`` does, unless it says otherwise."""


def add_options(parser: argparse.ArgumentParser, quick: str = QUICK_HELP, guide: str = OPTION_HELP) -> None:
    """Every runner's two options: ``--quick`` (a moment: checks that the runner works) and ``--write-guide``."""
    parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--write-guide", action="store_true", help=guide)


def parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The runner's arguments (``argv``; ``None``: the command line's), ``--write-guide`` with ``--quick`` refused: a
    quick run's figures measure nothing, and the guide's tables hold measured figures alone."""
    given = parser.parse_args(argv)
    if given.write_guide and given.quick:
        parser.error("--write-guide writes measured figures: not with --quick")
    return given


def cells(line: str) -> list[str]:
    """A Markdown table line's cells (``\\|`` is a bar inside a cell)."""
    inner = line.strip()
    inner = inner.removeprefix("|")
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


def header(table: str) -> list[str]:
    """The header row's cells of the first Markdown table in ``table``."""
    for line in table.splitlines():
        if line.startswith("|"):
            return cells(line)
    raise GuideError(f"no table in {table[:80]!r}")


def marked(page: Path, text: str | None = None) -> list[Marked]:
    """Every marked table on a page, in order."""
    lines = (page.read_text(encoding="utf-8") if text is None else text).splitlines()
    found, open_at = [], None
    for index, line in enumerate(lines):
        match = START.match(line)
        if match:
            if open_at is not None:
                raise GuideError(f"{page.name}:{index + 1}: a table marker inside the one at line {open_at[0] + 1}")
            open_at = (index, match["script"], match["name"])
        elif line == END:
            if open_at is None:
                raise GuideError(f"{page.name}:{index + 1}: {END} without its start")
            start, script, name = open_at
            found.append(Marked(page, script, name, start, tuple(lines[start + 1:index])))
            open_at = None
    if open_at is not None:
        raise GuideError(f"{page.name}:{open_at[0] + 1}: a table marker never ended ({END})")
    return found


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "an unknown CPU"


def machine() -> str:
    """This machine as a provenance line names it: its CPU model and its cores."""
    return f"{cpu_model()} ({os.cpu_count()} cores)"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()


def commit() -> str:
    """The commit checked out, short, whether tracked files differ from it, and whether the kit engine ran compiled
    (``ludolog kit engine build``: files git ignores, so ``git status`` alone would not say it)."""
    try:
        sha = git("rev-parse", "--short=7", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError) as error:
        raise GuideError(f"the commit measured is unknown (git: {error}); the guide's figures name theirs") from error
    return (f"commit {sha}" + (" (with uncommitted changes)" if changed else "")
            + (" with the kit engine compiled" if engine_compiled() else ""))


def engine_compiled() -> bool:
    """Whether the kit engine of this folder is compiled (``ludolog kit engine build`` left modules in ``domain``)."""
    from cli.kit_engine import compiled_files

    return bool(compiled_files())


def command(script: str, argv: Sequence[str] | None) -> str:
    """The command that ran, as a reader would type it again (without ``--write-guide``)."""
    given = list(sys.argv[1:] if argv is None else argv)
    return shlex.join(["python", f"tests/benchmarks/{script}", *(arg for arg in given if arg != "--write-guide")])


def provenance(script: str, argv: Sequence[str] | None = None, on: str | None = None,
               today: datetime.date | None = None) -> str:
    """The line above a written table: ``*Measured on DATE on MACHINE, commit SHA by `COMMAND`.*``"""
    day = (today or datetime.date.today()).isoformat()
    return f"*Measured on {day} on {on or machine()}, {commit()} by `{command(script, argv)}`.*"


def write(script: str, tables: Mapping[str, str], argv: Sequence[str] | None = None, on: str | None = None,
          pages: Sequence[Path] = PAGES) -> list[str]:
    """Replaces each of ``script``'s marked tables named in ``tables`` (name: its Markdown, a table and any lines
    after it) with that table under a new provenance line; returns what it wrote, ``page: name`` each. A name with
    no marker on any page is an error, and nothing is written then."""
    line = provenance(script, argv, on)
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    written, seen = [], set()
    for page, text in texts.items():
        lines = text.splitlines()
        for found in reversed(marked(page, text)):  # from the bottom: earlier indexes stay right
            if found.script != script or found.name not in tables:
                continue
            body = ["", line, "", *tables[found.name].strip("\n").splitlines(), ""]  # blank lines: the markers stand apart
            lines[found.start + 1:found.start + 1 + len(found.body)] = body
            written.append(f"{page.relative_to(ROOT) if page.is_relative_to(ROOT) else page}: {found.name}")
            seen.add(found.name)
        texts[page] = "\n".join(lines) + ("\n" if text.endswith("\n") else "")
    missing = sorted(set(tables) - seen)
    if missing:
        raise GuideError(f"no marker <!-- table: {script} NAME --> on the guide's pages for: {', '.join(missing)}")
    for page, text in texts.items():
        page.write_text(text, encoding="utf-8")
    return sorted(written)


def report_written(written: Sequence[str]) -> None:
    for what in written:
        print(f"... wrote {what}", file=sys.stderr, flush=True)
