"""Budgets of joins per client address, on top of the app's limits (``api.limits``): one per kind of join (a game's
join link, a room's code), each set by its own setting, counted before any store read, a join refused or not.

Fixed windows, as the app's; counted where the app's counts live (``LUDOLOG_RATE_LIMIT_STORAGE``), in this process
while a shared storage does not answer. Off when the app's per-address limit is (behind a proxy every request comes
from one address). A join over its budget is 429 ``rate-limited`` with ``Retry-After``; nothing is claimed.
"""

from __future__ import annotations

import math
import time

from flask import Blueprint, Flask, Response, current_app, request
from flask.blueprints import BlueprintSetupState
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from api import limits
from api.problems import problem


class TooManyJoins(Exception):
    """An address over a join budget (429, with ``Retry-After``); nothing was claimed."""

    def __init__(self, detail: str, retry: int) -> None:
        super().__init__(detail)
        self.detail, self.retry = detail, retry


def budget(blueprint: Blueprint, setting: str, default: str) -> None:
    """Count the joins of ``blueprint`` under ``setting`` (``default`` unless the app's config sets it)."""

    @blueprint.record_once
    def _counter(state: BlueprintSetupState) -> None:
        app: Flask = state.app
        configured = app.config.get(setting, default)
        if limits.parse(limits.PER_ADDRESS, app.config[limits.PER_ADDRESS]) and limits.parse(setting, configured):
            shared = FixedWindowRateLimiter(storage_from_string(limits.storage_uri(app.config[limits.STORAGE])))
            local = FixedWindowRateLimiter(limits.ThreadSafeMemory())
            app.extensions[f"ludolog-joins:{setting}"] = (shared, local, limits.parse(setting, configured))

    @blueprint.errorhandler(TooManyJoins)
    def _too_many(error: TooManyJoins) -> Response:
        response = problem("rate-limited", error.detail)
        response.headers["Retry-After"] = str(error.retry)
        return response


def count(setting: str) -> None:
    """Count a join from the request's address under ``setting``; ``TooManyJoins`` when over its budget."""
    counter = current_app.extensions.get(f"ludolog-joins:{setting}")
    if counter is None:
        return
    shared, local, budgets = counter
    address = request.remote_addr or ""
    for each in budgets:
        limiter = shared
        try:
            allowed = shared.hit(each, setting, address)
        except Exception:  # noqa: BLE001 (the shared counts do not answer: this process counts until they do)
            limiter = local
            allowed = local.hit(each, setting, address)
        if not allowed:
            reset = limiter.get_window_stats(each, setting, address).reset_time
            retry = max(1, math.ceil(reset - time.time()))
            raise TooManyJoins(f"joins from this address are limited to {each}; retry in {retry} second{'s' * (retry != 1)}",
                               retry)
