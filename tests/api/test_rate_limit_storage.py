"""``memory://`` counts in ``ThreadSafeMemory``: the library's memory storage with its expiry timer safe for
the threads that serve requests (two races of limits 5.8 that leave tracebacks in the server's log)."""

from __future__ import annotations

import pytest
from limits.storage import MemoryStorage, storage_from_string

from api.limits import ThreadSafeMemory, storage_uri


class VanishingKeys(dict):
    """Expirations whose every key is gone by the time it is read: another expiry run dropped it."""

    def __getitem__(self, key):
        raise KeyError(key)


def test_memory_is_the_thread_safe_memory_and_other_stores_are_as_configured():
    assert storage_uri("memory://") == "ludolog-memory://"
    assert isinstance(storage_from_string(storage_uri("memory://")), ThreadSafeMemory)
    assert storage_uri("redis://localhost:6379") == "redis://localhost:6379"


def test_an_expiry_run_skips_a_key_another_run_dropped_where_the_librarys_raises():
    stock, safe = MemoryStorage(), ThreadSafeMemory()
    for storage in (stock, safe):
        storage.incr("LIMITER/ludolog/a/1/second", 1)
        storage.timer.join()  # the storage's own expiry run is over: only the runs below read the keys
        storage.expirations = VanishingKeys(storage.expirations)
    with pytest.raises(KeyError):
        stock._MemoryStorage__expire_events()
    safe._MemoryStorage__expire_events()  # no KeyError: the next run goes on with the rest
    for storage in (stock, safe):
        storage.expirations = {}


def test_one_timer_is_scheduled_at_a_time(monkeypatch):
    safe = ThreadSafeMemory()
    held = []
    monkeypatch.setattr(MemoryStorage, "_MemoryStorage__schedule_expiry", lambda self: held.append(self._timer_lock.locked()))
    safe.incr("LIMITER/ludolog/b/1/second", 1)
    assert held == [True]
    assert not safe._timer_lock.locked()
