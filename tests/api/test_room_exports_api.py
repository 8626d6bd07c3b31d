"""A room's downloads with its teacher's token: ``GET /rooms/{code}/games.zip`` holds every started table's game as the
owner's NDJSON export (which imports and audits clean) and its diary, and ``room.json`` (no token, no personal code);
``GET /rooms/{code}/report`` is the class's playtest report as HTML, Markdown or JSON. Both are costly requests; without
a token they are 401, with another than the teacher's 403, for no room 404. Every status the spec documents for them
happens here, through the spec-checking client, and no other."""

from __future__ import annotations

import io
import itertools
import json
import uuid
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from conftest import API_TEST_SETTINGS
from eventsourcing.persistence import OperationalError
from flask.testing import FlaskClient
from status_cases import provoked, two_apps

from api import create_app
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays import records
from replays.audit import audit

R = "/rooms/{code}"
ZIP, REPORT = R + "/games.zip", R + "/report"
ROOM = {"ruleset": "correction", "seats_per_table": 2, "start": "teacher", "name": "Class <b>4B</b>"}
NO_ROOM = "/rooms/AAAAAA"
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))


class SpecCheckedBinaryClient(FlaskClient):
    """The spec-checking client (``conftest.SpecCheckedClient``), which also checks an answer of bytes the spec documents
    as ``format: binary`` (a zip): its status, media type and headers as the spec documents them (``spec.py`` reads
    every body that is not JSON as text)."""

    def open(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        response = super().open(*args, **kwargs)
        if response.mimetype == "application/zip":
            check_binary(response)
        else:
            oas.validate_response(response.request.method, response.request.path, response)
        return response


def check_binary(response: Any) -> None:
    template, operation = oas.find_operation(response.request.method, response.request.path)
    answer = oas.resolve(operation["responses"][str(response.status_code)])
    content = answer["content"][response.mimetype]
    assert content["schema"] == {"type": "string", "format": "binary"}, template
    for name, header in answer.get("headers", {}).items():
        header = oas.resolve(header)
        if header.get("required"):
            assert name in response.headers, f"{template}: no {name}"
        if name in response.headers:
            assert not list(oas.jsonschema.Draft202012Validator(header["schema"]).iter_errors(response.headers[name])), name


def spec_checked(client: Any) -> Any:
    """A client of the same app that checks zips too."""
    client.application.test_client_class = SpecCheckedBinaryClient
    return client.application.test_client()


@dataclass
class World:
    """An app on a SQLite file with a room of two-seat tables: Ann and Ben at table 1, played to its end; Cy and Dee at
    table 2, playing; Eve waiting at table 3. An app on the same store allowing one request a minute per address."""

    client: Any
    limited: Any
    service: GameService
    code: str
    teacher: dict[str, str]
    ann: dict[str, str]
    games: list[str]
    monkeypatch: pytest.MonkeyPatch

    @property
    def url(self) -> str:
        return f"/rooms/{self.code}"

    def twice(self, request: Callable[[Any, World], Any]) -> Any:
        self.limited.environ_base = {"REMOTE_ADDR": next(ADDRESSES)}
        request(self.limited, self)
        return request(self.limited, self)

    def down(self, request: Callable[[Any, World], Any]) -> Any:
        def failing(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("the store is down")

        for method in ("select_events", "insert_events"):
            self.monkeypatch.setattr(self.service.recorder, method, failing)
        return request(self.client, self)


@pytest.fixture
def world(tmp_path, monkeypatch):
    client, limited, service, other = two_apps(str(tmp_path / "games.sqlite3"))
    client, limited = spec_checked(client), spec_checked(limited)
    opened = client.post("/rooms", json=ROOM).get_json()
    code, teacher = opened["code"], {"Authorization": f"Bearer {opened['teacher_token']}"}
    joined = [client.post(f"/rooms/{code}/students", json={"name": name}).get_json() for name in ("Ann", "Ben", "Cy", "Dee", "Eve")]
    assert client.post(f"/rooms/{code}/start", headers=teacher).status_code == 200
    tables = client.get(f"/rooms/{code}/dashboard", headers=teacher).get_json()["tables"]
    games = [table["game_id"] for table in tables if table["started"]]
    for _ in service.play_bots(uuid.UUID(games[0]), bot_seed=1):
        pass
    yield World(client, limited, service, code, teacher, {"Authorization": f"Bearer {joined[0]['device_token']}"}, games, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


def test_the_zip_holds_each_started_tables_owner_export_and_diary_and_room_json(world):
    answer = world.client.get(f"{world.url}/games.zip", headers=world.teacher)
    assert answer.status_code == 200 and answer.mimetype == "application/zip"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="room-{world.code}.zip"'
    archive = zipfile.ZipFile(io.BytesIO(answer.get_data()))
    assert sorted(archive.namelist()) == ["room.json", "table-01-ann-ben.md", "table-01-ann-ben.ndjson",
                                          "table-02-cy-dee.md", "table-02-cy-dee.ndjson"]
    for number, game_id in enumerate(world.games, 1):
        stem = "table-01-ann-ben" if number == 1 else "table-02-cy-dee"
        exported = world.client.get(f"/games/{game_id}/export?format=ndjson", headers=world.teacher).get_data(as_text=True)
        assert archive.read(f"{stem}.ndjson").decode() == exported  # the owner's export, as the teacher downloads it
        diary = world.client.get(f"/games/{game_id}/export?format=md", headers=world.teacher).get_data(as_text=True)
        assert archive.read(f"{stem}.md").decode() == diary
    fresh = GameService(env=store_env(None))
    imported = records.import_games(fresh, archive.read("table-01-ann-ben.ndjson").decode())
    assert [str(game_id) for game_id in imported] == [world.games[0]]
    assert audit(fresh, imported[0]).clean and fresh.game(imported[0]).outcome() is not None
    about = json.loads(archive.read("room.json"))
    assert (about["code"], about["name"], about["seats_per_table"]) == (world.code, "Class <b>4B</b>", 2)
    assert [(t["table"], t["started"], t.get("files", {}).get("ndjson")) for t in about["tables"]] == [
        (1, True, "table-01-ann-ben.ndjson"), (2, True, "table-02-cy-dee.ndjson"), (3, False, None)]
    assert [s["name"] for s in about["students"]] == ["Ann", "Ben", "Cy", "Dee", "Eve"]
    whole = json.dumps(about)
    assert world.teacher["Authorization"].split()[1] not in whole and world.ann["Authorization"].split()[1] not in whole


def test_a_room_with_no_table_started_is_a_zip_with_room_json_only(world):
    opened = world.client.post("/rooms", json=ROOM).get_json()
    answer = world.client.get(f"/rooms/{opened['code']}/games.zip", headers={"Authorization": f"Bearer {opened['teacher_token']}"})
    assert answer.status_code == 200
    archive = zipfile.ZipFile(io.BytesIO(answer.get_data()))
    assert archive.namelist() == ["room.json"] and json.loads(archive.read("room.json"))["tables"] == []


def test_the_report_counts_the_finished_table_and_sets_the_bots_beside_it(world):
    answer = world.client.get(f"{world.url}/report?format=json&bot_games=8", headers=world.teacher)
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    report = answer.get_json()
    assert report["counts"]["finished"] == 1 and report["counts"]["playing"] == 1
    assert report["people"]["fairness"]["games"] == 1 and report["bots"]["games"] == 8
    assert report["bots"]["seed"] == f"room-{world.code}"
    page = world.client.get(f"{world.url}/report?bot_games=0", headers=world.teacher)
    assert page.mimetype == "text/html" and "Playtest report of Class &lt;b&gt;4B&lt;/b&gt;" in page.get_data(as_text=True)
    markdown = world.client.get(f"{world.url}/report?format=md&bot_games=0", headers=world.teacher)
    assert markdown.mimetype == "text/markdown" and "The class played only 1 game to the end" in markdown.get_data(as_text=True)


def test_both_are_costly_requests_checked_for_the_teacher_first(tmp_path, world):
    service = GameService(env=store_env(str(tmp_path / "games.sqlite3")))
    full = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "games.sqlite3"), **API_TEST_SETTINGS, "LUDOLOG_COSTLY_MAX": 0},
                      service=service)
    full.test_client_class = SpecCheckedBinaryClient
    client = full.test_client()
    for path in ("games.zip", "report?bot_games=0"):
        busy = client.get(f"{world.url}/{path}", headers=world.teacher)
        assert busy.status_code == 429 and busy.get_json()["type"].endswith("too-many-at-once")
        assert client.get(f"{world.url}/{path}").status_code == 401
    service.close()


