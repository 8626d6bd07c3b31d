"""``ludolog balance``: many seeded bot games of a ruleset and a report a designer can trust.

The games run on every core (or a Dask cluster); the report (``replays.balance_report``) says in
sentences, with 95% intervals, how fair the seats are and whether an edge follows the seat or the side
a seat plays (moved round the table from game to game where the ruleset's options can move them), how
long games run and how they end (at a turn limit too often: the bots could not finish them), which games
look like rule holes, how dramatic play is, what gets played, and, with ``--vs``, what switching an
option changes on the same seeds. The outlier games are kept in the store so they can be replayed.
"""

from __future__ import annotations

import pathlib
import shlex
import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import click

from cli.balance_runs import default_workers, run_games
from cli.kits import is_kit_file, kit_shelf, read_kit_file
from cli.terminal import db_option, deliver, open_service, parse_option, write
from domain.keeping.store import DEFAULT_STORE, describe_store
from domain.thinking.balance import MAX_COMMANDS
from domain.thinking.strategies import STRATEGIES

if TYPE_CHECKING:
    from domain.thinking.balance.study import GameRecord, Study

FORMATS = ("markdown", "html", "json")


def kit_options(document: dict[str, Any] | None, given: dict[str, Any]) -> dict[str, Any]:
    """A kit game's options from ``--option``/``--vs`` values: each names a parameter of the kit."""
    found: dict[str, Any] = {} if document is None else {"kit": document}
    if given:
        found["parameters"] = dict(given)
    return found


@click.command()
@click.argument("ruleset")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=200, show_default=True, help="Games to play.")
@click.option("--players", type=int, help="Players (default: the fewest the ruleset takes).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A ruleset option for every game; repeatable.")
@click.option("--vs", "vs_options", multiple=True, metavar="KEY=VALUE",
              help="Also play the same seeds with this option changed, and compare (A/B); repeatable.")
@click.option("--bot", type=click.Choice(STRATEGIES), default="greedy", show_default=True, help="The bot in every seat.")
@click.option("--seat-bot", multiple=True, metavar="SEAT=STRATEGY", help="Another bot for one seat (2=search); repeatable.")
@click.option("--budget", default="50", show_default=True, help="A search bot's simulations a move.")
@click.option("--skill", "skill_games", type=click.IntRange(0, 100_000), default=10, show_default=True,
              help="Games of a search bot against random bots, and against greedy ones (0: none).")
@click.option("--seed", default="balance", show_default=True, help="The games' base seed: the same seed, the same report.")
@click.option("--workers", type=click.IntRange(1, 512), default=default_workers, show_default="every core", help="Processes.")
@click.option("--scheduler", metavar="ADDRESS", help="Run the games on this Dask scheduler (tcp://host:8786) instead.")
@click.option("--max-commands", type=click.IntRange(10, 1_000_000), default=MAX_COMMANDS, show_default=True,
              help="A game still going after this many commands is stopped as a suspected rule hole.")
@click.option("--fixed-sides", is_flag=True,
              help="Keep each seat's side (squad, deck) where the options put it; by default a ruleset whose options can "
                   "move the sides round the table has them moved from game to game, so a side's edge is told from a seat's.")
@click.option("--with-table-games", is_flag=True, help="Set the store's finished table games (paper playtests) beside the bots'.")
@click.option("--keep/--no-keep", default=True, show_default=True,
              help="Keep the outlier games (longest, shortest, most lopsided, rule holes) in the store to replay.")
