"""Benchmarks of the rules' speed and of the bots, per ruleset, printed as Markdown tables.

    python tests/benchmarks/bots_report.py [--games 200] [--budget 200] [--workers 2] [--quick]

- **Rules:** random legal commands applied per CPU-second with the ruleset's pure functions
  (``to_act``, ``legal_commands``, ``decide``, ``evolve``, ``outcome``), one core, seeded games played to
  their end, a plain seeded ``random.Random`` picking the commands and answering the chance.
- **Search:** the search bot's simulations per CPU-second, over positions of seeded random games.
- **Strength:** whole games of the search bot (its budget in simulations) in one seat, the seats
  rotating, against random bots in the others: its wins with the 95% Wilson interval, against its
  fair share (one over the number of players); and the greedy bot likewise. Games are spread over
  ``--workers`` processes; each game is seeded, so a run gives the same figures on any machine but the
  times.

``--quick`` uses tiny sizes: it checks that the runner works and measures nothing useful.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402
from seeded_match import play_match  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.engine.ruleset import Ruleset  # noqa: E402
from domain.thinking.balance.stats import wilson  # noqa: E402
from domain.thinking.bots import RandomBot  # noqa: E402
from domain.thinking.greedy import GreedyBot, SimRng  # noqa: E402
from domain.thinking.search import SearchBot  # noqa: E402

RULES_TARGET, SIMULATIONS_TARGET = 10_000, 500


@dataclass(frozen=True)
class Sizes:
    rules_seconds: float
    search_positions: int
    games: int
    budget: int


FULL = Sizes(rules_seconds=3.0, search_positions=20, games=200, budget=200)
QUICK = Sizes(rules_seconds=0.05, search_positions=1, games=1, budget=4)


def random_game_states(rules: Ruleset, players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
    """The states of one seeded random game, in order, with the seat to act at each. One plain seeded
    ``random.Random`` picks the commands and answers the chance (as bots' imagined games do), so what is
    measured is the rules' own functions."""
    source = random.Random(f"bench-{seed}")
    rng = SimRng(source)
    state = rules.new_state(players, rules.resolve_options(options or {}))
    for fact in rules.setup(state, rng):
        state = rules.evolve(state, fact)
    version = 0
    while rules.outcome(state) is None and version < 20_000:
        seat = rules.to_act(state)[0]
        yield state, seat
        legal = rules.legal_commands(state, seat)
        for fact in rules.decide(state, seat, legal[source.randrange(len(legal))], rng):
            state = rules.evolve(state, fact)
        version += 1


def rules_speed(rules: Ruleset, seconds: float, options: dict[str, Any] | None = None, players: int | None = None) -> float:
    """Random legal commands applied per CPU-second (legal_commands, decide, evolve), whole seeded games played
    for at least ``seconds``, at the fewest players unless told."""
    return rules_games(rules, seconds, options, players)[0]


def rules_games(rules: Ruleset, seconds: float, options: dict[str, Any] | None = None,
                players: int | None = None) -> tuple[float, int, int]:
    """``rules_speed``'s commands per CPU-second, with the games and commands it played."""
    def commands_of(seed: int) -> int:
        return sum(1 for _ in random_game_states(rules, players or rules.min_seats, seed, options))

    return timed_games(commands_of, seconds)


def timed_games(commands_of: Callable[[int], int], seconds: float) -> tuple[float, int, int]:
    """Games ``commands_of(0)``, ``commands_of(1)``, ... played for at least ``seconds`` of CPU: their commands per
    CPU-second, the games and the commands. The CPU clock (a system call, some microseconds on a virtual machine) is
    read between batches of games, each batch twice the last until they take a fiftieth of a second, so a game of two
    commands is not timed mostly by the clock."""
    commands, seed, batch, started = 0, 0, 1, time.process_time()
    while True:
        before = time.process_time()
        for _ in range(batch):
            commands += commands_of(seed)
            seed += 1
        now = time.process_time()
        if now - started >= seconds and commands:
            return commands / (now - started), seed, commands
        if now - before < 0.02:
            batch *= 2


def search_speed(rules: Ruleset, positions: int, budget: int, options: dict[str, Any] | None = None,
                 players: int | None = None) -> tuple[float, float]:
    """The search bot's simulations per CPU-second, and its CPU milliseconds per move, over positions of
    seeded random games (every seventh, where the seat has a choice), at the fewest players unless told."""
    runs, spent, moves, seed = 0, 0.0, 0, 0
    while moves < positions and seed < 50:
        for number, (state, seat) in enumerate(random_game_states(rules, players or rules.min_seats, seed, options)):
            if number % 7 or len(rules.legal_commands(state, seat)) < 2:
                continue
            bot = SearchBot(seed, simulations=budget)
            started = time.process_time()
            bot.choose(rules, state, seat, number)
            spent += time.process_time() - started
            runs += bot.last.simulations if bot.last else 0
            moves += 1
            if moves >= positions:
                break
        seed += 1
    return runs / spent if spent else 0.0, spent / max(moves, 1) * 1000


def one_game(job: tuple[str, int, int, str, int]) -> tuple[bool, int, float]:
    """One seeded game of a thinking bot against random bots: (won, its moves, its CPU seconds)."""
    name, players, number, strategy, budget = job
    rules = registry.get(name)
    me = 1 + number % players
    thinker: Any = SearchBot(number, simulations=budget) if strategy == "search" else GreedyBot(number)
    others = RandomBot(number)
    state, moves, spent = play_match(rules, players, number, me, thinker, others)
    outcome = rules.outcome(state)
    return bool(outcome and me in outcome.winners), moves, spent


def strength(pool: ProcessPoolExecutor, name: str, players: int, games: int, strategy: str, budget: int) -> list[str]:
    results = list(pool.map(one_game, [(name, players, n, strategy, budget) for n in range(games)]))
    wins = sum(won for won, _, _ in results)
    moves = sum(m for _, m, _ in results)
    low, high = wilson(wins, games)
    fair = 1 / players
    target = "≥ 90%, low ≥ 85%" if players == 2 else f"≥ {2.5 * fair:.0%} (2.5× fair)"
    met = (wins / games >= 0.9 and low >= 0.85) if players == 2 else wins / games >= 2.5 * fair
    return [name, str(players), strategy, f"{wins}/{games}", f"{wins / games:.0%}", f"{low:.0%}–{high:.0%}", f"{fair:.0%}",
            f"{sum(s for _, _, s in results) / max(moves, 1) * 1000:.0f}", f"{target}: {'met' if met else 'not met'}"]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def rules_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["ruleset", "commands/s", f"target {RULES_TARGET:,}"], rows)


