"""Benchmarks of replays on a 10,000-event game (SQLite): opening a cursor, ``goto`` to random
steps, a full forward and backward sweep, and each export format.

    pytest tests/benchmarks -m speed --benchmark-enable

The game is Project Assassination with a round limit of 2,600, where both players end every turn
at once (the placer takes the first square allowed): about 10,400 events.
"""

from __future__ import annotations

import random

import pytest

from domain import registry
from domain.game import Game
from domain.service import GameService
from domain.store import store_env
from replays import records
from replays.cursor import Cursor

pytestmark = pytest.mark.speed


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    rules = registry.get("project-assassination")
    game = Game.start(rules, ["Ana", "Ben"], rules.resolve_options({"round_limit": 2600}), "long-game")
    while game.outcome() is None:
        seat = game.to_act()[0]
        command = rules.legal_commands(game.state, seat)[0] if game.state.phase == "placement" else {"type": "end"}
        game.play(seat, command, f"c{game.version}")
    service = GameService(env=store_env(str(tmp_path_factory.mktemp("long") / "long.sqlite3")))
    service.save(game)
    assert service.game(game.id).version >= 10_000
    return service, game.id


def test_open_a_cursor(benchmark, long_game):
    benchmark.group = "replays of a 10,000-event game"
    service, game_id = long_game
    benchmark.pedantic(Cursor, args=(service, game_id), rounds=3, iterations=1)


def test_goto_random_steps(benchmark, long_game):
    benchmark.group = "replays of a 10,000-event game"
    service, game_id = long_game
    cursor = Cursor(service, game_id)
    chooser = random.Random(1)
    benchmark.pedantic(lambda: cursor.goto(chooser.randint(1, cursor.total)), rounds=2000, iterations=1)


def test_forward_sweep(benchmark, long_game):
    benchmark.group = "replays of a 10,000-event game"
    service, game_id = long_game
    cursor = Cursor(service, game_id)

    def sweep():
        cursor.first()
        while cursor.position < cursor.total:
            cursor.next()

    benchmark.pedantic(sweep, rounds=3, iterations=1)


def test_backward_sweep(benchmark, long_game):
    benchmark.group = "replays of a 10,000-event game"
    service, game_id = long_game
    cursor = Cursor(service, game_id)

    def sweep():
        cursor.last()
        while cursor.position > 1:
            cursor.prev()

    benchmark.pedantic(sweep, rounds=3, iterations=1)


@pytest.mark.parametrize("form", ["ndjson", "json", "csv", "md", "html"])
def test_export(benchmark, long_game, form, tmp_path):
    benchmark.group = "exports of a 10,000-event game"
    service, game_id = long_game
    if form == "md":
        from replays.diary import to_markdown

        def run():
            return to_markdown(service, game_id, images_dir=tmp_path / "charts")
    elif form == "html":
        from replays.page import to_html

        def run():
            return to_html(service, game_id)
    else:
        writer = {"ndjson": records.to_ndjson, "json": records.to_json, "csv": records.to_csv}[form]

        def run():
            return writer(service, game_id)

    assert benchmark.pedantic(run, rounds=2, iterations=1)
