"""Fuzz the API from ``openapi.yaml`` with schemathesis, in process (WSGI, no network).

Every operation gets the spec's examples, schemathesis' coverage cases (boundaries, missing and
wrong-typed values, other methods) and a bounded number of generated ones (valid and invalid),
derandomized so that a run is reproducible. Every response must be no server error, with a
documented status code, content type and headers, and a body that matches the documented schema
(for the event stream, each event); a request the spec describes is never refused as malformed
(schemathesis' positive-data acceptance: it may be refused 401, 403, 404, 409, 410, 412, 422 or 429, by the
token, the game's or the room's state or its ruleset, never 400, or answered 304 to an ``If-None-Match`` that matches); and every refusal's problem kind is named in the
spec's response for its status on that operation (``refusal_documented``).

Random ids name no game, so the cases are aimed in turn (``Table.aim``) at real games of each
ruleset: as generated, as a spectator, with the token of the seat to act or of another seat, with
the owner's; for commands also one of the legal commands of the moment, the same command again with
its ``Idempotency-Key``, and a command out of turn. So the fuzzing reaches the deep paths (views,
legal commands, accepted and refused moves, replays, event pages, the stream). A room's cases are
aimed at one real room (``Table.aim_at_room``), with no token, a student's device token or the teacher's,
and a new room at a real ruleset. The store is a SQLite file, as in production.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import not_a_server_error
from schemathesis.config import PositiveDataAcceptanceConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from spec import SPEC_PATH, spec, validate_instance

from api import create_app
from domain.engine import registry
from domain.keeping.service import GameService
from domain.keeping.store import store_env

PROBLEM_BASE = "urn:ludolog:problem:"


def documented_kinds(path: str, method: str, status: int) -> set[str] | None:
    """The problem kinds the spec names (in backticks) for one status of one operation, or None
    where the spec documents no such status there."""
    responses = spec()["paths"].get(path, {}).get(method.lower(), {}).get("responses", {})
    documented = responses.get(str(status))
    if documented is None:
        return None
    if "$ref" in documented:
        documented = spec()["components"]["responses"][documented["$ref"].rsplit("/", 1)[1]]
    return set(re.findall(r"`([a-z-]+)`", documented.get("description", "")))


@schemathesis.check
def refusal_documented(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """Every refusal the server makes is listed in the spec: its problem kind is named in the
    description of the response the operation documents for that status. (A status the operation
    does not document at all is ``status_code_conformance``'s to report.)"""
    if not any("problem+json" in value for value in response.headers.get("content-type", [])):
        return None
    kind = str(response.json().get("type", "")).removeprefix(PROBLEM_BASE)
    kinds = documented_kinds(case.operation.path, case.method, response.status_code)
    if kinds is not None and kind not in kinds:
        raise AssertionError(
            f"{case.method} {case.operation.path} answered {response.status_code} `{kind}`, which the spec "
            f"does not list for {response.status_code} (it lists {', '.join(sorted(kinds)) or 'none'})"
        )
    return None


@schemathesis.check
def body_conforms(ctx: Any, response: Any, case: schemathesis.Case) -> bool | None:
    """The body matches the documented schema; for the event stream (a text stream in the spec), each event
    read from its fields matches ``StreamedEvent`` and its data ``StreamedEventData``. (Schemathesis reads a 3.1 spec's
    stream schema as each event's, which a text schema is not: generated clients need the text.)"""
    if not any(value.startswith("text/event-stream") for value in response.headers.get("content-type", [])):
        return response_schema_conformance(ctx, response, case)
    for block in response.text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
        if "data" in fields:
            validate_instance(fields, "/components/schemas/StreamedEvent", "a streamed event")
            validate_instance(json.loads(fields["data"]), "/components/schemas/StreamedEventData", "a streamed event's data")
    return None


CHECKS = [
    refusal_documented,
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    body_conforms,
    positive_data_acceptance,
]
RULESETS = {rules.name: rules for rules in registry.all_rulesets()}
ROLES = ("generated", "spectator", "seat", "other-seat", "owner", "owner-as-seat")
"""How a case is aimed at a real game: left as generated, with no token, with the token of the seat
to act (acting as itself), of a seat not to act, the owner's (as generated, or naming the seat to act)."""
PLAYS = ("play", "retry", "out-of-turn", "owner-play", "reuse-key")
"""For commands, also: the seat to act sends one of its legal commands (with an Idempotency-Key), the
last one is sent again (the first answer comes back), another seat sends one (not its turn), the
owner sends one for the seat, another command comes with the last key (refused)."""
ACTING = {"seat", "owner-as-seat", "play", "owner-play"}

schema = schemathesis.openapi.from_path(SPEC_PATH)
schema.config.checks.positive_data_acceptance = PositiveDataAcceptanceConfig(  # 302: /guide sends to its first page
    expected_statuses=["2xx", "302", "304", "401", "403", "404", "409", "410", "412", "422", "429"]  # 410: a closed room
)


@dataclass
class Table:
    """The app under test, the games the cases are aimed at (one per ruleset, a new one once it is
    over), and how many cases each operation had (to aim them in turn)."""

    app: Any
    service: GameService
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    counts: Counter[str] = field(default_factory=Counter)
    keys: itertools.count[int] = field(default_factory=itertools.count)
    played: dict[str, Any] = field(default_factory=dict)
    room: dict[str, str] = field(default_factory=dict)

    def game(self, ruleset: str) -> dict[str, Any]:
        game = self.games.get(ruleset)
        if game is None or self.service.game(uuid.UUID(game["id"])).outcome() is not None:
            seats = [f"P{n}" for n in range(1, RULESETS[ruleset].min_seats + 1)]
            response = self.app.test_client().post("/games", json={"ruleset": ruleset, "seats": seats, "seed": "1"})
            assert response.status_code == 201, response.get_data(as_text=True)
            game = self.games[ruleset] = response.get_json()
        return game

    def aim_at_room(self, case: schemathesis.Case, role: str, ruleset: str) -> str:
        """A room's case: a new room of a real ruleset (of its fewest seats a table as ``seat``), or the case aimed
        at a real room, with no token, a student's device token or the teacher's."""
        if case.operation.path == "/rooms":
            if isinstance(case.body, dict):
                case.body = {**case.body, "ruleset": ruleset}
                if role == "seat":
                    case.body["seats_per_table"] = RULESETS[ruleset].min_seats
            return role
        if not self.room:
            client = self.app.test_client()
            opened = client.post("/rooms", json={"ruleset": "project-assassination", "seats_per_table": 2}).get_json()
            joined = client.post(f"/rooms/{opened['code']}/students", json={"name": "Ann"}).get_json()
            self.room = {"code": opened["code"], "teacher": opened["teacher_token"], "device": joined["device_token"]}
        case.path_parameters = {**case.path_parameters, "code": self.room["code"]}
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        token = {"seat": "device", "other-seat": "device", "owner": "teacher", "owner-as-seat": "teacher"}.get(role)
        if token is not None:
            headers["Authorization"] = f"Bearer {self.room[token]}"
        case.headers = headers
        return role

    def aim(self, case: schemathesis.Case) -> str:
        """Aim the case at a real game, seat or ruleset (each operation's cases take the roles in
        turn, for each ruleset); returns the role."""
        operation = f"{case.method} {case.operation.path}"
        commands = case.operation.path.endswith("/commands")
        turn = self.counts[operation]
        self.counts[operation] += 1
        roles = PLAYS + ROLES if commands else ROLES
        role, ruleset = roles[turn % len(roles)], sorted(RULESETS)[turn // len(roles) % len(RULESETS)]
        if role == "generated":
            return role
        if case.operation.path == "/games":
            if case.method == "POST" and isinstance(case.body, dict):
                seats = case.body.get("seats")
                case.body = {**case.body, "ruleset": ruleset}
                if isinstance(seats, list) and all(isinstance(s, str) and 1 <= len(s) <= 40 for s in seats):
                    case.body["seats"] = (seats + ["Ana", "Ben", "Cy"])[: RULESETS[ruleset].min_seats]
                if role != "owner":
                    case.body.pop("options", None)
            elif isinstance(case.query, dict) and "ruleset" in case.query:
                case.query = {**case.query, "ruleset": ruleset}
            return role
        if "name" in case.path_parameters:
            case.path_parameters = {**case.path_parameters, "name": ruleset}
            return role
        if case.operation.path.startswith("/rooms"):
            return self.aim_at_room(case, role, ruleset)
        if "game_id" not in case.path_parameters:
            return role
        if role in ("retry", "reuse-key"):
            if self.played:
                case.path_parameters = dict(self.played["path"])
                case.headers = dict(self.played["headers"])
                case.body = dict(self.played["body"])
                if role == "reuse-key":
                    case.body["command"] = {"type": "no-such-command"}
                return role
            role = "play"
        game = self.game(ruleset)
        state = self.service.game(uuid.UUID(game["id"]))
        to_act = state.to_act() or [1]
        tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}
        seat = to_act[0] if role in ACTING else next((s for s in tokens if s not in to_act), 1)
        token = game["owner_token"] if role.startswith("owner") else None if role == "spectator" else tokens[seat]
        case.path_parameters = {**case.path_parameters, "game_id": game["id"]}
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        named = {"seat": seat} if role.startswith("owner-") else {}
        if role in ACTING and isinstance(case.query, dict):
            case.query = {k: v for k, v in case.query.items() if k != "seat"}
            case.query.update(named if takes_seat(case, "query") else {})
        if role in ACTING and isinstance(case.body, dict):
            case.body = {k: v for k, v in case.body.items() if k != "seat"}
            case.body.update(named if takes_seat(case, "body") else {})
        if role in PLAYS and commands and state.outcome() is None:
            legal = state.rules.legal_commands(state.state, to_act[0])
            if legal:
                case.body = {"command": random.Random(state.version).choice(legal), **named}
                headers.pop("If-Match", None)
                headers["Idempotency-Key"] = f"fuzz-{next(self.keys)}"
                if role == "play":
                    self.played = {"path": case.path_parameters, "headers": headers, "body": case.body}
        case.headers = headers
        return role


def takes_seat(case: schemathesis.Case, where: str) -> bool:
    """Whether the case's operation takes a ``seat`` in its query or its JSON body (only those are
    aimed at a seat: a ``seat`` elsewhere is an unknown field)."""
    operation = spec()["paths"][case.operation.path].get(case.method.lower(), {})
    if where == "query":
        return any(parameter.get("name") == "seat" for parameter in operation.get("parameters", []))
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
    if "$ref" in body:
        body = spec()["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    return "seat" in body.get("properties", {})


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Table:
    service = GameService(env=store_env(str(tmp_path_factory.mktemp("fuzz") / "games.sqlite3")))
    settings = {"STREAM_POLL_SECONDS": 0.005, "STREAM_MAX_SECONDS": 0.02, "STREAM_KEEPALIVE_SECONDS": 0.01,
                "LUDOLOG_RATE_LIMIT_PER_TOKEN": "off", "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "off",
                "LUDOLOG_BOT_LIMIT_MS": 20}  # a generated budget of thousands of simulations stops at 20 ms
    return Table(app=create_app(settings, service=service), service=service)


@schema.parametrize()
@hypothesis.settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
)
def test_every_response_conforms_to_the_spec(case: schemathesis.Case, table: Table) -> None:
    table.aim(case)
    case.call_and_validate(app=table.app, checks=CHECKS)
