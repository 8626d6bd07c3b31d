"""TypeScript types ``openapi-typescript`` generates from ``openapi.yaml`` (no option but the output path) and
the ``openapi-fetch`` client: a plain bot (``bot.ts``) compiles under ``tsc --strict`` (an option object,
optional request fields left out, free-form objects read) and, run by node against a real ``ludolog serve``,
plays a whole game of every ruleset choosing legal commands and reads it as each seat; one game is also
downloaded in every export format, with its review chart, as text."""

from __future__ import annotations

import json
import shutil
import urllib.request

from pathlib import Path

import pytest
from client_tools import CLIENTS, PLANS, SALT, SEATS, SPEC, run

from domain.engine import registry

RULESET, SEED = "project-assassination", "3"
"""The game also exported and charted: a short whole game (17 commands with the bot's stride through the legal
commands)."""


@pytest.fixture(scope="module")
def compiled(npm_bin, tmp_path_factory) -> Path:
    """``bot.js``, compiled by ``tsc --strict`` against the types generated from the spec."""
    folder = tmp_path_factory.mktemp("typescript-client")
    run([str(npm_bin / "openapi-typescript"), str(SPEC), "--output", str(folder / "ludolog-api.ts")], cwd=folder)
    for name in ("bot.ts", "tsconfig.json"):
        shutil.copy(CLIENTS / name, folder / name)
    (folder / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    (folder / "node_modules").symlink_to(CLIENTS / "node_modules", target_is_directory=True)
    run([str(npm_bin / "tsc"), "--strict", "--project", str(folder / "tsconfig.json")], cwd=folder)
    return folder / "out" / "bot.js"


DEFAULT_STAGE = ("correction", "squad-combat")
"""The rulesets the TypeScript bot plays in the default stage (a board, a hand of cards); the others in ``-m slow``."""


@pytest.mark.parametrize("ruleset", [name if name in DEFAULT_STAGE else pytest.param(name, marks=pytest.mark.slow)
                                     for name in sorted(set(registry.names()) - {RULESET})])
def test_a_typescript_bot_plays_a_whole_game_of_every_ruleset(compiled, server_url, ruleset):
    seed, options = PLANS.get(ruleset, ("1", {}))
    arguments = [server_url, ruleset, seed, SALT, json.dumps(options), str(SEATS.get(ruleset, "")), "--brief"]
    played = json.loads(run(["node", str(compiled), *arguments], cwd=compiled.parent).stdout)
    with urllib.request.urlopen(f"{server_url}/games/{played['id']}", timeout=60) as answer:
        stored = json.loads(answer.read())
    assert (stored["ruleset"], stored["status"], stored["version"]) == (ruleset, "over", played["version"])
    assert played["commands"] > 0 and played["outcome"] == stored["outcome"]
    assert [seen["viewer"] for seen in played["views"].values()] == list(range(1, len(played["views"]) + 1))
    assert all(seen["view"] for seen in played["views"].values())


def test_a_typescript_bot_on_the_generated_types_plays_a_whole_game_and_reads_every_export(compiled, server_url):
    played = json.loads(run(["node", str(compiled), server_url, RULESET, SEED, SALT], cwd=compiled.parent).stdout)

    with urllib.request.urlopen(f"{server_url}/games/{played['id']}", timeout=60) as answer:
        stored = json.loads(answer.read())
    assert (stored["ruleset"], stored["status"], stored["version"]) == (RULESET, "over", played["version"])
    assert played["status"] == "over" and played["commands"] > 0 and played["outcome"] == stored["outcome"]
    assert played["events"] > 0 and played["options"] == stored["options"]
    assert {seat: seen["viewer"] for seat, seen in played["views"].items()} == {"1": 1, "2": 2}
    assert all(seen["view"] for seen in played["views"].values())
    header, *events = [json.loads(line) for line in played["exports"]["ndjson"].splitlines()]
    assert (header["id"], header["events"]) == (played["id"], played["version"])
    assert [event["number"] for event in events[:played["version"]]] == list(range(1, played["version"] + 1))
    assert len(json.loads(played["exports"]["json"])["events"]) == played["version"]
    assert played["exports"]["csv"].startswith("number,time,type,seat")
    assert played["exports"]["md"].startswith("# ")
    assert all(played["exports"][page].lower().startswith("<!doctype html>") for page in ("html", "diary"))
    assert "<svg" in played["chart"] and played["chart"].rstrip().endswith("</svg>")
