"""How much better than the greedy bot's one choice can be: the room a bot that chooses better, one choice at
a time, has against greedy seats, per ruleset.

    python tests/benchmarks/choice_room.py [--games 24] [--finishes 160] [--workers 2] [--rulesets a,b] [--quick]

Greedy bots play the search benchmark's seeded games (the same setups, the seat under study rotating).
At each choice of that seat (a position with more than one legal command), every legal command is played
on the true position and the game finished ``--finishes`` times by greedy bots, the k-th finish of every
command on the same dice (common random numbers). A finish scores the seat's points: 1 a win, a draw
shared among the players, 0 a loss. The command that scores best on the even finishes is judged on the
odd ones against the greedy bot's own command, and the other way round; the mean of the two is that
choice's room: what a bot choosing by half the finishes would gain over the greedy choice, judged on
finishes it did not see (so not the luck of picking the best of many noisy means). A game's room is the
sum over its choices, in percentage points of a win: what always taking the better-looking command
would add to the seat's share of the game, if the rest of the game went on as before.

It prints, per ruleset, the games and the choices studied, the mean room a game with its standard
error, the mean number of commands a choice offered, and the CPU seconds a choice cost. A room near
zero (or below it) says that no bot thinking one choice at a time on these finishes can beat greedy
seats by much; the finishes cost many times the search bot's 1 s a move.

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

import guide_pages  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.engine.randomness import Rng  # noqa: E402
from domain.engine.ruleset import Ruleset  # noqa: E402
from domain.thinking.greedy import GreedyBot, SimRng, key_of, play_out  # noqa: E402

LONGEST_FINISH = 5_000
"""Commands a finish may take before it is scored as it stands (a draw): a guard, never reached in the
rulesets' seeded games."""


def room(even: dict[str, float], odd: dict[str, float], greedy: str) -> float:
    """One choice's room: the best-looking command on each half of the finishes, judged on the other half
    against the greedy command; the mean of the two judgements (each ``dict`` a command's mean points)."""
    best_even = max(even, key=lambda key: (even[key], key == greedy))
    best_odd = max(odd, key=lambda key: (odd[key], key == greedy))
    return ((odd[best_even] - odd[greedy]) + (even[best_odd] - even[greedy])) / 2


def points(rules: Ruleset, state: Any, seat: int, players: int) -> float:
    outcome = rules.outcome(state)
    if outcome is None or len(outcome.winners) in (0, players):
        return 1 / players
    return 1.0 if seat in outcome.winners else 0.0


def finish(rules: Ruleset, state: Any, seat: int, command: dict, players: int, luck: random.Random,
           finishers: GreedyBot) -> float:
    """The seat's points after its command and greedy bots in every seat to the end, chance from ``luck``."""
    rng = SimRng(luck)
    state = play_out(rules, state, seat, command, rng)
    for step in range(LONGEST_FINISH):
        if rules.outcome(state) is not None:
            break
        actor = rules.to_act(state)[0]
        state = play_out(rules, state, actor, finishers.choose(rules, state, actor, step), rng)
    return points(rules, state, seat, players)


