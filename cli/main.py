"""The ``ludolog`` command group: rulesets, new, games, fork, review, show, act, bot, play, tokens, serve, the
replay commands log, replay, audit, export and import, and the notes on a game's events, note and notes.

Commands parse their input, call the game service and print. Mistakes (an unknown game, an illegal
command, a malformed option) exit with status 1 and a one-line message, never a traceback.

``ludolog -h`` imports none of the commands (nor eventsourcing, jsonschema, the rulesets): the
group lists them from ``COMMANDS``, and loads a command's module when it is run or asked for its help.
"""

from __future__ import annotations

import importlib
import sqlite3
import sys
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any, NamedTuple

import click

from cli.escaping import escaped_output
from cli.terminal import HELP, discard_new_store
from domain.engine.errors import LudologError


class Entry(NamedTuple):
    """Where a command is defined (``module:attribute``) and the first paragraph of its help."""

    where: str
    summary: str


COMMANDS = {
    "act": Entry("cli.games:act", "Submit one command, given as JSON, for a seat; prints the events it caused."),
    "audit": Entry("cli.history:audit", "Check a game's hash chain, its seed and every command against the rules; "
                   "exit 1 at the first problem."),
    "balance": Entry("cli.balance:balance", "Play seeded bot games of RULESET and report its balance."),
    "bot": Entry("cli.bots:bot", "Let a bot play seats until the game ends or waits for another seat."),
    "end": Entry("cli.ending:end", "A seat resigns, offers or declines a draw, or aborts the game: ended so, a game is over and its seed revealed."),
    "export": Entry("cli.history:export", "Export a game: ndjson (lossless, importable), json, csv, md "
                    "(a design diary with charts), html (a replay page), diary (the design diary as an HTML document)."),
    "fork": Entry("cli.forks:fork", "Fork GAME at step N: a new game that starts where GAME stood after event N; prints its id."),
    "games": Entry("cli.games:games", "List the stored games; each fork follows the game it was forked from, indented."),
    "import": Entry("cli.history:import_", "Re-create a game from an owner's NDJSON export (its id is kept); prints the id."),
    "join-link": Entry("cli.joining:join_link", "Open GAME for joining from one link and print it; each device that opens it gets one open seat."),
    "kit": Entry("cli.kits:kit", "Work with table kits: files (YAML, TOML or JSON) that describe a game's components."),
    "log": Entry("cli.history:log", "The game's events, one numbered line each: number, time, seat, what happened; "
                 "under an event, each note on it that the viewer may see "
                 '(✎ author glyph "text" [marks] ⚑ bookmark).'),
    "new": Entry("cli.games:new", "Create a game of RULESET and print its id."),
    "note": Entry("cli.notes:note", "Write a note on one of a game's events: a comment, a glyph, marked squares, "
                  "a bookmark; prints its id."),
    "notes": Entry("cli.notes:notes", "List a game's notes, by event: id, event, author, glyph, text, marks, "
                   "bookmark, (private)."),
    "play": Entry("cli.play:play", "Play a game hot-seat: each turn shows the board as the seat to act sees it "
                  "and the legal commands numbered; pick a number or type a command (``move to=b1`` or JSON); "
                  "``q`` quits."),
    "replay": Entry("cli.replay:replay", "Step through a game's events: the board after each, the event, its notes, "
                    "what changed."),
    "review": Entry("cli.review:review", "Review GAME: each seat's chance to win at every step, the mistakes, the swings "
                    "of chance and the lead changes."),
    "room": Entry("cli.rooms:room", "Open a room that seats a whole class at tables from one short code, and run it."),
    "rulesets": Entry("cli.games:rulesets", "List the games ludolog knows, a line each; with NAME, that game's options and commands."),
    "serve": Entry("cli.serve:serve", "Serve the REST API (openapi.yaml) until interrupted; a new store is created "
                   "on first use."),
    "show": Entry("cli.games:show", "Show a game's current state, or its state after event N."),
    "tune": Entry("cli.tune:tune", "Find the values of GAME's options that meet a goal, played by bots."),
    "tokens": Entry("cli.games:tokens", "Issue new API tokens for every seat and the owner (the old ones stop working)."),
}
"""Every command of the group, by name, with the first sentence of its help (the help listing shortens
it to fit); tests/cli/test_startup.py checks each against its command."""


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's commands by name: every name in the table, each command imported when first looked up."""

    def __init__(self, table: Mapping[str, Entry], loaded: Mapping[str, click.Command]) -> None:
        self.table = table
        self.loaded = dict(loaded)

    def summary(self, name: str) -> click.Command:
        """The command, if loaded, else a stand-in with its summary as help (for the help listing)."""
        if name in self.loaded:
            return self.loaded[name]
        return click.Command(name, help=self.table[name].summary)

    def __getitem__(self, name: str) -> click.Command:
        if name not in self.loaded:
            if name not in self.table:
                raise KeyError(name)
            module, _, attribute = self.table[name].where.partition(":")
            command = getattr(importlib.import_module(module), attribute)
            command.context_settings.setdefault("help_option_names", HELP["help_option_names"])
            self.loaded[name] = command
        return self.loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self.loaded[name] = command

    def __delitem__(self, name: str) -> None:
        raise TypeError("the ludolog commands are fixed")

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.table, *self.loaded]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self.table, *self.loaded]))


