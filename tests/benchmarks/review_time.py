"""How long a game's review takes (``ludolog review``, ``GET /games/{id}/review``), at the default budget.

    python tests/benchmarks/review_time.py [--events 300] [--rulesets a,b] [--budget N] [--quick] [--write-guide]

For each ruleset a seeded game is played on an in-memory store by a greedy bot (seat 1) against random
bots until it ends or reaches ``--events`` events, then reviewed once as its owner through
``replays.reviews.review_game``: each command's chances estimated by playouts, each choice judged by the
search bot. A row gives the game's events, commands and the choices judged, the review's wall-clock
seconds (one process, one core) and its milliseconds per command. ``--quick`` uses tiny sizes: it checks
that the runner works and measures nothing useful. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages  # noqa: E402

from domain.engine import registry  # noqa: E402
from domain.keeping.access import OWNER  # noqa: E402
from domain.keeping.service import GameService  # noqa: E402
from domain.keeping.store import store_env  # noqa: E402
from domain.thinking.bots import RandomBot  # noqa: E402
from domain.thinking.greedy import GreedyBot  # noqa: E402
from domain.thinking.review import DEFAULT_BUDGET  # noqa: E402
from replays.reviews import moves_of, review_game  # noqa: E402

RULESETS = ("location-ccg", "squad-combat", "project-assassination", "infection")


def played(service: GameService, ruleset: str, events: int) -> object:
    """A seeded game, greedy seat 1 against random seats, until it ends or has ``events`` events."""
    rules = registry.get(ruleset)
    seats = [f"Seat {n}" for n in range(1, rules.min_seats + 1)]
    game_id = service.create_game(ruleset, seats, seed=f"review-{ruleset}")
    bots = {1: GreedyBot("g")} | {n: RandomBot(f"r{n}") for n in range(2, len(seats) + 1)}
    while (game := service.game(game_id)).outcome() is None and game.version < events:
        seat = game.to_act()[0]
        service.submit(game_id, seat, bots[seat].choose(game.rules, game.state, seat, game.version))
    return game_id


def table(rows: Sequence[Sequence[str]]) -> str:
    """The table: its header, and the rows given (none: the header alone, printed before the first game)."""
    header = ["ruleset", "events", "commands", "choices judged", "seconds", "ms a command"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"review": guide_pages.header(table([]))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=300, help="the most events a game is played to (default 300)")
    parser.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated ruleset names")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help=f"the review's budget (default {DEFAULT_BUDGET})")
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser, argv)
    events, budget = (40, 2) if args.quick else (args.events, args.budget)
    print(f"## A game's review at a budget of {budget} simulations a choice", "", sep="\n")
    print(table([]))
    rows = []
    for ruleset in args.rulesets.split(","):
        service = GameService(env=store_env(None))
        game_id = played(service, ruleset, events)
        commands = len(moves_of(service, game_id))
        started = time.perf_counter()
        found = review_game(service, game_id, OWNER, budget)
        seconds = time.perf_counter() - started
        total = service.game(game_id).version
        rows.append([ruleset, str(total), str(commands), str(found.judged), f"{seconds:.1f}", f"{1000 * seconds / max(1, commands):.0f}"])
        print("| " + " | ".join(rows[-1]) + " |", flush=True)
        service.close()
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("review_time.py", {"review": table(rows)}, argv))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
