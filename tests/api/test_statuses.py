"""Every status an operation answers is documented for it in ``openapi.yaml``, and every status the
spec documents for an operation really happens: each one is provoked here, through the client that
checks each answer against the spec (an undocumented status fails there: ``spec.py`` takes no
``4XX`` or ``default`` for one), and the statuses provoked per operation are the spec's, exactly.

The refusals named in the spec's descriptions are among them: the seat count a ruleset does not
take, ``state?at=`` past the game's last event, ``legal-commands?seat=`` of no seat, a stale
``If-Match``, a store that does not answer, too many requests, a body over the limit."""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import spec as oas
from conftest import API_TEST_SETTINGS, NewGame, SpecCheckedClient
from eventsourcing.persistence import IntegrityError, OperationalError
from flask import Response
from test_room_exports_api import REPORT as ROOM_REPORT
from test_room_exports_api import ZIP as ROOM_ZIP
from test_rooms_statuses import PATHS as ROOM_PATHS
from test_tunings_statuses import PATHS as TUNING_PATHS

from api import create_app
from domain.keeping.service import GameService
from domain.keeping.store import store_env

G = "/games/{game_id}"
SEATS = {"ruleset": "assassination-le", "seats": ["Ana", "Ben", "Cy"], "seed": "7"}
KIT = {"kit": 1, "name": "coin-race", "title": "Coin race", "seats": {"fewest": 2, "most": 2},
       "spaces": [{"name": "track", "kind": "track", "count": 10}], "pieces": [{"kind": "pawn", "owner": "each", "at": "1"}],
       "dice": [{"name": "coin", "faces": [1, 2]}]}
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))


@dataclass
class World:
    """An app on a SQLite file with one game in it, a rate-limited app on the same store, and what a
    case needs: the seat to act, another seat, a legal command."""

    client: Any
    limited: Any
    service: GameService
    game: NewGame
    seat: int
    other: int
    command: dict[str, Any]
    monkeypatch: pytest.MonkeyPatch
    kit_owner: dict[str, str] | None = None
    is_down: bool = False

    @property
    def url(self) -> str:
        return self.game.url

    @property
    def acting(self) -> dict[str, str]:
        return self.game.seat[self.seat]

    def play(self) -> None:
        """The legal command played: a game with a command has something to review (not while the
        store is down: then the request after it is answered 503 whatever the game holds)."""
        if self.is_down:
            return
        played = self.client.post(f"{self.url}/commands", json={"command": self.command}, headers=self.acting)
        assert played.status_code == 201, played.get_data(as_text=True)

    def twice(self, request: Callable[[Any, World], Any]) -> Any:
        """The request twice from one new address on the app that allows one a minute: the 429."""
        address = next(ADDRESSES)
        self.limited.environ_base = {"REMOTE_ADDR": address}
        request(self.limited, self)
        return request(self.limited, self)

    def down(self, request: Callable[[Any, World], Any]) -> Any:
        """The request while the store answers neither reads nor writes."""

        def failing(*args: Any, **kwargs: Any) -> Any:
            raise OperationalError("the store is down")

        for method in ("select_events", "select_notifications", "max_notification_id", "insert_events"):
            self.monkeypatch.setattr(self.service.recorder, method, failing)
        self.is_down = True
        return request(self.client, self)


def _finished_stream(w: World) -> Any:
    """The stream of a game that is over (a round limit of 1, reached by the bots), resumed after its last event."""
    game = NewGame(w.client, "project-assassination", ("Ana", "Ben"), seed="over", options={"round_limit": 1})
    for _ in w.service.play_bots(uuid.UUID(game.id), bot_seed=1):
        pass
    version = w.client.get(game.url).get_json()["version"]
    return w.client.get(f"{game.url}/events/stream", headers={"Last-Event-ID": str(version)})


