"""A kit with rules (kit 2's ``parameters`` and ``play``): its actions are the legal commands while their
conditions hold, their effects become the table's facts, its endings and turn limit end the game (a stopped
game says so), its parameters are a game's options, and every mistake in its rules is named at its line.
Pig (``kits/pig.yaml``) is the shipped example."""

from __future__ import annotations

import copy

import pytest
import yaml

from domain.engine import registry
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.game import Game
from domain.engine.randomness import TableRng
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking.bots import RandomBot

RULES = registry.get("table-kit")
PIG = shipped_kit("pig")
PIG_TEXT = (KITS / "pig.yaml").read_text(encoding="utf-8")
SALT = "5eed" * 8


def table(kit=PIG, seats=2, **parameters):
    state = RULES.new_state(seats, RULES.resolve_options({"kit": kit, "parameters": parameters}))
    for fact in RULES.setup(state, TableRng()):
        state = RULES.evolve(state, fact)
    return state


def act(state, seat, action, *faces):
    facts = RULES.decide(state, seat, {"type": "act", "action": action}, TableRng(list(faces)))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return facts, state


def with_rules(**changes):
    """Pig with parts of its rules replaced."""
    kit = copy.deepcopy(PIG)
    kit["play"].update(changes)
    return kit


def test_pig_a_roll_adds_to_the_turn_total_and_the_turn_goes_on():
    facts, state = act(table(), 1, "roll", 4)
    assert facts == [f.DiceRolled(1, "die", [4]), f.CounterChanged(1, "turn_total", 4, 4)]
    assert state.turn == 1 and RULES.to_act(state) == [1]


def test_pig_a_roll_of_one_loses_the_turn_total_and_ends_the_turn():
    _, state = act(table(), 1, "roll", 5)
    facts, state = act(state, 1, "roll", 1)
    assert facts == [f.DiceRolled(1, "die", [1]), f.CounterChanged(1, "turn_total", 0, None), f.TurnPassed(1, 2)]
    assert state.counters["score:1"] == 0 and RULES.to_act(state) == [2]


def test_pig_holding_adds_the_turn_total_to_the_score_and_ends_the_turn():
    _, state = act(table(), 1, "roll", 6)
    facts, state = act(state, 1, "hold")
    assert facts == [f.CounterChanged(1, "score:1", 6, 6), f.CounterChanged(1, "turn_total", 0, None), f.TurnPassed(1, 2)]
    assert RULES.to_act(state) == [2]


def test_pig_the_first_to_reach_the_target_wins_and_the_target_is_a_parameter():
    state = table(target=10)
    for face in (6, 5):
        _, state = act(state, 1, "roll", face)
    facts, state = act(state, 1, "hold")
    assert facts[-1] == f.GameEnded(1, [1], "reached the target score", False)
    outcome = RULES.outcome(state)
    assert (outcome.winners, outcome.at_limit) == ([1], False) and RULES.to_act(state) == []
    _, unchanged = act(table(), 1, "roll", 6)
    assert RULES.outcome(act(act(unchanged, 1, "roll", 5)[1], 1, "hold")[1]) is None  # 11 is short of the default 100


def test_the_legal_commands_are_the_actions_whose_condition_holds():
    kit = with_rules(actions=[*PIG["play"]["actions"][:1], {**PIG["play"]["actions"][1], "when": "turn_total > 0"}])
    state = table(kit)
    assert RULES.legal_commands(state, 1) == [{"type": "act", "action": "roll"}]
    assert RULES.legal_commands(state, 2) == []  # not seat 2's turn
    _, state = act(state, 1, "roll", 3)
    assert RULES.legal_commands(state, 1) == [{"type": "act", "action": "roll"}, {"type": "act", "action": "hold"}]


def test_ruling_11_an_action_whose_condition_fails_is_refused_quoting_the_condition():
    kit = with_rules(actions=[*PIG["play"]["actions"][:1], {**PIG["play"]["actions"][1], "when": "turn_total > 0"}])
    with pytest.raises(IllegalCommand, match=r"hold is not allowed now: its condition 'turn_total > 0' does not hold"):
        act(table(kit), 1, "hold")


def test_ruling_11_a_kit_with_rules_takes_only_its_actions():
    with pytest.raises(IllegalCommand, match=r"this kit's rules say what is played: take one of its actions \(act: roll, hold\)"):
        RULES.decide(table(), 1, {"type": "roll", "die": "die"}, TableRng([3]))
    with pytest.raises(IllegalCommand, match=r"this kit has no action 'fold' \(did you mean \"hold\"\?\); its actions: roll, hold"):
        act(table(), 1, "fold")


def test_ruling_11_the_turn_limit_stops_the_game_and_says_so_with_the_leaders_as_winners():
    state = table(turns=2)
    _, state = act(state, 1, "roll", 3)
    _, state = act(state, 1, "hold")  # turn 2 begins: Ben's
    assert RULES.outcome(state) is None
    facts, state = act(state, 2, "roll", 1)  # a third turn would begin: the limit stops the game
    assert facts[-1] == f.GameEnded(2, [1], "the turn limit was reached", True)
    assert RULES.outcome(state).at_limit and RULES.outcome(state).winners == [1]


