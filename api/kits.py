"""``/kits``: the kit shelf (``domain.keeping.kit_shelf``): table kits kept by name, each change a new version,
and the kit format's JSON Schema.

Anyone may add a kit, as anyone may create a game (``POST /games`` takes no token): a kit is only a
description of a table, a game holds a copy of the kit it is played with, and a new version changes no
game recorded before. The request limits (body size, rates) are the API's own. A kit with mistakes is
refused (422 ``invalid-kit``) with every mistake in ``mistakes``, a line each; nothing is stored.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, json, request, url_for

from api import answers, schemas
from api.auth import bearer
from api.context import service
from api.costly import costly
from api.games import json_body
from domain.engine.errors import InvalidKit
from domain.games.table_kit.vocabulary.layout import SCHEMA
from domain.keeping.kit_shelf import KitShelf

blueprint = Blueprint("kits", __name__)


def shelf() -> KitShelf:
    return KitShelf(service())


@blueprint.get("/kits")
def list_kits() -> Any:
    return answers.KITS.dump({"kits": [entry._asdict() for entry in shelf().list()]})


@blueprint.get("/kits/schema")
def kit_schema() -> Response:
    return Response(json.dumps(SCHEMA), mimetype="application/json")


@blueprint.get("/kits/<name>")
def get_kit(name: str) -> Any:
    version = schemas.KIT_QUERY.load(request.args.to_dict())["version"]
    found = shelf().get(name, version)
    return answers.STORED_KIT.dump({"name": name, "version": found.version, "hash": found.hash, "kit": found.document})


@blueprint.post("/kits")
@costly
def add_kit() -> Response:
    given = schemas.NEW_KIT.load(json_body())
    document = given["kit"] if given["kit"] is not None else _read(given["text"], given["format"])
    added = shelf().add(document, token=bearer())
    body = answers.KIT_ADDED.dump({key: value for key, value in added._asdict().items() if value is not None})
    response = Response(json.dumps(body), status=201 if added.new else 200, mimetype="application/json")
    response.headers["Location"] = url_for("kits.get_kit", name=added.name, version=added.version)
    return response


@blueprint.post("/kits/check")
@costly
def check_kit() -> Any:
    """A kit checked as ``ludolog kit check`` does, the secrets trace included, and with ``secrets`` its games dealt
    afresh where each seat cannot see: each leak a line (at its line, for a text). Nothing is stored."""
    import time

    from domain.games.table_kit.reading.checks import problems
    from domain.games.table_kit.reading.kit_taint import taint_problems
    from domain.thinking.kit_secrets import API_SECONDS, secret_leaks

    given = schemas.KIT_CHECK.load(json_body())
    text = given["text"]
    if text is None:
        document = given["kit"]
        found = problems(document) or taint_problems(document)
        if found:
            lines = [f"{problem.where()}: {problem.message}" for problem in found]
            raise InvalidKit(f"bad kit: {lines[0]}" + (f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""), lines)
    else:
        document = _read(text, given["format"], more=taint_problems)
    leaks: list[str] = []
    games = unplayed = 0
    if given["secrets"] and "play" in document:
        report = secret_leaks(document, given["games"], clock=time.monotonic, seconds=API_SECONDS)
        games, unplayed = report.games, report.unplayed
        if text is None:
            leaks = [f"{problem.where()}: {problem.message}" for problem in report.problems]
        else:
            from domain.games.table_kit.reading.loading import read_kit

            leaks = read_kit(text, source="kit", format=given["format"], more=lambda _: report.problems)[1]
    return answers.KIT_CHECKED.dump({"name": document["name"], "title": document["title"], "leaks": leaks, "games": games,
                                     "unplayed": unplayed})


def _read(text: str, format: str | None, more: Any = None) -> dict[str, Any]:
    """The document a kit's text holds; ``InvalidKit`` with every mistake, a line each (``more``: further checks, as
    ``read_kit`` takes them)."""
    from domain.games.table_kit.reading.loading import read_kit

    document, mistakes = read_kit(text, source="kit", format=format, more=more)
    if document is None or mistakes:
        raise InvalidKit(f"bad kit: {mistakes[0]}" + (f" (and {len(mistakes) - 1} more)" if len(mistakes) > 1 else ""), mistakes)
    return document
