"""One seeded game between bots, as the bots' benchmarks play it: a bot under test in one seat and another
bot in every other seat, the setup and every command's chance from the game's number, and the CPU time
the tested bot spent thinking."""

from __future__ import annotations

import time
from typing import Any

from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset


def play_match(rules: Ruleset, players: int, number: int, me: int, tested: Any, others: Any,
               theirs: list[float] | None = None) -> tuple[Any, int, float]:
    """Game ``number`` played to its end (or 20,000 commands): ``tested`` in seat ``me``, ``others`` in
    the rest. The final state, the tested bot's moves and its CPU seconds (``theirs``, when given, gets the
    other bots' moves and CPU seconds added)."""
    state = rules.new_state(players, rules.resolve_options({}))
    for fact in rules.setup(state, Rng(f"match-{number}", "setup")):
        state = rules.evolve(state, fact)
    moves, spent, version = 0, 0.0, 0
    while rules.outcome(state) is None and version < 20_000:
        seat = rules.to_act(state)[0]
        if seat == me:
            started = time.process_time()
            command = tested.choose(rules, state, seat, version)
            spent += time.process_time() - started
            moves += 1
        else:
            started = time.process_time()
            command = others.choose(rules, state, seat, version)
            if theirs is not None:
                theirs[0] += 1
                theirs[1] += time.process_time() - started
        for fact in rules.decide(state, seat, command, Rng(f"match-{number}", version)):
            state = rules.evolve(state, fact)
        version += 1
    return state, moves, spent
