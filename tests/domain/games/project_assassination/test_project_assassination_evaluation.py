"""The bots' evaluation of Project Assassination: how near a seat stands to winning, in [0, 1], read
from Victory Points, both assassins' health, arms and the targets in reach; and bots that use it
play for points instead of waiting for the other to blunder."""

from __future__ import annotations

from table import RULES, enemy, table, weapon

from domain.engine.game import Game
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def evaluation(state, seat: int = 1) -> float:
    return RULES.evaluate(state, seat)


def test_more_victory_points_evaluate_higher():
    even, ahead = table(), table()
    ahead.player(1)["vp"] = 6
    assert evaluation(ahead) > evaluation(even)
    assert evaluation(ahead, 2) < evaluation(even, 2)


def test_the_last_points_to_twelve_count_more_than_the_first():
    first, last = table(), table()
    first.player(1)["vp"] = 1
    last.player(1)["vp"], last.player(2)["vp"] = 11, 10
    assert evaluation(last) - 0.5 > evaluation(first) - 0.5


def test_own_health_raises_and_the_others_lowers_the_evaluation():
    even, hurt, other_hurt = table(), table(), table()
    hurt.player(1)["hp"] = 3
    other_hurt.player(2)["hp"] = 3
    assert evaluation(hurt) < evaluation(even) < evaluation(other_hurt)


def test_losing_health_costs_more_the_lower_it_runs():
    seven, four, one = table(), table(), table()
    seven.player(1)["hp"], four.player(1)["hp"], one.player(1)["hp"] = 7, 4, 1
    assert evaluation(table()) - evaluation(seven) < evaluation(four) - evaluation(one)


def test_a_better_weapon_and_boots_evaluate_higher():
    pistol, uzi, booted = table(), table(), table()
    uzi.player(1)["slots"][0] = weapon("uzi", sight=True)
    booted.player(1)["boots"] = 1
    assert evaluation(uzi) > evaluation(pistol)
    assert evaluation(booted) > evaluation(pistol)


def test_a_heavy_within_reach_evaluates_higher_than_one_out_of_line():
    in_line = table(enemies=[enemy("heavy", "d4", hp=2)])
    out_of_line = table(enemies=[enemy("heavy", "f5", hp=2)])
    for state in (in_line, out_of_line):
        state.player(1).update(square="d3", slots=[weapon("uzi"), weapon("pistol")])
    assert evaluation(in_line) > evaluation(out_of_line)


def test_standing_nearer_a_card_on_the_board_evaluates_higher():
    near, far = table(cards={"a2": ["uzi"]}), table(cards={"a2": ["uzi"]})
    near.player(1)["square"], far.player(1)["square"] = "b2", "f2"
    assert evaluation(near) > evaluation(far)


def test_evaluations_stay_within_0_and_1_and_the_seats_views_add_up_to_1():
    extreme = table()
    extreme.player(1).update(vp=11, hp=10, boots=2, slots=[weapon("uzi", True, True), weapon("shotgun", True, True)])
    extreme.player(2).update(vp=0, hp=1)
    for state in (table(), extreme):
        for seat in (1, 2):
            assert 0.0 < evaluation(state, seat) < 1.0
        assert abs(evaluation(state, 1) + evaluation(state, 2) - 1.0) < 1e-9
    assert evaluation(extreme) > 0.95


def test_a_finished_game_evaluates_1_for_the_winner_and_0_for_the_loser():
    over = table()
    over.phase, over.winners, over.reason = "over", [2], "the other assassin died"
    over.player(1)["hp"] = 0
    assert evaluation(over, 2) == 1.0
    assert evaluation(over, 1) == 0.0
    drawn = table()
    drawn.phase, drawn.winners = "over", []
    assert evaluation(drawn, 1) == evaluation(drawn, 2) == 0.5


def test_a_greedy_bot_wins_against_a_random_one_and_scores_its_points():
    """A bot blind to the evaluation wins too, as the random bot walks into enemies; it does not
    score: the points tell a bot that plays for them."""
    wins, points, their_points = 0, 0, 0
    for number in range(10):
        seat = number % 2 + 1
        game = Game.start(RULES, ["Greedy", "Random"], RULES.resolve_options({}), f"evaluation-{number}", salt=SALT)
        bots = {seat: GreedyBot(number), 3 - seat: RandomBot(number)}
        while game.outcome() is None and game.version < 2000:
            actor = game.to_act()[0]
            game.play(actor, bots[actor].choose(RULES, game.state, actor, game.version), f"c{game.version}")
        wins += game.outcome().winners == [seat]
        points += game.state.player(seat)["vp"]
        their_points += game.state.player(3 - seat)["vp"]
    assert wins >= 8
    assert points >= their_points + 15
