"""``/games/{id}/state`` and ``/games/{id}/export``: the game as it stood after any event, and the
whole game exported, both as the token's holder may see them."""

from __future__ import annotations

from flask import Blueprint, Response, request
from marshmallow import Schema, fields, validate

from api import schemas
from api.auth import viewer
from api.context import service
from api.costly import costly
from api.games import game_id_of, state_response
from api.problems import check_step
from replays.exports import MEDIA_TYPES, file_name
from replays.exports import export as export_game

blueprint = Blueprint("history", __name__)



class StateQuery(Schema):
    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=schemas.LAST_EVENT))


class ExportQuery(Schema):
    format = fields.String(required=True, validate=validate.OneOf(list(MEDIA_TYPES)))


STATE_QUERY, EXPORT_QUERY = StateQuery(), ExportQuery()


@blueprint.get("/games/<game_id>/state")
def state_at(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    at = STATE_QUERY.load(request.args.to_dict())["at"]
    current = service().game(found)
    check_step(at, current.version)
    return state_response(found, holder, current if at is None else service().game_at(found, at))


@blueprint.get("/games/<game_id>/export")
@costly
def export(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    form = EXPORT_QUERY.load(request.args.to_dict())["format"]
    response = Response(export_game(service(), found, holder, form), mimetype=MEDIA_TYPES[form])
    response.headers["Content-Disposition"] = f'attachment; filename="{file_name(found, form)}"'
    return response
