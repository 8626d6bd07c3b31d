"""Benchmarks: random games per second (in memory and on SQLite) and commands per second through the
service on SQLite, for every ruleset. Not part of the default run:

    pytest tests/benchmarks -m speed --benchmark-enable

In pytest-benchmark's table, OPS is games per second for the ``games`` rows and commands per second
for the ``commands`` rows (one round is one game, or one command).
"""

from __future__ import annotations

import itertools

import pytest

from domain import registry
from domain.bots import RandomBot, play_random_game
from domain.service import GameService
from domain.store import store_env

pytestmark = pytest.mark.speed
RULESETS = registry.all_rulesets()


def seats(rules):
    return [f"P{n}" for n in range(1, rules.min_seats + 1)]


@pytest.fixture(params=RULESETS, ids=lambda rules: rules.name)
def rules(request):
    return request.param


def test_random_games_in_memory(benchmark, rules):
    benchmark.group = "games per second"
    seeds = itertools.count()

    def one_game():
        seed = next(seeds)
        assert play_random_game(rules, seats(rules), {}, f"bench-{seed}", bot_seed=seed).game.outcome()

    benchmark.pedantic(one_game, rounds=100, iterations=1, warmup_rounds=2)


def test_random_games_on_sqlite(benchmark, rules, tmp_path):
    benchmark.group = "games per second"
    service = GameService(env=store_env(str(tmp_path / "bench.sqlite3")))
    seeds = itertools.count()

    def one_game():
        seed = next(seeds)
        game_id = service.create_game(rules.name, seats(rules), seed=f"bench-{seed}")
        for _ in service.play_bots(game_id, bot_seed=seed):
            pass

    benchmark.pedantic(one_game, rounds=10, iterations=1)


def test_commands_through_the_service_on_sqlite(benchmark, rules, tmp_path):
    benchmark.group = "commands per second"
    service = GameService(env=store_env(str(tmp_path / "bench.sqlite3")))
    bot = RandomBot(1)
    current = {"game": service.create_game(rules.name, seats(rules), seed="bench")}

    def one_command():
        game = service.game(current["game"])
        if game.outcome() is not None:
            current["game"] = service.create_game(rules.name, seats(rules), seed=f"bench-{game.version}")
            game = service.game(current["game"])
        seat = game.to_act()[0]
        service.submit(game.id, seat, bot.choose(rules, game.state, seat, game.version))

    benchmark.pedantic(one_command, rounds=2000, iterations=1, warmup_rounds=20)
