"""A Squad Combat menu names characters rather than numbering them: a bare number could be a seat, a
character or a place, so each command offered says who performs it and whom it aims at."""

from __future__ import annotations

from domain.engine import registry
from domain.engine.randomness import Rng

RULES = registry.get("squad-combat")


def state_in_an_action_phase():
    state = RULES.new_state(2, RULES.resolve_options({}))
    for fact in RULES.setup(state, Rng("labels", "setup")):
        state = RULES.evolve(state, fact)
    return state


def test_a_menu_names_the_performer_and_the_target_by_name_and_seat():
    state = state_in_an_action_phase()
    seat = RULES.to_act(state)[0]
    plays = [c for c in RULES.legal_commands(state, seat) if c["type"] == "play" and c.get("target")]
    assert plays
    for command in plays:
        label = RULES.label_command(state, seat, command)
        performer = state.stats([seat, command["performer"]]).name
        aimed = state.stats(command["target"]).name
        whose = "your" if command["target"][0] == seat else f"seat {command['target'][0]}'s"
        raised = "".join(f", then a {face} to {face + 1}" for face in command.get("power_up", []))
        raised = ", raising" + raised.removeprefix(", then") if raised else ""
        assert label.endswith(f" by {performer} at {whose} {aimed}{raised}"), label
        assert "character" not in label and "." not in label


def test_a_refresh_names_its_character():
    state = state_in_an_action_phase()
    seat = RULES.to_act(state)[0]
    assert RULES.label_command(state, seat, {"type": "refresh", "character": 2}) == f"refresh {state.stats([seat, 2]).name}"

