"""``/healthz``: whether the service can do its work, reads and writes.

200 ``{"status": "ok", "store": ..., "writes": "ok"}`` when the store answers a read and takes a
write; 503 ``store-unavailable`` whose ``detail`` says what fails otherwise. Two checks:

- **a probe**: one read and one real commit that records nothing (``GameService.store_health``:
  on SQLite the file's ``user_version`` set to itself, on PostgreSQL a transaction that must be
  writable). A read-only file or file system, a full disk, a read-only database or a store that
  does not answer fail it. Its answer is kept for ``PROBE_SECONDS`` (one second), so that however
  often anyone asks, a process writes at most once a second for it; while a probe waits for a busy
  store, the other checks answer with the probe before it instead of waiting;
- **the writes the process made**: a write (a ``POST``) that failed with 503 in the last
  ``FAILURE_SECONDS`` (30) with none succeeding since turns the answer to 503, for what only a real
  write meets (a database at its size limit still has room for the probe). A later write that
  succeeds clears it; so does time, so a server that a load balancer took out of service for it
  is tried again.

Both are per process: behind several workers, each answers for itself. Not rate-limited. The
answer also says how many event streams the process holds open (``streams``), on a 503 too.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, current_app, request

from api import answers
from api.context import feed
from api.context import service as game_service
from api.problems import problem
from domain.keeping.store_health import StoreHealth

blueprint = Blueprint("health", __name__)

PROBE_SECONDS = 1.0
"""How long a probe's answer is kept (per process)."""

FAILURE_SECONDS = 30.0
"""How long a failed write turns ``/healthz`` to 503 when no write succeeds after it."""


@dataclass
class Watch:
    """One app's health: the last probe and when, the last failed write (when, what) if any."""

    probing: threading.Lock
    probed_at: float = float("-inf")
    probe: StoreHealth | None = None
    failure: tuple[float, str] | None = None  # replaced whole, never changed in place


def _watch() -> Watch:
    watch: Watch = current_app.extensions.setdefault("ludolog-health", Watch(threading.Lock()))
    return watch


def _probe(watch: Watch) -> StoreHealth:
    """The last probe's answer if it is recent, else a new probe's. One probe at a time: while one
    runs (waiting for a busy store, say), the others answer with the one before, without waiting."""
    if watch.probe is not None and time.monotonic() - watch.probed_at < PROBE_SECONDS:
        return watch.probe
    if not watch.probing.acquire(blocking=watch.probe is None):
        assert watch.probe is not None
        return watch.probe
    try:
        if watch.probe is None or time.monotonic() - watch.probed_at >= PROBE_SECONDS:
            watch.probe, watch.probed_at = game_service().store_health(), time.monotonic()
        return watch.probe
    finally:
        watch.probing.release()


@blueprint.get("/healthz")
def healthz() -> Any:
    watch = _watch()
    probe, failure = _probe(watch), watch.failure
    if probe.read_error is not None:
        return problem("store-unavailable", f"the game store does not answer: {probe.read_error}", streams=feed().held)
    if probe.write_error is not None:
        return problem("store-unavailable", f"the game store answers reads but refuses writes: {probe.write_error}",
                       streams=feed().held)
    if failure is not None and time.monotonic() - failure[0] < FAILURE_SECONDS:
        seconds = max(1, round(time.monotonic() - failure[0]))
        return problem(
            "store-unavailable",
            f"a write failed {seconds} second{'s' if seconds != 1 else ''} ago and none has succeeded since: {failure[1]}",
            streams=feed().held,
        )
    return answers.HEALTH.dump({"status": "ok", "store": probe.store, "writes": "ok", "streams": feed().held})


@blueprint.after_app_request
def _note_writes(response: Response) -> Response:
    """Remember a write (a ``POST`` to a route) that failed for the store; forget it when one succeeds."""
    if request.method != "POST" or request.url_rule is None:
        return response
    if response.status_code == 503:
        body = response.get_json(silent=True) or {}
        _watch().failure = (time.monotonic(), str(body.get("detail", "the store is unavailable")))
    elif response.status_code == 201 and "Idempotent-Replayed" not in response.headers:
        _watch().failure = None
    return response
