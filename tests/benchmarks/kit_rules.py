"""How fast a kit's rules play (kit 2's ``play``), for every shipped kit with rules (each ``kits/*.yaml`` with a
``play`` section, found in the folder, so a kit shipped later is measured too), as ``bots_report.py`` measures
the seven rulesets, beside OpenSpiel's own implementation of the same game; and the cost of one compiled condition.

    python tests/benchmarks/kit_rules.py [--runs 3] [--seconds 3] [--positions 20] [--budget 200] [--quick] [--write-guide]

- **Commands:** random legal commands per CPU-second through the rules alone (legal commands, decide,
  evolve: what a bot's playout and a balance study do), whole seeded random games at the kit's fewest seats,
  a plain seeded ``random.Random`` picking the commands and answering the chance; at least ``--seconds`` of
  CPU a run, the median of ``--runs`` runs. The kit is compiled first (one untimed game), as a process keeps
  it. The target is 20,000. Beside it, for a kit OpenSpiel plays too (``kit_openspiel.py``), OpenSpiel's random
  commands per CPU-second driven from the same kind of Python loop, its runs taking turns with the kit's in this
  process, and how many times slower the kit is; the slowest of them is to be within 20×. The Missions kit is
  measured so beside the Missions ruleset (``missions``), and is to reach half its rate.
- **Search:** the search bot's simulations per CPU-second (``--budget`` simulations a move) and its CPU
  milliseconds a move, at every seventh position of seeded random games where the seat has a choice, over
  ``--positions`` positions. A kit whose seat never has a choice gives the bot nothing to search: its row
  says so. The target is 500, the rulesets'.
- **Kit check:** the CPU seconds ``ludolog kit check`` takes on each kit file, its random games included (the
  command's default number), in a process of its own (``kit_check.check_cpu_seconds``). The target is 2 s.

The targets are gathered in a last table. ``--quick`` runs once for a moment, searches two positions and checks
each kit with one random game: it checks that the runner works. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

from domain.engine import registry  # noqa: E402
from domain.games.table_kit.language.expressions import compile_expression  # noqa: E402
from domain.games.table_kit.rules import KITS, shipped_kit  # noqa: E402

from benchmarks.bots_report import SIMULATIONS_TARGET, random_game_states, rules_games, rules_speed, search_speed  # noqa: E402

import guide_pages  # noqa: E402
import kit_check  # noqa: E402
import kit_openspiel  # noqa: E402

RULES = registry.get("table-kit")
COMMANDS_TARGET = 20_000
"""Random commands per CPU-second every shipped kit with rules is to reach."""
OPENSPIEL_TARGET = 20.0
"""How many times slower than OpenSpiel's same game the slowest kit may be (OpenSpiel's rate ÷ the kit's)."""
MISSIONS_KIT, MISSIONS_RULESET, MISSIONS_TARGET = "missions-with-rules", "missions", 0.5
"""The Missions kit is to reach this share of the Missions ruleset's rate."""
CHECK_TARGET = 2.0
"""CPU seconds ``ludolog kit check`` may take on a shipped kit, its random games included."""


def kits_with_rules() -> list[str]:
    """The shipped kits with rules, by name: every kit in the folder with a ``play`` section."""
    return sorted(path.stem for path in KITS.glob("*.yaml") if "play" in shipped_kit(path.stem))


def compiled(name: str) -> tuple[dict[str, Any], int]:
    """A kit's options and fewest seats, its rules compiled by one untimed game, as a process keeps them."""
    kit = shipped_kit(name)
    options, seats = {"kit": kit}, kit["seats"]["fewest"]
    for _ in random_game_states(RULES, seats, -1, options):
        pass
    return options, seats


def commands_rate(name: str, runs: int, seconds: float) -> tuple[float, int, int, int]:
    """A kit's median random commands per CPU-second over ``runs`` runs, its seats, and the games and commands
    the runs played."""
    rate, seats, games, commands, _ = beside(name, runs, seconds, None)
    return rate, seats, games, commands


