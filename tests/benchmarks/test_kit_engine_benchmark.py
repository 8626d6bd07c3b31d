"""The compiled kit engine beside the engine as written (``kit_engine.py``): its runner compiles the engine in a copy
of the project and prints each kit's two rates and the targets for both. How fast is not checked."""

from __future__ import annotations

import re

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


def test_the_kit_engine_benchmark_prints_both_engines_rates_and_the_targets() -> None:
    pytest.importorskip("mypyc.build")
    found = sections(printed("kit_engine.py", "--quick"))
    rates, targets = found.values()
    assert [row["kit"] for row in rates] == ["connect-four", "pig"]
    for row in rates:
        assert int(row["as written"].replace(",", "")) > 0 and int(row["compiled"].replace(",", "")) > 0
        assert re.fullmatch(r"\d+\.\d\d×", row["compiled ÷ as written"]) and row["compiled: target 20,000"] in ("met", "not met")
    assert [row["target"].split(" ")[0] for row in targets] == ["every", "Connect", "the", "`ludolog"]
    assert all(row["compiled: met?"] in ("met", "not met") for row in targets)
