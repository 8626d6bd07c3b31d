"""Observation tensors of the ludolog games that draw a board (``domain.thinking.spiel.tensor``): OpenSpiel's own
consistency test passes with them; a game's tensor has one shape in every state of random games; it shows the
board as the seat's picture draws it (its pieces by owner, its empty spaces, its counters); it holds nothing a
seat cannot see (a state resampled from the seat's information gives it the same tensor, and a seat whose view
holds nothing of the game sees the same tensor all game); the games without a board keep strings only."""

from __future__ import annotations

import random

import numpy as np
import pyspiel  # open-spiel, in the test extras
import pytest
from open_spiel.python.observation import make_observation

from domain.engine import registry
from domain.games.table_kit.rules import shipped_kit
from domain.thinking import spiel
from domain.thinking.spiel.tensor import number_in
from tests.documentation import page

OPENSPIEL_PAGE = "how-to/openspiel.md"
"""The guide's page whose examples use these games from OpenSpiel."""
SHORT = {"correction": {"turn_limit": 40}, "infection": {"round_limit": 12}}
"""Options that keep a random game short where a ruleset has a limit."""


def all_games() -> list[str]:
    return [rules.name for rules in registry.all_rulesets() if rules.name != "table-kit"] + [f"kit:{kit}" for kit in spiel.kits_with_rules()]


def load(name: str) -> pyspiel.Game:
    return spiel.load(name, options=SHORT.get(name, {}))


def with_tensors() -> list[str]:
    return [name for name in all_games() if load(name).get_type().provides_observation_tensor]


def positions(game: pyspiel.Game, seed: int, steps: int) -> list[pyspiel.State]:
    """The player nodes of a seeded random game, its first ``steps`` commands, and where it ended if it did."""
    state, found, chooser = game.new_initial_state(), [], random.Random(seed)
    while len(found) < steps:
        if state.is_chance_node():
            state.apply_action(chooser.choice([action for action, _ in state.chance_outcomes()]))
            continue
        found.append(state.clone())
        if state.is_terminal():
            break
        state.apply_action(chooser.choice(state.legal_actions()))
    return found


def tensor(state: pyspiel.State, player: int) -> np.ndarray:
    return np.array(state.observation_tensor(player), np.float32).reshape(state.get_game().observation_tensor_shape())


def pictures_draw_spaces(name: str) -> bool:
    """Whether a seat's picture of a game under way (a few random commands in) draws spaces."""
    state = positions(load(name), 3, 4)[-1]
    rules = state.table.rules
    picture = rules.picture(rules.view(state.at.state, 1), state.table.seats)
    return any(item["kind"] == "space" for item in picture["items"])


def test_the_games_that_draw_a_board_give_tensors_and_the_others_strings_only():
    offered = {name: load(name).get_type().provides_observation_tensor for name in all_games()}
    assert {name for name, given in offered.items() if given} >= {"correction", "missions", "kit:tic-tac-toe", "kit:connect-four"}
    assert {name for name, given in offered.items() if not given} >= {"location-ccg", "squad-combat", "kit:kuhn-poker", "kit:pig"}
    assert offered == {name: pictures_draw_spaces(name) for name in all_games()}
    any_kit = pyspiel.load_game("ludolog_table_kit", {"players": 2, "options": spiel.options_text({"kit": shipped_kit("tic-tac-toe")})})
    assert not any_kit.get_type().provides_observation_tensor  # which kit it plays is known only once loaded
    pig = load("kit:pig")
    assert pig.observation_tensor_size() == 0 and pig.new_initial_state().observation_tensor(0) == []


@pytest.mark.parametrize("name", ["kit:tic-tac-toe", "kit:connect-four", "correction"])
def test_openspiels_random_simulation_test_passes_with_the_tensors(name):
    game = load(name)
    assert game.get_type().provides_observation_tensor
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False, mask_test=True)


@pytest.mark.parametrize("name", with_tensors())
def test_a_games_tensor_has_one_shape_in_every_state_and_is_the_same_when_asked_again(name):
    game = load(name)
    shape = game.observation_tensor_shape()
    assert len(shape) == 3 and game.observation_tensor_size() == np.prod(shape) > 0
    observer = make_observation(game)
    seen = set()
    for seed in (1, 2):
        for state in positions(game, seed, 6):
            for player in range(game.num_players()):
                values = tensor(state, player)
                assert values.shape == tuple(shape) and np.isfinite(values).all()
                assert np.array_equal(values, tensor(state.clone(), player))
                observer.set_from(state, player)
                assert np.array_equal(observer.tensor.reshape(shape), values)
                seen.add(values.tobytes())
    assert len(seen) > 1  # the tensor follows the game


