"""The search bot finds the command that wins at once, and steers clear of the one that loses at once, in
every ruleset, at its default budget.

The positions are found, not written: seeded random games are scanned for a position where the seat to
act has a command that wins the game at once whatever its seat cannot see and whatever the dice say
(checked over several determinized worlds and rolls), and at least as many that do not (a coin could
not pass). Where the scan finds none of those, it looks for the other kind: a position where at least
half the commands lose at once and another does not.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain.engine import registry
from domain.engine.commands import Command
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import SimRng, key_of, play_out
from domain.thinking.search import SearchBot

WORLDS = 4
"""How many determinized worlds and rolls a command must win (or lose) in to count as deciding."""


def ending(rules: Ruleset, state: Any, seat: int, command: Command) -> str:
    """``"wins"`` or ``"loses"`` if the command ends the game so for the seat in every world tried, else ``"open"``."""
    ends = set()
    for world_number in range(WORLDS):
        source = random.Random(f"decisive-{world_number}")
        world = rules.determinize(state, seat, SimRng(source))
        outcome = rules.outcome(play_out(rules, world, seat, command, SimRng(source)))
        if outcome is None or not outcome.winners:
            return "open"
        ends.add("wins" if seat in outcome.winners else "loses")
    return ends.pop() if len(ends) == 1 else "open"


FIRST_GAMES = {("squad-combat", "wins"): 37, ("location-ccg", "loses"): 33, ("location-ccg", "wins"): 60,
               ("infection", "wins"): 13, ("project-assassination", "wins"): 27}
"""Where the scan of a ruleset starts: the games before these hold no such position (scanning them took 8 s,
4 s, 3 s, and under a second each), so the same position is found; none of the Location CCG's 60 games holds
a command that wins at once, so its scan looks only for one that loses."""


def decisive_position(rules: Ruleset, kind: str, games: int = 60) -> tuple[Any, int, list[Command]] | None:
    """A position of a seeded random game where some command ``kind`` (wins/loses) at once and another does
    not: the state, the seat to act and the deciding commands."""
    for number in range(FIRST_GAMES.get((rules.name, kind), 0), games):
        state = rules.new_state(rules.min_seats, rules.resolve_options({}))
        for fact in rules.setup(state, Rng(f"scan-{number}", "setup")):
            state = rules.evolve(state, fact)
        bot, version = RandomBot(number), 0
        while rules.outcome(state) is None and version < 3000:
            seat = rules.to_act(state)[0]
            legal = rules.legal_commands(state, seat)
            if len(legal) > 1:
                ends = [ending(rules, state, seat, command) for command in legal]
                deciding = [command for command, end in zip(legal, ends) if end == kind]
                rare = 2 * len(deciding) <= len(legal) if kind == "wins" else 2 * len(deciding) >= len(legal)
                if deciding and len(deciding) < len(legal) and rare and (kind == "wins" or "open" in ends):
                    return state, seat, deciding
            for fact in rules.decide(state, seat, bot.choose(rules, state, seat, version), Rng(f"scan-{number}", version)):
                state = rules.evolve(state, fact)
            version += 1
    return None


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_the_search_bot_plays_a_command_that_wins_at_once_or_avoids_one_that_loses_at_once(rules):
    found = decisive_position(rules, "wins")
    if found is not None:
        state, seat, winning = found
        chosen = SearchBot(seed="decisive").choose(rules, state, seat, 0)
        assert key_of(chosen) in {key_of(command) for command in winning}
        return
    found = decisive_position(rules, "loses")
    assert found is not None, f"no position of {rules.name} where a command wins or loses at once"
    state, seat, losing = found
    chosen = SearchBot(seed="decisive").choose(rules, state, seat, 0)
    assert key_of(chosen) not in {key_of(command) for command in losing}
