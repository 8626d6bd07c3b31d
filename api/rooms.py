"""``/rooms``: a whole class seated at tables from one short code (``domain.keeping.rooms``).

- ``POST /rooms`` opens a room (anyone may: it costs one record) and answers its code, link, QR code and the
  teacher's token (shown once); ``GET /rooms/{code}`` is the projector's and the lobby's view (names and tables,
  no secret), with the link and its QR code.
- ``POST /rooms/{code}/students`` joins: a name (a new student, seated at the next table with room), or the device's
  own token as ``Authorization: Bearer`` (its place back, never a second one), or a name with its personal code or
  ``ask_teacher`` (a new device taking a student's place). ``GET /rooms/{code}/me`` is the device's own view.
- With the teacher's token: ``GET /rooms/{code}/dashboard``; ``POST /rooms/{code}/start`` (start the tables waiting,
  their empty seats to the room's bots); ``POST /rooms/{code}/close``; ``POST /rooms/{code}/students/{n}/move`` and
  ``/free``; ``DELETE /rooms/{code}/students/{n}``; ``POST /rooms/{code}/requests/{n}`` (let a device in, or not).

**A class behind one address.** Joining a room counts against a budget of its own per address
(``LUDOLOG_ROOM_JOIN_RATE_LIMIT``, default ``120/minute;600/hour``): thirty students joining at once, each pressing
Join twice, fit in the minute; a room takes at most its ``most_students`` (60 unless the teacher says, at most
300), so a script from one address cannot take more than that from a room, nor join rooms without end.
"""

from __future__ import annotations

import contextlib
import uuid
from typing import Any

from flask import Blueprint, Response, json, url_for
from marshmallow import RAISE, Schema, fields, validate

from api import join_budgets
from api.auth import bearer
from api.context import service
from api.costly import costly_now
from api.games import json_body
from api.joining import public_base, qr_svg
from api.problems import InvalidRequest
from api.schemas import WholeNumber
from domain.engine.errors import Unauthorized
from domain.keeping.bot_seats import bot_thinking
from domain.keeping.room_views import (
    dashboard_view,
    device_view,
    public_view,
    table_games,
)
from domain.keeping.rooms import MOST_STUDENTS, STARTS, Entry, Rooms

blueprint = Blueprint("rooms", __name__)

ROOM_JOIN_RATE_LIMIT = "LUDOLOG_ROOM_JOIN_RATE_LIMIT"
DEFAULTS = {ROOM_JOIN_RATE_LIMIT: "120/minute;600/hour"}
STATUS = {"joined": 201, "back": 200, "let-in": 200, "asked": 202}


class Filling(Schema):
    class Meta:
        unknown = RAISE

    strategy = fields.String(required=True)
    budget = fields.Raw(load_default=None)
    pace_ms = WholeNumber(load_default=800, validate=validate.Range(min=0, max=10_000))


class NewRoom(Schema):
    """``POST /rooms``'s body."""

    class Meta:
        unknown = RAISE

    ruleset = fields.String(required=True, validate=validate.Length(min=1, max=100))
    options = fields.Dict(load_default=None, allow_none=True)
    seats_per_table = WholeNumber(required=True, validate=validate.Range(min=1, max=20))
    fill = fields.Nested(Filling, load_default=None, allow_none=True)
    start = fields.String(load_default="full", validate=validate.OneOf(STARTS))
    most_students = WholeNumber(load_default=60, validate=validate.Range(min=1, max=MOST_STUDENTS))
    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=100))


class Joiner(Schema):
    """``POST /rooms/{code}/students``'s body: the name, and for a new device a student's personal code or a request."""

    class Meta:
        unknown = RAISE

    name = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=40))
    personal_code = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=20))
    ask_teacher = fields.Boolean(load_default=False)


class Move(Schema):
    class Meta:
        unknown = RAISE

    table = WholeNumber(required=True, allow_none=True, validate=validate.Range(min=1, max=1000))


class Answer(Schema):
    class Meta:
        unknown = RAISE

    let_in = fields.Boolean(required=True)


NEW_ROOM, JOINER, MOVE, ANSWER = NewRoom(), Joiner(), Move(), Answer()

join_budgets.budget(blueprint, ROOM_JOIN_RATE_LIMIT, DEFAULTS[ROOM_JOIN_RATE_LIMIT])


def room_link(code: str) -> str:
    return f"{public_base()}#/room/{code}"


