"""Bots that think: a greedy bot and an information-set Monte Carlo tree search bot that never peeks.

Both decide from what their seat can see. Each thought starts from ``rules.determinize(state, seat, rng)``:
a state the seat could not tell from the real one, whatever it cannot see (another seat's hand) sampled
afresh, so that no secret of the real state can steer the choice. Chance is met as the rules meet it, at
the moment it happens: the bots' own rng answers every die and draw of their imagined games, never the
game's seed.

``GreedyBot`` looks one command ahead: it plays the command whose result ``rules.evaluate`` scores best
for its seat (averaged over a few imagined outcomes of any chance it meets).

``SearchBot`` is single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012), open loop: one
tree over the commands played from the root, each simulation on a new determinization; a command's
statistics count only the simulations in which it was legal (availability), and each node keeps every
seat's reward, so each seat picks by its own interest (max^n, for games of three or four). A simulation
is cut after ``rollout_depth`` random commands and scored with ``rules.evaluate`` for every seat. The
budget is a number of simulations (deterministic for a given seed) or milliseconds per move.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from domain.errors import IllegalCommand
from domain.ruleset import Command, Ruleset

T = TypeVar("T")


class SimRng:
    """The bots' own randomness for imagined games: the rng interface the rules ask, on one seeded
    ``random.Random`` (cheap to use thousands of times a move)."""

    def __init__(self, source: random.Random) -> None:
        self.source = source

    def choice(self, options: Sequence[T], ask: str = "", seat: int | None = None, secret: bool = False) -> T:
        return options[self.source.randrange(len(options))]

    def randint(self, low: int, high: int, ask: str = "", seat: int | None = None) -> int:
        return self.source.randint(low, high)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        result = list(items)
        self.source.shuffle(result)
        return result


def thinking_rng(seed: str, version: int, seat: int) -> random.Random:
    """The seeded source of one move's thinking: the same seed, game version and seat think alike."""
    return random.Random(f"ludolog-bot:{seed}:{version}:{seat}")


def key_of(command: Command) -> str:
    return json.dumps(command, sort_keys=True, separators=(",", ":"))


def play_out(rules: Ruleset, state: Any, seat: int, command: Command, rng: SimRng) -> Any:
    """The state after the seat's command, its chance answered by ``rng``."""
    for fact in rules.decide(state, seat, command, rng):
        state = rules.evolve(state, fact)
    return state


def score(rules: Ruleset, state: Any, seat: int) -> float:
    """A seat's score of a state: 1 a win, 0 a loss, ½ a draw, else the rules' evaluation."""
    outcome = rules.outcome(state)
    if outcome is not None:
        return 1.0 if seat in outcome.winners else (0.5 if not outcome.winners else 0.0)
    return rules.evaluate(state, seat)


class GreedyBot:
    """Plays the command whose result its seat's evaluation likes best (one command ahead)."""

    def __init__(self, seed: str | int = 0, samples: int = 3) -> None:
        self.seed, self.samples = str(seed), samples

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        source = thinking_rng(self.seed, version, seat)
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            return legal[0]
        rng = SimRng(source)
        best, best_score = legal[0], -1.0
        for command in legal:
            total = 0.0
            for _ in range(self.samples):
                world = rules.determinize(state, seat, rng)
                total += score(rules, play_out(rules, world, seat, command, rng), seat)
            mean = total / self.samples + source.random() * 1e-9  # ties go the seed's way
            if mean > best_score:
                best, best_score = command, mean
        return best


@dataclass
class Node:
    """Statistics of a command played from a position: ``visits``, how often it was available, and the
    total reward of each seat that chose on the way (by seat number)."""

    visits: int = 0
    available: int = 0
    rewards: dict[int, float] = field(default_factory=dict)
    children: dict[str, Node] = field(default_factory=dict)


@dataclass
class Thought:
    """What one move's search did: the command chosen, the simulations run and the time taken."""

    command: Command
    simulations: int
    seconds: float


class SearchBot:
    """Information-set MCTS from what its seat can see. ``simulations`` or ``milliseconds`` is the budget
    of one move (the simulations give the same move for the same seed every time); ``limit_ms``, when
    given, stops a simulation budget that runs longer (a server's safety net)."""

    def __init__(self, seed: str | int = 0, simulations: int | None = 200, milliseconds: float | None = None,
                 rollout_depth: int = 6, exploration: float = 0.7, limit_ms: float | None = None) -> None:
        self.seed = str(seed)
        self.simulations = simulations if milliseconds is None else None
        self.milliseconds = milliseconds if milliseconds is None or limit_ms is None else min(milliseconds, limit_ms)
        self.limit_ms = limit_ms
        self.rollout_depth, self.exploration = rollout_depth, exploration
        self.last: Thought | None = None

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            self.last = Thought(legal[0], 0, 0.0)
            return legal[0]
        source = thinking_rng(self.seed, version, seat)
        rng, root = SimRng(source), Node()
        started = time.perf_counter()
        budget_ms = self.milliseconds if self.milliseconds is not None else self.limit_ms
        deadline = started + budget_ms / 1000 if budget_ms is not None else None
        wanted = self.simulations if self.simulations is not None else float("inf")
        runs = 0
        while runs < wanted and (deadline is None or runs == 0 or time.perf_counter() < deadline):
            self._simulate(rules, rules.determinize(state, seat, rng), seat, root, rng, source)
            runs += 1
        chosen = max(legal, key=lambda c: (root.children[key_of(c)].visits if key_of(c) in root.children else -1,
                                           _mean(root.children.get(key_of(c)), seat)))
        self.last = Thought(chosen, runs, time.perf_counter() - started)
        return chosen

    def _simulate(self, rules: Ruleset, world: Any, seat: int, root: Node, rng: SimRng, source: random.Random) -> None:
        path, node, choosers = [root], root, {seat}
        while rules.outcome(world) is None:
            actor = rules.to_act(world)[0]
            choosers.add(actor)
            legal = rules.legal_commands(world, actor)
            keyed = [(key_of(c), c) for c in legal]
            for key, _ in keyed:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [(key, c) for key, c in keyed if key not in node.children]
            if untried:
                key, command = untried[source.randrange(len(untried))]
                child = node.children[key] = Node(available=1)
                world = play_out(rules, world, actor, command, rng)
                path.append(child)
                break
            key, command = max(keyed, key=lambda kc: self._ucb(node.children[kc[0]], actor))
            world = play_out(rules, world, actor, command, rng)
            node = node.children[key]
            path.append(node)
        for _ in range(self.rollout_depth):
            if rules.outcome(world) is not None:
                break
            actor = rules.to_act(world)[0]
            legal = rules.legal_commands(world, actor)
            world = play_out(rules, world, actor, legal[source.randrange(len(legal))], rng)
        reward = {chooser: score(rules, world, chooser) for chooser in choosers}
        for visited in path:
            visited.visits += 1
            for chooser, value in reward.items():
                visited.rewards[chooser] = visited.rewards.get(chooser, 0.0) + value

    def _ucb(self, child: Node, actor: int) -> float:
        mean = child.rewards.get(actor, 0.0) / child.visits
        return mean + self.exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)


def _mean(node: Node | None, seat: int) -> float:
    return node.rewards.get(seat, 0.0) / node.visits if node and node.visits else 0.0
