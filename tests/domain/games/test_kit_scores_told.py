"""A scored result is told wherever the result is: the game log's line for the end (``GameEnded``), the kit's view
of the outcome, its text and its picture name each seat's score by the seat's name after who won; an ending
without scores is told as it always was."""

from __future__ import annotations

from kit_tables import acted, laid

from domain.engine import registry
from domain.games.table_kit.vocabulary import facts as f

RULES = registry.get("table-kit")
SEATS = ["Ana", "Ben"]
KIT = {
    "kit": 2, "name": "scored", "title": "Scored", "seats": {"fewest": 2, "most": 2},
    "counters": [{"name": "points", "start": 0}],
    "play": {
        "actions": [
            {"name": "score", "choose": [{"name": "number", "number": [0, 9]}], "effects": [{"add": "points", "value": "number"}, {"pass": "next"}]},
            {"name": "finish", "effects": [{"end": {"scores": "[points[1], points[2]]", "reason": "the pile is empty"}}]},
        ],
    },
}


def ended(first: int, second: int):
    state = laid(KIT, 2, (1,))
    _, state = acted(state, 1, "score", number=first)
    _, state = acted(state, 2, "score", number=second)
    facts, state = acted(state, 1, "finish")
    return facts[-1], state


def test_the_game_logs_end_line_tells_each_seats_score_by_name_after_who_won():
    fact, _ = ended(4, 3)
    assert RULES.describe(fact, SEATS) == "The game is over: Ana wins (the pile is empty). Scores: Ana 4, Ben 3."


def test_the_game_logs_end_line_tells_a_draws_scores_and_a_negative_score():
    assert RULES.describe(f.GameEnded(2, [], "level", scores=[3, 3]), SEATS) == "The game is over: a draw (level). Scores: Ana 3, Ben 3."
    assert RULES.describe(f.GameEnded(2, [2], "", scores=[-2, 0]), SEATS) == "The game is over: Ben wins. Scores: Ana -2, Ben 0."


def test_an_end_without_scores_is_told_as_before():
    assert RULES.describe(f.GameEnded(1, [1, 2], "shared"), SEATS) == "The game is over: Ana and Ben win (shared)."


def test_the_scores_name_the_seats_as_the_winners_are_named():
    seats = ["<b>Zoé</b> & co", "Ben"]  # a name is data: whatever shows it escapes it, the scores' mention alike
    fact, _ = ended(5, 1)
    told = RULES.describe(fact, seats)
    assert told.startswith("The game is over: <b>Zoé</b> & co wins") and told.endswith("Scores: <b>Zoé</b> & co 5, Ben 1.")


def test_the_view_text_and_picture_of_a_scored_end_tell_the_scores():
    _, state = ended(2, 6)
    view = RULES.view(state, 1)
    assert view["outcome"] == {"winners": [2], "reason": "the pile is empty", "scores": [2, 6]}
    line = "Game over: Ben wins (the pile is empty); scores: Ana 2, Ben 6"
    assert line in RULES.render(view, SEATS).splitlines()
    [turn] = [item for item in RULES.picture(view, SEATS)["items"] if item.get("id") == "text:turn"]
    assert turn["text"] == line


def test_a_view_of_an_end_without_scores_has_no_scores():
    state = laid({**KIT, "play": {**KIT["play"], "end": [{"when": "points[1] > 0", "winners": "[1]", "reason": "scored"}]}}, 2, (1,))
    _, state = acted(state, 1, "score", number=1)
    assert RULES.view(state, 1)["outcome"] == {"winners": [1], "reason": "scored"}
    assert "Game over: Ana wins (scored)" in RULES.render(RULES.view(state, 1), SEATS).splitlines()
