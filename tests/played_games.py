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


def steady_game(service: Any, seats: list[str], rounds: int, seed: str) -> Any:
    """A long Project Assassination game as the benchmarks play it: end the turn, or place the drawn enemy on
    the first square allowed, until the round limit ends it (about four events a round); saved in ``service``."""
    from domain.engine import registry
    from domain.engine.game import Game

    rules = registry.get("project-assassination")
    game = Game.start(rules, seats, rules.resolve_options({"round_limit": rounds}), seed)
    while game.outcome() is None:
        seat = game.to_act()[0]
        command = game.rules.legal_commands(game.state, seat)[0] if game.state.phase == "placement" else {"type": "end"}
        game.play(seat, command, f"c{game.version}")
    service.save(game)
    return game.id
