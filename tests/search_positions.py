"""Positions the search bot's tests think from, the same game on every run (a fixed salt)."""

from __future__ import annotations

from typing import Any

from domain.engine import registry
from domain.engine.game import Game
from domain.thinking.greedy import GreedyBot


def correction_position() -> tuple[Any, Any, int, int]:
    """A Correction game past its even opening (every first move scores alike), its seat to act with a choice:
    the rules, the state, the seat and the game's version."""
    rules = registry.get("correction")
    game = Game.start(rules, ["A", "B"], rules.resolve_options({}), "5", salt="5eed" * 8)
    while game.version < 12 or len(rules.legal_commands(game.state, game.to_act()[0])) < 2:
        seat = game.to_act()[0]
        game.play(seat, GreedyBot("g").choose(rules, game.state, seat, game.version), f"c{game.version}")
    return rules, game.state, game.to_act()[0], game.version
