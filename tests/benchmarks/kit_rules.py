"""How fast a kit's rules play (kit 2's ``play``): random commands per CPU-second through the rules alone
(legal commands, decide, evolve: what a bot's playout and a balance study do) and the search bot's
simulations per CPU-second, for each shipped kit with rules, and the cost of one compiled condition.

    python tests/benchmarks/kit_rules.py [--games 30] [--quick]

``--quick`` plays two games and searches two positions: it checks that the runner works. Nothing here
asserts on a time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

from domain.engine import registry  # noqa: E402
from domain.engine.randomness import Rng  # noqa: E402
from domain.games.table_kit.expressions import compile_expression  # noqa: E402
from domain.games.table_kit.rules import KITS, shipped_kit  # noqa: E402

from benchmarks.bots_report import search_speed  # noqa: E402

RULES = registry.get("table-kit")


def kits_with_rules() -> list[str]:
    return sorted(path.stem for path in KITS.glob("*.yaml") if "play" in shipped_kit(path.stem))


def random_commands(name: str, games: int) -> tuple[int, float]:
    """Commands played and the CPU seconds they took, over ``games`` seeded random games at the fewest seats."""
    kit = shipped_kit(name)
    options = RULES.resolve_options({"kit": kit})
    played, start = 0, time.process_time()
    for game in range(games):
        state = RULES.new_state(kit["seats"]["fewest"], options)
        for fact in RULES.setup(state, Rng(f"setup:{game}", 0)):
            state = RULES.evolve(state, fact)
        pick, version = Rng(f"bot:{game}", 0), 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            command = pick.choice(RULES.legal_commands(state, seat))
            for fact in RULES.decide(state, seat, command, Rng(f"game:{game}", version)):
                state = RULES.evolve(state, fact)
            version, played = version + 1, played + 1
    return played, time.process_time() - start


def condition_microseconds(runs: int) -> float:
    """CPU microseconds a compiled condition takes, with the values it reads."""
    condition = compile_expression("score[seat] + turn_total >= target", {"score", "seat", "turn_total", "target"})
    scope = {"score": {1: 40, 2: 75}, "seat": 2, "turn_total": 12, "target": 100}
    start = time.process_time()
    for _ in range(runs):
        condition.holds(scope)
    return 1e6 * (time.process_time() - start) / runs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    games = 2 if args.quick else args.games
    print("## Kits with rules: random commands through the rules", "", sep="\n")
    print("| kit | games | commands | commands per CPU-second |")
    print("|---|---|---|---|")
    for name in kits_with_rules():
        played, seconds = random_commands(name, games)
        print(f"| {name} | {games} | {played:,} | {played / max(seconds, 1e-9):,.0f} |")
    print("", "## Kits with rules: the search bot", "", "| kit | positions | simulations per CPU-second | ms a move |", "|---|---|---|---|", sep="\n")
    positions = 2 if args.quick else 20
    for name in kits_with_rules():
        kit = shipped_kit(name)
        rate, ms = search_speed(RULES, positions, 20 if args.quick else 200, {"kit": kit}, kit["seats"]["fewest"])
        print(f"| {name} | {positions} | {rate:,.0f} | {ms:,.0f} |")
    print("", f"A compiled condition (`score[seat] + turn_total >= target`): {condition_microseconds(200 if args.quick else 20_000):.1f} "
          "CPU microseconds an evaluation.", sep="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
