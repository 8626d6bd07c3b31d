"""``POST /games/{id}/bot-move``: a bot plays the seat to act, or suggests a command (a hint).

The owner's token lets a bot play any seat (``"seat"`` names it; default: the first seat to act); a
seat's token only its own seat, and only when that seat is to act. The bot thinks from what that seat
can see (``domain.thinking.search``): a hint tells a seat nothing it could not see. ``"play": false`` asks for the
command without playing it (200); played, the answer is the command's, as ``POST /commands`` gives it
(201). A search bot's budget is capped (``domain.thinking.bots``), and it thinks at most ``LUDOLOG_BOT_LIMIT_MS``
milliseconds a request (default 2000) whatever its budget. Table games take no bot moves.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, json, url_for

from api import answers, schemas
from api.auth import viewer
from api.context import service
from api.costly import costly
from api.games import game_id_of, json_body
from api.thinking import thinking
from domain.engine.errors import Forbidden, Unauthorized
from domain.engine.viewing import head_seen
from domain.keeping.access import OWNER
from domain.thinking.bots import make_bot, thought_of

blueprint = Blueprint("bots", __name__)


@blueprint.post("/games/<game_id>/bot-move")
@costly
def bot_move(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    given = schemas.BOT_MOVE.load(json_body())
    if holder is None:
        raise Unauthorized("a bot move needs a seat's token or the owner's (Authorization: Bearer <token>)")
    current = service().game(found)
    seat = service().seat_number(current, _seat(holder, given["seat"], current.to_act()))
    seed = given["seed"] if given["seed"] is not None else f"{found}:{current.version}"
    bot = make_bot(given["strategy"], seed, given["budget"], limit_ms=float(current_app.config["LUDOLOG_BOT_LIMIT_MS"]))
    player = thinking(bot, int(current_app.config["LUDOLOG_BOT_PROCESSES"]))  # a search in a worker process
    if given["play"]:
        command, events = service().bot_move(found, seat, player)
        game = service().game(found)
        body: dict[str, Any] = {"version": game.version, "events": [event.to_data() for event in events],
                                "bot": thought_of(bot, command), "head": head_seen(game, game.version, game.chain, holder)}
        response = Response(json.dumps(answers.BOT_MOVE_PLAYED.dump(body)), status=201, mimetype="application/json")
        response.headers["Location"] = url_for("events.list_events", game_id=str(found), after=game.version - len(events))
        return response
    _, command = service().suggest(found, seat, player)
    return Response(json.dumps(answers.BOT_MOVE_SUGGESTED.dump({"bot": thought_of(bot, command)})), mimetype="application/json")


def _seat(holder: Any, asked: int | None, waiting: list[int]) -> int:
    """The seat the bot thinks for: the token's own, or any the owner names (default the first to act)."""
    if holder == OWNER:
        return int(asked) if asked is not None else (waiting[0] if waiting else 1)
    if asked is not None and asked != holder:
        raise Forbidden(f"this token is seat {holder}'s; a bot may think only for its seat, not seat {asked}")
    return int(holder)
