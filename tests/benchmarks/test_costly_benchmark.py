"""The costly-requests benchmark's runner works: ``python tests/benchmarks/costly.py --quick``, run as a
real process, prints a row for the bystander alone and for each load with the limits on and off, each
with the bystander's figures and how the looping clients were answered. How fast anything is is not
checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_costly_benchmark_prints_the_bystander_beside_each_load():
    rows = sections(printed("costly.py", "--quick"))["The bystander's reads while eight clients loop on costly requests"]
    assert [(row["load"], row["limits on costly requests"]) for row in rows] == [
        ("nothing", "on (2 / 8 / 4)"), ("bot hints", "on (2 / 8 / 4)"), ("bot hints", "off"),
        ("HTML exports", "on (2 / 8 / 4)"), ("HTML exports", "off")]
    for row in rows:
        assert re.fullmatch(r"[\d.]+ / [\d.]+", row["bystander's GET p50 / p99 (ms)"])
    for row in rows[1:]:
        assert re.fullmatch(r"\d+ × 200(, \d+ × 429)?", row["the looping clients' answers"])
