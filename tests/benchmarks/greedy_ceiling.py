"""How much a seat can win against greedy seats at all: a best response to the greedy policy, as a ceiling
for the search bot's target against greedy bots with three or four players (the fair share plus 10 points).

    python tests/benchmarks/greedy_ceiling.py [--games 200] [--rulesets a,b] [--simulations N] [--players n]
        [--method rollouts|tree|tree-averaged|expectimax|round-expectimax|fitted-look|fitted-round-expectimax|
                  exact-look|greedy]
        [--workers 1] [--first n] [--quick]

The seat under test KNOWS that every other seat plays ``GreedyBot``, and spends far more thinking than a
bot could at the table: for each of its legal commands it plays ``--simulations`` shared out among them
(the same number each) imagined games to their end, every seat after its first command, its own
included, playing as the greedy bot would (each from its own view of the imagined game), and it plays the
greedy bot's own command unless another won more of the same imagined games than luck explains: a real
outcome (a win 1, a draw its share, a loss 0), not the rules' ``evaluate``. It never peeks: each imagined
game starts from ``rules.determinize(state, seat, rng)``, and the k-th imagined game of every command meets
the same hidden cards, and the same dice at the same moment of the game whatever came before (common random
numbers), so commands are compared on the same luck. This is one step of policy improvement over the
greedy policy (a rollout algorithm) that departs from greedy only on evidence: it plays at least about as
well as greedy, and better by as much as the better moves it finds.

``--method tree`` plays instead the search bot of ``domain.thinking.search`` told the same thing: in its tree
every other seat plays its best look-ahead (greedy's command, one roll a command), so all of ``--simulations``
(default 2000 a move, ten times the search bot's default) go to its own commands under greedy answers. It
scores by ``evaluate``, as the search bot does, and searches past its own next turn. ``--method tree-averaged``
is that tree with each greedy seat's commands scored as the mean of three rolls of their dice and draws
(``others="averaged-look-ahead"``), as the greedy bot scores them, not by one roll. ``--method expectimax``
(``greedy_expectimax.py``) looks two of its own turns ahead, closed loop, every chance of its own weighed
exactly and the greedy seats' rounds played on between (``--simulations`` is then the worlds each command is
weighed in, default 1). ``--method round-expectimax`` weighs every way its command falls too, plays the round on
``--simulations`` times (default 4) and scores each at its own next roll, the same moment for every command.
``--method fitted-look`` and ``--method fitted-round-expectimax`` (``fitted_value.py``) are the exact look and the
one-round expectimax scoring by another evaluator: a value fitted to who won 4,000 greedy games of other seeds.
Two yardsticks, not best responses: ``--method greedy`` puts the greedy bot itself in the seat (what the seat
wins on the same seeds with no response at all), ``--method exact-look`` looks one command ahead as the greedy
bot does, but over every way each command's chance can fall, where the greedy bot averages three rolls.

Each row plays ``--games`` seeded games, the games and seats of ``search_strength.py`` (the same seeds, the
seats rotating), and prints the seat's wins with the 95% Wilson interval, the fair share, the target (the
fair share plus 10 points), draws, the games at the rules' turn limit, the imagined games and the share of
its moves where it did not play the greedy bot's command, and the CPU milliseconds a move of the seat and of
its greedy opponents. If even this seat falls short of the target, the target is out of reach of any
search that scores by playing on; if it reaches it, there is room the search bot misses.

``--first`` numbers the games from there (the same seeds as a longer run's later games): a row split between
processes, or games added to it.

``--quick`` uses tiny sizes: it checks that the runner works and measures nothing useful.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

from fitted_value import FittedLook, FittedRoundExpectimax  # noqa: E402
from greedy_expectimax import ExactLook, GreedySeat, OneRoundExpectimax, TwoTurnExpectimax  # noqa: E402
from seeded_match import play_match  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.engine.commands import Command  # noqa: E402
from domain.engine.errors import IllegalCommand  # noqa: E402
from domain.engine.ruleset import Ruleset  # noqa: E402
from domain.thinking.balance.stats import wilson  # noqa: E402
from domain.thinking.greedy import GreedyBot, SimRng, paired_rng, play_out  # noqa: E402
from domain.thinking.search import SearchBot  # noqa: E402

LONGEST = 20_000
"""An imagined game stops after this many commands, as the benchmark's games do."""


