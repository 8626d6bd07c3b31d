"""The fitted value of ``tests/benchmarks/fitted_value.py``: its fit finds the weights a known logit drew its
winners from, its features are what it says, and the best responses built on it score by it, not by
``evaluate``. How well it plays is not checked here: the benchmark says."""

from __future__ import annotations

import math

import numpy as np
import pytest

import fitted_value
from benchmarks_tables import printed
from fitted_value import Fitted, FittedLook, FittedRoundExpectimax, features, fit_positions, greedy_positions, log_loss
from greedy_ceiling import METHODS
from greedy_expectimax import ExactLook
from test_greedy_ceiling_benchmark import first_choice_of_four_missions_seats

from domain.engine import registry


def test_the_fit_finds_the_weights_a_known_logit_drew_its_winners_from():
    source = np.random.default_rng(7)
    truth = np.array([1.5, -0.8])
    tables = [source.normal(size=(4, 2)) for _ in range(6000)]
    winners = []
    for table in tables:
        strength = np.exp(table @ truth)
        winners.append(int(source.choice(4, p=strength / strength.sum())))
    model = fit_positions(tables, winners, ["a"])
    assert model.weights / model.spread == pytest.approx(truth, abs=0.12)
    assert log_loss(model, tables, winners) < math.log(4) - 0.2


def test_the_features_are_log_evaluate_each_seat_number_and_its_square_and_the_seats_before_it():
    rules, game, actor = first_choice_of_four_missions_seats()
    table = features(rules, game.state, ["money", "rank"])
    numbers = rules.seat_numbers(game.state)
    assert table.shape == (4, 6)
    for seat in range(1, 5):
        row = table[seat - 1]
        assert row[0] == pytest.approx(math.log(max(rules.evaluate(game.state, seat), fitted_value.FLOOR)))
        assert list(row[1:5]) == [numbers[seat]["money"], numbers[seat]["rank"],
                                  numbers[seat]["money"] ** 2, numbers[seat]["rank"] ** 2]
        assert row[5] == (seat - actor) % 4 / 4
    assert fitted_value.labels(["money", "rank"])[5] == "seats before it"


def test_the_greedy_positions_are_every_position_of_a_game_each_with_the_seat_that_won():
    rules = registry.get("missions")
    positions, winners = greedy_positions(rules, 4, range(2))
    assert len(positions) == len(winners) > 0 and all(table.shape == (4, 8) for table in positions)
    assert set(winners) <= {0, 1, 2, 3} and 1 <= len(set(winners)) <= 2
    last = [index for index in range(len(winners) - 1) if winners[index] != winners[index + 1]]
    for end in [*last, len(winners) - 1]:  # a game's last position: its winner is to act, and wins by it
        assert positions[end][winners[end], 7] == 0  # no seat acts before it


class Fame:
    """Seat 1 takes gold (``evaluate`` 0.6) or glory (0.4, but fame 5); nothing is left to chance."""

    name = "fame"

    def to_act(self, state):
        return [1]

    def legal_commands(self, state, seat):
        return [{"type": "gold"}, {"type": "glory"}]

    def decide(self, state, seat, command, rng):
        return [{"took": command["type"]}]

    def evolve(self, state, fact):
        return {**state, **fact}

    def outcome(self, state):
        return None

    def determinize(self, state, seat, rng):
        return state

    def evaluate(self, state, seat):
        gold = {"gold": 0.6, "glory": 0.4}.get(state.get("took"), 0.5)
        return gold if seat == 1 else 1 - gold

    def seat_numbers(self, state):
        return {1: {"fame": 5.0 if state.get("took") == "glory" else 0.0}, 2: {"fame": 1.0}}


def test_the_fitted_look_scores_by_the_fitted_value_not_by_evaluate(monkeypatch):
    famous = Fitted(["fame"], np.zeros(4), np.ones(4), np.array([0.0, 1.0, 0.0, 0.0]))
    monkeypatch.setattr(fitted_value, "fitted", lambda name, players: famous)
    assert ExactLook("s", 1, 2).choose(Fame(), {}, 1, 0) == {"type": "gold"}
    look = FittedLook("s", 1, 2)
    look.prepare(Fame())
    assert look.choose(Fame(), {}, 1, 0) == {"type": "glory"}
    assert look.value(Fame(), {"took": "glory"}, 1) == pytest.approx(math.exp(5) / (math.exp(5) + math.e))
    glory = {"took": "glory"}
    assert FittedRoundExpectimax("s", 1, 2).value(Fame(), glory, 1) == look.value(Fame(), glory, 1)


def test_the_fitted_best_responses_play_a_legal_command_on_missions_the_same_for_the_same_seed(monkeypatch):
    monkeypatch.setattr(fitted_value, "TRAINING_GAMES", 20)
    fitted_value.fitted.cache_clear()
    try:
        rules, game, seat = first_choice_of_four_missions_seats()
        assert METHODS["fitted-look"] is FittedLook and METHODS["fitted-round-expectimax"] is FittedRoundExpectimax
        for method in (FittedLook, FittedRoundExpectimax):
            command = method("s", 1, 4).choose(rules, game.state, seat, game.version)
            assert command in rules.legal_commands(game.state, seat)
            assert method("s", 1, 4).choose(rules, game.state, seat, game.version) == command
        model = fitted_value.fitted("missions", 4)
        assert model.value(rules, game.state, seat) == pytest.approx(
            float(model.chances(features(rules, game.state, model.names))[seat - 1]))
    finally:
        fitted_value.fitted.cache_clear()


@pytest.mark.slow
def test_the_fitted_value_benchmark_prints_its_log_loss_beside_evaluates():
    text = printed("fitted_value.py", "--games", "20", "--held-out", "5")
    assert "| fitted value |" in text and "| the rules' evaluate |" in text
    assert f"| every seat alike | {math.log(4):.4f} |" in text and "log evaluate" in text


@pytest.mark.parametrize("args, said", [(["--ruleset", "nope"], "invalid choice: 'nope'"),
                                        (["--players", "7"], "missions takes 3 to 4 players, not 7")])
def test_the_fitted_value_benchmark_refuses_an_unknown_ruleset_or_table_size_in_one_line(args, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        fitted_value.main(args)
    assert stopped.value.code == 2
    printed_error = capsys.readouterr().err
    assert said in printed_error.strip().splitlines()[-1] and "Traceback" not in printed_error
