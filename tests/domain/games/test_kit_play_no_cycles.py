"""Reading and playing a kit leave no reference cycles behind: every table, board, scope and command the rules make,
and every part of a kit read, is let go as soon as nothing uses it (by its count of references), not kept until
Python's garbage collector runs and searches the objects still alive for cycles (a pass that costs time in
proportion to them). Every shipped kit read from its file, seeded random games of every shipped kit with rules,
and the search bot's moves on some, are each done with the collector paused, then it finds nothing to collect. A
scope that kept a function holding the scope, a board holding its table, a walk calling itself by a name it held
(of choices, of named values) and an expression's builder holding its own methods each made cycles."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from typing import Any

import pytest

from domain.engine import registry
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking.bots import SearchBot
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
KIT = {path.stem: shipped_kit(path.stem) for path in KITS.glob("*.yaml")}
"""Each shipped kit, read once (as a process keeps it): what is looked at is the play, not the reading."""
WITH_RULES = sorted(name for name, kit in KIT.items() if "play" in kit)


def _positions(name: str, seed: int) -> Iterator[tuple[Any, int, int]]:
    """The tables of one seeded random game of the kit at its fewest seats, with the seat to act and the number."""
    kit = KIT[name]
    source = random.Random(f"cycles-{name}-{seed}")
    rng = SimRng(source)
    state = RULES.new_state(kit["seats"]["fewest"], RULES.resolve_options({"kit": kit}))
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    number = 0
    while RULES.outcome(state) is None and number < 2_000:
        seat = RULES.to_act(state)[0]
        yield state, seat, number
        legal = RULES.legal_commands(state, seat)
        for fact in RULES.decide(state, seat, legal[source.randrange(len(legal))], rng):
            state = RULES.evolve(state, fact)
        number += 1


def _garbage(play: Any) -> list[str]:
    """The kinds of the objects ``play()`` left in cycles (none: nothing for the collector to find)."""
    play()  # the kit read and compiled once first, as a process keeps it, so only the play is looked at
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        play()
        gc.collect()
        return sorted({type(found).__name__ for found in gc.garbage})
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


@pytest.mark.parametrize("name", sorted(KIT))
def test_reading_and_checking_a_kit_leaves_no_cycles(name: str) -> None:
    assert _garbage(lambda: shipped_kit(name)) == []


@pytest.mark.parametrize("name", WITH_RULES)
def test_random_games_of_a_kit_leave_no_cycles(name: str) -> None:
    def play() -> None:
        for seed in range(3):
            for _ in _positions(name, seed):
                pass

    assert _garbage(play) == []


@pytest.mark.parametrize("name", ["breakthrough", "liars-dice", "missions-with-rules"])
def test_the_search_bots_moves_on_a_kit_leave_no_cycles(name: str) -> None:
    def play() -> None:
        for state, seat, number in _positions(name, 0):
            if number % 5 == 0 and len(RULES.legal_commands(state, seat)) > 1:
                SearchBot(0, simulations=16).choose(RULES, state, seat, number)
            if number > 30:
                break

    assert _garbage(play) == []
