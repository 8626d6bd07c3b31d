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
from api.reviews import MOST_API_BUDGET
from domain.engine.errors import InvalidSetup
from domain.thinking.review import DEFAULT_BUDGET
from replays.exports import MEDIA_TYPES, file_name
from replays.exports import export as export_game

blueprint = Blueprint("history", __name__)



class StateQuery(Schema):
    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=schemas.LAST_EVENT))


class ExportQuery(Schema):
    format = fields.String(required=True, validate=validate.OneOf(list(MEDIA_TYPES)))
    review = fields.Boolean(load_default=False)
    budget = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MOST_API_BUDGET))


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
    query = EXPORT_QUERY.load(request.args.to_dict())
    form = query["format"]
    if query["budget"] is not None and not query["review"]:
        raise InvalidSetup("budget is the review's: add review=true")
    budget = (query["budget"] or DEFAULT_BUDGET) if query["review"] else None
    response = Response(export_game(service(), found, holder, form, review_budget=budget), mimetype=MEDIA_TYPES[form])
    response.headers["Content-Disposition"] = f'attachment; filename="{file_name(found, form)}"'
    return response
