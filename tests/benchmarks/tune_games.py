"""How many games ``ludolog tune`` plays against a grid over the same values, and its answers checked on fresh games.

Three tunes, each as ``ludolog tune`` runs it (``domain.thinking.tuning.run.tune_report``, games on every core):

- the dice race (``tests/kits/dice-race.yaml``, random bots): the head start that makes the seats even, whose
  exact answer the table sets beside it (each head start's chance worked out by dynamic programming);
- Missions (3 players, greedy bots): the money that wins, for a mean length of 40 to 50 turns;
- Pig (the shipped kit, greedy bots): the target that makes the seats even.

The first table counts the games: those the race played, and those a grid over the same values would play to give
every value the games the recommended one had, so to reach the same interval on it. The second gives each
tune's confirmation: the recommended values against the current ones on fresh seeds (1,000 games each unless
``--confirm`` says otherwise), the balance report's paired A/B.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]

import guide_pages  # noqa: E402

RATIO_TARGET = 3.0


@dataclass(frozen=True)
class Case:
    name: str
    game: str
    players: int
    bot: str
    vary: tuple[str, ...]
    goals: tuple[str, ...]
    kit: bool = True
    most_games: int = 1000


CASES = (
    Case("dice race: head start for even seats", "tests/kits/dice-race.yaml", 2, "random", ("head_start=0..10",), ("seats",), most_games=2000),
    Case("Missions: target for 40–50 turns", "missions", 3, "greedy", ("target=40000..300000:20000",), ("length=40..50",), kit=False),
    Case("Pig: target for even seats", "domain/games/table_kit/kits/pig.yaml", 2, "greedy", ("target=20..200:20",), ("seats",)),
)
QUICK = (
    Case("dice race: head start for even seats", "tests/kits/dice-race.yaml", 2, "random", ("head_start=0..3",), ("seats",)),
    Case("Missions: target for 30–40 turns", "missions", 3, "random", ("target=50000..100000:50000",), ("length=30..40",), kit=False),
)


def exact_seat_one(finish: int, head_start: int) -> float:
    """Seat 1's chance to win the dice race, moving first, the second seat ``head_start`` spaces ahead."""
    @functools.cache
    def to_move(mine: int, theirs: int) -> float:
        return sum(1.0 if roll >= mine else 1.0 - to_move(theirs, mine - roll) for roll in range(1, 7)) / 6

    return to_move(finish, finish - head_start)


def planned(case: Case, block: int, most_games: int, seed: str) -> Any:
    """The case's tune, checked before any game is played."""
    from domain.thinking.tuning.run import planned as tune_planned

    ruleset, options = (("table-kit", {"kit": yaml.safe_load((ROOT / case.game).read_text(encoding="utf-8"))}) if case.kit
                        else (case.game, {}))
    return tune_planned(ruleset, options, case.players, lambda players: (case.bot,) * players, case.vary, case.goals,
                        seed=seed, block=block, most_games=most_games)


def tuned(plan: Any, confirm: int, studies: Path | None, name: str) -> dict[str, Any]:
    """The tune's report, its games on every core; kept in ``studies/NAME.db`` as they are played, where given, so
    that a run stopped part way resumes there."""
    import optuna

    from cli.balance_runs import default_workers, run_games
    from domain.thinking.tuning.run import tune_report

    storage = None
    if studies is not None:
        studies.mkdir(parents=True, exist_ok=True)
        storage = optuna.storages.RDBStorage(f"sqlite:///{studies / (name.split(':')[0].replace(' ', '-').lower() + '.db')}")
    workers = default_workers()
    return tune_report(plan, lambda tasks, label: run_games(tasks, workers, None, label, True), storage, confirm)


def words(named: dict[str, Any]) -> str:
    return ", ".join(f"{key}={value}" for key, value in named.items())


def games_row(case: Case, report: dict[str, Any]) -> list[str]:
    others = [words(r["values"]) for r in report["candidates"] if r["standing"] == "not told apart"]
    exact = "—"
    if "dice" in case.game:
        values = report["tune"]["vary"][0]["values"]
        fair = min(values, key=lambda h: abs(exact_seat_one(20, h) - 0.5))
        held = fair == report["recommended"]["values"]["head_start"] or f"head_start={fair}" in others
        exact = f"head_start={fair}: {'held' if held else 'missed'}"
    return [case.name, str(report["space_size"]), str(len(report["candidates"])), f"{report['games']:,}",
            f"{report['grid_games']:,}", f"{report['grid_games'] / report['games']:.1f}×", words(report["recommended"]["values"]),
            "; ".join(others) or "none", exact]


