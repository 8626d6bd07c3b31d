"""Benchmark of balance studies: how long ``ludolog balance`` takes to play and report, per ruleset.

    python tests/benchmarks/balance_report.py [--games 1000] [--search-games 20] [--budget 50] [--limit-games 400]
                                              [--workers N] [--quick] [--write-guide]

- **Random bots:** ``--games`` seeded games of random bots at the ruleset's fewest players, played on
  ``--workers`` processes (default: every core) as ``ludolog balance`` plays them, and their findings and
  Markdown report made: the wall-clock seconds of it all, against the target of 60 s for 1,000 games.
- **Search bots:** ``--search-games`` games of search bots (``--budget`` simulations a move) in every seat:
  seconds a game and the projected time of 1,000.
- **Greedy bots** (the report's default): likewise, ``--search-games`` games.
- **Squad Combat at its turn limit:** ``--limit-games`` seeded games of greedy bots at the defaults (the
  squads moved round the table, as ``ludolog balance`` plays them): how many ended at the turn limit,
  with its 95% interval. A figure to read (over 10% the report says the bots could not finish those
  games), not a target.

``--quick`` uses tiny sizes: it checks that the runner works and measures nothing useful. Table kits are
left out: ``ludolog balance`` refuses them (their bots know no rules, so their games say nothing of balance).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402

from cli.balance_runs import default_workers, run_games  # noqa: E402
from domain.engine import registry  # noqa: E402
from domain.thinking.balance.findings import findings  # noqa: E402
from domain.thinking.balance.study import Study, study_games  # noqa: E402
from replays.balance_report import to_markdown  # noqa: E402

TARGET_SECONDS = 60.0


def timed_study(study: Study, games: int, workers: int) -> tuple[float, dict]:
    """Wall-clock seconds to play the games and write their report, and the findings."""
    started = time.perf_counter()
    records = run_games(study_games(study, "bench", games), workers, None, "", quiet=True)
    found = findings(study, records)
    to_markdown({"seed": "bench", "given_options": {}, "findings": found})
    return time.perf_counter() - started, found


def studied() -> list:
    """The rulesets a balance study plays: those whose rules the bots know."""
    return [rules for rules in registry.all_rulesets() if rules.knows_the_rules]


def guide_table(rows: Sequence[Sequence[str]], games: int = 1000, budget: str = "50") -> str:
    """The guide's table, a row a ruleset: the random bots' games and report, their games a second, and the
    seconds a game of greedy and of search bots."""
    header = ["ruleset", "players", f"random: {games:,} games and report", "games/s", "greedy: s a game",
              f"search ({budget} simulations a move): s a game"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def limit_table(rows: Sequence[Sequence[str]]) -> str:
    """The guide's table of greedy Squad Combat games at the turn limit (the printed one without its seconds)."""
    header = ["ruleset", "players", "games", "turn limit", "at the limit", "share", "95% interval"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_headers(argv: Sequence[str] = ()) -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring, for a run
    with these arguments (the header names the games and the budget)."""
    given = arguments().parse_known_args(list(argv))[0]
    return {"studies": guide_pages.header(guide_table([], given.games, given.budget)), "limit": guide_pages.header(limit_table([]))}


def report(games: int, search_games: int, budget: str, workers: int, limit_games: int = 400,
           guide: dict[str, str] | None = None) -> str:
    """The printed report; ``guide``, when given, gets the guide's two tables by their markers' names."""
    studies: dict[str, list[str]] = {}
    lines = [f"## Random bots: {games} games and their report ({workers} workers)", "",
             "| ruleset | players | seconds | games/s | seconds for 1,000 | target | median turns |", "|---|---|---|---|---|---|---|"]
    for rules in studied():
        print(f"... random {rules.name}", file=sys.stderr, flush=True)
        seconds, found = timed_study(Study(rules.name, rules.min_seats), games, workers)
        per_thousand = seconds * 1000 / games
        verdict = "met" if per_thousand <= TARGET_SECONDS else "missed"
        lines.append(f"| {rules.name} | {rules.min_seats} | {seconds:.2f} | {games / seconds:,.1f} | {per_thousand:.1f} | "
                     f"≤ {TARGET_SECONDS:.0f} s: {verdict} | {found['length']['turns']['median']:g} |")
        studies[rules.name] = [f"`{rules.name}`", str(rules.min_seats), f"{seconds:.1f} s", f"{games / seconds:,.1f}", "", ""]
    for bot, extra in (("search", f", {budget} simulations a move"), ("greedy", "")):
        lines += ["", f"## {bot.capitalize()} bots: {search_games} games in every seat{extra} ({workers} workers)", "",
                  "| ruleset | players | seconds | seconds a game | seconds for 1,000 |", "|---|---|---|---|---|"]
        for rules in studied():
            print(f"... {bot} {rules.name}", file=sys.stderr, flush=True)
            study = Study(rules.name, rules.min_seats, bots=(bot,) * rules.min_seats, budget=budget)
            seconds, _ = timed_study(study, search_games, workers)
            lines.append(f"| {rules.name} | {rules.min_seats} | {seconds:.2f} | {seconds / search_games:.2f} | "
                         f"{seconds * 1000 / search_games:,.0f} |")
            studies[rules.name][4 if bot == "greedy" else 5] = f"{seconds / search_games:.2f}"
    limits = limit_report(limit_games, workers)
    if guide is not None:
        guide["studies"] = guide_table(list(studies.values()), games, budget)
        guide["limit"] = limit_table([limits[-1].strip("| ").split(" | ")[:-1]])
    return "\n".join(lines + [""] + limits)


def limit_report(games: int, workers: int) -> list[str]:
    """How many greedy Squad Combat games, at the defaults, ended at the turn limit."""
    print("... greedy squad-combat at the turn limit", file=sys.stderr, flush=True)
    study = Study("squad-combat", 2, bots=("greedy", "greedy"))
    seconds, found = timed_study(study, games, workers)
    limits = found["limits"]
    return [f"## Greedy Squad Combat at its defaults: games that ended at the turn limit ({workers} workers)", "",
            "| ruleset | players | games | turn limit | at the limit | share | 95% interval | seconds |", "|---|---|---|---|---|---|---|---|",
            f"| squad-combat | 2 | {games} | {limits['options']['turn_limit']} | {limits['count']} | {100 * limits['rate']:.1f}% | "
            f"{100 * limits['low']:.1f}–{100 * limits['high']:.1f}% | {seconds:.2f} |"]


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--search-games", type=int, default=20)
    parser.add_argument("--budget", default="50")
    parser.add_argument("--limit-games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=default_workers())
    guide_pages.add_options(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = arguments()
    given = guide_pages.parse(parser, argv)
    if given.quick:
        given.games, given.search_games, given.budget, given.limit_games = 4, 1, "3", 4
    guide: dict[str, str] = {}
    print(report(given.games, given.search_games, given.budget, given.workers, given.limit_games, guide))
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("balance_report.py", guide, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
