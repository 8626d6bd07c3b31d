"""A value fitted to who won: another evaluator for the best responses to greedy seats.

``fitted`` plays seeded games with the greedy bot in every seat (seeds of their own, none of the measured
games'), and before every command of them notes each seat's features (``greedy_positions``): the log of the
rules' ``evaluate``, each of the public ``seat_numbers`` (Missions: money, rank, cards) and its square, and how
many seats act before it (a share of the table). It then fits a conditional logit by maximum likelihood
(``fit_positions``, ``scipy.optimize``): a seat's chance of winning is ``exp(w·x_seat) / Σ exp(w·x_each)``,
its share of the table's fitted strength, to the seat that won each game. So the evaluator is what greedy
games' real outcomes say a position is worth, where ``evaluate`` is the rules' own reckoning; ``log_loss``
compares the two on games the fit never saw.

``FittedLook`` and ``FittedRoundExpectimax`` are ``greedy_expectimax.py``'s exact look and one-round expectimax
scoring their positions by the fitted value: best responses to greedy seats with another evaluator.

    python tests/benchmarks/fitted_value.py [--ruleset missions] [--players 4] [--games 4000] [--held-out 500]

prints the fitted value's log loss on held-out greedy games beside ``evaluate``'s, and its weights.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parent)]

from greedy_expectimax import ExactLook, OneRoundExpectimax  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.engine.randomness import Rng  # noqa: E402
from domain.engine.ruleset import Ruleset  # noqa: E402
from domain.thinking.greedy import GreedyBot, score  # noqa: E402

FLOOR = 1e-6
"""The least ``evaluate`` is taken to be before its log: a seat it counts out still has a feature."""
TRAINING_GAMES = 4000
HELD_OUT = 100_000
"""The first held-out game's number: far past the games fitted to."""
LONGEST = 2000


def features(rules: Ruleset, state: Any, names: list[str]) -> np.ndarray:
    """One row a seat: log ``evaluate``, each named seat number and its square, the share of the table
    that acts before it."""
    numbers = rules.seat_numbers(state)
    count = len(numbers)
    actor = (rules.to_act(state) or [1])[0]
    rows = []
    for seat in range(1, count + 1):
        own = [float(numbers[seat].get(name, 0.0)) for name in names]
        rows.append([math.log(max(rules.evaluate(state, seat), FLOOR)), *own, *(v * v for v in own),
                     (seat - actor) % count / count])
    return np.array(rows)


def greedy_positions(rules: Ruleset, players: int, games: range) -> tuple[list[np.ndarray], list[int]]:
    """Every position before a command of the numbered greedy games that ended with one winner, as the
    seats' features, and the seat (from 0) that won each one's game."""
    positions, winners = [], []
    names = seat_names(rules, players)
    for number in games:
        state = rules.new_state(players, rules.resolve_options({}))
        for fact in rules.setup(state, Rng(f"fitted-{number}", "setup")):
            state = rules.evolve(state, fact)
        bot, seen = GreedyBot(f"fitted-{number}"), []
        for version in range(LONGEST):
            if rules.outcome(state) is not None:
                break
            seen.append(features(rules, state, names))
            seat = rules.to_act(state)[0]
            command = bot.choose(rules, state, seat, version)
            for fact in rules.decide(state, seat, command, Rng(f"fitted-{number}", version)):
                state = rules.evolve(state, fact)
        outcome = rules.outcome(state)
        if outcome is not None and len(outcome.winners) == 1 and not outcome.at_limit:
            positions += seen
            winners += [outcome.winners[0] - 1] * len(seen)
    return positions, winners


class Fitted:
    """A conditional logit over the seats, fitted to who won: ``weights`` over standardized features."""

    def __init__(self, names: list[str], mean: np.ndarray, spread: np.ndarray, weights: np.ndarray) -> None:
        self.names, self.mean, self.spread, self.weights = names, mean, spread, weights

    def chances(self, table: np.ndarray) -> np.ndarray:
        """Each seat's fitted chance of winning, from its features (one row a seat)."""
        strength = ((table - self.mean) / self.spread) @ self.weights
        strength = np.exp(strength - strength.max())
        return strength / strength.sum()

    def value(self, rules: Ruleset, state: Any, seat: int) -> float:
        """The seat's score of a state: a finished game as ``score`` counts it, else its fitted chance."""
        if rules.outcome(state) is not None:
            return score(rules, state, seat)
        return float(self.chances(features(rules, state, self.names))[seat - 1])


