"""A command's shape is checked by its schema compiled to Python (fastjsonschema), and a malformed one's
error is found by the JSON Schema reference validator: the two must accept exactly the same commands."""

from __future__ import annotations

import jsonschema
import pytest

from domain.engine import registry
from domain.engine.errors import MalformedCommand
from domain.engine.game import Game
from domain.thinking.bots import RandomBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

ODD_VALUES = ("zz", "", 999, -1, 0, 1.5, None, True, [], [1], ["a1"], {})


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_the_compiled_check_accepts_exactly_what_the_reference_validator_accepts(rules):
    reference = {shape.type: jsonschema.Draft202012Validator(shape.json_schema()) for shape in rules.command_shapes}
    game = Game.start(rules, ["A", "B", "C"][: max(2, rules.min_seats)], rules.resolve_options({}), "checks", salt=SALT)
    bot, tried = RandomBot("checks"), 0
    for number in range(60):
        if game.outcome() is not None:
            break
        seat = game.to_act()[0]
        for command in rules.legal_commands(game.state, seat)[:6]:
            variants = [command, {**command, "extra": 1}, {key: value for key, value in command.items() if key == "type"}]
            variants += [{**command, key: odd} for key in command if key != "type" for odd in ODD_VALUES]
            for variant in variants:
                tried += 1
                if reference[command["type"]].is_valid(variant):
                    assert rules.check_command(variant) is variant
                else:
                    with pytest.raises(MalformedCommand, match=f"bad '{command['type']}' command"):
                        rules.check_command(variant)
        game.play(seat, bot.choose(rules, game.state, seat, game.version), f"c{number}")
    assert tried > 100
