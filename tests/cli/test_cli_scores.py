"""A scored result where the CLI shows the result: ``ludolog show`` gives each seat's score under the winner, and
the exports (json, the design diary in Markdown, the replay page) carry them with the outcome."""

from __future__ import annotations

import json
import shutil

from cli_runs import succeeded

from domain.games.table_kit.rules import KITS


def test_show_and_the_exports_give_each_seats_score_with_the_result(tmp_path):
    db = str(tmp_path / "ludolog.sqlite3")
    kit = shutil.copy(KITS / "kuhn-poker.yaml", tmp_path / "kuhn-poker.yaml")
    game = succeeded("new", str(kit), "--seat", "Ana", "--seat", "Ben", "--seed", "7", db=db).strip()
    succeeded("act", game, "--seat", "Ana", '{"type": "act", "action": "bet"}', db=db)
    succeeded("act", game, "--seat", "Ben", '{"type": "act", "action": "bet"}', db=db)
    scores = json.loads(succeeded("export", game, "--format", "json", db=db))["game"]["outcome"]["scores"]
    assert sorted(scores) == [-2, 2]  # a call: each player put two chips in the pot
    said = f"Scores: Ana (seat 1) {scores[0]}, Ben (seat 2) {scores[1]}."
    assert said in succeeded("show", game, db=db).splitlines()
    assert f"Scores: Ana {scores[0]}, Ben {scores[1]}." in succeeded("export", game, "--format", "md", db=db)
    assert f"Scores: Ana {scores[0]}, Ben {scores[1]}." in succeeded("export", game, "--format", "html", db=db)