@blueprint.post("/rooms")
def open_room() -> Response:
    given = NEW_ROOM.load(json_body())
    checks_a_kit = isinstance(given["options"], dict) and "kit" in given["options"]
    with costly_now() if checks_a_kit else contextlib.nullcontext():  # a kit read, checked and set up, as POST /games
        room, teacher = _rooms().open(given["ruleset"], given["options"], given["seats_per_table"], given["fill"],
                                      given["start"], given["most_students"], given["name"])
    link = room_link(room.code)
    body = {**public_view(room), "link": link, "qr_svg": qr_svg(link), "teacher_token": teacher,
            "dashboard": f"{public_base()}#/room/{room.code}/teacher"}
    response = _answer(body, 201)
    response.headers["Location"] = url_for("rooms.show_room", code=room.code)
    return response


@blueprint.get("/rooms/<code>")
def show_room(code: str) -> Response:
    room = _rooms().room(code)
    link = room_link(room.code)
    return _answer({**public_view(room), "link": link, "qr_svg": qr_svg(link)}, 200)


@blueprint.post("/rooms/<code>/students")
def join_room(code: str) -> Response:
    given = JOINER.load(json_body())
    join_budgets.count(ROOM_JOIN_RATE_LIMIT)
    entry = _rooms().join(code, given["name"], bearer(), given["personal_code"], given["ask_teacher"])
    return _answer(_entry(entry), STATUS[entry.how])


@blueprint.get("/rooms/<code>/me")
def show_me(code: str) -> Response:
    token = bearer()
    if token is None:
        raise Unauthorized("send this device's room token as 'Authorization: Bearer <token>'")
    room, student, where = _rooms().device(code, token)
    return _answer(device_view(room, student, where), 200)


@blueprint.get("/rooms/<code>/dashboard")
def dashboard(code: str) -> Response:
    room = _rooms().teacher(code, bearer())
    ids = {game_id for _, game_id in table_games(room)}
    games = {uuid.UUID(row["id"]): row for row in service().list_games() if uuid.UUID(row["id"]) in ids}
    thinking = {game_id: bot_thinking(service().game(game_id)) for game_id in ids
                if games.get(game_id, {}).get("status") == "active"}
    return _answer({**dashboard_view(room, games, thinking), "link": room_link(room.code)}, 200)


@blueprint.post("/rooms/<code>/start")
def start_tables(code: str) -> Response:
    waiting = _rooms().start(code, bearer())
    return _answer({"waiting": [{"table": table, "reason": reason} for table, reason in waiting]}, 200)


@blueprint.post("/rooms/<code>/close")
def close_room(code: str) -> Response:
    _rooms().close(code, bearer())
    return Response(status=204)


@blueprint.post("/rooms/<code>/students/<student>/move")
def move_student(code: str, student: str) -> Response:
    given = MOVE.load(json_body())
    _rooms().move(code, bearer(), _number(student, "student"), given["table"])
    return Response(status=204)


@blueprint.post("/rooms/<code>/students/<student>/free")
def free_student(code: str, student: str) -> Response:
    _rooms().free(code, bearer(), _number(student, "student"))
    return Response(status=204)


@blueprint.delete("/rooms/<code>/students/<student>")
def remove_student(code: str, student: str) -> Response:
    _rooms().remove(code, bearer(), _number(student, "student"))
    return Response(status=204)


@blueprint.post("/rooms/<code>/requests/<number>")
def answer_request(code: str, number: str) -> Response:
    given = ANSWER.load(json_body())
    _rooms().answer(code, bearer(), _number(number, "request"), given["let_in"])
    return Response(status=204)


def _entry(entry: Entry) -> dict[str, Any]:
    """What a join answers: the device's view, and its token and personal code when new (shown once)."""
    student = entry.student
    where = "asked" if entry.how == "asked" else "waiting" if student is not None and student.table is None else "seated"
    body = device_view(entry.room, student, where)
    body["how"] = entry.how
    body["device_token"] = entry.device_token
    body["personal_code"] = entry.personal_code
    return body


def _number(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise InvalidRequest(f"{what}: {text!r} is not a {what} number")
    return int(text)


def _answer(body: dict[str, Any], status: int) -> Response:
    response = Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/json")
    response.headers["Cache-Control"] = "no-store"
    return response


def _rooms() -> Rooms:
    return Rooms(service())