def study_choice(rules: Ruleset, state: Any, seat: int, players: int, greedy: dict, finishes: int,
                 label: str) -> tuple[float, int]:
    """The room of one choice and the number of commands it offered."""
    legal = rules.legal_commands(state, seat)
    halves: tuple[dict[str, float], dict[str, float]] = ({}, {})
    for command in legal:
        key = key_of(command)
        totals = [0.0, 0.0]
        for k in range(finishes):
            luck = random.Random(f"choice-room:{label}:{k}")
            finishers = GreedyBot(f"finisher-{label}-{k}")
            totals[k % 2] += finish(rules, state, seat, command, players, luck, finishers)
        for half in (0, 1):
            halves[half][key] = totals[half] / max(1, (finishes + 1 - half) // 2)
    return room(halves[0], halves[1], key_of(greedy)), len(legal)


def one_game(job: tuple[str, int, int, int]) -> tuple[float, int, int, float]:
    """Game ``number`` between greedy bots, each choice of the studied seat studied: (the game's room in
    points of a win, its choices, the commands they offered, CPU seconds)."""
    name, players, number, finishes = job
    rules = registry.get(name)
    me = 1 + number % players
    mine, others = GreedyBot(f"tested-{number}"), GreedyBot(f"opponent-{number}")
    state = rules.new_state(players, rules.resolve_options({}))
    for fact in rules.setup(state, Rng(f"match-{number}", "setup")):
        state = rules.evolve(state, fact)
    total, choices, offered, started, version = 0.0, 0, 0, time.process_time(), 0
    while rules.outcome(state) is None and version < 20_000:
        seat = rules.to_act(state)[0]
        command = (mine if seat == me else others).choose(rules, state, seat, version)
        if seat == me and len(rules.legal_commands(state, seat)) > 1:
            gained, count = study_choice(rules, state, seat, players, command, finishes, f"{name}:{number}:{version}")
            total, choices, offered = total + gained, choices + 1, offered + count
        for fact in rules.decide(state, seat, command, Rng(f"match-{number}", version)):
            state = rules.evolve(state, fact)
        version += 1
    return total * 100, choices, offered, time.process_time() - started


def row(pool: ProcessPoolExecutor, name: str, players: int, games: int, finishes: int) -> list[str]:
    results = list(pool.map(one_game, [(name, players, number, finishes) for number in range(games)]))
    rooms = [gained for gained, *_ in results]
    choices = sum(count for _, count, _, _ in results)
    mean = sum(rooms) / games
    spread = math.sqrt(sum((r - mean) ** 2 for r in rooms) / (games - 1)) / math.sqrt(games) if games > 1 else 0.0
    offered = sum(count for _, _, count, _ in results) / max(choices, 1)
    seconds = sum(spent for *_, spent in results) / max(choices, 1)
    return [name, str(players), str(games), str(choices), f"{mean:+.1f}", f"{spread:.1f}", f"{offered:.1f}",
            str(finishes), f"{seconds:.1f}"]


def table(rows: Sequence[Sequence[str]]) -> str:
    headers = ["ruleset", "players", "games", "choices", "room a game (points)", "standard error",
               "commands a choice", "finishes a command", "s a choice"]
    return "\n".join(["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)] + ["| " + " | ".join(r) + " |" for r in rows])


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"room": guide_pages.header(table([]))}


def report(names: Sequence[str], games: int, finishes: int, workers: int, progress: Callable[[str], None],
           guide: dict[str, str] | None = None) -> str:
    """The printed report; ``guide``, when given, gets its table by its marker's name."""
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name in names:
            players = registry.get(name).min_seats
            progress(f"{name} {players} players")
            started = time.perf_counter()
            rows.append(row(pool, name, players, games, finishes))
            progress(f"  {' | '.join(rows[-1][2:])} ({time.perf_counter() - started:.0f} s)")
    if guide is not None:
        guide["room"] = table(rows)
    return "\n\n".join([
        f"# Room for a better choice than greedy's ({games} games, {finishes} greedy finishes a command)",
        "## Each choice's best-looking command judged on other finishes against the greedy command",
        table(rows),
    ]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24, help="games a ruleset (default 24)")
    parser.add_argument("--finishes", type=int, default=160, help="greedy finishes of each command (default 160)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the games (default 2)")
    parser.add_argument("--rulesets", default="assassination-le,missions",
                        help="comma-separated ruleset names (default: the three-player ones)")
    guide_pages.add_options(parser)
    given = guide_pages.parse(parser, argv)
    games, finishes = (2, 2) if given.quick else (given.games, given.finishes)
    if games < 1 or finishes < 2:
        parser.error("--games must be at least 1 and --finishes at least 2")
    guide: dict[str, str] = {}
    print(report(given.rulesets.split(","), games, finishes, given.workers,
                 lambda text: print(f"... {text}", file=sys.stderr, flush=True), guide))
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("choice_room.py", guide, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
