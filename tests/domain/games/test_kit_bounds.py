"""What one action of a kit's rules may cost (``kit_bounds``): a number choice offers at most ``MOST_NUMBERS``
numbers, a seat's actions make at most ``MOST_OFFERED`` commands at once, and one action or the setup takes at
most ``MOST_STEPS_TAKEN`` steps and makes as many facts; each refused where the kit is read when the kit alone
tells (``kit_bound_checks``), else in play, in one line, the moment it is crossed, nothing recorded. The hostile
kits of the audit (``hostile_kits``) are among them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile_kits import (
    fan_out_in_play_kit,
    fan_out_kit,
    number_kit,
    squared_kit,
    widening_kit,
)
from kit_tables import RULES, acted, laid

from domain.engine.errors import IllegalCommand
from domain.games.table_kit.play import kit_bounds
from domain.games.table_kit.play.kit_bounds import (
    MOST_NUMBERS,
    MOST_OFFERED,
    MOST_STEPS_TAKEN,
)
from domain.games.table_kit.play.kit_scope import Scope
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.games.table_kit.table.state import kit_of


def mistakes(kit) -> list[str]:
    text = json.dumps(kit)
    document, lines = read_kit(text, "kit.json")
    assert document is None, "the kit was accepted"
    return [line.removeprefix("kit.json:1: ") for line in lines]


def test_the_caps_are_a_thousand_numbers_ten_thousand_commands_and_ten_thousand_steps():
    assert (MOST_NUMBERS, MOST_OFFERED, MOST_STEPS_TAKEN) == (1_000, 10_000, 10_000)


def test_a_number_range_over_the_cap_is_refused_when_the_kit_is_read():
    kit = number_kit((1, 10_000_000))
    assert len(json.dumps(kit)) < 400  # the audit's kit: a few hundred bytes
    assert mistakes(kit) == ["play.actions.0.choose.0.number: [1, 10000000] offers up to 10,000,000 numbers; "
                             "a number choice may offer at most 1,000 (each is a command)"]


def test_two_number_ranges_of_three_thousand_are_each_refused_when_the_kit_is_read():
    assert mistakes(number_kit((1, 3000), (1, 3000))) == [
        f"play.actions.0.choose.{n}.number: [1, 3000] offers up to 3,000 numbers; a number choice may offer at most 1,000 (each is a command)"
        for n in (0, 1)]


def test_number_choices_that_make_more_commands_than_the_cap_are_refused_at_their_action_when_the_kit_is_read():
    assert mistakes(number_kit((1, 1000), ("0", "99"))) == [
        "play.actions.0.choose: the choices of 'pick' make up to 100,000 commands at once; an action may make at most 10,000"]


def test_a_number_range_bounded_by_a_parameters_most_is_refused_when_the_kit_is_read():
    kit = number_kit((1, "top"))
    kit["parameters"] = {"top": {"default": 6, "minimum": 1, "maximum": 5000}}
    assert mistakes(kit) == ["play.actions.0.choose.0.number: [1, top] offers up to 5,000 numbers; "
                             "a number choice may offer at most 1,000 (each is a command)"]


def test_number_choices_at_the_caps_are_read_and_offer_every_command():
    state = laid(number_kit((1, 100), (1, 100)), 2)  # 10,000 commands: the cap itself
    assert len(RULES.legal_commands(state, 1)) == MOST_OFFERED


def test_the_shipped_kits_fit_the_caps():
    for path in sorted(KITS.glob("*.yaml")):
        shipped_kit(path.stem)  # read and checked: refused if over a cap
    for path in sorted((Path(__file__).resolve().parents[2] / "kits").glob("*.yaml")):
        assert read_kit(path.read_text(encoding="utf-8"), path.name)[1] == []


def test_a_number_range_the_table_widens_past_the_cap_is_refused_at_the_legal_commands():
    state = laid(widening_kit(), 2)
    assert len(RULES.legal_commands(state, 1)) == 6  # widen, and pick 1 to 5
    _, state = acted(state, 1, "widen")
    with pytest.raises(IllegalCommand) as refused:
        RULES.legal_commands(state, 1)
    assert str(refused.value) == ("the kit's rules fail here: the number choice 'number' ranges from 1 to 10,000,000: "
                                  "10,000,000 numbers, more than the 1,000 a choice may offer")


def test_a_commands_number_is_checked_by_its_range_alone_however_wide():
    _, state = acted(laid(widening_kit(), 2), 1, "widen")
    facts, _ = acted(state, 1, "pick", number=9_999_999)
    assert facts[0].value == 9_999_999
    with pytest.raises(IllegalCommand, match="number 10000001 is not allowed: it must be a number from 1 to width"):
        acted(state, 1, "pick", number=10_000_001)


def test_the_legal_commands_stop_at_the_cap_never_making_more():
    state = laid(squared_kit(200), 2)  # 40,000 commands, each range within the cap: known only in play
    ruled = kit_of(state).rules
    made = []
    refusal = ("the kit's rules fail here: the choices of 'pick' (with the actions before it) make more "
               "than the 10,000 commands a seat may be offered at once: narrow them (fewer numbers, a where)")
    with pytest.raises(IllegalCommand) as refused:
        for command in ruled._legal(Scope(ruled, state, 1), True):  # made one after another, as far as asked
            made.append(command)
    assert len(made) == MOST_OFFERED
    assert str(refused.value) == refusal
    with pytest.raises(IllegalCommand) as refused:  # all at once (an action of numbers, its commands kept once made)
        RULES.legal_commands(state, 1)
    assert str(refused.value) == refusal
    assert not ruled._plain["pick"]._kept  # nothing kept of commands that failed to be made


def test_named_steps_that_fan_out_past_the_bound_are_refused_when_the_kit_is_read():
    kit = fan_out_kit(18)  # 2^17 additions, for the setup and for each action
    assert len(json.dumps(kit)) < 1000
    said = ("these steps may take more than 10,000 by here (named steps unfolded, a repeat 100 times); "
            "one action or the setup takes at most 10,000")
    assert mistakes(kit) == [f"play.actions.0.effects.0: {said}", f"play.setup.0: {said}"]


def test_a_repeat_whose_steps_a_hundred_times_pass_the_bound_is_refused_when_the_kit_is_read():
    add = {"add": "picked", "value": 0}
    kit = number_kit((1, 6), stuck=[{"repeat": [{"do": "a"}], "until": "picked > 0"}])
    kit["play"]["define"] = {"a": [add] * 29 + [{"do": "b"}], "b": [add] * 29 + [{"do": "c"}], "c": [add] * 29 + [{"do": "d"}], "d": [add] * 9}
    assert mistakes(kit) == ["play.stuck.0: these steps may take more than 10,000 by here (named steps unfolded, a repeat 100 times); "
                             "one action or the setup takes at most 10,000"]  # 100 steps a round, and the repeat: 10,001
    kit["play"]["define"]["d"] = [add] * 8  # 99 steps a round: 9,901
    assert read_kit(json.dumps(kit), "kit.json")[1] == []


def test_an_action_that_takes_more_steps_than_the_bound_in_play_is_refused_at_the_step_past_it():
    state = laid(fan_out_in_play_kit(), 2)
    with pytest.raises(IllegalCommand) as refused:  # 6,145 steps, and 6,143 more as the next turn begins
        acted(state, 1, "go")
    assert str(refused.value) == ("the kit's rules fail here: one action takes more than 10,000 steps, the most one action "
                                  "or the setup may take (the step past them: play.define.s10.1)")
    assert RULES.legal_commands(state, 1) == [{"type": "act", "action": "go"}]  # the table is as it was


def test_a_setup_that_takes_more_steps_than_the_bound_in_play_is_refused():
    kit = fan_out_kit(12, setup=[{"do": "s0"}, {"pass": "2"}], turn_begins=[{"do": "s0"}])
    with pytest.raises(IllegalCommand, match=r"the setup takes more than 10,000 steps, the most one action or the setup may take"):
        laid(kit, 2)


def test_the_stuck_rule_after_an_action_counts_as_the_actions_steps():
    kit = fan_out_kit(12, setup=[])
    kit["counters"] = [{"name": "x", "each": False, "start": 0}]
    kit["play"]["actions"][0]["when"] = "x == 0"
    kit["play"]["stuck"] = [{"do": "s0"}, {"pass": "next"}]  # seat 2 has no action: the stuck rule, 6,144 steps more
    with pytest.raises(IllegalCommand, match=r"one action takes more than 10,000 steps"):
        acted(laid(kit, 2), 1, "go")


def test_an_action_that_makes_more_facts_than_the_bound_is_refused(monkeypatch):
    kit = {"kit": 2, "name": "drawing", "title": "Drawing", "seats": {"fewest": 2, "most": 2},
           "zones": [{"name": "pile", "shows": "face-down"}],
           "decks": [{"name": "cards", "pile": "pile", "cards": [{"name": "Card", "count": 60}]}],
           "play": {"actions": [{"name": "draw", "effects": [{"draw": "pile", "count": 20}, {"pass": "next"}]}]}}
    state = laid(kit, 2)
    monkeypatch.setattr(kit_bounds, "MOST_STEPS_TAKEN", 10)  # two steps, but twenty facts
    with pytest.raises(IllegalCommand) as refused:
        acted(state, 1, "draw", *["Card"] * 20)
    assert str(refused.value) == ("the kit's rules fail here: one action makes more than 10 facts, the most one action "
                                  "or the setup may record (the step past them: play.actions.0.effects.0)")
