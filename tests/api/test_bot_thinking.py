"""Search bots think in worker processes (``api.thinking``), so their seconds of pure Python never
hold the server's interpreter lock: the same choices as thinking in the server's process (they follow
the seed, the game's version and a budget in simulations), the thought reported as usual, and a
worker process that dies costs no request."""

from __future__ import annotations

import os

from api import thinking
from domain.thinking.bots import GreedyBot, make_bot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def hint(client, game, processes: int, app) -> dict:
    app.config["LUDOLOG_BOT_PROCESSES"] = processes
    asked = {"budget": "40", "play": False, "seed": "same-thoughts"}
    seat = client.get(game.url).get_json()["to_act"][0]
    response = client.post(f"{game.url}/bot-move", json=asked, headers=game.seat[seat])
    assert response.status_code == 200, response.get_json()
    return response.get_json()["bot"]


def test_a_search_bot_thinks_alike_in_a_worker_process_and_in_the_server(app, client, new_game):
    game = new_game(seed="thinking")
    elsewhere, here = hint(client, game, 1, app), hint(client, game, 0, app)
    assert elsewhere["command"] == here["command"]
    assert elsewhere["simulations"] == here["simulations"] == 40  # the thought came back from the worker


def test_a_search_bot_thinks_in_another_process_and_other_bots_here(service):
    assert thinking._pool_of(1).submit(os.getpid).result() != os.getpid()
    search = make_bot("search", "seed", "10", limit_ms=2000.0)
    assert isinstance(thinking.thinking(search, 1), thinking.Elsewhere)
    assert thinking.thinking(search, 0) is search  # 0: in the server's process
    greedy = make_bot("greedy", "seed", None, limit_ms=2000.0)
    assert isinstance(greedy, GreedyBot) and thinking.thinking(greedy, 1) is greedy


def test_a_worker_process_that_died_costs_no_request(service):
    game = service.game(service.create_game("correction", ["Ann", "Ben"], seed="died", salt=SALT))
    seat = game.to_act()[0]
    expected = make_bot("search", "s", "30", limit_ms=2000.0).choose(game.rules, game.state, seat, game.version)
    pool = thinking._pool_of(1)
    pool.submit(os.getpid).result()  # its worker is up
    for process in list(pool._processes.values()):
        process.kill()
        process.join()
    bot = make_bot("search", "s", "30", limit_ms=2000.0)
    assert thinking.Elsewhere(bot, 1).choose(game.rules, game.state, seat, game.version) == expected
    assert bot.last.simulations == 30
    assert thinking._pool_of(1).submit(os.getpid).result() != os.getpid()  # a new pool serves the next one
