"""The REST API over the game service (Flask). It holds no rules: every route calls ``domain.service``.

``create_app(config)`` builds the app; one blueprint per resource (``rulesets``, ``games``,
``events``, ``history`` (a past state, exports), ``health``); bodies in and out go through the marshmallow schemas in ``schemas.py``;
every error is ``application/problem+json`` (``problems.py``). ``openapi.yaml`` at the top of the
project describes it all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from api import events, games, health, history, problems, rulesets
from domain.service import GameService
from domain.store import DEFAULT_STORE, store_env

DEFAULTS: dict[str, Any] = {
    "LUDOLOG_DATABASE_URL": DEFAULT_STORE,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "STREAM_POLL_SECONDS": 0.5,
    "STREAM_MAX_SECONDS": 300.0,
    "STREAM_KEEPALIVE_SECONDS": 15.0,
}
"""Settings (override in ``config``): the game store (a SQLite file, a ``postgresql://`` URL,
``:memory:``: see ``domain.store``), the largest body
accepted (413 beyond), how often an event stream looks for new events, how long one stream stays
open before the client reconnects with ``Last-Event-ID``, and how often it sends a keep-alive."""


def create_app(config: Mapping[str, Any] | None = None, service: GameService | None = None) -> Flask:
    """The API app on the store named by ``LUDOLOG_DATABASE_URL``, or on the given service."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["ludolog"] = service or GameService(env=store_env(app.config["LUDOLOG_DATABASE_URL"]))
    problems.register(app)
    for module in (rulesets, games, events, history, health):
        app.register_blueprint(module.blueprint)
    return app

