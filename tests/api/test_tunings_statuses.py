"""Every status the tunings' operations (``/tunings``, ``/tunings/{id}``, ``/tunings/{id}/report``) answer is
documented for them in ``openapi.yaml``, and every status the spec documents for them happens: each one is provoked
here through the spec-checking client, and the statuses provoked per operation are the spec's, exactly (the other
operations' are ``test_statuses.py``'s and the other groups' own files')."""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from conftest import API_TEST_SETTINGS, SpecCheckedClient
from eventsourcing.persistence import OperationalError
from status_cases import provoked
from test_tunings_api import DICE_RACE

import api.tuning_jobs
from api import create_app
from domain.engine.errors import InvalidSetup
from domain.keeping.service import GameService
from domain.keeping.store import store_env

PATHS = ("/tunings", "/tunings/{tuning_id}", "/tunings/{tuning_id}/report")
TINY = {"game": "dice-race", "vary": ["head_start=0,2"], "goals": ["seats"], "bot": "random", "block": 10, "most_games": 10,
        "confirm": 0}
"""A tune of twenty games of the dice race, kept on the shelf by its name (read from the store: a 503 when it is down)."""
NO_TUNING = "/tunings/0b6e4a52-7c0e-4a8f-9a43-6f1c2d3e4b5a"
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))


@dataclass
class World:
    """An app on a SQLite file with the dice race on its shelf and a finished tuning of it, an app on the same store
    that allows one request a minute per address, and the service."""

    client: Any
    limited: Any
    service: GameService
    done: str
    monkeypatch: pytest.MonkeyPatch

    def twice(self, request: Callable[[Any, World], Any]) -> Any:
        self.limited.environ_base = {"REMOTE_ADDR": next(ADDRESSES)}
        request(self.limited, self)
        return request(self.limited, self)

    def down(self, request: Callable[[Any, World], Any]) -> Any:
        def failing(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("the store is down")

        for method in ("select_events", "select_notifications", "max_notification_id", "insert_events"):
            self.monkeypatch.setattr(self.service.recorder, method, failing)
        return request(self.client, self)

    def failed(self) -> str:
        """A tuning whose games fail: its URL, once it has."""
        def failing(tasks: Any, seconds: float) -> Any:
            raise InvalidSetup("the games could not be played")

        self.monkeypatch.setattr(api.tuning_jobs, "play_games", failing)
        location = self.client.post("/tunings", json=TINY).headers["Location"]
        finished(self.client, location)
        return location


def finished(client: Any, location: str) -> dict[str, Any]:
    ends = time.monotonic() + 30
    while (job := client.get(location).get_json())["state"] not in ("done", "failed"):
        assert time.monotonic() < ends, job
        time.sleep(0.02)
    return job


OPERATIONS: dict[tuple[str, str], Callable[[Any, World], Any]] = {
    ("POST", "/tunings"): lambda c, w: c.post("/tunings", json=TINY),
    ("GET", "/tunings/{tuning_id}"): lambda c, w: c.get(w.done),
    ("GET", "/tunings/{tuning_id}/report"): lambda c, w: c.get(f"{w.done}/report?format=markdown"),
}
SUCCESS = {"POST": 202, "GET": 200}
CASES = (
    [(m, p, SUCCESS[m], "success", lambda w, op=(m, p): OPERATIONS[op](w.client, w)) for m, p in OPERATIONS]
    + [
        ("POST", "/tunings", 400, "a size over the cap", lambda w: w.client.post("/tunings", json={**TINY, "most_games": 5000})),
        ("POST", "/tunings", 401, "an Authorization that is no bearer token",
         lambda w: w.client.post("/tunings", json=TINY, headers={"Authorization": "Basic eDp5"})),
        ("POST", "/tunings", 404, "no such game", lambda w: w.client.post("/tunings", json={**TINY, "game": "chess"})),
        ("POST", "/tunings", 413, "a body over the limit", lambda w: w.client.post("/tunings", json={**TINY, "seed": "x" * 3000})),
        ("POST", "/tunings", 422, "no such option", lambda w: w.client.post("/tunings", json={**TINY, "vary": ["speed=1..2"]})),
        ("POST", "/tunings", 429, "one tuning too many from an address",
         lambda w: (w.monkeypatch.setattr(api.tuning_jobs, "play_games", lambda tasks, seconds: time.sleep(5)),
                    w.client.post("/tunings", json=TINY), w.client.post("/tunings", json=TINY))[2]),
        ("POST", "/tunings", 503, "the store is down", lambda w: w.down(OPERATIONS[("POST", "/tunings")])),
        ("GET", "/tunings/{tuning_id}", 404, "no such tuning", lambda w: w.client.get(NO_TUNING)),
        ("GET", "/tunings/{tuning_id}", 429, "too many requests", lambda w: w.twice(OPERATIONS[("GET", "/tunings/{tuning_id}")])),
        ("GET", "/tunings/{tuning_id}/report", 400, "no such format", lambda w: w.client.get(f"{w.done}/report?format=pdf")),
        ("GET", "/tunings/{tuning_id}/report", 404, "no such tuning", lambda w: w.client.get(f"{NO_TUNING}/report")),
        ("GET", "/tunings/{tuning_id}/report", 409, "a tuning that failed", lambda w: w.client.get(f"{w.failed()}/report")),
        ("GET", "/tunings/{tuning_id}/report", 429, "too many requests",
         lambda w: w.twice(OPERATIONS[("GET", "/tunings/{tuning_id}/report")])),
    ]
)


@pytest.fixture
def world(tmp_path, monkeypatch):
    store = str(tmp_path / "games.sqlite3")
    service, other = GameService(env=store_env(store)), GameService(env=store_env(store))
    settings = {"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, "MAX_CONTENT_LENGTH": 2000, "LUDOLOG_BOT_PROCESSES": 0}
    app = create_app(settings, service=service)
    limited = create_app({**settings, "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1/minute"}, service=other)
    for each in (app, limited):
        each.test_client_class = SpecCheckedClient
    client = app.test_client()
    assert client.post("/kits", json={"kit": DICE_RACE}).status_code == 201
    done = client.post("/tunings", json=TINY).headers["Location"]
    assert finished(client, done)["state"] == "done"
    yield World(client, limited.test_client(), service, done, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status the spec does not document
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert (response.request.method, oas.find_operation(method, response.request.path)[0]) == (method, path)


def test_the_spec_documents_exactly_the_statuses_provoked():
    documented = {(method, path): set(oas.spec()["paths"][path][method.lower()]["responses"])
                  for method, path in oas.operations() if path in PATHS}
    assert provoked(CASES) == documented
