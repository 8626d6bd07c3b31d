"""Every status joining's operations (``/games/{game_id}/joining``, ``.../joining/seats/{seat}``,
``/join/{code}``) answer is documented for them in ``openapi.yaml``, and every status the spec documents
for them happens: each one is provoked here through the spec-checking client, and the statuses provoked
per operation are the spec's, exactly (the other operations' are ``test_statuses.py``'s)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from conftest import NewGame
from eventsourcing.persistence import IntegrityError, OperationalError
from status_cases import cases, provoked, two_apps

from domain.keeping.service import GameService

J = "/games/{game_id}/joining"
SEAT = J + "/seats/{seat}"
JOIN = "/join/{code}"
NO_GAME = "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6"
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))
NOPE = {"Authorization": "Bearer nope"}


@dataclass
class World:
    """An app on a SQLite file with a three-seat game open for joining under ``code``, an app on the same
    store that allows one request a minute per address, and the service."""

    client: Any
    limited: Any
    service: GameService
    game: NewGame
    code: str
    monkeypatch: pytest.MonkeyPatch

    @property
    def joining(self) -> str:
        return f"{self.game.url}/joining"

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
        return request(self.client, self)

    def always_second(self, request: Callable[[Any, World], Any]) -> Any:
        """The request while another writer records the joining's next version first, every time."""

        def conflict(*args: Any, **kwargs: Any) -> None:
            raise IntegrityError("another writer recorded this version first")

        self.monkeypatch.setattr(self.service, "_save", conflict)
        return request(self.client, self)

    def capped_twice(self) -> Any:
        """A second claim from one address through a code the owner opened with one seat per address."""
        code = self.client.post(self.joining, headers=self.game.owner, json={"seats_per_address": 1}).get_json()["code"]
        assert self.client.post(f"/join/{code}", json={"name": "Zoé"}).status_code == 201
        return self.client.post(f"/join/{code}", json={"name": "Zoé"})

    def full(self) -> Any:
        """A fourth claim on the game's three seats."""
        for name in ("Zoé", "Max", "Kim"):
            assert self.client.post(f"/join/{self.code}", json={"name": name}).status_code == 201
        return self.client.post(f"/join/{self.code}", json={"name": "Lu"})


OPERATIONS: dict[tuple[str, str], Callable[[Any, World], Any]] = {
    ("POST", J): lambda c, w: c.post(w.joining, headers=w.game.owner),
    ("GET", J): lambda c, w: c.get(w.joining, headers=w.game.owner),
    ("DELETE", J): lambda c, w: c.delete(w.joining, headers=w.game.owner),
    ("DELETE", SEAT): lambda c, w: c.delete(f"{w.joining}/seats/2", headers=w.game.owner),
    ("POST", JOIN): lambda c, w: c.post(f"/join/{w.code}", json={"name": "Zoé"}),
    ("GET", JOIN): lambda c, w: c.get(f"/join/{w.code}"),
}
"""One request each operation answers with success."""

SUCCESS = {"GET": 200, "POST": 201, "DELETE": 204}
OWNERS = [(m, p) for m, p in OPERATIONS if p != JOIN]


def _owners_refusals() -> list[tuple[str, str, int, str, Callable[[World], Any]]]:
    def send(w: World, method: str, path: str, headers: dict[str, str], url: str | None = None) -> Any:
        where = (url or w.game.url) + path.removeprefix("/games/{game_id}").replace("{seat}", "2")
        return w.client.open(where, method=method, headers=headers)

    cases = []
    for method, path in OWNERS:
        cases += [
            (method, path, 401, "no token", lambda w, m=method, p=path: send(w, m, p, {})),
            (method, path, 401, "a token of no seat", lambda w, m=method, p=path: send(w, m, p, NOPE)),
            (method, path, 403, "a seat's token", lambda w, m=method, p=path: send(w, m, p, w.game.seat[1])),
            (method, path, 404, "no such game", lambda w, m=method, p=path: send(w, m, p, w.game.owner, NO_GAME)),
        ]
        if method != "GET":
            cases.append((method, path, 409, "another writer always first",
                          lambda w, op=(method, path): w.always_second(OPERATIONS[op])))
    return cases


