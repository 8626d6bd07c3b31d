"""The Python client ``openapi-python-client`` generates from ``openapi.yaml`` (no patch, no option but the
output path) plays a whole game of every ruleset ``GET /rulesets`` lists against a real ``ludolog serve``,
each seat with its own token, reading every answer a bot needs (the game as each seat, every export
format, the review chart); and the generated package type-checks under ``mypy --strict`` with the bot
that uses it (``python_bot.py``)."""

from __future__ import annotations

import importlib
import json
import re
import sys
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from client_tools import CLIENTS, PLANS, SALT, SEATS, SPEC, needed, run

LEFT_OUT = {"GET /favicon.ico": "the browser's icon, an image/svg+xml file",
            "GET /openapi.yaml": "this document as YAML (GET /openapi.json is the same document as JSON)",
            "GET /rooms/{code}/games.zip": "a room's games in one zip file, a teacher's download (each game's own "
                                           "exports are in the client)"}
"""The only operations whose answer the generator may leave out (it warns when it does): no bot reads them."""
CHARTED = "project-assassination"
"""The game whose review chart is read (a review searches every choice: one short game is enough)."""


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """The client generated into a new folder: ``openapi-python-client generate --path openapi.yaml
    --output-path FOLDER``, the package ``ludolog_client`` in it."""
    generator = Path(sys.executable).with_name("openapi-python-client")
    if not generator.exists():
        needed("openapi-python-client is not installed: pip install -e '.[test]'")
    folder = tmp_path_factory.mktemp("python-client") / "ludolog-client"
    done = run([str(generator), "generate", "--path", str(SPEC), "--output-path", str(folder)], cwd=folder.parent)
    left_out = {f"{method} {path}" for method, path in re.findall(r"WARNING parsing (\w+) (\S+)", done.stdout + done.stderr)}
    assert left_out <= set(LEFT_OUT), done.stdout
    assert (folder / "ludolog_client" / "py.typed").exists()
    return folder


@pytest.fixture(scope="module")
def bot(generated) -> ModuleType:
    """``python_bot``, importing the generated package from its folder."""
    sys.path[:0] = [str(generated), str(CLIENTS)]
    try:
        yield importlib.import_module("python_bot")
    finally:
        for folder in (str(generated), str(CLIENTS)):
            sys.path.remove(folder)
        for name in [name for name in sys.modules if name == "python_bot" or name.startswith("ludolog_client")]:
            del sys.modules[name]


def read(server_url: str, path: str) -> Any:
    """A spectator's JSON read, straight from the server (not through the client): what the bot saw is checked
    against it."""
    with urllib.request.urlopen(f"{server_url}{path}", timeout=60) as answer:
        return json.loads(answer.read())


def test_the_generated_client_plays_a_whole_game_of_every_ruleset(bot, server_url):
    seats = bot.ruleset_seats(server_url)
    assert set(PLANS) <= set(seats), "GET /rulesets, read through the client, lists every ruleset"
    for ruleset, fewest in sorted(seats.items()):
        seed, options = PLANS.get(ruleset, ("1", {}))
        names = [f"Bot {number}" for number in range(1, SEATS.get(ruleset, fewest) + 1)]
        game = bot.play(server_url, ruleset, names, seed=seed, salt=SALT, options=options, chart=ruleset == CHARTED)
        where = f"{ruleset} (seed {seed})"
        stored = read(server_url, f"/games/{game.id}")
        assert (stored["ruleset"], stored["status"], stored["version"]) == (ruleset, "over", game.version), where
        assert game.status == "over" and game.commands > 0 and game.outcome == stored["outcome"], where
        assert {seat: seen["viewer"] for seat, seen in game.seat_views.items()} == {n: n for n in range(1, len(names) + 1)}
        assert all(seen["view"] for seen in game.seat_views.values()), where
        check_exports(game, where)
        if ruleset == CHARTED:
            assert game.chart.lstrip().startswith(b"<?xml") and b"<svg" in game.chart and game.chart.rstrip().endswith(b"</svg>")


def check_exports(game: Any, where: str) -> None:
    """Every format read as the text the server sent, each one whole."""
    lines = [json.loads(line) for line in game.exports["ndjson"].splitlines()]
    assert (lines[0]["format"], lines[0]["id"], lines[0]["events"]) == ("ludolog-game", game.id, game.version), where
    assert [line["number"] for line in lines[1:game.version + 1]] == list(range(1, game.version + 1)), where
    document = json.loads(game.exports["json"])
    assert [event["number"] for event in document["events"]] == list(range(1, game.version + 1)), where
    rows = game.exports["csv"].splitlines()
    assert rows[0].startswith("number,time,type,seat") and rows[-1], where
    assert game.exports["md"].startswith("# ") and game.id[:8] in game.exports["md"], where
    for page in ("html", "diary"):
        assert game.exports[page].lower().startswith("<!doctype html>") and game.exports[page].rstrip().endswith("</html>"), where


def test_the_generated_client_and_a_bot_type_check_under_mypy_strict(generated, tmp_path):
    try:
        import mypy  # noqa: F401 - only whether it is installed
    except ImportError:
        needed("mypy is not installed: pip install -e '.[test]'")
    done = run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "ludolog_client",
                str(CLIENTS / "python_bot.py")], cwd=generated)
    assert re.search(r"Success: no issues found in \d+ source files", done.stdout), done.stdout
