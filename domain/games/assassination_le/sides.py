"""The Assassination Game Le's sides, for balance studies: the first victim and the assassins, dealt by
the dice of setup.

Every seat rolls (again on a tie) and the highest becomes the first victim, in the Safe House; the
others are assassins starting in the corners, in seat order. The dice deal these sides afresh in every
game, so seat and side are never tied together and a study has nothing to rotate: the default
``rotate_sides`` (none) stands. A side is the one dealt at setup (the victim's role passes on in play,
and the last victim wins). This is ``AssassinationLe``'s method, imported into its class.
"""

from __future__ import annotations

from domain.games.assassination_le.state import State
from domain.ruleset import Ruleset


def sides(self: Ruleset, state: State) -> dict[int, str]:
    """``{2: "the first victim", 1: "the assassin from a1", 3: "the assassin from e5"}``."""
    return {seat: "the first victim" if seat == state.victim else f"the assassin from {state.squares[seat - 1]}"
            for seat in range(1, state.seat_count + 1)} if state.victim else {}