OPERATIONS: dict[tuple[str, str], Callable[[Any, World], Any]] = {
    ("GET", "/rulesets"): lambda c, w: c.get("/rulesets"),
    ("GET", "/rulesets/{name}"): lambda c, w: c.get("/rulesets/assassination-le"),
    ("POST", "/games"): lambda c, w: c.post("/games", json=SEATS),
    ("GET", "/games"): lambda c, w: c.get("/games"),
    ("GET", G): lambda c, w: c.get(w.url, headers=w.acting),
    ("GET", G + "/legal-commands"): lambda c, w: c.get(f"{w.url}/legal-commands", headers=w.acting),
    ("POST", G + "/commands"): lambda c, w: c.post(f"{w.url}/commands", json={"command": w.command}, headers=w.acting),
    ("GET", G + "/events"): lambda c, w: c.get(f"{w.url}/events"),
    ("GET", G + "/events/stream"): lambda c, w: c.get(f"{w.url}/events/stream"),
    ("GET", G + "/state"): lambda c, w: c.get(f"{w.url}/state?at=1"),
    ("GET", G + "/board"): lambda c, w: c.get(f"{w.url}/board?at=2"),
    ("GET", G + "/export"): lambda c, w: c.get(f"{w.url}/export?format=json"),
    ("POST", G + "/bot-move"): lambda c, w: c.post(f"{w.url}/bot-move", json={"strategy": "random"}, headers=w.acting),
    ("GET", "/kits"): lambda c, w: c.get("/kits"),
    ("POST", "/kits"): lambda c, w: c.post("/kits", json={"kit": KIT}),
    ("GET", "/kits/schema"): lambda c, w: c.get("/kits/schema"),
    ("GET", "/kits/{name}"): lambda c, w: (c.post("/kits", json={"kit": KIT}), c.get("/kits/coin-race"))[1],
    ("POST", G + "/forks"): lambda c, w: c.post(f"{w.url}/forks", json={"step": 2}, headers=w.game.owner),
    ("GET", G + "/forks"): lambda c, w: c.get(f"{w.url}/forks"),
    ("GET", G + "/review"): lambda c, w: (w.play(), c.get(f"{w.url}/review?budget=2", headers=w.game.owner))[1],
    ("GET", G + "/review/chart"): lambda c, w: (w.play(), c.get(f"{w.url}/review/chart?budget=2", headers=w.game.owner))[1],
    ("POST", G + "/review/bookmarks"): lambda c, w: (w.play(), c.post(f"{w.url}/review/bookmarks?budget=2", headers=w.game.owner))[1],
    ("GET", "/healthz"): lambda c, w: c.get("/healthz"),
    ("GET", "/"): lambda c, w: c.get("/"),
    ("GET", "/web/{name}"): lambda c, w: c.get("/web/app.js"),
    ("GET", "/favicon.ico"): lambda c, w: c.get("/favicon.ico"),
    **{("GET", path): lambda c, w, p=path: c.get(p) for path in ("/openapi.yaml", "/openapi.json", "/docs")},
}
"""One request each operation answers with success."""

STORE_ROUTES = [op for op in OPERATIONS
                if op[1] not in ("/", "/rulesets", "/kits/schema", "/favicon.ico", "/openapi.yaml", "/openapi.json", "/docs")
                and not op[1].startswith(("/rulesets/", "/web/"))]
LIMITED_ROUTES = [op for op in OPERATIONS if op[1] != "/healthz"]


def _no_save(w: World) -> None:
    def conflict(*args: Any, **kwargs: Any) -> None:
        raise IntegrityError("another writer recorded this version first")

    w.monkeypatch.setattr(w.service, "_save", conflict)


def _table_kit_game(w: World) -> str:
    """The URL of a new game of a table kit, and its owner's header in ``w.kit_owner``."""
    made = w.client.post("/games", json={"ruleset": "table-kit", "seats": ["Ana", "Ben"], "options": {"kit": KIT}}).get_json()
    w.kit_owner = {"Authorization": f"Bearer {made['owner_token']}"}
    return f"/games/{made['id']}"


def _asked_again(w: World, suffix: str) -> Any:
    """A read asked again with the ETag of its first answer, nothing having changed: 304."""
    first = w.client.get(w.url + suffix, headers=w.acting)
    return w.client.get(w.url + suffix, headers={**w.acting, "If-None-Match": first.headers["ETag"]})


def _review_refusals(route: str) -> list[tuple[str, str, int, str, Callable[[World], Any]]]:
    """The refusals of a review's operations: they share their query and who may ask."""
    method = "POST" if route.endswith("bookmarks") else "GET"

    def send(w: World, url: str, query: str = "budget=2", headers: dict[str, str] | None = None) -> Any:
        return w.client.open(f"{url}{route}?{query}", method=method, headers=headers or {})

    return [
        (method, G + route, 400, "budget=0", lambda w: send(w, w.url, "budget=0", w.game.owner)),
        (method, G + route, 401, "a token of no seat", lambda w: send(w, w.url, headers={"Authorization": "Bearer nope"})),
        (method, G + route, 401, "no token: bookmarks are notes", lambda w: send(w, w.url)) if method == "POST" else
        (method, G + route, 403, "a spectator's review of a game in play", lambda w: send(w, w.url)),
        (method, G + route, 404, "no such game", lambda w: send(w, "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6", headers=w.game.owner)),
        (method, G + route, 422, "a table kit's game", lambda w: send(w, _table_kit_game(w), headers=w.kit_owner)),
        (method, G + route, 422, "a game with no command yet", lambda w: send(w, w.url, headers=w.game.owner)),
    ]


