"""``ludolog bot --strategy`` and ``ludolog play --bot``: a greedy or a search bot plays a whole game of
any ruleset, shows how long it thought, gives the same game for the same seed, salt and budget, and fills a
seat in hot-seat play; mistakes (a budget without search, a bad budget or strategy) are one line."""

from __future__ import annotations

import json

import pytest
from cli_runs import invoke, one_line_error
from quick_games import quick_options

from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env

SALT = "5eed" * 8
"""Every game here is dealt by its seed with this salt: the same seed, the same game."""


def new_game(db: str, ruleset: str, seed: str = "4") -> str:
    rules = registry.get(ruleset)
    seats = [arg for n in range(1, rules.min_seats + 1) for arg in ("--seat", f"P{n}")]
    options = [arg for key, value in quick_options(ruleset).items() for arg in ("--option", f"{key}={json.dumps(value)}")]
    made = invoke("new", ruleset, *seats, *options, "--seed", seed, "--salt", SALT, "--db", db)
    assert made.exit_code == 0, made.output
    return made.output.strip()


@pytest.mark.parametrize("ruleset", [rules.name for rules in registry.all_rulesets() if rules.knows_the_rules])
def test_a_search_bot_plays_any_ruleset_to_the_end(tmp_path, ruleset):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, ruleset)
    played = invoke("bot", game, "--strategy", "search", "--budget", "8", "--seed", "1", "--db", db)
    assert played.exit_code == 0, played.output
    assert "Game over." in played.output and "ms a command on average" in played.output
    assert "simulations," in played.output  # each thinking move shows its simulations and time
    service = GameService(env=store_env(db))
    assert service.game(service.find_game(game)).outcome() is not None
    assert "clean" in invoke("audit", game, "--db", db).output


def test_the_same_seed_salt_and_budget_play_the_same_game(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    games = [new_game(db, "correction", seed="9") for _ in range(2)]
    for game in games:
        assert invoke("bot", game, "--strategy", "search", "--budget", "10", "--seed", "s", "-q", "--db", db).exit_code == 0
    service = GameService(env=store_env(db))
    logs = [[e.data for e in service.read_events(service.find_game(game)) if e.type not in ("GameCreated", "SeedRevealed")]
            for game in games]
    assert logs[0] == logs[1]


def test_a_greedy_bot_plays_one_seat_and_leaves_the_other(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "correction")
    service = GameService(env=store_env(db))
    seat = service.game(service.find_game(game)).to_act()[0]
    played = invoke("bot", game, "--seat", str(seat), "--strategy", "greedy", "--db", db)
    assert played.exit_code == 0 and "The greedy bot played" in played.output
    assert service.game(service.find_game(game)).to_act() == [3 - seat]  # it stops where the other seat is to act


def test_play_lets_a_bot_fill_a_seat(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "correction")
    service = GameService(env=store_env(db))
    bot_seat = service.game(service.find_game(game)).to_act()[0]
    played = invoke("play", game, "--bot", f"{bot_seat}=greedy", "--db", db, stdin="q\n")
    assert played.exit_code == 0, played.output
    assert f"P{bot_seat} (seat {bot_seat}" in played.output and "(greedy bot)" in played.output


def test_bot_mistakes_are_one_line(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "correction")
    assert "add --strategy search" in one_line_error(invoke("bot", game, "--budget", "10", "--db", db))
    assert "budget" in one_line_error(invoke("bot", game, "--strategy", "search", "--budget", "soon", "--db", db))
    assert "no bot strategy" in one_line_error(invoke("play", game, "--bot", "1=genius", "--db", db))


def test_a_search_bot_is_refused_a_table_kit_in_one_line_and_a_greedy_one_plays_it(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "table-kit")
    refused = invoke("bot", game, "--strategy", "search", "--budget", "8", "--db", db)
    assert one_line_error(refused) == ("Error: Table kit holds no rules (the people at the table keep them): a search bot has "
                                       "nothing to search; a random or greedy bot plays it by chance")
    played = invoke("bot", game, "--strategy", "greedy", "--seed", "1", "--db", db)
    assert played.exit_code == 0 and "Game over." in played.output, played.output



@pytest.mark.parametrize("strategy", ["openspiel-ismcts", "openspiel-mcts"])
def test_openspiels_bots_play_a_whole_game_from_the_cli_and_a_balance_study(tmp_path, strategy):
    db = str(tmp_path / "games.sqlite3")
    game = new_game(db, "correction")
    played = invoke("bot", game, "--strategy", strategy, "--budget", "6", "--seed", "1", "--db", db)
    assert played.exit_code == 0, played.output
    assert "Game over." in played.output and f"The {strategy} bot played" in played.output
    assert "simulations," in played.output and "ms a command on average" in played.output
    study = invoke("balance", "correction", "--games", "2", "--bot", strategy, "--budget", "4", "--option", "turn_limit=3",
                   "--workers", "1", "--format", "json", "--no-keep", "-o", str(tmp_path / "study.json"), "--db", db)
    assert study.exit_code == 0, study.output
    study = json.loads((tmp_path / "study.json").read_text(encoding="utf-8"))["findings"]["study"]
    assert study["games"] == 2 and study["bots"] == [strategy, strategy]
