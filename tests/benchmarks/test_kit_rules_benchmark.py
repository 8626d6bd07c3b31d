"""The kit-rules benchmark's runner works: ``python tests/benchmarks/kit_rules.py --quick``, run as a real
process, prints a row for each shipped kit with rules (every kit file in the folder with a ``play`` section,
read here from the files themselves), each figure a number, OpenSpiel's same game beside the kits that have one
(at the kit's size), the condition's cost, and a row for each target with its verdict. How fast is not checked."""

from __future__ import annotations

import re

import pytest
import yaml
from benchmarks_tables import printed, sections

from domain.games.table_kit.rules import KITS

pytestmark = pytest.mark.slow


def test_the_kit_rules_benchmark_prints_every_shipped_kit_with_rules():
    text = printed("kit_rules.py", "--quick")
    played, searched, targets = sections(text).values()
    kits = sorted(path.stem for path in KITS.glob("*.yaml") if "play" in yaml.safe_load(path.read_text(encoding="utf-8")))
    assert len(kits) >= 7 and "pig" in kits and "snakes-and-ladders" not in kits
    assert [row["kit"] for row in played] == kits and [row["kit"] for row in searched] == kits
    for row in played:
        assert int(row["games"].replace(",", "")) > 0 and float(row["commands a game"].replace(",", "")) > 0
        assert int(row["commands per CPU-second"].replace(",", "")) > 0 and row["target 20,000"] in ("met", "not met")
    openspiel = {row["kit"]: row["OpenSpiel game"] for row in played if row["OpenSpiel game"] != "—"}
    assert openspiel == {"tic-tac-toe": "`tic_tac_toe`", "connect-four": "`connect_four(columns=7,rows=6)`",
                         "breakthrough": "`breakthrough(columns=8,rows=8)`", "kuhn-poker": "`kuhn_poker(players=2)`",
                         "liars-dice": "`liars_dice(dice_sides=6,numdice=1,players=2)`",
                         "pig": "`pig(diceoutcomes=6,horizon=1000,players=2,winscore=100)`"}
    for row in played:
        if row["kit"] in openspiel:
            assert int(row["OpenSpiel commands per CPU-second"].replace(",", "")) > 0
            assert re.fullmatch(r"[\d,]+\.\d× slower", row["OpenSpiel ÷ kit"])
        else:
            assert row["OpenSpiel commands per CPU-second"] == row["OpenSpiel ÷ kit"] == "—"
    for row in searched:
        if row["positions"] == "0":  # a kit whose seat never chooses: nothing to search
            assert row["simulations per CPU-second"] == "—" and row["target 500 (the rulesets')"].startswith("no choice")
        else:
            assert row["positions"] == "2" and float(row["simulations per CPU-second"].replace(",", "")) > 0
            assert float(row["ms a move"].replace(",", "")) >= 0
    assert {row["kit"] for row in searched if row["positions"] == "0"} <= {"snakes-and-ladders-with-rules"}
    assert re.search(r"A compiled condition .*: \d+\.\d CPU microseconds an evaluation by its Python closures, "
                     r"\d+\.\d by CEL alone\.", text)
    assert [(row["target"], row["verdict"] in ("met", "not met")) for row in targets] == [
        ("≥ 20,000", True), ("≤ 20×", True), ("≥ 0.5", True), ("≥ 500", True), ("≤ 2 s", True)]
    assert re.fullmatch(r"\d\.\d\d \([\d,]+ against [\d,]+\)", targets[2]["measured"])  # the Missions kit ÷ the ruleset
    checked = dict(entry.rsplit(" ", 1) for entry in targets[4]["measured"].split(" · "))
    assert list(checked) == kits and all(float(seconds) > 0 for seconds in checked.values())  # kit check, each kit
