"""Best responses to greedy seats that weigh every way their own command's dice and draws can fall.

``TwoTurnExpectimax`` knows every other seat plays ``GreedyBot``. For each command it might play now it
takes every way the command's dice and draws can fall (``chances.outcomes``, each by its probability), plays
the rest of the round on as greedy players would (its own rest of the turn included), each from its own
view, with sampled dice (the k-th way of every command meets the same dice after it), and at its next turn
weighs every way that turn's first chance falls and takes, in each, its best command there by the exact
expectation of what it leads to, scored by the rules' ``evaluate`` (a finished game by its outcome). Closed
loop: its second choice is made in the position the dice made, where a tree over commands alone (``--method
tree``) shares one choice among every roll that reached it. About ten times the search bot's CPU a move.

``OneRoundExpectimax`` stops at its own next roll instead, the same moment for every command; ``ExactLook``
looks one command ahead, every way weighed; ``GreedySeat`` is the greedy bot itself. The last two are
yardsticks: what the deeper looks add over an exact first look, and what the seat wins with no response.
Each scores a position by its ``value`` (the rules' ``evaluate``); ``fitted_value.py`` gives another.
"""

from __future__ import annotations

import random
from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset
from domain.thinking.chances import outcomes
from domain.thinking.greedy import GreedyBot, SimRng, play_out, score, thinking_rng
from domain.thinking.root_priors import expected

MOST_WAYS = 100
"""The most ways a command's chance may fall to be weighed exactly; past it, ``SAMPLED`` rolls are averaged."""
SAMPLED = 30
WIDEST = 3
"""With more commands than this (a robbery's trades), only the greedy bot's and the best ``WIDEST`` by their
first look are looked at two turns deep."""
LONGEST = 400
"""The most commands the rest of a round may take before the position is scored as it stands."""


class TwoTurnExpectimax:
    """Plays, among its commands, the one whose two-turn expectation is best (see the module). ``worlds``
    is how many worlds its seat cannot tell from the real one each command is weighed in (default 1).
    ``games`` counts the ways its commands fell, each a round played on, ``departures`` the moves where it did
    not play the greedy bot's command."""

    def __init__(self, seed: str | int = 0, worlds: int | None = 1, players: int = 3) -> None:
        self.seed, self.worlds, self.players = str(seed), max(1, worlds or 1), players
        self.games = self.departures = 0
        self.imagined = GreedyBot(f"{self.seed}:imagined")  # every seat of the imagined rounds

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            return legal[0]
        rng = SimRng(thinking_rng(f"expectimax:{self.seed}", version, seat))
        greedy = GreedyBot(self.seed).choose(rules, state, seat, version)
        worlds = [rules.determinize(state, seat, rng) for _ in range(self.worlds)]
        candidates = legal
        if len(legal) > WIDEST + 1:
            first = {id(command): sum(expected(rules, world, seat, command, rng, MOST_WAYS) for world in worlds)
                     for command in legal}
            candidates = sorted(legal, key=lambda command: -first[id(command)])[:WIDEST]
            candidates += [greedy] if greedy not in candidates else []
        values = [sum(self._weighed(rules, world, seat, command, rng, version) for world in worlds) for command in candidates]
        chosen = candidates[max(range(len(candidates)), key=lambda index: values[index])]
        self.departures += chosen != greedy
        return chosen

    def value(self, rules: Ruleset, state: Any, seat: int) -> float:
        """How a position is scored: the rules' ``evaluate`` (a finished game by its outcome)."""
        return score(rules, state, seat)

    def _weighed(self, rules: Ruleset, world: Any, seat: int, command: Command, rng: SimRng, version: int = 0) -> float:
        """The command's value: over every way its chance falls, the rest of the round played on, then the
        seat's best next turn. The k-th way of every command meets the same dice after it (common random
        numbers): the greedy seats' rolls in the round are alike, so two commands differ by what they did."""
        total = 0.0
        for index, (chance, after) in enumerate(self._ways(rules, world, seat, command, rng)):
            self.games += 1
            total += chance * self._on_from(rules, after, seat, version, index)
        return total

    def _on_from(self, rules: Ruleset, after: Any, seat: int, version: int, index: int) -> float:
        """What the ``index``-th way of a command is worth: the round played on, then the seat's best next turn."""
        luck = SimRng(random.Random(f"expectimax:{self.seed}:{version}:{index}"))
        return self._next_turn(rules, self._round(rules, after, seat, luck, version), seat, luck)

    def _ways(self, rules: Ruleset, world: Any, seat: int, command: Command, rng: SimRng) -> list[tuple[float, Any]]:
        """Each way the command can fall, with its probability, and the position it leads to."""
        ways = outcomes(rules, world, seat, command, MOST_WAYS)
        if ways is None:
            return [(1 / SAMPLED, play_out(rules, world, seat, command, rng)) for _ in range(SAMPLED)]
        found = []
        for chance, facts in ways:
            after = world
            for fact in facts:
                after = rules.evolve(after, fact)
            found.append((chance, after))
        return found

    def _round(self, rules: Ruleset, world: Any, seat: int, rng: SimRng, version: int) -> Any:
        """The game played on by greedy players (the seat's rest of its turn too) until the seat is to act
        again after another seat has acted, or the game ends."""
        others_acted = False
        for moment in range(version * 1000, version * 1000 + LONGEST):
            if rules.outcome(world) is not None:
                break
            actor = rules.to_act(world)[0]
            if actor == seat and others_acted:
                break
            others_acted = others_acted or actor != seat
            command = self.imagined.choose(rules, world, actor, moment)
            world = play_out(rules, world, actor, command, rng)
        return world

    def _next_turn(self, rules: Ruleset, world: Any, seat: int, rng: SimRng) -> float:
        """The seat's next turn: its chance before its first choice weighed exactly, then its best command
        there by the exact expectation of where it leads; scored by the rules (an outcome if the game ended)."""
        if rules.outcome(world) is not None or rules.to_act(world)[0] != seat:
            return score(rules, world, seat)
        legal = rules.legal_commands(world, seat)
        if len(legal) > 1:
            return max(expected(rules, world, seat, command, rng, MOST_WAYS) for command in legal)
        ways = self._ways(rules, world, seat, legal[0], rng)
        return sum(chance * self._next_turn(rules, after, seat, rng) for chance, after in ways)


