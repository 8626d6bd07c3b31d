"""Counting each request in the rate limits' budgets (``api.limits`` says which budgets and why).

The counting is the ``limits`` library's (its fixed windows, its storages: this process's memory or a
shared Redis); this module is only the glue a request needs, done once where it can be: each budget's
limit is parsed when the app is made, the budgets are put in their order then (shortest window first, a
token's before its address's), and a request computes its two keys (a hash of its token, its address)
and counts itself in each budget in turn, stopping at the first one used up (which refuses it) so that
a refused token does not also eat into its address's budget. Flask-Limiter did the same work but
resolved and re-parsed every budget on every request: as many function calls as all of Flask's own
handling of a command, which made it a third of a command's time through HTTP.

When a shared storage stops answering, requests are counted in this process's memory (as
Flask-Limiter's in-memory fallback did) and the shared storage is tried again ``RETRY_SECONDS`` later.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem
from limits.storage import Storage
from limits.strategies import RateLimiter

SCOPES = ("token", "address")
"""The budgets' scopes, in the order a window's budgets are counted."""

PREFIX = "ludolog"
"""The first part of every key the counts are kept under."""

RETRY_SECONDS = 5.0
"""How long requests are counted in memory after the shared storage failed to answer, before it is tried again."""


@dataclass(frozen=True)
class Budget:
    """One limit of one scope: ``500/second`` for each token."""

    scope: str
    limit: RateLimitItem

    def key(self, holder: str) -> str:
        """Where the count of ``holder`` (a token's hash, an address) in this budget is kept."""
        return self.limit.key_for(PREFIX, self.scope, holder)


@dataclass(frozen=True)
class Breach:
    """The budget a request found used up, and the key it was counted under."""

    budget: Budget
    key: str


class Budgets:
    """The app's budgets and where they are counted: ``shared`` (the configured storage's strategy) and
    ``local`` (this process's memory, used while the shared storage does not answer; the same as
    ``shared`` when that is memory already)."""

    def __init__(self, budgets: list[Budget], shared: RateLimiter, local: RateLimiter) -> None:
        self.budgets = sorted(budgets, key=lambda budget: (budget.limit.get_expiry(), SCOPES.index(budget.scope)))
        self.shared, self.local = shared, local
        self._shared_failed_at: float | None = None

    def count(self, holders: dict[str, str | None], counted: Callable[[Budget, str], None] | None = None) -> Breach | None:
        """Count a request in each budget whose scope it has a holder for (``{"token": hash, "address": ip}``,
        ``None`` for none), in order; the first budget used up ends the count and is returned. ``counted``
        is told each budget and key the request was counted in."""
        for budget in self.budgets:
            holder = holders.get(budget.scope)
            if holder is None:
                continue
            key = budget.key(holder)
            within = self._hit(budget.limit, budget.scope, holder)
            if counted is not None:
                counted(budget, key)
            if not within:
                return Breach(budget, key)
        return None

    def strategy(self) -> RateLimiter:
        """Where counts go now: the shared storage, or this process's memory while it does not answer."""
        failed = self._shared_failed_at
        if failed is not None and time.monotonic() - failed < RETRY_SECONDS:
            return self.local
        return self.shared

    def _hit(self, limit: RateLimitItem, scope: str, holder: str) -> bool:
        strategy = self.strategy()
        if strategy is self.local:
            return bool(strategy.hit(limit, PREFIX, scope, holder))
        try:
            within = bool(strategy.hit(limit, PREFIX, scope, holder))
        except Exception as error:  # the storage's driver's own errors: which ones depends on the storage
            if not _is_storage_error(self.shared.storage, error):
                raise
            self._shared_failed_at = time.monotonic()
            return bool(self.local.hit(limit, PREFIX, scope, holder))
        self._shared_failed_at = None
        return within


def _is_storage_error(storage: Storage, error: Exception) -> bool:
    """Whether ``error`` is the storage failing to answer (its driver's errors, as the library names them)."""
    kinds: Any = storage.base_exceptions
    return isinstance(error, kinds)
