"""The streams benchmark's runner works: ``python tests/benchmarks/streams.py --quick --no-postgres``,
run as a real process, prints its table with a row for each number of open streams, and every
figure a stream row has is a number (each command's events reached every stream; the runner fails
otherwise). How fast anything is is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_streams_benchmark_prints_a_row_for_each_number_of_open_streams():
    found = sections(printed("streams.py", "--quick", "--no-postgres"))
    rows = found["Commands and event delivery with streams open"]
    assert [(row["store"], row["streams open"]) for row in rows] == [("SQLite", "0"), ("SQLite", "20")]
    for row in rows:
        assert re.fullmatch(r"[\d.]+ / [\d.]+", row["command p50 / p99 (ms)"])
        assert re.fullmatch(r"[\d.]+ read calls/s, [\d.]+ CPU s/s", row["idle: store asked, server CPU"])
    assert re.fullmatch(r"[\d.]+ / [\d.]+", rows[1]["to the last stream p50 / p99 (ms)"])
    assert float(rows[1]["memory per stream (KiB)"]) > 0
