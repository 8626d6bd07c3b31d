"""The room benchmark's runner works: ``python tests/benchmarks/room_class.py --quick --no-postgres``, run as a
real process, prints one row for SQLite in which every student's first press of Join was seated (201) and the
second got the same place back (200). How fast anything is is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_room_benchmark_seats_every_student_once_and_times_the_polling():
    rows = sections(printed("room_class.py", "--quick", "--no-postgres"))["A class of thirty in one room"]
    assert [(row["store"], row["students"]) for row in rows] == [("SQLite", "4")]
    assert rows[0]["joins answered"] == "4 × 200, 4 × 201"
    assert re.fullmatch(r"[\d.]+ / [\d.]+", rows[0]["polls p50 / p99 (ms)"])
