"""``memory://`` counts in ``ThreadSafeMemory``: the library's memory storage with its expired keys swept
without a timer thread (limits 5.8 starts a thread for almost every request a waiting client sends) and
without the two races of the library's timer that leave tracebacks in the server's log."""

from __future__ import annotations

import threading

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


def test_counting_starts_no_thread_where_the_librarys_starts_one_a_request(monkeypatch):
    started: list[threading.Thread] = []
    real_start = threading.Thread.start

    def counted_start(thread):
        started.append(thread)
        real_start(thread)

    threads_started = {}
    for storage in (MemoryStorage(), ThreadSafeMemory()):
        storage.timer.join()
        monkeypatch.setattr(threading.Thread, "start", counted_start)
        for number in range(3):
            storage.incr(f"LIMITER/ludolog/{number}/1/second", 1)
            storage.timer.join()  # the library's timer is over before the next request, as between a bot's requests
        monkeypatch.setattr(threading.Thread, "start", real_start)
        threads_started[type(storage)] = len(started)
        started.clear()
    assert threads_started == {MemoryStorage: 3, ThreadSafeMemory: 0}


def test_counts_are_right_and_expired_keys_are_swept_by_a_later_request(monkeypatch):
    safe = ThreadSafeMemory()
    clock = [1000.0]
    monkeypatch.setattr("time.time", lambda: clock[0])
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    assert [safe.incr("LIMITER/ludolog/a/1/second", 1) for _ in range(3)] == [1, 2, 3]
    safe.incr("LIMITER/ludolog/b/1/minute", 60)
    clock[0] += 2  # a's window is over; b's is not; a sweep is due
    assert safe.incr("LIMITER/ludolog/c/1/second", 1) == 1  # this request sweeps
    assert "LIMITER/ludolog/a/1/second" not in safe.storage  # freed without being read again
    assert safe.storage["LIMITER/ludolog/b/1/minute"] == 1
    assert safe.incr("LIMITER/ludolog/a/1/second", 1) == 1  # a new window


def test_a_request_that_finds_a_sweep_under_way_goes_on(monkeypatch):
    safe = ThreadSafeMemory()
    safe._sweeping.acquire()  # another thread sweeps
    try:
        monkeypatch.setattr(ThreadSafeMemory, "_MemoryStorage__expire_events", lambda self: pytest.fail("swept twice at once"))
        assert safe.incr("LIMITER/ludolog/d/1/second", 1) == 1
    finally:
        safe._sweeping.release()
