"""On a SQLite store, the requests a playing client repeats run in the connection's greenlet (no hop to a
native thread and back); every other request, and every request on PostgreSQL, runs in the pool."""

from __future__ import annotations

import http.client
import threading

import gevent
import pytest
from gevent import pywsgi

from api.serving import Dispatcher, quick_request, quick_requests_for

GAME = "0b6f2a2e-1111-4222-8333-444455556666"


@pytest.mark.parametrize(("method", "path"), [
    ("POST", f"/games/{GAME}/commands"),
    ("GET", f"/games/{GAME}"),
    ("GET", f"/games/{GAME}/legal-commands"),
])
def test_a_command_its_game_and_its_legal_commands_are_quick(method, path):
    assert quick_request({"REQUEST_METHOD": method, "PATH_INFO": path})


@pytest.mark.parametrize(("method", "path"), [
    ("POST", f"/games/{GAME}/bot-move"),
    ("GET", f"/games/{GAME}/export"),
    ("GET", f"/games/{GAME}/events/stream"),
    ("GET", f"/games/{GAME}/board"),
    ("POST", f"/games/{GAME}/forks"),
    ("GET", f"/games/{GAME}/commands"),
    ("DELETE", f"/games/{GAME}"),
    ("POST", "/games"),
    ("GET", "/games"),
    ("GET", f"/games/{GAME}/commands/x"),
])
def test_everything_else_is_not(method, path):
    assert not quick_request({"REQUEST_METHOD": method, "PATH_INFO": path})


@pytest.mark.parametrize("store", ["games.sqlite3", ":memory:", "/var/lib/ludolog/games.sqlite3"])
def test_quick_requests_run_in_the_greenlet_on_sqlite(store):
    assert quick_requests_for({"LUDOLOG_DATABASE_URL": store}) is quick_request


@pytest.mark.parametrize("store", ["postgresql://ludolog@db/ludolog", "postgres://db/x", "postgres"])
def test_every_request_runs_in_the_pool_on_postgresql(store):
    assert quick_requests_for({"LUDOLOG_DATABASE_URL": store}) is None


def test_a_quick_request_runs_in_the_servers_own_thread_and_the_rest_in_the_pool():
    threads: dict[str, int] = {}

    def app(environ, start_response):
        threads[environ["PATH_INFO"]] = threading.get_ident()
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    started, ports = threading.Event(), []

    def serve() -> None:
        server = pywsgi.WSGIServer(("127.0.0.1", 0), Dispatcher(app, 2, quick_request), log=None)
        server.start()
        ports.append((server.server_port, threading.get_ident(), server))
        started.set()
        gevent.wait()

    threading.Thread(target=serve, daemon=True).start()
    assert started.wait(10)
    port, serving_thread, server = ports[0]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for method, path in [("GET", f"/games/{GAME}"), ("GET", f"/games/{GAME}/export"),
                         ("POST", f"/games/{GAME}/commands"), ("POST", f"/games/{GAME}/bot-move")]:
        connection.request(method, path, body=b"{}" if method == "POST" else None)
        answer = connection.getresponse()
        assert (answer.status, answer.read()) == (200, b"ok")
    connection.close()
    assert threads[f"/games/{GAME}"] == threads[f"/games/{GAME}/commands"] == serving_thread
    assert threads[f"/games/{GAME}/export"] != serving_thread
    assert threads[f"/games/{GAME}/bot-move"] != serving_thread
