"""Every ruleset and every shipped kit with rules is an OpenSpiel game (``domain.thinking.spiel``): OpenSpiel's
own consistency test passes on each; the same command is the same action in every process; a command's
dice are chance nodes with the rules' odds; information states have perfect recall and hold no other
seat's secret (CFR solves the Kuhn poker kit with them); a resampled state keeps its player's information
state; the returns follow the outcome."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pyspiel  # open-spiel, in the test extras
import pytest
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability

from domain.engine import registry
from domain.engine.facts import Outcome
from domain.games.table_kit.rules import shipped_kit
from domain.thinking import spiel
from domain.thinking.spiel.actions import DENSE_LIMIT, ActionNumbering, canonical
from domain.thinking.spiel.game import returns_of
from tests.documentation import page

OPENSPIEL_PAGE = "how-to/openspiel.md"
"""The guide's page whose examples use these games from OpenSpiel."""
SHORT = {"correction": {"turn_limit": 40}, "infection": {"round_limit": 12}, "location-ccg": {"turn_limit": 6},
         "squad-combat": {}, "missions": {}, "assassination-le": {}, "project-assassination": {}}
"""Options that keep a random game short where a ruleset has a limit."""


def games() -> list[tuple[str, dict]]:
    rulesets = [(rules.name, SHORT.get(rules.name, {})) for rules in registry.all_rulesets() if rules.name != "table-kit"]
    return rulesets + [(f"kit:{kit}", {}) for kit in spiel.kits_with_rules()]


@pytest.mark.parametrize(("name", "options"), games(), ids=[name for name, _ in games()])
def test_every_game_passes_openspiels_own_random_simulation_test(name, options):
    game = spiel.load(name, options=options)
    dense = game.num_distinct_actions() <= DENSE_LIMIT  # a mask as long as 2^31 actions is not built
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=dense)


def test_any_kit_with_rules_loads_through_the_table_kits_game_with_the_kit_in_its_options():
    game = pyspiel.load_game("ludolog_table_kit", {"players": 2, "options": spiel.options_text({"kit": shipped_kit("pig")})})
    assert game.num_players() == 2 and game.num_distinct_actions() == 2
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=True)


def test_a_table_the_game_cannot_seat_is_refused_with_the_reason():
    with pytest.raises(pyspiel.SpielError, match="Correction seats 2 to 2 players, not 5"):
        spiel.load("correction", 5)
    with pytest.raises(pyspiel.SpielError, match="options: a JSON object"):
        pyspiel.load_game("ludolog_correction", {"options": "[1]"})


def test_the_kits_and_the_rulesets_whose_fields_are_few_are_numbered_densely():
    sizes = {name: spiel.load(name).num_distinct_actions() for name in ("correction", "kit:kuhn-poker", "kit:tic-tac-toe")}
    assert sizes == {"correction": 3 * 36 + 36 * 36 + 3, "kit:kuhn-poker": 2, "kit:tic-tac-toe": 9}


def positions(name: str, count: int = 60) -> list[pyspiel.State]:
    """The player nodes of one seeded random game, at most ``count``."""
    state, found = spiel.load(name, options=dict(games())[name]).new_initial_state(), []
    chooser = random.Random(name)
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(chooser.choice([action for action, _ in state.chance_outcomes()]))
            continue
        found.append(state.clone())
        state.apply_action(chooser.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("name", ["correction", "location-ccg", "kit:connect-four"])
def test_the_same_command_is_the_same_action_in_another_process(name):
    found = [(state.table.options, command, action) for state in positions(name, 20) for action, command in state.legal().items()]
    script = ("import json, sys\n"
              "from domain.engine import registry\n"
              "from domain.thinking.spiel import numbering_of\n"
              f"rules = registry.get({'table-kit' if name.startswith('kit:') else name!r})\n"
              "print(json.dumps([numbering_of(rules, options).number(command) for options, command in json.load(sys.stdin)]))")
    there = subprocess.run([sys.executable, "-c", script], input=json.dumps([[options, command] for options, command, _ in found]),
                           capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "12345"}).stdout
    assert json.loads(there) == [action for _, _, action in found]


@pytest.mark.parametrize("name", ["correction", "infection", "missions", "project-assassination", "kit:liars-dice"])
def test_a_dense_action_names_its_command_back(name):
    rules = registry.get("table-kit" if name.startswith("kit:") else name)
    game = spiel.load(name)
    numbering = ActionNumbering(rules.action_shapes(game.new_initial_state().table.options))
    assert numbering.dense
    for state in positions(name, 30):
        for action, command in state.legal().items():
            assert numbering.number(command) == action
            assert numbering.command(action) == command


def test_a_commands_die_is_a_chance_node_with_the_rules_odds():
    state = spiel.load("kit:pig").new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    roll = next(action for action, command in state.legal().items() if command["action"] == "roll")
    state.apply_action(roll)
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(face, pytest.approx(1 / 6)) for face in range(6)]
    state.apply_action(3)  # the fourth face: a 4
    assert state.at.state.counters["turn_total"] == 4


