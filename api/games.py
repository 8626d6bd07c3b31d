"""``/games``: create a game with its tokens (of a ruleset, or of a kit on the shelf by its name), list games, read one as the token's holder may see it,
list the holder's legal commands, and submit commands.
"""

from __future__ import annotations

import contextlib
import re
import uuid
from typing import Any

from flask import Blueprint, Response, json, request, url_for

from api import answers, schemas
from api.auth import viewer
from api.context import service
from api.costly import costly_now
from api.problems import InvalidRequest, StaleVersion
from api.written_rules import written_rules
from domain.engine.errors import Forbidden, Unauthorized, UnknownGame, VersionConflict
from domain.engine.game import Game
from domain.engine.viewing import display_name
from domain.keeping.access import OWNER, Tokens
from domain.keeping.kit_shelf import KitShelf

blueprint = Blueprint("games", __name__)


CANONICAL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
"""A game id as the API writes it: a UUID in lower case, with its dashes, and nothing around it."""


def game_id_of(text: str) -> uuid.UUID:
    """The game id in a URL, in its one spelling. Another spelling of a UUID (upper case, without
    dashes, in braces, ``urn:uuid:``) names no game (404): each game has one URL, so caches, logs
    and rate limits see one game, and the detail gives the spelling to use."""
    if CANONICAL_ID.fullmatch(text):
        return uuid.UUID(text)
    try:
        canonical = str(uuid.UUID(text))
    except ValueError:
        raise UnknownGame(f"no game {text!r}: a game id is a UUID, like 8eacb3c3-5f4e-4d0b-9a7c-2f1de3c4b5a6") from None
    raise UnknownGame(f"no game {text!r}: a game id is written in lower case with dashes, like {canonical}")


