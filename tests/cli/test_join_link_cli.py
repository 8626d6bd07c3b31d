"""``ludolog join-link``: its link begins with ``--url``, else ``LUDOLOG_PUBLIC_URL``, else the address the
running ``ludolog serve`` recorded in the store, and without any of them it says so in one line and opens
nothing (no port is guessed); ``--list`` prints who joined which seat, names escaped for the terminal;
``--free SEAT`` (a number or a seat's name) frees a seat, whose token stops working; ``--close`` closes
joining. A mistake is one line, exit 1, and changes nothing."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_runs import one_line_error

from cli.joining import NO_ADDRESS
from domain.engine.errors import Unauthorized
from domain.keeping.joining import GameJoining, Joining, JoiningClosed
from domain.keeping.service import GameService
from domain.keeping.service_address import record_address, recorded_address
from domain.keeping.store import store_env

LUDOLOG = [sys.executable, "-c", "from cli.main import main; main()"]
JOIN = r"/#/join/[\w-]{22}"


@pytest.fixture(autouse=True)
def no_public_url(monkeypatch):
    monkeypatch.delenv("LUDOLOG_PUBLIC_URL", raising=False)


@pytest.fixture
def service(db_path):
    opened = GameService(env=store_env(db_path))
    yield opened
    opened.close()


@pytest.fixture
def game(service):
    game_id, tokens = service.open_game("missions", ["Ana", "Ben", "Cy"])
    return game_id, tokens


def code_of(result) -> str:
    assert result.exit_code == 0, result.output
    return result.stdout.strip().rsplit("/", 1)[1]


def test_without_an_address_it_says_so_in_one_line_and_opens_nothing(run, service, game):
    game_id, tokens = game
    assert one_line_error(run("join-link", str(game_id))) == f"Error: {NO_ADDRESS}"
    assert Joining(service).joiners(game_id).is_open is False
    assert service.holder(game_id, tokens.seats[0]) == 1  # no seat's token was touched


def test_a_game_made_without_tokens_gets_none_when_there_is_no_address(run, db_path):
    made = run("new", "correction", "--seat", "Ana", "--seat", "Ben")
    game_id = made.stdout.strip().splitlines()[-1]
    assert "no running service has recorded its address" in one_line_error(run("join-link", game_id))
    service = GameService(env=store_env(db_path))
    try:
        assert service._access(service.find_game(game_id)) is None
    finally:
        service.close()


def test_the_link_begins_with_the_url_else_the_environment_else_the_address_recorded(run, service, game, monkeypatch):
    game_id, _ = game
    record_address(service, "http://192.168.1.20:8080")
    assert re.fullmatch(r"http://192\.168\.1\.20:8080" + JOIN, run("join-link", str(game_id)).stdout.strip())
    monkeypatch.setenv("LUDOLOG_PUBLIC_URL", "http://class.example:9000/")
    assert re.fullmatch(r"http://class\.example:9000" + JOIN, run("join-link", str(game_id)).stdout.strip())
    given = run("join-link", str(game_id), "--url", "https://ludolog.example")
    assert re.fullmatch(r"https://ludolog\.example" + JOIN, given.stdout.strip())
    # the last link opened is the one that works
    assert Joining(service).claim(code_of(given), "Zoé").seat == 1


def test_an_address_that_is_no_url_is_refused_and_nothing_opens(run, service, game, monkeypatch):
    game_id, _ = game
    monkeypatch.setenv("LUDOLOG_PUBLIC_URL", "192.168.1.20:8000")
    assert "'192.168.1.20:8000' is not an http:// or https:// address" in one_line_error(run("join-link", str(game_id)))
    assert Joining(service).joiners(game_id).is_open is False
    assert run("join-link", str(game_id), "--list").exit_code == 0  # reading who joined needs no address


def test_serve_records_the_address_it_listens_on_and_join_link_uses_it(run, db_path, service, game):
    game_id, _ = game
    process = subprocess.Popen([*LUDOLOG, "serve", "--port", "0", "--threads", "2", "--db", db_path],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[2],
                               env={**os.environ, "PYTHONUNBUFFERED": "1", "LUDOLOG_BOT_PROCESSES": "0"})
    try:
        said = process.stderr.readline()
        port = re.search(r"on http://127\.0\.0\.1:(\d+)$", said.strip())
        assert port, said
        link = run("join-link", str(game_id)).stdout.strip()
        assert re.fullmatch(rf"http://127\.0\.0\.1:{port.group(1)}" + JOIN, link), link
    finally:
        process.terminate()
        process.wait(timeout=10)
    assert recorded_address(service) == f"http://127.0.0.1:{port.group(1)}/"


def test_list_prints_who_joined_which_seat(run, service, game):
    game_id, _ = game
    code = code_of(run("join-link", str(game_id), "--url", "http://192.168.1.20:8000", "--seats-per-address", "2"))
    Joining(service).claim(code, "Zoé")
    listed = run("join-link", str(game_id)[:8], "--list")
    assert listed.exit_code == 0, listed.output
    assert listed.stdout.splitlines() == ["Joining is open; one address may hold 2 seats.", "Ana (seat 1): joined by Zoé",
                                          "Ben (seat 2): open", "Cy (seat 3): open"]
    assert run("join-link", str(game_id), "--close").exit_code == 0
    assert run("join-link", str(game_id), "--list").stdout.splitlines() == [
        "Joining is closed.", "Ana (seat 1): joined by Zoé", "Ben (seat 2): not joined", "Cy (seat 3): not joined"]


def test_list_escapes_the_names_for_the_terminal(run, service, game):
    game_id, _ = game
    Joining(service).open(game_id)
    # a name recorded before the names' rules (or written into the store by hand): shown, never acted on
    joining = service._get(GameJoining.id_for(game_id))
    joining.trigger_event(GameJoining.Claimed, seat=2, name="Max\x1b[2J\nCy (seat 3): joined by Eve")
    service._save(joining)
    listed = run("join-link", str(game_id), "--list").stdout
    assert "\x1b" not in listed and "Ben (seat 2): joined by Max\\x1b[2J\\x0aCy (seat 3): joined by Eve\n" in listed
    assert listed.splitlines()[-1] == "Cy (seat 3): open"


def test_free_by_number_or_name_kills_the_seats_token_and_opens_it_again(run, service, game):
    game_id, _ = game
    code = code_of(run("join-link", str(game_id), "--url", "http://192.168.1.20:8000"))
    zoe, max_ = Joining(service).claim(code, "Zoé"), Joining(service).claim(code, "Max")
    freed = run("join-link", str(game_id), "--free", "ben")
    assert freed.exit_code == 0, freed.output
    assert freed.stdout.strip() == ("Ben (seat 2), joined by Max, is free: its token stops working, and the next device "
                                    "to join gets the seat.")
    with pytest.raises(Unauthorized):
        service.holder(game_id, max_.token)
    assert service.holder(game_id, zoe.token) == 1
    assert run("join-link", str(game_id), "--free", "1").exit_code == 0
    with pytest.raises(Unauthorized):
        service.holder(game_id, zoe.token)
    assert Joining(service).joiners(game_id).open_seats == [1, 2, 3]
    assert Joining(service).claim(code, "Kim").seat == 1


@pytest.mark.parametrize(("seat", "said"), [
    ("Zed", "Error: the game has no seat 'Zed': its seats are 1 Ana, 2 Ben, 3 Cy"),
    ("4", "Error: the game has seats 1 to 3, not 4"),
    ("0", "Error: the game has seats 1 to 3, not 0"),
])
def test_freeing_no_seat_is_one_line_and_changes_nothing(run, service, game, seat, said):
    game_id, _ = game
    code = code_of(run("join-link", str(game_id), "--url", "http://192.168.1.20:8000"))
    zoe = Joining(service).claim(code, "Zoé")
    assert one_line_error(run("join-link", str(game_id), "--free", seat)) == said
    assert service.holder(game_id, zoe.token) == 1
    assert Joining(service).joiners(game_id).joined == [{"seat": 1, "seat_name": "Ana", "name": "Zoé"}]


def test_close_stops_the_link_and_the_seats_joined_keep_playing(run, service, game):
    game_id, _ = game
    code = code_of(run("join-link", str(game_id), "--url", "http://192.168.1.20:8000"))
    zoe = Joining(service).claim(code, "Zoé")
    closed = run("join-link", str(game_id), "--close")
    assert closed.stdout.strip() == "Joining is closed: its link stops working; the seats joined keep playing."
    with pytest.raises(JoiningClosed):
        Joining(service).claim(code, "Max")
    assert service.holder(game_id, zoe.token) == 1


@pytest.mark.parametrize(("args", "said"), [
    (["--list", "--close"], "--list and --close go one at a time"),
    (["--free", "1", "--list"], "--list and --free go one at a time"),
    (["--close", "--url", "http://192.168.1.20:8000"], "--close opens nothing: leave out --url"),
    (["--free", "1", "-o", "join.svg", "--seats-per-address", "1"], "--free opens nothing: leave out -o, --seats-per-address"),
])
def test_options_that_do_not_go_together_are_refused_and_change_nothing(run, service, game, args, said):
    game_id, _ = game
    code = code_of(run("join-link", str(game_id), "--url", "http://192.168.1.20:8000"))
    zoe = Joining(service).claim(code, "Zoé")
    assert said in one_line_error(run("join-link", str(game_id), *args))
    assert service.holder(game_id, zoe.token) == 1 and Joining(service).joiners(game_id).is_open
