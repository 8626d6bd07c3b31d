"""The search bot's first look at its own commands: each root command's prior weighed over several worlds
and, where its dice and draws can fall few enough ways, over every way, each by its probability.

One roll alone ranks a chancy command by its luck; the greedy bot averages a few. Almost every Missions
command rolls a die, and with two commands to choose from a single roll ranked them all or nothing.
"""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.ruleset import Ruleset
from domain.thinking.chances import outcomes
from domain.thinking.greedy import SimRng, chosen_together, score, through_reveal
from domain.thinking.tree import Node


def sharpen(rules: Ruleset, state: Any, seat: int, root: Node, keyed: list[tuple[str, Command, Any]], rng: SimRng,
            samples: int, most: int) -> None:
    """The root's priors averaged over ``samples`` worlds, each with its own roll of any chance, as the greedy
    bot scores its commands. With ``most`` (``chance_outcomes``) above 0, a command whose chance falls at most
    that many ways is weighed over every way, each by its probability, in place of the roll (the first
    world's roll, already in the prior, is then left out too)."""
    exact = most > 0
    totals = {key: [0.0, 0] if exact else [root.prior[key], 1] for key, _, _ in keyed}
    for _ in range(samples if exact else samples - 1):
        world = rules.determinize(state, seat, rng)
        for key, command, _ in keyed:
            try:
                totals[key][0] += expected(rules, world, seat, command, rng, most)
                totals[key][1] += 1
            except IllegalCommand:  # a world the seat cannot tell from the real one should take it
                pass
    for key, (total, count) in totals.items():
        if count:
            root.prior[key] = total / count


def expected(rules: Ruleset, world: Any, seat: int, command: Command, rng: SimRng, most: int) -> float:
    """The seat's score after its command: over every way its chance can fall, each weighed by its
    probability, when there are at most ``most``; else after one roll of ``rng``."""
    ways = outcomes(rules, world, seat, command, most) if most and not chosen_together(rules, world) else None
    if ways is None:  # in a turn taken together, judged through the reveal
        return score(rules, through_reveal(rules, world, seat, command, rng), seat)
    total = 0.0
    for chance, facts in ways:
        after = world
        for fact in facts:
            after = rules.evolve(after, fact)
        total += chance * score(rules, after, seat)
    return total