def dealt(first: int, second: int) -> pyspiel.State:
    """Kuhn poker dealt by chance outcomes: the first card to seat 1, then one of the two left to seat 2."""
    state = spiel.load("kit:kuhn-poker").new_initial_state()
    state.apply_action(first)
    state.apply_action(second)
    assert not state.is_chance_node()
    return state


def test_an_information_state_holds_no_other_seats_secret():
    jack_then_king, queen_then_king = dealt(0, 1), dealt(1, 1)  # seat 2 holds the King both times
    hands = [state.at.state.zones["hand:2"]["cards"] for state in (jack_then_king, queen_then_king)]
    assert hands[0] == hands[1]
    assert jack_then_king.information_state_string(1) == queen_then_king.information_state_string(1)
    assert jack_then_king.information_state_string(0) != queen_then_king.information_state_string(0)


def test_an_information_state_recalls_the_way_as_well_as_the_position():
    state = dealt(0, 0)
    actions = {command["action"]: action for action, command in state.legal().items()}
    bet_then_pass, pass_then_bet = state.clone(), state.clone()
    bet_then_pass.apply_action(actions["bet"])
    pass_then_bet.apply_action(actions["pass"])
    assert bet_then_pass.information_state_string(0) != pass_then_bet.information_state_string(0)
    assert bet_then_pass.information_state_string(1) != pass_then_bet.information_state_string(1)


def test_cfr_solves_the_kuhn_poker_kit_through_its_information_states():
    game = spiel.load("kit:kuhn-poker")
    solver = cfr.CFRSolver(game)
    first = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(40):
        solver.evaluate_and_update_policy()
    assert first > 0.5
    assert exploitability.nash_conv(game, solver.average_policy()) < 0.05


@pytest.mark.parametrize("name", ["location-ccg", "squad-combat", "kit:liars-dice"])
def test_a_resampled_state_keeps_its_players_information_state_and_choices(name):
    numbers = random.Random(7)
    for state in positions(name, 12):
        player = state.current_player()
        sample = state.resample_from_infostate(player, numbers.random)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.observation_string(player) == state.observation_string(player)
        assert sample.legal_actions() == state.legal_actions()


def test_the_winners_gain_one_and_the_others_lose_one_and_a_limit_is_nobodys_win():
    rules = registry.get("correction")

    class Ended:
        def __init__(self, outcome):
            self.outcome = lambda state: outcome
    assert returns_of(Ended(Outcome([2], "won")), None, 2) == [-1.0, 1.0]
    assert returns_of(Ended(Outcome([2], "led at the limit", at_limit=True)), None, 2) == [0.0, 0.0]
    assert returns_of(Ended(Outcome([], "a draw")), None, 2) == [0.0, 0.0]
    assert returns_of(Ended(Outcome([1, 3], "won together")), None, 3) == [1.0, -1.0, 1.0]
    assert returns_of(rules, rules.new_state(2, rules.resolve_options({})), 2) == [0.0, 0.0]


def test_the_guides_openspiel_example_runs_as_printed(capsys):
    how_to = page(OPENSPIEL_PAGE)
    code = next(code for code in (block.split("```", 1)[0] for block in how_to.split("```python\n")[1:]) if "CFRSolver" in code)
    exec(compile(code, OPENSPIEL_PAGE, "exec"), {})
    printed = capsys.readouterr().out.strip()
    assert printed == code.rsplit("# ", 1)[1].split(",", 1)[0]  # the figure the page prints


def test_returns_are_the_scores_less_their_mean_where_the_ending_gives_them():
    class Ended:
        def __init__(self, outcome):
            self.outcome = lambda state: outcome
    assert returns_of(Ended(Outcome([1], "the bettor takes the pot", scores=[2, -2])), None, 2) == [2.0, -2.0]
    assert returns_of(Ended(Outcome([1], "more boxes", scores=[5, 3])), None, 2) == [1.0, -1.0]  # a game of two stays zero-sum
    assert returns_of(Ended(Outcome([1], "most points", scores=[6, 3, 0])), None, 3) == [3.0, 0.0, -3.0]
    assert spiel.load("kit:kuhn-poker").max_utility() >= 2  # the chips a seat can win


def test_cfr_on_the_kuhn_poker_kit_reaches_kuhn_pokers_value_as_openspiels_own_game_does():
    values = []
    for game in (spiel.load("kit:kuhn-poker"), pyspiel.load_game("kuhn_poker")):
        solver = cfr.CFRSolver(game)
        for _ in range(25):
            solver.evaluate_and_update_policy()
        values.append(expected_game_score.policy_value(game.new_initial_state(), [solver.average_policy()] * 2)[0])
    assert abs(values[0] - (-1 / 18)) < 0.005  # the game's value for the first player
    assert values[0] == pytest.approx(values[1], abs=1e-9)  # the same game, iteration for iteration
