"""Cross-origin requests (CORS) for web pages served from another origin, with Flask-CORS.

Off by default: a page on another origin cannot read the API's answers. ``LUDOLOG_CORS_ORIGINS``
lists the origins whose pages may (``https://games.example.org,http://localhost:5173``: scheme,
host and port, comma-separated), or ``*`` for any page. Those pages may send the headers the API
reads (``Authorization``, ``Content-Type``, ``Idempotency-Key``, ``If-Match``, ``If-None-Match``,
``Last-Event-ID``) and read the ones it sends (``ETag``, ``Location``, ``Idempotent-Replayed``,
``Retry-After``, ``RateLimit``, ``RateLimit-Policy``), on
answers and on errors alike. No cookies are involved (tokens travel in ``Authorization``), so no
credentials mode is offered. A browser's preflight (``OPTIONS``) is answered without touching the
store, is not counted by the rate limits, and may be cached by the browser for ten minutes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask
from flask_cors import CORS

SETTING = "LUDOLOG_CORS_ORIGINS"
DEFAULTS: dict[str, Any] = {SETTING: ""}
"""No origin: CORS off."""

ALLOWED_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match", "If-None-Match", "Last-Event-ID"]
EXPOSED_HEADERS = ["ETag", "Location", "Idempotent-Replayed", "Retry-After", "RateLimit", "RateLimit-Policy"]
PREFLIGHT_SECONDS = 600

ORIGIN = re.compile(r"https?://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?")
"""An origin as a browser sends it: scheme, host, optional port; no path, no trailing slash."""


def parse(value: str | Iterable[str]) -> list[str]:
    """The origins a setting names (none: CORS off); ``ValueError`` names one that is no origin."""
    items = value.split(",") if isinstance(value, str) else list(value)
    origins = [str(item).strip() for item in items if str(item).strip()]
    for origin in origins:
        if origin != "*" and not ORIGIN.fullmatch(origin):
            raise ValueError(
                f"{SETTING}: {origin!r} is not an origin: give scheme, host and port like "
                "https://games.example.org or http://localhost:5173 (no path), comma-separated, or *"
            )
    return ["*"] if "*" in origins else origins


def check(settings: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` for an origin list that cannot work (before a server starts)."""
    if SETTING in settings:
        parse(settings[SETTING])


def install(app: Flask) -> None:
    """Answer cross-origin requests from the configured origins (nothing when none is)."""
    origins = parse(app.config[SETTING])
    if not origins:
        return
    CORS(
        app,
        origins=origins,
        methods=["GET", "HEAD", "POST", "PATCH", "DELETE"],
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        supports_credentials=False,
        send_wildcard=origins == ["*"],
        always_send=False,  # only to requests that come from a page (with an Origin header)
        max_age=PREFLIGHT_SECONDS,
    )
