"""The registry of rulesets: find a game's rules by name, and by version.

Adding a game is one folder under ``domain/games/`` and one line in ``_GAMES`` below. A game's
module exports ``RULESET`` (the current rules) and may export ``EARLIER``: older versions kept so
that games recorded under them go on, replay and audit under the rules they were played by.
"""

from __future__ import annotations

import importlib

from domain.engine.errors import UnknownRuleset
from domain.engine.ruleset import Ruleset

_GAMES = (
    "domain.games.assassination_le",
    "domain.games.correction",
    "domain.games.infection",
    "domain.games.location_ccg",
    "domain.games.missions",
    "domain.games.project_assassination",
    "domain.games.squad_combat",
    "domain.games.table_kit",
)

_RULESETS: dict[str, Ruleset] = {}
"""The current version of each ruleset, by name."""
_VERSIONS: dict[str, dict[int, Ruleset]] = {}
"""Every kept version of each ruleset."""


def register(rules: Ruleset, current: bool = True) -> None:
    """Add a ruleset (the current version of its name, unless ``current`` is False)."""
    _VERSIONS.setdefault(rules.name, {})[rules.version] = rules
    if current:
        _RULESETS[rules.name] = rules


for _module_name in _GAMES:
    _module = importlib.import_module(_module_name)
    for _earlier in getattr(_module, "EARLIER", ()):
        register(_earlier, current=False)
    register(_module.RULESET)


def get(name: str, version: int | None = None) -> Ruleset:
    """The ruleset registered under ``name``: the given version when it is kept, else the current one.
    ``UnknownRuleset`` listing the known names otherwise."""
    try:
        current = _RULESETS[name]
    except KeyError:
        raise UnknownRuleset(f"no ruleset named {name!r}; known: {', '.join(sorted(_RULESETS))}") from None
    if version is None:
        return current
    return _VERSIONS[name].get(version, current)


def has(name: str, version: int) -> bool:
    """Whether that version of the ruleset is kept."""
    return version in _VERSIONS.get(name, {})


def all_rulesets() -> list[Ruleset]:
    """The current version of every registered ruleset, by name."""
    return [_RULESETS[name] for name in sorted(_RULESETS)]


def all_versions() -> list[Ruleset]:
    """Every kept version of every ruleset."""
    return [rules for name in sorted(_VERSIONS) for _, rules in sorted(_VERSIONS[name].items())]


def has_name(name: str) -> bool:
    """Whether a ruleset has that name (every version counts)."""
    return name in _VERSIONS
