"""The house's layers, read from the code's own imports: every import of the project (at the top of a
module, inside a function, under ``TYPE_CHECKING``) points down the floors

    domain.engine ← domain.games ← domain.thinking ← domain.keeping ← replays ← api ← cli

or stays on its floor, and no module reaches itself through others (no circle anywhere)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("domain.engine", "domain.games", "domain.thinking", "domain.keeping", "replays", "api", "cli")
"""From the lowest: each may import only its own floor and those before it."""


def modules() -> dict[str, Path]:
    found = {}
    for top in ("domain", "api", "cli", "replays"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that ``name`` imports, wherever in it the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                target = f"{base}.{alias.name}"
                out.add(target if target in known else base)
    return {target for target in out if target in known and target != name}


def floor(name: str) -> int | None:
    return next((index for index, prefix in enumerate(FLOORS) if name == prefix or name.startswith(prefix + ".")), None)


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_every_module_stands_on_a_floor():
    assert [name for name in graph() if floor(name) is None and name != "domain"] == []


def test_no_import_points_up_a_floor():
    upward = [f"{name} -> {target}" for name, targets in graph().items() for target in targets
              if floor(name) is not None and floor(target) is not None and floor(target) > floor(name)]
    assert upward == []


def test_no_module_reaches_itself_through_others():
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    assert circles == []