def fit_positions(positions: list[np.ndarray], winners: list[int], names: list[str]) -> Fitted:
    """The weights that make the seats that won likeliest (each table standardized, plain maximum likelihood)."""
    tables = np.stack(positions)
    flat = tables.reshape(-1, tables.shape[-1])
    mean, spread = flat.mean(axis=0), flat.std(axis=0)
    spread[spread == 0] = 1.0
    scaled = (tables - mean) / spread
    won = np.array(winners)
    rows = np.arange(len(won))

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        strength = scaled @ weights
        strength -= strength.max(axis=1, keepdims=True)
        chance = np.exp(strength)
        chance /= chance.sum(axis=1, keepdims=True)
        gradient = (np.einsum("ns,nsf->f", chance, scaled) - scaled[rows, won].sum(axis=0)) / len(won)
        return float(-np.log(chance[rows, won] + 1e-300).mean()), gradient

    found = minimize(loss, np.zeros(scaled.shape[-1]), jac=True, method="L-BFGS-B")
    return Fitted(names, mean, spread, found.x)


@lru_cache(maxsize=4)
def fitted(name: str, players: int) -> Fitted:
    """The fitted value of a ruleset at a table size, from ``TRAINING_GAMES`` greedy games (once a process)."""
    rules = registry.get(name)
    positions, winners = greedy_positions(rules, players, range(TRAINING_GAMES))
    return fit_positions(positions, winners, seat_names(rules, players))


def seat_names(rules: Ruleset, players: int) -> list[str]:
    state = rules.new_state(players, rules.resolve_options({}))
    for fact in rules.setup(state, Rng("fitted-names", "setup")):
        state = rules.evolve(state, fact)
    return sorted(next(iter(rules.seat_numbers(state).values()), {}))


def log_loss(model: Fitted, positions: list[np.ndarray], winners: list[int], by_rules: bool = False) -> float:
    """The mean log loss of the seat that won, by the fitted chances or (``by_rules``) by ``evaluate``
    shared out over the seats (the first feature is its log)."""
    total = 0.0
    for table, winner in zip(positions, winners):
        chance = np.exp(table[:, 0]) / np.exp(table[:, 0]).sum() if by_rules else model.chances(table)
        total -= math.log(max(float(chance[winner]), 1e-12))
    return total / len(winners)


class FittedScoring:
    """Scores positions by the ruleset's fitted value at the seat's table size (fitted once a process)."""

    players: int

    def prepare(self, rules: Ruleset) -> None:
        """Fits the value now (a benchmark keeps the fit out of the seat's thinking time)."""
        fitted(rules.name, self.players)

    def value(self, rules: Ruleset, state: Any, seat: int) -> float:
        return fitted(rules.name, self.players).value(rules, state, seat)


class FittedLook(FittedScoring, ExactLook):
    """The exact look (one command ahead, every way its chance falls weighed) scoring by the fitted value."""


class FittedRoundExpectimax(FittedScoring, OneRoundExpectimax):
    """The one-round expectimax (every way weighed, the round played on, scored at the seat's next roll)
    scoring by the fitted value."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="missions", choices=registry.names())
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=TRAINING_GAMES,
                        help=f"greedy games fitted to (default {TRAINING_GAMES})")
    parser.add_argument("--held-out", type=int, default=500,
                        help="greedy games of other seeds it is judged on (default 500)")
    given = parser.parse_args(argv)
    rules = registry.get(given.ruleset)
    if not rules.min_seats <= given.players <= rules.max_seats:
        parser.error(f"{given.ruleset} takes {rules.min_seats} to {rules.max_seats} players, not {given.players}")
    names = seat_names(rules, given.players)
    model = fit_positions(*greedy_positions(rules, given.players, range(given.games)), names)
    positions, winners = greedy_positions(rules, given.players, range(HELD_OUT, HELD_OUT + given.held_out))
    weights = ", ".join(f"{label} {weight:+.3f}" for label, weight in zip(labels(names), model.weights))
    print(f"# A value fitted to who won: {given.ruleset}, {given.players} players\n\n"
          f"Fitted to {given.games} greedy games; judged on {given.held_out} others ({len(winners)} positions).\n\n"
          "| evaluator | log loss of the seat that won |\n|---|---|\n"
          f"| fitted value | {log_loss(model, positions, winners):.4f} |\n"
          f"| the rules' evaluate | {log_loss(model, positions, winners, by_rules=True):.4f} |\n"
          f"| every seat alike | {math.log(given.players):.4f} |\n\n"
          f"Weights (standardized features): {weights}\n")
    return 0


def labels(names: list[str]) -> list[str]:
    """The features' names, in ``features``' order."""
    return ["log evaluate", *names, *(f"{name}²" for name in names), "seats before it"]


if __name__ == "__main__":
    sys.exit(main())
