"""Every status the notes' operations (``/games/{game_id}/notes``, ``.../notes/{note_id}``) answer is
documented for them in ``openapi.yaml``, and every status the spec documents for them happens: each
one is provoked here through the spec-checking client, and the statuses provoked per operation are
the spec's, exactly. The app-wide limits hold for them too: a body over the limit (413, before the
token is looked at, for an edit as for a new note), too many requests (429), a store that does not
answer (503); nothing is written then."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from conftest import API_TEST_SETTINGS, NewGame
from eventsourcing.persistence import OperationalError
from status_cases import cases, provoked, two_apps

from api import create_app
from domain.keeping.service import GameService

N = "/games/{game_id}/notes"
ONE = N + "/{note_id}"
NO_GAME = "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6"
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))
BIG = {"at": 1, "text": "x" * 3000}


@dataclass
class World:
    """An app on a SQLite file with one game and two notes in it (1: seat 1's, public; 2: seat 1's,
    private), an app on the same store that allows one request a minute per address, and the service."""

    client: Any
    limited: Any
    service: GameService
    game: NewGame
    monkeypatch: pytest.MonkeyPatch

    @property
    def notes(self) -> str:
        return f"{self.game.url}/notes"

    def twice(self, request: Callable[[Any, World], Any]) -> Any:
        """The request twice from one new address on the app that allows one a minute: the 429."""
        self.limited.environ_base = {"REMOTE_ADDR": next(ADDRESSES)}
        request(self.limited, self)
        return request(self.limited, self)

    def down(self, request: Callable[[Any, World], Any], methods: tuple[str, ...] = ("select_events", "insert_events")) -> Any:
        """The request while the store answers neither reads nor writes (or only reads)."""

        def failing(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("the store is down")

        for method in methods:
            self.monkeypatch.setattr(self.service.recorder, method, failing)
        return request(self.client, self)

    def texts(self) -> list[str]:
        """Each standing note's text and glyph, as the owner reads them with the store back."""
        self.monkeypatch.undo()
        return [note["text"] + note["glyph"] for note in self.client.get(self.notes, headers=self.game.owner).get_json()["notes"]]


OPERATIONS: dict[tuple[str, str], Callable[[Any, World], Any]] = {
    ("GET", N): lambda c, w: c.get(w.notes),
    ("POST", N): lambda c, w: c.post(w.notes, json={"at": 2, "text": "new"}, headers=w.game.seat[2]),
    ("GET", ONE): lambda c, w: c.get(f"{w.notes}/1"),
    ("PATCH", ONE): lambda c, w: c.patch(f"{w.notes}/1", json={"glyph": "!"}, headers=w.game.seat[1]),
    ("DELETE", ONE): lambda c, w: c.delete(f"{w.notes}/1", headers=w.game.seat[1]),
}
"""One request each operation answers with success."""

SUCCESS = {"GET": 200, "POST": 201, "PATCH": 200, "DELETE": 204}
NOPE = {"Authorization": "Bearer nope"}

