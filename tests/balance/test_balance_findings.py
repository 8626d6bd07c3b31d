"""A study's records and findings against direct counts: a recorded game replays in the store to the same
end, commands and cards are counted as played, and drama is read off the leader at each turn."""

from __future__ import annotations

from collections import Counter

import pytest

from domain.engine import registry
from domain.engine.facts import Outcome
from domain.thinking.balance.findings import card_effects, findings
from domain.thinking.balance.study import (
    Drama,
    Study,
    game_seed,
    play_study_game,
    study_salt,
)


@pytest.mark.parametrize("bots", [("random", "random"), ("greedy", "random")])
def test_a_study_game_submitted_to_the_store_with_its_seed_and_salt_replays_to_the_same_end(service, bots):
    study = Study("infection", 2, {}, bots)
    record = play_study_game(study, "replay-me")
    game_id = service.create_game("infection", ["A", "B"], study.options, seed=record["seed"], salt=study_salt(record["seed"]))
    for seat, command in record["moves"]:
        service.submit(game_id, seat, command)
    game = service.game(game_id)
    assert game.outcome().winners == record["winners"] and game.outcome().reason == record["reason"]
    assert game.rules.turn_number(game.state) == record["turns"]


def test_commands_and_cards_are_counted_as_they_were_played():
    study = Study("infection", 2)
    records = [play_study_game(study, game_seed("count", n)) for n in range(12)]
    found = findings(study, records)["usage"]
    played = Counter(command["type"] for r in records for _, command in r["moves"])
    assert {row["type"]: row["count"] for row in found["commands"]} == {shape.type: played[shape.type]
                                                                        for shape in registry.get("infection").command_shapes}
    assert found["never"] == [row["type"] for row in found["commands"] if not played[row["type"]]]
    # Infection's cards are its commands (a Move & Pick-up, an Axe...); a discarded or recovered card is not played
    playing = {"move", "axe", "gun", "arrow", "grenade", "steal"}
    assert set(registry.get("infection").card_names()) == playing
    cards = {command["type"] for r in records for _, command in r["moves"] if command["type"] in playing}
    assert any(command["type"] in ("discard", "recover") for r in records for _, command in r["moves"])
    assert {row["card"] for row in found["cards"]["played"]} == cards
    assert set(found["cards"]["never"]) == playing - cards
    for row in found["cards"]["played"]:
        seat_games = [(r, seat) for r in records for seat in (1, 2)
                      if any(s == seat and c["type"] == row["card"] for s, c in r["moves"])]
        assert row["played"] == len(seat_games)
        assert row["win_with"] == sum(1 for r, seat in seat_games if r["winners"] == [seat]) / len(seat_games)


class Scripted:
    """A ruleset stand-in whose evaluation is a script: turn ``t`` rates the seats ``scores[t]``."""

    def __init__(self, scores):
        self.scores = scores

    def turn_number(self, state):
        return state

    def evaluate(self, state, seat):
        return self.scores[state][seat - 1]


def test_drama_counts_lead_changes_comebacks_and_when_the_lead_settled():
    scores = [(0.6, 0.4), (0.7, 0.3), (0.4, 0.6), (0.5, 0.5), (0.3, 0.7), (0.8, 0.2), (0.9, 0.1)]
    drama = Drama(Scripted(scores), 2)
    for turn in [0, 0, 1, 2, 2, 3, 4, 5, 6]:
        drama.observe(turn)
    summary = drama.summary(Outcome(winners=[1], reason="won"))
    assert drama.leaders == [1, 1, 2, None, 2, 1, 1]
    assert summary["lead_changes"] == 2 and summary["settled_turn"] == 6
    assert summary["midpoint_leader"] is None and summary["comeback"] is None
    assert summary["winner_led"] == pytest.approx(4 / 6)
    later = Drama(Scripted([(0.4, 0.6), (0.3, 0.7), (0.6, 0.4)]), 2)
    for turn in range(3):
        later.observe(turn)
    assert later.summary(Outcome(winners=[1], reason="won"))["comeback"] is True  # seat 2 led at the midpoint, seat 1 won


@pytest.mark.parametrize(("ruleset", "moved", "played"), [
    ("project-assassination", {"type": "discard", "card": "cover"}, ({"type": "cover"}, "cover")),
    ("infection", {"type": "discard", "card": "axe"}, ({"type": "axe", "target": "b2"}, "axe")),
    ("infection", {"type": "recover", "card": "gun"}, ({"type": "gun", "target": "b2"}, "gun")),
])
def test_a_card_discarded_or_taken_back_is_not_counted_as_played(ruleset, moved, played):
    rules = registry.get(ruleset)
    assert rules.cards_played(None, 1, moved) == []
    command, card = played
    assert rules.cards_played(None, 1, command) == [card] and card in rules.card_names()


def test_cards_only_given_up_or_traded_are_not_listed_as_never_played():
    rules = registry.get("missions")  # its mission cards are drawn by landing, and lost or traded, never played
    assert rules.card_names() == [] and rules.cards_played(None, 1, {"type": "lose", "card": "Break a window"}) == []


def test_a_card_every_seat_played_has_no_difference_to_show():
    records = [{"winners": [1], "cards": {"1": ["a"], "2": ["a"]}}, {"winners": [2], "cards": {"1": ["a"], "2": ["a", "b"]}}]
    rows = {row["card"]: row for row in card_effects(["a", "b"], records, 2)["played"]}
    assert rows["a"]["win_without"] is None and rows["a"]["difference"] is None
    assert rows["b"]["difference"] == pytest.approx(1.0 - 1 / 3)


@pytest.mark.parametrize(("ruleset", "playing"), [("location-ccg", {"play"}), ("squad-combat", {"play", "edge", "react"})])
def test_card_games_count_the_cards_their_commands_play(ruleset, playing):
    record = play_study_game(Study(ruleset, 2), "cards")
    rules = registry.get(ruleset)
    for seat in ("1", "2"):
        expected = {c["card"] for s, c in record["moves"] if str(s) == seat and c["type"] in playing}
        assert set(record["cards"][seat]) == expected
        assert expected <= set(rules.card_names())


def test_fairness_shares_out_the_games_one_seat_won_and_counts_draws_apart():
    from domain.thinking.balance.findings import fairness

    records = ([{"winners": [1], "reason": "won", "bots": ["greedy"] * 2}] * 30 + [{"winners": [2], "reason": "won", "bots": ["greedy"] * 2}] * 30
               + [{"winners": [], "reason": "a draw", "bots": ["greedy"] * 2}] * 40)
    found = fairness(records, 2)
    assert [(row["count"], row["of"], row["rate"]) for row in found["seats"]] == [(30, 60, 0.5), (30, 60, 0.5)]
    assert found["draws"]["count"] == 40 and found["draws"]["of"] == 100 and found["games"] == 100
    assert all(row["verdict"] == "can't tell yet" for row in found["seats"])  # 60 games: the interval is wide, not unfair
