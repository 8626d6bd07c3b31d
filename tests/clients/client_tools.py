"""What the generated-client tests share: where things are, how a missing tool is met (``needed``), and a
command run with the test virtualenv's scripts first on ``PATH``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CLIENTS = Path(__file__).resolve().parent
SPEC = CLIENTS.parents[1] / "openapi.yaml"
NODE_MODULES = CLIENTS / "node_modules"
SALT = "5eed" * 8
"""The salt every seeded game here is dealt with: the same seed plays the same game every run."""


def needed(reason: str) -> None:
    """Skip, saying why, on a developer's machine; fail under ``CI=true``, where every client is tested."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the generated-client tests must run)", pytrace=False)
    pytest.skip(reason)


def tool_env() -> dict[str, str]:
    """This run's environment, the test virtualenv's scripts first on ``PATH`` (``openapi-python-client``
    formats what it writes with the ``ruff`` installed beside it), and the npm tools' telemetry off."""
    scripts = Path(sys.executable).parent
    return {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ.get('PATH', '')}",
            "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "DO_NOT_TRACK": "1",
            "NO_UPDATE_NOTIFIER": "1"}


def run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """A command's run, its output kept; it must succeed (else the assertion shows what it said)."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, env=tool_env(), timeout=timeout)
    assert done.returncode == 0, f"{' '.join(command)} exited {done.returncode}:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done
