"""Costly requests (a bot's move, an export, a board) are limited in how many run at once, per
token, per address and in the process: one more is refused at once with 429 ``too-many-at-once`` and
``Retry-After``, and ran nothing; ordinary requests go on being served meanwhile."""

from __future__ import annotations

import threading

import pytest
from test_api_play import assert_problem

import api.boards


@pytest.fixture
def held(app, monkeypatch):
    """Boards that are drawn only once ``release`` is set: each such request stays running."""
    release, started = threading.Event(), threading.Semaphore(0)
    real_board = api.boards.board

    def slow_board(*args, **kwargs):
        started.release()
        release.wait(30)
        return real_board(*args, **kwargs)

    monkeypatch.setattr(api.boards, "board", slow_board)
    running: list[threading.Thread] = []

    def hold(url: str, headers: dict, address: str) -> None:
        answers: list = []
        thread = threading.Thread(target=lambda: answers.append(
            app.test_client().get(url, headers=headers, environ_base={"REMOTE_ADDR": address})), daemon=True)
        thread.start()
        assert started.acquire(timeout=30), "the held request did not start"
        running.append(thread)

    yield hold
    release.set()
    for thread in running:
        thread.join(30)


def board(client, game, headers=None, address="10.0.0.1"):
    return client.get(f"{game.url}/board", headers=headers or {}, environ_base={"REMOTE_ADDR": address})


def test_a_token_running_its_costly_requests_gets_429_and_others_are_served(app, client, new_game, held):
    app.extensions["ludolog-costly"].most = None
    game = new_game()
    held(f"{game.url}/board", game.seat[1], "10.0.0.1")
    held(f"{game.url}/board", game.seat[1], "10.0.0.2")
    refused = board(client, game, game.seat[1], "10.0.0.3")
    body = assert_problem(refused, 429, "too-many-at-once")
    assert body["detail"].startswith("this token may run 2 costly requests")
    assert refused.headers["Retry-After"] == "1"
    assert client.get(game.url, headers=game.seat[1]).status_code == 200  # an ordinary request is served


def test_an_address_running_its_costly_requests_gets_429_and_other_addresses_do_not(app, client, new_game, held):
    running = app.extensions["ludolog-costly"]
    running.per_address, running.most = 2, None
    game = new_game()
    held(f"{game.url}/board", {}, "10.0.0.1")
    held(f"{game.url}/board", game.seat[2], "10.0.0.1")
    assert "this address may run 2" in assert_problem(board(client, game, game.owner, "10.0.0.1"), 429, "too-many-at-once")["detail"]
    held(f"{game.url}/board", {}, "10.0.0.9")  # another address's board runs (held like the others), not refused


def test_a_process_running_its_most_costly_requests_refuses_one_more(app, client, new_game, held):
    app.extensions["ludolog-costly"].most = 2
    game = new_game()
    held(f"{game.url}/board", {}, "10.0.0.1")
    held(f"{game.url}/board", {}, "10.0.0.2")
    refused = board(client, game, {}, "10.0.0.3")
    assert "this server runs 2 costly requests" in assert_problem(refused, 429, "too-many-at-once")["detail"]


def test_costly_requests_are_counted_only_while_they_run(app, client, new_game):
    app.extensions["ludolog-costly"].per_token = 1
    game = new_game()
    for _ in range(5):  # one after the other: never two at once
        assert board(client, game, game.seat[1]).status_code == 200
        assert client.get(f"{game.url}/export?format=ndjson", headers=game.seat[1]).status_code == 200
