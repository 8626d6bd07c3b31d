"""The Assassination Game Le's sides, for balance studies: the first victim and the assassins, dealt by
the dice of setup.

Every seat rolls (again on a tie) and the highest becomes the first victim, in the Safe House; the
others are assassins starting in the corners, in seat order. The dice deal these sides afresh in every
game, so seat and side are never tied together and a study has nothing to rotate: the default
``rotate_sides`` (none) stands. A side is the one dealt at setup (the victim's role passes on in play,
and the last victim wins). ``AssassinationLeSides`` is mixed into ``AssassinationLe``.
"""

from __future__ import annotations

from domain.games.assassination_le.state import State


class AssassinationLeSides:
    """The ruleset contract's ``sides`` for The Assassination Game Le."""

    def sides(self, state: State) -> dict[int, str]:
        """``{2: "the first victim", 1: "the assassin from a1", 3: "the assassin from e5"}``."""
        return {seat: "the first victim" if seat == state.victim else f"the assassin from {state.squares[seat - 1]}"
                for seat in range(1, state.seat_count + 1)} if state.victim else {}
