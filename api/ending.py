"""``/games/{id}/resign``, ``/games/{id}/draw-offers`` and ``/games/{id}/abort``: a seat ends a game without
its rules (``domain.keeping.ending``; the rules of it are ``domain.engine.early_endings``).

Each is a seat's own act, so it takes that seat's token: without one it is refused (401), and the owner's
token, which plays no seat, too (403). The answer is a command's: the events recorded as the seat sees them,
the receipt of the last, and whether the game goes on. ``POST /games/{id}/draw-offers`` offers a draw, or
agrees to the one standing (the game ends drawn when every seat has); ``DELETE`` declines it.
"""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, json

from api import answers
from api.auth import viewer
from api.context import service
from api.games import game_id_of
from domain.engine.errors import Forbidden, Unauthorized
from domain.keeping.access import OWNER
from domain.keeping.ending import Endings
from domain.keeping.service import Submission

blueprint = Blueprint("ending", __name__)


@blueprint.post("/games/<game_id>/resign")
def resign(game_id: str) -> Response:
    found = game_id_of(game_id)
    return _answer(found, Endings(service()).resign(found, _seat(found, "resign")))


@blueprint.post("/games/<game_id>/draw-offers")
def offer_draw(game_id: str) -> Response:
    found = game_id_of(game_id)
    return _answer(found, Endings(service()).offer_draw(found, _seat(found, "offer or agree to a draw")))


@blueprint.delete("/games/<game_id>/draw-offers")
def decline_draw(game_id: str) -> Response:
    found = game_id_of(game_id)
    return _answer(found, Endings(service()).decline_draw(found, _seat(found, "decline a draw")))


@blueprint.post("/games/<game_id>/abort")
def abort(game_id: str) -> Response:
    found = game_id_of(game_id)
    return _answer(found, Endings(service()).abort(found, _seat(found, "abort the game")))


def _seat(game_id: uuid.UUID, what: str) -> int:
    """The seat the request's token is: only a seat may ``what``."""
    holder = viewer(game_id)
    if holder is None:
        raise Unauthorized(f"to {what} send the seat's token (Authorization: Bearer <token>)")
    if holder == OWNER:
        raise Forbidden(f"the owner's token plays no seat: a seat's own token is needed to {what}")
    return int(holder)


def _answer(game_id: uuid.UUID, answer: Submission) -> Response:
    """The answer to a seat's act on the game: as to a command (``POST /games/{id}/commands``)."""
    body = answers.submission(answer)
    response = Response(json.dumps(body), mimetype="application/json")
    response.headers["ETag"] = f'"{answer.version}"'
    return response