class OneRoundExpectimax(TwoTurnExpectimax):
    """Weighs each command over every way its chance falls, as ``TwoTurnExpectimax`` does, and then plays the
    round on ``rounds`` times (default 4, each with its own dice, the same for the k-th way of every command) up to its
    own next roll, and scores the position there: every command is then scored at the same moment of the
    game, the start of the seat's next turn, where the rules' ``evaluate`` has no turn under way to guess."""

    def __init__(self, seed: str | int = 0, rounds: int | None = 4, players: int = 3) -> None:
        super().__init__(seed, 1, players)
        self.rounds = max(1, rounds or 4)

    def _on_from(self, rules: Ruleset, after: Any, seat: int, version: int, index: int) -> float:
        total = 0.0
        for sample in range(self.rounds):
            luck = SimRng(random.Random(f"expectimax:{self.seed}:{version}:{index}:{sample}"))
            total += self.value(rules, self._round(rules, after, seat, luck, version), seat)
        return total / self.rounds


class ExactLook(TwoTurnExpectimax):
    """One command ahead, as the greedy bot looks, but each command's dice and draws weighed over every way they
    can fall, each by its probability, where the greedy bot averages three rolls: no search and no round played
    on. The yardstick of what the deeper looks add. It has no budget: one world, every way once."""

    def __init__(self, seed: str | int = 0, simulations: int | None = None, players: int = 3) -> None:
        super().__init__(seed, 1, players)

    def _on_from(self, rules: Ruleset, after: Any, seat: int, version: int, index: int) -> float:
        return self.value(rules, after, seat)


class GreedySeat(GreedyBot):
    """The greedy bot itself in the seat under test: what the seat wins on the same seeds with no best response."""

    def __init__(self, seed: str | int = 0, simulations: int | None = None, players: int = 3) -> None:
        super().__init__(seed)
        self.games = self.departures = 0
