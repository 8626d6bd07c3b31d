"""A green CI run cannot hide an untested browser: without Chromium or Playwright, a browser test skips on a
developer's machine, saying why, but fails under ``CI=true`` (where ``.ci/run`` installs both)."""

from __future__ import annotations

import pytest
from browser_needed import missing


def test_a_missing_browser_fails_the_browser_tests_under_ci_and_skips_them_elsewhere(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true: the browser tests must run"):
        missing("no system Chromium at /usr/bin/chromium")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="no system Chromium"):
        missing("no system Chromium at /usr/bin/chromium")
