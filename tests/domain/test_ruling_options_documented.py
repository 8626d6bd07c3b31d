"""Every ruleset's options and its RULINGS.md's "Options at a glance" table name the same options, each
with the default the schema gives and the number of a ruling the file has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from domain.engine import registry

GAMES = Path(__file__).resolve().parents[2] / "domain" / "games"


def glance(text: str) -> list[tuple[list[str], str, list[str]]]:
    """The table's rows: the options a row names, its default cell, and the ruling numbers it gives."""
    section = text.split("## Options at a glance", 1)[1].split("\n#", 1)[0]
    rows = []
    for line in section.splitlines():
        if line.startswith("| `"):
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            rows.append((re.findall(r"`([a-z0-9_]+)`", cells[0]), cells[1], re.findall(r"\b\d+\b", cells[-1])))
    return rows


@pytest.mark.parametrize("rules", registry.all_rulesets(), ids=lambda r: r.name)
def test_every_option_is_in_the_rulings_table_with_its_default_and_ruling(rules):
    text = (GAMES / rules.name.replace("-", "_") / "RULINGS.md").read_text(encoding="utf-8")
    rows = glance(text)
    properties = rules.options_schema["properties"]
    assert sorted(name for names, _, _ in rows for name in names) == sorted(properties)
    headings = set(re.findall(r"^##+ (\d+)\.", text, flags=re.M))
    for names, default_cell, rulings in rows:
        assert rulings and set(rulings) <= headings, (names, rulings)
        for name in names:
            default = properties[name].get("default")
            if default is not None and not isinstance(default, (dict, list)) and len(names) == 1:
                shown = default if isinstance(default, str) else json.dumps(default)
                assert shown in default_cell.replace(",", "").replace("$", ""), (name, default, default_cell)
