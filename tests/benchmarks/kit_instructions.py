"""The instructions a seeded random game of each shipped kit with rules costs, counted by Valgrind's callgrind: a
measure of the kit engine's own work that a busy or a throttled machine does not move, so that two versions of the
engine can be told apart where their timings cannot (``kit_rules.py`` times them).

    python tests/benchmarks/kit_instructions.py [--commands 3000] [--kits pig,liars-dice]
    python tests/benchmarks/kit_instructions.py --search 2 [--kits breakthrough]
    python tests/benchmarks/kit_instructions.py --quick      # one small kit, a few games: checks the runner

For each kit, a process of its own plays seeded random games at the kit's fewest seats through the rules alone
(``bots_report.random_game_states``, as ``kit_rules.py`` does), under callgrind: ``N`` games, then ``2N``; the
difference, over ``N``, is one game's instructions, without the interpreter's start, the imports and the kit's
compiling (the same in both). ``N`` is the games that make about ``--commands`` commands. With ``--search N``, the
search bot's moves are counted instead, as ``kit_rules.py`` times them (``bots_report.search_speed``, ``BUDGET``
simulations a move, at every seventh position of seeded random games where the seat has a choice): over ``N``
positions, then ``2N``, the difference over ``N`` one move's instructions (a kit whose seat never has a choice has
none to count). Python's hash seed is set
(``PYTHONHASHSEED=0``), so a run gives the same count again within a fraction of a percent. It needs ``valgrind``
on the path; nothing here is timed, and nothing asserts on a count.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from benchmarks.bots_report import random_game_states, search_speed  # noqa: E402
from benchmarks.kit_rules import RULES, kits_with_rules  # noqa: E402
from domain.games.table_kit.rules import shipped_kit  # noqa: E402

COLLECTED = re.compile(r"Collected : (\d+)")


def played(name: str, games: int) -> int:
    """The commands of ``games`` seeded random games of the kit (seeds 0 on), after one untimed game compiles it."""
    kit = shipped_kit(name)
    options, seats = {"kit": kit}, kit["seats"]["fewest"]
    for _ in random_game_states(RULES, seats, -1, options):
        pass
    return sum(1 for seed in range(games) for _ in random_game_states(RULES, seats, seed, options))


BUDGET = 200
"""The search bot's simulations a move, as ``kit_rules.py`` gives it by default."""


def searched(name: str, positions: int) -> None:
    """The search bot's moves at the first ``positions`` positions of the kit's seeded random games (``search_speed``)."""
    kit = shipped_kit(name)
    search_speed(RULES, positions, BUDGET, {"kit": kit}, kit["seats"]["fewest"])


def counted(name: str, games: int, what: str = "--play") -> int:
    """The instructions a process playing ``games`` games of the kit (``what``: ``--think``, the search bot's moves at
    that many positions) executes, by callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/counts", sys.executable, __file__,
             what, name, str(games)],
            cwd=ROOT, capture_output=True, text=True, check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind could not count {name}: {done.stderr.strip().splitlines()[-1:] or done.returncode}")
    return int(found.group(1))


def kit_row(name: str, commands: int) -> list[str]:
    """A kit's row: the games counted, the commands a game, and the instructions a game and a command."""
    sample = 3
    per_game = played(name, sample) / sample
    games = max(1, math.ceil(commands / max(per_game, 1.0)))
    once, twice = counted(name, games), counted(name, 2 * games)
    a_game = (twice - once) / games
    length = (played(name, 2 * games) - played(name, games)) / games  # the commands of the games counted
    return [name, f"{games} and {2 * games}", f"{length:,.1f}", f"{a_game / 1e6:,.2f} M", f"{a_game / max(length, 1.0) / 1e3:,.0f} k"]


def search_row(name: str, positions: int) -> list[str]:
    """A kit's row of the search bot: the positions counted, and the instructions a move and a simulation."""
    once, twice = counted(name, positions, "--think"), counted(name, 2 * positions, "--think")
    a_move = (twice - once) / positions
    if a_move < BUDGET * 1_000:  # not a simulation's worth: no position had a choice
        return [name, f"{positions} and {2 * positions}", "—", "no choice: one legal command at every position"]
    return [name, f"{positions} and {2 * positions}", f"{a_move / 1e6:,.1f} M", f"{a_move / BUDGET / 1e3:,.0f} k"]


def search_table(rows: Sequence[Sequence[str]]) -> str:
    header = ["kit", "positions counted", "instructions a move", f"instructions a simulation ({BUDGET} a move)"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def table(rows: Sequence[Sequence[str]]) -> str:
    header = ["kit", "games counted", "commands a game", "instructions a game", "instructions a command"]
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)] + ["| " + " | ".join(row) + " |" for row in rows])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=3000, help="commands the games counted make, about (default 3000)")
    parser.add_argument("--kits", help="the kits to count, by name, commas between (default: every shipped kit with rules)")
    parser.add_argument("--quick", action="store_true", help="one small kit, a few games: checks the runner")
    parser.add_argument("--search", type=int, metavar="N", help="count the search bot's moves at N positions, then 2N, "
                        "instead of random games")
    parser.add_argument("--play", nargs=2, metavar=("KIT", "GAMES"), help=argparse.SUPPRESS)  # a counted process
    parser.add_argument("--think", nargs=2, metavar=("KIT", "POSITIONS"), help=argparse.SUPPRESS)  # a counted process
    args = parser.parse_args(argv)
    if args.play:
        played(args.play[0], int(args.play[1]))
        return 0
    if args.think:
        searched(args.think[0], int(args.think[1]))
        return 0
    if args.search is not None and args.search < 1:
        parser.error(f"--search counts one position or more, not {args.search}")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the path: it counts the instructions (apt-get install valgrind)")
    known = kits_with_rules()
    names = ["kuhn-poker"] if args.quick else known if not args.kits else args.kits.split(",")
    unknown = [name for name in names if name not in known]
    if unknown:
        parser.error(f"no shipped kit with rules named {', '.join(unknown)}; they are: {', '.join(known)}")
    if args.search is not None:
        print("## Kits with rules: instructions a move of the search bot\n")
        print(f"Callgrind, `PYTHONHASHSEED=0`: the moves at twice the positions less those at the positions, {BUDGET} "
              "simulations a move, at each kit's fewest seats.\n")
        print(search_table([search_row(name, args.search) for name in names]))
        return 0
    commands = 10 if args.quick else args.commands
    print("## Kits with rules: instructions a seeded random game\n")
    print("Callgrind, `PYTHONHASHSEED=0`: the games counted twice over less once over, at each kit's fewest seats.\n")
    print(table([kit_row(name, commands) for name in names]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
