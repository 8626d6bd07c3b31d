"""No measured figure on the guide's pages of figures without its provenance, and none that its source contradicts.

The two pages that hold every measured figure of the project (``explanation/benchmarks.md``: the service's
benchmarks; ``explanation/bot-figures.md``: the bots' speed and strength):

- every Markdown table sits under (or over) a line naming a date (YYYY-MM-DD) and the commit measured;
- every table between ``<!-- table: SCRIPT NAME -->`` markers (written by ``python tests/benchmarks/SCRIPT
  --write-guide``) has the header row the script's own table function makes today (``guide_headers()``, no
  benchmark run): a script that renames or adds a column fails here until its table is written again;
- every commit a page names exists and is no later than the dates beside it;
- the figures derived from others by the repository's code are recomputed: each win rate, Wilson interval,
  fair share and points figure from the wins, games and draws beside it (``domain.thinking.balance.stats``),
  and each share of games at a limit with its interval;
- the figures derived from the repository's files are recomputed from those files at the commit the table
  names: the shipped kits with rules (the kit tables' rows and seats), the largest of them and its size.

How fast anything is, or how strong, is not checked: the pages say, with their dates.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import inspect
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "tests" / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import guide_pages  # noqa: E402

from cli import kit_engine  # noqa: E402

from domain.thinking.balance.stats import rate, wilson  # noqa: E402

DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
COMMIT_WORD = re.compile(r"\bcommits?\b")
SHA = re.compile(r"\b(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b")
KITS = "domain/games/table_kit/kits"


@dataclass(frozen=True)
class Table:
    page: Path
    line: int
    """The header row's line number (1-based)."""
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    above: str
    """The paragraph right above the table (markers and blank lines skipped)."""
    below: str

    @property
    def where(self) -> str:
        return f"{self.page.name}:{self.line}"

    @property
    def provenance(self) -> str:
        """The table's provenance line, above it or else below: a line of its own in italics (``*...*``) naming a
        date and a commit ('' when neither paragraph is one)."""
        return next((text for text in (self.above, self.below) if is_provenance(text)), "")

    def records(self) -> list[dict[str, str]]:
        return [dict(zip(self.header, row, strict=True)) for row in self.rows]


def dated(text: str) -> bool:
    return bool(DATE.search(text) and COMMIT_WORD.search(text) and SHA.search(text))


def is_provenance(text: str) -> bool:
    """A provenance line: a paragraph in italics of its own, naming a date and a commit."""
    return text.startswith("*") and text.endswith("*") and not text.startswith("**") and dated(text)


def paragraph(lines: list[str], index: int, step: int) -> str:
    """The paragraph met going from ``index`` by ``step`` (-1 up, 1 down), past blank lines and HTML comments."""
    while 0 <= index < len(lines) and (not lines[index].strip() or lines[index].startswith("<!--")):
        index += step
    found = []
    while 0 <= index < len(lines) and lines[index].strip() and not lines[index].startswith(("<!--", "|", "#", "```")):
        found.append(lines[index].strip())
        index += step
    return " ".join(found if step > 0 else reversed(found))


def tables(page: Path) -> list[Table]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found, fenced, index = [], False, 0
    while index < len(lines):
        if lines[index].startswith("```"):
            fenced = not fenced
        if not fenced and lines[index].startswith("|"):
            start = index
            while index < len(lines) and lines[index].startswith("|"):
                index += 1
            block = lines[start:index]
            assert len(block) >= 2 and set(block[1]) <= set("|-: "), f"{page.name}:{start + 1}: not a table: {block[0]}"
            header = tuple(guide_pages.cells(block[0]))
            rows = tuple(tuple(guide_pages.cells(line)) for line in block[2:])
            for row in rows:
                assert len(row) == len(header), f"{page.name}:{start + 1}: a row of {len(row)} cells under {len(header)}"
            found.append(Table(page, start + 1, header, rows, paragraph(lines, start - 1, -1), paragraph(lines, index, 1)))
            continue
        index += 1
    return found


@cache
def every_table() -> tuple[Table, ...]:
    return tuple(table for page in guide_pages.PAGES for table in tables(page))


def test_the_pages_have_tables_and_marked_ones():
    assert len(every_table()) > 30
    assert {page.name for page in guide_pages.PAGES} == {"benchmarks.md", "bot-figures.md"}
    assert all(guide_pages.marked(page) for page in guide_pages.PAGES)


def test_every_table_sits_by_a_line_naming_its_date_and_commit():
    undated = [f"{table.where}: | {' | '.join(table.header[:3])} | ..." for table in every_table() if not table.provenance]
    assert not undated, ("tables with no provenance line (in italics, above or below) naming a date (YYYY-MM-DD) and a "
                         "commit:\n" + "\n".join(undated))


