"""Every ruleset's board says what its tones and marks mean: its picture has a legend (text items whose id
is ``legend`` or ``legend:N``), for every viewer, from the first step of a game."""

from __future__ import annotations

import pytest

from domain.engine import registry
from domain.engine.game import Game
from domain.engine.viewing import OWNER

SALT = "5eed" * 8


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda rules: rules.name)
def test_every_board_has_a_legend_of_its_tones_and_marks(rules):
    seats = ["Ann", "Ben", "Cy", "Dee"][: max(2, rules.min_seats)]
    game = Game.start(rules, seats, rules.resolve_options({}), "legend", salt=SALT)
    for viewer in (1, None, OWNER):
        picture = rules.picture(rules.view(game.state, viewer), seats)
        legend = [item["text"] for item in picture["items"]
                  if item["kind"] == "text" and (item.get("id") == "legend" or item.get("id", "").startswith("legend:"))]
        assert legend and all(len(line) > 20 for line in legend), (rules.name, viewer)
