"""Earlier versions of the Location CCG's rules, kept so that games recorded under them go on, replay
and audit as they were played.

Rules v1 ended the pairing as soon as the side whose turn it was to challenge had no character left out
of combat, so a lone defending Giant X opposed one challenger, not X (ruling 21 as v2 applies it), and
offered and accepted a play that changed nothing (ruling 39: the option ``no_effect_plays: allowed``, which
v1 always plays). Everything else is as in the current rules.
"""

from __future__ import annotations

from typing import Any

from domain.games.location_ccg.play import Play
from domain.games.location_ccg.rules import LocationCCG
from domain.games.location_ccg.state import State


class PlayV1(Play):
    """A decision under rules v1."""

    giants_oppose_again = False


class LocationCCGV1(LocationCCG):
    """Rules v1: a Giant's side that has no character out of combat ends the pairing; a play that changes
    nothing is offered and accepted."""

    version = 1
    play_class = PlayV1

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        state = super().new_state(seat_count, options)
        state.options = {**state.options, "no_effect_plays": "allowed"}
        return state
