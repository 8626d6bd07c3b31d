"""Connect Four written as code on the kit's table (``kit_floor.py``): it decides what the kit decides, its runner
prints the three rates and the share of the code's rate the 20× target asks of the kit. How fast is not checked."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from benchmarks_tables import printed, sections

pytestmark = pytest.mark.slow


@pytest.fixture
def kit_floor(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.syspath_prepend(str(Path(__file__).parent))  # the runner's own folder, as when it runs as a script
    import kit_floor

    return kit_floor


def test_connect_four_written_as_code_agrees_with_the_kit(kit_floor: Any) -> None:
    assert kit_floor.agreement(10) == []


def test_the_agreement_tells_a_drop_decided_otherwise(kit_floor: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    decide = kit_floor.HandWritten.decide

    def wrong_piece(self: Any, state: Any, seat: int, command: Any) -> list[Any]:
        first, *rest = decide(self, state, seat, command)
        return [type(first)(first.seat, first.piece + "x", first.origin, first.to), *rest]

    monkeypatch.setattr(kit_floor.HandWritten, "decide", wrong_piece)
    (said,) = kit_floor.agreement(1)
    assert said.startswith("game 0, command 0: the kit decides [PieceMoved(")


def test_the_code_refuses_a_drop_above_an_empty_space(kit_floor: Any) -> None:
    from domain.engine.errors import IllegalCommand

    state = kit_floor.RULES.new_state(2, kit_floor.options())
    state = kit_floor.RULES.evolve(state, kit_floor.f.TurnPassed(None, 1))
    with pytest.raises(IllegalCommand):
        kit_floor.HandWritten(state).decide(state, 1, {"type": "act", "action": "drop", "to": "a2"})


def test_the_kit_floor_benchmark_prints_the_three_rates_and_the_target() -> None:
    text = printed("kit_floor.py", "--quick")
    (rows,) = sections(text).values()
    assert [row["rules"] for row in rows] == ["Connect Four written as code, on the kit's table and facts", "the Connect Four kit",
                                              "the kit at the target, within 20× of OpenSpiel",
                                              "OpenSpiel's `connect_four(columns=7,rows=6)`"]
    rates = [int(row["commands per CPU-second"].replace(",", "")) for row in rows]
    assert all(rate > 0 for rate in rates) and rows[0]["÷ the code's rate"] == "1.00" and rows[2]["OpenSpiel ÷ it"] == "20.0×"
    for row in rows:
        assert re.fullmatch(r"[\d,]+\.\d×", row["OpenSpiel ÷ it"]) and re.fullmatch(r"[\d,]+\.\d\d", row["÷ the code's rate"])
    assert "agree on every legal command, fact and table of 2 seeded random games" in text
