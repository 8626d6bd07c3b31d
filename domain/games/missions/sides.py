"""Missions' sides, for balance studies: each seat's start space, fixed by seat order.

Seat 1 starts on the board's first start space, seat 2 on the next, and so on (``board.start_spaces``);
who rolls first is drawn at setup. No option moves the seats to other start spaces (a ``layout``
draws a new board), so a seat's edge is its start space's and a study says so instead of rotating
them: the default ``rotate_sides`` (none) stands. ``MissionsSides`` is mixed into ``Missions``.
"""

from __future__ import annotations

from domain.games.missions.board import start_spaces
from domain.games.missions.state import State


class MissionsSides:
    """The ruleset contract's ``sides`` for Missions."""

    def sides(self, state: State) -> dict[int, str]:
        """``{1: "start space 0", 2: "start space 7", 3: "start space 14"}`` on the default board."""
        return {seat: f"start space {space}" for seat, space in enumerate(start_spaces(state.spaces, state.seat_count), 1)}
