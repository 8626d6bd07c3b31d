"""Missions written as a kit with rules (``kits/missions-with-rules.yaml``) against the Missions ruleset
(``domain/games/missions``), over 200 random games at 3 and 4 seats: the ruleset's chance outcomes (who goes
first, each roll, each mission card drawn) are told to the kit game as a table tells them, and at every step
the seat to act and its legal commands correspond one to one under this mapping, and both games end at the
same step with the same winners, stopped at the round limit or not.

| Missions                                   | the kit                                                   |
|--------------------------------------------|-----------------------------------------------------------|
| ``roll``                                   | ``act roll``                                              |
| ``move`` ``direction: cw`` / ``ccw``       | ``act move``, ``to`` the space the roll ends on that way |
|                                            | (space ``n`` of the ruleset's loop is the kit's ``n + 1``) |
| ``rob`` ``player``, ``give``, ``take``     | ``act rob`` with the same ``player``, ``give``, ``take``  |
| ``no_rob``, ``snitch``, ``no_snitch``      | ``act`` of the same name                                  |
| ``lose`` ``card``                          | ``act lose`` ``card``, taken by the snitched seat, asked  |
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from told_chances import Told

from domain.engine import registry
from domain.engine.randomness import Rng, TableRng
from domain.games.missions.checks import destinations
from domain.games.table_kit.rules import shipped_kit

MISSIONS = registry.get("missions")
KIT = registry.get("table-kit")


def as_kit(state: Any, seat: int, command: dict[str, Any]) -> dict[str, Any]:
    """The kit's command for a Missions command (the mapping above)."""
    kind = command["type"]
    if kind == "move":
        return {"type": "act", "action": "move", "to": str(destinations(state, seat, state.rolled)[command["direction"]] + 1)}
    return {"type": "act", "action": kind, **{key: value for key, value in command.items() if key != "type"}}


def key(command: dict[str, Any]) -> tuple:
    return tuple(sorted(command.items()))


def play(seats: int, number: int, options: dict[str, Any] | None = None, played: Counter | None = None) -> tuple[Any, Any, int]:
    """One random game of each, step by step, checked at every step; the two final states and the steps
    (each command's type counted in ``played``)."""
    choose = random.Random(number)
    theirs = MISSIONS.new_state(seats, MISSIONS.resolve_options(options or {}))
    told = Told(Rng(f"missions-kit-{number}", 0))
    for fact in MISSIONS.setup(theirs, told):
        theirs = MISSIONS.evolve(theirs, fact)
    kit_options = {"kit": shipped_kit("missions-with-rules"), "parameters": dict(options or {})}
    ours = KIT.new_state(seats, KIT.resolve_options(kit_options))
    for fact in KIT.setup(ours, TableRng(told.outcomes)):
        ours = KIT.evolve(ours, fact)
    steps = 0
    while MISSIONS.outcome(theirs) is None:
        (seat,) = MISSIONS.to_act(theirs)
        assert KIT.to_act(ours) == [seat], (number, steps)
        legal = MISSIONS.legal_commands(theirs, seat)
        assert sorted(key(as_kit(theirs, seat, c)) for c in legal) == sorted(map(key, KIT.legal_commands(ours, seat))), (number, steps)
        command = choose.choice(legal)
        if played is not None:
            played[command["type"]] += 1
        mapped = as_kit(theirs, seat, command)
        told.outcomes = []
        for fact in MISSIONS.decide(theirs, seat, command, told):
            theirs = MISSIONS.evolve(theirs, fact)
        table = TableRng(told.outcomes)
        for fact in KIT.decide(ours, seat, mapped, table):
            ours = KIT.evolve(ours, fact)
        table.check_all_used()
        steps += 1
        assert (KIT.outcome(ours) is None) == (MISSIONS.outcome(theirs) is None), (number, steps)
        assert [ours.counters[f"money:{s}"] for s in range(1, seats + 1)] == [theirs.money(s) for s in range(1, seats + 1)], (number, steps)
    return theirs, ours, steps


@pytest.mark.parametrize("seats", [3, 4])
def test_missions_as_a_kit_plays_as_the_missions_ruleset_step_by_step(seats):
    played: Counter = Counter()
    steps, limits = 0, 0
    for number in range(100):
        theirs, ours, taken = play(seats, number, played=played)
        steps += taken
        theirs_end, ours_end = MISSIONS.outcome(theirs), KIT.outcome(ours)
        assert ours_end.winners == theirs_end.winners, number
        assert ours_end.at_limit == theirs_end.at_limit, number
        limits += ours_end.at_limit
    assert steps > 100 * 30 and limits < 100
    assert min(played[kind] for kind in ("roll", "move", "rob", "no_rob", "snitch", "no_snitch", "lose")) > 10, played


def test_missions_kit_parameters_play_as_the_rulesets_options():
    """The kit's parameters are the ruleset's options of the same names: a short target, one piece a space,
    rank 0 at the start, level 2 missions that raise no rank and level 3 failures that cost one, a round limit
    of 3 (the richest win, stopped at the limit), and no robbing."""
    for options in ({"target": 30000, "max_per_space": 1}, {"start_rank": 0, "level2_ranks_up": False,
                    "level3_failure_loses_rank": True, "target": 50000}, {"round_limit": 3}):
        for number in range(15):
            theirs, ours, _ = play(4, 1000 + number, options)
            assert KIT.outcome(ours).winners == MISSIONS.outcome(theirs).winners
            assert KIT.outcome(ours).at_limit == MISSIONS.outcome(theirs).at_limit
    _, ours, _ = play(3, 7, {"round_limit": 3})
    assert KIT.outcome(ours).at_limit