SPECIAL: list[tuple[str, str, int, str, Callable[[World], Any]]] = [
    *_owners_refusals(),
    ("DELETE", SEAT, 400, "a seat that is no number", lambda w: w.client.delete(f"{w.joining}/seats/two", headers=w.game.owner)),
    ("POST", J, 400, "a cap of seats per address that is no whole number from 1",
     lambda w: w.client.post(w.joining, headers=w.game.owner, json={"seats_per_address": 0})),
    ("POST", J, 413, "a body over the limit",
     lambda w: w.client.post(w.joining, headers=w.game.owner, json={"seats_per_address": 1, "pad": "x" * 3000})),
    ("POST", J, 400, "an Idempotency-Key, which it does not take",
     lambda w: w.client.post(w.joining, headers={**w.game.owner, "Idempotency-Key": "once"})),
    ("DELETE", J, 400, "an Idempotency-Key, which it does not take",
     lambda w: w.client.delete(w.joining, headers={**w.game.owner, "Idempotency-Key": "once"})),
    ("DELETE", SEAT, 422, "no such seat", lambda w: w.client.delete(f"{w.joining}/seats/9", headers=w.game.owner)),
    ("POST", JOIN, 400, "no name", lambda w: w.client.post(f"/join/{w.code}", json={})),
    ("POST", JOIN, 404, "a code nobody was given", lambda w: w.client.post("/join/nope", json={"name": "Zoé"})),
    ("POST", JOIN, 409, "every seat taken", lambda w: w.full()),
    ("POST", JOIN, 409, "a second seat for an address at the game's cap", lambda w: w.capped_twice()),
    ("POST", JOIN, 409, "another join always first", lambda w: w.always_second(OPERATIONS[("POST", JOIN)])),
    ("POST", JOIN, 410, "a code replaced by a new one",
     lambda w: (w.client.post(w.joining, headers=w.game.owner), w.client.post(f"/join/{w.code}", json={"name": "Zoé"}))[1]),
    ("POST", JOIN, 410, "joining closed",
     lambda w: (w.client.delete(w.joining, headers=w.game.owner), w.client.post(f"/join/{w.code}", json={"name": "Zoé"}))[1]),
    ("POST", JOIN, 413, "a body over the limit", lambda w: w.client.post(f"/join/{w.code}", json={"name": "x" * 3000})),
    ("POST", JOIN, 422, "a name of digits only", lambda w: w.client.post(f"/join/{w.code}", json={"name": "42"})),
    ("GET", JOIN, 404, "a code nobody was given", lambda w: w.client.get("/join/nope")),
    ("GET", JOIN, 410, "a code replaced by a new one",
     lambda w: (w.client.post(w.joining, headers=w.game.owner), w.client.get(f"/join/{w.code}"))[1]),
    ("GET", JOIN, 410, "joining closed",
     lambda w: (w.client.delete(w.joining, headers=w.game.owner), w.client.get(f"/join/{w.code}"))[1]),
]
"""The refusals of each operation, but 429 and 503 (below, for every one)."""

CASES = cases(OPERATIONS, SUCCESS, SPECIAL)


@pytest.fixture
def world(tmp_path, monkeypatch):
    client, limited, service, other = two_apps(str(tmp_path / "games.sqlite3"))
    game = NewGame(client, "assassination-le", ["Ana", "Ben", "Cy"], seed="7")
    code = client.post(f"{game.url}/joining", headers=game.owner).get_json()["code"]
    yield World(client, limited, service, game, code, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status the spec does not document
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert (response.request.method, oas.find_operation(method, response.request.path)[0]) == (method, path)


def test_the_spec_documents_exactly_the_statuses_provoked_for_joining():
    documented = {(m, p): set(oas.spec()["paths"][p][m.lower()]["responses"]) for m, p in oas.operations()
                  if p.startswith((J, "/join/"))}
    assert provoked(CASES) == documented
