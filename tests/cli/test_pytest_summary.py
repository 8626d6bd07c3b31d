"""The default test run says in its summary how many PostgreSQL cases it skipped, why, and how to
run them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_a_store_is_named(store):
    """A case on each store (the PostgreSQL one skipped without LUDOLOG_TEST_POSTGRES), run below."""
    assert store


def test_the_summary_says_why_postgresql_cases_were_skipped_and_how_to_run_them():
    env = {key: value for key, value in os.environ.items() if key != "LUDOLOG_TEST_POSTGRES"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         f"{Path(__file__).relative_to(ROOT)}::test_a_store_is_named"],
        capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert ("1 PostgreSQL case skipped: LUDOLOG_TEST_POSTGRES is not set; "
            "run: LUDOLOG_TEST_POSTGRES=postgresql://user@host:port/dbname python -m pytest") in done.stdout
    assert "1 passed, 1 skipped" in done.stdout
