"""A room's downloads, with its teacher's token: ``GET /rooms/{code}/games.zip`` (every started table's game as its
NDJSON export and its design diary, and ``room.json``: ``replays.room_archive``) and ``GET /rooms/{code}/report``
(the class's finished games as a balance report beside a bot study's figures for the same rules and options, as
HTML unless ``format`` asks for Markdown or JSON: ``replays.room_report``).

Both are costly requests (``api.costly``): they read every table's game, and the report plays ``bot_games`` bot
games (200 unless asked; its bots' figures are kept in the process for the next request of the same room).
Without a token they are 401, with another than the teacher's 403, for a code no room has 404.
"""

from __future__ import annotations

from flask import Blueprint, Response, request
from marshmallow import RAISE, Schema, fields, validate

from api.auth import bearer
from api.context import service
from api.costly import costly_now
from domain.keeping.rooms import Rooms
from replays import room_report_text
from replays.room_archive import archive_name, room_archive
from replays.room_report import BOT_GAMES, room_report

blueprint = Blueprint("room_exports", __name__)

MOST_BOT_GAMES = 1000
REPORT_TYPES = {"html": "text/html", "md": "text/markdown", "json": "application/json"}
WRITERS = {"md": room_report_text.to_markdown, "html": room_report_text.to_html, "json": room_report_text.to_json}


class ReportQuery(Schema):
    class Meta:
        unknown = RAISE

    format = fields.String(load_default="html", validate=validate.OneOf(list(REPORT_TYPES)))
    bot_games = fields.Integer(load_default=BOT_GAMES, validate=validate.Range(min=0, max=MOST_BOT_GAMES))


REPORT_QUERY = ReportQuery()


@blueprint.get("/rooms/<code>/games.zip")
def room_games(code: str) -> Response:
    room = Rooms(service()).teacher(code, bearer())
    with costly_now():
        body = room_archive(service(), room)
    response = Response(body, mimetype="application/zip")
    response.headers["Content-Disposition"] = f'attachment; filename="{archive_name(room)}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/rooms/<code>/report")
def room_playtest_report(code: str) -> Response:
    query = REPORT_QUERY.load(request.args.to_dict())
    room = Rooms(service()).teacher(code, bearer())
    with costly_now():
        text = WRITERS[query["format"]](room_report(service(), room, query["bot_games"]))
    response = Response(text, mimetype=REPORT_TYPES[query["format"]])
    response.headers["Cache-Control"] = "no-store"
    return response
