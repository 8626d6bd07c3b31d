"""How strong the search bot is against the greedy bot, against itself on a smaller budget, and against OpenSpiel's
ISMCTS at the same CPU time a move, per ruleset.

    python tests/benchmarks/search_strength.py [--games 60] [--workers 2] [--rulesets a,b] [--matchups m,n] [--ms 100]
                                               [--players n] [--first n] [--quick]

Each row plays ``--games`` seeded games (each game's chance from its own seed, the same for every row):
one seat holds the bot under test, the seats rotating from game to game, and the opponent's bot holds
every other seat. It prints the test bot's wins with the 95% Wilson interval, the fair share (one over
the number of players), the target, the games that ended in a draw, the test bot's points (a win 1, a
draw shared among the players, as chess engines are scored: a bot that draws more is not hidden), the
games that ended at the rules' turn limit and how many of those the test bot won (a game stopped at the limit
is decided by the rules' limit, not played out: its wins are told apart), and the test bot's and its
opponents' mean CPU milliseconds a move. The targets count wins.

- ``search-vs-greedy``: the search bot at its default budget against greedy bots. Target: at least 60%
  of the games with the interval's low end above 50% with two players, and the fair share plus 10 points
  with three or four.
- ``search400-vs-search50``: the search bot at 400 simulations a move against itself at 50. Target: at
  least 55% with two players (more thinking must pay).
- ``search-vs-ismcts``: the search bot against OpenSpiel's information-set MCTS scoring its leaves with
  the same ``evaluate`` (``openspiel-ismcts``), both at the same CPU time a move (``--ms``, 100 by
  default: each bot's budget in milliseconds). Target: at least 60% with the interval's low end above 50%
  with two players, more than the fair share with three or four.
- ``search-vs-ismcts-random``: the same, OpenSpiel's ISMCTS scoring by one random playout to the end (its
  textbook setting).
- ``search-vs-greedy`` and ``ismcts-vs-greedy`` at ``--ms`` a move: the two searches against the same
  greedy seats at the same CPU time.
- ``ismcts-vs-search`` and ``greedy-vs-ismcts``: the other way round, one seat against the others' bot, to
  tell a stronger bot from an edge of the seats' numbers (with three players, a bot alone against two of
  another kind).

``--first`` numbers the games from there (the same seeds as a longer run's later games), to add games to a
row already run.

``--quick`` uses tiny sizes: it checks that the runner works and measures nothing useful.
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

from seeded_match import play_match  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.thinking.balance.stats import wilson  # noqa: E402
from domain.thinking.greedy import GreedyBot  # noqa: E402
from domain.thinking.search import DEFAULT_SIMULATIONS, LEAVES, OTHERS, SCALES, SearchBot  # noqa: E402
from domain.thinking.spiel.bots import OpenSpielBot  # noqa: E402


@dataclass(frozen=True)
class Matchup:
    """A bot under test and the bot in every other seat, each by strategy and budget in simulations."""

    name: str
    tested: tuple[str, int | str]
    opponent: tuple[str, int | str]


MATCHUPS = {
    "search-vs-greedy": Matchup("search-vs-greedy", ("search", DEFAULT_SIMULATIONS), ("greedy", 0)),
    "search400-vs-search50": Matchup("search400-vs-search50", ("search", 400), ("search", 50)),
    "search-vs-ismcts": Matchup("search-vs-ismcts", ("search", "ms"), ("ismcts", "ms")),
    "search-vs-ismcts-random": Matchup("search-vs-ismcts-random", ("search", "ms"), ("ismcts-random", "ms")),
    "search-ms-vs-greedy": Matchup("search-ms-vs-greedy", ("search", "ms"), ("greedy", 0)),
    "ismcts-vs-greedy": Matchup("ismcts-vs-greedy", ("ismcts", "ms"), ("greedy", 0)),
    "ismcts-vs-search": Matchup("ismcts-vs-search", ("ismcts", "ms"), ("search", "ms")),
    "greedy-vs-ismcts": Matchup("greedy-vs-ismcts", ("greedy", 0), ("ismcts", "ms")),
}
DEFAULT = ("search-vs-greedy", "search400-vs-search50")
"""The matchups run unless others are asked for."""
PLAYERS: list[int] = []
"""The seats a game (``--players``); the fewest each ruleset takes when empty."""
MILLISECONDS = [100.0]
"""Each bot's time a move in the matchups at equal CPU (``--ms``)."""
FIRST = [0]
"""The first game's number (``--first``): a run from 60 adds 60 other games to a run of the first 60."""