# -- the tables a script writes ---------------------------------------------------------------------------


def marked_tables() -> list[guide_pages.Marked]:
    return [found for page in guide_pages.PAGES for found in guide_pages.marked(page)]


@cache
def script_headers(script: str, args: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """What the script's table functions make, table by table, without running it (for a run with ``args``, where
    its headers name its sizes)."""
    path = list(sys.path)
    try:
        module = importlib.import_module(script.removesuffix(".py"))
    finally:
        sys.path[:] = path  # a script puts its own folders first on the path: not for the tests after this one
    return module.guide_headers(args) if inspect.signature(module.guide_headers).parameters else module.guide_headers()


def arguments_of(found: guide_pages.Marked) -> tuple[str, ...]:
    """The arguments of the run its provenance line names (``by `python tests/benchmarks/SCRIPT ARGS```)."""
    ran = re.search(rf"`python tests/benchmarks/{re.escape(found.script)}((?: [^`]*)?)`", found.provenance)
    return tuple(shlex.split(ran[1])) if ran else ()


@pytest.mark.parametrize("found", marked_tables(), ids=lambda found: f"{found.page.name}:{found.script}:{found.name}")
def test_a_marked_table_has_the_header_its_script_writes_and_a_dated_line(found):
    where = f"{found.page.name}:{found.line}"
    made = script_headers(found.script, arguments_of(found))
    assert found.name in made, f"{where}: {found.script} writes no table named {found.name!r} (it writes {sorted(made)})"
    assert found.header == made[found.name], (
        f"{where}: the table's columns are not the ones {found.script} writes today: run "
        f"`python tests/benchmarks/{found.script} --write-guide` (or mend the marker)\n page:   {found.header}\n script: "
        f"{made[found.name]}")
    assert sum(1 for line in found.body if line.startswith("|") and set(line) <= set("|-: ")) == 1, f"{where}: one table"
    assert is_provenance(found.provenance) and found.provenance.startswith("*Measured on "), (where, found.provenance)
    assert f"`python tests/benchmarks/{found.script}" in found.provenance, (where, found.provenance)
    script = (BENCHMARKS / found.script).read_text(encoding="utf-8")
    assert "--write-guide" in script or "guide_pages.add_options(parser" in script, found.script


def test_every_table_a_script_writes_has_its_marker_and_each_marker_once():
    on_pages = [(found.script, found.name) for found in marked_tables()]
    assert len(on_pages) == len(set(on_pages)), "a marker twice"
    for script in {script for script, _ in on_pages}:
        missing = set(script_headers(script)) - {name for writer, name in on_pages if writer == script}
        assert not missing, f"{script} writes tables no page marks: {sorted(missing)}"


def test_the_line_a_script_writes_is_one_this_test_accepts(monkeypatch):
    monkeypatch.setattr(guide_pages, "commit", lambda: "commit 0a1b2c3 (with uncommitted changes)")
    monkeypatch.setattr(guide_pages, "machine", lambda: "AMD EPYC (2 cores)")
    line = guide_pages.provenance("report.py", ["--write-guide", "--no-postgres"], today=datetime.date(2026, 12, 1))
    assert line == ("*Measured on 2026-12-01 on AMD EPYC (2 cores), commit 0a1b2c3 (with uncommitted changes) by "
                    "`python tests/benchmarks/report.py --no-postgres`.*")
    assert is_provenance(line)


def test_the_line_says_where_the_kit_engine_ran_compiled(tmp_path, monkeypatch):
    module = tmp_path / "domain" / "games" / "table_kit" / "play" / f"kit_steps{EXTENSION_SUFFIXES[0]}"
    module.parent.mkdir(parents=True)
    monkeypatch.setattr(kit_engine, "ROOT", tmp_path)
    assert not guide_pages.engine_compiled()
    module.write_bytes(b"\x7fELF compiled")  # what ``ludolog kit engine build`` leaves beside a module
    assert guide_pages.engine_compiled()
    monkeypatch.setattr(guide_pages, "git", lambda *args: "" if args[0] == "status" else "0a1b2c3")
    assert guide_pages.commit() == "commit 0a1b2c3 with the kit engine compiled"
    assert is_provenance(guide_pages.provenance("kit_rules.py", [], on="AMD EPYC (2 cores)"))


def test_a_runner_refuses_to_write_the_guide_from_a_quick_run(capsys):
    parser = argparse.ArgumentParser()
    guide_pages.add_options(parser)
    with pytest.raises(SystemExit) as stopped:
        guide_pages.parse(parser, ["--quick", "--write-guide"])
    assert stopped.value.code == 2 and "--write-guide writes measured figures: not with --quick" in capsys.readouterr().err
    assert guide_pages.parse(parser, ["--write-guide"]).write_guide and guide_pages.parse(parser, ["--quick"]).quick


def test_every_runner_that_writes_the_guide_and_runs_quick_parses_its_options_so():
    texts = {path.name: path.read_text(encoding="utf-8") for path in BENCHMARKS.glob("*.py") if path.name != "guide_pages.py"}
    writers = {name: text for name, text in texts.items()
               if "guide_pages.write(" in text and ('"--quick"' in text or "add_options(parser" in text)}
    assert len(writers) >= 15
    for name, text in writers.items():
        assert "guide_pages.parse(parser" in text or "not with --quick" in text, name


def test_writing_the_guide_replaces_a_scripts_tables_between_their_markers_and_nothing_else(tmp_path, monkeypatch):
    monkeypatch.setattr(guide_pages, "commit", lambda: "commit 0a1b2c3")
    page = tmp_path / "figures.md"
    page.write_text("# Figures\n\nBefore.\n\n<!-- table: costly.py costly -->\n\n*Measured on 2026-11-23, commit 0d5fcf1.*\n\n"
                    "| old |\n|---|\n| 1 |\n\n<!-- end table -->\n\nBetween.\n\n<!-- table: streams.py streams -->\n\n"
                    "| kept |\n|---|\n\n<!-- end table -->\n\nAfter.\n", encoding="utf-8")
    written = guide_pages.write("costly.py", {"costly": "| new | column |\n|---|---|\n| 2 | 3 |"}, ["--seconds", "20"],
                                on="a machine (2 cores)", pages=[page])
    assert written == [f"{page}: costly"]
    text = page.read_text(encoding="utf-8")
    today = datetime.date.today().isoformat()
    assert (f"<!-- table: costly.py costly -->\n\n*Measured on {today} on a machine (2 cores), commit 0a1b2c3 by "
            "`python tests/benchmarks/costly.py --seconds 20`.*\n\n| new | column |\n|---|---|\n| 2 | 3 |\n\n"
            "<!-- end table -->\n\nBetween.") in text
    assert text.startswith("# Figures\n\nBefore.\n\n") and "| kept |\n|---|\n\n<!-- end table -->\n\nAfter.\n" in text
    [costly, streams] = guide_pages.marked(page)
    assert costly.header == ["new", "column"] and streams.header == ["kept"]
    with pytest.raises(guide_pages.GuideError, match="nowhere"):
        guide_pages.write("costly.py", {"nowhere": "| a |\n|---|"}, [], on="m", pages=[page])
    assert page.read_text(encoding="utf-8") == text  # nothing written when a table has no marker


# -- the commits named -------------------------------------------------------------------------------------


@cache
def history() -> dict[str, datetime.date]:
    """Every commit of the repository by its full hash, with its author's date; skips without a full history."""
    try:
        shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT, capture_output=True, text=True,
                                 check=True).stdout.strip()
        log = subprocess.run(["git", "log", "--all", "--format=%H %as"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the commits named cannot be looked up")
    if shallow == "true":
        pytest.skip("a shallow clone: the commits named may be missing from it")
    return {sha: datetime.date.fromisoformat(day) for sha, day in (line.split() for line in log.splitlines())}


def commit_date(short: str) -> datetime.date | None:
    found = [day for sha, day in history().items() if sha.startswith(short)]
    return found[0] if len(found) == 1 else None


def dated_paragraphs() -> list[tuple[str, str]]:
    """Every paragraph (or list item, or table line) of the pages that names a commit, with where it is."""
    found = []
    for page in guide_pages.PAGES:
        text = page.read_text(encoding="utf-8")
        for number, block in enumerate(re.split(r"\n\s*\n|\n(?=\s*- )", text)):
            if COMMIT_WORD.search(block) and SHA.search(block) and not block.lstrip().startswith("```"):
                found.append((f"{page.name} (block {number}: {block.strip()[:60]}...)", block))
    return found


def test_every_commit_named_exists_and_is_no_later_than_the_dates_beside_it():
    problems = []
    paragraphs = dated_paragraphs()
    assert len(paragraphs) > 60
    for where, block in paragraphs:
        days = [datetime.date.fromisoformat(day) for day in DATE.findall(block)]
        if not days:
            problems.append(f"{where}: names a commit and no date")
            continue
        for short in SHA.findall(block):
            day = commit_date(short)
            if day is None:
                problems.append(f"{where}: commit {short} is not one commit of this repository")
            elif day > max(days) + datetime.timedelta(days=1):
                problems.append(f"{where}: commit {short} of {day} is later than every date beside it ({max(days)})")
    assert not problems, "\n".join(problems)


# -- figures derived from other figures --------------------------------------------------------------------


def percent(value: float) -> str:
    return f"{value:.0%}"


def test_win_rates_intervals_fair_shares_and_points_are_those_of_their_counts():
    checked, problems = 0, []
    for table in every_table():
        if not {"wins", "Wilson 95%"} <= set(table.header):
            continue
        for row in table.records():
            wins, games = map(int, re.fullmatch(r"(\d+)/(\d+)", row["wins"]).groups())
            players = int(row["players"])
            low, high = wilson(wins, games)
            expected = {"win rate": percent(wins / games), "Wilson 95%": f"{percent(low)}–{percent(high)}",
                        "fair share": percent(1 / players)}
            if row.get("draws", "").isdigit() and "points" in row:
                expected["points"] = percent((wins + int(row["draws"]) / players) / games)
            for column, figure in expected.items():
                # a cell may say more in brackets after the figure: "22%–35% (34.6%)"
                if not re.fullmatch(re.escape(figure) + r"( \(.*\))?", row[column]):
                    problems.append(f"{table.where}: {row[table.header[2]]}: {column} {row[column]!r}, but {row['wins']} "
                                    f"with {players} players gives {figure!r}")
                checked += 1
    assert checked > 300
    assert not problems, "\n".join(problems)


def test_each_share_of_games_at_a_limit_is_that_of_its_count_with_its_interval():
    checked = 0
    for table in every_table():
        if not {"at the limit", "games", "share", "95% interval"} <= set(table.header):
            continue
        for row in table.records():
            found = rate(int(row["at the limit"]), int(row["games"].replace(",", "")))
            assert row["share"] == f"{100 * found['rate']:.1f}%", (table.where, row)
            assert row["95% interval"] == f"{100 * found['low']:.1f}–{100 * found['high']:.1f}%", (table.where, row)
            checked += 1
    assert checked >= 1


# -- figures derived from the repository's files -------------------------------------------------------------


@cache
def kits_at(commit: str) -> dict[str, tuple[int, dict]]:
    """The shipped kits at a commit: each file's name, its size in bytes and its document."""
    history()  # skips without a full history
    listing = subprocess.run(["git", "ls-tree", "--name-only", commit, f"{KITS}/"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout.splitlines()
    paths = [path for path in listing if path.endswith(".yaml")]
    read = subprocess.run(["git", "cat-file", "--batch"], cwd=ROOT, input="".join(f"{commit}:{path}\n" for path in paths).encode(),
                          capture_output=True, check=True).stdout
    found, offset = {}, 0
    for path in paths:
        head_end = read.index(b"\n", offset)
        size = int(read[offset:head_end].split()[2])
        body = read[head_end + 1:head_end + 1 + size]
        offset = head_end + 1 + size + 1
        found[Path(path).name] = (size, yaml.load(body.decode("utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    return found


def with_rules(commit: str) -> dict[str, dict]:
    return {Path(name).stem: document for name, (_, document) in kits_at(commit).items() if "play" in document}


def commits_of(table: Table) -> list[str]:
    return SHA.findall(table.provenance)


def test_the_kit_tables_list_the_kits_with_rules_shipped_at_their_commit_with_their_fewest_seats():
    checked = 0
    for table in every_table():
        if table.header[0] != "kit" or not table.rows or any(" " in row[0] or "." in row[0] for row in table.rows):
            continue  # the kit tables of kit_rules.py: a row a shipped kit with rules, by its name
        named = [row[0] for row in table.rows]
        seats = [row[table.header.index("seats")] for row in table.rows] if "seats" in table.header else None
        matches = []
        for commit in commits_of(table):
            shipped = with_rules(commit)
            same = named == sorted(shipped) and (seats is None or seats == [str(shipped[n]["seats"]["fewest"]) for n in named])
            matches.append(same)
        assert any(matches), f"{table.where}: the kits {named} are not the kits with rules at {commits_of(table)}"
        checked += 1
    assert checked >= 3


SIZED = re.compile(r"\b([\w-]+\.yaml)(?:, | \| )([\d,]+)\b")
"""A kit file named with its size: "missions-with-rules.yaml, 15,832 bytes" or a row "| missions-with-rules.yaml | 15,832 |"."""


def test_the_largest_shipped_kit_with_rules_and_its_size_are_those_of_the_commit_named():
    checked = 0
    for table in every_table():
        for row in table.rows:
            for name, size in SIZED.findall(" | ".join(row)):
                matches = []
                for commit in commits_of(table):
                    kits = kits_at(commit)
                    ruled = [file for file, (_, document) in kits.items() if "play" in document]
                    largest = max(ruled, key=lambda file: kits[file][0]) if ruled else None
                    matches.append(name == largest and kits[name][0] == int(size.replace(",", "")))
                assert any(matches), f"{table.where}: {name} of {size} bytes is not the largest kit with rules at any of {commits_of(table)}"
                checked += 1
    assert checked >= 2
