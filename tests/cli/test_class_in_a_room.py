"""A class in a room: ``ludolog serve --class`` listens on every interface and prints the address students
open, found from the machine's network address (``network_address``), and the links it gives begin with
it; ``ludolog join-link GAME`` opens the game for joining, prints the link and writes its QR code."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from cli_runs import one_line_error

from api.joining import qr_svg
from cli import serve
from domain.keeping.joining import Joining, SeatsPerAddressReached
from domain.keeping.service import GameService
from domain.keeping.store import store_env

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]


class Probe:
    """A UDP socket that says it would send from ``address`` (or cannot be connected at all)."""

    def __init__(self, address: str | None) -> None:
        self.address = address

    def __call__(self, *args):
        return self

    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def connect(self, where):
        assert where == serve.OUTSIDE
        if self.address is None:
            raise OSError("Network is unreachable")

    def getsockname(self):
        return (self.address, 54321)


@pytest.mark.parametrize(("probed", "by_name", "expected"), [
    ("192.168.1.20", "10.0.0.5", "192.168.1.20"),  # the interface that reaches outside
    (None, "10.0.0.5", "10.0.0.5"),  # no route outside: the host name's address
    ("127.0.0.1", "127.0.1.1", "127.0.0.1"),  # only loopback: this computer alone
    (None, None, "127.0.0.1"),
])
def test_the_network_address_is_the_interface_that_reaches_outside_then_the_host_names(monkeypatch, probed, by_name, expected):
    def host_address(name):
        if by_name is None:
            raise OSError("unknown host")
        return by_name

    monkeypatch.setattr(serve.socket, "socket", Probe(probed))
    monkeypatch.setattr(serve.socket, "gethostbyname", host_address)
    assert serve.network_address() == expected


def test_students_open_the_network_address_on_every_interface_else_the_host_given(monkeypatch):
    monkeypatch.setattr(serve, "network_address", lambda: "192.168.1.20")
    assert serve.students_open("0.0.0.0", 8000) == "http://192.168.1.20:8000/"
    assert serve.students_open("10.1.2.3", 8080) == "http://10.1.2.3:8080/"


def test_serve_class_prints_the_address_students_open_and_the_links_begin_with_it(tmp_path):
    db = str(tmp_path / "games.sqlite3")
    process = subprocess.Popen([*LUDOLOG, "serve", "--class", "--port", "0", "--threads", "2", "--db", db],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2],
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        said = process.stdout.readline()
        match = re.fullmatch(r"Students open: (http://([\d.]+):(\d+)/)\n", said)
        assert match, said
        assert match.group(2) == serve.network_address()
        lines = [process.stderr.readline() for _ in range(2)]
        assert "not the open internet" in lines[0]
        assert re.search(rf"on http://0\.0\.0\.0:{match.group(3)}$", lines[1].strip()), lines
        base = f"http://127.0.0.1:{match.group(3)}"
        made = post(f"{base}/games", {"ruleset": "project-assassination", "seats": ["Ana", "Ben"]})
        opened = post(f"{base}/games/{made['id']}/joining", None, made["owner_token"])
        assert opened["link"] == f"{match.group(1)}#/join/{opened['code']}"
    finally:
        process.terminate()
        process.wait(timeout=10)


def post(url, body, token=None):
    request = urllib.request.Request(url, method="POST", data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_join_link_prints_the_link_and_writes_its_qr_code(run, db_path, tmp_path):
    service = GameService(env=store_env(db_path))
    try:
        game_id, _ = service.open_game("project-assassination", ["Ana", "Ben"])
        result = run("join-link", str(game_id)[:8], "--url", "http://192.168.1.20:8000", "-o", str(tmp_path / "join.svg"))
        assert result.exit_code == 0, result.output
        link = result.stdout.strip()
        assert re.fullmatch(r"http://192\.168\.1\.20:8000/#/join/[\w-]{22}", link), link
        assert (tmp_path / "join.svg").read_text(encoding="utf-8") == qr_svg(link)
        claimed = Joining(service).claim(link.rsplit("/", 1)[1], "Zoé")
        assert (claimed.game_id, claimed.seat) == (game_id, 1)
        assert service.holder(game_id, claimed.token) == 1

        again = run("join-link", str(game_id), "--url", "http://192.168.1.20:8000")
        assert again.stdout.strip() != link
        assert Joining(service).joiners(game_id).joined == [{"seat": 1, "seat_name": "Ana", "name": "Zoé"}]
    finally:
        service.close()


def test_join_link_with_seats_per_address_lets_each_address_hold_that_many_seats(run, db_path):
    service = GameService(env=store_env(db_path))
    try:
        game_id, _ = service.open_game("missions", ["Ana", "Ben", "Cy"])
        result = run("join-link", str(game_id), "--url", "http://192.168.1.20:8000", "--seats-per-address", "1")
        assert result.exit_code == 0, result.output
        assert "One address may hold 1 seat through this link." in result.stderr
        code = result.stdout.strip().rsplit("/", 1)[1]
        assert Joining(service).claim(code, "Zoé", address="192.168.1.31").seat == 1
        with pytest.raises(SeatsPerAddressReached):
            Joining(service).claim(code, "Zoé", address="192.168.1.31")
        assert Joining(service).claim(code, "Max", address="192.168.1.32").seat == 2
        assert Joining(service).joiners(game_id).seats_per_address == 1
    finally:
        service.close()
    assert "is not in the range x>=1" in one_line_error(run("join-link", str(game_id), "--seats-per-address", "0"))


def test_join_link_refuses_an_address_that_is_no_url(run, db_path):
    service = GameService(env=store_env(db_path))
    try:
        game_id, _ = service.open_game("project-assassination", ["Ana", "Ben"])
    finally:
        service.close()
    result = run("join-link", str(game_id), "--url", "192.168.1.20:8000")
    assert "is not an http:// or https:// address" in one_line_error(result)



def test_join_link_gives_a_game_made_without_tokens_its_tokens_first(run, db_path):
    made = run("new", "project-assassination", "--seat", "Ana", "--seat", "Ben")
    game_id = made.stdout.strip().splitlines()[-1]
    result = run("join-link", game_id, "--url", "http://192.168.1.20:8000")
    assert result.exit_code == 0, result.output
    owner = re.search(r"its owner token \(shown once\) is (\S+)", result.stderr).group(1)
    service = GameService(env=store_env(db_path))
    try:
        assert service.holder(service.find_game(game_id), owner) == "owner"
        claimed = Joining(service).claim(result.stdout.strip().rsplit("/", 1)[1], "Zoé")
        assert claimed.seat == 1
    finally:
        service.close()
