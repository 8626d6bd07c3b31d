"""OpenSpiel's own implementation of a shipped kit's game, and how fast its random games play, for ``kit_rules.py``.

A kit has a counterpart when OpenSpiel plays the same game at the kit's defaults: the kits the tests match step by
step against OpenSpiel (``tests/domain/games/test_kit_openspiel_*.py``; the guide's ``kits-matched.md``). Each
counterpart's parameters are read from the kit where the kit sets them (a board's rows and columns, a die's faces,
Pig's target and turn limit, the seats), so a kit changed to another size is measured against the same size.
Rock, paper, scissors has none (first to three rounds; OpenSpiel's ``matrix_rps`` is one round), nor have the
kits matched against this project's rulesets (Missions, The Assassination Game Le) or against their rule text.

The rate is OpenSpiel's random commands per CPU-second driven from Python as the kits' are: whole games from a
new initial state to their end, a seeded ``random.Random`` picking a legal action at a player's node and
sampling a chance node's outcome by its probabilities; a command is a player's action (chance outcomes are
part of what it costs, as a kit's dice and deals are part of its commands').
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pyspiel


def _grid(kit: dict[str, Any]) -> dict[str, int]:
    (board,) = [space for space in kit["spaces"] if space["kind"] == "grid"]
    return {"rows": board["rows"], "columns": board["columns"]}


def _faces(kit: dict[str, Any], die: str) -> int:
    (found,) = [entry for entry in kit["dice"] if entry["name"] == die]
    return len(found["faces"])


def _default(kit: dict[str, Any], parameter: str) -> Any:
    return kit["parameters"][parameter]["default"]


COUNTERPARTS: dict[str, Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]] = {
    "tic-tac-toe": lambda kit: ("tic_tac_toe", {}),
    "connect-four": lambda kit: ("connect_four", _grid(kit)),
    "breakthrough": lambda kit: ("breakthrough", _grid(kit)),
    "kuhn-poker": lambda kit: ("kuhn_poker", {"players": kit["seats"]["fewest"]}),
    "liars-dice": lambda kit: ("liars_dice", {"players": kit["seats"]["fewest"], "numdice": 1,  # the kit's cup: one die each
                                              "dice_sides": _faces(kit, "cup")}),
    "pig": lambda kit: ("pig", {"players": kit["seats"]["fewest"], "winscore": _default(kit, "target"),
                                "horizon": _default(kit, "turns"), "diceoutcomes": _faces(kit, "die")}),
}
"""A shipped kit's name → its OpenSpiel game's name and parameters, from the kit document."""


def counterpart(name: str, kit: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The OpenSpiel game (its name and parameters) that plays the kit's game, or ``None`` for a kit without one."""
    made = COUNTERPARTS.get(name)
    return made(kit) if made else None


def described(game: tuple[str, dict[str, Any]]) -> str:
    """``connect_four(columns=7,rows=6)``: the game as OpenSpiel names it with its parameters."""
    name, parameters = game
    return f"{name}({','.join(f'{key}={value}' for key, value in sorted(parameters.items()))})" if parameters else name


def loaded(game: tuple[str, dict[str, Any]]) -> Any:
    name, parameters = game
    return pyspiel.load_game(name, parameters)


def random_game_commands(game: Any, seed: int) -> int:
    """One seeded random game of OpenSpiel's played to its end; the players' actions it took."""
    source = random.Random(f"bench-{seed}")
    state, commands = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(source.choices(outcomes, chances)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[source.randrange(len(legal))])
            commands += 1
    return commands


def openspiel_rate(game: Any, seconds: float) -> float:
    """``openspiel_games``' commands per CPU-second."""
    return openspiel_games(game, seconds)[0]


def openspiel_games(game: Any, seconds: float) -> tuple[float, int, int]:
    """OpenSpiel's random commands per CPU-second over whole seeded games played for at least ``seconds``, with
    the games and commands played."""
    from benchmarks.bots_report import timed_games  # noqa: PLC0415 (the package path kit_rules.py sets)

    return timed_games(lambda seed: random_game_commands(game, seed), seconds)
