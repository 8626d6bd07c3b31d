"""The benchmark runners in their tests: running one as a real process from the project's root
(``printed``), and reading its Markdown output: each ``## `` section's table (``sections``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def printed(script: str, *args: str) -> str:
    """What ``python tests/benchmarks/SCRIPT ARGS`` prints, run from the project's root; it must succeed."""
    done = subprocess.run([sys.executable, f"tests/benchmarks/{script}", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def sections(text: str) -> dict[str, list[dict[str, str]]]:
    """Each ``## `` section's Markdown table, as rows of cells by column header."""
    found: dict[str, list[dict[str, str]]] = {}
    title, headers = "", []
    for line in text.splitlines():
        if line.startswith("## "):
            title, headers = line[3:], []
            found[title] = []
        elif line.startswith("|") and title:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            if not headers:
                headers = cells
            elif not set(line) <= set("|-"):
                assert len(cells) == len(headers), line
                found[title].append(dict(zip(headers, cells)))
    return found