def test_a_turn_limit_with_everyone_level_is_a_draw():
    facts, state = act(table(turns=1), 1, "roll", 1)
    assert facts[-1] == f.GameEnded(1, [], "the turn limit was reached", True)


def test_a_turn_limit_that_is_not_a_whole_number_is_refused_naming_it():
    kit = with_rules(limit={"turns": '"ten"', "most": "score"})
    with pytest.raises(IllegalCommand, match=r"the kit's rules fail here: the turn limit '\"ten\"' is 'ten', not a whole number"):
        act(table(kit), 1, "roll", 3)


def test_a_rule_that_fails_in_play_is_refused_naming_it_and_nothing_changes():
    kit = with_rules(actions=[{"name": "split", "effects": [{"add": "score", "value": "turn_total / turn_total"}]}])
    with pytest.raises(IllegalCommand, match=r"the kit's rules fail here: 'turn_total / turn_total' could not be worked out: division by zero"):
        act(table(kit), 1, "split")


def test_ruling_11_a_parameter_the_kit_does_not_take_is_refused():
    with pytest.raises(InvalidSetup, match="this kit has no parameter 'goal'; its parameters: roll_past_target, target, turns"):
        table(goal=50)
    with pytest.raises(InvalidSetup, match=r"parameter 'target' ranges 10..1000; 5 is outside"):
        table(target=5)
    with pytest.raises(InvalidSetup, match="parameter 'target' is a whole number, not True"):
        table(target=True)


@pytest.mark.parametrize(("change", "at", "said"), [
    (("score[seat] >= target", "scor[seat] >= target"), "scor[seat]",
     "play.end.0.when: 'scor[seat] >= target' reads 'scor', which this kit does not name here"),
    (("- roll: die", "- roll: dice"), "- roll: dice", "play.actions.0.effects.0.roll: no die named 'dice'"),
    (("kit: 2", "kit: 1"), "parameters:", "parameters: parameters is for kits of version 2 (kit: 2): version 1 keeps no rules"),
    (("if: die == 1", "if: die =="), "if: die ==", "play.actions.0.effects.1.if: 'die ==' is not an expression"),
    (("{default: 100, minimum: 10", "{default: 5, minimum: 10"), "{default: 5,", "parameters.target.default: 5 is outside 10..1000"),
    (("{add: score, value: turn_total}", "{add: points, value: turn_total}"), "{add: points", "play.actions.1.effects.0.add: no counter named 'points'"),
    (("most: score", "most: points"), "most: points", "play.limit.most: no counter named 'points'"),
])
def test_a_mistake_in_the_rules_is_named_at_its_line(change, at, said):
    text = PIG_TEXT.replace(*change)
    line = text[:text.index(at)].count("\n") + 1
    document, mistakes = read_kit(text, "pig.yaml")
    assert document is None and len(mistakes) == 1 and mistakes[0].startswith(f"pig.yaml:{line}: {said}"), mistakes


def test_a_name_given_twice_is_a_mistake():
    kit = yaml.safe_load(PIG_TEXT)
    kit["parameters"]["die"] = {"default": 1}
    document, mistakes = read_kit(yaml.safe_dump(kit), "pig.yaml")
    assert mistakes and "'die' names a parameter and a die: the rules would not know which" in mistakes[0]


def test_random_games_of_pig_end_by_its_rules_and_replay_alike():
    lengths = set()
    for seed in range(6):
        options = RULES.resolve_options({"kit": PIG, "parameters": {"target": 30}})
        game = Game.start(RULES, ["Ana", "Ben", "Cy"][: 2 + seed % 2], options, f"pig-{seed}", salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
        assert not game.outcome().at_limit and game.outcome().winners
        lengths.add(game.version)
        again = Game.start(RULES, list(game.seats), options, f"pig-{seed}", salt=SALT)
        for event in game.pending_events:
            if getattr(event, "cause", None) and again.answer(event.cause["command_id"]) is None:
                again.play(event.cause["seat"], event.cause["command"], event.cause["command_id"])
        assert again.state == game.state
    assert len(lengths) > 1


def test_ruling_11_a_counter_set_beyond_its_range_stops_at_its_end():
    kit = copy.deepcopy(PIG)
    kit["counters"][0].update({"min": 0, "max": 20})
    kit["play"]["actions"].append({"name": "gamble", "effects": [{"add": "score", "value": "-5"}, {"add": "score", "value": "die * 100", "seat": "2"}]})
    _, state = act(table(kit), 1, "roll", 3)
    facts, state = act(state, 1, "gamble")
    assert facts == [f.CounterChanged(1, "score:1", 0, 0), f.CounterChanged(1, "score:2", 20, 20)]
