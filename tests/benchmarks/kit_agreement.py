"""A game written twice, as a coded ruleset and as a kit with rules, balanced both ways: do the two balance
reports agree? For Missions (``ludolog balance missions`` against ``ludolog balance missions-with-rules.yaml``,
at 3 and at 4 players) and The Assassination Game Le (``assassination-le`` against
``assassination-game-le.yaml``, 3 players), the same number of seeded random games each: each seat's share of
the wins, the draws, the games stopped at a limit and the mean length in turns, each with its 95% interval,
and whether the two intervals overlap (they agree) or not; and the seconds each study took.

    python tests/benchmarks/kit_agreement.py [--games 1000] [--workers N]
    python tests/benchmarks/kit_agreement.py --quick      # 6 games a study: checks the runner
    python tests/benchmarks/kit_agreement.py --write-guide   # and the guide's table of both written into its page

The two games deal their chances differently (the seeds name different draws), so the figures are two samples
of the same game: within their intervals they should agree, as two samples of one coin do.
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
from domain.games.table_kit.rules import shipped_kit  # noqa: E402
from domain.thinking.balance.findings import findings  # noqa: E402
from domain.thinking.balance.study import Study, study_games  # noqa: E402


def studied(study: Study, games: int, workers: int) -> tuple[float, dict]:
    """The study's findings over ``games`` seeded random games, and the seconds they took."""
    started = time.perf_counter()
    found = findings(study, run_games(study_games(study, "agree", games), workers, None, "", quiet=True))
    return time.perf_counter() - started, found


PAIRS = (("Missions", "missions", "missions-with-rules", (3, 4)),
         ("The Assassination Game Le", "assassination-le", "assassination-game-le", (3,)))
"""Each game written twice: its title, the ruleset, the kit and the player counts compared."""


SEATS = max(count for *_, counts in PAIRS for count in counts)
"""The most seats a game of ``PAIRS`` is compared at: the guide's table has a column for each."""


def guide_table(rows: Sequence[Sequence[str]]) -> str:
    """The guide's table, a row a game and player count: each seat's share of the wins, the mean turns and the
    study's seconds, the ruleset's beside the kit's (the intervals are the printed tables')."""
    header = ["game", "players", "seat 1 wins (ruleset / kit)", *(f"seat {n}" for n in range(2, SEATS + 1)), "mean turns",
              "seconds (ruleset / kit)"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_row(title: str, players: int, coded: dict, kit: dict, coded_time: float, kit_time: float) -> list[str]:
    seats = [f"{100 * a['rate']:.1f}% / {100 * b['rate']:.1f}%"
             for a, b in zip(coded["fairness"]["seats"], kit["fairness"]["seats"], strict=True)]
    return [title, str(players), *seats, *[""] * (SEATS - len(seats)),
            f"{coded['length']['turns']['mean']:.1f} / {kit['length']['turns']['mean']:.1f}", f"{coded_time:.1f} / {kit_time:.1f}"]


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"agreement": guide_pages.header(guide_table([]))}


def rows(ruleset: str, kit_name: str, players: int, games: int, workers: int,
         guide: list[list[str]] | None = None, title: str = "") -> tuple[list[str], int]:
    """The table's rows for one game and player count, and how many of its figures disagree (and, given ``guide``,
    the guide's row for them added to it)."""
    coded_time, coded = studied(Study(ruleset, players), games, workers)
    kit_time, kit = studied(Study("table-kit", players, options={"kit": shipped_kit(kit_name)}), games, workers)
    figures = [(f"seat {a['seat']} wins", a, b) for a, b in zip(coded["fairness"]["seats"], kit["fairness"]["seats"], strict=True)]
    figures += [("draws", coded["fairness"]["draws"], kit["fairness"]["draws"]), ("at a limit", coded["limits"], kit["limits"])]
    out, apart = [], 0
    for what, a, b in figures:
        agree = a["low"] <= b["high"] and b["low"] <= a["high"]
        apart += not agree
        out.append(f"| {players} | {what} | {100 * a['rate']:.1f}% ({100 * a['low']:.1f}–{100 * a['high']:.1f}) | "
                   f"{100 * b['rate']:.1f}% ({100 * b['low']:.1f}–{100 * b['high']:.1f}) | {'yes' if agree else 'no'} |")
    a, b = coded["length"]["turns"], kit["length"]["turns"]
    agree = a["mean_low"] <= b["mean_high"] and b["mean_low"] <= a["mean_high"]
    apart += not agree
    out.append(f"| {players} | mean turns | {a['mean']:.1f} ({a['mean_low']:.1f}–{a['mean_high']:.1f}) | "
               f"{b['mean']:.1f} ({b['mean_low']:.1f}–{b['mean_high']:.1f}) | {'yes' if agree else 'no'} |")
    out.append(f"| {players} | seconds for the study | {coded_time:.1f} | {kit_time:.1f} | |")
    if guide is not None:
        guide.append(guide_row(title or ruleset, players, coded, kit, coded_time, kit_time))
    return out, apart


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=default_workers())
    guide_pages.add_options(parser)
    given = guide_pages.parse(parser, argv)
    games = 6 if given.quick else given.games
    lines: list[str] = []
    guide: list[list[str]] = []
    apart = 0
    for title, ruleset, kit_name, counts in PAIRS:
        lines += [f"## {title}: the ruleset and the kit with rules, {games} random games each ({given.workers} workers)", "",
                  "| players | figure | the ruleset (95% interval) | the kit (95% interval) | intervals overlap |", "|---|---|---|---|---|"]
        for players in counts:
            print(f"... {ruleset}, {players} players", file=sys.stderr, flush=True)
            found, differ = rows(ruleset, kit_name, players, games, given.workers, guide, title)
            lines += found
            apart += differ
        lines.append("")
    lines.append(f"{apart} of the figures' intervals do not overlap.")
    print("\n".join(lines))
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("kit_agreement.py", {"agreement": guide_table(guide)}, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
