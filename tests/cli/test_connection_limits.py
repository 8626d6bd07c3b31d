"""One address cannot lock a class out (``api.connections``), on ``ludolog serve`` in one process and
under gunicorn: connections over an address's cap are answered 429 and closed while another address is
served at once; a request whose head comes too slowly, and a kept-alive connection left idle, are closed.
Before these limits, idle connections that sent nothing filled the server's pool and every new client
hung."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
CAP, HEAD_SECONDS, IDLE_SECONDS = 6, 3.0, 1.5


@pytest.fixture(params=[1, 2], ids=["one-process", "gunicorn"], scope="module")
def server(request, tmp_path_factory):
    db = str(tmp_path_factory.mktemp("limits") / "games.sqlite3")
    limits = {"LUDOLOG_CONNECTIONS_PER_ADDRESS": str(CAP), "LUDOLOG_HEAD_SECONDS": str(HEAD_SECONDS),
              "LUDOLOG_IDLE_SECONDS": str(IDLE_SECONDS)}
    process = subprocess.Popen(
        [*LUDOLOG, "serve", "--host", "0.0.0.0", "--port", "0", "--workers", str(request.param), "--threads", "2", "--db", db],
        stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2], env={**os.environ, **limits, "PYTHONUNBUFFERED": "1"})
    try:
        line = ""
        while not line.startswith("ludolog serving"):
            line = process.stderr.readline()
            assert line, "the server stopped"
        yield int(re.search(r":(\d+)", line.split(" on ")[-1]).group(1)), request.param
    finally:
        process.terminate()
        process.wait(timeout=15)


def connect(port: int, source: str) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    return connection


def answer(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or 10 s)."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def healthz(port: int, source: str) -> bytes:
    with connect(port, source) as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return answer(connection)


def test_one_address_holding_idle_connections_over_its_cap_does_not_lock_others_out(server):
    port, workers = server
    held, refused = [], None
    for _ in range(CAP * workers * 3):  # under gunicorn each worker counts its own: fill them all
        connection = connect(port, "127.0.0.1")
        connection.settimeout(0.1)  # a refusal comes at once; a held connection says nothing
        try:
            got = answer(connection)
        except TimeoutError:
            held.append(connection)
            continue
        connection.close()
        if got.startswith(b"HTTP/1.1 429"):
            refused = got
            break
    assert refused is not None and b"Retry-After: 1" in refused and b"too-many-connections" in refused
    assert len(held) >= CAP
    started = time.monotonic()
    served = healthz(port, "127.0.0.2")  # another address, while the first holds its cap
    assert served.startswith(b"HTTP/1.1 200") and time.monotonic() - started < HEAD_SECONDS
    for connection in held:
        connection.close()


def test_a_request_whose_head_comes_too_slowly_is_closed(server):
    port, _ = server
    with connect(port, "127.0.0.3") as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\n")
        started, closed = time.monotonic(), False
        for _ in range(60):  # a header byte every 0.1 s: never done within the limit
            try:
                connection.sendall(b"X")
            except OSError:
                closed = True
                break
            connection.settimeout(0.1)
            try:
                if connection.recv(1024) == b"":
                    closed = True
                    break
            except TimeoutError:
                pass
        assert closed and HEAD_SECONDS - 0.2 < time.monotonic() - started < HEAD_SECONDS + 2


def test_a_kept_alive_connection_left_idle_is_closed(server):
    port, _ = server
    with connect(port, "127.0.0.4") as connection:
        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        first = connection.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        connection.settimeout(IDLE_SECONDS + 5)
        rest = answer(connection)
        assert rest == b"" or b"HTTP/1.1" not in rest
        assert IDLE_SECONDS - 0.2 < time.monotonic() - started < IDLE_SECONDS + 2


def test_a_chunked_body_over_the_limit_is_refused_413_as_documented(server):
    port, _ = server
    body = b'{"ruleset": "correction", "seats": ["Ann", "Ben"], "name": "' + b"x" * (70 * 1024) + b'"}'
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 8192]), body[i:i + 8192]) for i in range(0, len(body), 8192))
    with connect(port, "127.0.0.5") as connection:
        connection.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                           b"Connection: close\r\n\r\n" + chunks + b"0\r\n\r\n")
        got = answer(connection)
    assert got.startswith(b"HTTP/1.1 413") and b"too-large" in got
