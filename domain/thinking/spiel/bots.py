"""OpenSpiel's search bots as ludolog bots: ``openspiel-ismcts`` and ``openspiel-mcts``.

Both score the positions they reach with the ruleset's own ``evaluate`` (mapped from 0..1 to OpenSpiel's
-1..1; a finished game by its returns) instead of random playouts, so they differ from ludolog's
``search`` in the search alone (``rollouts``: that many random playouts to the end instead, as OpenSpiel's
textbook setting; for benchmarks).

- ``openspiel-ismcts``: OpenSpiel's information-set MCTS (``ISMCTSBot``, UCT), each simulation on a new
  ``determinize`` of what the seat cannot see.
- ``openspiel-mcts``: OpenSpiel's MCTS (``MCTSBot``) on one ``determinize`` a move: it never peeks, but
  it plays as if that one guess of the hidden cards were the truth.

A bot's budget is simulations or milliseconds (and a server's ``limit_ms`` caps either): a time budget is
a deadline, checked before each simulation, so the search stops at its time whatever its simulations
cost, as ludolog's search does. Its seed, the game's version and the seat seed everything it draws, so a
simulation budget gives the same move every time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset
from domain.thinking.greedy import SimRng, thinking_rng
from domain.thinking.search import DEFAULT_SIMULATIONS, Thought
from domain.thinking.spiel import game_at
from domain.thinking.spiel.game import LudologState

UNBOUNDED = 1_000_000
"""The simulations of a search bounded by its time alone."""


class EvaluateLeaves(mcts.Evaluator):
    """OpenSpiel's evaluator from the ruleset's ``evaluate``: every seat's score, from -1 to 1."""

    def evaluate(self, state: LudologState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        rules, position = state.table.rules, state.at.state
        return np.array([2.0 * rules.evaluate(position, seat) - 1.0 for seat in range(1, len(state.table.seats) + 1)])

    def prior(self, state: LudologState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


class Deadline:
    """When a search must stop: ``at`` on ``clock`` (``None``: never), and the simulations it ran."""

    def __init__(self, at: float | None, clock: Callable[[], float]) -> None:
        self.at, self.clock, self.runs = at, clock, 0

    def another(self, fewest: int = 1) -> bool:
        """Whether one more simulation may start (the first ``fewest`` always may); counts it if so."""
        if self.runs >= fewest and self.at is not None and self.clock() >= self.at:
            return False
        self.runs += 1
        return True


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, its simulations also stopped by a ``Deadline`` (its search otherwise as is)."""

    def __init__(self, *args: Any, deadline: Deadline, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def run_search(self, state: LudologState) -> list[tuple[int, float]]:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        # the first simulation only opens the root: two at least, so that one command has been tried
        while self.deadline.runs < self._max_simulations and self.deadline.another(fewest=2):
            self.run_simulation(self.sample_root_state(state))
        return self.get_final_policy(state, self._root_node)


class TimedMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTS, its simulations also stopped by a ``Deadline``: past it, the root is marked
    finished, the stop OpenSpiel's loop checks after each simulation (its choice reads the children alone)."""

    def __init__(self, *args: Any, deadline: Deadline, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = deadline

    def _apply_tree_policy(self, root: Any, state: LudologState) -> Any:
        if not self.deadline.another(fewest=2) and root.outcome is None:  # two at least, as above
            root.outcome = np.zeros(self._game.num_players())  # this simulation is the last
            self.deadline.runs += 1
        return super()._apply_tree_policy(root, state)


class OpenSpielBot:
    """One of OpenSpiel's search bots (``kind``: ``ismcts`` or ``mcts``) choosing for a ludolog seat;
    ``clock`` times a budget in milliseconds (seconds, as ``time.perf_counter``)."""

    def __init__(self, kind: str, seed: str | int = 0, simulations: int | None = DEFAULT_SIMULATIONS,
                 milliseconds: float | None = None, limit_ms: float | None = None, exploration: float = 2.0,
                 rollouts: int = 0, clock: Callable[[], float] = time.perf_counter) -> None:
        self.kind, self.seed, self.rollouts = kind, str(seed), rollouts
        self.simulations = simulations if milliseconds is None else None
        self.milliseconds = milliseconds if milliseconds is None or limit_ms is None else min(milliseconds, limit_ms)
        self.limit_ms, self.exploration, self.clock = limit_ms, exploration, clock
        self.last: Thought | None = None

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            self.last = Thought(legal[0], 0, 0.0)
            return legal[0]
        started = self.clock()
        budget_ms = self.milliseconds if self.milliseconds is not None else self.limit_ms
        deadline = Deadline(started + budget_ms / 1000 if budget_ms is not None else None, self.clock)
        source = thinking_rng(self.seed, version, seat)
        if self.kind == "mcts":  # one guess of what the seat cannot see, searched as if it were the truth
            state = rules.determinize(state, seat, SimRng(source))
        root = game_at(rules, state)
        action = self._search(root, self.simulations or UNBOUNDED, source, deadline)
        chosen = root.legal()[action]
        self.last = Thought(chosen, deadline.runs, self.clock() - started)
        return chosen

    def _search(self, root: LudologState, simulations: int, source: random.Random, deadline: Deadline) -> int:
        numbers = np.random.RandomState(source.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, numbers) if self.rollouts else EvaluateLeaves()
        if self.kind == "mcts":
            bot = TimedMCTS(root.get_game(), self.exploration, simulations, evaluator, random_state=numbers, deadline=deadline)
            return int(bot.step(root))
        bot = TimedISMCTS(root.get_game(), evaluator, self.exploration, simulations, random_state=numbers, deadline=deadline)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, numbers.uniform))
        return int(bot.step(root))
