"""``ludolog tune``: the option values that make a game fair, or as long as the designer wants, found by bots.

Everything is checked before a game is played (the game, each ``--vary`` against the option's limits, each
``--goal`` against what the game can measure, the study's file); the search itself is
``domain.thinking.tuning`` and its report ``replays.tune_report``. The games run as a balance study's do
(``cli.balance_runs``: every core, or a Dask cluster); with ``--study FILE`` every block of games is kept in
that file (SQLite, or a ``postgresql://`` address) as it is played, so a tune stopped part way resumes where it
stopped when the same command is run again.
"""

from __future__ import annotations

import pathlib
import sys
from typing import TYPE_CHECKING, Any

import click

from cli.balance import kit_options, seat_bots, shelved_kit
from cli.balance_runs import default_workers, run_games
from cli.kits import is_kit_file, read_kit_file
from cli.terminal import db_option, deliver, parse_option
from domain.thinking.balance import MAX_COMMANDS
from domain.thinking.strategies import STRATEGIES

if TYPE_CHECKING:
    from domain.thinking.tuning.race import Race

FORMATS = ("markdown", "html", "json")


@click.command()
@click.argument("game")
@click.option("--vary", multiple=True, required=True, metavar="NAME=LOW..HIGH[:STEP]",
              help="An option (a kit's parameter) to tune and the values to try: LOW..HIGH[:STEP] for a whole number, "
                   "A,B,C for any, or NAME alone for a switch's or a choice's every value; repeatable.")
