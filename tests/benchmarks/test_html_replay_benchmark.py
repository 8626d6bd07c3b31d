"""The HTML replay benchmark's runner works: ``python tests/benchmarks/html_replay.py --quick``, run as a
real process, prints a row per game size with the page's seconds and size beside the page drawn ahead's,
the page far smaller; and ``page_figures``, what the benchmark report can call, gives a stored game's
page's seconds and MB. How fast anything is is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections


@pytest.mark.slow
def test_the_html_replay_benchmark_prints_a_row_per_game_size():
    (rows,) = sections(printed("html_replay.py", "--quick")).values()
    assert len(rows) == 2 and int(rows[0]["events"]) < int(rows[1]["events"].replace(",", ""))
    for row in rows:
        for column in ("seconds", "CPU seconds", "MB", "drawn ahead: seconds", "drawn ahead: MB", "NDJSON seconds"):
            assert re.fullmatch(r"\d+\.\d\d", row[column]), (column, row[column])
        assert float(row["MB"]) < float(row["drawn ahead: MB"])


def test_page_figures_gives_a_stored_games_pages_seconds_and_megabytes(tmp_path):
    import html_replay

    service, game_id, total = html_replay.played(tmp_path, 40)
    seconds, megabytes = html_replay.page_figures(service, game_id)
    assert total >= 40 and seconds > 0 and 0 < megabytes < 1
    service.close()
