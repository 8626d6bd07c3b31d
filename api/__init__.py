"""The REST API over the game service (Flask). It holds no rules: every route calls ``domain.keeping.service``.

``create_app(config)`` builds the app; one blueprint per resource (``rulesets``, ``games``,
``kits`` (the kit shelf), ``tunings`` (``ludolog tune`` as a job), ``forks`` (a game forked at a step), ``reviews`` (where a game turned), ``events``, ``history`` (a past state, exports), ``boards`` (the board drawn), ``notes``
(annotations on a game's events), ``health``, and ``web``: the browser client at ``/``); bodies in and out go through the marshmallow schemas in ``schemas.py``;
every error is ``application/problem+json`` (``problems.py``); bodies over the limit and clients
sending too many requests are refused (``limits.py``). ``openapi.yaml`` at the top of the project
describes it all; pages on other origins may call it when ``LUDOLOG_CORS_ORIGINS`` lists them
(``cors.py``). ``settings_from(os.environ)`` is the app's settings from a process's environment.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from flask import Flask

from api import (
    auth,
    boards,
    bots,
    connections,
    cors,
    costly,
    ending,
    events,
    forks,
    games,
    guide_site,
    health,
    history,
    idempotency,
    joining,
    kits,
    limits,
    notes,
    problems,
    reviews,
    rooms,
    room_exports,
    revalidation,
    rulesets,
    spec_pages,
    thinking,
    tunings,
    turns,
    web,
)
from api.feed import EventFeed
from domain.keeping.service import GameService
from domain.keeping.store import DEFAULT_STORE, store_env, store_from

DEFAULTS: dict[str, Any] = {
    "LUDOLOG_DATABASE_URL": DEFAULT_STORE,
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "STREAM_POLL_SECONDS": 0.2,
    "STREAM_MAX_SECONDS": 300.0,
    "STREAM_KEEPALIVE_SECONDS": 15.0,
    "LUDOLOG_BOT_LIMIT_MS": 2000,
    "LUDOLOG_BOT_PROCESSES": thinking.default_processes(),
    "LUDOLOG_STREAMS_MAX": 5000,
    "LUDOLOG_STREAMS_PER_ADDRESS": 256,
    "LUDOLOG_STREAMS_PER_TOKEN": 16,
    **limits.DEFAULTS,
    **costly.DEFAULTS,
    **cors.DEFAULTS,
    **connections.DEFAULTS,
    **tunings.DEFAULTS,
}
"""Settings (override in ``config``): the game store (a SQLite file, a ``postgresql://`` URL,
``:memory:``: see ``domain.keeping.store``), the largest body in bytes (413 beyond), how often the event
feed looks for events other processes wrote (``api.feed``; this process's own are seen at once, and
PostgreSQL's are pushed), how long one stream stays open before the client reconnects with
``Last-Event-ID``, how often it sends a keep-alive (``LUDOLOG_STREAM_KEEPALIVE_SECONDS``); the most event streams one process holds
(``LUDOLOG_STREAMS_MAX``, 503 beyond), one address (``LUDOLOG_STREAMS_PER_ADDRESS``) and one
token (``LUDOLOG_STREAMS_PER_TOKEN``) may hold open at once (429 beyond; ``off`` for no limit); the most a bot may think for one
``POST /games/{id}/bot-move``, in milliseconds (``LUDOLOG_BOT_LIMIT_MS``), and the worker processes
search bots think in (``LUDOLOG_BOT_PROCESSES``, one per processor; 0: in the server's process; see
``api.thinking``); and the rate limits (429 beyond; the defaults
and why in ``limits.py``): ``LUDOLOG_RATE_LIMIT_PER_TOKEN`` and ``LUDOLOG_RATE_LIMIT_PER_ADDRESS``
(``500/second;6000/minute`` and ``1000/second;12000/minute``; ``off`` turns one off),
``LUDOLOG_COSTLY_PER_TOKEN``, ``LUDOLOG_COSTLY_PER_ADDRESS`` and ``LUDOLOG_COSTLY_MAX``, the
costly requests (bot moves, exports, boards) one token, one address and the process run at once
(``api.costly``; 2, 8 and 4; 429 beyond), and the seconds the rules a game's creator wrote (a kit's) may run in
one request (``LUDOLOG_RULES_SECONDS``, 10; 422 beyond); ``LUDOLOG_RATE_LIMIT_STORAGE`` where the counts live (``memory://``: in each worker process;
``redis://host:port``: shared by all workers and servers); ``LUDOLOG_CORS_ORIGINS``, the origins
whose web pages may call the API (comma-separated, or ``*``; none by default: see ``cors.py``); and what
one connection may cost the server (``api.connections``): ``LUDOLOG_HEAD_SECONDS`` to send a request's
head, ``LUDOLOG_IDLE_SECONDS`` kept alive idle, ``LUDOLOG_CONNECTIONS_PER_ADDRESS`` open at once; and the tunings
(``api.tuning_jobs``): ``LUDOLOG_TUNINGS_MAX``, ``LUDOLOG_TUNINGS_PER_TOKEN`` and ``LUDOLOG_TUNINGS_PER_ADDRESS`` running
at once (2, 1 and 1; 429 beyond), ``LUDOLOG_TUNING_SECONDS`` the most one runs for (600), and the finished ones a
process keeps (``LUDOLOG_TUNINGS_KEPT``, 100)."""

COUNTS = ("LUDOLOG_STREAMS_MAX", "LUDOLOG_STREAMS_PER_ADDRESS", "LUDOLOG_STREAMS_PER_TOKEN", *costly.SETTINGS,
          connections.PER_ADDRESS, *tunings.SETTINGS)
"""The settings that are a number of things at once (``off``: no limit, but for the streams a process holds)."""

ENVIRONMENT = {
    "LUDOLOG_RATE_LIMIT_PER_TOKEN": limits.PER_TOKEN,
    "LUDOLOG_RATE_LIMIT_PER_ADDRESS": limits.PER_ADDRESS,
    "LUDOLOG_RATE_LIMIT_STORAGE": limits.STORAGE,
    "LUDOLOG_MAX_BODY_BYTES": "MAX_CONTENT_LENGTH",
    "LUDOLOG_BOT_LIMIT_MS": "LUDOLOG_BOT_LIMIT_MS",
    "LUDOLOG_BOT_PROCESSES": "LUDOLOG_BOT_PROCESSES",
    cors.SETTING: cors.SETTING,
    **{name: name for name in COUNTS},
    "LUDOLOG_STREAM_KEEPALIVE_SECONDS": "STREAM_KEEPALIVE_SECONDS",
    costly.RULES_SECONDS: costly.RULES_SECONDS,
    tunings.SECONDS: tunings.SECONDS,
    **{name: name for name in connections.DEFAULTS},
}
"""The environment variables ``settings_from`` reads, and the settings they set."""

SECONDS = {"STREAM_KEEPALIVE_SECONDS": "LUDOLOG_STREAM_KEEPALIVE_SECONDS", costly.RULES_SECONDS: costly.RULES_SECONDS,
           tunings.SECONDS: tunings.SECONDS,
           **{name: name for name in connections.SECONDS}}
"""The settings that are a number of seconds above 0, and the variables that set them."""


def settings_from(environ: Mapping[str, str]) -> dict[str, Any]:
    """The app's settings from a process's environment (``ludolog serve``, ``api.wsgi``): the store
    (``domain.keeping.store.store_from``) and each ``ENVIRONMENT`` variable that is set; ``ValueError``
    says which one is wrong."""
    settings: dict[str, Any] = {"LUDOLOG_DATABASE_URL": store_from(environ)}
    for variable, setting in ENVIRONMENT.items():
        value = environ.get(variable, "").strip()
        if value:
            settings[setting] = value
    if "MAX_CONTENT_LENGTH" in settings:
        text = settings["MAX_CONTENT_LENGTH"]
        if not (text.isascii() and text.isdigit() and int(text) > 0):
            raise ValueError(f"LUDOLOG_MAX_BODY_BYTES={text!r} is not a number of bytes above 0")
        settings["MAX_CONTENT_LENGTH"] = int(text)
    if "LUDOLOG_BOT_LIMIT_MS" in settings:
        text = settings["LUDOLOG_BOT_LIMIT_MS"]
        if not (text.isascii() and text.isdigit() and int(text) > 0):
            raise ValueError(f"LUDOLOG_BOT_LIMIT_MS={text!r} is not a number of milliseconds above 0")
        settings["LUDOLOG_BOT_LIMIT_MS"] = int(text)
    if "LUDOLOG_BOT_PROCESSES" in settings:
        text = settings["LUDOLOG_BOT_PROCESSES"]
        if not (text.isascii() and text.isdigit() and int(text) <= 256):
            raise ValueError(f"LUDOLOG_BOT_PROCESSES={text!r} is not a number of processes from 0 to 256")
        settings["LUDOLOG_BOT_PROCESSES"] = int(text)
    for setting, variable in SECONDS.items():
        if setting in settings:
            text = settings[setting]
            try:
                settings[setting] = float(text)
            except ValueError:
                settings[setting] = 0.0
            if not 0 < settings[setting] < float("inf"):
                raise ValueError(f"{variable}={text!r} is not a number of seconds above 0")
    for name in COUNTS:
        if name in settings:
            text = settings[name]
            if text.lower() == "off" and name != "LUDOLOG_STREAMS_MAX":
                settings[name] = None
            elif text.isascii() and text.isdigit() and int(text) > 0:
                settings[name] = int(text)
            else:
                allowed = "a number above 0" + (" or 'off'" if name != "LUDOLOG_STREAMS_MAX" else "")
                raise ValueError(f"{name}={text!r} is not {allowed}")
    limits.check(settings)
    cors.check(settings)
    return settings


def create_app(config: Mapping[str, Any] | None = None, service: GameService | None = None) -> Flask:
    """The API app on the store named by ``LUDOLOG_DATABASE_URL``, or on the given service."""
    app = Flask(__name__)
    app.config.update(DEFAULTS)
    app.config.update(config or {})
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["ludolog"] = service or GameService(env=store_env(app.config["LUDOLOG_DATABASE_URL"]))
    # the service plays bot seats itself (``domain.keeping.bot_seats``): a search thinks in the pool, within the limit
    app.extensions["ludolog"].bot_thinker = functools.partial(thinking.thinking, processes=int(app.config["LUDOLOG_BOT_PROCESSES"]))
    app.extensions["ludolog"].bot_limit_ms = float(app.config["LUDOLOG_BOT_LIMIT_MS"])
    app.extensions["ludolog-feed"] = EventFeed(
        app.extensions["ludolog"], events.framer(app), float(app.config["STREAM_POLL_SECONDS"]),
        app.config["LUDOLOG_STREAMS_MAX"], app.config["LUDOLOG_STREAMS_PER_ADDRESS"], app.config["LUDOLOG_STREAMS_PER_TOKEN"])
    problems.register(app)
    idempotency.install(app)
    limits.install(app)
    costly.install(app)
    tunings.install(app)
    cors.install(app)
    revalidation.install(app)
    for module in (rulesets, kits, games, forks, ending, events, history, boards, notes, bots, reviews, joining, rooms, room_exports, turns, tunings, health, spec_pages, guide_site, web):
        app.register_blueprint(module.blueprint)
    app.after_request(auth.keep_private)
    return app

