"""A kit's expressions cannot freeze the server: a kit whose expression could cost more than an evaluation may
is refused at ``POST /kits``, ``POST /games`` and ``ludolog kit check`` with one line naming its place, nothing
stored; reading the legal commands of a game whose rules a kit wrote is a costly request and never runs in a
stream's greenlet; and the rules a kit wrote stop at the request's deadline (``LUDOLOG_RULES_SECONDS``):
refused as the rules failing, nothing written."""

from __future__ import annotations

import copy

from click.testing import CliRunner
from conftest import API_TEST_SETTINGS, NewGame
from test_api_play import assert_problem

from api import create_app
from api.serving import quick_request
from cli.main import cli
from domain.games.table_kit.rules import shipped_kit
from domain.keeping.service import GameService
from domain.keeping.store import store_env

DIGITS = "[0,1,2,3,4,5,6,7,8,9]"
FREEZING = "".join(f"{DIGITS}.all(a{n}, " for n in range(9)) + "true" + ")" * 9
"""Nine nested macros over ten numbers: 10^9 steps, in 190 characters."""


def freezing_kit(name: str = "frozen") -> dict:
    kit = copy.deepcopy(shipped_kit("pig"))
    kit["name"] = name
    kit["play"]["setup"] = [{"set": "turn_total", "to": f"{FREEZING} ? 1 : 0"}]
    return kit


def test_a_freezing_kit_is_refused_at_post_kits_naming_the_expressions_place(client):
    refused = client.post("/kits", json={"kit": freezing_kit()})
    assert_problem(refused, 422, "invalid-kit")
    mistakes = refused.get_json()["mistakes"]
    assert any(mistake.startswith("play.setup.0.to: ") and "steps to work out" in mistake for mistake in mistakes), mistakes
    assert client.get("/kits/frozen").status_code == 404  # nothing stored


def test_a_freezing_kit_is_refused_at_post_games_and_no_game_is_made(client):
    before = client.get("/games").get_json()["total"]
    refused = client.post("/games", json={"ruleset": "table-kit", "seats": ["Ana", "Ben"], "options": {"kit": freezing_kit()}})
    assert refused.status_code == 422 and "steps to work out" in refused.get_data(as_text=True)
    assert client.get("/games").get_json()["total"] == before


def test_a_freezing_kit_is_one_line_naming_its_line_in_kit_check(tmp_path):
    import yaml

    path = tmp_path / "frozen.yaml"
    path.write_text(yaml.safe_dump(freezing_kit(), sort_keys=False), encoding="utf-8")
    result = CliRunner().invoke(cli, ["kit", "check", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = [line for line in result.output.splitlines() if "play.setup.0.to" in line]
    assert len(lines) == 1 and lines[0].startswith(f"{path}:") and lines[0].endswith("this kit's largest list holds 4")


def app_with(store, **settings):
    service = GameService(env=store_env(store))
    return create_app({"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, **settings}, service=service), service


def test_reading_a_kit_games_legal_commands_is_a_costly_request(store):
    app, service = app_with(store, LUDOLOG_COSTLY_MAX=1)
    client = app.test_client()
    pig = NewGame(client, "table-kit", ("Ana", "Ben"), seed="costly-pig", options={"kit": shipped_kit("pig")})
    coded = NewGame(client, "project-assassination", ("Ana", "Ben"), seed="coded")
    with app.extensions["ludolog-costly"].one(None, "192.0.2.1"):  # another client's costly request runs
        assert_problem(client.get(f"{pig.url}/legal-commands", headers=pig.seat[1]), 429, "too-many-at-once")
        assert client.get(f"{coded.url}/legal-commands", headers=coded.seat[1]).status_code == 200
    assert client.get(f"{pig.url}/legal-commands", headers=pig.seat[1]).status_code == 200
    service.close()


def test_a_kit_games_requests_leave_the_streams_greenlet_once_its_legal_commands_are_read(client):
    pig = NewGame(client, "table-kit", ("Ana", "Ben"), seed="pool-pig", options={"kit": shipped_kit("pig")})
    coded = NewGame(client, "project-assassination", ("Ana", "Ben"), seed="pool-coded")

    def quick(game: NewGame, method: str, path: str) -> bool:
        return quick_request({"REQUEST_METHOD": method, "PATH_INFO": f"{game.url}{path}"})

    assert quick(pig, "POST", "/commands")  # not known yet
    client.get(f"{pig.url}/legal-commands", headers=pig.seat[1])
    client.get(f"{coded.url}/legal-commands", headers=coded.seat[1])
    assert not quick(pig, "POST", "/commands") and not quick(pig, "GET", "/legal-commands") and not quick(pig, "GET", "")
    assert quick(coded, "POST", "/commands") and quick(coded, "GET", "/legal-commands")


def test_a_kit_games_rules_past_the_requests_deadline_are_refused_and_write_nothing(store):
    app, service = app_with(store)
    client = app.test_client()
    pig = NewGame(client, "table-kit", ("Ana", "Ben"), seed="late-pig", options={"kit": shipped_kit("pig")})
    app.config["LUDOLOG_RULES_SECONDS"] = 1e-9
    before = client.get(pig.url, headers=pig.owner).get_json()["version"]
    legal = client.get(f"{pig.url}/legal-commands", headers=pig.seat[1])
    assert_problem(legal, 422, "illegal-command")
    assert "the kit's rules took longer than the 1e-09 s they may take here" in legal.get_json()["detail"]
    played = client.post(f"{pig.url}/commands", json={"command": {"type": "act", "action": "roll"}}, headers=pig.seat[1])
    assert_problem(played, 422, "illegal-command")
    assert client.get(pig.url, headers=pig.owner).get_json()["version"] == before
    coded = NewGame(client, "project-assassination", ("Ana", "Ben"), seed="late-coded")  # rules in code: no deadline
    assert client.get(f"{coded.url}/legal-commands", headers=coded.seat[1]).status_code == 200
    service.close()


def test_the_games_played_by_written_rules_are_remembered_up_to_a_bound_the_oldest_forgotten_first():
    from api.written_rules import WrittenRules

    remembered = WrittenRules(most=2)
    for game in ("a", "b", "a", "c"):  # "a" marked again: "b" is now the oldest
        remembered.mark(game)
    assert "a" in remembered and "c" in remembered and "b" not in remembered