def test_a_tic_tac_toe_mark_is_its_seats_piece_on_its_square():
    game = load("kit:tic-tac-toe")
    state = game.new_initial_state()
    layout = state.table.layout
    planes = {name: index for index, name in enumerate(layout.planes)}
    assert game.observation_tensor_shape() == list(layout.shape)
    assert {cell for name, cell in layout.cells.items() if name != "off"} == {(row, column) for row in (1, 2, 3) for column in (0, 1, 2)}
    centre = next(action for action, command in state.legal().items() if command["to"] == "b2")
    state.apply_action(centre)
    for player in (0, 1):  # the board is the same for both
        board = tensor(state, player)
        row, column = layout.cells["b2"]
        assert board[planes["seat 1"], row, column] == 1 and board[planes["seat 2"], row, column] == 0
        assert board[planes["empty"], row, column] == 0
        squares = [cell for name, cell in layout.cells.items() if name not in ("b2", "off")]
        assert all(board[planes["empty"], r, c] == 1 and board[planes["seat 1"], r, c] == 0 for r, c in squares)
        assert board[planes["space"]].sum() == len(layout.cells)
        off_row, off_column = layout.cells["off"]
        assert board[planes["seat 1"], off_row, off_column] == 4 and board[planes["seat 2"], off_row, off_column] == 4


def test_a_counter_is_two_planes_its_value_and_whether_it_is_a_number():
    state = positions(load("correction"), 5, 12)[-1]
    layout, rules = state.table.layout, state.table.rules
    picture = rules.picture(rules.view(state.at.state, 1), state.table.seats)
    shown = {item["id"]: item["value"] for item in picture["items"] if item["kind"] == "counter"}
    board = tensor(state, 0)
    assert layout.counters and set(layout.counters) <= set(shown)
    for counter in layout.counters:
        index = layout.planes.index(f"counter {counter}")
        assert (board[index] == shown[counter]).all() and (board[index + 1] == 1).all()
    assert (number_in(3), number_in("$10,000"), number_in("-2"), number_in("ace"), number_in("-"), number_in(True)) == (
        3.0, 10000.0, -2.0, None, None, None)


def test_a_state_resampled_from_a_seats_information_gives_it_the_same_tensor():
    """A Project Assassination game set up under rules v1, its decks in a secret order: a resample deals them
    afresh, and each seat's tensor is the same in both."""
    rules = registry.get("project-assassination")
    state = positions(load("project-assassination"), 4, 6)[-1].at.state.copy()
    state.ordered = True
    for deck in (state.item_deck, state.collectible_deck, state.enemy_deck):
        random.Random(4).shuffle(deck)
    numbers, differed = random.Random(11), 0
    for seat in range(1, rules.seat_count(state) + 1):
        at = spiel.game_at(rules, state)
        for _ in range(3):
            sample = at.resample_from_infostate(seat - 1, numbers.random)
            differed += sample.at.state.item_deck != state.item_deck
            assert np.array_equal(tensor(sample, seat - 1), tensor(at, seat - 1))
    assert differed  # the samples did differ in what no seat can see


class Blindfolded:
    """A ruleset whose seat ``blind`` is shown the game as it stood before its setup, whatever happens."""

    def __init__(self, rules, seats: int, blind: int) -> None:
        self.rules, self.blind = rules, blind
        self.start = rules.new_state(seats, rules.resolve_options({}))

    def __getattr__(self, name):
        return getattr(self.rules, name)

    def view(self, state, seat):
        return self.rules.view(self.start if seat == self.blind else state, seat)


def test_a_tensor_holds_only_what_its_seats_view_holds():
    rules = registry.get("correction")
    start = positions(load("correction"), 6, 1)[0]
    state, chooser = spiel.game_at(Blindfolded(rules, 2, blind=2), start.at.state), random.Random(6)
    blind, seeing = {tensor(state, 1).tobytes()}, {tensor(state, 0).tobytes()}
    for _ in range(10):
        while state.is_chance_node():
            state.apply_action(chooser.choice([action for action, _ in state.chance_outcomes()]))
        if state.is_terminal():
            break
        state.apply_action(chooser.choice(state.legal_actions()))
        blind.add(tensor(state, 1).tobytes())
        seeing.add(tensor(state, 0).tobytes())
    assert len(blind) == 1 and len(seeing) > 2


def test_the_guides_tensor_example_runs_as_printed(capsys):
    how_to = page(OPENSPIEL_PAGE)
    code = next(code for code in (block.split("```", 1)[0] for block in how_to.split("```python\n")[1:]) if "observation_tensor" in code)
    exec(compile(code, OPENSPIEL_PAGE, "exec"), {})
    printed = capsys.readouterr().out.strip().splitlines()
    expected = [line.rsplit("# ", 1)[1].split(":", 1)[0].strip() for line in code.splitlines() if "print(" in line]
    assert printed == expected
