"""The games this process has seen played by rules their creator wrote (a kit's conditions and steps).

What such a game's requests cost follows the kit's expressions, not the ruleset's code, so none of them runs
in the connection's greenlet (``api.serving``'s quick requests), where the process's event streams would wait
for it. ``api.games`` marks a game as it reads its legal commands (a playing client reads them before each
command); ``api.serving`` asks before running a request in the greenlet.
"""

from __future__ import annotations

import threading

MOST_WRITTEN_RULES = 10_000
"""The most games ``written_rules`` remembers (the least recently marked forgotten first)."""


class WrittenRules:
    """The games this process has seen played by rules their creator wrote (a kit's conditions and steps):
    what their requests cost follows the kit's expressions, so none of them runs in the connection's greenlet,
    where the process's streams would wait for it (``api.games`` marks a game as it reads its legal commands)."""

    def __init__(self, most: int = MOST_WRITTEN_RULES) -> None:
        self._games: dict[str, None] = {}
        self._lock = threading.Lock()
        self._most = most

    def mark(self, game_id: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)
            self._games[game_id] = None
            while len(self._games) > self._most:
                del self._games[next(iter(self._games))]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games


written_rules = WrittenRules()
