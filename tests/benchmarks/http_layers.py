"""The layers of a command through HTTP on a SQLite file, and the floor under them.

Each row adds one layer over the same kind of commands (random commands of Correction games, each game
played to its end; the next command is chosen outside the timing), the p50 and the mean milliseconds:

1. ``GameService.submit``;
2. with the token's check before it (``holder``: a read of the game's tokens, as every request makes);
3. the Flask app called as a server calls it (a WSGI environ built outside the timing), rate limits off:
   the route, its schemas, the answer;
4. with the rate limits counted as a server counts them by default (the budgets raised so that this
   client, far faster than a player, is never refused: the same work a request);
5. ``ludolog serve`` (those limits) on one kept-alive loopback connection (``http.client``).

Each layer's cost is its row less the row before. The target (HTTP ÷ service ≥ 0.6) is the first row's
mean over the last's. Below them, the floor: the same server and client with an app that does nothing
(a fixed answer), and with a Flask route that only reads the JSON body and answers a fixed JSON, so
"HTTP ÷ service" can be no better than the service's mean over itself plus that floor. Where granian (a
server written in Rust: ``pip install -e '.[bench]'``) is installed, the same two floors under it, one
worker and one thread, show what another server would change.

    python tests/benchmarks/http_layers.py [--commands 300] [--write-guide]
    python tests/benchmarks/http_layers.py --floor bare|flask      # serve a floor app; prints its port
"""

from __future__ import annotations

import argparse
import http.client
import importlib.util
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Self

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages
from report import Server, markdown_table

RAISED = {"LUDOLOG_RATE_LIMIT_PER_TOKEN": "1000000/second;60000000/minute",
          "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1000000/second;60000000/minute"}
"""Rate limits counted as by default, never reached by the benchmark's client."""

OFF = {"LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off"}

FLOOR_PATH = "/games/00000000-0000-4000-8000-000000000000/commands"
"""The floor apps' path: a command's, so the server treats it as it treats a command."""

FIXED = json.dumps({"version": 12, "replayed": False, "events": [], "status": "playing", "to_act": [2]}).encode()


class Correction:
    """Random commands of Correction games made in ``service``'s store, each game with its tokens."""

    def __init__(self, service: Any, seed: int = 2) -> None:
        self.service, self.chooser, self.game_id, self.tokens = service, random.Random(seed), None, None

    def next(self) -> tuple[Any, int, dict[str, Any], str]:
        """The next command to send: the game, the seat, the command, the seat's token."""
        if self.game_id is None or self.service.game(self.game_id).outcome() is not None:
            self.game_id = self.service.create_game("correction", ["Ann", "Ben"], seed=f"layers-{self.chooser.random()}",
                                                    salt="5eed" * 8)
            self.tokens = self.service.issue_tokens(self.game_id)
        game = self.service.game(self.game_id)
        seat = game.rules.to_act(game.state)[0]
        return self.game_id, seat, self.chooser.choice(game.rules.legal_commands(game.state, seat)), self.tokens.seats[seat - 1]


