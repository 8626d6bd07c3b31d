"""Squad Combat, ruling 11: "Power Up: A character may take one of its dice and increase its value by 1, to
a maximum of 6." The player names the die each Power Up raises (``power_up``, by the face it shows then);
a Power Up not named raises the lowest die below 6, as every Power Up did before the choice. The lowest
is not always best: a Marksman showing [5, 1] Focused on the lowest gets [5, 3] and cannot pay a
Headshot ([6]); raising the 5 first gives [6, 2]."""

from __future__ import annotations

import pytest
from squad_table import RULES, act, refuse, table

from domain.engine.errors import IllegalCommand, MalformedCommand
from domain.games.squad_combat.checks import perform_problem
from domain.games.squad_combat.facts import CardPlayed, DiePoweredUp, PhaseStarted

MARKSMAN, BRUISER = [1, 2, "marksman"], [1, 1, "bruiser"]
PASS = {"type": "pass"}


def _focus(target=(1, 2), power_up=None):
    """The Marksman (Gamma) plays Focus (two Power Ups) on a character of his squad."""
    command = {"type": "play", "card": "focus", "performer": 2, "target": list(target)}
    return {**command, "power_up": power_up} if power_up is not None else command


def _marksman(dice):
    """The Marksman holds Focus and Headshot, and shows ``dice``."""
    return table(hands=[["focus", "headshot"], []], dice={(1, 2): dice})


def test_ruling_11_power_up_raises_the_dice_the_player_names_so_a_headshot_can_be_paid():
    facts, state = act(_marksman([5, 1]), 1, _focus(power_up=[5, 1]))
    assert facts == [CardPlayed(seat=1, card="focus", performer=MARKSMAN, target=MARKSMAN, burden=2, dice=[]),
                     DiePoweredUp(character=MARKSMAN, before=5), DiePoweredUp(character=MARKSMAN, before=1),
                     PhaseStarted(seat=2, turn=1)]
    assert sorted(state.character([1, 2])["dice"]) == [2, 6]
    state = act(state, 2, PASS)[1]
    assert perform_problem(state, 1, state.cards.cards["headshot"], 2) is None
    assert {"type": "play", "card": "headshot", "performer": 2, "target": [2, 1]} in RULES.legal_commands(state, 1)


def test_ruling_11_a_power_up_not_named_raises_the_lowest_die_and_the_headshot_cannot_be_paid():
    facts, state = act(_marksman([5, 1]), 1, _focus())
    assert facts[1:3] == [DiePoweredUp(character=MARKSMAN, before=1), DiePoweredUp(character=MARKSMAN, before=2)]
    assert sorted(state.character([1, 2])["dice"]) == [3, 5]
    state = act(state, 2, PASS)[1]
    assert perform_problem(state, 1, state.cards.cards["headshot"], 2) == "Marksman's dice [5, 3] cannot pay [6]"
    with pytest.raises(IllegalCommand, match=r"cannot pay \[6\]"):
        refuse(state, 1, {"type": "play", "card": "headshot", "performer": 2, "target": [2, 1]})


def test_ruling_11_a_die_named_first_then_the_lowest():
    facts = act(_marksman([5, 1]), 1, _focus(power_up=[5]))[0]
    assert facts[1:3] == [DiePoweredUp(character=MARKSMAN, before=5), DiePoweredUp(character=MARKSMAN, before=1)]
    facts = act(_marksman([4, 1]), 1, _focus(power_up=[4, 5]))[0]  # the same die twice: a 4 to 6
    assert facts[1:3] == [DiePoweredUp(character=MARKSMAN, before=4), DiePoweredUp(character=MARKSMAN, before=5)]


@pytest.mark.parametrize(("dice", "offered"), [
    ([5, 1], [[1, 2], [1, 5]]),  # [5, 3] (the lowest each time) or [6, 2]
    ([3, 3], [[3, 3], [3, 4]]),  # [4, 4] or [5, 3]
    ([4, 2, 6], [[2, 3], [2, 4], [4, 5]]),  # [4, 4, 6], [5, 3, 6] or [6, 2, 6]
    ([6, 5], [[5]]),  # one die to raise: the second Power Up has nothing left below 6
])
def test_ruling_11_the_choices_offered_are_each_set_of_dice_the_power_ups_can_leave_once(dice, offered):
    commands = [c for c in RULES.legal_commands(_marksman(dice), 1) if c.get("card") == "focus" and c["target"] == [1, 2]]
    assert [c["power_up"] for c in commands] == offered
    first = act(_marksman(dice), 1, commands[0])[0]
    assert first == act(_marksman(dice), 1, _focus())[0]  # the first offered is the choice made when none is named


def test_ruling_11_dice_the_power_ups_cannot_raise_are_refused():
    state = _marksman([5, 1])
    with pytest.raises(IllegalCommand, match=r"Focus cannot raise those dice: Power Up 1 names a 4, but the dice then show \[1, 5\]"):
        refuse(state, 1, _focus(power_up=[4]))
    with pytest.raises(IllegalCommand, match=r"Power Up 2 names a 5, but the dice then show \[1, 6\]"):
        refuse(state, 1, _focus(power_up=[5, 5]))
    with pytest.raises(IllegalCommand, match="it has 2 Power Ups, not 3"):
        refuse(state, 1, _focus(power_up=[1, 2, 3]))
    with pytest.raises(MalformedCommand):
        refuse(state, 1, _focus(power_up=[6]))  # a 6 cannot be raised
    mend = table(hands=[["mend"], []], wounds={(1, 1): [("jab", 2, 2)]})
    with pytest.raises(IllegalCommand, match="Mend has no Power Up: leave out 'power_up'"):
        refuse(mend, 1, {"type": "play", "card": "mend", "performer": 3, "target": [1, 1], "power_up": [2]})


def test_ruling_11_the_dice_named_are_those_of_the_target():
    state = table(hands=[["focus"], []], dice={(1, 1): [4, 2, 6], (1, 2): [5, 1]})
    facts, state = act(state, 1, _focus((1, 1), [4, 5]))
    assert facts[1:3] == [DiePoweredUp(character=BRUISER, before=4), DiePoweredUp(character=BRUISER, before=5)]
    assert sorted(state.character([1, 1])["dice"]) == [2, 6, 6]


def test_ruling_11_a_menu_and_a_log_say_which_dice_are_raised():
    state, command = _marksman([5, 1]), _focus(power_up=[5, 1])
    assert RULES.label_command(state, 1, command) == "Focus by Marksman at your Marksman, raising a 5 to 6, then a 1 to 2"
    assert RULES.describe_command(command) == "Focus by character 2 at 1.2, raising a 5 to 6, then a 1 to 2"
    assert RULES.describe_command(_focus()) == "Focus by character 2 at 1.2"
    facts = act(state, 1, command)[0]
    assert RULES.describe(facts[1], ["Ann", "Ben"]) == "Ann's Marksman powers up a die from 5 to 6."


def test_ruling_11_on_the_board_a_power_up_names_the_die_it_raises_first():
    state, command = _marksman([5, 1]), _focus(power_up=[5, 1])
    assert RULES.command_refs(state, 1, command)["power_up"] == ["die:1:2:5"]
    board = RULES.picture(RULES.view(state, 1), ["Ann", "Ben"])
    assert "die:1:2:5" in str(board)
