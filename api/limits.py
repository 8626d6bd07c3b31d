"""Request limits: a body over the limit is refused with 413 ``too-large``, and a client sending too
many requests gets 429 ``rate-limited`` (with ``Retry-After``) while every other client goes on
being served.

**Bodies.** A body over ``MAX_CONTENT_LENGTH`` bytes (64 KiB) is refused from its
``Content-Length`` before the route runs (before any token check or store read, so nothing is
written); one sent without a length is cut off at the limit as it is read.

**Rates.** Every request (but ``/healthz`` and CORS preflights) is counted (``api.rate_budgets``, with the
``limits`` library) in two budgets shared by all
routes: one per bearer token, one per client address; a request without a token counts only per
address. A token is counted under a hash of it: the token itself is never kept. A limit is a string
like ``500/second;6000/minute``, or ``off``. Budgets are checked shortest window first, a token's
before its address's, and the first one used up refuses the request without counting it in the
others: a token refused for the minute no longer eats into its address's minute, so one runaway
client does not shut out the others behind the same school or office address.

**The defaults, and why.** One server process answers about 250 requests a second over HTTP (a
command costs about 4 ms). What must never be refused:

- a web page polling a game (1-2 requests a second per token), a person playing;
- a class of thirty students behind one school address, each with such a page: about 50 requests a
  second from that address, a few hundred when everyone opens the game at once;
- a bot playing a seeded game through HTTP. It waits for each answer, so even flat out on the
  server's own machine it makes about 250 requests a second (measured), and a whole game costs at
  most about 5,200 requests: three a command (the state, the legal commands, the command), and the
  longest of 100 seeded random games of the longest ruleset (``assassination-le``) took 1,733
  commands, most about 325;
- an event stream: one long request, counted once however long it stays open. The health check is
  not counted at all: load balancers poll it from one address, and a 429 would read as "down".

So a token may make 500 requests a second (twice what one client waiting for each answer gets) and
6,000 a minute (more than the longest game); an address twice that, for a class with a bot or two.
A runaway loop never stops: at full speed it uses up its minute in about 25 seconds and is refused
until the minute is over, so over time it gets at most 100 requests a second; one that sends many
requests at once meets the per-second limit. (A loop slower than that is no danger to the server.)

Windows are fixed (the library's fixed windows, from a budget's first request): across the end
of a window a client may briefly get up to twice a limit. ``Retry-After`` says when the window ends.

**What a client is told.** Every counted answer, 429 included, says what is left of each budget it was
counted in, in the fields of the IETF draft "RateLimit header fields for HTTP"
(draft-ietf-httpapi-ratelimit-headers-11): ``RateLimit-Policy`` lists the budgets (a name, ``q`` the
quota, ``w`` the window in seconds) and ``RateLimit`` what is left of each (``r`` requests, ``t`` seconds
until the window ends), e.g. ``RateLimit-Policy: "token-per-second";q=500;w=1, "token-per-minute";q=6000;w=60``
and ``RateLimit: "token-per-second";r=499;t=1, "token-per-minute";r=5873;t=41``; a bot slows down before it
meets a 429. It costs no read of where counts live: the count is what the budget's increment answered
(``CountedFixedWindow``), and a window's end is known from the request that began it (one read of the
window's expiry in a process that did not see it begin: another worker's window, on Redis).

**Where counts live.** ``memory://`` (the default) counts in each worker process: with
``--workers N`` every worker counts on its own, so a client may get up to N times the limits.
``redis://host:port`` shares the counts between every worker and server (the ``redis`` extra
installs the client); if Redis stops answering, each process counts in memory until it answers
again. Behind a reverse proxy every request comes from the proxy's address: limit per address in
the proxy and set the per-address limit to ``off``.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.errors import ConfigurationError
from limits.storage import MemoryStorage, storage_from_string
from limits.strategies import FixedWindowRateLimiter
from werkzeug.exceptions import RequestEntityTooLarge, TooManyRequests

from api import health
from api.auth import token_key
from api.problems import problem
from api.rate_budgets import Breach, Budget, Budgets

PER_TOKEN = "LUDOLOG_RATE_LIMIT_PER_TOKEN"
PER_ADDRESS = "LUDOLOG_RATE_LIMIT_PER_ADDRESS"
STORAGE = "LUDOLOG_RATE_LIMIT_STORAGE"

DEFAULTS: dict[str, Any] = {
    PER_TOKEN: "500/second;6000/minute",
    PER_ADDRESS: "1000/second;12000/minute",
    STORAGE: "memory://",
}
"""The app's rate-limit settings (the app's ``DEFAULTS`` include them); the environment variables
of the same names set them for ``ludolog serve`` and ``api.wsgi``."""

WHO = {"token": "with this token", "address": "from this address"}


def parse(setting: str, value: str) -> list[RateLimitItem]:
    """The limits a setting names (none for ``off``); ``ValueError`` says what is wrong."""
    if value.strip().lower() == "off":
        return []
    try:
        return parse_many(value)
    except ValueError as error:
        raise ValueError(f"{setting}={value!r} is not a rate limit like '500/second;6000/minute' or 'off' ({error})") from None


def check(settings: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` for a limit or a storage in ``settings`` that cannot work (before a server
    starts its workers)."""
    for setting in (PER_TOKEN, PER_ADDRESS):
        if setting in settings:
            parse(setting, settings[setting])
    if STORAGE in settings:
        try:
            storage_from_string(settings[STORAGE])  # a known scheme, its client installed (it connects later)
        except ConfigurationError as error:
            raise ValueError(f"{STORAGE}={settings[STORAGE]!r}: {error}") from None


