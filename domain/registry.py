"""The registry of rulesets: find a game's rules by name.

Adding a game is one folder under ``domain/games/`` and one line in ``_GAMES`` below.
"""

from __future__ import annotations

import importlib

from domain.errors import UnknownRuleset
from domain.ruleset import Ruleset

_GAMES = (
    "domain.games.assassination_le",
    "domain.games.project_assassination",
)

_RULESETS: dict[str, Ruleset] = {}
for _module in _GAMES:
    _ruleset: Ruleset = importlib.import_module(_module).RULESET
    _RULESETS[_ruleset.name] = _ruleset


def get(name: str) -> Ruleset:
    """The ruleset registered under ``name``; ``UnknownRuleset`` listing the known ones otherwise."""
    try:
        return _RULESETS[name]
    except KeyError:
        raise UnknownRuleset(f"no ruleset named {name!r}; known: {', '.join(sorted(_RULESETS))}") from None


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset, by name."""
    return [_RULESETS[name] for name in sorted(_RULESETS)]
