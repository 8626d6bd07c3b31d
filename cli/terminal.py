"""What the CLI commands share: the ``--db`` option, opening the service, parsing and printing.

Importing it is quick (no eventsourcing, no rulesets): commands' help is shown without the engine.
"""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from domain.engine.seating import seat_label
from domain.keeping.store import (
    DEFAULT_STORE,
    PREFIX,
    describe_store,
    is_postgres,
    store_env,
    store_from,
)

if TYPE_CHECKING:
    from domain.engine.ruleset import Ruleset
    from domain.keeping.service import GameEvent, GameService

HELP = {"help_option_names": ["-h", "--help"]}
"""Every command's context settings: ``-h`` as well as ``--help``, also when a command is run on its own."""

def default_store() -> str:
    """The store a command runs on without its own ``--db``: the one given before the command's name
    (``ludolog --db class.sqlite3 games``), else the environment's (``store_from``)."""
    ctx = click.get_current_context(silent=True)
    given = ctx.find_root().params.get("db") if ctx is not None else None
    return str(given) if given is not None else store_from(os.environ)


db_option = click.option(
    "--db",
    default=default_store,
    show_default=f"$LUDOLOG_DATABASE_URL, else {DEFAULT_STORE}",
    help="The game store: a SQLite file, a postgresql://user:password@host:port/dbname URL, "
    "'postgres' for the POSTGRES_* settings, or ':memory:' (keeps nothing).",
)


def open_service(db: str, *, create: bool = False, serving: bool = False) -> GameService:
    """The game service on the store ``db``; a store that cannot be opened is a clear error.

    A store that is not there (a SQLite file, PostgreSQL tables) is created only with ``create``
    (``new``, ``import``, ``serve``); for every other command it is a misspelt ``--db``. A file created here is removed again if the
    command fails before any game is recorded in it (see ``discard_new_store``). A command waits, before it ends,
    for the moves of the bot seats it set going (``domain.keeping.bot_seats``); a server (``serving``) does not."""
    try:
        env = store_env(db)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--db") from None
    path = sqlite_file(env)
    if path is not None and os.path.isdir(path):
        raise click.ClickException(
            f"--db {path} is a folder, not a game store: name a file in it (--db {os.path.join(path, DEFAULT_STORE)})")
    created = path is not None and not os.path.lexists(path)
    if created and not create:
        raise click.ClickException(
            f"no game store at {path}: check --db (or $LUDOLOG_DATABASE_URL); 'ludolog new' creates a store")
    if created:
        click.get_current_context().meta[NEW_STORE] = (path, None)
    if is_postgres(db) and db != "postgres":
        _reach_postgres(db, env, create)
    from eventsourcing.persistence import InfrastructureFactoryError, PersistenceError

    from domain.keeping.service import GameService

    try:
        service = GameService(env=env)
    except (ImportError, InfrastructureFactoryError):
        if not is_postgres(db):
            raise
        raise click.ClickException(
            "a PostgreSQL store needs the driver of the 'postgres' extra: pip install 'ludolog[postgres]'") from None
    except (PersistenceError, sqlite3.Error, OSError) as error:
        # an unreachable server, a refused login, a folder that is not there, a file that is not SQLite
        why = str(error)
        folder = os.path.dirname(path or "") or "."
        if path is not None and not os.path.isdir(folder):
            why += f" ({folder} is not a folder)" if os.path.exists(folder) else f" (there is no folder {folder})"
        elif path is not None and not os.access(folder, os.W_OK):
            why += f" (the folder {folder} cannot be written, and SQLite writes beside its file)"
        raise click.ClickException(f"cannot open the game store {describe_store(db)}: {why}") from None
    if created:
        click.get_current_context().meta[NEW_STORE] = (path, service)
    if not serving:
        click.get_current_context().call_on_close(service.wait_for_bot_seats)
    return service


