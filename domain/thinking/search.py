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
seat's reward, so each seat picks by its own interest (max^n, for games of three or four). Each command
starts with the greedy look-ahead as its prior (counted as ``prior_weight`` simulations; at the root
averaged over ``root_samples`` worlds, and with three or more seats over every way a command's dice and
draws can fall, each weighed by its probability: ``chance_outcomes``), and a simulation
ends at the first new position, scored by what its actor's best look-ahead leads to: no random playout
drowns the evaluation, and the opponents' replies are a greedy player's from the first simulation on.
Means are scaled to their spread at each position before the exploration term is added, so a game whose
evaluation moves by hundredths is searched as keenly as one that moves by tenths. In a game of two seats and
perfect information (``Ruleset.perfect_information``: nothing hidden, no chance after setup) each command's
mean is mixed with the minimax value of the look-ahead scores below it (implicit minimax backups, Lanctot,
Winands, Pepels and Sturtevant 2014: the other seat's best reply read as this seat's loss), so a command
whose reply refutes it is left as soon as the reply is scored. Where worlds are sampled (hidden cards, dice)
one sample's minimax value would be read as certain, so the means alone decide there. The budget is a number of
simulations (deterministic for a given seed) or milliseconds per move. In a turn taken together a command is judged
through the reveal, the other seats' choices imagined (``greedy.through_reveal``); below the root such a turn has no
node (its statistics would answer the sealed choices above it): ``greedy.together_turn`` plays it, and scores there.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset
from domain.thinking.greedy import (
    SimRng,
    best_look_ahead,
    chosen_together,
    key_of,
    paired_rng,
    score,
    thinking_rng,
    through_reveal,
    unseen_choices,
)
from domain.thinking.root_priors import sharpen
from domain.thinking.tree import Node, Thought

__all__ = ["DEFAULT_SIMULATIONS", "LEAVES", "OTHERS", "OTHERS_ROLLS", "SCALES", "Node", "SearchBot", "Thought"]

DEFAULT_SIMULATIONS = 200
"""A search bot's budget for one move unless told otherwise."""
OTHERS = ("search", "look-ahead", "averaged-look-ahead")
"""How the tree has the other seats reply: searched by their own interest, each its best look-ahead (one roll
of a command's chance), or each its best look-ahead averaged over ``OTHERS_ROLLS`` rolls, as the greedy bot's."""
OTHERS_ROLLS = 3
"""The rolls of its chance an other seat's command is averaged over with ``others="averaged-look-ahead"``: the
greedy bot's own (``GreedyBot.samples``)."""
SCALES = ("means", "rewards")
"""What a position's means are scaled by before exploration is added: the spread of its commands' means, or
the spread of every reward its simulations brought back, where that is wider."""
LEAVES = ("look-ahead", "position")
"""How a new position is scored: by what its actor's best look-ahead leads to (its commands' priors scored then),
or as it stands (its priors scored when a simulation next passes it)."""
MANY_SEATS_ROOT_SAMPLES = 3
"""The worlds the root's priors average by default with three or more seats (one with two)."""
MANY_SEATS_CHANCE_OUTCOMES = 100
"""The most ways a root command's chance may fall for its prior to weigh them all, by default with three or
more seats (none with two: one roll a world). Every Missions command falls at most 90 ways."""


def _seats(rules: Ruleset, state: Any) -> int | None:
    try:
        return rules.seat_count(state)
    except NotImplementedError:
        return None


