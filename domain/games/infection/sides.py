"""Infection's sides, for balance studies: Blue and Red, fixed to the seats.

Seat 1 is always Blue, whose villager Blue 1 takes the first turn, and seat 2 Red, with the villages at
either end of the board. No option moves the colours to other seats, so a seat's edge is its colour's
and a study says so instead of rotating them: the default ``rotate_sides`` (none) stands.
``InfectionSides`` is mixed into ``Infection``.
"""

from __future__ import annotations

from domain.games.infection.board import COLOURS
from domain.games.infection.state import State


class InfectionSides:
    """The ruleset contract's ``sides`` for Infection."""

    def sides(self, state: State) -> dict[int, str]:
        """``{1: "Blue (plays first)", 2: "Red"}``."""
        return {seat: COLOURS[seat].capitalize() + (" (plays first)" if seat == 1 else "") for seat in (1, 2)}
