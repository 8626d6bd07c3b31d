"""Table kits from the command line: the group ``ludolog kit`` and its commands (``check``; ``add``,
``list``, ``show`` and ``schema``: the kit shelf of the store, ``domain.keeping.kit_shelf``), and reading a kit
file for the commands that take one (``new``).

A kit file is YAML, TOML or JSON (``domain/games/table_kit/reading/loading.py`` reads it); each mistake in
it is one line, ``FILE:LINE: FIELD: MESSAGE``, and a command that finds one exits 1.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

import click

from cli.kit_engine import check_not_stale, engine
from cli.terminal import HELP, db_option, open_service, shown, sqlite_file

if TYPE_CHECKING:
    from domain.keeping.kit_shelf import KitShelf


@click.group(context_settings=HELP)
@click.pass_context
def kit(ctx: click.Context) -> None:
    """Work with table kits: files (YAML, TOML or JSON) that describe a game's components.

    \b
    Example:
      ludolog kit check snakes.yaml
      ludolog kit add snakes.yaml && ludolog new snakes-and-ladders --seat Ann --seat Ben
    """
    if ctx.invoked_subcommand != "engine":  # which builds, cleans or tells what it would refuse
        check_not_stale()


KIT_SUFFIXES = (".yaml", ".yml", ".toml", ".json")
"""What a kit file's name ends with (its format): a RULESET argument ending so is a kit file."""


def is_kit_file(name: str) -> bool:
    """Whether a command's RULESET argument names a kit file (by its suffix), not a ruleset or a shelved kit."""
    return name.lower().endswith(KIT_SUFFIXES)


def read_kit_file(path: str) -> dict[str, Any]:
    """The kit document in a file; ``ClickException`` with a line for each mistake (or for a file that
    cannot be read)."""
    document, mistakes = _read(path)
    if document is None:
        raise click.ClickException("\n".join(mistakes))
    return document


def _read(path: str, more: Any = None, later: tuple[str, ...] = ()) -> tuple[dict[str, Any] | None, list[str]]:
    """A kit file's document and no lines, or None and a line for each mistake (``more``: further checks of a
    kit without mistakes of its own, placed on their lines alike; ``later``: the checks of a kit's rules run
    after it, told as not run for a kit with mistakes)."""
    from domain.games.table_kit.reading.loading import LARGEST, read_kit

    try:
        with open(path, "rb") as file:
            data = file.read(LARGEST + 1)
    except OSError as error:
        return None, [f"{path}: cannot read it: {error.strerror or error}"]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        if len(data) <= LARGEST:
            line = data.count(b"\n", 0, error.start) + 1
            return None, [f"{path}:{line}: not UTF-8 text: byte {data[error.start]:#04x}"]
        text = data.decode("utf-8", "replace")  # cut inside a character: refused for its size
    return read_kit(text, source=path, more=more, later=later)


def _counted(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


@kit.command(context_settings=HELP)
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--games", type=click.IntRange(0, 10_000), default=100, show_default=True,
              help="For a kit with rules: random games to play (0: none).")
@click.option("--secrets", is_flag=True, help="For a kit with rules: also play games in which what each seat cannot see is "
              "dealt afresh, and name every value a seat reads that changes with it (a leak).")
@click.option("--secret-games", type=click.IntRange(1, 200), default=20, show_default=True,
              help="With --secrets: how many games (all within 20 seconds).")
