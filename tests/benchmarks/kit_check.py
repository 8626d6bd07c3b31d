"""How long checking a kit takes (``ludolog kit check``, ``POST /kits``, a game made from a kit), for the
largest kit the limits allow.

    python tests/benchmarks/kit_check.py [--runs 5] [--quick] [--write-guide]

The kit is built at every limit of ``domain.games.table_kit.reading.checks`` at once: graphs listing
``MOST_NEIGHBOURS`` neighbours (four graphs of 50 spaces with 10 each), ``MOST_LINKS`` links, ``MOST_CARDS`` cards with
text and fields, and 20,000 characters of rules, as YAML and as JSON. A row gives the text's size and the
median of ``--runs`` checks from its text (``read_kit``: parsed, sized, checked against the schema and for
names that point nowhere): the kit as it is, and with one mistake in its last card (the schema then walked
again to name it).

A second table checks the largest shipped kit with rules (the biggest file in the kits folder with a ``play``
section, found there, so a larger kit shipped later is measured instead) as ``ludolog kit check`` does before it
plays its random games: read and checked from its text (``read_kit``: the rules compiled and checked among the
rest), then built (``Kit.of``, its cache emptied first, as in a new process). The target is 1 s.

``check_cpu_seconds`` gives the CPU seconds of ``ludolog kit check`` run whole on a kit file, its random games
included, as a user runs it; ``kit_rules.py`` reports it for each shipped kit with rules.

``--quick`` runs once: it checks that the runner works. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import yaml  # noqa: E402

from domain.games.table_kit.reading.checks import (  # noqa: E402
    MOST_CARDS,
    MOST_LINKS,
    MOST_NEIGHBOURS,
    size_problems,
)
from domain.games.table_kit.reading.kit import Kit  # noqa: E402
from domain.games.table_kit.reading.loading import read_kit  # noqa: E402
from domain.games.table_kit.rules import KITS  # noqa: E402

import guide_pages  # noqa: E402

SHIPPED_TARGET = 1.0
"""Seconds ``ludolog kit check`` may take for the largest shipped kit with rules, its random games aside."""


def largest_kit() -> dict[str, Any]:
    """A kit at every limit at once, that can be played."""
    groups, degree = 4, 10
    per_group = MOST_NEIGHBOURS // (groups * degree)
    spaces = []
    for group in range(groups):
        names = [f"g{group}-{n}" for n in range(per_group)]
        spaces.append({"name": f"graph {group}", "kind": "graph",
                       "neighbours": {name: [names[(n + k) % per_group] for k in range(1, degree + 1)] for n, name in enumerate(names)},
                       "links": [{"from": names[n % per_group], "to": names[(n + 7) % per_group], "label": "road"}
                                 for n in range(MOST_LINKS // groups)]})
    cards = [{"name": f"Card {n}", "text": f"Roll {n % 6 + 1} or less to gain {n % 9 + 1} coins.", "fields": {"level": n % 3 + 1, "value": n}}
             for n in range(MOST_CARDS)]
    return {"kit": 1, "name": "largest-kit", "title": "The largest kit", "summary": "Every limit at once.",
            "rules": ("Roll the die and move. " * 900)[:20000], "seats": {"fewest": 2, "most": 4},
            "spaces": spaces, "zones": [{"name": "pile", "shows": "face-down"}, {"name": "discard"}],
            "decks": [{"name": f"deck {d}", "pile": "pile", "cards": cards[d * 200:(d + 1) * 200]} for d in range(MOST_CARDS // 200)],
            "hands": {"deal": 5, "from": "pile"}}


class Unaliased(yaml.SafeDumper):
    """YAML written out in full, as a student writes it: a kit refuses aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def largest_rules() -> dict[str, Any]:
    """A kit with rules at every limit of the rules section: 20 parameters, 30 counters, a 26 × 26 grid, 30
    actions of 4 choices (each narrowed by a condition), a condition and 30 steps each, 20 endings, a value,
    a limit, and 30 setup and 30 stuck steps: over 1,000 expressions to compile and check."""
    parameters = {f"p{n}": {"default": n, "minimum": 0, "maximum": 100} for n in range(20)}
    counters = [{"name": f"c{n}", "start": 0, "min": 0, "max": 1000} for n in range(30)]
    steps = [{"if": f"c{n % 30}[seat] < p{n % 20} + count", "then": [{"add": f"c{n % 30}", "value": "1"}],
              "else": [{"set": f"c{(n + 1) % 30}", "to": "abs(number - face)"}]} for n in range(29)] + [{"pass": "next"}]
    choices = [{"name": "from", "space": "mine"},
               {"name": "to", "from": "from", "steps": ["ahead", "ahead-left", "ahead-right"], "space": ["empty", "theirs"],
                "where": "row(to) > 0 && owner(to) != seat"},
               {"name": "count", "number": [1, "p3 + 2"], "where": "count <= c1[seat] + 3"},
               {"name": "number", "number": [0, 2], "where": "number != count"}]
    actions = [{"name": f"action {n}", "summary": f"the action numbered {n}", "choose": copy.deepcopy(choices),
                "when": f"turn >= 0 && c{n % 30}[seat] <= p{n % 20} * 10 && free_spaces > 0",
                "effects": [{"move": {"from": "from", "to": "to"}}, *[{**step} for step in steps[:28]], {"pass": "next"}]}
               for n in range(30)]
    for action in actions:
        for step in action["effects"]:
            if "else" in step:
                step["else"] = [{"set": step["else"][0]["set"], "to": "count + number"}]
    return {"kit": 2, "name": "largest-rules", "title": "The largest rules", "seats": {"fewest": 2, "most": 2},
            "spaces": [{"name": "board", "kind": "grid", "columns": 26, "rows": 26}],
            "pieces": [{"kind": "pawn", "owner": "each", "count": 26,
                        "at": [f"{chr(97 + n)}{row}" for row in (1, 26) for n in range(26)]}],
            "counters": counters, "parameters": parameters,
            "play": {"facing": ["north", "south"], "actions": actions,
                     "end": [{"when": f"pieces(3 - seat) == 0 || c{n}[seat] >= p{n} + 500", "winners": "[seat]", "reason": f"end {n}"}
                             for n in range(20)],
                     "value": "double(pieces(seat)) / 52.0", "limit": {"turns": "p19 * 10", "most": "c0"},
                     "setup": [{"add": f"c{n}", "value": "p1", "seat": "1 + n0 % 2".replace("n0", str(n))} for n in range(30)],
                     "stuck": [{"add": f"c{n}", "value": "1"} for n in range(29)] + [{"pass": "next"}]}}


