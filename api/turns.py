"""``POST /games/to-act``: of the seats a bot (or a person) holds, the games where it is to act now.

**How a holder of many seats asks.** A token is one seat of one game (or one game's owner): nothing
stored ties a token to a game but the game's own ``GameAccess``, which keeps only the token's hash.
So the client sends what it holds, each game with its token, in the body:
``{"seats": [{"game": "<id>", "token": "<token>"}, ...]}``. Not several ``Authorization`` headers (HTTP
has one credential per request), not tokens in the URL (they would land in access logs), and no new
"player key" that would stand for many tokens: such a key would be a secret of its own to issue, store,
reissue and revoke, a new stored concept that one request per many seats does not need.

**What it costs.** The work follows what the client holds, never the number of games stored: for each
seat given, the token is checked against its game's ``GameAccess`` and the game is read, both from the
service's aggregate cache (one query each for whatever was written since they were cached). At most
``MOST_SEATS`` seats a request; a bot holding more asks in pages. The whole request counts once against
the rate limits.

**The answer** (in the manner of Lichess's "now playing" and boardgame.io's lobby): ``games``, the
games where the seat is to act now, the one waiting longest first (its last event the oldest), each
with the seat and what ``GET /games`` lists of it (``status``, ``to_act``, ``version``, ``head``, ...);
``over``, the ids of the games given that are over (the bot may drop their tokens); ``held``, how many
seats were given. An owner's token acts for any seat: its game is listed while anyone is to act.

A seat given twice counts once. One wrong seat refuses the whole request, saying which (``seats[3]``):
a token that is not the game's (401) or a game that does not exist (404); nothing is answered for the
others, so a bot notices a reissued token at once.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, Response, json
from marshmallow import RAISE, Schema, fields, validate

from api.context import service
from api.games import game_id_of, json_body
from domain.engine.errors import Unauthorized, UnknownGame
from domain.engine.viewing import summary
from domain.keeping.access import OWNER

MOST_SEATS = 100
"""The most seats one request may ask about."""

blueprint = Blueprint("turns", __name__)


class HeldSeat(Schema):
    class Meta:
        unknown = RAISE

    game = fields.String(required=True, validate=validate.Length(min=1, max=100))
    token = fields.String(required=True, validate=validate.Length(min=1, max=200))


class HeldSeats(Schema):
    class Meta:
        unknown = RAISE

    seats = fields.List(fields.Nested(HeldSeat), required=True, validate=validate.Length(min=1, max=MOST_SEATS))


HELD_SEATS = HeldSeats()

LISTED = ("id", "name", "ruleset", "title", "version", "status", "to_act", "head", "updated")
"""What each listed game says of itself (as ``GET /games`` lists it, as the seat sees it)."""


@blueprint.post("/games/to-act")
def games_to_act() -> Response:
    given = HELD_SEATS.load(json_body())["seats"]
    seen: set[tuple[str, str]] = set()
    listed: list[dict[str, Any]] = []
    over: list[str] = []
    for index, held in enumerate(given):
        if (held["game"], held["token"]) in seen:
            continue
        seen.add((held["game"], held["token"]))
        game_id, holder = _holder(index, held)
        game = service().game(game_id)
        envelope = summary(game, holder)
        if envelope["status"] == "over":
            over.append(envelope["id"])
        elif (holder == OWNER and envelope["to_act"]) or holder in envelope["to_act"]:
            listed.append({"seat": holder, **{key: envelope[key] for key in LISTED}})
    listed.sort(key=lambda entry: entry["updated"])
    body = {"games": listed, "over": list(dict.fromkeys(over)), "held": len(seen)}
    response = Response(json.dumps(body), mimetype="application/json")
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _holder(index: int, held: dict[str, str]) -> tuple[uuid.UUID, Any]:
    """The game and who the token names in it, or the problem of that seat, named by its place."""
    where = f"seats[{index}]"
    try:
        game_id = game_id_of(held["game"])
        return game_id, service().holder(game_id, held["token"])
    except UnknownGame as error:
        raise UnknownGame(f"{where}: {error}") from None
    except Unauthorized as error:
        raise Unauthorized(f"{where}: {error}") from None