def _is_persistence_error(error: Exception) -> bool:
    """Whether the store failed (eventsourcing's PersistenceError); the library need not be loaded
    to say no, for none of its errors can have been raised without it."""
    persistence = sys.modules.get("eventsourcing.persistence")
    return persistence is not None and isinstance(error, persistence.PersistenceError)


NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""What click 8.2 raises to show a group's help when it is called without a command."""


class LudologGroup(click.Group):
    """A click group that turns engine errors and usage mistakes into one-line messages, and every
    mistake into exit 1; a store file the failed command created is removed.

    Its commands are a ``LazyCommands`` table: the help lists them from their summaries, and a
    command's module is imported only when the command is run or its own help is asked for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = LazyCommands(COMMANDS, self.commands)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their one-line help, from the table, without importing any of them."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, self.commands.summary(name).get_short_help_str(limit)) for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            try:
                return super().invoke(ctx)
            except LudologError as error:
                raise click.ClickException(error.message) from None
            except Exception as error:
                if isinstance(error, sqlite3.Error) or _is_persistence_error(error):  # the store failed under a command
                    raise click.ClickException(f"the game store failed: {error}") from None
                raise
        except BaseException:
            discard_new_store(ctx)
            raise

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        with escaped_output():  # every terminal output, whatever its source (cli.escaping)
            return self._main(*args, standalone_mode=standalone_mode, **kwargs)

    def _main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            super().main(*args, standalone_mode=False, **kwargs)
        except NO_ARGS_IS_HELP as error:  # a bare 'ludolog': the help
            error.show()
            sys.exit(1)
        except click.UsageError as error:  # one line too, pointing to the command's help
            where = error.ctx.command_path if error.ctx is not None else "ludolog"
            click.echo(f"Error: {usage_message(error)} (see '{where} -h')", err=True)
            sys.exit(1)
        except click.ClickException as error:
            error.show()
            sys.exit(1)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        sys.exit(0)


def usage_message(error: click.UsageError) -> str:
    """A usage mistake in one line: a missing choice names its choices on that line (click lists them
    a line each), and a ``--db`` given to a group of commands says where it goes."""
    param = getattr(error, "param", None)
    if isinstance(error, click.MissingParameter) and param is not None and isinstance(param.type, click.Choice):
        hint = param.get_error_hint(error.ctx) if error.ctx is not None else param.name
        return f"Missing {error.param_type or 'option'} {hint}: one of {', '.join(map(str, param.type.choices))}"
    if isinstance(error, click.NoSuchOption) and error.option_name == "--db" and error.ctx is not None:
        return f"{error.ctx.command_path} takes no --db: put it after the command's name ({error.ctx.command_path} COMMAND --db STORE)"
    return " ".join(error.format_message().split())


@click.group(cls=LudologGroup, context_settings=HELP)
@click.version_option(package_name="ludolog")
@click.option("--db", metavar="STORE", help="The game store of the command that follows, as its own --db gives it "
              "(ludolog --db class.sqlite3 games); default: $LUDOLOG_DATABASE_URL, else ludolog.sqlite3.")
def cli(db: str | None) -> None:
    """ludolog: play, record and replay tabletop games while they are being designed.

    \b
    Example:
      ludolog play "$(ludolog new correction --seat Ana --seat Ben)"
      ludolog COMMAND -h      (each command's options and an example)
    """
    if click.get_current_context().invoked_subcommand != "kit":  # ``ludolog kit engine`` mends what it refuses
        from cli.kit_engine import check_not_stale

        check_not_stale()


def main() -> None:
    """Console entry point."""
    cli(prog_name="ludolog")


if __name__ == "__main__":
    main()
