"""Squad Combat's sides, for balance studies: each seat plays a squad (three characters and their deck).

The ``squads`` option gives each seat's squad, seat 1 first; null deals the card set's first two squads
in turn by seat. A study moves them round the table (``rotate_sides``), so every squad plays from every
seat and a squad's edge is told from a seat's. ``SquadSides`` is mixed into ``SquadCombat``.
"""

from __future__ import annotations

from typing import Any

from domain.games.squad_combat.cards import demo_set_data
from domain.games.squad_combat.state import State


class SquadSides:
    """The ruleset contract's ``sides`` and ``rotate_sides`` for Squad Combat."""

    def sides(self, state: State) -> dict[int, str]:
        """Each seat's squad: ``{1: "the red squad", 2: "the blue squad"}``."""
        return {seat: f"the {squad} squad" for seat, squad in enumerate(state.options["squads"], 1)}

    def rotate_sides(self, options: dict[str, Any], seat_count: int, rotation: int) -> dict[str, Any]:
        """The options with the squads moved ``rotation`` seats on: seat ``s`` plays the squad seat ``s - rotation`` had."""
        squads = options.get("squads")
        if squads is None:  # as a new game deals them: the set's first two squads, in turn by seat
            names = list((options.get("card_set") or demo_set_data())["squads"])[:2]
            squads = [names[(seat - 1) % len(names)] for seat in range(1, seat_count + 1)]
        shift = rotation % seat_count
        return {**options, "squads": list(squads[-shift:] + squads[:-shift]) if shift else list(squads)}
