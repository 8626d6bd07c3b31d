"""``api.rate_budgets``: a request is counted in its budgets in order, shortest window first and a token's
before its address's, stops at the first one used up, and is counted in this process's memory while the
shared storage does not answer (tried again a while later)."""

from __future__ import annotations

import pytest
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import FixedWindowRateLimiter

from api import rate_budgets
from api.rate_budgets import Budget, Budgets


class Refusing(MemoryStorage):
    """A shared storage that does not answer while ``down``."""

    def __init__(self) -> None:
        super().__init__()
        self.down, self.asked = True, 0

    @property
    def base_exceptions(self):
        return ConnectionError

    def incr(self, key, expiry, amount=1):
        self.asked += 1
        if self.down:
            raise ConnectionError("no answer")
        return super().incr(key, expiry, amount)


def budgets(shared=None, **limits):
    made = [Budget(scope, parse(limit)) for scope, limit in limits.items()]
    shared_strategy = FixedWindowRateLimiter(shared or MemoryStorage())
    return Budgets(made, shared_strategy, FixedWindowRateLimiter(MemoryStorage()))


def test_budgets_are_counted_shortest_window_first_a_tokens_before_its_addresss():
    counting = Budgets([Budget("address", parse("9/minute")), Budget("token", parse("9/minute")),
                        Budget("address", parse("9/second")), Budget("token", parse("9/second"))],
                       FixedWindowRateLimiter(MemoryStorage()), FixedWindowRateLimiter(MemoryStorage()))
    seen = []
    assert counting.count({"token": "t", "address": "a"}, lambda budget, key: seen.append((budget.scope, str(budget.limit)))) is None
    assert seen == [("token", "9 per 1 second"), ("address", "9 per 1 second"),
                    ("token", "9 per 1 minute"), ("address", "9 per 1 minute")]


def test_the_first_budget_used_up_refuses_and_the_later_ones_are_not_counted():
    counting = Budgets([Budget("token", parse("2/minute")), Budget("address", parse("5/minute"))],
                       FixedWindowRateLimiter(MemoryStorage()), FixedWindowRateLimiter(MemoryStorage()))
    holders = {"token": "t", "address": "a"}
    assert [counting.count(holders) for _ in range(2)] == [None, None]
    breach = counting.count(holders)
    assert breach is not None and breach.budget.scope == "token" and breach.key == breach.budget.key("t")
    address = counting.budgets[1]
    assert counting.shared.storage.get(address.key("a")) == 2  # the refused request was not counted for its address


def test_a_request_without_a_token_counts_only_for_its_address():
    counting = budgets(token="1/minute", address="3/minute")
    seen = []
    for _ in range(2):
        counting.count({"token": None, "address": "a"}, lambda budget, key: seen.append(budget.scope))
    assert seen == ["address", "address"]


def test_while_the_shared_storage_does_not_answer_requests_are_counted_in_memory_and_it_is_tried_again_later(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(rate_budgets.time, "monotonic", lambda: clock[0])
    shared = Refusing()
    counting = budgets(shared, address="3/minute")
    outcomes = [counting.count({"address": "a"}) is None for _ in range(4)]
    assert outcomes == [True, True, True, False]  # counted in memory: the fourth is over the limit
    assert shared.asked == 1  # not asked again until the retry time
    shared.down = False
    clock[0] += rate_budgets.RETRY_SECONDS
    assert counting.count({"address": "a"}) is None  # the shared storage answers again: its own count
    assert shared.asked == 2 and counting.strategy() is counting.shared


def test_an_error_that_is_not_the_storages_is_not_hidden():
    class Broken(Refusing):
        def incr(self, key, expiry, amount=1):
            raise ValueError("a bug")

    counting = budgets(Broken(), address="3/minute")
    with pytest.raises(ValueError, match="a bug"):
        counting.count({"address": "a"})