@click.option("--format", "form", type=click.Choice(FORMATS), default="markdown", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), help="Write the report here (default: print it).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@db_option
def balance(ruleset: str, games: int, players: int | None, options: tuple[str, ...], vs_options: tuple[str, ...], bot: str,
            seat_bot: tuple[str, ...], budget: str, skill_games: int, seed: str, workers: int, scheduler: str | None,
            max_commands: int, fixed_sides: bool, with_table_games: bool, keep: bool, form: str, output: str | None, quiet: bool,
            db: str) -> None:
    """Play seeded bot games of RULESET and report its balance.

    Fairness by seat and by side, skill against luck, length and endings (with the games stopped at a
    turn or round limit), suspected rule holes, drama, the commands and cards played, and (with --vs)
    what an option changes, on the same seeds. Each rate comes with its 95% interval and a verdict in
    words. The same seed gives the same report, on any number of workers or a Dask cluster (install
    the dask extra).

    \b
    Example:
      ludolog balance correction --games 400
      ludolog balance squad-combat --games 400 --fixed-sides
      ludolog balance project-assassination --option strike=on-entering --vs strike=every-move
      ludolog balance missions --players 4 --bot search --budget 30 --format html -o missions.html
      ludolog balance pig.yaml --option target=50 --vs target=100
      ludolog balance pig --games 400      (a kit on the shelf)

    RULESET may be a kit with rules (kit 2), as 'ludolog new' takes one: a kit file, or the name of a
    kit on the shelf of the store ('ludolog kit add'). Its parameters are the options.
    """
    from domain.engine import registry
    from domain.thinking.balance.compare import (
        skill,
        skill_studies,
        table_games,
        versus,
    )
    from domain.thinking.balance.findings import findings
    from domain.thinking.balance.study import Study, study_games
    from replays import balance_report

    if output is not None and not pathlib.Path(output).parent.is_dir():
        raise click.ClickException(f"cannot write {output}: there is no folder {pathlib.Path(output).parent}")
    given = dict(parse_option(text) for text in options)
    vs = dict(parse_option(text) for text in vs_options)
    document = read_kit_file(ruleset) if is_kit_file(ruleset) else shelved_kit(ruleset, db)
    if document is not None:  # a kit with rules, from a file or the shelf: its parameters are its options
        players = document["seats"]["fewest"] if players is None else players
        ruleset, given, vs = "table-kit", kit_options(document, given), kit_options(None, {**given, **vs} if vs else {})
    rules = registry.get(ruleset)
    if not rules.holds_rules(given):
        raise click.ClickException(f"{rules.game_title(given)} holds no rules (the people at the table keep them): its bots could only play "
                                   "by chance, and a balance report of it would say nothing about the game")
    players = rules.min_seats if players is None else players
    rules.check_seat_count(players)  # --players 0 is refused, not taken for the default
    study = Study(ruleset, players, given, seat_bots(bot, seat_bot, players), budget, max_commands, fixed_sides)
    other = replace(study, options={**study.options, **vs}) if vs else None  # bad options refused before any game
    keep = keep and db != ":memory:"  # a store that keeps nothing has no games to replay
    service = open_service(db, create=keep) if keep or with_table_games else None
    records = run_games(study_games(study, seed, games), workers, scheduler, "games", quiet)
    report: dict[str, Any] = {"seed": seed, "given_options": given, "findings": findings(study, records)}
    if skill_games:
        plays = skill_studies(replace(study, bots=()), skill_games, seed)
        played = run_games([task for _, task in plays], workers, scheduler, "skill", quiet)
        report["skill"], report["skill_budget"] = skill(list(zip((p[0] for p in plays), played)), study.players), budget
    if other is not None:
        second = run_games(study_games(other, seed, games), workers, scheduler, "vs", quiet)
        report["versus"] = versus(study.options, vs, records, second, study.players)
        report["versus"]["vs_findings"] = findings(other, second)
    if with_table_games and service is not None:
        report["table"] = table_games(paper_games(service, ruleset, study.players), report["findings"], study.players)
    if keep and service is not None:
        report["kept"] = keep_games(service, study, records, report["findings"], db, output if form == "html" else None)
    text = {"markdown": balance_report.to_markdown, "html": balance_report.to_html, "json": balance_report.to_json}[form](report)
    deliver(text, output)


def shelved_kit(name: str, db: str) -> dict[str, Any] | None:
    """The latest version of the kit the shelf of the store keeps under ``name``, when no ruleset has that
    name (as 'ludolog new' finds one); None for a ruleset's name. A name that is neither is an error
    naming the rulesets and the kits."""
    from domain.engine import registry
    from domain.engine.errors import UnknownRuleset

    try:
        registry.get(name)
        return None
    except UnknownRuleset as unknown:
        shelf = kit_shelf(db)
        if shelf is None:
            raise click.ClickException(f"{unknown.message}; kits: none, there is no store at {describe_store(db)} "
                                       "(--db names the store whose shelf has the kit)") from None
        return dict(shelf.game_setup(name, {}, None)[1]["kit"])  # or UnknownRuleset naming the kits


