"""Games a module's tests share: played once on a store the module shares (``module_store_service``),
then read by every test that only reads them (a diary, a page, an export)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def played_once(service: Any, key: object, play: Callable[[], Any]) -> Any:
    """What ``play()`` returned the first time it was asked for ``key`` on this service (a game's id, most
    often): a module's tests that read the same finished game share it."""
    memo = service.__dict__.setdefault("played", {})
    if key not in memo:
        memo[key] = play()
    return memo[key]
