"""A table game's options as the table-kit ruleset resolves them: the same, and refused with the same words, as the
schema's validator has them (``Ruleset.resolve_options``), whether or not they are taken without it."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.ruleset import Ruleset
from domain.games.table_kit.rules import shipped_kit

RULES = registry.get("table-kit")


@pytest.mark.parametrize("options", [None, {}, {"kit": shipped_kit("pig")}, {"parameters": {"target": 20}},
                                     {"kit": shipped_kit("pig"), "parameters": {}}])
def test_options_resolve_as_the_schema_has_them(options: dict[str, Any] | None) -> None:
    resolved = RULES.resolve_options(options)
    assert resolved == Ruleset.resolve_options(RULES, options)
    assert set(resolved) == {"kit", "parameters"}
    assert resolved["kit"] == (options or {}).get("kit", RULES.options_schema["properties"]["kit"]["default"])


@pytest.mark.parametrize("options", [{"kit": "pig"}, {"kit": [1]}, {"parameters": 3}, {"kit": {}, "seats": 2}, {"players": 2}])
def test_bad_options_are_refused_as_the_schema_refuses_them(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidSetup) as ours:
        RULES.resolve_options(options)
    with pytest.raises(InvalidSetup) as schemas:
        Ruleset.resolve_options(RULES, options)
    assert str(ours.value) == str(schemas.value)
    assert str(ours.value).startswith("bad option")
