"""What the tests of an operation group's statuses share (the notes', joining's): its cases built from each
operation's success, its special refusals and a 429 and a 503 for every operation; two apps on one SQLite file
(one with a per-address limit of one a minute); and the statuses the cases provoke, per operation, to hold against
those the spec documents."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conftest import API_TEST_SETTINGS, SpecCheckedClient

from api import create_app
from domain.keeping.service import GameService
from domain.keeping.store import store_env

Case = tuple[str, str, int, str, Callable[[Any], Any]]


def cases(operations: dict[tuple[str, str], Callable[[Any, Any], Any]], success: dict[str, int], special: list[Case]) -> list[Case]:
    """Each operation's success, the special refusals, then a 429 and a 503 for each operation (the world's ``twice``
    and ``down``)."""
    return ([(m, p, success[m], "success", lambda w, op=(m, p): operations[op](w.client, w)) for m, p in operations]
            + special
            + [(m, p, 429, "too many requests", lambda w, op=(m, p): w.twice(operations[op])) for m, p in operations]
            + [(m, p, 503, "the store is down", lambda w, op=(m, p): w.down(operations[op])) for m, p in operations])


def two_apps(store: str) -> tuple[Any, Any, GameService, GameService]:
    """A spec-checking client of an app on the SQLite file ``store``, one of an app on the same file allowing one
    request a minute from an address, and their two services (close them)."""
    service, other = GameService(env=store_env(store)), GameService(env=store_env(store))
    settings = {"LUDOLOG_DATABASE_URL": store, **API_TEST_SETTINGS, "MAX_CONTENT_LENGTH": 2000}
    app = create_app(settings, service=service)
    limited = create_app({**settings, "LUDOLOG_RATE_LIMIT_PER_ADDRESS": "1/minute"}, service=other)
    for each in (app, limited):
        each.test_client_class = SpecCheckedClient
    return app.test_client(), limited.test_client(), service, other


def provoked(found: list[Case]) -> dict[tuple[str, str], set[str]]:
    """The statuses the cases provoke, per operation, as the spec names them."""
    out: dict[tuple[str, str], set[str]] = {}
    for method, path, status, _, _ in found:
        out.setdefault((method, path), set()).add(str(status))
    return out