def confirm_row(case: Case, report: dict[str, Any]) -> list[str]:
    found = report.get("confirmation") or {"verdict": "—", "games": 0}
    if found["verdict"] in ("—", "same"):
        return [case.name, str(found["games"]), words(report["recommended"]["values"]), words(report["current"]), "—", "—", "—", found["verdict"]]
    miss = found["miss"]
    def shown(m: dict[str, float]) -> str:
        return f"{m['value']:.3f} ({m['low']:.3f}–{m['high']:.3f})"
    difference = miss["difference"]
    return [case.name, f"{found['games']:,}", words(found["recommended"]), words(found["current"]), shown(miss["recommended"]),
            shown(miss["current"]), f"{difference['value']:+.3f} ({difference['low']:+.3f} to {difference['high']:+.3f})", found["verdict"]]


def games_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["tune", "values", "candidates tried", "games played", "grid's games", "grid ÷ tune", "recommended",
                  "not told apart", "exact fair value"], rows)


def confirm_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["tune", "fresh games each", "recommended", "current", "miss, recommended (95%)", "miss, current (95%)",
                  "difference (paired 95%)", "verdict"], rows)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


README_START, README_END = "<!-- tune figures: written by tests/benchmarks/tune_games.py -->", "<!-- end of tune figures -->"


def readme_lines(games: Sequence[Sequence[str]], confirmations: Sequence[Sequence[str]], argv: Sequence[str] | None) -> list[str]:
    """The README's sentence on these figures: each tune's games against a grid's, and its confirmation."""
    told = [f"{row[0]}, {row[3]} games against a grid's {row[4]} ({row[5]} fewer), recommending {row[6]}"
            + (f", confirmed {confirm[7]} on {confirm[1]} fresh games each" if confirm[7] not in ("—", "same") else "")
            for row, confirm in zip(games, confirmations)]
    when = guide_pages.provenance("tune_games.py", argv).strip("*").rstrip(".")
    return [f"Tunes measured by `tests/benchmarks/tune_games.py`: {'; '.join(told)} ({when[0].lower()}{when[1:]})."]


def write_readme(lines: Sequence[str]) -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8").splitlines()
    start, end = text.index(README_START), text.index(README_END)
    text[start + 1:end] = list(lines)
    readme.write_text("\n".join(text) + "\n", encoding="utf-8")


def guide_headers() -> dict[str, list[str]]:
    return {"games": guide_pages.header(games_table([])), "confirmations": guide_pages.header(confirm_table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--confirm", type=int, default=1000, help="fresh games each way in a confirmation (default 1,000)")
    parser.add_argument("--seed", default="tune", help="the tunes' seed (default tune)")
    parser.add_argument("--studies", type=Path, help="keep each tune's games in an SQLite file in this folder: run again, it resumes")
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser, argv)
    cases, block, confirm = (QUICK, 10, 10) if args.quick else (CASES, 100, args.confirm)
    plans = [planned(case, block, 20 if args.quick else case.most_games, args.seed) for case in cases]  # all checked first
    games, confirmations = [], []
    for case, plan in zip(cases, plans):
        report = tuned(plan, confirm, args.studies, case.name)
        games.append(games_row(case, report))
        confirmations.append(confirm_row(case, report))
        print(f"{case.name}: done; {' | '.join(games[-1])}; {' | '.join(confirmations[-1])}", file=sys.stderr, flush=True)
    ratios = [float(row[5].rstrip("×")) for row in games]
    print("## Tunes: games against a grid\n\n" + games_table(games) + "\n")
    print(f"Target: a grid needs at least {RATIO_TARGET:.0f}× the games: "
          f"{'met' if min(ratios) >= RATIO_TARGET else 'not met'} (the least {min(ratios):.1f}×).\n")
    print("## Tunes: the answers confirmed on fresh games\n\n" + confirm_table(confirmations))
    if args.write_guide:
        sentence = readme_lines(games, confirmations, argv)  # before the pages are written: the tree is as measured
        guide_pages.report_written(guide_pages.write("tune_games.py", {"games": games_table(games),
                                                                       "confirmations": confirm_table(confirmations)}, argv))
        write_readme(sentence)
    return 0


if __name__ == "__main__":
    sys.exit(main())