def beside(name: str, runs: int, seconds: float, peer: Any) -> tuple[float, int, int, int, float | None]:
    """``commands_rate``'s figures and the median rate of ``peer`` (a function of the seconds giving a rate, or
    ``None``), each of its runs right after one of the kit's, so that the machine's drift falls on both alike."""
    options, seats = compiled(name)
    rates, peer_rates, games, commands = [], [], 0, 0
    for _ in range(runs):
        rate, played, applied = rules_games(RULES, seconds, options, seats)
        rates.append(rate)
        games, commands = games + played, commands + applied
        if peer is not None:
            peer_rates.append(peer(seconds))
    return statistics.median(rates), seats, games, commands, statistics.median(peer_rates) if peer_rates else None


def commands_row(name: str, runs: int, seconds: float) -> list[str]:
    """A kit's row: its seats, games and commands a game over the runs, the median commands per CPU-second, and
    OpenSpiel's same game's where it has one, with how many times slower the kit is."""
    game = kit_openspiel.counterpart(name, shipped_kit(name))
    peer = None if game is None else functools.partial(kit_openspiel.openspiel_rate, kit_openspiel.loaded(game))
    rate, seats, games, commands, theirs = beside(name, runs, seconds, peer)
    openspiel = ["—", "—", "—"]
    if game is not None and theirs is not None:
        openspiel = [f"`{kit_openspiel.described(game)}`", f"{theirs:,.0f}", f"{theirs / rate:,.1f}× slower"]
    return [name, str(seats), f"{games:,}", f"{commands / games:,.1f}", f"{rate:,.0f}",
            "met" if rate >= COMMANDS_TARGET else "not met", *openspiel]


def missions_rates(runs: int, seconds: float) -> tuple[float, float]:
    """The Missions kit's and the Missions ruleset's random commands per CPU-second at the kit's fewest seats,
    their runs taking turns."""
    ruleset = registry.get(MISSIONS_RULESET)
    seats = shipped_kit(MISSIONS_KIT)["seats"]["fewest"]
    kit, _, _, _, theirs = beside(MISSIONS_KIT, runs, seconds, functools.partial(rules_speed, ruleset, players=seats))
    assert theirs is not None
    return kit, theirs


def check_seconds(name: str, games: int) -> float:
    """The CPU seconds ``ludolog kit check`` takes on a shipped kit's file with ``games`` random games."""
    return kit_check.check_cpu_seconds(KITS / f"{name}.yaml", games)


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


def number(cell: str) -> float:
    return float(cell.replace(",", "").removesuffix("× slower"))


def target_rows(played: Sequence[Sequence[str]], searched: Sequence[Sequence[str]], missions: tuple[float, float],
                checked: dict[str, float]) -> list[list[str]]:
    """Each target's row: what, the target, what was measured, and whether it was met."""
    def row(what: str, target: str, measured: str, met: bool) -> list[str]:
        return [what, target, measured, "met" if met else "not met"]

    slowest = min(played, key=lambda found: number(found[4]))
    matched = [found for found in played if found[8] != "—"]
    behind = max(matched, key=lambda found: number(found[8]))
    kit, ruleset = missions
    searching = [found for found in searched if found[1] != "0"]
    slow_search = min(searching, key=lambda found: number(found[2]))
    slow_check = max(checked, key=checked.__getitem__)
    return [
        row("random commands per CPU-second, the slowest shipped kit with rules", f"≥ {COMMANDS_TARGET:,}",
            f"{slowest[4]} ({slowest[0]}; the fastest {max(number(found[4]) for found in played):,.0f})", number(slowest[4]) >= COMMANDS_TARGET),
        row("OpenSpiel's rate ÷ the kit's, the kit furthest behind its OpenSpiel game", f"≤ {OPENSPIEL_TARGET:g}×",
            f"{behind[8]} ({behind[0]}: {behind[4]} against {behind[7]}; the nearest {min(number(found[8]) for found in matched):,.1f}×)",
            number(behind[8]) <= OPENSPIEL_TARGET),
        row(f"the Missions kit's rate ÷ the Missions ruleset's ({MISSIONS_KIT} ÷ {MISSIONS_RULESET})", f"≥ {MISSIONS_TARGET:g}",
            f"{kit / ruleset:.2f} ({kit:,.0f} against {ruleset:,.0f})", kit / ruleset >= MISSIONS_TARGET),
        row("search simulations per CPU-second, the slowest shipped kit with rules", f"≥ {SIMULATIONS_TARGET}",
            f"{slow_search[2]} ({slow_search[0]})", number(slow_search[2]) >= SIMULATIONS_TARGET),
        row("`ludolog kit check` CPU seconds, each shipped kit with rules (its random games included)", f"≤ {CHECK_TARGET:g} s",
            " · ".join(f"{name} {seconds:.1f}" for name, seconds in checked.items()), checked[slow_check] <= CHECK_TARGET),
    ]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def commands_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["kit", "seats", "games", "commands a game", "commands per CPU-second", f"target {COMMANDS_TARGET:,}",
                  "OpenSpiel game", "OpenSpiel commands per CPU-second", "OpenSpiel ÷ kit"], rows)