OPERATIONS: dict[tuple[str, str], Callable[[Any, World], Any]] = {
    ("GET", ZIP): lambda c, w: c.get(f"{w.url}/games.zip", headers=w.teacher),
    ("GET", REPORT): lambda c, w: c.get(f"{w.url}/report?bot_games=0", headers=w.teacher),
}


def _refusals() -> list[tuple[str, str, int, str, Callable[[World], Any]]]:
    found = []
    for path, tail in ((ZIP, "games.zip"), (REPORT, "report?bot_games=0")):
        found += [
            ("GET", path, 401, "no token", lambda w, t=tail: w.client.get(f"{w.url}/{t}")),
            ("GET", path, 403, "a student's device token", lambda w, t=tail: w.client.get(f"{w.url}/{t}", headers=w.ann)),
            ("GET", path, 403, "a token of nobody", lambda w, t=tail: w.client.get(f"{w.url}/{t}", headers={"Authorization": "Bearer nope"})),
            ("GET", path, 404, "no such room", lambda w, t=tail: w.client.get(f"{NO_ROOM}/{t}", headers=w.teacher)),
        ]
    return found + [
        ("GET", REPORT, 400, "a format it does not write", lambda w: w.client.get(f"{w.url}/report?format=pdf", headers=w.teacher)),
        ("GET", REPORT, 400, "more bot games than it plays", lambda w: w.client.get(f"{w.url}/report?bot_games=5000", headers=w.teacher)),
        ("GET", REPORT, 400, "an unknown parameter", lambda w: w.client.get(f"{w.url}/report?games=3", headers=w.teacher)),
    ]


CASES = ([(m, p, 200, "success", lambda w, send=send: send(w.client, w)) for (m, p), send in OPERATIONS.items()]
         + _refusals()
         + [(m, p, 429, "too many requests", lambda w, send=send: w.twice(send)) for (m, p), send in OPERATIONS.items()]
         + [(m, p, 503, "the store is down", lambda w, send=send: w.down(send)) for (m, p), send in OPERATIONS.items()])


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status, type or headers the spec does not document
    assert response.status_code == status, response.get_data()[:500]
    assert oas.find_operation(method, response.request.path)[0] == path


def test_the_spec_documents_exactly_the_statuses_provoked():
    documented = {(m, p): set(oas.spec()["paths"][p][m.lower()]["responses"]) for m, p in oas.operations() if p in (ZIP, REPORT)}
    assert provoked(CASES) == documented
