"""``/games/{id}/forks``: fork a game at a step (a new game with its own tokens and its own chance,
``domain.keeping.forking``) and list a game's forks.

Who may fork is who holds a token: the owner forks seeing everything; a seat of a game still being played
forks from what that seat saw, every card it could not see dealt afresh; without a token (a spectator)
only a game that is over may be forked.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from api import answers, schemas
from api.auth import viewer
from api.context import service
from api.games import created, game_id_of, json_body

blueprint = Blueprint("forks", __name__)


@blueprint.post("/games/<game_id>/forks")
def fork_game(game_id: str) -> Response:
    trunk_id = game_id_of(game_id)
    holder = viewer(trunk_id)
    given = schemas.NEW_FORK.load(json_body())
    fork_id, tokens = service().fork_game(trunk_id, given["step"], holder, seed=given["seed"], table=given["table"], name=given["name"])
    return created(service().game(fork_id), tokens, answers.FORK_CREATED)


@blueprint.get("/games/<game_id>/forks")
def list_forks(game_id: str) -> Any:
    trunk_id = game_id_of(game_id)
    viewer(trunk_id)  # a token that is not the game's is refused here as everywhere
    forks = service().forks_of(trunk_id)
    return answers.FORKS.dump({"forks": forks, "total": len(forks)})