class ThreadSafeMemory(MemoryStorage):
    """``memory://``, the library's storage, its expired counts dropped without a timer thread.

    In limits 5.8 every increment starts a new 10 ms ``threading.Timer`` unless one is running, and each
    timer walks every key: a client waiting for each answer (a bot) starts a thread for almost every
    request, which cost a command through HTTP about a third of its time. Nothing needs the timer to
    count right: the library drops a key that has expired whenever it reads it (``get``, which every
    increment calls first). So here expired keys are only swept to free their memory, at most once a
    ``SWEEP_SECONDS``, in the request that comes due (one walk of the keys; a request that finds another
    thread sweeping goes on). This also removes the two races of the library's timer (two requests at once
    starting it twice; one run looking up a key another just dropped), each of which left a traceback in
    the server's log."""

    STORAGE_SCHEME = ["ludolog-memory"]
    SWEEP_SECONDS = 1.0

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: str) -> None:
        self._sweeping = threading.Lock()
        self._next_sweep = 0.0
        super().__init__(uri, wrap_exceptions, **options)
        self.timer.cancel()  # the one the library starts with the storage

    def _MemoryStorage__schedule_expiry(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep or not self._sweeping.acquire(blocking=False):
            return
        try:
            self._next_sweep = now + self.SWEEP_SECONDS
            self._MemoryStorage__expire_events()
        finally:
            self._sweeping.release()

    def _MemoryStorage__expire_events(self) -> None:
        try:
            MemoryStorage._MemoryStorage__expire_events(self)  # type: ignore[attr-defined]
        except KeyError:  # expired by the run before: the next run (10 ms on) goes on with the rest
            pass


class CountedFixedWindow(FixedWindowRateLimiter):
    """The library's fixed windows, keeping what each increment answered in the request (``g``) and
    when each window ends, so that the answer can say what is left without reading the counts again."""

    def hit(self, item: RateLimitItem, *identifiers: str, cost: int = 1) -> bool:
        key = item.key_for(*identifiers)
        count = self.storage.incr(key, item.get_expiry(), amount=cost)
        ends: dict[str, float] = self.__dict__.setdefault("ends", {})
        now = time.time()
        if count == cost:  # this request began the window (the increment set its expiry)
            ends[key] = now + item.get_expiry()
            if len(ends) > MOST_WINDOWS:
                for old in [known for known, end in ends.items() if end <= now]:
                    ends.pop(old, None)
        elif ends.get(key, 0.0) <= now:  # begun where this process did not see it (another worker, on Redis)
            ends[key] = self.storage.get_expiry(key)
        counted = g.setdefault(COUNTED, {})
        counted[key] = (count, ends[key])
        return count <= item.amount


MOST_WINDOWS = 100_000
"""How many windows' ends a process keeps before it forgets those already over."""

COUNTED = "ludolog_rate_counts"
"""Where in ``g`` a request's counts are: each budget's key, the count and the window's end."""


def policy_name(scope: str, item: RateLimitItem) -> str:
    """A budget's name in the RateLimit fields: ``token-per-second``, ``address-per-10-minutes``."""
    unit = item.GRANULARITY.name
    return f"{scope}-per-{unit}" if item.multiples == 1 else f"{scope}-per-{item.multiples}-{unit}s"


def storage_uri(configured: str) -> str:
    """Where counts live: ``memory://`` is this process's ``ThreadSafeMemory``."""
    return "ludolog-memory://" if configured == "memory://" else configured


def install(app: Flask) -> None:
    """Count requests (unless both limits are ``off``), then refuse bodies over the limit."""
    budgets = [Budget("token", item) for item in parse(PER_TOKEN, app.config[PER_TOKEN])]
    budgets += [Budget("address", item) for item in parse(PER_ADDRESS, app.config[PER_ADDRESS])]
    if budgets:
        _count(app, budgets)
    app.before_request(_refuse_large_body)


class RateLimited(TooManyRequests):
    """A request refused by the budget it found used up."""

    def __init__(self, breach: Breach) -> None:
        super().__init__()
        self.breach = breach


RATE_BUDGETS = "ludolog-rate-budgets"
"""Where in ``app.extensions`` the app's ``Budgets`` are."""

SEEN = "ludolog_rate_budgets_seen"
"""Where in ``g`` the budgets a request was counted in are, each with its key."""


def _count(app: Flask, budgets: list[Budget]) -> None:
    try:
        shared_storage = storage_from_string(storage_uri(app.config[STORAGE]))
    except ConfigurationError as error:
        raise ValueError(f"{STORAGE}={app.config[STORAGE]!r}: {error}") from None
    shared = CountedFixedWindow(shared_storage)
    local = shared if isinstance(shared_storage, MemoryStorage) else CountedFixedWindow(ThreadSafeMemory())
    counting = app.extensions[RATE_BUDGETS] = Budgets(budgets, shared, local)

    @app.before_request
    def count_request() -> None:
        """Count the request in its budgets; the first one used up refuses it (429). The health check and
        CORS preflights are not counted."""
        if request.method == "OPTIONS" or request.blueprint == health.blueprint.name:
            return
        token = _token()
        holders = {"token": token_key(token, "rate-limit") if token else None, "address": request.remote_addr or "127.0.0.1"}
        seen: list[tuple[Budget, str]] = []
        g.setdefault(SEEN, seen)
        breach = counting.count(holders, lambda budget, key: seen.append((budget, key)))
        if breach is not None:
            raise RateLimited(breach)

    @app.errorhandler(RateLimited)
    def rate_limited(error: RateLimited) -> Response:
        budget, key = error.breach.budget, error.breach.key
        counted = g.get(COUNTED, {}).get(key)
        end = counted[1] if counted else time.time() + budget.limit.get_expiry()
        retry = max(1, math.ceil(end - time.time()))
        detail = f"more than {budget.limit} {WHO[budget.scope]}; retry in {retry} second{'s' if retry != 1 else ''}"
        response = problem("rate-limited", detail)
        response.headers["Retry-After"] = str(retry)
        return response

    @app.after_request
    def tell_what_is_left(response: Response) -> Response:
        """``RateLimit-Policy`` and ``RateLimit`` on every counted answer (see the module's docstring)."""
        seen, counted = g.get(SEEN), g.get(COUNTED)
        if not seen or not counted:  # not counted: the health check, a preflight, both limits off
            return response
        now, declared, left = time.time(), [], []
        for budget, key in seen:
            if key not in counted:
                continue
            count, end = counted[key]
            name = policy_name(budget.scope, budget.limit)
            declared.append(f'"{name}";q={budget.limit.amount};w={budget.limit.get_expiry()}')
            left.append(f'"{name}";r={max(0, budget.limit.amount - count)};t={max(0, math.ceil(end - now))}')
        if left:
            response.headers["RateLimit-Policy"] = ", ".join(declared)
            response.headers["RateLimit"] = ", ".join(left)
        return response


def _is_preflight() -> bool:
    """A browser's CORS preflight (``OPTIONS``): answered without the store, never counted (a 429
    there would reach the page as a CORS failure, not as the limit)."""
    return request.method == "OPTIONS"


def _token() -> str | None:
    authorization = request.authorization
    if authorization is None or authorization.type != "bearer" or not authorization.token:
        return None
    return authorization.token


def _token_key() -> str:
    """The token's budget: a hash of the token (never the token), apart from the store's own hash."""
    return token_key(_token(), "rate-limit") or ""


BODY_OVER_LIMIT = "ludolog.body_over_limit"
"""The environ key ``api.serving.Dispatcher`` sets for a chunked body longer than the limit (it reads one
byte more than the limit): refused 413 as a body whose length says so."""


def _refuse_large_body() -> None:
    """A body (POST, PATCH) whose Content-Length is over the limit, refused before its route runs."""
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    over = (request.content_length or 0) > limit if limit is not None else False
    if request.method in ("POST", "PATCH", "PUT") and request.url_rule is not None and (over or request.environ.get(BODY_OVER_LIMIT)):
        raise RequestEntityTooLarge()
