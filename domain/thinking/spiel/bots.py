"""OpenSpiel's search bots as ludolog bots: ``openspiel-ismcts`` and ``openspiel-mcts``.

Both score the positions they reach with the ruleset's own ``evaluate`` (mapped from 0..1 to OpenSpiel's
-1..1; a finished game by its returns) instead of random playouts, so they differ from ludolog's
``search`` in the search alone (``rollouts``: that many random playouts to the end instead, as OpenSpiel's
textbook setting; for benchmarks).

- ``openspiel-ismcts``: OpenSpiel's information-set MCTS (``ISMCTSBot``, UCT), each simulation on a new
  ``determinize`` of what the seat cannot see.
- ``openspiel-mcts``: OpenSpiel's MCTS (``MCTSBot``) on one ``determinize`` a move: it never peeks, but
  it plays as if that one guess of the hidden cards were the truth.

A bot's budget is simulations; one in milliseconds (and a server's ``limit_ms``) is turned into
simulations by timing a first few. Its seed, the game's version and the seat seed everything it draws, so
a simulation budget gives the same move every time.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset
from domain.thinking.search import DEFAULT_SIMULATIONS, SimRng, Thought, thinking_rng
from domain.thinking.spiel import game_at
from domain.thinking.spiel.game import LudologState

FIRST_FEW = 16
"""The simulations timed to turn a time budget into simulations."""


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


class OpenSpielBot:
    """One of OpenSpiel's search bots (``kind``: ``ismcts`` or ``mcts``) choosing for a ludolog seat."""

    def __init__(self, kind: str, seed: str | int = 0, simulations: int | None = DEFAULT_SIMULATIONS,
                 milliseconds: float | None = None, limit_ms: float | None = None, exploration: float = 2.0,
                 rollouts: int = 0) -> None:
        self.kind, self.seed, self.rollouts = kind, str(seed), rollouts
        self.simulations = simulations if milliseconds is None else None
        self.milliseconds = milliseconds if milliseconds is None or limit_ms is None else min(milliseconds, limit_ms)
        self.limit_ms, self.exploration = limit_ms, exploration
        self.last: Thought | None = None

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        started = time.perf_counter()
        if len(legal) == 1:
            self.last = Thought(legal[0], 0, 0.0)
            return legal[0]
        source = thinking_rng(self.seed, version, seat)
        if self.kind == "mcts":  # one guess of what the seat cannot see, searched as if it were the truth
            state = rules.determinize(state, seat, SimRng(source))
        root = game_at(rules, state)
        budget_ms = self.milliseconds if self.milliseconds is not None else self.limit_ms
        wanted = self.simulations or 1_000_000
        if budget_ms is not None and wanted > FIRST_FEW:  # time a first few, then search afresh in the time left
            action = self._search(root, FIRST_FEW, source)
            spent = time.perf_counter() - started
            left = budget_ms / 1000 - spent
            if left <= spent:  # no time for more than as many again: keep the first few's choice
                self.last = Thought(root.legal()[action], FIRST_FEW, time.perf_counter() - started)
                return root.legal()[action]
            wanted = min(wanted, int(FIRST_FEW * left / max(spent, 1e-6)))
        action = self._search(root, wanted, source)
        chosen = root.legal()[action]
        self.last = Thought(chosen, wanted, time.perf_counter() - started)
        return chosen

    def _search(self, root: LudologState, simulations: int, source: random.Random) -> int:
        numbers = np.random.RandomState(source.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, numbers) if self.rollouts else EvaluateLeaves()
        if self.kind == "mcts":
            bot = mcts.MCTSBot(root.get_game(), self.exploration, simulations, evaluator, random_state=numbers)
            return int(bot.step(root))
        bot = ismcts.ISMCTSBot(root.get_game(), evaluator, self.exploration, simulations, random_state=numbers)
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, numbers.uniform))
        return int(bot.step(root))