SPECIAL: list[tuple[str, str, int, str, Callable[[World], Any]]] = [
    ("GET", N, 400, "at=0", lambda w: w.client.get(f"{w.notes}?at=0")),
    ("GET", N, 401, "a token of no seat", lambda w: w.client.get(w.notes, headers=NOPE)),
    ("GET", N, 404, "no such game", lambda w: w.client.get(f"{NO_GAME}/notes")),
    ("POST", N, 422, "an event the game does not have",
     lambda w: w.client.post(w.notes, json={"at": 99, "text": "x"}, headers=w.game.seat[2])),
    ("POST", N, 400, "no text", lambda w: w.client.post(w.notes, json={"at": 1}, headers=w.game.seat[2])),
    ("POST", N, 401, "no token", lambda w: w.client.post(w.notes, json={"at": 1, "text": "x"})),
    ("POST", N, 404, "no such game", lambda w: w.client.post(f"{NO_GAME}/notes", json={"at": 1, "text": "x"}, headers=w.game.seat[2])),
    ("POST", N, 413, "a body over the limit", lambda w: w.client.post(w.notes, json=BIG, headers=w.game.seat[2])),
    ("POST", N, 413, "a body over the limit, no token", lambda w: w.client.post(w.notes, json=BIG)),
    ("GET", ONE, 401, "a token of no seat", lambda w: w.client.get(f"{w.notes}/1", headers=NOPE)),
    ("GET", ONE, 404, "another seat's private note", lambda w: w.client.get(f"{w.notes}/2", headers=w.game.seat[2])),
    ("GET", ONE, 404, "no such note", lambda w: w.client.get(f"{w.notes}/9")),
    ("PATCH", ONE, 422, "an unknown glyph", lambda w: w.client.patch(f"{w.notes}/1", json={"glyph": "?!?"}, headers=w.game.seat[1])),
    ("PATCH", ONE, 400, "no field", lambda w: w.client.patch(f"{w.notes}/1", json={}, headers=w.game.seat[1])),
    ("PATCH", ONE, 401, "no token", lambda w: w.client.patch(f"{w.notes}/1", json={"glyph": "!"})),
    ("PATCH", ONE, 403, "the owner editing a seat's note",
     lambda w: w.client.patch(f"{w.notes}/1", json={"glyph": "!"}, headers=w.game.owner)),
    ("PATCH", ONE, 404, "another seat's private note",
     lambda w: w.client.patch(f"{w.notes}/2", json={"glyph": "!"}, headers=w.game.seat[2])),
    ("PATCH", ONE, 413, "a body over the limit", lambda w: w.client.patch(f"{w.notes}/1", json=BIG, headers=w.game.seat[1])),
    ("PATCH", ONE, 413, "a body over the limit, a token of no seat", lambda w: w.client.patch(f"{w.notes}/1", json=BIG, headers=NOPE)),
    ("DELETE", ONE, 400, "an Idempotency-Key, which it does not take",
     lambda w: w.client.delete(f"{w.notes}/1", headers={**w.game.seat[1], "Idempotency-Key": "once"})),
    ("DELETE", ONE, 401, "no token", lambda w: w.client.delete(f"{w.notes}/1")),
    ("DELETE", ONE, 403, "another seat's public note", lambda w: w.client.delete(f"{w.notes}/1", headers=w.game.seat[2])),
    ("DELETE", ONE, 404, "another seat's private note", lambda w: w.client.delete(f"{w.notes}/2", headers=w.game.seat[2])),
]
"""The refusals of each operation, but 429 and 503 (below, for every one)."""

CASES = cases(OPERATIONS, SUCCESS, SPECIAL)


@pytest.fixture
def world(tmp_path, monkeypatch):
    client, limited, service, other = two_apps(str(tmp_path / "games.sqlite3"))
    game = NewGame(client, "assassination-le", ["Ana", "Ben", "Cy"], seed="7")
    for body in ({"at": 1, "text": "public"}, {"at": 1, "text": "private", "visibility": "private"}):
        assert client.post(f"{game.url}/notes", json=body, headers=game.seat[1]).status_code == 201
    yield World(client, limited, service, game, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status the spec does not document
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert (response.request.method, oas.find_operation(method, response.request.path)[0]) == (method, path)
    if status >= 400 and method != "GET":  # nothing written or withdrawn (but by the first of a 429's two)
        first = {"POST": ["public", "private", "new"], "PATCH": ["public!", "private"], "DELETE": ["private"]}
        first = first if status == 429 else {}
        assert world.texts() == first.get(method, ["public", "private"])


def test_the_spec_documents_exactly_the_statuses_provoked_for_the_notes():
    documented = {(m, p): set(oas.spec()["paths"][p][m.lower()]["responses"]) for m, p in oas.operations() if p.startswith(N)}
    assert provoked(CASES) == documented


def test_a_note_the_store_will_not_record_is_a_503_and_nothing_is_written(world):
    response = world.down(OPERATIONS[("POST", N)], methods=("insert_events",))
    assert response.status_code == 503
    assert "nothing was saved" in response.get_json()["detail"]
    assert world.texts() == ["public", "private"]


def test_an_edit_sent_without_a_length_is_cut_off_at_the_limit(world):
    body = json.dumps({"text": "x" * 3000}).encode()
    response = world.client.patch(f"{world.notes}/1", input_stream=io.BytesIO(body), content_type="application/json",
                                  headers=world.game.seat[1], environ_overrides={"wsgi.input_terminated": True})
    assert response.status_code == 413
    assert world.texts() == ["public", "private"]


def test_a_page_on_an_allowed_origin_may_edit_and_withdraw_notes(tmp_path):
    app = create_app({"LUDOLOG_DATABASE_URL": str(tmp_path / "cors.sqlite3"), **API_TEST_SETTINGS,
                      "LUDOLOG_CORS_ORIGINS": "https://games.example.org"})
    preflight = app.test_client().options(f"{NO_GAME}/notes/1", headers={
        "Origin": "https://games.example.org", "Access-Control-Request-Method": "PATCH"})
    allowed = preflight.headers.get("Access-Control-Allow-Methods", "")
    assert {"PATCH", "DELETE"} <= set(allowed.replace(" ", "").split(","))
