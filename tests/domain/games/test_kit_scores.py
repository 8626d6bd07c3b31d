"""A scored result: a kit's ending (``play.end[].scores``) or ``end`` step (``end.scores``) gives each seat a
score; the highest score wins (ties share, all equal is a draw) unless the kit names the winners too. The scores
are kept in the ending fact (``GameEnded.scores``, stored and chained only where given) and in the outcome
(``Outcome.scores``), so games stored before scores existed, the Kuhn poker kit's among them, replay as they did."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from eventsourcing.persistence import StoredEvent
from kit_tables import acted, laid

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Outcome, winners_by_score
from domain.engine.game import Game
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.kit_types import type_problems
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.rules import shipped_kit
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit

RULES = registry.get("table-kit")
OLD_KUHN = Path(__file__).parents[2] / "kits" / "kuhn-poker-winners-only.yaml"
"""The Kuhn poker kit as it shipped before its endings gave scores: a game stored then holds this text."""

BASE = {
    "kit": 2, "name": "scored", "title": "Scored", "seats": {"fewest": 2, "most": 3},
    "counters": [{"name": "points", "start": 0}, {"name": "done", "each": False, "start": 0}],
    "play": {
        "actions": [
            {"name": "score", "choose": [{"name": "number", "number": [0, 9]}], "effects": [{"add": "points", "value": "number"}, {"pass": "next"}]},
            {"name": "finish", "effects": [{"set": "done", "to": 1}]},
            {"name": "concede", "effects": [{"end": {"scores": "seat == 1 ? [0, 1] : [1, 0]", "reason": "conceded"}}]},
        ],
        "end": [{"when": "done == 1", "scores": "[points[1], points[2]]", "reason": "finished"}],
    },
}


def kit_with(scores: str | None = None, seats: int = 2, **ending) -> dict:
    kit = copy.deepcopy(BASE)
    kit["seats"] = {"fewest": seats, "most": seats}
    if scores is not None:
        kit["play"]["end"][0]["scores"] = scores
    kit["play"]["end"][0].update(ending)
    return kit


def played(kit: dict, points: list[int], last: str = "finish"):
    """The table after each seat in turn scores its points, then seat 1 takes ``last``."""
    state = laid(kit, len(points), (1,))
    for seat, number in enumerate(points, 1):
        _, state = acted(state, seat, "score", number=number)
    return acted(state, 1, last)


def test_scores_decide_the_winners_the_highest_wins():
    facts, state = played(BASE, [5, 3])
    assert facts[-1] == f.GameEnded(1, [1], "finished", False, [5, 3])
    assert RULES.outcome(state) == Outcome([1], "finished", scores=[5, 3])


def test_seats_tied_on_the_highest_score_share_the_win_and_all_equal_is_a_draw():
    three = kit_with("[points[1], points[2], points[3]]", seats=3)
    assert RULES.outcome(played(three, [4, 4, 1])[1]).winners == [1, 2]
    assert RULES.outcome(played(BASE, [2, 2])[1]) == Outcome([], "finished", scores=[2, 2])
    assert winners_by_score([7]) == [1] and winners_by_score([-1, -1, -3]) == [1, 2]


def test_winners_the_kit_names_stand_whatever_the_scores():
    outcome = RULES.outcome(played(kit_with(winners="[2]"), [5, 3])[1])
    assert outcome.winners == [2] and outcome.scores == [5, 3]


def test_an_end_step_gives_scores_as_an_ending_does():
    facts, state = played(BASE, [5, 3], last="concede")
    assert facts[-1] == f.GameEnded(1, [2], "conceded", False, [0, 1])
    assert RULES.outcome(state).scores == [0, 1]


@pytest.mark.parametrize("scores", ["[points[1]]", "[1.5, 2.0]", "[true, false]", "[2000000, 0]", "points[1]"])
def test_scores_not_a_whole_number_a_seat_refuse_the_action_saying_so(scores):
    with pytest.raises(IllegalCommand, match="the scores are .*, not a list of 2 whole numbers from -1,000,000 to 1,000,000, one a seat"):
        played(kit_with(scores), [5, 3])


def test_the_kit_check_names_scores_that_are_not_whole_numbers_and_an_end_with_neither_winners_nor_scores():
    problems = type_problems(kit_with('["a", "b"]'))
    assert [(problem.path, "must be a list of whole numbers, one a seat" in problem.message) for problem in problems] == [
        (("play", "end", 0, "scores"), True)]
    bare = copy.deepcopy(BASE)
    del bare["play"]["end"][0]["scores"]
    document, mistakes = read_kit(json.dumps(bare), "bare.json")
    assert document is None and any("play.end.0" in mistake for mistake in mistakes)


def test_the_outcome_carries_the_scores_in_seat_order_and_its_data_only_where_given():
    assert Outcome([2], "won", scores=[-1, 1]).to_data() == {"winners": [2], "reason": "won", "at_limit": False,
                                                          "ended_by": "rules", "scores": [-1, 1]}
    assert "scores" not in Outcome([2], "won").to_data()


def test_an_ending_without_scores_is_stored_as_before_scores_existed():
    assert f.GameEnded(1, [2], "won").to_data() == {"seat": 1, "winners": [2], "reason": "won", "at_limit": False}
    assert f.GameEnded.from_data({"seat": 1, "winners": [2], "reason": "won", "at_limit": False}).scores is None
    assert f.GameEnded(1, [2], "won", scores=[0, 3]).to_data()["scores"] == [0, 3]


def kuhn_game(kit: dict, seed: str) -> Game:
    """A game of Kuhn poker with the kit given: seat 1 bets and seat 2 calls, a showdown."""
    options = RULES.resolve_options({"kit": kit})
    game = Game.start(RULES, ["Ana", "Ben"], options, seed, salt="scores")
    game.play(1, {"type": "act", "action": "bet"}, "bet")
    game.play(2, {"type": "act", "action": "bet"}, "call")
    return game


def test_the_kuhn_poker_kit_scores_the_chips_won_and_lost():
    game = kuhn_game(shipped_kit("kuhn-poker"), "kuhn")
    outcome = game.outcome()
    assert outcome.scores in ([2, -2], [-2, 2]) and outcome.winners == [1 + outcome.scores.index(2)]


def test_a_game_stored_with_the_kuhn_kit_before_scores_replays_identically_and_audits_clean():
    old = read_kit(OLD_KUHN.read_text(encoding="utf-8"), OLD_KUHN.name)[0]
    game = kuhn_game(old, "old-kuhn")
    service = GameService(env=store_env(None))
    records = [service.mapper.to_stored_event(event) for event in game.pending_events]
    ended = [json.loads(record.state)["fact"] for record in records if record.topic.endswith(":GameEnded")]
    assert [sorted(fact) for fact in ended] == [["at_limit", "reason", "seat", "winners"]]  # the shape stored before
    service.recorder.insert_events([StoredEvent(r.originator_id, r.originator_version, r.topic, r.state) for r in records])
    loaded = service.game(game.id)
    assert loaded.outcome() == game.outcome() and loaded.outcome().scores is None and loaded.state == game.state
    assert loaded.rules.outcome(loaded.state).winners == game.outcome().winners
    report = audit(service, game.id)
    assert report.clean, report.problems


def test_a_games_scores_are_covered_by_its_chain():
    game = kuhn_game(shipped_kit("kuhn-poker"), "tampered")
    service = GameService(env=store_env(None))
    stored = []
    for event in game.pending_events:
        record = service.mapper.to_stored_event(event)
        if record.topic.endswith(":GameEnded"):
            state = json.loads(record.state)
            state["fact"]["scores"] = [state["fact"]["scores"][1], state["fact"]["scores"][0]]  # the loser's chips passed off as won
            record = StoredEvent(record.originator_id, record.originator_version, record.topic, json.dumps(state).encode())
        stored.append(record)
    service.recorder.insert_events(stored)
    assert service.game(game.id).outcome().scores != game.outcome().scores
    assert any("hash" in problem for problem in audit(service, game.id).problems)


def without_scores(value):
    if isinstance(value, dict):
        return {key: without_scores(item) for key, item in value.items() if key != "scores"}
    return [without_scores(item) for item in value] if isinstance(value, list) else value


def test_a_table_stored_before_scores_existed_reads_with_none_and_one_stored_with_them_keeps_them():
    transcoder = GameService(env=store_env(None)).mapper.transcoder
    game = kuhn_game(shipped_kit("kuhn-poker"), "snapshot")
    assert transcoder.decode(transcoder.encode(game.state)) == game.state and game.state.scores is not None
    old = json.dumps(without_scores(json.loads(transcoder.encode(game.state)))).encode()
    assert b"scores" not in old and transcoder.decode(old).scores is None


def test_kit_check_names_scores_of_the_wrong_length_at_their_line():
    text = json.dumps(kit_with("[points[1]]"), indent=1)
    _, lines = read_kit(text, "short.json", more=type_problems)
    [line] = lines
    assert "must be a list of whole numbers, one a seat (2 at 2 seats), but its value at 2 seats is [0]" in line
    assert '"scores": "[points[1]]"' in text.splitlines()[int(line.split(":")[1]) - 1]


def test_kit_check_tries_the_scores_at_every_seat_count_the_kit_allows():
    document = kit_with("[points[1], points[2]]")
    document["seats"] = {"fewest": 2, "most": 4}
    problems = type_problems(document)  # the ending's and the concede action's end step, each told once
    assert [problem.path for problem in problems] == [("play", "actions", 2, "effects", 0, "end", "scores"), ("play", "end", 0, "scores")]
    assert "(3 at 3 seats), but its value at 3 seats is [0, 0]" in problems[1].message
    document["play"]["end"][0]["scores"] = "seats == 2 ? [points[1], points[2]] : seats == 3 ? [points[1], points[2], points[3]] : [0, 0, 0, 0]"
    document["play"]["actions"][2]["effects"][0]["end"]["scores"] = "seats == 4 ? [0, 0, 0, 0] : seats == 3 ? [0, 0, 0] : [0, 1]"
    assert type_problems(document) == []


def test_kit_check_names_scores_that_are_no_list_or_hold_what_is_no_whole_number():
    for scores, shown in (("points[1]", "is 0"), ("[true, false]", "is [True, False]"), ("[1.5, 2.0]", "is [1.5, 2.0]")):
        [problem] = type_problems(kit_with(scores))
        assert problem.path == ("play", "end", 0, "scores") and problem.message.endswith(f"but its value at 2 seats {shown}"), problem.message


def test_kit_check_names_an_end_steps_scores_of_the_wrong_length():
    document = kit_with()
    document["play"]["actions"][2]["effects"][0]["end"]["scores"] = "[0, 1, 2]"
    assert [problem.path for problem in type_problems(document)] == [("play", "actions", 2, "effects", 0, "end", "scores")]