SETTINGS = sorted(set(inspect.signature(SearchBot).parameters) - {"seed", "simulations", "milliseconds", "limit_ms"})
"""The search bot's settings a run may change."""
WORDS = {"others": OTHERS, "leaf": LEAVES, "scale": SCALES}
"""The settings given in words, each with the words it takes."""
SEARCH_OPTIONS: dict[str, float | str] = {}
"""Settings given to every search bot (``--search-option name=value``): for trying a change."""


def make(strategy: str, budget: int | str, seed: str, quick: bool = False) -> Any:
    """A bot by strategy; ``budget`` in simulations, or ``"ms"`` for ``MILLISECONDS`` a move."""
    if strategy == "greedy":
        return GreedyBot(seed)
    given = ({"simulations": 4} if quick else {"milliseconds": MILLISECONDS[0]}) if budget == "ms" else {"simulations": budget}
    if strategy.startswith("ismcts"):
        return OpenSpielBot("ismcts", seed, **given, rollouts=1 if strategy == "ismcts-random" else 0)  # type: ignore[arg-type]
    return SearchBot(seed, **{**given, **SEARCH_OPTIONS})  # type: ignore[arg-type]


def one_game(job: tuple[str, int, int, str, bool, dict[str, float | str], float]) -> tuple[int, bool, int, float, float]:
    """One seeded game: (outcome for the tested bot: 1 won, 0 lost, -1 drawn; at the turn limit; its
    moves, its CPU seconds; the opponents' CPU seconds a move)."""
    name, players, number, matchup_name, quick, options, milliseconds = job
    SEARCH_OPTIONS.update(options)
    MILLISECONDS[0] = milliseconds
    rules = registry.get(name)
    matchup = MATCHUPS[matchup_name]
    tested_budget, opponent_budget = matchup.tested[1], matchup.opponent[1]
    if quick:
        tested_budget = min(tested_budget, 4) if isinstance(tested_budget, int) else tested_budget
        opponent_budget = min(opponent_budget, 2) if isinstance(opponent_budget, int) else opponent_budget
    me = 1 + number % players
    tested = make(matchup.tested[0], tested_budget, f"tested-{number}", quick)
    opponent = make(matchup.opponent[0], opponent_budget, f"opponent-{number}", quick)
    theirs = [0.0, 0.0]
    state, moves, spent = play_match(rules, players, number, me, tested, opponent, theirs)
    outcome = rules.outcome(state)
    won = 1 if outcome is not None and me in outcome.winners and len(outcome.winners) < players else 0
    drawn = outcome is not None and len(outcome.winners) in (0, players)
    at_limit = outcome is not None and outcome.at_limit
    return (-1 if drawn else won), at_limit, moves, spent, theirs[1] / max(theirs[0], 1)


