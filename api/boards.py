"""``GET /games/{id}/board``: the board drawn as SVG, as the token's holder may see it, now or after any
event (``?at=N``), with what that event changed outlined; the browser client and scripts draw from it."""

from __future__ import annotations

from flask import Blueprint, Response, json, request
from marshmallow import Schema, fields, validate

from api import answers, schemas
from api.auth import viewer
from api.context import service
from api.costly import costly
from api.games import game_id_of
from api.problems import check_step
from replays.boards import board

blueprint = Blueprint("boards", __name__)


class BoardQuery(Schema):
    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=schemas.LAST_EVENT))


BOARD_QUERY = BoardQuery()


@blueprint.get("/games/<game_id>/board")
@costly
def get_board(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    at = BOARD_QUERY.load(request.args.to_dict())["at"]
    current = service().game(found)
    check_step(at, current.version)
    drawn = board(service(), found, holder, at, current)
    response = Response(json.dumps(answers.BOARD.dump(drawn)), mimetype="application/json")
    response.headers["ETag"] = f'"{drawn["version"]}"'
    return response