def check(files: tuple[str, ...], games: int, secrets: bool, secret_games: int) -> None:
    """Check kit files: a line for each mistake (FILE:LINE: FIELD: MESSAGE), every mistake of every stage
    in one run (the schema, names and ranges, the rules compiled), a misspelt name with the nearest known
    one; a stage that cannot run for the mistakes before it is named on a last line, with why. A kit
    without mistakes is told with what it holds; a kit with rules has each expression worked out on its
    table as set up (a type error, a condition that is not true or false), then plays random games, and any
    that fails or does not end, and any action legal in none of them, is named; a game stops at 5,000
    commands or 5 seconds, the games at 30 seconds in all. Exit 1 if any file has a mistake or a game that
    failed or did not end. Every kit with rules is traced: a public counter
    set from what some seat cannot see (a hand, a face-down pile, a die behind a screen), or an action offered by
    it, is a mistake at its line unless marked knowingly. With --secrets, the games that deal afresh what each
    seat cannot see name each leak at its line, and exit 1 if there is any.

    \b
    Example:
      ludolog kit check snakes.yaml cards.toml
      ludolog kit check pig.yaml --games 500
      ludolog kit check crazy-eights.yaml --secrets
    """
    from domain.games.table_kit.kit_types import type_problems
    from domain.games.table_kit.reading.kit import Kit
    from domain.games.table_kit.reading.kit_taint import taint_problems

    failed = False
    for path in files:
        document, mistakes = _read(path, more=lambda document: type_problems(document) + taint_problems(document) if "play" in document else [],
                                   later=("the rules' type checks", *(("the random games",) if games else ())))
        if document is None:
            failed = True
            for line in mistakes:
                click.echo(line)
            continue
        table = Kit.of(document)
        seats = _counted(table.fewest, "seat", "seats") if table.fewest == table.most else f"{table.fewest}–{table.most} seats"
        cards = table.card_count
        click.echo(f"{path}: ok — {table.title}, {seats}, {_counted(len(table.spaces), 'space', 'spaces')}, "
                   f"{_counted(len(table.pieces(table.most)), 'piece', 'pieces')}, {_counted(cards, 'card', 'cards')}, "
                   f"{_counted(len(table.dice), 'die', 'dice')}, {_counted(len(table.counters(table.most)), 'counter', 'counters')}")
        if table.rules is not None and games:
            failed = _tried(path, document, games) or failed
        if table.rules is not None and secrets:
            failed = _secrets(path, document, secret_games) or failed
    if failed:
        sys.exit(1)


def _secrets(path: str, document: dict[str, Any], games: int) -> bool:
    """Play the kit's games dealt afresh where each seat cannot see, and name each leak at its line; whether any."""
    from domain.thinking import kit_secrets

    found = kit_secrets.secret_leaks(document, games, clock=time.monotonic)
    if kit_secrets.hides_nothing(document):
        click.echo("  secrets: the kit hides nothing from any seat (no cards, no die behind a screen, no private counter)")
        return False
    unplayed = f" ({found.unplayed} not played: the test stops at {kit_secrets.SECONDS:g} seconds)" if found.unplayed else ""
    click.echo(f"  secrets: {_counted(found.games, 'game', 'games')}{unplayed}, {found.checked:,} tables compared as a seat sees them: "
               + (f"{_counted(len(found.problems), 'leak', 'leaks')}" if found.problems else "nothing leaks"))
    if found.problems:
        for line in _read(path, more=lambda _: found.problems)[1]:
            click.echo(f"  leak: {line}")
    return bool(found.problems)


def _tried(path: str, document: dict[str, Any], games: int) -> bool:
    """Play the kit's random games and say how they went; whether any failed or did not end, or an action was
    legal in none of them."""
    from domain.games.table_kit.reading.checks import Problem
    from domain.thinking import kit_trial

    found = kit_trial.trial(document, games, kit_trial.MOST_COMMANDS, clock=time.monotonic)
    seats = sorted({document["seats"]["fewest"], document["seats"]["most"]})
    click.echo(f"  {_counted(found.games, 'random game', 'random games')} at {' and '.join(map(str, seats))} seats: "
               f"{found.ended} ended ({found.at_limit} at the turn limit), a median of {found.median:g} commands")
    if found.unplayed:
        click.echo(f"  the trial stopped at {kit_trial.TRIAL_SECONDS:g} seconds: {found.unplayed} of the {games} games were not played")
    declared = "stuck" in document.get("play", {})
    if found.no_action and declared:
        click.echo(f"  {len(found.no_action)} of them ended in a draw when a seat had no action it may take")
    for number, count, what in [] if declared else found.no_action[:5]:
        click.echo(f"  game {number} (seed kit-check:{number}, {count} seats): {shown(what)} (say what happens then in play.stuck)")
    if len(found.no_action) > 5 and not declared:
        click.echo(f"  ... and {len(found.no_action) - 5} more games like it")
    for number, count, what in found.failed[:5]:
        click.echo(f"  game {number} (seed kit-check:{number}, {count} seats) failed {shown(what)}")
    if len(found.failed) > 5:
        click.echo(f"  ... and {len(found.failed) - 5} more games failed")
    for number, count, what in found.stuck[:5]:
        click.echo(f"  game {number} (seed kit-check:{number}, {count} seats): {what} (a game stops at "
                   f"{kit_trial.MOST_COMMANDS:,} commands or {kit_trial.GAME_SECONDS:g} seconds)")
    if len(found.stuck) > 5:
        click.echo(f"  ... and {len(found.stuck) - 5} more games did not end")
    for number, count, what in found.telling[:3]:
        click.echo(f"  game {number} (seed kit-check:{number}, {count} seats) tells a secret: {shown(what)}")
    if len(found.telling) > 3:
        click.echo(f"  ... and {len(found.telling) - 3} more games tell a secret")
    never = kit_trial.never_offered(document, found)
    if never:
        for line in _read(path, more=lambda _: [Problem(where, message) for where, message in never])[1]:
            click.echo(f"  {line}")
    return bool(found.failed or found.stuck or found.telling or never or (found.no_action and not declared))


