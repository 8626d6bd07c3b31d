"""Options that keep a random game short, for the tests that play whole games through slow paths (the
API, diaries, replay pages) only to have a finished game to look at. Random bots rarely finish a game
of Squad Combat, so theirs run to the turn limit: a short limit keeps every kind of event in the game
(draws, attacks, reactions, deaths, the end of turns) at a tenth of the length. The Location CCG's
random games run to 240 commands; ten turns keep its setup, mulligans, missions and windows at a
quarter of that. Table kits play the test kit ``tests/kits/market.yaml``: hands dealt from a face-down
pile, a private zone per seat, a face-up market, so every way out is checked with secrets in it.
Rulesets not named here play their defaults."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

QUICK = {"location-ccg": {"turn_limit": 10}, "squad-combat": {"turn_limit": 6},
         "table-kit": {"kit": yaml.safe_load((Path(__file__).parent / "kits" / "market.yaml").read_text(encoding="utf-8"))}}


def quick_options(ruleset: str) -> dict[str, Any]:
    return copy.deepcopy(QUICK.get(ruleset, {}))
