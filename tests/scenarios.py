"""What every game's scenario tests share: an rng whose outcomes are the ones a test names, and
helpers that decide and apply one command of a ruleset with them.

Each game's table module (``squad_table``, ``location_table``, ...) builds its own states and binds
these to its ruleset."""

from __future__ import annotations

from typing import Any

from domain.engine.ruleset import Ruleset


class Loaded:
    """An rng whose choices come out as given, in turn (a die face, a coin's side, a card drawn, a
    first player); a shuffle keeps the given order."""

    def __init__(self, *outcomes: Any) -> None:
        self.outcomes = list(outcomes)

    def choice(self, options, ask="", seat=None, secret=False):
        assert ask, "every chance outcome is asked with the question a table game puts to the table"
        assert self.outcomes, f"an unexpected random choice among {list(options)!r} ({ask})"
        outcome = self.outcomes.pop(0)
        assert outcome in list(options), f"{outcome!r} is not one of {list(options)!r}"
        return outcome

    def shuffled(self, items):
        raise AssertionError("rulesets choose each card when it is drawn: nothing is shuffled up front")


def act_with(rules: Ruleset, state: Any, seat: int, command: dict, *outcomes: Any, every_outcome: bool = True):
    """Decide and apply one command with the given random outcomes (``every_outcome``: all of them
    used); the facts and the state after."""
    rules.check_command(command)
    assert seat in rules.to_act(state), f"seat {seat} is not to act ({rules.to_act(state)})"
    rng = Loaded(*outcomes)
    facts = rules.decide(state, seat, command, rng)
    assert not every_outcome or not rng.outcomes, f"outcomes left unused: {rng.outcomes}"
    for fact in facts:
        state = rules.evolve(state, fact)
    return facts, state


def refuse_with(rules: Ruleset, state: Any, seat: int, command: dict):
    """Decide a command that must be refused (pair with ``pytest.raises``)."""
    rules.check_command(command)
    return rules.decide(state, seat, command, Loaded())


def kinds(facts) -> list[str]:
    """The facts' type names, in order."""
    return [type(fact).__name__ for fact in facts]
