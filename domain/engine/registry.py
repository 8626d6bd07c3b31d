"""The registry of rulesets: find a game's rules by name, and by version.

Adding a game is one folder under ``domain/games/``: its package's name is the ruleset's name with
``_`` for ``-`` (``domain.games.location_ccg`` holds ``location-ccg``). A game's package exports
``RULESET`` (the current rules) and may export ``EARLIER``: older versions kept so that games recorded
under them go on, replay and audit under the rules they were played by.

A game's package is imported the first time its ruleset is asked for, not before: a command that
reads one game loads one ruleset, and a command's help loads none.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from pathlib import Path

from domain.engine.errors import UnknownRuleset
from domain.engine.ruleset import Ruleset

_GAMES = {module.name.replace("_", "-"): f"domain.games.{module.name}"
          for module in pkgutil.iter_modules([str(Path(__file__).parents[1] / "games")]) if module.ispkg}
"""Each game's package, by its ruleset's name: every package in the folder ``domain/games`` (found by
its path: the engine imports no game until one is asked for)."""

_RULESETS: dict[str, Ruleset] = {}
"""The current version of each ruleset loaded, by name."""
_VERSIONS: dict[str, dict[int, Ruleset]] = {}
"""Every kept version of each ruleset loaded."""


def register(rules: Ruleset, current: bool = True) -> None:
    """Add a ruleset (the current version of its name, unless ``current`` is False)."""
    _VERSIONS.setdefault(rules.name, {})[rules.version] = rules
    if current:
        _RULESETS[rules.name] = rules


_LOADING = threading.RLock()
"""Held while a game's package is imported and registered: threads asking at once register it once."""


def _load(name: str) -> None:
    """Import the game package of ``name``, if there is one and it is not loaded, and register its
    rulesets (a version already registered under the name is kept: it was put there on purpose)."""
    if name in _RULESETS and name in _VERSIONS or name not in _GAMES:
        return
    with _LOADING:
        module = importlib.import_module(_GAMES[name])
        rulesets = [*getattr(module, "EARLIER", ()), module.RULESET]
        for rules in rulesets:
            if rules.name != name:
                raise RuntimeError(f"{_GAMES[name]} holds the ruleset {rules.name!r}: its folder must be named after it")
            _VERSIONS.setdefault(name, {}).setdefault(rules.version, rules)
        _RULESETS.setdefault(name, module.RULESET)


def _load_all() -> None:
    for name in _GAMES:
        _load(name)


def names() -> list[str]:
    """The name of every ruleset, loaded or not, sorted."""
    return sorted({*_GAMES, *_RULESETS})


def get(name: str, version: int | None = None) -> Ruleset:
    """The ruleset registered under ``name``: the given version when it is kept, else the current one.
    ``UnknownRuleset`` listing the known names otherwise."""
    _load(name)
    try:
        current = _RULESETS[name]
    except KeyError:
        raise UnknownRuleset(f"no ruleset named {name!r}; known: {', '.join(names())}") from None
    if version is None:
        return current
    return _VERSIONS[name].get(version, current)


def has(name: str, version: int) -> bool:
    """Whether that version of the ruleset is kept."""
    _load(name)
    return version in _VERSIONS.get(name, {})


def all_rulesets() -> list[Ruleset]:
    """The current version of every registered ruleset, by name."""
    _load_all()
    return [_RULESETS[name] for name in sorted(_RULESETS)]


def all_versions() -> list[Ruleset]:
    """Every kept version of every ruleset."""
    _load_all()
    return [rules for name in sorted(_VERSIONS) for _, rules in sorted(_VERSIONS[name].items())]


def has_name(name: str) -> bool:
    """Whether a ruleset has that name (every version counts)."""
    return name in _GAMES or name in _VERSIONS


def versions_of(name: str) -> list[Ruleset]:
    """Every kept version of ruleset ``name``, oldest first (none for an unknown name)."""
    _load(name)
    return [rules for _, rules in sorted(_VERSIONS.get(name, {}).items())]


def loaded() -> list[Ruleset]:
    """Every version of every ruleset loaded so far (``get`` loads a ruleset's package on first use)."""
    return [rules for versions in list(_VERSIONS.values()) for rules in versions.values()]
