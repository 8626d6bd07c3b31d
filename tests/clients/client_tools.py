"""What the generated-client tests share: where things are, how a missing tool is met (``needed``), and a
command run with the test virtualenv's scripts first on ``PATH``."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

CLIENTS = Path(__file__).resolve().parent
SPEC = CLIENTS.parents[1] / "openapi.yaml"
NODE_MODULES = CLIENTS / "node_modules"
LEAST_NODE = (20, 19)
"""The oldest Node.js the pinned npm tools run on (``engines`` in ``package.json``: Redocly's)."""
SALT = "5eed" * 8
"""The salt every seeded game here is dealt with: the same seed plays the same game every run."""

TIC_TAC_TOE = SPEC.parent / "domain" / "games" / "table_kit" / "kits" / "tic-tac-toe.yaml"
PLANS: dict[str, tuple[str, dict[str, Any]]] = {
    "assassination-le": ("8", {}),
    "correction": ("1", {}),
    "infection": ("4", {}),
    "location-ccg": ("8", {"turn_limit": 10}),
    "missions": ("4", {}),
    "project-assassination": ("3", {}),
    "squad-combat": ("2", {"turn_limit": 6}),
    "table-kit": ("1", {"kit": yaml.safe_load(TIC_TAC_TOE.read_text(encoding="utf-8"))}),
}
"""Each ruleset's seed and options, for a whole game of at most about a hundred commands with the bot's
stride through the legal commands (the turn limits of ``tests/quick_games.py``; a table kit with rules that
end its game, tic-tac-toe). A ruleset not named here is played from seed 1 with its defaults."""
SEATS = {"table-kit": 2}
"""Seats other than the ruleset's fewest (the tic-tac-toe kit takes two)."""


def needed(reason: str) -> None:
    """Skip, saying why, on a developer's machine; fail under ``CI=true``, where every client is tested."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the generated-client tests must run)", pytrace=False)
    pytest.skip(reason)


def node_missing(which: Callable[[str], str | None] = shutil.which) -> str | None:
    """Why the npm tools cannot run here (no node or npm on the ``PATH``, or too old a node), or None."""
    node, npm = which("node"), which("npm")
    if node is None or npm is None:
        return "node and npm are not on the PATH: the TypeScript client and the spec lint need them"
    shown = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    version = tuple(int(part) for part in re.findall(r"\d+", shown)[:2])
    if version < LEAST_NODE:
        return f"node {shown} is older than the npm tools need ({'.'.join(map(str, LEAST_NODE))} or later)"
    return None


def tool_env() -> dict[str, str]:
    """This run's environment, the test virtualenv's scripts first on ``PATH`` (``openapi-python-client``
    formats what it writes with the ``ruff`` installed beside it), and the npm tools' telemetry off."""
    scripts = Path(sys.executable).parent
    return {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
            "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "DO_NOT_TRACK": "1",
            "NO_UPDATE_NOTIFIER": "1"}


def run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """A command's run, its output kept; it must succeed (else the assertion shows what it said)."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=tool_env(), timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(command)} exited {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done