class SearchBot:
    """Information-set MCTS from what its seat can see. ``simulations`` or ``milliseconds`` is the budget
    of one move (the simulations give the same move for the same seed every time); ``limit_ms``, when
    given, stops a simulation budget that runs longer (a server's safety net). ``exploration`` weighs
    trying a command again against its mean (the means scaled to their spread at each position), and
    ``prior_weight`` is how many simulations a command's one-command look-ahead counts for; ``playout``
    plays that many more commands past each new position, every actor its best look-ahead, before scoring
    (none by default: in the benchmark they cost time and won nothing measurable); ``root_samples`` is how
    many worlds, each with its own roll, the root's priors average, and ``chance_outcomes`` the most ways a
    root command's dice and draws may fall for its prior to weigh every way by its probability instead of one
    roll a world. Both are left to the seats: with two, one world and one roll (three worlds cost Infection 5
    of 60 games against greedy seats, below that target); with three or more, three worlds and every way up
    to 100 (``MANY_SEATS_*``), where the search looks less far ahead (every other seat moves between two of
    its own) and its first look weighs more: in Missions it lifted one search seat against greedy seats from
    30% of 60 games to 39% of 240 with three players, and against OpenSpiel's ISMCTS from 22% of 60 to 32% of
    180 with four (the README's rows). ``minimax_weight`` is
    the share of the implicit minimax value in a command's value with two seats (0 leaves it out; more seats
    always do, their rewards not being one seat's loss): 0.8 won 40 of 60 Correction games against OpenSpiel's
    ISMCTS where the means alone won 36. ``others`` is how the tree has the other seats reply: ``"search"``
    (each searched by its own interest, max^n) or ``"look-ahead"`` (each plays its best look-ahead, as a greedy
    seat would: every simulation then goes to the seat's own commands) or ``"averaged-look-ahead"`` (the same, each
    of that seat's commands scored, when a node first meets it, as the mean of ``OTHERS_ROLLS`` rolls of its chance,
    as the greedy bot scores them, rather than by the one roll of the world it met them in); by default the game's
    ``Ruleset.search_others`` for its number of seats (``"search"`` unless the game says otherwise). ``leaf`` is how a new position is scored:
    ``"look-ahead"`` (every command there scored at once, the position reached by the actor's best taken) or
    ``"position"`` (the position as it stands, one score a seat, as OpenSpiel's ISMCTS scores its leaves; the
    commands there are scored when a simulation next passes it): more simulations in the same time where a
    position offers many commands."""

    def __init__(self, seed: str | int = 0, simulations: int | None = DEFAULT_SIMULATIONS, milliseconds: float | None = None,
                 exploration: float = 0.7, prior_weight: float = 3.0, playout: int = 0, limit_ms: float | None = None,
                 root_samples: int | None = None, minimax_weight: float = 0.8, chance_outcomes: int | None = None,
                 others: str | None = None, leaf: str = "look-ahead", scale: str = "means") -> None:
        self.seed = str(seed)
        self.simulations = simulations if milliseconds is None else None
        self.milliseconds = milliseconds if milliseconds is None or limit_ms is None else min(milliseconds, limit_ms)
        self.limit_ms = limit_ms
        self.exploration, self.prior_weight, self.playout = exploration, prior_weight, playout
        self.root_samples = root_samples
        self.minimax_weight = minimax_weight
        self.chance_outcomes = chance_outcomes
        if others is not None and others not in OTHERS:
            raise ValueError(f"others is one of {', '.join(OTHERS)}, not {others!r}")
        self.others = others
        self._others = others or "search"  # how the game last searched has the others reply (``choose`` sets it)
        if leaf not in LEAVES:
            raise ValueError(f"leaf is one of {', '.join(LEAVES)}, not {leaf!r}")
        self.leaf = leaf
        if scale not in SCALES:
            raise ValueError(f"scale is one of {', '.join(SCALES)}, not {scale!r}")
        self.scale = scale
        self._me = 0  # the seat searched for (``choose`` sets it)
        self._mixing = 0.0  # the minimax share of the game last searched (``choose`` sets it)
        self._samples, self._outcomes = 1, 0  # root_samples and chance_outcomes for the game last searched
        self.last: Thought | None = None

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            self.last = Thought(legal[0], 0, 0.0)
            return legal[0]
        root, started, self._me = Node(actor=seat), time.perf_counter(), seat
        seats = _seats(rules, state)
        known = getattr(rules, "perfect_information", False) and seats == 2
        self._mixing = self.minimax_weight if known else 0.0
        many = seats is not None and seats > 2
        self._samples = self.root_samples if self.root_samples is not None else MANY_SEATS_ROOT_SAMPLES if many else 1
        self._outcomes = self.chance_outcomes if self.chance_outcomes is not None else MANY_SEATS_CHANCE_OUTCOMES if many else 0
        hint = getattr(rules, "search_others", None)  # a Ruleset's; a stand-in for one may have none
        self._others = self.others or (hint(seats or 2) if hint else "search")
        if self._others not in OTHERS:
            raise ValueError(f"{rules.name}'s search_others is one of {', '.join(OTHERS)}, not {self._others!r}")
        first = SimRng(thinking_rng(self.seed, version, seat))
        keyed = self._look_ahead(rules, rules.determinize(state, seat, first), seat, root, first, first.source)
        sharpen(rules, state, seat, root, keyed, first, self._samples, self._outcomes)
        budget_ms = self.milliseconds if self.milliseconds is not None else self.limit_ms
        deadline = started + budget_ms / 1000 if budget_ms is not None else None
        wanted = self.simulations if self.simulations is not None else float("inf")
        runs, refused = 0, dict.fromkeys((key for key, _, _ in keyed), 0)
        while runs < wanted and (deadline is None or runs == 0 or time.perf_counter() < deadline):
            for key, _, _ in keyed:
                root.available[key] = runs + 1
            key, command = self._select(root, keyed, seat)
            child = root.children.get(key)
            source = paired_rng(self.seed, version, seat, (child.visits if child else 0) + refused[key])
            rng = SimRng(source)
            try:
                self._simulate(rules, rules.determinize(state, seat, rng), seat, (key, command), root, rng, source)
            except IllegalCommand:  # a world the seat cannot tell from the real one should take it: skip one that doesn't
                refused[key] += 1
            runs += 1
        chosen = max(legal, key=lambda c: self._robustness(root, key_of(c), seat))
        self.last = Thought(chosen, runs, time.perf_counter() - started, root)
        return chosen

    def _simulate(self, rules: Ruleset, world: Any, seat: int, first: tuple[str, Command], root: Node, rng: SimRng,
                  source: random.Random) -> None:
        """One simulation from the seat's ``first`` command: down the tree by each actor's interest, one
        new position added and scored by its actor's best look-ahead, and every seat's reward backed up
        along the way."""
        key, command = first
        world = through_reveal(rules, world, seat, command, rng)
        node, choosers = root.children.setdefault(key, Node()), {seat}
        path, keys = [root, node], [key]
        while rules.outcome(world) is None:
            if chosen_together(rules, world):  # below the root, a turn taken together: each seat its best look-ahead, scored after it
                world = self._play_on(rules, best_look_ahead(rules, world, rng, source), rng, source)
                break
            actor = rules.to_act(world)[0]
            node.actor = actor
            choosers.add(actor)
            if node.visits == 0 and self.leaf == "position":  # scored as it stands: its priors wait for a second visit
                break
            keyed = self._look_ahead(rules, world, actor, node, rng, source)
            if node.visits == 0:
                best = keyed[0][2] if keyed[0][2] is not None else through_reveal(rules, world, actor, keyed[0][1], rng)
                world = self._play_on(rules, best, rng, source)
                break
            key, command = self._select(node, keyed, actor)
            world = through_reveal(rules, world, actor, command, rng)
            node = node.children.setdefault(key, Node())
            path.append(node)
            keys.append(key)
        if self._mixing:
            self._back_up_minimax(path, keys)
        reward = {chooser: score(rules, world, chooser) for chooser in choosers}
        for visited in path:
            visited.visits += 1
            for chooser, value in reward.items():
                visited.rewards[chooser] = visited.rewards.get(chooser, 0.0) + value
                if self.scale == "rewards":
                    low, high = visited.reach.get(chooser, (value, value))
                    visited.reach[chooser] = (min(low, value), max(high, value))

    @staticmethod
    def _back_up_minimax(path: list[Node], keys: list[str]) -> None:
        """Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant 2014), two seats: each command's
        minimax value of the look-ahead scores below it, for the seat that chose it, raised from the deepest
        node of the simulation's path to the root (a position's value for the other seat is one less it)."""
        for parent, key, child in zip(reversed(path[:-1]), reversed(keys), reversed(path[1:])):
            if not child.minimax or child.actor is None or parent.actor is None:
                continue
            best = max(child.minimax.values())
            parent.minimax[key] = best if child.actor == parent.actor else 1.0 - best

    def _play_on(self, rules: Ruleset, world: Any, rng: SimRng, source: random.Random) -> Any:
        """``playout`` more commands past a new position, each actor playing its best look-ahead."""
        for _ in range(self.playout):
            if rules.outcome(world) is not None:
                break
            world = best_look_ahead(rules, world, rng, source)
        return world

    def _look_ahead(self, rules: Ruleset, world: Any, actor: int, node: Node, rng: SimRng,
                    source: random.Random) -> list[tuple[str, Command, Any]]:
        """The actor's legal commands here, best look-ahead first, each with the position it led to in
        this world when its prior was scored now (else ``None``); each command's availability is counted and
        a new one's prior scored."""
        keyed, best, best_value = [], None, -1.0
        averaged = self._others == "averaged-look-ahead" and actor != self._me
        together = chosen_together(rules, world)

        def judged(command: Command) -> Any:  # in a turn taken together, on sealed choices imagined afresh for each
            return through_reveal(rules, unseen_choices(rules, world, actor, rng) if together else world, actor, command, rng)

        for command in rules.legal_commands(world, actor):
            key = key_of(command)
            node.available[key] = node.available.get(key, 0) + 1
            after = None
            if key not in node.prior:
                after = judged(command)
                node.prior[key] = score(rules, after, actor)
                after = None if together else after  # played on the world itself when chosen
                if averaged:  # the greedy bot's mean of a few rolls, not one roll's luck
                    rolls = [score(rules, judged(command), actor) for _ in range(OTHERS_ROLLS - 1)]
                    node.prior[key] = (node.prior[key] + sum(rolls)) / OTHERS_ROLLS
                node.minimax.setdefault(key, node.prior[key])
            value = node.prior[key] + source.random() * 1e-9  # ties go the seed's way
            if value > best_value:
                best, best_value = len(keyed), value
            keyed.append((key, command, after))
        keyed.insert(0, keyed.pop(best or 0))
        return keyed

    def _value(self, node: Node, key: str, actor: int) -> tuple[float, float]:
        """A command's mean for its actor (its prior counted as ``prior_weight`` simulations) and that count."""
        child = node.children.get(key)
        visits = child.visits if child else 0
        total = (child.rewards.get(actor, 0.0) if child else 0.0) + node.prior[key] * self.prior_weight
        mean = total / (visits + self.prior_weight)
        if self._mixing and key in node.minimax:
            mean = (1 - self._mixing) * mean + self._mixing * node.minimax[key]
        return mean, visits + self.prior_weight

    def _select(self, node: Node, keyed: list[tuple[str, Command, Any]], actor: int) -> tuple[str, Command]:
        if self._others != "search" and actor != self._me:  # another seat answers as its best look-ahead
            return keyed[0][0], keyed[0][1]
        values = [self._value(node, key, actor) for key, _, _ in keyed]
        low, high = min(mean for mean, _ in values), max(mean for mean, _ in values)
        if self.scale == "rewards" and actor in node.reach:  # the simulations' own spread, where it is wider
            high = max(high, low + node.reach[actor][1] - node.reach[actor][0])
        spread = high - low if high > low else 1.0

        def bound(index: int) -> float:
            mean, count = values[index]
            tried = math.log(node.available[keyed[index][0]] + 1)
            return (mean - low) / spread + self.exploration * math.sqrt(tried / count)

        chosen = max(range(len(keyed)), key=bound)
        return keyed[chosen][0], keyed[chosen][1]

    def value_of(self, root: Node, command: Command, seat: int) -> float | None:
        """What the search made of a command from its root, for the seat (its mean, the prior counted as
        ``prior_weight`` simulations); ``None`` for one that was never legal there."""
        key = key_of(command)
        return self._value(root, key, seat)[0] if key in root.prior else None

    def _robustness(self, root: Node, key: str, seat: int) -> tuple[int, float]:
        """How a root command ranks: the simulations through it, then its mean."""
        child = root.children.get(key)
        return (child.visits if child else 0, self._value(root, key, seat)[0] if key in root.prior else -1.0)