def _reach_postgres(db: str, env: dict[str, str], create: bool) -> None:
    """Connect once straight away: a misspelt database, user or host is one line saying so at once
    (the library's pool would wait its whole timeout and then say only that it got no connection);
    without ``create``, a database or schema without the game tables is no store (a misspelt
    ``schema``), and the service, which would create them, is not opened."""
    try:
        import psycopg
    except ImportError:
        return  # GameService says which extra to install
    from domain.keeping.service import GameService

    setting = {key: env[PREFIX + "POSTGRES_" + key.upper()] for key in ("host", "port", "user", "password")}
    schema = env.get(PREFIX + "POSTGRES_SCHEMA") or "public"
    table = '"{}".{}_events'.format(schema.replace('"', '""'), GameService.name)
    try:
        with psycopg.connect(dbname=env[PREFIX + "POSTGRES_DBNAME"], **setting,
                             connect_timeout=env.get(PREFIX + "POSTGRES_CONNECT_TIMEOUT", "10")) as connection:
            (found,) = connection.execute("SELECT to_regclass(%s)", (table,)).fetchone() or (None,)
    except psycopg.Error as error:
        reason = " ".join(str(error).split()).removeprefix("connection failed: ")
        reason = reason.replace(setting["password"], "***") if setting["password"] else reason
        raise click.ClickException(f"cannot open the game store {describe_store(db)}: {reason}") from None
    if found is None and not create:
        raise click.ClickException(f"no game store at {describe_store(db)}: schema {schema!r} has no game tables; "
                                   "check --db (or $LUDOLOG_DATABASE_URL); 'ludolog new' creates a store")


NEW_STORE = "ludolog.new_store"
"""The context's note of a SQLite file this command created: its path and the service on it."""


def sqlite_file(env: dict[str, str]) -> str | None:
    """The SQLite file a store's settings name, or None (memory, PostgreSQL)."""
    if env.get(PREFIX + "PERSISTENCE_MODULE") != "eventsourcing.sqlite":
        return None
    path = env[PREFIX + "SQLITE_DBNAME"]
    return None if path == ":memory:" or path.startswith("file:") else path


def discard_new_store(ctx: click.Context) -> None:
    """After a failed command: remove the SQLite file it created, unless a game was recorded in it
    meanwhile (by another process)."""
    path, service = ctx.meta.pop(NEW_STORE, (None, None))
    if path is None:
        return
    if service is not None:
        try:
            recorded = service.recorder.max_notification_id()
        except Exception:  # noqa: BLE001 - a store that cannot be read holds nothing worth keeping
            recorded = None
        service.close()
        if recorded:
            return
    for leftover in (path, f"{path}-wal", f"{path}-shm", f"{path}-journal"):
        try:
            os.remove(leftover)
        except OSError:
            pass


def parse_value(text: str) -> Any:
    """A JSON value when the text is one (``true``, ``3``, ``["a1"]``), else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_option(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` as a pair, the value parsed by ``parse_value``; ``KEY=@FILE`` reads the value from
    a file, for big options such as a board layout: the file must hold JSON (a file that does not is a
    mistake, never taken for a string)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise click.BadParameter(f"{text!r} is not KEY=VALUE", param_hint="--option")
    key, value = key.strip(), value.strip()
    if value.startswith("@"):
        name = value[1:]
        try:
            with open(name, encoding="utf-8-sig") as file:  # a byte order mark is no mistake
                return key, json.loads(file.read())
        except OSError as error:
            raise click.BadParameter(f"cannot read {name}: {error.strerror}", param_hint="--option") from None
        except UnicodeDecodeError:
            raise click.BadParameter(f"{key}=@{name}: the file is not text, and an option's file holds JSON",
                                     param_hint="--option") from None
        except json.JSONDecodeError as error:
            raise click.BadParameter(f"{key}=@{name}: the file is not JSON ({error.msg} at line {error.lineno}, "
                                     f"column {error.colno})", param_hint="--option") from None
    return key, parse_value(value)


def parse_command(text: str) -> dict[str, Any]:
    """A command typed at a prompt: JSON (``{"type": "roll"}``) or ``TYPE key=value ...`` (``move to=b1``)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            command = json.loads(text)
        except json.JSONDecodeError as error:
            raise click.ClickException(f"not JSON: {error.msg} at character {error.pos}") from None
        return command if isinstance(command, dict) else {"type": command}
    kind, *fields = text.split()
    command: dict[str, Any] = {"type": kind}
    for field in fields:
        key, sep, value = field.partition("=")
        if not sep:
            raise click.ClickException(f"{field!r} is not key=value: write e.g. 'move to=b1'")
        command[key] = parse_value(value)
    return command


