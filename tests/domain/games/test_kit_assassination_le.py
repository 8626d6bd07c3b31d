"""The Assassination Game Le written as a kit with rules (``kits/assassination-game-le.yaml``) against the
ruleset (``domain/games/assassination_le``), over 200 random games (20 in the default stage, the 200 in the
slow one): the ruleset's chance outcomes (every roll
of the roll-off for the first victim, every roll of the game) are told to the kit game as a table tells them,
and at every step the seat to act and its legal commands correspond one to one, the pawns stand on the same
squares, the same seat is the victim, and both games end at the same step with the same winner.

| The Assassination Game Le          | the kit                     |
|------------------------------------|-----------------------------|
| ``roll``                           | ``act roll``                |
| ``pass`` (keep a null)             | ``act pass``                |
| ``move`` ``to`` (without a path)   | ``act move`` ``to``         |
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from told_chances import Told

from domain.engine import registry
from domain.engine.randomness import Rng, TableRng
from domain.games.table_kit.rules import shipped_kit

THEIRS = registry.get("assassination-le")
KIT = registry.get("table-kit")


def key(command: dict[str, Any]) -> tuple:
    return tuple(sorted(command.items()))


def as_kit(command: dict[str, Any]) -> dict[str, Any]:
    return {"type": "act", "action": command["type"], **{k: v for k, v in command.items() if k != "type"}}


def squares(state: Any) -> list[str]:
    return [state.pieces[f"pawn-{seat}"] for seat in (1, 2, 3)]


def play(number: int, options: dict[str, Any] | None = None, played: Counter | None = None) -> tuple[Any, Any, int]:
    choose = random.Random(number)
    theirs = THEIRS.new_state(3, THEIRS.resolve_options(options or {}))
    told = Told(Rng(f"assassination-kit-{number}", 0))
    for fact in THEIRS.setup(theirs, told):
        theirs = THEIRS.evolve(theirs, fact)
    parameters = {"keep_coins": bool((options or {}).get("keep_coins", False)),
                  "victim_on_base_capturable": (options or {}).get("victim_on_base") == "capturable"}
    ours = KIT.new_state(3, KIT.resolve_options({"kit": shipped_kit("assassination-game-le"), "parameters": parameters}))
    table = TableRng(told.outcomes)
    for fact in KIT.setup(ours, table):
        ours = KIT.evolve(ours, fact)
    table.check_all_used()
    steps = 0
    while THEIRS.outcome(theirs) is None:
        (seat,) = THEIRS.to_act(theirs)
        assert KIT.to_act(ours) == [seat], (number, steps)
        assert squares(ours) == theirs.squares and ours.counters["victim"] == theirs.victim, (number, steps)
        legal = THEIRS.legal_commands(theirs, seat)
        assert sorted(key(as_kit(c)) for c in legal) == sorted(map(key, KIT.legal_commands(ours, seat))), (number, steps)
        command = choose.choice(legal)
        if played is not None:
            played[command["type"]] += 1
        told.outcomes = []
        for fact in THEIRS.decide(theirs, seat, command, told):
            theirs = THEIRS.evolve(theirs, fact)
        table = TableRng(told.outcomes)
        for fact in KIT.decide(ours, seat, as_kit(command), table):
            ours = KIT.evolve(ours, fact)
        table.check_all_used()
        steps += 1
        assert (KIT.outcome(ours) is None) == (THEIRS.outcome(theirs) is None), (number, steps)
    return theirs, ours, steps


@pytest.mark.parametrize(("first", "games"), [
    pytest.param(0, 20, id="20-games"),  # the default stage's
    # the slow stage's 200 games, in two halves so two test workers share them
    pytest.param(0, 100, id="0", marks=pytest.mark.slow), pytest.param(100, 100, id="100", marks=pytest.mark.slow)])
def test_the_assassination_game_le_as_a_kit_plays_as_the_ruleset_step_by_step(first, games):
    played: Counter = Counter()
    steps, captures = 0, 0
    for number in range(first, first + games):
        theirs, ours, taken = play(number, played=played)
        steps += taken
        assert KIT.outcome(ours).winners == THEIRS.outcome(theirs).winners, number
        captures += sum(ours.counters[f"captures:{seat}"] for seat in (1, 2, 3))
    assert steps > games * 50 and captures > games and min(played.values()) > games / 2, (steps, captures, played)


def test_the_kit_parameters_play_as_the_rulesets_options_keep_coins_and_a_victim_capturable_on_a_base():
    for options in ({"keep_coins": True}, {"victim_on_base": "capturable"}):
        for number in range(20):
            theirs, ours, _ = play(500 + number, options)
            assert KIT.outcome(ours).winners == THEIRS.outcome(theirs).winners
