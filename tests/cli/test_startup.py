"""``ludolog -h`` lists every command without importing any of them (nor the engine, the rulesets,
the API or the charts); ``ludolog COMMAND -h`` loads only that command; the group's table of
commands agrees with the commands themselves."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cli.main import COMMANDS, cli

HEAVY = ("eventsourcing", "jsonschema", "flask", "pygal", "domain.games", "domain.engine.registry", "domain.keeping.service", "replays",
         "domain.thinking.bots", "open_spiel", "numpy", "cel")
"""What a help need not load: the store's library, the rulesets, the bots, the API, the charts, OpenSpiel."""

LOADED = """
import json, sys
from click.testing import CliRunner
from cli.main import cli
result = CliRunner().invoke(cli, sys.argv[1:])
assert result.exit_code == 0, result.output
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(*args: str) -> list[str]:
    """The modules a fresh interpreter has imported after ``ludolog ARGS``."""
    done = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_the_help_imports_no_command_nor_the_engine():
    loaded = modules_after("--help")
    assert [name for name in loaded if name.startswith(HEAVY)] == []
    commands = {where.partition(":")[0] for where, _ in COMMANDS.values()}
    assert [name for name in loaded if name in commands] == []


def test_a_commands_help_imports_that_command_only():
    loaded = modules_after("games", "-h")
    assert "cli.games" in loaded
    assert [name for name in loaded if name in {"cli.balance", "cli.history", "cli.replay", "cli.serve"}] == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_no_commands_help_imports_a_game_the_engine_or_the_bots(name):
    # each command's help within a small step of the group's: a help that loads a ruleset waits for all of it
    assert [module for module in modules_after(name, "-h") if module.startswith(HEAVY)] == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_names_each_command_with_the_first_sentence_of_its_help(name):
    command = cli.commands[name]
    assert command.name == name
    assert COMMANDS[name].summary == command.get_short_help_str(10**6)


def test_export_offers_every_format_the_exports_module_writes():
    from cli.history import FORMATS
    from replays.exports import MEDIA_TYPES

    assert FORMATS == tuple(MEDIA_TYPES)
