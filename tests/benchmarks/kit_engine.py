"""The kit engine compiled (``ludolog kit engine build``) beside the engine as written, in one run: random commands per
CPU-second of every shipped kit with rules, the Missions kit against the Missions ruleset, Connect Four against
OpenSpiel's, and ``ludolog kit check``'s CPU seconds, with the issue's targets.

    python tests/benchmarks/kit_engine.py [--runs 3] [--seconds 2] [--quick] [--write-guide]

Two copies of the project are made in a folder of their own (``domain``, ``cli`` and ``tests``); the engine is
compiled in one of them (a minute or two; mypy and a C compiler are needed: ``pip install -e '.[engine]'``). Each
figure is ``kit_rules.py``'s own, measured in a process of its own in each copy, the two copies taking turns kit by
kit and run by run so that the machine's drift falls on both alike; the median of ``--runs`` is kept. ``--quick``
runs each once for a moment on two kits: it checks that the runner works. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "benchmarks")]

import guide_pages
from benchmarks.kit_rules import (
    CHECK_TARGET,
    COMMANDS_TARGET,
    MISSIONS_TARGET,
    OPENSPIEL_TARGET,
    kits_with_rules,
)

MEASURE = """
import json, sys
sys.path[:0] = [".", "tests", "tests/benchmarks"]
from benchmarks import kit_rules, kit_openspiel, kit_check
what, name, seconds, games = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
if what == "rate":
    found = {"rate": kit_rules.commands_rate(name, 1, seconds)[0]}
elif what == "missions":
    kit, ruleset = kit_rules.missions_rates(1, seconds)
    found = {"rate": kit, "ruleset": ruleset}
elif what == "openspiel":
    game = kit_openspiel.loaded(kit_openspiel.counterpart(name, kit_rules.shipped_kit(name)))
    found = {"rate": kit_rules.commands_rate(name, 1, seconds)[0], "openspiel": kit_openspiel.openspiel_rate(game, seconds)}
else:
    found = {"seconds": kit_check.check_cpu_seconds(kit_rules.KITS / f"{name}.yaml", games)}
print(json.dumps(found))
"""
"""One figure, measured in the copy it is run in (its arguments: what, the kit, the seconds, the games of a check)."""
COPIED = ("domain", "cli", "tests")


def copies(folder: Path) -> dict[str, Path]:
    """The project copied twice into ``folder``, the engine compiled in the second copy."""
    made = {}
    for label in ("as written", "compiled"):
        copy = folder / label.replace(" ", "-")
        for part in COPIED:
            shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns(
                "__pycache__", "*.so", "kit_engine.built", "node_modules", "screenshots", "*.sqlite3"))
        made[label] = copy
    built = subprocess.run([sys.executable, "-m", "cli.main", "kit", "engine", "build"], cwd=made["compiled"],
                           capture_output=True, text=True, check=False)
    if built.returncode != 0:
        raise SystemExit(f"the kit engine could not be compiled: {(built.stderr or built.stdout).strip()}")
    return made


def measured(copy: Path, what: str, name: str, seconds: float, games: int) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", MEASURE, what, name, str(seconds), str(games)], cwd=copy,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def medians(trees: dict[str, Path], what: str, name: str, runs: int, seconds: float, games: int) -> dict[str, dict[str, float]]:
    """Each copy's median of each figure, the copies taking turns run by run."""
    found: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    for _ in range(runs):
        for label, copy in trees.items():
            found[label].append(measured(copy, what, name, seconds, games))
    return {label: {key: statistics.median(run[key] for run in runs_) for key in runs_[0]} for label, runs_ in found.items()}


def table(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header), *("| " + " | ".join(row) + " |" for row in rows)])


def rates_table(rows: list[list[str]]) -> str:
    return table(["kit", "as written", "compiled", "compiled ÷ as written", f"compiled: target {COMMANDS_TARGET:,}"], rows)


def targets_table(rows: list[list[str]]) -> str:
    return table(["target", "as written", "compiled", "compiled: met?"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"rates": guide_pages.header(rates_table([])), "targets": guide_pages.header(targets_table([]))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    guide_pages.add_options(parser, quick="once, for a moment, on two kits: checks the runner")
    args = guide_pages.parse(parser, argv)
    runs, seconds = (1, 0.2) if args.quick else (args.runs, args.seconds)
    names = ["connect-four", "pig"] if args.quick else kits_with_rules()
    games = 2 if args.quick else 100
    with tempfile.TemporaryDirectory(prefix="ludolog-kit-engine-") as folder:
        trees = copies(Path(folder))
        rates = {name: medians(trees, "rate", name, runs, seconds, games) for name in names}
        missions = medians(trees, "missions", "missions-with-rules", runs, seconds, games)
        four = medians(trees, "openspiel", "connect-four", runs, seconds, games)
        checks = {name: medians(trees, "check", name, 1, seconds, games) for name in names}
    written, compiled = "as written", "compiled"
    rows = [[name, f"{found[written]['rate']:,.0f}", f"{found[compiled]['rate']:,.0f}",
             f"{found[compiled]['rate'] / found[written]['rate']:.2f}×",
             "met" if found[compiled]["rate"] >= COMMANDS_TARGET else "not met"] for name, found in rates.items()]
    slowest = min(rates, key=lambda name: rates[name][compiled]["rate"])
    slow_check = max(checks, key=lambda name: checks[name][compiled]["seconds"])

    def openspiel(label: str) -> float:
        return four[label]["openspiel"] / four[label]["rate"]

    def share(label: str) -> float:
        return missions[label]["rate"] / missions[label]["ruleset"]

    targets = [
        [f"every shipped kit ≥ {COMMANDS_TARGET:,} random commands per CPU-second (the slowest: {slowest})",
         f"{min(found[written]['rate'] for found in rates.values()):,.0f}", f"{rates[slowest][compiled]['rate']:,.0f}",
         "met" if rates[slowest][compiled]["rate"] >= COMMANDS_TARGET else "not met"],
        [f"Connect Four within {OPENSPIEL_TARGET:g}× of OpenSpiel's", f"{openspiel(written):.1f}×", f"{openspiel(compiled):.1f}×",
         "met" if openspiel(compiled) <= OPENSPIEL_TARGET else "not met"],
        [f"the Missions kit ≥ {MISSIONS_TARGET:g} of the Missions ruleset", f"{share(written):.2f}", f"{share(compiled):.2f}",
         "met" if share(compiled) >= MISSIONS_TARGET else "not met"],
        [f"`ludolog kit check` ≤ {CHECK_TARGET:g} s of CPU (the slowest: {slow_check})",
         f"{checks[slow_check][written]['seconds']:.2f} s", f"{checks[slow_check][compiled]['seconds']:.2f} s",
         "met" if checks[slow_check][compiled]["seconds"] <= CHECK_TARGET else "not met"],
    ]
    print("\n\n".join(["## The kit engine compiled, beside the engine as written: random commands per CPU-second",
                       f"The median of {runs} run(s) of at least {seconds:g} CPU-seconds each, the copies taking turns.",
                       rates_table(rows), "## The kit engine compiled, beside the engine as written: the targets",
                       targets_table(targets)]))
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("kit_engine.py", {"rates": rates_table(rows), "targets": targets_table(targets)}, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