SPECIAL: list[tuple[str, str, int, str, Callable[[World], Any]]] = [
    ("GET", "/rulesets/{name}", 404, "no such ruleset", lambda w: w.client.get("/rulesets/chess")),
    ("GET", "/rulesets/{name}", 503, "no ruleset, and the store of kits is down", lambda w: w.down(lambda c, _: c.get("/rulesets/chess"))),
    ("POST", "/kits", 200, "the same kit again", lambda w: (w.client.post("/kits", json={"kit": KIT}),
                                                           w.client.post("/kits", json={"kit": KIT}))[1]),
    ("POST", "/kits", 400, "neither a kit nor a text", lambda w: w.client.post("/kits", json={})),
    ("POST", "/kits", 403, "a new version without the kit token", lambda w: (
        w.client.post("/kits", json={"kit": KIT}), w.client.post("/kits", json={"kit": {**KIT, "title": "Not yours"}}))[1]),
    ("POST", "/kits", 413, "a body over the limit", lambda w: w.client.post("/kits", json={"text": "x" * 70_000})),
    ("POST", "/kits", 422, "a kit with mistakes", lambda w: w.client.post("/kits", json={"kit": {**KIT, "first": 3}})),
    ("POST", "/kits/check", 200, "a kit checked, its secrets too", lambda w: w.client.post("/kits/check", json={"kit": KIT, "secrets": True})),
    ("POST", "/kits/check", 400, "games out of range", lambda w: w.client.post("/kits/check", json={"kit": KIT, "games": 0})),
    ("POST", "/kits/check", 413, "a body over the limit", lambda w: w.client.post("/kits/check", json={"text": "x" * 70_000})),
    ("POST", "/kits/check", 422, "a kit with mistakes", lambda w: w.client.post("/kits/check", json={"kit": {**KIT, "first": 3}})),
    ("POST", "/kits/check", 429, "too many requests", lambda w: w.twice(lambda c, _: c.post("/kits/check", json={"kit": KIT}))),
    ("GET", "/kits/{name}", 400, "version=0", lambda w: w.client.get("/kits/coin-race?version=0")),
    ("GET", "/kits/{name}", 404, "no such kit", lambda w: w.client.get("/kits/chess")),
    ("POST", "/games", 422, "seat count the ruleset does not take",
     lambda w: w.client.post("/games", json={**SEATS, "seats": ["Ana", "Ben"]})),
    ("POST", "/games", 422, "seat names the same but for case",
     lambda w: w.client.post("/games", json={**SEATS, "seats": ["Ana", "ana", "Cy"]})),
    ("POST", "/games", 400, "a seed that is no string or number", lambda w: w.client.post("/games", json={**SEATS, "seed": 1.5})),
    ("POST", "/games", 404, "no such ruleset", lambda w: w.client.post("/games", json={**SEATS, "ruleset": "chess"})),
    ("POST", "/games", 413, "a body over the limit", lambda w: w.client.post("/games", json={**SEATS, "ruleset": "x" * 70_000})),
    ("GET", "/games", 400, "a limit out of range", lambda w: w.client.get("/games?limit=0")),
    ("GET", G, 401, "a token of no seat", lambda w: w.client.get(w.url, headers={"Authorization": "Bearer nope"})),
    ("GET", G, 404, "the id in upper case", lambda w: w.client.get(w.url.upper().replace("/GAMES/", "/games/"))),
    *[("GET", G + suffix, 304, "asked again with the answer's ETag", lambda w, s=suffix: _asked_again(w, s))
      for suffix in ("", "/legal-commands", "/events", "/state")],
    *[("GET", path, 304, "asked again with the document's ETag",
       lambda w, p=path: w.client.get(p, headers={"If-None-Match": w.client.get(p).headers["ETag"]}))
      for path in ("/openapi.yaml", "/openapi.json", "/docs")],
    ("GET", G + "/legal-commands", 422, "seat=9: no such seat",
     lambda w: w.client.get(f"{w.url}/legal-commands?seat=9", headers=w.game.owner)),
    ("GET", G + "/legal-commands", 400, "seat=x", lambda w: w.client.get(f"{w.url}/legal-commands?seat=x", headers=w.game.owner)),
    ("GET", G + "/legal-commands", 401, "no token", lambda w: w.client.get(f"{w.url}/legal-commands")),
    ("GET", G + "/legal-commands", 403, "a seat asking for another",
     lambda w: w.client.get(f"{w.url}/legal-commands?seat={w.other}", headers=w.acting)),
    ("GET", G + "/legal-commands", 404, "no such game",
     lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/legal-commands", headers=w.acting)),
    ("POST", G + "/commands", 400, "a command with no type",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": {"to": "e1"}}, headers=w.acting)),
    ("POST", G + "/commands", 422, "a command of no shape the ruleset knows",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": {"type": "jump"}}, headers=w.acting)),
    ("POST", G + "/commands", 422, "the owner naming no seat of the game",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": w.command, "seat": 9}, headers=w.game.owner)),
    ("POST", G + "/commands", 401, "no token", lambda w: w.client.post(f"{w.url}/commands", json={"command": w.command})),
    ("POST", G + "/commands", 403, "a seat acting as another",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": w.command, "seat": w.other}, headers=w.acting)),
    ("POST", G + "/commands", 404, "no such game",
     lambda w: w.client.post("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/commands", json={"command": w.command}, headers=w.acting)),
    ("POST", G + "/commands", 409, "other writers always first",
     lambda w: (_no_save(w), w.client.post(f"{w.url}/commands", json={"command": w.command}, headers=w.acting))[1]),
    ("POST", G + "/commands", 412, "a stale If-Match",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": w.command}, headers={**w.acting, "If-Match": '"1"'})),
    ("POST", G + "/commands", 413, "a body over the limit",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": {"type": "x" * 70_000}}, headers=w.acting)),
    ("POST", G + "/commands", 422, "not this seat's turn",
     lambda w: w.client.post(f"{w.url}/commands", json={"command": w.command}, headers=w.game.seat[w.other])),
    ("POST", G + "/bot-move", 200, "a hint", lambda w: w.client.post(f"{w.url}/bot-move", json={"play": False, "budget": "5"},
                                                                      headers=w.acting)),
    ("POST", G + "/bot-move", 400, "a budget that is no budget",
     lambda w: w.client.post(f"{w.url}/bot-move", json={"budget": "soon"}, headers=w.acting)),
    ("POST", G + "/bot-move", 422, "a budget of no simulations",
     lambda w: w.client.post(f"{w.url}/bot-move", json={"budget": "0"}, headers=w.acting)),
    ("POST", G + "/bot-move", 401, "no token", lambda w: w.client.post(f"{w.url}/bot-move", json={})),
    ("POST", G + "/bot-move", 403, "a seat asking for another",
     lambda w: w.client.post(f"{w.url}/bot-move", json={"seat": w.other}, headers=w.acting)),
    ("POST", G + "/bot-move", 404, "no such game",
     lambda w: w.client.post("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/bot-move", json={}, headers=w.acting)),
    ("POST", G + "/bot-move", 409, "another command first",
     lambda w: (_no_save(w), w.client.post(f"{w.url}/bot-move", json={"strategy": "random"}, headers=w.acting))[1]),
    ("POST", G + "/bot-move", 413, "a body over the limit",
     lambda w: w.client.post(f"{w.url}/bot-move", json={"seed": "x" * 70_000}, headers=w.acting)),
    ("POST", G + "/bot-move", 422, "not this seat's turn",
     lambda w: w.client.post(f"{w.url}/bot-move", json={"strategy": "random"}, headers=w.game.seat[w.other])),
    ("GET", G + "/events", 400, "after=-1", lambda w: w.client.get(f"{w.url}/events?after=-1")),
    ("GET", G + "/events", 401, "a token of no seat", lambda w: w.client.get(f"{w.url}/events", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/events", 404, "no such game", lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/events")),
    ("GET", G + "/events/stream", 204, "a finished game with nothing left after Last-Event-ID", lambda w: _finished_stream(w)),
    ("GET", G + "/events/stream", 400, "Last-Event-ID that is no number",
     lambda w: w.client.get(f"{w.url}/events/stream", headers={"Last-Event-ID": "x"})),
    ("GET", G + "/events/stream", 401, "a token of no seat",
     lambda w: w.client.get(f"{w.url}/events/stream", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/events/stream", 404, "no such game", lambda w: w.client.get("/games/nope/events/stream")),
    ("GET", G + "/state", 400, "at of no step", lambda w: w.client.get(f"{w.url}/state?at=0")),
    ("GET", G + "/state", 404, "at past the last event", lambda w: w.client.get(f"{w.url}/state?at=999")),
    ("GET", G + "/state", 401, "a token of no seat", lambda w: w.client.get(f"{w.url}/state", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/state", 404, "no such game", lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/state")),
    ("GET", "/web/{name}", 404, "no such file", lambda w: w.client.get("/web/nope.js")),
    ("GET", G + "/board", 400, "at of no step", lambda w: w.client.get(f"{w.url}/board?at=x")),
    ("GET", G + "/board", 404, "at past the last event", lambda w: w.client.get(f"{w.url}/board?at=999")),
    ("GET", G + "/board", 401, "a token of no seat", lambda w: w.client.get(f"{w.url}/board", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/board", 404, "no such game", lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/board")),
    ("GET", G + "/export", 400, "no format", lambda w: w.client.get(f"{w.url}/export")),
    ("GET", G + "/export", 401, "a token of no seat",
     lambda w: w.client.get(f"{w.url}/export?format=csv", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/export", 404, "no such game", lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/export?format=csv")),
    ("GET", G + "/export", 403, "a spectator's review of a game in play", lambda w: w.client.get(f"{w.url}/export?format=md&review=true")),
    ("GET", G + "/export", 422, "a review in a CSV file",
     lambda w: w.client.get(f"{w.url}/export?format=csv&review=true&budget=2", headers=w.game.owner)),
    ("POST", G + "/forks", 400, "no step", lambda w: w.client.post(f"{w.url}/forks", json={}, headers=w.game.owner)),
    ("POST", G + "/forks", 401, "a token of no seat",
     lambda w: w.client.post(f"{w.url}/forks", json={"step": 2}, headers={"Authorization": "Bearer nope"})),
    ("POST", G + "/forks", 403, "a spectator forking a game in play", lambda w: w.client.post(f"{w.url}/forks", json={"step": 2})),
    ("POST", G + "/forks", 404, "no such game",
     lambda w: w.client.post("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/forks", json={"step": 2}, headers=w.game.owner)),
    ("POST", G + "/forks", 413, "a body over the limit",
     lambda w: w.client.post(f"{w.url}/forks", json={"step": 2, "name": "x" * 70_000}, headers=w.game.owner)),
    ("POST", G + "/forks", 422, "a step the game does not have",
     lambda w: w.client.post(f"{w.url}/forks", json={"step": 999}, headers=w.game.owner)),
    ("GET", G + "/forks", 401, "a token of no seat", lambda w: w.client.get(f"{w.url}/forks", headers={"Authorization": "Bearer nope"})),
    ("GET", G + "/forks", 404, "no such game", lambda w: w.client.get("/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6/forks")),
    *[case for route in ("/review", "/review/chart", "/review/bookmarks") for case in _review_refusals(route)],
]
"""The refusals of each operation, but 429 and 503 (below, for every operation they apply to)."""

SUCCESS = {"POST": 201, "GET": 200}
CASES = (
    [(m, p, SUCCESS[m], "success", lambda w, op=(m, p): OPERATIONS[op](w.client, w)) for m, p in OPERATIONS]
    + SPECIAL
    + [(m, p, 429, "too many requests", lambda w, op=(m, p): w.twice(OPERATIONS[op])) for m, p in LIMITED_ROUTES]
    + [(m, p, 503, "the store is down", lambda w, op=(m, p): w.down(OPERATIONS[op])) for m, p in STORE_ROUTES]
)


@pytest.fixture
def world(tmp_path, monkeypatch):
    store = str(tmp_path / "games.sqlite3")
    service, other = GameService(env=store_env(store)), GameService(env=store_env(store))
    settings = {"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, "STREAM_MAX_SECONDS": 0.05}
    app = create_app(settings, service=service)
    limited = create_app({**settings, "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1/minute"}, service=other)
    for each in (app, limited):
        each.test_client_class = SpecCheckedClient
    client = app.test_client()
    game = NewGame(client, SEATS["ruleset"], SEATS["seats"], seed=SEATS["seed"])
    seat = client.get(game.url).get_json()["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    yield World(client, limited.test_client(), service, game, seat, next(s for s in (1, 2, 3) if s != seat), command, monkeypatch)
    monkeypatch.undo()
    service.close()
    other.close()


@pytest.mark.parametrize(("method", "path", "status", "case", "send"), CASES, ids=[f"{c[0]} {c[1]} {c[2]} {c[3]}" for c in CASES])
def test_each_status_happens_and_is_documented_for_its_operation(world, method, path, status, case, send):
    response = send(world)  # the client fails an answer whose status the spec does not document
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert (response.request.method, oas.find_operation(method, response.request.path)[0]) == (method, path)


def test_the_spec_documents_exactly_the_statuses_provoked():
    provoked: dict[tuple[str, str], set[str]] = {}
    for method, path, status, _, _ in CASES:
        provoked.setdefault((method, path), set()).add(str(status))
    documented = {  # the notes' operations: test_notes_api_statuses.py, with a game that has notes; joining's: test_joining.py;
        (method, path): set(oas.spec()["paths"][path][method.lower()]["responses"])  # a seat's early endings': test_ending.py;
        for method, path in oas.operations()  # the games a client's seats are to act in: test_games_to_act.py
        if not path.startswith((G + "/notes", G + "/joining", "/join/", G + "/resign", G + "/draw-offers", G + "/abort",
                                "/games/to-act", "/guide"))  # the guide's: test_guide_site.py, with a site built
        and path not in (*ROOM_PATHS, ROOM_ZIP, ROOM_REPORT)  # the rooms': test_rooms_statuses.py, test_room_exports_api.py
        and path not in TUNING_PATHS  # the tunings': test_tunings_statuses.py
    }
    assert provoked == documented


def test_the_spec_names_every_status_on_its_own():
    """No ``4XX`` or ``default``: each status an operation answers is listed by number."""
    for method, path in oas.operations():
        for key in oas.spec()["paths"][path][method.lower()]["responses"]:
            assert key.isdigit(), f"{method} {path}: {key}"


def test_a_range_or_default_in_the_spec_would_document_no_status():
    assert oas._documented_response({"4XX": {"description": "x"}, "default": {"description": "x"}}, 418) is None
    assert oas._documented_response({"418": {"description": "x"}}, 418) == ("418", {"description": "x"})


def test_an_options_answer_is_checked_too():
    allow = {"Allow": "GET, HEAD, OPTIONS, POST"}
    oas.validate_response("OPTIONS", "/games", Response(status=200, headers=allow))
    with pytest.raises(AssertionError, match="OPTIONS of a route"):
        oas.validate_response("OPTIONS", "/games", Response(status=429, headers=allow))
    with pytest.raises(AssertionError, match="OPTIONS of a route"):
        oas.validate_response("OPTIONS", "/games", Response(status=200))
    with pytest.raises(AssertionError, match="only 404 or 405"):
        oas.validate_response("OPTIONS", "/nowhere", Response(status=200, headers=allow))


def test_a_store_failure_between_two_reads_is_a_503_not_a_500(world):
    """``state?at=`` reads the game, then the game as it stood: the store may fail in between."""

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("the store went away")

    world.monkeypatch.setattr(world.service, "game_at", failing)
    response = world.client.get(f"{world.url}/state?at=1")
    assert response.status_code == 503
    assert response.get_json()["detail"] == "the game store could not be read or written: the store went away"


def test_a_new_game_the_store_cannot_record_says_so(world):
    """Found by the audit: a full disk answered ``POST /games`` with "could not record the command"."""

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("database or disk is full")

    world.monkeypatch.setattr(world.service.recorder, "insert_events", failing)
    response = world.client.post("/games", json=SEATS)
    assert response.status_code == 503
    assert response.get_json()["detail"] == (
        "the game store could not record the new game, nothing was saved: database or disk is full")


@pytest.mark.parametrize("kind", [{"a": 1}, ["move"], 7, None])
def test_a_command_type_that_is_no_string_is_a_malformed_request(world, kind):
    """Found by the fuzzer: an object as the command's type was a server error. The spec's ``Command``
    has its ``type`` as text, so another is a 400."""
    response = world.client.post(f"{world.url}/commands", json={"command": {"type": kind}}, headers=world.acting)
    assert response.status_code == 400
    assert response.get_json()["type"] == "urn:ludolog:problem:invalid-request"