def seat_bots(bot: str, seat_bot: tuple[str, ...], players: int) -> tuple[str, ...]:
    bots = [bot] * players
    for text in seat_bot:
        seat, _, strategy = text.partition("=")
        if not seat.strip().isdigit() or not 1 <= int(seat) <= players or strategy not in STRATEGIES:
            raise click.BadParameter(f"{text!r} is not SEAT=STRATEGY with a seat from 1 to {players} and a strategy "
                                     f"of {', '.join(STRATEGIES)}", param_hint="--seat-bot")
        bots[int(seat) - 1] = strategy
    return tuple(bots)


def paper_games(service: Any, ruleset: str, players: int) -> list[dict[str, Any]]:
    """The store's finished table games of the ruleset with that many players, each saying what ended it
    (``ended_by``: its rules, or a resignation, an agreed draw or an abort, which ``table_games`` leaves out)."""
    from domain.thinking.balance.study import ending_of

    found = []
    for listed in service.list_games():
        if listed["ruleset"] != ruleset or not listed.get("table") or len(listed["seats"]) != players:
            continue
        game = service.game(uuid.UUID(str(listed["id"])))
        outcome = game.outcome()
        if outcome is not None:
            found.append({"turns": game.rules.turn_number(game.state), **ending_of(outcome, game.seats),
                          "ended_by": outcome.ended_by})
    return found


def keep_games(service: Any, study: Study, records: list[GameRecord], found: dict[str, Any], db: str,
               html_output: str | None) -> dict[str, Any]:
    """Record the outlier games, up to three rule holes and, when too many games ended at a turn or round
    limit, three of those, in the store, replaying each command the study played (with the sides where the
    game had them), so ``ludolog replay`` shows them: each game once, however many names it has. With an
    HTML report, write each one's replay page beside it and link it."""
    from replays import page

    chosen = {name: game["game"] for name, game in found["outliers"].items()}
    chosen.update({f"hole {hole['game']}": hole["game"] for hole in found["holes"][:3]})
    if found["limits"]["flagged"]:
        chosen.update({f"limit {game['game']}": game["game"] for game in found["limits"]["games"][:3]})
    stored: dict[int, dict[str, Any]] = {}
    for name, number in chosen.items():
        if number not in stored:
            stored[number] = keep_game(service, study, records[number], db)
            if html_output:
                folder = pathlib.Path(html_output).with_suffix("")
                target = folder.parent / f"{folder.name}-games" / f"{name.replace(' ', '-').replace('_', '-')}.html"
                write(target, page.to_html(service, uuid.UUID(stored[number]["game_id"])))
                stored[number]["page"] = f"{target.parent.name}/{target.name}"
    return {name: dict(stored[number]) for name, number in chosen.items()}


def keep_game(service: Any, study: Study, record: GameRecord, db: str) -> dict[str, Any]:
    """One study game recorded in the store, and the command that replays it from the store the study used."""
    from domain.thinking.balance.study import seat_names, study_salt

    names = [f"{seat} ({bot})" for seat, bot in zip(seat_names(study.players), record["bots"])]
    options = study.options_for(record.get("rotation") or 0)
    game_id = service.create_game(study.ruleset, names, options, seed=record["seed"], salt=study_salt(record["seed"]))
    for seat, command in record["moves"]:
        service.submit(game_id, seat, command)
    return {"game_id": str(game_id), "command": replay_command(str(game_id)[:8], db)}


def replay_command(game: str, db: str) -> str:
    """``ludolog replay GAME``, with ``--db`` when the study's store is not the default one (a password in a
    PostgreSQL address starred out, as every message shows it)."""
    store = "" if db == DEFAULT_STORE else f" --db {shlex.quote(describe_store(db) if '://' in db else db)}"
    return f"ludolog replay {game}{store}"
