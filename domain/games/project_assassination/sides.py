"""Project Assassination's sides, for balance studies: Player 1 and Player 2, as the coin of setup deals them.

Seat 1 calls heads and the coin makes its winner Player 1, who plays first from Player 1's spawn
(rank 1's side of the board). The coin deals these sides afresh in every game, so seat and side are
never tied together and a study has nothing to rotate: the default ``rotate_sides`` (none) stands.
``ProjectAssassinationSides`` is mixed into ``ProjectAssassination``.
"""

from __future__ import annotations

from domain.games.project_assassination.state import State


class ProjectAssassinationSides:
    """The ruleset contract's ``sides`` for Project Assassination."""

    def sides(self, state: State) -> dict[int, str]:
        """Each seat's player number: ``{2: "Player 1 (plays first)", 1: "Player 2"}`` when the coin made seat 2 go first."""
        numbers = {seat: number for number, seat in enumerate(state.order, 1)}
        return {seat: "Player 1 (plays first)" if numbers[seat] == 1 else f"Player {numbers[seat]}" for seat in sorted(numbers)}
