"""Where the browser tests find Chromium: the file ``LUDOLOG_CHROMIUM`` names, else the first of
``chromium``, ``chromium-browser`` and ``google-chrome`` on the ``PATH``; and, without one, why not."""

from __future__ import annotations

import os
import pathlib
import shutil

CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome")
"""The names a system Chromium goes by on the ``PATH``, tried in this order."""


def find_chromium() -> pathlib.Path | None:
    """The Chromium the browser tests drive: the one ``LUDOLOG_CHROMIUM`` names, else the first of
    ``CHROMIUM_NAMES`` on the ``PATH``; ``None`` when there is none."""
    named = os.environ.get("LUDOLOG_CHROMIUM")
    if named:
        return pathlib.Path(named) if pathlib.Path(named).is_file() else None
    found = next((path for path in map(shutil.which, CHROMIUM_NAMES) if path), None)
    return pathlib.Path(found) if found else None


def chromium_missing_reason() -> str:
    """Why no Chromium was found, and how to name one."""
    named = os.environ.get("LUDOLOG_CHROMIUM")
    if named:
        return f"LUDOLOG_CHROMIUM names {named}, which is not a file: nothing is tried in a browser"
    return (f"no Chromium: LUDOLOG_CHROMIUM is not set and none of {', '.join(CHROMIUM_NAMES)} is on the PATH; "
            "nothing is tried in a browser")
