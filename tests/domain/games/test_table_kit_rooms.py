"""The table kit's rooms (``domain/games/table_kit/<room>/``) import one way: a room uses only the rooms
below it, in the order its package docstring names ("May use: ..."), never a room above it and never the
ruleset at the top (``rules.py``, ``kit_types.py``; ``kit_engine.py``, which names the modules the compiled engine is
built from), at a module's head or inside a function."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

PACKAGE = "domain.games.table_kit"
ROOT = Path(__file__).resolve().parents[3] / "domain" / "games" / "table_kit"
ORDER = ("vocabulary", "language", "board", "play", "reading", "table", "shown")
"""The rooms, lowest first: each may use those before it."""


def kit_imports(path: Path) -> set[str]:
    """The table kit's modules and packages a module imports, anywhere in it, as dotted names below the package."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE):
            below = node.module[len(PACKAGE):].lstrip(".")
            found.update(f"{below}.{alias.name}".lstrip(".") if below in ORDER or not below else below for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name[len(PACKAGE):].lstrip(".") for alias in node.names if alias.name.startswith(PACKAGE + "."))
    return found


def test_every_module_of_the_table_kit_is_in_a_room() -> None:
    loose = sorted(path.stem for path in ROOT.glob("*.py") if path.stem not in ("__init__", "rules", "kit_types", "kit_engine"))
    assert loose == [], "modules of the table kit in no room"
    assert sorted(path.name for path in ROOT.iterdir() if (path / "__init__.py").exists()) == sorted(ORDER)


@pytest.mark.parametrize("room", ORDER)
def test_a_room_imports_only_the_rooms_below_it(room: str) -> None:
    allowed = set(ORDER[: ORDER.index(room) + 1])
    wrong = {f"{path.stem} imports {name}" for path in (ROOT / room).glob("*.py")
             for name in kit_imports(path) if name.split(".")[0] not in allowed}
    assert sorted(wrong) == []


@pytest.mark.parametrize("room", ORDER)
def test_a_rooms_docstring_says_what_it_holds_and_may_use(room: str) -> None:
    docstring = importlib.import_module(f"{PACKAGE}.{room}").__doc__ or ""
    used = docstring.split("May use:")[-1]
    below = ORDER[: ORDER.index(room)]
    assert "May use:" in docstring and all(f"``{path.stem}``" in docstring for path in (ROOT / room).glob("*.py")
                                           if path.stem != "__init__")
    if room == ORDER[-1]:
        assert "every other room" in used
    else:
        assert [name for name in ORDER if name in used] == list(below) or (not below and "nothing else" in used)
