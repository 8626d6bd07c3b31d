"""What a browser test does without its browser: skips, saying why, on a developer's machine; fails in CI
(``CI=true``), where ``.ci/run`` installs Chromium and Playwright, so that a green run never hides an
untested browser."""

from __future__ import annotations

import os

import pytest


def missing(reason: str) -> None:
    """Skip (or, under ``CI=true``, fail) the test that needs the browser, saying why."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the browser tests must run)", pytrace=False)
    pytest.skip(reason)
