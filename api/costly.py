"""Requests that cost much are limited in how many run at once, not only in how many are sent.

A bot's move (``POST /games/{id}/bot-move``: a search of up to ``LUDOLOG_BOT_LIMIT_MS``), an
export (``GET /games/{id}/export``: the HTML replay draws every step) and a board drawn at any step
(``GET /games/{id}/board``) and a game's review (``GET /games/{id}/review``, its chart) take a request thread, and
the processor, for far longer than a command; so does checking a kit (``POST /kits``, and ``POST /games``
with a kit document in its options), whose cost grows with the kit.
The rate limits count requests, so a few clients looping on them could slow everyone else's reads.
Here each process lets one token run at most ``LUDOLOG_COSTLY_PER_TOKEN`` (2) of them at once, one
address ``LUDOLOG_COSTLY_PER_ADDRESS`` (8), and everyone together ``LUDOLOG_COSTLY_MAX`` (4), so
that most of the process's threads and time stay with ordinary requests. One more is refused at once
with 429 ``too-many-at-once`` and ``Retry-After``; it ran nothing. ``off`` lifts a limit.

Reading the legal commands of a game whose rules its creator wrote (a kit's conditions, ``rules_written_in``)
is costly too: its cost follows the kit's expressions. And however much a request's rules ask for, the rules
a game's creator wrote run for at most ``LUDOLOG_RULES_SECONDS`` (10) in one request
(``domain.engine.rule_time``): past that the request is refused as the rules failing (422), nothing written.
"""

from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, current_app, request

from api.auth import bearer, token_key
from api.problems import problem
from domain.engine import rule_time

SETTINGS = ("LUDOLOG_COSTLY_PER_TOKEN", "LUDOLOG_COSTLY_PER_ADDRESS", "LUDOLOG_COSTLY_MAX")
RULES_SECONDS = "LUDOLOG_RULES_SECONDS"

DEFAULTS: dict[str, Any] = {"LUDOLOG_COSTLY_PER_TOKEN": 2, "LUDOLOG_COSTLY_PER_ADDRESS": 8, "LUDOLOG_COSTLY_MAX": 4,
                            RULES_SECONDS: 10.0}

RETRY_SECONDS = 1
"""What a refused request is told to wait: a costly request takes a second or two."""

WHO = {"token": "this token", "address": "this address", "server": "this server"}


class TooManyAtOnce(Exception):
    def __init__(self, scope: str, limit: int) -> None:
        super().__init__(scope, limit)
        self.scope, self.limit = scope, limit


class Running:
    """The costly requests a process runs now, by token and by address."""

    def __init__(self, per_token: int | None, per_address: int | None, most: int | None) -> None:
        self.per_token, self.per_address, self.most = per_token, per_address, most
        self._lock = threading.Lock()
        self._by_token: Counter[str] = Counter()
        self._by_address: Counter[str] = Counter()
        self._all = 0

    @contextmanager
    def one(self, token: str | None, address: str) -> Iterator[None]:
        """Count one costly request while it runs; ``TooManyAtOnce`` if it is one too many."""
        with self._lock:
            if token is not None and self.per_token is not None and self._by_token[token] >= self.per_token:
                raise TooManyAtOnce("token", self.per_token)
            if self.per_address is not None and self._by_address[address] >= self.per_address:
                raise TooManyAtOnce("address", self.per_address)
            if self.most is not None and self._all >= self.most:
                raise TooManyAtOnce("server", self.most)
            if token is not None:
                self._by_token[token] += 1
            self._by_address[address] += 1
            self._all += 1
        try:
            yield
        finally:
            with self._lock:
                if token is not None:
                    self._by_token[token] -= 1
                    if not self._by_token[token]:
                        del self._by_token[token]
                self._by_address[address] -= 1
                if not self._by_address[address]:
                    del self._by_address[address]
                self._all -= 1


def costly(view: Callable[..., Any]) -> Callable[..., Any]:
    """A route whose requests count as costly while they run."""

    @functools.wraps(view)
    def counted(*args: Any, **kwargs: Any) -> Any:
        with costly_now():
            return view(*args, **kwargs)

    return counted


def costly_now() -> Any:
    """The rest of this request counts as costly (a route whose cost depends on its body: a game made
    from a kit document checks the kit)."""
    running: Running = current_app.extensions["ludolog-costly"]
    return running.one(token_key(bearer(), "costly"), request.remote_addr or "")


def install(app: Flask) -> None:
    app.extensions["ludolog-costly"] = Running(*(app.config[name] for name in SETTINGS))

    @app.before_request
    def rules_deadline() -> None:
        rule_time.start(float(app.config[RULES_SECONDS]), time.monotonic)

    @app.teardown_request
    def rules_deadline_over(error: BaseException | None) -> None:
        rule_time.stop()

    @app.errorhandler(TooManyAtOnce)
    def too_many(error: TooManyAtOnce) -> Response:
        whom = "runs" if error.scope == "server" else "may run"
        detail = (f"{WHO[error.scope]} {whom} {error.limit} costly request{'s' if error.limit != 1 else ''} "
                  f"(bot moves, exports, boards, kit checks) at once already; retry in {RETRY_SECONDS} second")
        response = problem("too-many-at-once", detail)
        response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response