def timed(commands: int, prepare: Any, send: Any) -> list[float]:
    """The milliseconds of ``commands`` sends, each prepared outside the timing."""
    timings = []
    for _ in range(commands):
        prepared = prepare()
        start = time.perf_counter()
        send(prepared)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def wsgi_sender(app: Any) -> tuple[Any, Any]:
    """What prepares a command's environ and what calls ``app`` with it, as a server would."""
    from werkzeug.test import EnvironBuilder

    statuses: list[str] = []

    def prepare_for(games: Correction) -> Any:
        game_id, _, command, token = games.next()
        return EnvironBuilder(path=f"/games/{game_id}/commands", method="POST", data=json.dumps({"command": command}),
                              headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"}).get_environ()

    def send(environ: dict[str, Any]) -> None:
        body = b"".join(app(environ, lambda status, headers, exc_info=None: statuses.append(status)))
        assert statuses.pop().startswith("201"), body

    return prepare_for, send


def http_sender(port: int) -> tuple[http.client.HTTPConnection, Any]:
    """A kept-alive connection and what sends one prepared request on it (201 expected)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(request: tuple[str, bytes, dict[str, str], int]) -> None:
        path, body, headers, expected = request
        connection.request("POST", path, body=body, headers=headers)
        answer = connection.getresponse()
        read = answer.read()
        assert answer.status == expected, read

    return connection, send


def command_request(games: Correction) -> tuple[str, bytes, dict[str, str], int]:
    game_id, _, command, token = games.next()
    return (f"/games/{game_id}/commands", json.dumps({"command": command}).encode(),
            {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}, 201)


def floor_request() -> tuple[str, bytes, dict[str, str], int]:
    body = json.dumps({"command": {"type": "spawn", "unit": "infantry", "at": "c4"}}).encode()
    return FLOOR_PATH, body, {"Content-Type": "application/json", "Authorization": "Bearer " + "t" * 43}, 201


def floor_app(kind: str) -> Any:
    """A WSGI app that answers every command with ``FIXED``: ``bare`` (a function) or ``flask`` (one route
    that reads the JSON body); both carry ``config``, as the server reads the app's settings."""
    from flask import Flask, Response, request

    if kind == "bare":
        def bare(environ: dict[str, Any], start_response: Any) -> list[bytes]:
            environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
            start_response("201 Created", [("Content-Type", "application/json"), ("Content-Length", str(len(FIXED)))])
            return [FIXED]

        bare.config = {"LUDOLOG_DATABASE_URL": "floor.sqlite3"}  # type: ignore[attr-defined]
        return bare
    app = Flask("floor")
    app.config["LUDOLOG_DATABASE_URL"] = "floor.sqlite3"

    @app.post("/games/<game_id>/commands")
    def command(game_id: str) -> Response:
        request.get_json()
        return Response(FIXED, status=201, mimetype="application/json")

    return app


def bare_floor() -> Any:
    """The ``bare`` floor app (a factory, for granian)."""
    return floor_app("bare")


def flask_floor() -> Any:
    """The ``flask`` floor app (a factory, for granian)."""
    return floor_app("flask")


class FloorServer:
    """A floor app served in a child process by ``api.serving.serve`` (as ``ludolog serve`` serves the API), or
    by granian (``server="granian"``)."""

    def __init__(self, kind: str, server: str = "gevent") -> None:
        self.kind, self.server, self.port = kind, server, 0

    def __enter__(self) -> Self:
        if self.server == "granian":
            with socket.create_server(("127.0.0.1", 0)) as probe:
                self.port = probe.getsockname()[1]
            self.process = subprocess.Popen(
                [sys.executable, "-m", "granian", "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(self.port),
                 "--workers", "1", "--blocking-threads", "1", "--no-log", "--factory", "--working-dir",
                 str(Path(__file__).parent), f"http_layers:{self.kind}_floor"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(200):  # until it listens
                try:
                    socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            return self
        self.process = subprocess.Popen([sys.executable, __file__, "--floor", self.kind], stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.port = int(self.process.stdout.readline())
        return self

    def __exit__(self, *_: object) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


def serve_floor(kind: str) -> None:
    from api.serving import serve

    listener = socket.create_server(("127.0.0.1", 0))
    print(listener.getsockname()[1], flush=True)
    serve(floor_app(kind), listener, threads=4, pool=100)


def layers_table(commands: int) -> str:
    """The rows of the module's docstring, then the floor, measured: the table."""
    return layers_markdown(layer_rows(commands))


def layers_markdown(rows: list[list[str]]) -> str:
    return markdown_table(["layers", "p50 ms", "mean ms", "this layer's mean"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"layers": guide_pages.header(layers_markdown([]))}


def layer_rows(commands: int) -> list[list[str]]:
    """The rows of the module's docstring, then the floor."""
    from api import create_app

    rows: list[list[str]] = []
    with tempfile.TemporaryDirectory() as folder:
        store = str(Path(folder) / "games.sqlite3")
        plain = create_app({"LUDOLOG_DATABASE_URL": store, **OFF})
        counted = create_app({"LUDOLOG_DATABASE_URL": store, **RAISED})
        service = plain.extensions["ludolog"]
        games = Correction(service)
        prepare_plain, send_plain = wsgi_sender(plain)
        prepare_counted, send_counted = wsgi_sender(counted)
        with Server(store, Path(folder), env=RAISED) as server:
            connection, send_http = http_sender(server.port)
            layers = [
                ("`GameService.submit`", games.next, lambda sent: service.submit(sent[0], sent[1], sent[2])),
                ("+ the token's check (`holder`)", games.next,
                 lambda sent: (service.holder(sent[0], sent[3]), service.submit(sent[0], sent[1], sent[2]))),
                ("+ Flask: route, schemas, answer (WSGI, as a server calls it)", lambda: prepare_plain(games), send_plain),
                ("+ the rate limits counted (as by default)", lambda: prepare_counted(games), send_counted),
                ("+ the server: `ludolog serve`, loopback", lambda: command_request(games), send_http),
            ]
            for _, prepare, send in layers:  # warm every path
                timed(min(50, commands), prepare, send)
            for label, prepare, send in layers:
                ordered = sorted(timed(commands, prepare, send))
                rows.append([label, f"{ordered[len(ordered) // 2]:.2f}", f"{statistics.fmean(ordered):.2f}"])
            connection.close()
    means = [float(row[2]) for row in rows]
    for row, before in zip(rows, [None, *means[:-1]]):
        row.append("—" if before is None else f"{float(row[2]) - before:+.2f}")
    rows.append(["HTTP ÷ service (commands/s, the means)", "", f"{means[0] / means[-1]:.2f}", "target ≥ 0.6"])
    floors = [("gevent", "bare", "floor: an app that does nothing, same server and client"),
              ("gevent", "flask", "floor: a Flask route that reads the body and answers a fixed JSON")]
    if importlib.util.find_spec("granian") is not None:
        floors += [("granian", "bare", "floor under granian: an app that does nothing"),
                   ("granian", "flask", "floor under granian: the same Flask route")]
    for server, kind, label in floors:
        with FloorServer(kind, server) as floor:
            connection, send_floor = http_sender(floor.port)
            timed(min(50, commands), floor_request, send_floor)
            ordered = sorted(timed(commands, floor_request, send_floor))
            connection.close()
        mean = statistics.fmean(ordered)
        rows.append([label, f"{ordered[len(ordered) // 2]:.2f}", f"{mean:.2f}",
                     f"HTTP ÷ service at best {means[0] / (means[0] + mean):.2f}"])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--floor", choices=["bare", "flask"], help=argparse.SUPPRESS)
    parser.add_argument("--write-guide", action="store_true", help=guide_pages.OPTION_HELP)
    given = parser.parse_args()
    if given.floor:
        serve_floor(given.floor)
        return
    table = layers_table(given.commands)
    print(table)
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("http_layers.py", {"layers": table}))


if __name__ == "__main__":
    main()
