"""``/games/{id}/review``: a game's review (``domain.thinking.review``) as JSON, and its chart as SVG, as the
token's holder may have it: anyone for a finished game, the owner for one in play (seeing everything),
a seat for one in play (from what it saw, its own commands judged). It thinks in a worker process, as a
search bot does, and is kept until the game moves on. ``POST .../review/bookmarks`` writes its key
moments as bookmarked notes of the token's holder (``replays.reviews.bookmark``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, json, request
from marshmallow import Schema, fields, validate

from api.auth import viewer
from api.context import service
from api.costly import costly
from api.games import game_id_of
from api.thinking import elsewhere
from domain.engine.errors import Unauthorized
from domain.thinking.review import DEFAULT_BUDGET, Review, review
from replays.boards import colours_of
from replays.review_chart import review_chart_svg
from replays.reviews import bookmark, review_data, review_game

blueprint = Blueprint("reviews", __name__)

MOST_API_BUDGET = 400
"""The largest budget a review over the API takes: a request stays within a minute on a long game."""


class ReviewQuery(Schema):
    budget = fields.Integer(load_default=DEFAULT_BUDGET, validate=validate.Range(min=1, max=MOST_API_BUDGET))


REVIEW_QUERY = ReviewQuery()


def _reviewed(game_id: str) -> tuple[Any, Review]:
    found = game_id_of(game_id)
    holder = viewer(found)
    budget = REVIEW_QUERY.load(request.args.to_dict())["budget"]
    processes = int(current_app.config["LUDOLOG_BOT_PROCESSES"])

    def run(*args: Any, **kwargs: Any) -> Review:
        return elsewhere(review, processes, *args, **kwargs)  # type: ignore[no-any-return]

    return found, review_game(service(), found, holder, budget, run=run)


@blueprint.get("/games/<game_id>/review")
@costly
def game_review(game_id: str) -> Response:
    found, reviewed = _reviewed(game_id)
    body = {"game": str(found), **review_data(reviewed)}
    return Response(json.dumps(body), mimetype="application/json")


@blueprint.get("/games/<game_id>/review/chart")
@costly
def review_chart(game_id: str) -> Response:
    found, reviewed = _reviewed(game_id)
    game = service().game(found)
    return Response(review_chart_svg(reviewed, game.seats, colours=colours_of(game)), mimetype="image/svg+xml")


@blueprint.post("/games/<game_id>/review/bookmarks")
@costly
def bookmark_key_moments(game_id: str) -> Response:
    holder = viewer(game_id_of(game_id))
    if holder is None:  # before the review, which a spectator of a game in play may not have (403)
        raise Unauthorized("bookmarks are notes: writing them needs a seat's token or the owner's")
    found, reviewed = _reviewed(game_id)
    written = bookmark(service(), found, reviewed, holder)
    body = {"written": written, "key_moments": review_data(reviewed)["key_moments"]}
    return Response(json.dumps(body), status=201, mimetype="application/json")