def timed(text: str, format: str, runs: int) -> tuple[float, bool]:
    """The median seconds of ``runs`` checks of the text, and whether it was found playable."""
    times, playable = [], False
    for _ in range(runs):
        started = time.perf_counter()
        document, _ = read_kit(text, source=f"kit.{format}", format=format)
        times.append(time.perf_counter() - started)
        playable = document is not None
    return statistics.median(times), playable


def largest_shipped() -> Path:
    """The largest file of a shipped kit with rules (by its size in bytes)."""
    with_rules = [path for path in KITS.glob("*.yaml") if "play" in yaml.safe_load(path.read_text(encoding="utf-8"))]
    return max(with_rules, key=lambda path: (path.stat().st_size, path.name))


def checked_before_games(path: Path, runs: int) -> tuple[float, float, bool]:
    """The first and the median seconds of ``runs`` checks of a kit file as ``ludolog kit check`` makes them
    before its random games (read and checked, then built), and whether it was found playable."""
    text, times, playable = path.read_text(encoding="utf-8"), [], False
    for _ in range(runs):
        Kit._cached.cache_clear()
        started = time.perf_counter()
        document, _ = read_kit(text, source=path.name)
        if document is not None:
            Kit.of(document)
        times.append(time.perf_counter() - started)
        playable = document is not None
    return times[0], statistics.median(times), playable


def check_cpu_seconds(path: Path, games: int) -> float:
    """The CPU seconds ``ludolog kit check PATH --games GAMES`` takes, run as a user runs it (a process of its own,
    from the project's folder): the kit read and checked, its rules' type checks and trace, and its random games.
    As an installed command runs, its modules' compiled bytecode is cached (``__pycache__``): a run beforehand, not
    timed, writes it even where the environment says not to (``PYTHONDONTWRITEBYTECODE``), so that what is timed is
    the check, not Python compiling ludolog's source."""
    command = [sys.executable, "-m", "cli.main", "kit", "check", str(path), "--games", str(games)]
    where = Path(__file__).resolve().parents[2]
    cached = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([*command[:-1], "0"], cwd=where, check=True, stdout=subprocess.DEVNULL, env=cached)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=where, check=True, stdout=subprocess.DEVNULL, env=cached)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def limits_table(rows: Sequence[Sequence[str]]) -> str:
    """The kits at every limit: the header, and the rows given (none: the header alone, printed first)."""
    header = ["kit", "format", "bytes", "playable", "ms a check"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def shipped_table(rows: Sequence[Sequence[str]]) -> str:
    """The largest shipped kit with rules, checked before its random games, against the target."""
    header = ["kit", "bytes", "playable", "ms the first check", "ms a check", f"target {SHIPPED_TARGET * 1000:,.0f} ms"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"limits": guide_pages.header(limits_table([])), "shipped": guide_pages.header(shipped_table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser, argv)
    runs = 1 if args.quick else args.runs
    kit = largest_kit()
    assert not size_problems(kit)
    broken = copy.deepcopy(kit)
    broken["decks"][-1]["cards"][-1]["fields"]["level"] = [1, 2]  # a field must be a text or a number
    print("## Checking the largest kit the limits allow", "", sep="\n")
    print(limits_table([]))
    rows = []
    rules = largest_rules()
    assert not size_problems(rules)
    misspelt = copy.deepcopy(rules)
    misspelt["play"]["end"][-1]["when"] = "c19[seat] >= p99"  # a parameter that is not there
    for label, document in (("at every limit", kit), ("one mistake, last card", broken),
                            ("rules at every limit", rules), ("rules, one mistake, last ending", misspelt)):
        for format, text in (("yaml", yaml.dump(document, Dumper=Unaliased, sort_keys=False)), ("json", json.dumps(document))):
            seconds, playable = timed(text, format, runs)
            rows.append([label, format, f"{len(text.encode()):,}", "yes" if playable else "no", f"{1000 * seconds:.0f}"])
            print("| " + " | ".join(rows[-1]) + " |", flush=True)
    path = largest_shipped()
    first, median, playable = checked_before_games(path, runs)
    print("", "## Checking the largest shipped kit with rules, before its random games", "", sep="\n")
    shipped = shipped_table([[path.name, f"{path.stat().st_size:,}", "yes" if playable else "no", f"{1000 * first:.0f}",
                               f"{1000 * median:.0f}", "met" if median < SHIPPED_TARGET else "not met"]])
    print(shipped)
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("kit_check.py", {"limits": limits_table(rows), "shipped": shipped}, argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
