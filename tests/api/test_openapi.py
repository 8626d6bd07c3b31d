"""``openapi.yaml`` is a valid OpenAPI 3.1 document that describes exactly the app's routes, every
error it can give, and real responses (the ``client`` fixture validates each one it gets; the tests
here walk through the main outcomes on purpose)."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
import spec as oas
from flask import Response
from openapi_spec_validator import validate

from api import joining, problems

HTTP_KINDS = {"not-found": 404, "method-not-allowed": 405, "too-large": 413}
"""Problem kinds the app gives for HTTP-level errors (``api.problems.register``)."""
SERVER_KINDS = {"too-many-connections": 429, "request-timeout": 408}
"""Problem kinds the server gives before the app sees a request (``api.connections``, ``api.serving``)."""


def test_the_spec_is_valid_openapi_3_1():
    document = oas.spec()
    assert document["openapi"].startswith("3.1.")
    validate(document)


def test_the_spec_documents_exactly_the_apps_routes(app):
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        routes |= {(method, path) for method in rule.methods - {"HEAD", "OPTIONS"}}
    assert routes == oas.operations()


def test_every_operation_documents_a_success_its_errors_and_an_example():
    for method, path in sorted(oas.operations()):
        operation = oas.spec()["paths"][path][method.lower()]
        statuses = set(operation["responses"])
        where = f"{method} {path}"
        assert any(s.startswith("2") or s in ("302", "308") for s in statuses), f"{where}: no 2xx (or redirect)"
        assert any(s.startswith(("4", "5")) for s in statuses), f"{where}: no error response"
        assert operation.get("description") and operation.get("summary") and operation.get("operationId"), where
        for status, answer in operation["responses"].items():
            answer = oas.resolve(answer)
            assert answer.get("description"), f"{where} {status}: no description"
            for media_type, content in answer.get("content", {}).items():  # none for a 204
                assert "example" in content, f"{where} {status} {media_type}: no example"
                if status.startswith(("4", "5")):
                    assert media_type == "application/problem+json", f"{where} {status}"
                    assert content["schema"] == {"$ref": "#/components/schemas/Problem"}, f"{where} {status}"


def test_the_statuses_each_operation_can_give_are_documented():
    expected = {
        ("GET", "/rulesets"): {"200", "429"},
        ("GET", "/rulesets/{name}"): {"200", "404", "429", "503"},
        ("GET", "/kits"): {"200", "429", "503"},
        ("POST", "/kits"): {"200", "201", "400", "403", "413", "422", "429", "503"},
        ("POST", "/kits/check"): {"200", "400", "413", "422", "429"},
        ("GET", "/kits/schema"): {"200", "429"},
        ("GET", "/kits/{name}"): {"200", "400", "404", "429", "503"},
        ("POST", "/tunings"): {"202", "400", "401", "404", "413", "422", "429", "503"},
        ("GET", "/tunings/{tuning_id}"): {"200", "404", "429"},
        ("GET", "/tunings/{tuning_id}/report"): {"200", "400", "404", "409", "429"},
        ("POST", "/games"): {"201", "400", "404", "413", "422", "503", "429"},
        ("GET", "/games"): {"200", "400", "503", "429"},
        ("GET", "/games/{game_id}"): {"200", "304", "401", "404", "503", "429"},
        ("POST", "/games/to-act"): {"200", "400", "401", "404", "413", "429", "503"},
        ("POST", "/games/{game_id}/forks"): {"201", "400", "401", "403", "404", "413", "422", "503", "429"},
        ("GET", "/games/{game_id}/forks"): {"200", "401", "404", "503", "429"},
        ("GET", "/games/{game_id}/review"): {"200", "400", "401", "403", "404", "422", "503", "429"},
        ("GET", "/games/{game_id}/review/chart"): {"200", "400", "401", "403", "404", "422", "503", "429"},
        ("POST", "/games/{game_id}/review/bookmarks"): {"201", "400", "401", "404", "422", "503", "429"},
        ("GET", "/games/{game_id}/legal-commands"): {"200", "304", "400", "401", "403", "404", "422", "503", "429"},
        ("POST", "/games/{game_id}/commands"): {"201", "400", "401", "403", "404", "409", "412", "413", "422", "503", "429"},
        ("GET", "/games/{game_id}/events"): {"200", "304", "400", "401", "404", "503", "429"},
        ("GET", "/games/{game_id}/events/stream"): {"200", "204", "400", "401", "404", "503", "429"},
        ("GET", "/games/{game_id}/state"): {"200", "304", "400", "401", "404", "503", "429"},
        ("GET", "/games/{game_id}/board"): {"200", "400", "401", "404", "503", "429"},
        ("GET", "/games/{game_id}/export"): {"200", "400", "401", "403", "404", "422", "503", "429"},
        ("GET", "/games/{game_id}/notes"): {"200", "400", "401", "404", "503", "429"},
        ("POST", "/games/{game_id}/notes"): {"201", "400", "401", "404", "413", "422", "503", "429"},
        ("GET", "/games/{game_id}/notes/{note_id}"): {"200", "401", "404", "503", "429"},
        ("PATCH", "/games/{game_id}/notes/{note_id}"): {"200", "400", "401", "403", "404", "413", "422", "503", "429"},
        ("DELETE", "/games/{game_id}/notes/{note_id}"): {"204", "400", "401", "403", "404", "503", "429"},
        ("POST", "/games/{game_id}/bot-move"): {"200", "201", "400", "401", "403", "404", "409", "413", "422", "503", "429"},
        **{(method, f"/games/{{game_id}}/{path}"): {"200", "400", "401", "403", "404", "409", "422", "429", "503"}
           for method, path in (("POST", "resign"), ("POST", "draw-offers"), ("DELETE", "draw-offers"), ("POST", "abort"))},
        ("POST", "/games/{game_id}/joining"): {"201", "400", "401", "403", "404", "409", "413", "429", "503"},
        ("GET", "/games/{game_id}/joining"): {"200", "401", "403", "404", "429", "503"},
        ("DELETE", "/games/{game_id}/joining"): {"204", "400", "401", "403", "404", "409", "429", "503"},
        ("DELETE", "/games/{game_id}/joining/seats/{seat}"): {"204", "400", "401", "403", "404", "409", "422", "429", "503"},
        ("POST", "/join/{code}"): {"201", "400", "404", "409", "410", "413", "422", "429", "503"},
        ("GET", "/join/{code}"): {"200", "404", "410", "429", "503"},
        ("GET", "/rooms/{code}/games.zip"): {"200", "401", "403", "404", "429", "503"},
        ("GET", "/rooms/{code}/report"): {"200", "400", "401", "403", "404", "429", "503"},
        ("POST", "/rooms"): {"201", "400", "404", "409", "413", "422", "429", "503"},
        ("GET", "/rooms/{code}"): {"200", "404", "429", "503"},
        ("POST", "/rooms/{code}/students"): {"200", "201", "202", "400", "401", "404", "409", "410", "413", "422", "429", "503"},
        ("GET", "/rooms/{code}/me"): {"200", "401", "404", "429", "503"},
        ("GET", "/rooms/{code}/dashboard"): {"200", "401", "403", "404", "429", "503"},
        **{("POST", f"/rooms/{{code}}/{path}"): {"200" if path == "start" else "204", "400", "401", "403", "404", "409", "413", "429", "503"}
           for path in ("start", "close", "students/{student}/move", "students/{student}/free", "requests/{number}")},
        ("DELETE", "/rooms/{code}/students/{student}"): {"204", "400", "401", "403", "404", "409", "429", "503"},
        ("GET", "/healthz"): {"200", "503"},
        ("GET", "/"): {"200", "429"},
        ("GET", "/openapi.yaml"): {"200", "304", "429"},
        ("GET", "/openapi.json"): {"200", "304", "429"},
        ("GET", "/docs"): {"200", "304", "429"},
        ("GET", "/guide"): {"302", "429"},
        ("GET", "/guide/{page}"): {"200", "404", "429", "503"},
        ("GET", "/web/{name}"): {"200", "404", "429"},
        ("GET", "/favicon.ico"): {"200", "429"},
    }
    assert set(expected) == oas.operations()
    for (method, path), statuses in expected.items():
        assert set(oas.spec()["paths"][path][method.lower()]["responses"]) == statuses, f"{method} {path}"


def test_every_problem_type_the_app_can_give_is_documented():
    kinds = {**problems.STATUS, **HTTP_KINDS, **SERVER_KINDS, **joining.STATUS}
    documented = set(oas.resolve({"$ref": "#/components/schemas/Problem"})["properties"]["type"]["x-extensible-enum"])
    assert documented == {problems.PROBLEM_BASE + kind for kind in kinds}
    text = oas.SPEC_PATH.read_text(encoding="utf-8")
    for kind, status in kinds.items():
        # the table in info.description names each kind with its status
        assert re.search(rf"\| `{re.escape(kind)}` \| {status} \|", text), kind


def test_every_example_in_the_spec_matches_its_schema():
    checked = 0
    for method, path in sorted(oas.operations()):
        operation = oas.spec()["paths"][path][method.lower()]
        base = f"/paths/{path.replace('/', '~1')}/{method.lower()}"
        for status, answer in operation["responses"].items():
            pointer = answer["$ref"].removeprefix("#") if "$ref" in answer else f"{base}/responses/{status}"
            for media_type, content in oas.resolve(answer).get("content", {}).items():
                if media_type.endswith("json"):
                    where = f"{pointer}/content/{media_type.replace('/', '~1')}/schema"
                    oas.validate_instance(content["example"], where, f"the example of {method} {path} {status}")
                    checked += 1
        body = operation.get("requestBody", {}).get("content", {}).get("application/json")
        if body:
            where = f"{base}/requestBody/content/application~1json/schema"
            oas.validate_instance(body["example"], where, f"the request example of {method} {path}")
            checked += 1
    assert checked > 20


# -- the oracle itself refuses what the spec does not say ------------------------------------------


def _response(body, status=200, mimetype="application/json", headers=None):
    response = Response(json.dumps(body), status=status, mimetype=mimetype, headers=headers or {})
    return response


def test_validate_response_refuses_a_body_the_spec_does_not_allow():
    good = {"status": "ok", "store": "memory", "writes": "ok", "streams": 0}
    oas.validate_response("GET", "/healthz", _response(good))
    with pytest.raises(AssertionError, match="store"):
        oas.validate_response("GET", "/healthz", _response({"status": "ok"}))
    with pytest.raises(AssertionError, match="Additional properties"):
        oas.validate_response("GET", "/healthz", _response({**good, "extra": 1}))
    with pytest.raises(AssertionError, match="not documented"):
        oas.validate_response("GET", "/healthz", _response(good, status=404))
    with pytest.raises(AssertionError, match="Content-Type"):
        oas.validate_response("GET", "/healthz", _response(good, mimetype="text/html"))
    with pytest.raises(AssertionError, match="server error"):
        oas.validate_response("GET", "/healthz", _response(good, status=500))


def test_validate_response_checks_headers_and_problems():
    game = f"/games/{uuid.uuid4()}"
    problem = {"type": "urn:ludolog:problem:unknown-game", "title": "No such game", "status": 404, "detail": "no"}
    oas.validate_response("GET", game, _response(problem, 404, "application/problem+json"))
    with pytest.raises(AssertionError, match="application/problem"):
        oas.validate_response("GET", game, _response(problem, 404))
    with pytest.raises(AssertionError, match="status 400"):
        oas.validate_response("GET", game, _response({**problem, "status": 400}, 404, "application/problem+json"))
    with pytest.raises(AssertionError, match="does not match"):
        oas.validate_response("GET", game, _response({**problem, "type": "urn:x"}, 404, "application/problem+json"))
    with pytest.raises(AssertionError, match="not among the documented kinds"):  # open to clients, not to the app
        oas.validate_response("GET", game, _response({**problem, "type": "urn:ludolog:problem:made-up"}, 404,
                                                     "application/problem+json"))
    unauthorized = {**problem, "type": "urn:ludolog:problem:unauthorized", "status": 401}
    with pytest.raises(AssertionError, match="WWW-Authenticate"):
        oas.validate_response("GET", game, _response(unauthorized, 401, "application/problem+json"))
    with pytest.raises(AssertionError, match="ETag"):
        oas.validate_response("GET", game, _response({}, 200))
    with pytest.raises(AssertionError, match="only 404 or 405"):
        oas.validate_response("DELETE", game, _response({}, 200))


# -- real responses, through the validating client ----------------------------------------------


def test_a_whole_exchange_conforms(client, new_game):
    """Create, read, list, play a legal command, read the log: each answer passes the spec (the
    client checks), and a few facts the spec states hold."""
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"), seed="7")
    read = client.get(game.url)
    assert read.status_code == 200 and read.headers["ETag"].startswith('W/"')
    seat = read.get_json()["to_act"][0]
    legal = client.get(f"{game.url}/legal-commands", headers=game.seat[seat])
    assert legal.status_code == 200 and legal.get_json()["to_act"] is True
    command = legal.get_json()["commands"][0]
    headers = {**game.seat[seat], "Idempotency-Key": "k-1", "If-Match": f'"{read.get_json()["version"]}"'}
    played = client.post(f"{game.url}/commands", json={"command": command}, headers=headers)
    assert played.status_code == 201 and played.get_json()["replayed"] is False
    again = client.post(f"{game.url}/commands", json={"command": command}, headers=headers)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert client.get(played.headers["Location"]).status_code == 200
    assert client.get("/games", query_string={"limit": 1}).status_code == 200
    assert client.get(f"{game.url}/events", headers=game.owner).status_code == 200
    assert client.get(f"{game.url}/legal-commands?seat=1", headers=game.owner).status_code == 200
    assert client.get("/rulesets").status_code == 200
    assert client.get("/rulesets/assassination-le").status_code == 200
    assert client.get("/healthz").status_code == 200


def test_the_event_stream_conforms(app, client, new_game):
    app.config["STREAM_MAX_SECONDS"] = 0.05
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"))
    stream = client.get(f"{game.url}/events/stream", headers={"Last-Event-ID": "1"})
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    frames = stream.get_data(as_text=True).split("\n\n")
    assert frames[0].startswith("retry: ")
    events = [frame for frame in frames if frame.startswith("id: ")]
    assert [int(frame.split("\n")[0].removeprefix("id: ")) for frame in events] == [2]
    for frame in events:
        fields = dict(line.split(": ", 1) for line in frame.split("\n"))
        oas.validate_instance(fields, "/components/schemas/StreamedEvent", "a streamed event")
        oas.validate_instance(json.loads(fields["data"]), "/components/schemas/StreamedEventData", "a streamed event's data")
        assert json.loads(fields["data"])["number"] == int(fields["id"])
    assert client.get(f"{game.url}/events/stream?after=x").status_code == 400


@pytest.mark.parametrize(
    ("case", "status", "kind"),
    [
        ("illegal command", 422, "illegal-command"),
        ("not your turn", 422, "not-your-turn"),
        ("unknown game", 404, "unknown-game"),
        ("not a uuid", 404, "unknown-game"),
        ("malformed body", 400, "invalid-request"),
        ("not json", 400, "invalid-request"),
        ("malformed command", 422, "malformed-command"),
        ("wrong token", 401, "unauthorized"),
        ("no token", 401, "unauthorized"),
        ("seat acting as another", 403, "forbidden"),
        ("stale If-Match", 412, "stale-version"),
        ("malformed If-Match", 400, "invalid-request"),
        ("reused Idempotency-Key", 422, "idempotency-key-reused"),
        ("too large", 413, "too-large"),
        ("unknown ruleset", 404, "unknown-ruleset"),
        ("bad setup", 422, "invalid-setup"),
        ("bad query", 400, "invalid-request"),
        ("no route", 404, "not-found"),
        ("wrong method", 405, "method-not-allowed"),
    ],
)
def test_each_error_is_a_documented_problem(client, new_game, case, status, kind):
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"), seed="7")
    state = client.get(game.url).get_json()
    seat = state["to_act"][0]
    other = next(s for s in (1, 2, 3) if s != seat)
    commands = f"{game.url}/commands"
    roll = {"command": {"type": "roll"}}
    send = {
        "illegal command": lambda: client.post(commands, json={"command": {"type": "pass"}}, headers=game.seat[seat]),
        "not your turn": lambda: client.post(commands, json=roll, headers=game.seat[other]),
        "unknown game": lambda: client.get(f"/games/{uuid.uuid4()}"),
        "not a uuid": lambda: client.get("/games/nope/events"),
        "malformed body": lambda: client.post(commands, json={"command": "roll"}, headers=game.seat[seat]),
        "not json": lambda: client.post(commands, data="roll", headers=game.seat[seat]),
        "malformed command": lambda: client.post(commands, json={"command": {"type": "x"}}, headers=game.seat[seat]),
        "wrong token": lambda: client.get(game.url, headers={"Authorization": "Bearer nope"}),
        "no token": lambda: client.post(commands, json=roll),
        "seat acting as another": lambda: client.post(
            commands, json={**roll, "seat": other}, headers=game.seat[seat]
        ),
        "stale If-Match": lambda: client.post(commands, json=roll, headers={**game.seat[seat], "If-Match": '"1"'}),
        "malformed If-Match": lambda: client.post(commands, json=roll, headers={**game.seat[seat], "If-Match": "x"}),
        "reused Idempotency-Key": lambda: (
            client.post(commands, json=roll, headers={**game.seat[seat], "Idempotency-Key": "k"}),
            client.post(commands, json={"command": {"type": "pass"}}, headers={**game.seat[seat], "Idempotency-Key": "k"}),
        )[1],
        "too large": lambda: client.post(commands, json={"command": {"type": "x" * 70_000}}, headers=game.seat[seat]),
        "unknown ruleset": lambda: client.post("/games", json={"ruleset": "chess", "seats": ["Ana"]}),
        "bad setup": lambda: client.post("/games", json={"ruleset": "assassination-le", "seats": ["Ana"]}),
        "bad query": lambda: client.get("/games", query_string={"limit": 0}),
        "no route": lambda: client.get("/nope"),
        "wrong method": lambda: client.delete("/games"),
    }[case]
    response = send()
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.get_json()["type"] == problems.PROBLEM_BASE + kind
    if status == 401:
        assert response.headers["WWW-Authenticate"].startswith("Bearer")
    if status == 405:
        assert set(response.headers["Allow"].replace(" ", "").split(",")) >= {"GET", "POST"}


@pytest.mark.parametrize(
    "body",
    [
        "[" * 5000 + "]" * 5000,  # deeper than the JSON parser goes
        '{"ruleset": "assassination-le", "seats": ["Ana", "Ben", "Cy"], "seed": "\\ud800"}',  # a lone surrogate
        '{"ruleset": "assassination-le", "seats": ["\\udfff", "Ben", "Cy"]}',
        '{"ruleset": "assassination-le", "seats": ["Ana", "Ben", "Cy"], "options": {"keep_coins": NaN}}',
    ],
)
def test_json_that_is_not_json_text_is_a_400_not_a_crash(client, body):
    response = client.post("/games", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["type"] == problems.PROBLEM_BASE + "invalid-request"


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("events/stream?after=\u00b2", {}),  # a digit int() does not read
        ("events/stream", {"Last-Event-ID": "\u00b2"}),
        ("events/stream", {"Last-Event-ID": "9" * 5000}),
        ("events/stream", {"Last-Event-ID": str(2**63)}),
        ("events?after=" + str(2**63), {}),
    ],
)
def test_event_numbers_that_are_not_event_numbers_are_a_400(client, new_game, path, headers):
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"))
    response = client.get(f"{game.url}/{path}", headers=headers)
    assert response.status_code == 400


@pytest.mark.parametrize("etag", ["\u00b2", "9" * 5000])
def test_if_match_that_is_no_version_is_a_400(client, new_game, etag):
    game = new_game("assassination-le", ("Ana", "Ben", "Cy"))
    seat = client.get(game.url).get_json()["to_act"][0]
    response = client.post(
        f"{game.url}/commands", json={"command": {"type": "roll"}}, headers={**game.seat[seat], "If-Match": etag}
    )
    assert response.status_code == 400
    assert response.get_json()["type"] == problems.PROBLEM_BASE + "invalid-request"


def _unions(node: Any, where: str = "") -> list[tuple[str, list[Any]]]:
    """Every ``anyOf`` and ``oneOf`` list in the spec, with where it is."""
    found: list[tuple[str, list[Any]]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("anyOf", "oneOf") and isinstance(value, list):
                found.append((f"{where}/{key}", value))
            found.extend(_unions(value, f"{where}/{key}"))
    elif isinstance(node, list):
        for number, value in enumerate(node):
            found.extend(_unions(value, f"{where}/{number}"))
    return found


def test_no_union_has_a_bare_const_branch_that_generated_clients_read_as_the_only_choice():
    # openapi-python-client made `viewer: anyOf [integer, const: owner, null]` a parser that accepted only
    # "owner", refusing a seat's game; `{type: string, enum: [owner]}` means the same and generates right
    bare = [where for where, branches in _unions(oas.spec())
            for branch in branches if isinstance(branch, dict) and "const" in branch and "type" not in branch]
    assert bare == []
