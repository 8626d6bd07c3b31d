"""Every status the rooms' operations (``/rooms``, ``/rooms/{code}`` and what is under it, but the reports') answer is
documented for them in ``openapi.yaml``, and every status the spec documents for them happens: each one is provoked
here through the spec-checking client, and the statuses provoked per operation are the spec's, exactly (the other
operations' are ``test_statuses.py``'s and the other groups' own files')."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from eventsourcing.persistence import IntegrityError, OperationalError
from status_cases import provoked, two_apps

from domain.keeping.service import GameService

R = "/rooms/{code}"
STUDENT = R + "/students/{student}"
PATHS = ("/rooms", R, R + "/students", R + "/me", R + "/dashboard", R + "/start", R + "/close", STUDENT,
         STUDENT + "/move", STUDENT + "/free", R + "/requests/{number}")
"""The rooms' operations' paths tested here (a room's games and report are another file's)."""
NO_ROOM = "/rooms/AAAAAA"
ROOM = {"ruleset": "project-assassination", "seats_per_table": 2, "start": "teacher"}
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))
BIG = "x" * 3000
"""A body over the 2,000 bytes the apps of ``two_apps`` take."""


@dataclass
class World:
    """An app on a SQLite file with a room (two seats a table, started by the teacher) where Ann and Ben sit at
    table 1, an app on the same store that allows one request a minute per address, and the service."""

    client: Any
    limited: Any
    service: GameService
    code: str
    teacher: dict[str, str]
    ann: dict[str, str]
    monkeypatch: pytest.MonkeyPatch
    is_down: bool = False

    @property
    def url(self) -> str:
        return f"/rooms/{self.code}"

    def ask(self) -> None:
        """A new device asks to take Ann's place: request 1 (not while the store is down)."""
        if not self.is_down:
            assert self.client.post(f"{self.url}/students", json={"name": "Ann", "ask_teacher": True}).status_code == 202

    def started(self) -> None:
        assert self.client.post(f"{self.url}/start", headers=self.teacher).status_code == 200

    def twice(self, request: Callable[[Any, World], Any]) -> Any:
        """The request twice from one new address on the app that allows one a minute: the 429."""
        self.limited.environ_base = {"REMOTE_ADDR": next(ADDRESSES)}
        request(self.limited, self)
        return request(self.limited, self)

    def down(self, request: Callable[[Any, World], Any]) -> Any:
        """The request while the store answers neither reads nor writes."""

        def failing(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("the store is down")

        for method in ("select_events", "insert_events"):
            self.monkeypatch.setattr(self.service.recorder, method, failing)
        self.is_down = True
        return request(self.client, self)

    def always_second(self, request: Callable[[Any, World], Any]) -> Any:
        """The request while another writer records the room's next version first, every time."""

        def conflict(*args: Any, **kwargs: Any) -> None:
            raise IntegrityError("another writer recorded this version first")

        self.monkeypatch.setattr(self.service, "_save", conflict)
        return request(self.client, self)

    def join(self, name: str, **body: Any) -> Any:
        return self.client.post(f"{self.url}/students", json={"name": name, **body})


OPERATIONS: dict[tuple[str, str], tuple[int, Callable[[Any, World], Any]]] = {
    ("POST", "/rooms"): (201, lambda c, w: c.post("/rooms", json=ROOM)),
    ("GET", R): (200, lambda c, w: c.get(w.url)),
    ("POST", R + "/students"): (201, lambda c, w: c.post(f"{w.url}/students", json={"name": "Zoé"})),
    ("GET", R + "/me"): (200, lambda c, w: c.get(f"{w.url}/me", headers=w.ann)),
    ("GET", R + "/dashboard"): (200, lambda c, w: c.get(f"{w.url}/dashboard", headers=w.teacher)),
    ("POST", R + "/start"): (200, lambda c, w: c.post(f"{w.url}/start", headers=w.teacher)),
    ("POST", R + "/close"): (204, lambda c, w: c.post(f"{w.url}/close", headers=w.teacher)),
    ("POST", STUDENT + "/move"): (204, lambda c, w: c.post(f"{w.url}/students/1/move", json={"table": None}, headers=w.teacher)),
    ("POST", STUDENT + "/free"): (204, lambda c, w: c.post(f"{w.url}/students/2/free", headers=w.teacher)),
    ("DELETE", STUDENT): (204, lambda c, w: c.delete(f"{w.url}/students/1", headers=w.teacher)),
    ("POST", R + "/requests/{number}"): (204, lambda c, w: (w.ask(), c.post(f"{w.url}/requests/1", json={"let_in": True},
                                                                             headers=w.teacher))[1]),
}
"""Each operation's success status, and one request that gets it."""

TEACHERS = [op for op in OPERATIONS if op[1] not in ("/rooms", R, R + "/students", R + "/me")]
BODIES = {"move": {"table": None}, "requests": {"let_in": True}}


def _send(w: World, method: str, path: str, headers: dict[str, str], url: str | None = None, body: Any = None) -> Any:
    """A teacher's operation on the world's room (or at ``url``), its numbers 1."""
    where = (url or w.url) + path.removeprefix(R).replace("{student}", "1").replace("{number}", "1")
    if body is None:
        body = next((b for word, b in BODIES.items() if word in path), None)
    return w.client.open(where, method=method, headers=headers, json=body)


def _teachers_refusals() -> list[tuple[str, str, int, str, Callable[[World], Any]]]:
    cases = []
    for method, path in TEACHERS:
        cases += [
            (method, path, 401, "no token", lambda w, m=method, p=path: _send(w, m, p, {})),
            (method, path, 403, "a student's device token", lambda w, m=method, p=path: _send(w, m, p, w.ann)),
            (method, path, 403, "a token of nobody", lambda w, m=method, p=path: _send(w, m, p, {"Authorization": "Bearer nope"})),
            (method, path, 404, "no such room", lambda w, m=method, p=path: _send(w, m, p, w.teacher, NO_ROOM)),
        ]
        if method != "GET":
            cases += [
                (method, path, 400, "an Idempotency-Key, which it does not take",
                 lambda w, m=method, p=path: _send(w, m, p, {**w.teacher, "Idempotency-Key": "once"})),
                (method, path, 409, "other writers always first", lambda w, m=method, p=path: (
                    w.ask(), w.always_second(lambda c, w: _send(w, m, p, w.teacher)))[1]),
            ]
        if method == "POST":
            cases.append((method, path, 413, "a body over the limit",
                          lambda w, m=method, p=path: _send(w, m, p, w.teacher, body={"pad": BIG})))
    return cases


SPECIAL: list[tuple[str, str, int, str, Callable[[World], Any]]] = [
    *_teachers_refusals(),
    ("POST", "/rooms", 400, "a start that is neither full nor teacher",
     lambda w: w.client.post("/rooms", json={**ROOM, "start": "later"})),
    ("POST", "/rooms", 400, "an Idempotency-Key", lambda w: w.client.post("/rooms", json=ROOM, headers={"Idempotency-Key": "k"})),
    ("POST", "/rooms", 404, "no such ruleset", lambda w: w.client.post("/rooms", json={**ROOM, "ruleset": "chess"})),
    ("POST", "/rooms", 409, "no free code in many draws", lambda w: w.always_second(OPERATIONS[("POST", "/rooms")][1])),
    ("POST", "/rooms", 413, "a body over the limit", lambda w: w.client.post("/rooms", json={**ROOM, "name": BIG})),
    ("POST", "/rooms", 422, "seats at a table the game is not played by",
     lambda w: w.client.post("/rooms", json={**ROOM, "seats_per_table": 3})),
    ("GET", R, 404, "no such room", lambda w: w.client.get(NO_ROOM)),
    ("POST", R + "/students", 200, "the same device again", lambda w: w.client.post(f"{w.url}/students", json={}, headers=w.ann)),
    ("POST", R + "/students", 202, "a new device asking for Ann's place", lambda w: w.join("Ann", ask_teacher=True)),
    ("POST", R + "/students", 400, "a name over 40 characters", lambda w: w.join("x" * 41)),
    ("POST", R + "/students", 400, "an Idempotency-Key",
     lambda w: w.client.post(f"{w.url}/students", json={"name": "Zoé"}, headers={"Idempotency-Key": "k"})),
    ("POST", R + "/students", 401, "an Authorization that is not a bearer token",
     lambda w: w.client.post(f"{w.url}/students", json={"name": "Zoé"}, headers={"Authorization": "Basic nope"})),
    ("POST", R + "/students", 404, "no such room", lambda w: w.client.post(f"{NO_ROOM}/students", json={"name": "Zoé"})),
    ("POST", R + "/students", 409, "a name taken", lambda w: w.join("ann")),
    ("POST", R + "/students", 409, "a personal code that is not Ann's", lambda w: w.join("Ann", personal_code="AAAAAA")),
    ("POST", R + "/students", 409, "other joins always first", lambda w: w.always_second(OPERATIONS[("POST", R + "/students")][1])),
    ("POST", R + "/students", 410, "a closed room",
     lambda w: (w.client.post(f"{w.url}/close", headers=w.teacher), w.join("Zoé"))[1]),
    ("POST", R + "/students", 413, "a body over the limit", lambda w: w.join(BIG)),
    ("POST", R + "/students", 422, "a name of digits only", lambda w: w.join("42")),
    ("GET", R + "/me", 401, "no token", lambda w: w.client.get(f"{w.url}/me")),
    ("GET", R + "/me", 401, "a token of no device", lambda w: w.client.get(f"{w.url}/me", headers={"Authorization": "Bearer nope"})),
    ("GET", R + "/me", 404, "no such room", lambda w: w.client.get(f"{NO_ROOM}/me", headers=w.ann)),
    ("POST", R + "/start", 200, "nothing waiting", lambda w: (w.started(), _send(w, "POST", R + "/start", w.teacher))[1]),
    ("POST", STUDENT + "/move", 400, "no table", lambda w: _send(w, "POST", STUDENT + "/move", w.teacher, body={})),
    ("POST", STUDENT + "/move", 400, "a student that is no number",
     lambda w: w.client.post(f"{w.url}/students/one/move", json={"table": None}, headers=w.teacher)),
    ("POST", STUDENT + "/move", 409, "a table playing", lambda w: (w.started(), _send(w, "POST", STUDENT + "/move", w.teacher))[1]),
    ("POST", STUDENT + "/move", 409, "no such table",
     lambda w: _send(w, "POST", STUDENT + "/move", w.teacher, body={"table": 7})),
    ("POST", STUDENT + "/free", 400, "a student that is no number",
     lambda w: w.client.post(f"{w.url}/students/one/free", headers=w.teacher)),
    ("POST", STUDENT + "/free", 409, "a table playing", lambda w: (w.started(), _send(w, "POST", STUDENT + "/free", w.teacher))[1]),
    ("DELETE", STUDENT, 400, "a student that is no number", lambda w: w.client.delete(f"{w.url}/students/one", headers=w.teacher)),
    ("DELETE", STUDENT, 409, "no such student", lambda w: w.client.delete(f"{w.url}/students/9", headers=w.teacher)),
    ("POST", R + "/requests/{number}", 400, "no let_in", lambda w: (w.ask(), _send(w, "POST", R + "/requests/{number}", w.teacher, body={}))[1]),
    ("POST", R + "/requests/{number}", 400, "a request that is no number",
     lambda w: w.client.post(f"{w.url}/requests/one", json={"let_in": True}, headers=w.teacher)),
    ("POST", R + "/requests/{number}", 409, "no request made", lambda w: _send(w, "POST", R + "/requests/{number}", w.teacher)),
]
"""The refusals of each operation, but 429 and 503 (below, for every one)."""

CASES = ([(m, p, status, "success", lambda w, send=send: send(w.client, w)) for (m, p), (status, send) in OPERATIONS.items()]
         + SPECIAL
         + [(m, p, 429, "too many requests", lambda w, send=send: w.twice(send)) for (m, p), (_, send) in OPERATIONS.items()]
         + [(m, p, 503, "the store is down", lambda w, send=send: w.down(send)) for (m, p), (_, send) in OPERATIONS.items()])


@pytest.fixture
def world(tmp_path, monkeypatch):
    client, limited, service, other = two_apps(str(tmp_path / "games.sqlite3"))
    opened = client.post("/rooms", json=ROOM).get_json()
    code, teacher = opened["code"], {"Authorization": f"Bearer {opened['teacher_token']}"}
    ann = client.post(f"/rooms/{code}/students", json={"name": "Ann"}).get_json()
    assert client.post(f"/rooms/{code}/students", json={"name": "Ben"}).status_code == 201
    yield World(client, limited, service, code, teacher, {"Authorization": f"Bearer {ann['device_token']}"}, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status the spec does not document
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert (response.request.method, oas.find_operation(method, response.request.path)[0]) == (method, path)


def test_the_spec_documents_exactly_the_statuses_provoked_for_rooms():
    documented = {(m, p): set(oas.spec()["paths"][p][m.lower()]["responses"]) for m, p in oas.operations() if p in PATHS}
    assert provoked(CASES) == documented
