"""How fast a kit's rules play (kit 2's ``play``), for every shipped kit with rules (each ``kits/*.yaml`` with a
``play`` section, found in the folder, so a kit shipped later is measured too), as ``bots_report.py`` measures
the seven rulesets; and the cost of one compiled condition.

    python tests/benchmarks/kit_rules.py [--runs 3] [--seconds 3] [--positions 20] [--budget 200] [--quick] [--write-guide]

- **Commands:** random legal commands per CPU-second through the rules alone (legal commands, decide,
  evolve: what a bot's playout and a balance study do), whole seeded random games at the kit's fewest seats,
  a plain seeded ``random.Random`` picking the commands and answering the chance; at least ``--seconds`` of
  CPU a run, the median of ``--runs`` runs. The kit is compiled first (one untimed game), as a process keeps
  it. The target is 5,000.
- **Search:** the search bot's simulations per CPU-second (``--budget`` simulations a move) and its CPU
  milliseconds a move, at every seventh position of seeded random games where the seat has a choice, over
  ``--positions`` positions. A kit whose seat never has a choice gives the bot nothing to search: its row
  says so.

``--quick`` runs once for a moment and searches two positions: it checks that the runner works. Nothing here
asserts on a time.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages
from benchmarks.bots_report import (
    SIMULATIONS_TARGET,
    random_game_states,
    rules_games,
    search_speed,
)

from domain.engine import registry
from domain.games.table_kit.expressions import compile_expression
from domain.games.table_kit.rules import KITS, shipped_kit

RULES = registry.get("table-kit")
COMMANDS_TARGET = 5_000
"""Random commands per CPU-second every shipped kit with rules is to reach."""


def kits_with_rules() -> list[str]:
    """The shipped kits with rules, by name: every kit in the folder with a ``play`` section."""
    return sorted(path.stem for path in KITS.glob("*.yaml") if "play" in shipped_kit(path.stem))


def commands_rate(name: str, runs: int, seconds: float) -> tuple[float, int, int, int]:
    """A kit's median random commands per CPU-second over ``runs`` runs, its seats, and the games and commands
    the runs played."""
    kit = shipped_kit(name)
    options, seats = {"kit": kit}, kit["seats"]["fewest"]
    for _ in random_game_states(RULES, seats, -1, options):  # compiles the kit, untimed
        pass
    rates, games, commands = [], 0, 0
    for _ in range(runs):
        rate, played, applied = rules_games(RULES, seconds, options, seats)
        rates.append(rate)
        games, commands = games + played, commands + applied
    return statistics.median(rates), seats, games, commands


def commands_row(name: str, runs: int, seconds: float) -> list[str]:
    """A kit's row: its seats, games and commands a game over the runs, and the median commands per CPU-second."""
    rate, seats, games, commands = commands_rate(name, runs, seconds)
    return [name, str(seats), f"{games:,}", f"{commands / games:,.1f}", f"{rate:,.0f}",
            "met" if rate >= COMMANDS_TARGET else "not met"]


def search_row(name: str, positions: int, budget: int) -> list[str]:
    """A kit's row of the search bot's speed, or the row saying its seats never choose."""
    kit = shipped_kit(name)
    options: dict[str, Any] = {"kit": kit}
    rate, ms = search_speed(RULES, positions, budget, options, kit["seats"]["fewest"])
    if not rate:
        return [name, "0", "—", "—", "no choice: one legal command at every position"]
    return [name, str(positions), f"{rate:,.0f}", f"{ms:,.0f}", "met" if rate >= SIMULATIONS_TARGET else "not met"]


def condition_microseconds(runs: int, by_cel: bool = False) -> float:
    """CPU microseconds a compiled condition takes, with the values it reads: by its Python closures (the way
    it is evaluated), or ``by_cel``, by CEL alone (the binding, the reference the closures follow)."""
    condition = compile_expression("score[seat] + turn_total >= target", {"score", "seat", "turn_total", "target"})
    scope = {"score": {1: 40, 2: 75}, "seat": 2, "turn_total": 12, "target": 100}
    evaluate = condition.by_cel if by_cel else condition.holds
    start = time.process_time()
    for _ in range(runs):
        evaluate(scope)
    return 1e6 * (time.process_time() - start) / runs


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def commands_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["kit", "seats", "games", "commands a game", "commands per CPU-second", f"target {COMMANDS_TARGET:,}"], rows)


def search_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["kit", "positions", "simulations per CPU-second", "ms a move", f"target {SIMULATIONS_TARGET} (the rulesets')"], rows)


def rates_table(played: Sequence[Sequence[str]]) -> str:
    """The guide's short table beside the rulesets' (``bot-figures.md``): each kit's commands per CPU-second."""
    return table(["kit", "commands/s", f"target {COMMANDS_TARGET:,}"], [[row[0], row[4], row[5]] for row in played])


def simulations_table(searched: Sequence[Sequence[str]]) -> str:
    """The guide's short table of the search bot's speed through each kit, against the rulesets' target."""
    rows = [[row[0], "—", "—", "its seat never chooses: nothing to search"] if row[1] == "0" else [row[0], *row[2:]]
            for row in searched]
    return table(["kit", "simulations/s", "ms a move", f"the rulesets' {SIMULATIONS_TARGET}"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"commands": guide_pages.header(commands_table([])), "rates": guide_pages.header(rates_table([])),
            "search": guide_pages.header(simulations_table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs a kit, the median shown (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a run plays at least (default 3)")
    parser.add_argument("--positions", type=int, default=20, help="positions the search bot thinks at (default 20)")
    parser.add_argument("--budget", type=int, default=200, help="the search bot's simulations a move (default 200)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the runner works, measures nothing useful")
    parser.add_argument("--write-guide", action="store_true", help=guide_pages.OPTION_HELP)
    args = parser.parse_args(argv)
    if args.write_guide and args.quick:
        parser.error("--write-guide writes measured figures: not with --quick")
    runs, seconds = (1, 0.05) if args.quick else (args.runs, args.seconds)
    positions, budget = (2, 20) if args.quick else (args.positions, args.budget)
    names = kits_with_rules()
    played = [commands_row(name, runs, seconds) for name in names]
    searched = [search_row(name, positions, budget) for name in names]
    print("\n\n".join([
        "## Kits with rules: random commands through the rules",
        f"Whole seeded random games at each kit's fewest seats; the median of {runs} run(s) of at least {seconds:g} CPU-seconds.",
        commands_table(played),
        "## Kits with rules: the search bot",
        f"{budget} simulations a move, at every seventh position of seeded random games where the seat has a choice.",
        search_table(searched),
        (f"A compiled condition (`score[seat] + turn_total >= target`): {condition_microseconds(200 if args.quick else 20_000):.1f} "
         f"CPU microseconds an evaluation by its Python closures, {condition_microseconds(200 if args.quick else 20_000, by_cel=True):.1f} "
         "by CEL alone."),
    ]))
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("kit_rules.py", {
            "commands": commands_table(played), "rates": rates_table(played), "search": simulations_table(searched)}, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
