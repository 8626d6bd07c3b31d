"""Balance studies of symmetric kits whose turns are taken together: rock, paper, scissors (shipped) and
goofspiel (``tests/kits/goofspiel.yaml``, each player holding One to Four). The seats are alike, so a study must
find neither favoured: a bot that judged the seat choosing first otherwise than the seat choosing last made
``ludolog balance`` call goofspiel unfair (Seat 2 favoured, 65%). The cheap check, the first and last choosers'
bids, is ``tests/domain/test_bots_together.py``. About eight minutes on one core: the slow stage."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.thinking.balance.findings import findings
from domain.thinking.balance.stats import wilson
from domain.thinking.balance.study import Study, play_study_game, study_games

KITS = {"rock-paper-scissors": shipped_kit("rock-paper-scissors"),
        "goofspiel": read_kit((Path(__file__).resolve().parents[1] / "kits" / "goofspiel.yaml").read_text(encoding="utf-8"), "goofspiel.yaml")[0]}
GAMES = 400
SURE = 3.29
"""The interval a seat's share of the games won must hold the fair share in: 99.9%, two-sided."""
SEARCH_BUDGET = "10"
"""Simulations a move: 400 games of each kit stay within a few minutes."""


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["greedy", "search"])
@pytest.mark.parametrize("name", sorted(KITS))
def test_a_symmetric_kit_taken_together_comes_out_balanced_with_no_seat_favoured(name, bot):
    study = Study("table-kit", 2, {"kit": KITS[name]}, (bot, bot), budget=SEARCH_BUDGET if bot == "search" else None)
    records = [play_study_game(*task) for task in study_games(study, f"together-{name}-{bot}", GAMES)]
    found = findings(study, records)["fairness"]
    assert found["decided"] >= 40, found
    for seat in found["seats"]:
        # the report's verdict reads a 95% interval: a fair study names a seat favoured about one time in twenty,
        # so the test reads a 99.9% one (a seat that won 65% of 400 decided games would still be named)
        low, high = wilson(seat["count"], seat["of"], z=SURE)
        assert low <= found["fair_share"] <= high, found["seats"]