def json_body() -> Any:
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        raise InvalidRequest("the body is nested too deeply") from None
    if body is None:
        raise InvalidRequest("the body must be JSON (Content-Type: application/json)")
    try:  # what json.loads lets through but JSON text cannot hold: lone surrogates, NaN, Infinity
        json.dumps(body, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except ValueError:
        raise InvalidRequest("the body must be JSON text, without lone surrogates, NaN or Infinity") from None
    return body


@blueprint.post("/games")
def create_game() -> Response:
    given = schemas.NEW_GAME.load(json_body())
    checks_a_kit = isinstance(given["options"], dict) and "kit" in given["options"]
    with costly_now() if checks_a_kit else contextlib.nullcontext():
        ruleset, options, name = KitShelf(service()).game_setup(given["ruleset"], given["options"], given["name"])
        game_id, tokens = service().open_game(
            ruleset, given["seats"], options, given["seed"], table=given["table"], outcomes=given["outcomes"],
            salt=given["salt"], name=name, players=given["players"], bot_pace_ms=given["bot_pace_ms"],
        )
    return created(service().game(game_id), tokens, answers.GAME_CREATED)


def created(game: Game, tokens: Tokens, schema: Any) -> Response:
    """The 201 answer to a new game (or fork): its id, name and version, each seat's token and the
    owner's (shown only here), its seed commitment, and a fork's trunk; ``Location`` its URL."""
    body = schema.dump({
        "id": str(game.id),
        "name": display_name(game),
        "ruleset": game.ruleset,
        "version": game.version,
        "seats": [{"seat": n, "name": name, "token": token} for n, (name, token) in enumerate(zip(game.seats, tokens.seats), 1)],
        "owner_token": tokens.owner,
        "seed_commitment": game.seed_commitment,
        **({"fork": game.fork} if game.fork else {}),
    })
    response = Response(_json(body), status=201, mimetype="application/json")
    response.headers["Location"] = url_for("games.get_game", game_id=str(game.id))
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/games")
def list_games() -> Any:
    query = schemas.GAMES_QUERY.load(request.args.to_dict())
    games = service().list_games()
    if query["ruleset"] is not None:
        games = [g for g in games if g["ruleset"] == query["ruleset"]]
    if query["status"] is not None:
        games = [g for g in games if g["status"] == query["status"]]
    start, stop = query["offset"], query["offset"] + query["limit"]
    following = None
    if stop < len(games):
        args = {k: v for k, v in query.items() if v is not None} | {"offset": stop}
        following = url_for("games.list_games", **args)
    return answers.GAMES_PAGE.dump({"games": games[start:stop], "total": len(games), "next": following})


@blueprint.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    found = game_id_of(game_id)
    return state_response(found, viewer(found))


def state_response(game_id: uuid.UUID, holder: Any, game: Game | None = None) -> Response:
    """The game (now, or ``game`` as it stood then) as ``holder`` may see it (its ETag, a hash of the body,
    is ``api.revalidation``'s; the ``version`` in the body is what ``If-Match`` takes)."""
    body = answers.GAME_STATE.dump({**service().status(game_id, holder, game=game), "viewer": holder})
    return Response(_json(body), mimetype="application/json")


@blueprint.get("/games/<game_id>/legal-commands")
def legal_commands(game_id: str) -> Any:
    found = game_id_of(game_id)
    holder = viewer(found)
    query = schemas.SEAT_QUERY.load(request.args.to_dict())
    seat = _acting_seat(holder, query["seat"])
    game = service().game(found)
    seat = service().seat_number(game, seat)
    rules = game.rules
    written = rules.rules_written_in(game.options)
    if written:  # a kit's expressions cost what its author made them cost: never in a stream's greenlet again
        written_rules.mark(str(found))
    with costly_now() if written else contextlib.nullcontext():
        commands = rules.legal_commands(game.state, seat) if game.outcome() is None else []
        return answers.LEGAL_COMMANDS.dump({
            "seat": seat,
            "version": game.version,
            "to_act": seat in game.to_act(),
            "commands": commands,
            "labels": [rules.label_command(game.state, seat, command) for command in commands],
            "refs": [rules.command_refs(game.state, seat, command) for command in commands],
        })


@blueprint.post("/games/<game_id>/commands")
def submit_command(game_id: str) -> Response:
    found = game_id_of(game_id)
    holder = viewer(found)
    given = schemas.NEW_COMMAND.load(json_body())
    seat = _acting_seat(holder, given["seat"])
    expected = _if_match()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 1 <= len(key) <= 200:
        raise InvalidRequest("an Idempotency-Key is 1 to 200 characters")
    try:
        answer = service().submit_once(
            found, seat, given["command"], command_id=key, expected_version=expected, outcomes=given["outcomes"],
            teller=None if holder == OWNER else seat,
        )
    except VersionConflict as conflict:
        if expected is not None:
            raise StaleVersion(str(conflict)) from None
        raise
    body = answers.submission(answer)
    response = Response(_json(body), status=201, mimetype="application/json")
    response.headers["ETag"] = f'"{answer.version}"'
    # the events' URL as url_for("events.list_events", ...) builds it, without routing a URL back on the hot path
    response.headers["Location"] = f"{request.script_root}/games/{found}/events?after={answer.version - len(answer.events)}"
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def _acting_seat(holder: Any, asked: int | None) -> int:
    """The seat a request acts as: the token's seat, or any seat for the owner who names one."""
    if holder is None:
        raise Unauthorized("acting in a game needs a seat's token (Authorization: Bearer <token>)")
    if holder == OWNER:
        if asked is None:
            raise Forbidden("the owner's token plays no seat of its own: name the seat to act as")
        return int(asked)
    if asked is not None and asked != holder:
        raise Forbidden(f"this token is seat {holder}'s; it cannot act as seat {asked}")
    return int(holder)


def _if_match() -> int | None:
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":  # "*": any current version
        return None
    text = header.strip().removeprefix("W/").strip('"')
    if not (text.isascii() and text.isdigit() and len(text) <= 19):
        raise InvalidRequest('If-Match takes the game version as an entity tag, like If-Match: "12"')
    return int(text)


def _json(body: Any) -> str:
    return json.dumps(body)
