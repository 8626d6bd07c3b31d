"""Search bots think in worker processes, not in the server's.

A search bot thinks for up to ``LUDOLOG_BOT_LIMIT_MS`` of pure Python. In the server's own process
that holds the interpreter lock for all of it, and every other request (a bystander's read of a game,
a command) waits for its turn at the lock: with eight clients looping on bot hints, a read took
hundreds of milliseconds. So the API hands a search to a pool of worker processes
(``LUDOLOG_BOT_PROCESSES``, by default one per processor; ``0`` thinks in the server's process): the
bot, the rules and the state travel there and the command and the thought come back; the bot's
choices are the same (they follow its seed, the game's version and its budget). Random and greedy bots
choose in microseconds and stay in the process. A worker process that dies is replaced, and the bot
then thinks in the server's process for that request. A game's review (``elsewhere``) runs there too.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from domain.thinking.bots import GreedyBot, RandomBot

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def default_processes() -> int:
    return os.cpu_count() or 1


class Elsewhere:
    """A bot whose ``choose`` runs in a worker process; its thought (simulations, time) is copied
    back onto it, so ``domain.thinking.bots.thought_of`` reads it as usual."""

    def __init__(self, bot: Any, processes: int) -> None:
        self.bot, self.processes = bot, processes

    def choose(self, rules: Any, state: Any, seat: int, version: int) -> Any:
        try:
            command, last = _pool_of(self.processes).submit(_choose, self.bot, rules, state, seat, version).result()
        except BrokenProcessPool:
            _forget_pool()
            return self.bot.choose(rules, state, seat, version)
        self.bot.last = last
        return command


def thinking(bot: Any, processes: int) -> Any:
    """The bot to play or suggest with: a search bot (ludolog's or OpenSpiel's) thinks elsewhere, any other here."""
    return Elsewhere(bot, processes) if not isinstance(bot, (RandomBot, GreedyBot)) and processes > 0 else bot


def elsewhere(function: Any, processes: int, *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)`` in a worker process (here when ``processes`` is 0, or when the
    worker died): a game's review thinks there, as a search bot does."""
    if processes <= 0:
        return function(*args, **kwargs)
    try:
        return _pool_of(processes).submit(function, *args, **kwargs).result()
    except BrokenProcessPool:
        _forget_pool()
        return function(*args, **kwargs)


def _choose(bot: Any, rules: Any, state: Any, seat: int, version: int) -> tuple[Any, Any]:
    """In a worker process: the command and the thought that chose it."""
    command = bot.choose(rules, state, seat, version)
    return command, getattr(bot, "last", None)


def _pool_of(processes: int) -> ProcessPoolExecutor:
    """The process's one pool (started on first use, with fresh interpreters: never a fork of a
    server that runs threads), closed when the process exits (``close_pool``)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"))
            atexit.register(close_pool)
        return _pool


def close_pool() -> None:
    """Stop the pool's worker processes and wait for them (at exit; a new pool starts on next use), so that
    a process that ends, however it ends, leaves no worker behind."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def _forget_pool() -> None:
    global _pool
    with _pool_lock:
        broken, _pool = _pool, None
    if broken is not None:
        broken.shutdown(wait=False, cancel_futures=True)