@click.option("--goal", "goals", multiple=True, required=True, metavar="GOAL",
              help="seats, sides, length=LOW..HIGH, draws<=SHARE or limits<=SHARE, each with an optional *WEIGHT; "
                   "several are one weighted mix.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="An option every game keeps; repeatable.")
@click.option("--players", type=int, help="Players (default: the fewest the game takes).")
@click.option("--bot", type=click.Choice(STRATEGIES), default="greedy", show_default=True,
              help="The bot in every seat: the answer holds for the way it plays.")
@click.option("--seat-bot", multiple=True, metavar="SEAT=STRATEGY", help="Another bot for one seat (2=search); repeatable.")
@click.option("--budget", default="50", show_default=True, help="A search bot's simulations a move.")
@click.option("--seed", default="tune", show_default=True, help="The games' base seed: the same seed, the same answer.")
@click.option("--block", type=click.IntRange(10, 10_000), default=100, show_default=True,
              help="Games a candidate plays at a time, between the race's checks.")
@click.option("--most-games", type=click.IntRange(10, 1_000_000), default=1000, show_default=True,
              help="The most games any candidate plays, a whole number of blocks: candidates still not told apart then are all reported.")
@click.option("--candidates", type=click.IntRange(2, 10_000), default=40, show_default=True,
              help="The most candidates tried; the optimiser picks which where the values give more.")
@click.option("--confirm", "confirm_games", type=click.IntRange(0, 1_000_000), default=200, show_default=True,
              help="Fresh games each for the recommended and the current values, side by side (0: none).")
@click.option("--study", "study_at", metavar="FILE", help="Keep the tune's games in this SQLite file (or a postgresql:// "
              "address) as they are played: the same command run again resumes it.")
@click.option("--workers", type=click.IntRange(1, 512), default=default_workers, show_default="every core", help="Processes.")
@click.option("--scheduler", metavar="ADDRESS", help="Run the games on this Dask scheduler (tcp://host:8786) instead.")
@click.option("--max-commands", type=click.IntRange(10, 1_000_000), default=MAX_COMMANDS, show_default=True,
              help="A game still going after this many commands is stopped as a suspected rule hole.")
@click.option("--fixed-sides", is_flag=True, help="Keep each seat's side where the options put it (as balance does).")
@click.option("--format", "form", type=click.Choice(FORMATS), default="markdown", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write the report here (default: print it).")
@click.option("--quiet", "-q", is_flag=True, help="No progress.")
@db_option
def tune(game: str, vary: tuple[str, ...], goals: tuple[str, ...], options: tuple[str, ...], players: int | None, bot: str,
         seat_bot: tuple[str, ...], budget: str, seed: str, block: int, most_games: int, candidates: int, confirm_games: int,
         study_at: str | None, workers: int, scheduler: str | None, max_commands: int, fixed_sides: bool, form: str,
         output: str | None, quiet: bool, db: str) -> None:
    """Find the values of GAME's options that meet a goal, played by bots.

    Each candidate plays the same seeds as every other, a block of games at a time; one clearly worse than the
    best (a paired interval) is dropped, so the games go to the candidates that may win. The report gives the
    recommended values with 95% intervals on each goal, the runners-up, a chart of the miss against the values
    (a heat map for two), and fresh games of the recommended values against the current ones.

    \b
    Example:
      ludolog tune pig.yaml --vary target=20..200:10 --goal seats
      ludolog tune missions --players 3 --vary target=50000..200000:10000 --goal length=20..40
      ludolog tune dice-race.yaml --vary head_start=0..10 --goal seats --bot random --study race.db

    GAME is a ruleset, a kit file with rules, or the name of a kit on the store's shelf ('ludolog kit add').
    """
    from domain.thinking.tuning.run import planned, tune_report
    from replays import tune_report as written

    if output is not None and not pathlib.Path(output).parent.is_dir():
        raise click.ClickException(f"cannot write {output}: there is no folder {pathlib.Path(output).parent}")
    given = dict(parse_option(text) for text in options)
    document = read_kit_file(game) if is_kit_file(game) else shelved_kit(game, db)
    ruleset = game if document is None else "table-kit"
    plan = planned(ruleset, given if document is None else kit_options(document, given), players,
                   lambda count: seat_bots(bot, seat_bot, count), vary, goals, budget=budget, seed=seed, block=block,
                   most_games=most_games, candidates=candidates, max_commands=max_commands, fixed_sides=fixed_sides)
    storage = open_study(study_at) if study_at else None

    def play(tasks: Any, label: str) -> list[Any]:
        return run_games(tasks, workers, scheduler, label, quiet)

    report = tune_report(plan, play, storage, confirm_games, None if quiet else told)
    text = {"markdown": written.to_markdown, "html": written.to_html, "json": written.to_json}[form](report)
    deliver(text, output)


def told(race: Race) -> None:
    left = len(race.running)
    click.echo(f"round {race.rounds}: {left} of {len(race.entries)} candidates in the race, "
               f"{sum(e.games for e in race.entries):,} games", file=sys.stderr)


def open_study(where: str) -> Any:
    """The storage a tune keeps its games in: a ``postgresql://`` address, or an SQLite file (created if need be)."""
    import optuna
    import sqlalchemy.exc

    if "://" in where:
        url = where
    else:
        path = pathlib.Path(where)
        if not path.parent.is_dir():
            raise click.ClickException(f"cannot keep the study in {where}: there is no folder {path.parent}")
        if path.exists() and (path.is_dir() or path.read_bytes()[:16] not in (b"", b"SQLite format 3\x00") or not _study_or_empty(path)):
            raise click.ClickException(f"cannot keep the study in {where}: it is not a study file (an SQLite database)")
        url = f"sqlite:///{path.resolve()}"
    try:
        return optuna.storages.RDBStorage(url)
    except (sqlalchemy.exc.SQLAlchemyError, ImportError, ValueError) as error:
        shown = url.split("@")[-1] if "@" in url else url
        raise click.ClickException(f"cannot open the study at {shown}: {str(error).splitlines()[0]}") from None


def _study_or_empty(path: pathlib.Path) -> bool:
    """Whether an SQLite file holds no table, or Optuna's: another database (a game store) is not a study file."""
    import contextlib
    import sqlite3

    if not path.stat().st_size:
        return True
    try:
        with contextlib.closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as connection:
            tables = {name for (name,) in connection.execute("select name from sqlite_master where type = 'table'")}
    except sqlite3.DatabaseError:
        return False
    return not tables or "studies" in tables