def search_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["kit", "positions", "simulations per CPU-second", "ms a move", f"target {SIMULATIONS_TARGET} (the rulesets')"], rows)


def targets_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["measure", "target", "measured", "verdict"], rows)


def rates_table(played: Sequence[Sequence[str]]) -> str:
    """The guide's short table beside the rulesets' (``bot-figures.md``): each kit's commands per CPU-second."""
    return table(["kit", "commands/s", f"target {COMMANDS_TARGET:,}", "OpenSpiel ÷ kit"], [[row[0], row[4], row[5], row[8]] for row in played])


def simulations_table(searched: Sequence[Sequence[str]]) -> str:
    """The guide's short table of the search bot's speed through each kit, against the rulesets' target."""
    rows = [[row[0], "—", "—", "its seat never chooses: nothing to search"] if row[1] == "0" else [row[0], *row[2:]]
            for row in searched]
    return table(["kit", "simulations/s", "ms a move", f"the rulesets' {SIMULATIONS_TARGET}"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"commands": guide_pages.header(commands_table([])), "rates": guide_pages.header(rates_table([])),
            "search": guide_pages.header(simulations_table([])), "targets": guide_pages.header(targets_table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs a kit, the median shown (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a run plays at least (default 3)")
    parser.add_argument("--positions", type=int, default=20, help="positions the search bot thinks at (default 20)")
    parser.add_argument("--budget", type=int, default=200, help="the search bot's simulations a move (default 200)")
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser, argv)
    runs, seconds = (1, 0.05) if args.quick else (args.runs, args.seconds)
    positions, budget = (2, 20) if args.quick else (args.positions, args.budget)
    from cli.kits import check

    games = 1 if args.quick else int(next(option.default for option in check.params if option.name == "games"))  # type: ignore[arg-type]
    names = kits_with_rules()
    played = [commands_row(name, runs, seconds) for name in names]
    missions = missions_rates(runs, seconds)
    searched = [search_row(name, positions, budget) for name in names]
    checked = {name: check_seconds(name, games) for name in names}
    targets = target_rows(played, searched, missions, checked)
    print("\n\n".join([
        "## Kits with rules: random commands through the rules",
        f"Whole seeded random games at each kit's fewest seats; the median of {runs} run(s) of at least {seconds:g} CPU-seconds, "
        "OpenSpiel's runs (its same game, driven from Python alike) taking turns with the kit's.",
        commands_table(played),
        "## Kits with rules: the search bot",
        f"{budget} simulations a move, at every seventh position of seeded random games where the seat has a choice.",
        search_table(searched),
        (f"A compiled condition (`score[seat] + turn_total >= target`): {condition_microseconds(200 if args.quick else 20_000):.1f} "
         f"CPU microseconds an evaluation by its Python closures, {condition_microseconds(200 if args.quick else 20_000, by_cel=True):.1f} "
         "by CEL alone."),
        "## Kits with rules: targets",
        f"`ludolog kit check` with {games} random game(s) a kit, each in a process of its own.",
        targets_table(targets),
    ]))
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("kit_rules.py", {
            "commands": commands_table(played), "rates": rates_table(played), "search": simulations_table(searched),
            "targets": targets_table(targets)}, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
