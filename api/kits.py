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
from domain.games.table_kit.layout import SCHEMA
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


def _read(text: str, format: str | None) -> dict[str, Any]:
    """The document a kit's text holds; ``InvalidKit`` with every mistake, a line each."""
    from domain.games.table_kit.loading import read_kit

    document, mistakes = read_kit(text, source="kit", format=format)
    if document is None or mistakes:
        raise InvalidKit(f"bad kit: {mistakes[0]}" + (f" (and {len(mistakes) - 1} more)" if len(mistakes) > 1 else ""), mistakes)
    return document