def search_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["ruleset", "simulations/s", "ms a move", f"target {SIMULATIONS_TARGET}"], rows)


def strength_table(rows: Sequence[Sequence[str]]) -> str:
    return table(["ruleset", "players", "bot", "wins", "win rate", "Wilson 95%", "fair share", "ms a move", "target"], rows)


def guide_headers() -> dict[str, list[str]]:
    """The header row of each table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"rules": guide_pages.header(rules_table([])), "search": guide_pages.header(search_table([])),
            "strength": guide_pages.header(strength_table([]))}


def report(sizes: Sizes, workers: int, progress: Callable[[str], None], guide: dict[str, str] | None = None) -> str:
    """The printed report; ``guide``, when given, gets its three tables by their markers' names."""
    rulesets = [rules for rules in registry.all_rulesets() if rules.knows_the_rules]
    speed_rows, search_rows, strength_rows = [], [], []
    for rules in rulesets:
        progress(f"rules speed: {rules.name}")
        rate = rules_speed(rules, sizes.rules_seconds)
        speed_rows.append([rules.name, f"{rate:,.0f}", "met" if rate >= RULES_TARGET else "not met"])
        progress(f"search speed: {rules.name}")
        sims, ms = search_speed(rules, sizes.search_positions, sizes.budget)
        search_rows.append([rules.name, f"{sims:,.0f}", f"{ms:.0f}", "met" if sims >= SIMULATIONS_TARGET else "not met"])
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for rules in rulesets:
            for players in sorted({rules.min_seats, rules.max_seats}):
                for strategy in ("search", "greedy"):
                    progress(f"strength: {rules.name} {players} players, {strategy}")
                    strength_rows.append(strength(pool, rules.name, players, sizes.games, strategy, sizes.budget))
    tables = {"rules": rules_table(speed_rows), "search": search_table(search_rows), "strength": strength_table(strength_rows)}
    if guide is not None:
        guide.update(tables)
    return "\n\n".join([
        f"# Bots and rules, per ruleset (search budget {sizes.budget} simulations a move)",
        "## Rules: random legal commands per CPU-second (pure functions, one core)",
        tables["rules"],
        "## Search bot: simulations per CPU-second",
        tables["search"],
        "## Strength against random bots",
        tables["strength"],
    ]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, help="games per ruleset, seat count and bot (default 200)")
    parser.add_argument("--budget", type=int, help="the search bot's simulations a move (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the games (default 2)")
    guide_pages.add_options(parser)
    given = guide_pages.parse(parser, argv)
    sizes = QUICK if given.quick else FULL
    sizes = Sizes(sizes.rules_seconds, sizes.search_positions, given.games or sizes.games, given.budget or sizes.budget)
    guide: dict[str, str] = {}
    print(report(sizes, given.workers, lambda text: print(f"... {text}", file=sys.stderr, flush=True), guide))
    if given.write_guide:
        guide_pages.report_written(guide_pages.write("bots_report.py", guide, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