def reward(rules: Ruleset, state: Any, seat: int, players: int) -> float:
    """A finished game for the seat: 1 a win, its share of a draw (no winner, or every seat), else 0;
    a game that did not finish counts as a draw."""
    outcome = rules.outcome(state)
    if outcome is None or len(outcome.winners) in (0, players):
        return 1 / players
    return 1.0 if seat in outcome.winners else 0.0


class GreedyBestResponse:
    """A seat that knows every other seat plays ``GreedyBot``: each legal command is tried in
    ``simulations`` imagined games (shared out among the commands), played to their end by greedy
    players; the seat plays the greedy bot's own command unless another won more of the same imagined
    games by more than their luck explains (the mean of the paired differences above ``z`` standard
    errors), and then the one that won most over it. Dice decide much of a game: a plain "most wins"
    from a few dozen games would often pick a worse command by luck, and play worse than greedy."""

    def __init__(self, seed: str | int = 0, simulations: int = 300, players: int = 3, z: float = 1.96) -> None:
        self.seed, self.simulations, self.players, self.z = str(seed), simulations, players, z
        self.games = self.departures = 0

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        legal = rules.legal_commands(state, seat)
        if not legal:
            raise IllegalCommand(f"seat {seat} has no legal command")
        if len(legal) == 1:
            return legal[0]
        each = max(2, self.simulations // len(legal))
        won = [[self._imagine(rules, state, seat, version, visit, command) for visit in range(each)] for command in legal]
        self.games += len(legal) * each
        default = legal.index(GreedyBot(self.seed).choose(rules, state, seat, version))
        best, best_gain = default, 0.0
        for index in range(len(legal)):
            gains = [mine - its for mine, its in zip(won[index], won[default])]
            gain = sum(gains) / each
            error = math.sqrt(sum((g - gain) ** 2 for g in gains) / (each - 1) / each)
            if gain > best_gain and gain > self.z * error:
                best, best_gain = index, gain
        self.departures += best != default
        return legal[best]

    def _imagine(self, rules: Ruleset, state: Any, seat: int, version: int, visit: int, command: Command) -> float:
        """One imagined game: the seat's command on a world it cannot tell from the real one, then greedy
        play to the end; its reward for the seat (a command the world refuses counts as a loss)."""
        world = rules.determinize(state, seat, SimRng(paired_rng(self.seed, version, seat, visit)))
        try:
            world = play_out(rules, world, seat, command, self._dice(visit, version))
        except IllegalCommand:
            return 0.0
        greedy = GreedyBot(f"{self.seed}:{visit}")
        moment = version + 1
        while rules.outcome(world) is None and moment < LONGEST:
            actor = rules.to_act(world)[0]
            world = play_out(rules, world, actor, greedy.choose(rules, world, actor, moment), self._dice(visit, moment))
            moment += 1
        return reward(rules, world, seat, self.players)

    def _dice(self, visit: int, moment: int) -> SimRng:
        """The chance of the command at ``moment`` of the ``visit``-th imagined games: the same for every
        command tried, whatever came before, so that two commands' games roll alike turn by turn."""
        return SimRng(random.Random(f"{self.seed}:{visit}:{moment}"))


class KnowingSearch(SearchBot):
    """The search bot (``domain.thinking.search``) told that every other seat plays greedy (``others=
    "look-ahead"``): in its tree the other seats play their best look-ahead (the greedy bot's command, one roll
    a command, in the world of the simulation) where the search bot searches their replies too, so every
    simulation goes to its own commands, under what greedy seats would answer. ``games`` counts its
    simulations and ``departures`` the moves where it did not play the greedy bot's command."""

    others = "look-ahead"

    def __init__(self, seed: str | int = 0, simulations: int = 2000, players: int = 3) -> None:
        super().__init__(seed, simulations=simulations, others=self.others)
        self.games = self.departures = 0

    def choose(self, rules: Ruleset, state: Any, seat: int, version: int) -> Command:
        command = super().choose(rules, state, seat, version)
        if self.last and self.last.simulations:  # a move with a choice
            self.games += self.last.simulations
            self.departures += command != GreedyBot(self.seed).choose(rules, state, seat, version)
        return command


class AveragingSearch(KnowingSearch):
    """``KnowingSearch`` whose tree scores each greedy seat's commands as the mean of three rolls of their chance
    (``others="averaged-look-ahead"``), as the greedy bot does, where ``KnowingSearch`` ranks them by the one
    roll of the world it first met them in."""

    others = "averaged-look-ahead"


METHODS = {"rollouts": GreedyBestResponse, "tree": KnowingSearch, "tree-averaged": AveragingSearch,
           "expectimax": TwoTurnExpectimax, "round-expectimax": OneRoundExpectimax, "exact-look": ExactLook,
           "greedy": GreedySeat, "fitted-look": FittedLook, "fitted-round-expectimax": FittedRoundExpectimax}
"""``rollouts``: each command tried in imagined games played to their end by greedy seats, scored by the real
outcome; ``tree``: the search bot with the other seats known to play greedy, scored by ``evaluate``;
``expectimax``: two of the seat's own turns, every chance of its own weighed, the greedy rounds between played on;
``round-expectimax``: every chance of its command weighed, the round played on, scored at its next roll; and two
yardsticks: ``exact-look``, one command ahead with every chance weighed, and ``greedy``, the greedy bot itself;
``fitted-look`` and ``fitted-round-expectimax``: the exact look and the round-expectimax scored by a value fitted to
who won greedy games, not by ``evaluate``."""


def one_game(job: tuple[str, int, int, int, str]) -> tuple[float, bool, int, float, float, int, int]:
    """One seeded game (``search_strength.py``'s seeds and seats): the seat's reward, whether it ended at
    the turn limit, the seat's moves, its CPU seconds, the greedy seats' CPU seconds a move, the
    imagined games (or the tree's simulations) the seat played and the moves where it did not play the
    greedy bot's command."""
    name, players, number, simulations, method = job
    rules = registry.get(name)
    me = 1 + number % players
    seat = METHODS[method](f"tested-{number}", simulations, players)
    if hasattr(seat, "prepare"):  # a fitted value is fitted once a process, outside the seat's thinking time
        seat.prepare(rules)
    theirs = [0.0, 0.0]
    state, moves, spent = play_match(rules, players, number, me, seat, GreedyBot(f"opponent-{number}"), theirs)
    outcome = rules.outcome(state)
    return (reward(rules, state, me, players), outcome is not None and outcome.at_limit, moves, spent,
            theirs[1] / max(theirs[0], 1), seat.games, seat.departures)


def jobs(name: str, players: int, games: int, simulations: int, method: str, first: int = 0) -> list[tuple]:
    """The games of a row, numbered from ``first``: each game's seeds and seats follow its number."""
    return [(name, players, number, simulations, method) for number in range(first, first + games)]


def row(name: str, players: int, games: int, simulations: int, workers: int, progress: Callable[[str], None],
        method: str = "rollouts", first: int = 0) -> list[str]:
    results = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        played = pool.map(one_game, jobs(name, players, games, simulations, method, first))
        for number, result in enumerate(played):
            results.append(result)
            if (number + 1) % 10 == 0 or number + 1 == games:
                so_far = sum(1 for result in results if result[0] == 1.0)
                progress(f"  {name}: {so_far}/{number + 1} won")
    wins = sum(1 for result in results if result[0] == 1.0)
    draws = sum(1 for result in results if result[0] not in (0.0, 1.0))
    limits = sum(1 for result in results if result[1])
    moves = sum(result[2] for result in results)
    low, high = wilson(wins, games)
    target = 1 / players + 0.1
    return [name, str(players), f"{wins}/{games}", f"{wins / games:.0%}", f"{low:.0%}–{high:.0%}", f"{1 / players:.0%}",
            str(draws), str(limits), f"{sum(result[5] for result in results) / max(moves, 1):.0f}",
            f"{sum(result[6] for result in results) / max(moves, 1):.0%}",
            f"{sum(result[3] for result in results) / max(moves, 1) * 1000:.0f}",
            f"{sum(result[4] for result in results) / games * 1000:.1f}",
            f"≥ {target:.0%}: {'met' if wins / games >= target else 'not met'}"]


def report(names: Sequence[str], games: int, simulations: int, players: int | None,
           progress: Callable[[str], None], workers: int = 1, method: str = "rollouts", first: int = 0) -> str:
    rows = []
    what = {"rollouts": "imagined games", "expectimax": "worlds of a two-turn expectimax",
            "round-expectimax": "rounds a way of a one-round expectimax", "exact-look": "(no budget: one exact look)",
            "greedy": "(no budget: the greedy bot)", "fitted-look": "(no budget: one exact look, the fitted value)",
            "fitted-round-expectimax": "rounds a way of a one-round expectimax scored by the fitted value"}.get(
        method, "simulations of a tree that knows the greedy seats")
    for name in names:
        seats = players or registry.get(name).min_seats
        progress(f"{name} {seats} players, {simulations} {what} a move")
        started = time.perf_counter()
        rows.append(row(name, seats, games, simulations, workers, progress, method, first))
        progress(f"  {' | '.join(rows[-1][2:])} ({time.perf_counter() - started:.0f} s)")
    headers = ["ruleset", "players", "wins", "win rate", "Wilson 95%", "fair share", "draws", "at limit",
               "imagined games a move", "not greedy's move", "ms a move", "greedy ms a move", "target"]
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)] + ["| " + " | ".join(r) + " |" for r in rows]
    return "\n\n".join([
        f"# A best response to greedy seats ({games} games a row, seats rotating, {simulations} {what} a move)",
        "## A seat that knows its opponents play greedy, against greedy seats",
        "\n".join(lines),
    ]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a row (default 200)")
    parser.add_argument("--rulesets", default="missions,assassination-le", help="comma-separated ruleset names")
    parser.add_argument("--method", choices=sorted(METHODS), default="rollouts",
                        help="rollouts: imagined games to the end, real outcomes (default); tree: the search bot knowing the greedy "
                        "seats; tree-averaged: the same, each greedy seat's commands averaged over three rolls; expectimax: two of "
                        "its own turns ahead, every chance of its own weighed; round-expectimax: its command's every chance weighed, "
                        "the round played on, scored at its next roll; fitted-look, fitted-round-expectimax: the exact look and the "
                        "round-expectimax scored by a value fitted to who won greedy games; yardsticks: exact-look (one command "
                        "ahead, every chance weighed), greedy (the greedy bot itself)")
    parser.add_argument("--simulations", type=int, help="imagined games a move, shared by the commands (default 300), or "
                        "the tree's simulations a move (default 2000, ten times the search bot's default), or the worlds "
                        "the expectimax weighs each command in (default 1), or the rounds the round-expectimax (fitted or "
                        "not) plays on after each way (default 4)")
    parser.add_argument("--players", type=int, help="seats a game (default: the fewest each ruleset takes)")
    parser.add_argument("--workers", type=int, default=1, help="processes for the games (default 1)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (default 0): the same seeds as a "
                        "longer run's later games, to split a row between processes or add games to it")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the runner works, measures nothing useful")
    given = parser.parse_args(argv)
    defaults = {"rollouts": 300, "expectimax": 1, "round-expectimax": 4, "fitted-round-expectimax": 4}
    simulations = given.simulations or defaults.get(given.method, 2000)
    games, simulations = (2, 4) if given.quick else (given.games, simulations)
    print(report(given.rulesets.split(","), games, simulations, given.players,
                 lambda text: print(f"... {text}", file=sys.stderr, flush=True), given.workers, given.method, given.first))
    return 0


if __name__ == "__main__":
    sys.exit(main())
