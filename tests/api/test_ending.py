"""``/games/{id}/resign``, ``/games/{id}/draw-offers`` (POST offers or agrees, DELETE declines) and
``/games/{id}/abort``: a seat ends a game without its rules. Every answer is checked against
``openapi.yaml`` by the client, and each status the spec documents for these operations is provoked here
(``test_statuses.py`` leaves them to this file)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any

import pytest
import spec as oas
from conftest import API_TEST_SETTINGS, NewGame, SpecCheckedClient
from eventsourcing.persistence import IntegrityError, OperationalError

from api import create_app
from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env

ROUTES = {("POST", "resign"), ("POST", "draw-offers"), ("DELETE", "draw-offers"), ("POST", "abort")}
NO_GAME = "/games/8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6"


def act(client: Any, game: NewGame, method: str, route: str, seat: int | None = None, headers: dict[str, str] | None = None) -> Any:
    sent = dict(game.seat[seat]) if seat is not None else {}
    return client.open(f"{game.url}/{route}", method=method, headers={**sent, **(headers or {})})


def version(client: Any, game: NewGame) -> int:
    return client.get(game.url, headers=game.owner).get_json()["version"]


def play_one(client: Any, game: NewGame) -> int:
    """The seat to act plays its first legal command; the seat that played."""
    seat = client.get(game.url).get_json()["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    assert client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat]).status_code == 201
    return seat


def test_a_resigning_seat_loses_and_the_game_is_over_with_its_seed_revealed(client, new_game):
    game = new_game(seed="7")
    assert client.get(game.url, headers=game.seat[1]).get_json()["seed"] is None
    answer = act(client, game, "POST", "resign", seat=2)
    assert answer.status_code == 200
    body = answer.get_json()
    assert [event["type"] for event in body["events"]] == ["Resigned", "SeedRevealed"]
    assert body["events"][0]["seat"] == 2 and body["events"][0]["sentence"] == "Ben resigned; Ana won."
    assert (body["status"], body["to_act"]) == ("over", [])
    state = client.get(game.url, headers=game.seat[2]).get_json()
    assert state["outcome"] == {"winners": [1], "reason": "Ben resigned", "at_limit": False, "ended_by": "resignation"}
    assert state["seed"] == "7" and state["seed_salt"]
    assert state["version"] == body["version"] == body["head"]["number"]
    listed = client.get(f"{game.url}/events?after={body['version'] - 2}").get_json()["events"]
    assert [event["type"] for event in listed] == ["Resigned", "SeedRevealed"]
    assert {"Resigned", "DrawOffered", "DrawDeclined", "DrawAgreed", "Aborted"} <= set(
        client.get("/rulesets/project-assassination").get_json()["event_types"])


def test_after_the_end_every_command_and_act_is_refused_and_writes_nothing(client, new_game):
    game = new_game()
    seat = client.get(game.url).get_json()["to_act"][0]
    command = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["commands"][0]
    act(client, game, "POST", "resign", seat=1)
    before = version(client, game)
    for method, route in sorted(ROUTES):
        refused = act(client, game, method, route, seat=2)
        assert refused.status_code == 422, (method, route)
        assert refused.get_json()["type"] == "urn:ludolog:problem:game-over"
    played = client.post(f"{game.url}/commands", json={"command": command}, headers=game.seat[seat])
    assert played.status_code == 422 and played.get_json()["type"] == "urn:ludolog:problem:game-over"
    assert version(client, game) == before


def test_a_draw_offer_stands_until_the_other_seat_agrees_and_the_game_ends_drawn(client, new_game):
    game = new_game()
    offered = act(client, game, "POST", "draw-offers", seat=1).get_json()
    assert [event["type"] for event in offered["events"]] == ["DrawOffered"]
    assert offered["events"][0]["sentence"] == "Ana offered a draw; it waits for Ben to agree."
    assert client.get(game.url).get_json()["draw_offer"] == [1]
    again = act(client, game, "POST", "draw-offers", seat=1)
    assert again.status_code == 422 and "has offered a draw already" in again.get_json()["detail"]
    agreed = act(client, game, "POST", "draw-offers", seat=2).get_json()
    assert [event["type"] for event in agreed["events"]] == ["DrawAgreed", "SeedRevealed"]
    outcome = client.get(game.url).get_json()["outcome"]
    assert outcome == {"winners": [], "reason": "a draw agreed by Ana and Ben", "at_limit": False, "ended_by": "agreement"}


def test_a_command_withdraws_the_offer_and_a_seat_may_decline_one(client, new_game):
    game = new_game()
    act(client, game, "POST", "draw-offers", seat=2)
    play_one(client, game)
    assert client.get(game.url).get_json()["draw_offer"] == []
    refused = act(client, game, "DELETE", "draw-offers", seat=1)
    assert refused.status_code == 422 and refused.get_json()["detail"] == "no draw offer stands: there is nothing to decline"
    act(client, game, "POST", "draw-offers", seat=1)
    declined = act(client, game, "DELETE", "draw-offers", seat=2).get_json()
    assert [event["type"] for event in declined["events"]] == ["DrawDeclined"] and declined["status"] == "active"
    assert client.get(game.url).get_json()["draw_offer"] == []


def test_a_game_is_aborted_only_before_every_seat_has_played(client, new_game):
    fresh = new_game()
    aborted = act(client, fresh, "POST", "abort", seat=1).get_json()
    assert [event["type"] for event in aborted["events"]] == ["Aborted", "SeedRevealed"]
    assert client.get(fresh.url).get_json()["outcome"]["ended_by"] == "abort"
    assert client.get(fresh.url).get_json()["outcome"]["winners"] == []
    played = new_game()
    seats = set()
    while seats != {1, 2}:
        seats.add(play_one(client, played))
    before = version(client, played)
    late = act(client, played, "POST", "abort", seat=1)
    assert late.status_code == 422 and late.get_json()["detail"].startswith("too late to abort")
    assert version(client, played) == before


def test_a_ruleset_that_takes_no_agreed_draw_refuses_the_offer(client, new_game, monkeypatch):
    monkeypatch.setattr(type(registry.get("project-assassination")), "draws_agreed", False)
    game = new_game()
    before = version(client, game)
    refused = act(client, game, "POST", "draw-offers", seat=1)
    assert refused.status_code == 422
    assert refused.get_json()["detail"] == "Project Assassination takes no draw by agreement: its rules decide every ending"
    assert version(client, game) == before and client.get(game.url).get_json()["draw_offer"] == []


def test_the_export_holds_the_acts_and_a_seat_sees_the_seed_only_at_the_end(client, new_game):
    game = new_game(seed="7")
    act(client, game, "POST", "draw-offers", seat=1)
    during = client.get(f"{game.url}/export?format=json", headers=game.seat[2]).get_json()
    assert during["game"]["seed"] is None and "DrawOffered" in [e["type"] for e in during["events"]]
    act(client, game, "POST", "resign", seat=1)
    after = client.get(f"{game.url}/export?format=json", headers=game.seat[2]).get_json()
    assert after["game"]["seed"] == "7"
    assert [e["type"] for e in after["events"]][-3:] == ["DrawOffered", "Resigned", "SeedRevealed"]


def test_a_stream_of_a_resigned_game_holds_the_acts_and_ends(client, new_game):
    game = new_game()
    act(client, game, "POST", "draw-offers", seat=1)
    act(client, game, "POST", "resign", seat=2)
    body = client.get(f"{game.url}/events/stream", headers=game.seat[1]).get_data(as_text=True)  # ends: the game is over
    frames = [json.loads(line.removeprefix("data: ")) for line in body.splitlines() if line.startswith("data: ")]
    assert [frame["type"] for frame in frames][-3:] == ["DrawOffered", "Resigned", "SeedRevealed"]
    assert frames[-2]["sentence"] == "Ben resigned; Ana won."


def test_once_a_seat_ends_the_game_every_seat_sees_the_whole_table_and_nobody_is_to_act(client, new_game):
    game = new_game()
    seat = client.get(game.url).get_json()["to_act"][0]
    assert client.get(game.url, headers=game.seat[seat]).get_json()["view"] != client.get(game.url, headers=game.owner).get_json()["view"]
    assert client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()["to_act"] is True
    act(client, game, "POST", "resign", seat=3 - seat)
    whole = client.get(game.url, headers=game.owner).get_json()["view"]
    assert client.get(game.url, headers=game.seat[seat]).get_json()["view"] == whole  # as at a game its rules ended
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[seat]).get_json()
    assert (legal["to_act"], legal["commands"]) == (False, [])


# -- every documented status, provoked ---------------------------------------------------------------


@pytest.fixture
def apps(tmp_path, monkeypatch):
    store = str(tmp_path / "games.sqlite3")
    service, other = GameService(env=store_env(store)), GameService(env=store_env(store))
    settings = {"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS}
    app = create_app(settings, service=service)
    limited = create_app({**settings, "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1/minute"}, service=other)
    for each in (app, limited):
        each.test_client_class = SpecCheckedClient
    yield app.test_client(), limited.test_client(), service, monkeypatch
    monkeypatch.undo()
    service.close()
    other.close()


def _down(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("the store is down")

    for method in ("select_events", "select_notifications", "max_notification_id", "insert_events"):
        monkeypatch.setattr(service.recorder, method, failing)


def _busy(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    def conflict(*args: Any, **kwargs: Any) -> None:
        raise IntegrityError("another writer recorded this version first")

    monkeypatch.setattr(service, "save", conflict)


def _ready(client: Any, game: NewGame, method: str, route: str) -> None:
    """What a success needs first: a draw offered to decline."""
    if method == "DELETE":
        act(client, game, "POST", "draw-offers", seat=1)


CASES: list[tuple[int, Callable[..., Any]]] = [
    (200, lambda c, lim, s, mp, g, m, r: (_ready(c, g, m, r), act(c, g, m, r, seat=2))[1]),
    (400, lambda c, lim, s, mp, g, m, r: act(c, g, m, r, seat=2, headers={"Idempotency-Key": "k1"})),
    (401, lambda c, lim, s, mp, g, m, r: act(c, g, m, r)),
    (401, lambda c, lim, s, mp, g, m, r: act(c, g, m, r, headers={"Authorization": "Bearer nope"})),
    (403, lambda c, lim, s, mp, g, m, r: act(c, g, m, r, headers=g.owner)),
    (404, lambda c, lim, s, mp, g, m, r: c.open(f"{NO_GAME}/{r}", method=m, headers=g.seat[1])),
    (409, lambda c, lim, s, mp, g, m, r: (_ready(c, g, m, r), _busy(s, mp), act(c, g, m, r, seat=2))[2]),
    (422, lambda c, lim, s, mp, g, m, r: (act(c, g, "POST", "resign", seat=1), act(c, g, m, r, seat=2))[1]),
    (429, lambda c, lim, s, mp, g, m, r: (act(lim, g, m, r, seat=2), act(lim, g, m, r, seat=2))[1]),
    (503, lambda c, lim, s, mp, g, m, r: (_down(s, mp), act(c, g, m, r, seat=2))[1]),
]


@pytest.mark.parametrize(("method", "route"), sorted(ROUTES))
@pytest.mark.parametrize(("status", "send"), CASES, ids=[f"{status}-{n}" for n, (status, _) in enumerate(CASES)])
def test_each_documented_status_happens(apps, method, route, status, send):
    client, limited, service, monkeypatch = apps
    game = NewGame(client, "project-assassination", ("Ana", "Ben"), seed="7")
    before = service.game(uuid.UUID(game.id)).version
    answer = send(client, limited, service, monkeypatch, game, method, route)  # the client checks it against the spec
    assert answer.status_code == status, answer.get_data(as_text=True)[:300]
    monkeypatch.undo()
    if status not in (200, 429):  # a refusal writes nothing (the 422's game was ended first, the 409's offer made first;
        # the 429 is the second of two requests, the first of which was let through)
        written = {422: 2, 409: 1 if method == "DELETE" else 0}.get(status, 0)
        assert service.game(uuid.UUID(game.id)).version == before + written


def test_the_spec_documents_exactly_the_statuses_provoked_here():
    provoked = {str(status) for status, _ in CASES}
    for method, route in ROUTES:
        assert set(oas.spec()["paths"][f"/games/{{game_id}}/{route}"][method.lower()]["responses"]) == provoked


def test_each_ruleset_says_whether_draws_may_be_agreed_and_who_wins_a_resignation(client):
    listed = {ruleset["name"]: ruleset for ruleset in client.get("/rulesets").get_json()["rulesets"]}
    for rules in registry.all_rulesets():
        for answer in (listed[rules.name], client.get(f"/rulesets/{rules.name}").get_json()):
            assert (answer["draws_agreed"], answer["resignation"]) == (rules.draws_agreed, rules.resignation)