def kit_shelf(db: str, create: bool = False) -> KitShelf | None:
    """The kit shelf of the store ``db``; None when there is no store there yet (and ``create`` is off):
    no SQLite file, or memory."""
    from domain.keeping.kit_shelf import KitShelf
    from domain.keeping.store import store_env

    if not create:
        try:
            path = sqlite_file(store_env(db))
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--db") from None
        if db in ("", ":memory:") or (path is not None and not os.path.exists(path)):
            return None
    return KitShelf(open_service(db, create=create))


@kit.command(context_settings=HELP)
@click.argument("file")
@db_option
def add(file: str, db: str) -> None:
    """Keep a kit file on the shelf of the store, by the kit's name: a new kit is version 1, a changed
    one the next version, the same content as the latest version is unchanged.

    Its mistakes, if any, are printed a line each (FILE:LINE: FIELD: MESSAGE) and nothing is stored.
    A game is then created by the kit's name: 'ludolog new NAME --seat ...'.

    \b
    Example:
      ludolog kit add snakes.yaml
    """
    document = read_kit_file(file)
    shelf = kit_shelf(db, create=True)
    assert shelf is not None
    added = shelf.add(document, as_owner=True)  # the CLI on the store's machine is every kit's owner
    click.echo(shown(f"{added.name} v{added.version} ({added.hash[:12]}) {'added' if added.new else 'unchanged'}"))
    if added.token is not None:
        click.echo(f"kit token {added.token} (shown once: POST /kits needs it for a new version)")


@kit.command(context_settings=HELP)
@click.argument("name")
@db_option
def token(name: str, db: str) -> None:
    """Issue a new kit token for a kit on the shelf (the old one stops working): over the API, a new
    version of the kit needs it. A kit shelved before kits had owners gets its first token so.

    \b
    Example:
      ludolog kit token missions-kit
    """
    shelf = kit_shelf(db)
    if shelf is None:
        raise click.ClickException(f"no kit named {name!r}: there is no store at {db} yet; 'ludolog kit add FILE' makes one")
    click.echo(shelf.issue_token(name))


@kit.command("list", context_settings=HELP)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list, as GET /kits gives it.")
@db_option
def list_(as_json: bool, db: str) -> None:
    """List the kits on the shelf, a line each: name, latest version, hash, when it was added, title.

    \b
    Example:
      ludolog kit list
    """
    shelf = kit_shelf(db)
    found = shelf.list() if shelf is not None else []
    if as_json:
        click.echo(json.dumps([entry._asdict() for entry in found], indent=2))
        return
    if not found:
        click.echo("No kits yet: add one with 'ludolog kit add FILE'.")
    for entry in found:
        click.echo(shown(f"{entry.name}  v{entry.version}  {entry.hash[:12]}  {entry.added[:16].replace('T', ' ')}  {entry.title}"))


@kit.command(context_settings=HELP)
@click.argument("name")
@click.option("--version", "version", type=click.IntRange(min=1), help="That version (default: the latest).")
@db_option
def show(name: str, version: int | None, db: str) -> None:
    """Print a kit on the shelf as YAML: its latest version, or the one asked for.

    \b
    Example:
      ludolog kit show missions --version 1 > missions-v1.yaml
    """
    import yaml

    shelf = kit_shelf(db)
    if shelf is None:
        raise click.ClickException(f"no kit named {name!r}: there is no store at {db} yet; 'ludolog kit add FILE' makes one")
    document, number, digest = shelf.get(name, version)
    click.echo(f"# {name} v{number} ({digest[:12]})")
    click.echo(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=120), nl=False)


@kit.command(context_settings=HELP)
def schema() -> None:
    """Print the kit format's JSON Schema (what GET /kits/schema gives).

    \b
    Example:
      ludolog kit schema > kit.schema.json
    """
    from domain.games.table_kit.vocabulary.layout import SCHEMA

    click.echo(json.dumps(SCHEMA, indent=2))


kit.add_command(engine)