def seat_names(status: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in status["seats"]]


def format_status(status: dict[str, Any], rules: Ruleset) -> str:
    """A game's envelope as a terminal screen: header, board, whose turn or who won."""
    played = "; a table game, transcribed" if status.get("table") else ""
    lines = [
        f"{status.get('title', rules.title)} (rules v{status['ruleset_version']}{played})  game {status['id']}  version {status['version']}",
        rules.render(status["view"], seat_names(status)),
    ]
    return "\n".join(lines + format_standing(status))


def format_standing(status: dict[str, Any]) -> list[str]:
    """How a game stands, under its board: who is to act; or who won and why, and its seed."""
    names = seat_names(status)
    roles = {seat["seat"]: seat["role"] for seat in status["seats"] if seat.get("role")}
    outcome = status["outcome"]
    bots = [f"{player['name']} ({player['strategy']})" for player in status.get("players", []) if player["kind"] == "bot"]
    played = [f"Bot seats, played by the service: {', '.join(bots)}"] if bots else []
    if outcome is None:
        thinking = [f"{status['thinking']['sentence']}."] if status.get("thinking") else []
        return [*played, f"To act: {', '.join(seat_label(names, s, roles) for s in status['to_act'])}", *thinking]
    winners = " and ".join(seat_label(names, s, roles) for s in outcome["winners"]) or "nobody"
    if outcome.get("ended_by") == "abort":
        lines = [f"Game over. Aborted, with no result: {outcome['reason']}."]
    elif outcome.get("at_limit"):
        lines = [f"Game over. Stopped at its limit, not by a win the rules name; ahead: {winners}: {outcome['reason']}."]
    else:
        lines = [f"Game over. Winner: {winners}: {outcome['reason']}."]
    if outcome.get("scores") is not None:
        lines.append("Scores: " + ", ".join(f"{seat_label(names, n, roles)} {score:g}" for n, score in enumerate(outcome["scores"], 1)) + ".")
    lines = [*played, *lines]
    if status.get("table"):
        lines.append("Its dice and draws were told by the people at the table.")
    else:
        salt = f", salt {status['seed_salt']}" if status.get("seed_salt") else ""
        lines.append(f"Seed: {status['seed']}{salt} (commitment {status['seed_commitment']})")
    return lines


def format_events(events: Sequence[GameEvent]) -> str:
    """One numbered line per event: ``#12 Ann rolled a 4.``"""
    return "\n".join(f"#{event.number} {event.sentence}" for event in events)


def write(path: pathlib.Path, text: str) -> None:
    """Write the file whole or not at all (a temporary file renamed over it)."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise click.ClickException(f"cannot write {path}: {error.strerror}") from None


def deliver(text: str, output: str | None) -> None:
    """A report written whole to ``output`` (saying so on stderr), or printed when there is none."""
    if output:
        write(pathlib.Path(output), text)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)


def shown(text: str) -> str:
    """Text from a game (names, sentences, screens) for the terminal: every character it would act on
    shown as its escape instead (``\\x1b``; ``replays.terminal_notes.plain``), line by line, so a name
    recorded before names were checked cannot retitle the window or recolour the screen."""
    from replays.terminal_notes import plain

    return "\n".join(plain(line) for line in text.split("\n"))
