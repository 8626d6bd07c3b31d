"""Turns taken together (``play.together``: every seat chooses at once, in secret, the choices revealed and
carried out once all have chosen), rules taken whenever a condition becomes true (``play.whenever``: a pile runs
out, a counter reaches a value), and steps on the zones each seat has one of; each mistake named at its place.
The shipped example is Rock, paper, scissors (``kits/rock-paper-scissors.yaml``)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from kit_tables import acted, laid

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.greedy import SimRng

RULES = registry.get("table-kit")
RPS = shipped_kit("rock-paper-scissors")
ROCK, PAPER, SCISSORS = 1, 2, 3


def table(kit, seats=2, outcomes=(1,)):
    return laid(kit, seats, outcomes)


def act(state, seat, action, *outcomes, **choices):
    return acted(state, seat, action, *outcomes, **choices)


def show(state, seat, sign):
    return act(state, seat, "show", number=sign)


def refused(kit) -> str:
    document, mistakes = read_kit(json.dumps(kit), "kit.json")
    assert document is None
    return "\n".join(mistakes)


# -- play.together ---------------------------------------------------------------------------------------------


def test_in_a_turn_taken_together_every_seat_is_to_act_at_once_and_each_has_its_choices():
    state = table(RPS)
    assert RULES.to_act(state) == [1, 2]
    for seat in (1, 2):
        assert [c["number"] for c in RULES.legal_commands(state, seat)] == [ROCK, PAPER, SCISSORS]


def test_a_choice_made_together_is_sealed_and_the_other_seats_see_only_that_it_was_made():
    facts, state = show(table(RPS), 2, ROCK)
    assert facts == [f.ChoiceSealed(2, "show", {"number": ROCK})]
    assert RULES.redact(facts[0], 1) == f.ChoiceSealed(2, "", {})
    assert RULES.redact(facts[0], None) == f.ChoiceSealed(2, "", {})
    assert RULES.redact(facts[0], 2) == facts[0]
    assert RULES.view(state, 1)["chosen"] == [{"seat": 2}]
    assert RULES.view(state, None)["chosen"] == [{"seat": 2}]
    assert RULES.view(state, 2)["chosen"] == [{"seat": 2, "action": "show", "choices": {"number": ROCK}}]
    assert RULES.describe(RULES.redact(facts[0], 1), ["Ann", "Ben"]) == "Ben chooses in secret."
    assert "Turn 1: every seat chooses in secret (Ben has chosen)" in RULES.render(RULES.view(state, 1), ["Ann", "Ben"])
    assert state.counters["sign:2"] == 0  # nothing is carried out before every seat has chosen
    assert RULES.to_act(state) == [1] and RULES.legal_commands(state, 2) == []


def test_a_seat_that_has_chosen_cannot_choose_again_in_the_same_turn():
    _, state = show(table(RPS), 2, ROCK)
    with pytest.raises(IllegalCommand, match="you have chosen this turn already"):
        show(state, 2, PAPER)


def test_once_every_seat_has_chosen_the_choices_are_revealed_and_carried_out_in_seat_order_then_revealed_steps():
    _, state = show(table(RPS), 1, ROCK)
    _, state = show(state, 2, ROCK)  # a tie: the turn passes to seat 2, whose choice is carried out first
    _, state = show(state, 1, SCISSORS)
    facts, state = show(state, 2, ROCK)
    assert facts[0] == f.ChoiceSealed(2, "show", {"number": ROCK})
    assert facts[1] == f.ChoicesRevealed(2, [{"seat": 2, "action": "show", "choices": {"number": ROCK}},
                                             {"seat": 1, "action": "show", "choices": {"number": SCISSORS}}])
    assert facts[2:4] == [f.CounterChanged(2, "sign:2", ROCK, None), f.CounterChanged(1, "sign:1", SCISSORS, None)]
    assert f.CounterChanged(2, "wins:2", 1, 1) in facts  # rock blunts scissors: revealed scores the round
    assert facts[-1] == f.TurnPassed(2, 1)
    assert RULES.to_act(state) == [1, 2] and RULES.view(state, 1)["chosen"] == []
    assert RULES.describe(facts[1], ["Ann", "Ben"]) == "The secret choices are shown: Ben: show number 1; Ann: show number 3."


def test_a_game_taken_together_ends_by_its_endings_with_the_winner():
    state = table(RPS)
    for _ in range(3):
        _, state = show(state, 1, PAPER)
        _, state = show(state, 2, ROCK)
    assert RULES.outcome(state).winners == [1] and RULES.to_act(state) == []


def test_a_bot_imagining_the_table_knows_another_seat_has_chosen_but_not_what():
    _, state = show(table(RPS), 2, SCISSORS)
    imagined = {RULES.determinize(state, 1, SimRng(random.Random(n))).dice[":sealed:2"][0]["choices"]["number"] for n in range(40)}
    assert imagined == {ROCK, PAPER, SCISSORS}  # any sign seat 2 could have shown, not the one it did
    twin = RULES.determinize(state, 1, SimRng(random.Random(3)))
    assert RULES.to_act(twin) == [1] and RULES.view(twin, 1) == RULES.view(state, 1)
    mine = RULES.determinize(state, 2, SimRng(random.Random(3)))
    assert RULES.view(mine, 2)["chosen"][0]["choices"] == {"number": SCISSORS}


def test_random_games_taken_together_end_and_every_seat_chooses_once_a_round():
    source = random.Random(7)
    for _ in range(20):
        state = table(RPS, outcomes=(source.randint(1, 2),))
        while RULES.outcome(state) is None:
            waiting = RULES.to_act(state)
            seat = waiting[source.randrange(len(waiting))]
            legal = RULES.legal_commands(state, seat)
            for fact in RULES.decide(state, seat, legal[source.randrange(len(legal))], SimRng(source)):
                state = RULES.evolve(state, fact)
        assert RULES.outcome(state).winners in ([1], [2])


def test_only_the_phase_named_is_taken_together():
    kit = copy.deepcopy(RPS)
    kit["play"]["phases"] = ["show", "talk"]
    kit["play"]["actions"][0]["phase"] = "show"
    kit["play"]["actions"].append({"name": "nod", "phase": "talk", "effects": [{"pass": "next"}]})
    kit["play"]["together"] = {"phase": "show", "revealed": [{"phase": "talk"}]}
    _, state = show(table(kit), 2, ROCK)
    _, state = show(state, 1, PAPER)
    assert RULES.view(state, 1)["phase"] == "talk" and RULES.to_act(state) == [1]
    assert RULES.legal_commands(state, 2) == []
    _, state = act(state, 1, "nod")
    assert RULES.to_act(state) == [2, 1] and RULES.view(state, 1)["phase"] == "show"


def test_a_seat_with_no_action_does_not_choose_and_where_none_can_the_stuck_rule_is_taken():
    kit = copy.deepcopy(RPS)
    kit["play"]["actions"][0]["when"] = "wins[seat] < 1"  # a seat that has won a round sits the rest out
    kit["play"]["stuck"] = [{"end": {"winners": "[]", "reason": "nobody may show"}}]
    state = table(kit)
    _, state = show(state, 1, PAPER)
    _, state = show(state, 2, ROCK)  # seat 1 wins the round
    assert RULES.to_act(state) == [2]
    _, state = show(state, 2, SCISSORS)  # alone, seat 2 wins this one: nobody may show now
    assert RULES.outcome(state).reason == "nobody may show"


def test_an_action_taken_together_may_not_pass_the_turn_the_mistake_named_at_its_step():
    kit = copy.deepcopy(RPS)
    kit["play"]["actions"][0]["effects"].append({"if": "true", "then": [{"pass": "next"}]})
    said = refused(kit)
    assert "play.actions.0.effects.1.then.0" in said and "taken together" in said and "cannot pass the turn" in said


def test_a_together_phase_must_be_one_of_the_kits_phases():
    kit = copy.deepcopy(RPS)
    kit["play"]["together"]["phase"] = "bidding"
    assert "play.together.phase" in refused(kit) and "no phase named 'bidding'" in refused(kit)


# -- play.whenever -------------------------------------------------------------------------------------------

PILE = {
    "kit": 2, "name": "piles", "title": "Piles", "seats": {"fewest": 2, "most": 2},
    "zones": [{"name": "deck", "shows": "face-down"}, {"name": "used", "shows": "face-up"},
              {"name": "bid", "shows": "face-up", "each": True}],
    "decks": [{"name": "cards", "pile": "deck", "cards": [{"name": n} for n in ("One", "Two", "Three")]}],
    "counters": [{"name": "reshuffles", "each": False, "start": 0}, {"name": "points", "start": 0}],
    "play": {
        "actions": [{"name": "draw", "when": "size(cards(\"deck\")) > 0",
                     "effects": [{"draw": "deck"}, {"add": "points", "value": 1}, {"pass": "next"}]},
                    {"name": "bid", "choose": [{"name": "card", "card": "hand"}],
                     "effects": [{"play": "card", "to": "bid"}, {"pass": "next"}]}],
        "whenever": [{"when": "size(cards(\"deck\")) == 0", "effects": [{"add": "reshuffles", "value": 1}]},
                     {"when": "points[seat] >= 2", "effects": [{"end": {"winners": "[seat]", "reason": "two points"}}]}],
    },
}


def test_a_whenever_rule_is_taken_once_as_its_condition_becomes_true_a_pile_running_out():
    state = table(PILE)
    _, state = act(state, 1, "draw", "One")
    facts, state = act(state, 2, "draw", "Two")
    assert state.counters["reshuffles"] == 0
    facts, state = act(state, 1, "draw", "Three")  # the deck runs out now
    assert f.CounterChanged(1, "reshuffles", 1, 1) in facts
    facts, state = act(state, 2, "bid", card="Two")  # still empty: not taken again
    assert state.counters["reshuffles"] == 1 and not any(isinstance(fact, f.CounterChanged) and fact.counter == "reshuffles" for fact in facts)


def test_a_whenever_rule_is_taken_as_a_counter_reaches_a_value_before_the_endings():
    state = table(PILE)
    _, state = act(state, 1, "draw", "One")
    _, state = act(state, 2, "draw", "Two")
    facts, state = act(state, 1, "draw", "Three")
    assert RULES.outcome(state).winners == [1] and RULES.outcome(state).reason == "two points"


def test_a_whenever_rules_mistake_is_named_at_its_place():
    kit = copy.deepcopy(PILE)
    kit["play"]["whenever"][0]["when"] = "size(cards(\"deck\")) == nothing"
    assert "play.whenever.0.when" in refused(kit) and "'nothing'" in refused(kit)


# -- the zones each seat has -----------------------------------------------------------------------------------


def test_a_step_naming_a_zone_each_seat_has_means_the_acting_seats_own():
    state = table(PILE)
    _, state = act(state, 1, "draw", "One")
    facts, state = act(state, 2, "draw", "Two")
    _, state = act(state, 1, "bid", card="One")
    assert [entry["card"] for entry in state.zones["bid:1"]["cards"]] == ["One"] and not state.zones["bid:2"]["cards"]


def test_a_step_may_name_one_seats_zone_in_full_and_an_unknown_zone_is_a_mistake_named_at_its_place():
    kit = copy.deepcopy(PILE)
    kit["play"]["actions"][1]["effects"][0]["to"] = "bid:2"
    state = table(kit)
    _, state = act(state, 1, "draw", "One")
    _, state = act(state, 2, "draw", "Two")
    _, state = act(state, 1, "bid", card="One")
    assert [entry["card"] for entry in state.zones["bid:2"]["cards"]] == ["One"]
    kit["play"]["actions"][1]["effects"][0]["to"] = "bids"
    said = refused(kit)
    assert "play.actions.1.effects.0.to" in said and "no zone named 'bids'" in said and "bid" in said


def test_drawn_names_the_card_the_acting_seat_last_drew_in_this_action():
    kit = copy.deepcopy(PILE)
    kit["play"]["actions"][0]["effects"] = [
        {"if": 'drawn == ""', "then": [{"draw": "deck"}]},  # nothing drawn yet in this action
        {"if": 'drawn == "Two"', "then": [{"add": "points", "value": 5}], "else": [{"add": "points", "value": 1}]},
        {"reveal": "drawn"}, {"pass": "next"}]
    kit["play"]["whenever"] = []
    facts, state = act(table(kit), 1, "draw", "Two")
    assert state.counters["points:1"] == 5 and f.CardRevealed(1, "hand:1", 0, "Two") in facts
    _, state = act(state, 2, "draw", "One")
    assert state.counters["points:2"] == 1
