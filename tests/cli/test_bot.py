"""``ludolog bot``'s seed: by default the game's id, so two games are played differently, printed so
that ``--seed`` reproduces the choices, and a bot stopped midway resumes exactly as if it had not
stopped."""

from __future__ import annotations

import itertools
import re

from click.testing import CliRunner

from cli.main import cli
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""The salt of the games a test sets side by side: the same seed and salt deal the same game."""


def invoke(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def commands(db: str, game: str) -> list[tuple[int | None, str]]:
    service = GameService(env=store_env(db))
    try:
        return [(event.seat, event.sentence) for event in service.read_events(service.find_game(game))]
    finally:
        service.close()


def test_the_default_bot_plays_two_games_of_one_setup_differently_and_prints_its_seed(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    games = [invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "same", "--salt", SALT, "--db", db).strip()
             for _ in range(2)]
    outputs = [invoke("bot", game, "-q", "--db", db) for game in games]
    for game, output in zip(games, outputs, strict=True):
        assert f"(bot seed: {game})" in output
    first, second = (commands(db, game) for game in games)
    assert first[:2] == second[:2]  # the same seed and salt: the same setup and coin flip
    assert first != second  # ... but the bot chose differently


def test_the_printed_seed_reproduces_the_default_bots_game(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    first = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "9", "--salt", SALT, "--db", db).strip()
    printed = re.search(r"\(bot seed: ([^)]+)\)", invoke("bot", first, "-q", "--db", db)).group(1)
    again = invoke("new", "correction", "--seat", "Ana", "--seat", "Ben", "--seed", "9", "--salt", SALT, "--db", db).strip()
    invoke("bot", again, "-q", "--seed", printed, "--db", db)
    assert commands(db, again)[1:] == commands(db, first)[1:]  # everything but the creation (its id)


def test_a_stopped_default_bot_ends_the_game_as_an_uninterrupted_one(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    stopped = invoke("new", "infection", "--seat", "Ana", "--seat", "Ben", "--seed", "4", "--salt", SALT, "--db", db).strip()
    service = GameService(env=store_env(db))
    game_id = service.find_game(stopped)
    played = list(itertools.islice(service.play_bots(game_id), 10))  # stop after 10 commands
    service.close()
    assert len(played) == 10
    output = invoke("bot", stopped, "-q", "--db", db)  # run again, still the default seed
    assert f"(bot seed: {game_id})" in output
    whole = invoke("new", "infection", "--seat", "Ana", "--seat", "Ben", "--seed", "4", "--salt", SALT, "--db", db).strip()
    invoke("bot", whole, "-q", "--seed", str(game_id), "--db", db)  # uninterrupted, with that seed
    assert commands(db, stopped)[1:] == commands(db, whole)[1:]
    assert len(commands(db, stopped)) > 12