def row(pool: ProcessPoolExecutor, name: str, players: int, games: int, matchup: str, quick: bool,
        progress: Callable[[str], None] = lambda text: None) -> list[str]:
    jobs = [(name, players, n, matchup, quick, SEARCH_OPTIONS, MILLISECONDS[0]) for n in range(FIRST[0], FIRST[0] + games)]
    results = []
    for result in pool.map(one_game, jobs):
        results.append(result)
        if len(results) % 10 == 0 and len(results) < games:  # an hour's row says how it goes
            progress(f"  {name}: {sum(1 for won, *_ in results if won == 1)}/{len(results)} won")
    wins = sum(1 for result, *_ in results if result == 1)
    draws = sum(1 for result, *_ in results if result == -1)
    limits = sum(1 for _, at_limit, *_ in results if at_limit)
    won_at_limit = sum(1 for won, at_limit, *_ in results if at_limit and won == 1)
    moves = sum(result[2] for result in results)
    theirs = sum(result[4] for result in results) / games
    low, high = wilson(wins, games)
    fair = 1 / players
    if matchup in ("search-vs-greedy", "search-ms-vs-greedy", "ismcts-vs-greedy"):
        target = "≥ 60%, low > 50%" if players == 2 else f"≥ {fair + 0.1:.0%}"
        met = (wins / games >= 0.6 and low > 0.5) if players == 2 else wins / games >= fair + 0.1
    elif matchup.startswith("search-vs-ismcts"):
        target = "≥ 60%, low > 50%" if players == 2 else f"> {fair:.0%}"
        met = (wins / games >= 0.6 and low > 0.5) if players == 2 else wins / games > fair
    else:
        target = "≥ 55%" if players == 2 else f"> {fair:.0%}"
        met = wins / games >= 0.55 if players == 2 else wins / games > fair
    points = (wins + draws / players) / games
    return [name, str(players), matchup, f"{wins}/{games}", f"{wins / games:.0%}", f"{low:.0%}–{high:.0%}", f"{fair:.0%}",
            str(draws), f"{points:.0%}", str(limits), str(won_at_limit), f"{sum(result[3] for result in results) / max(moves, 1) * 1000:.0f}",
            f"{theirs * 1000:.0f}", f"{target}: {'met' if met else 'not met'}"]


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def report(names: Sequence[str], matchups: Sequence[str], games: int, workers: int, quick: bool,
           progress: Callable[[str], None]) -> str:
    rows = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name in names:
            rules = registry.get(name)
            for matchup in matchups:
                players = PLAYERS[0] if PLAYERS else rules.min_seats
                progress(f"{name} {players} players, {matchup}")
                started = time.perf_counter()
                rows.append(row(pool, name, players, games, matchup, quick, progress))
                progress(f"  {' | '.join(rows[-1][3:])} ({time.perf_counter() - started:.0f} s)")
    return "\n\n".join([
        f"# Search bot strength ({games} games a row, seats rotating, default budget {DEFAULT_SIMULATIONS} simulations, "
        f"{MILLISECONDS[0]:.0f} ms a move at equal CPU)",
        "## The search bot against greedy bots, and against itself on a smaller budget",
        table(["ruleset", "players", "matchup", "wins", "win rate", "Wilson 95%", "fair share", "draws", "points",
               "at limit", "won at limit", "ms a move", "their ms a move", "target"], rows),
    ]) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games a row (default 60)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the games (default 2)")
    parser.add_argument("--rulesets", help="comma-separated ruleset names (default: all)")
    parser.add_argument("--matchups", default=",".join(DEFAULT), help=f"comma-separated: {', '.join(MATCHUPS)} (default: {', '.join(DEFAULT)})")
    parser.add_argument("--ms", type=float, default=100.0, help="each bot's milliseconds a move at equal CPU (default 100)")
    parser.add_argument("--players", type=int, help="seats a game (default: the fewest each ruleset takes)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number (default 0)")
    parser.add_argument("--search-option", action="append", default=[], metavar="NAME=VALUE",
                        help="a search bot setting to try (like exploration=1.0); may be repeated")
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the runner works, measures nothing useful")
    given = parser.parse_args(argv)
    names = given.rulesets.split(",") if given.rulesets else [rules.name for rules in registry.all_rulesets() if rules.knows_the_rules]
    matchups = given.matchups.split(",")
    MILLISECONDS[0] = given.ms
    FIRST[0] = given.first
    PLAYERS[:] = [given.players] if given.players else []
    games = 2 if given.quick else given.games
    for setting in given.search_option:
        key, equals, value = setting.partition("=")
        try:
            SEARCH_OPTIONS[key] = value if key in WORDS else float(value) if "." in value else int(value)
        except ValueError:
            equals = ""
        if key in WORDS and value not in WORDS[key]:
            parser.error(f"--search-option {setting!r}: {key} is one of {', '.join(WORDS[key])}")
        if key not in SETTINGS or not equals:
            parser.error(f"--search-option {setting!r}: expected NAME=NUMBER, NAME one of {', '.join(SETTINGS)}")
    print(report(names, matchups, games, given.workers, given.quick,
                 lambda text: print(f"... {text}", file=sys.stderr, flush=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
