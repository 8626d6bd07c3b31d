"""Infection for bots: ``evaluate``, how near a seat stands to winning (cures home, cures carried and how
far from home, face-up cures within reach, the face-down tiles where a cure is left, HP), and bots
that play purposefully with it.

Seat 1 plays Blue (village on rank 1), seat 2 Red (rank 7); ``table()`` from ``infection_table``.
"""

from __future__ import annotations

from infection_table import RULES, put, table

from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def value(state, seat=1) -> float:
    return RULES.evaluate(state, seat)


# -- better positions score higher -----------------------------------------------------------------


def test_a_cure_home_scores_higher_for_its_side_and_lower_for_the_other():
    none = table()
    one = table()
    one.side(1)["village"] = 1
    assert value(one) > value(none) + 0.2
    assert value(one, 2) < value(none, 2) - 0.2


def test_a_carried_cure_counts_less_than_one_home_and_more_the_nearer_home_it_is():
    home, near, far, searching = table(), table(), table(), table()
    home.side(1)["village"] = 1
    put(near, 1, 1, "c2", cure=True)
    put(far, 1, 1, "c5", cure=True)
    put(searching, 1, 1, "c5")
    assert value(home) > value(near) > value(far) > value(searching)


def test_a_carrier_about_to_die_is_worth_less_than_a_healthy_one():
    healthy, weak = table(), table()
    put(healthy, 1, 1, "c4", cure=True)
    put(weak, 1, 1, "c4", cure=True, hp=1)
    assert value(healthy) > value(weak)


def test_villagers_hp_counts():
    full, hurt = table(), table()
    put(hurt, 2, 1, "b7", hp=1)
    put(hurt, 2, 2, "d7", hp=1)
    assert value(full, 2) > value(hurt, 2)


def test_a_face_up_cure_counts_for_the_side_whose_villager_is_nearer_to_it():
    mine, theirs = table(), table()
    for state in (mine, theirs):
        state.cures = {"c4": 1}
    put(mine, 1, 1, "c3")
    put(theirs, 2, 1, "c5")
    assert value(mine) > value(theirs)


def test_a_villager_nearer_the_face_down_tiles_where_a_cure_is_left_scores_higher():
    near, far = table(tiles={"c5": "cure", "c3": "virus"}), table(tiles={"c5": "cure", "c3": "virus"})
    put(near, 1, 1, "c4")
    assert value(near) > value(far)


def test_tiles_where_no_cure_is_left_are_not_worth_going_to():
    near, far = table(tiles={"c5": "virus", "c3": "virus"}), table(tiles={"c5": "virus", "c3": "virus"})
    put(near, 1, 1, "c4")
    assert value(near) == value(far)


def test_an_enemy_with_a_steal_on_the_row_next_to_the_village_puts_a_cure_home_at_risk():
    safe, threatened, spent = table(), table(), table()
    for state in (safe, threatened, spent):
        state.side(1)["village"] = 1
    put(threatened, 2, 1, "c2")
    put(spent, 2, 1, "c2")
    spent.side(2)["hand"]["steal"], spent.side(2)["steal_used"] = 0, True
    assert value(threatened) < value(safe) - 0.05
    assert value(spent) > value(threatened)


def test_a_cure_that_cannot_be_carried_home_before_the_round_limit_counts_nothing():
    carrying, empty_handed = table(), table()
    for state in (carrying, empty_handed):
        state.round = state.round_limit
        put(state, 2, 1, "a7")
        put(state, 2, 2, "e7")
    put(carrying, 1, 1, "c5", cure=True)
    put(empty_handed, 1, 1, "c5")
    assert value(carrying) == value(empty_handed)
    carrying.round = empty_handed.round = 1
    assert value(carrying) > value(empty_handed) + 0.1


# -- the range, and finished games -----------------------------------------------------------------


def test_the_evaluation_lies_between_0_and_1_throughout_random_games():
    for seed in range(3):
        game = Game.start(RULES, ["Ana", "Ben"], RULES.resolve_options({}), f"range-{seed}", salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            assert all(0.0 <= RULES.evaluate(game.state, seat) <= 1.0 for seat in (1, 2))
            seat = game.to_act()[0]
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")


def test_a_finished_game_scores_1_for_the_winner_and_0_for_the_loser_and_a_half_for_a_draw():
    won, drawn = table(), table()
    won.phase, won.winners = "over", [2]
    drawn.phase, drawn.winners = "over", []
    assert (value(won, 1), value(won, 2)) == (0.0, 1.0)
    assert (value(drawn, 1), value(drawn, 2)) == (0.5, 0.5)


def test_the_evaluation_is_overridden_and_not_the_contracts_default():
    assert type(RULES).evaluate is not Ruleset.evaluate


# -- purposeful play -------------------------------------------------------------------------------


def bot_wins(games: int) -> int:
    """Seeded games of a greedy bot (seats rotating) against a random bot: the greedy bot's wins."""
    wins = 0
    for number in range(games):
        me = 1 + number % 2
        greedy, other = GreedyBot(number), RandomBot(number)
        game = Game.start(RULES, ["Ana", "Ben"], RULES.resolve_options({}), f"purpose-{number}", salt=SALT)
        while game.outcome() is None:
            seat = game.to_act()[0]
            bot = greedy if seat == me else other
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
        wins += me in game.outcome().winners
    return wins


def test_a_greedy_bot_beats_a_random_bot_in_a_clear_majority_of_games():
    assert bot_wins(10) >= 8


def test_a_bot_never_reads_where_a_v1_games_tiles_lie():
    """Under rules v1 the tiles were laid in place at setup, a secret of the state: determinizing deals
    each region's face-down tiles afresh, so two v1 games that differ only in where the tiles lie give the
    same sampled placement, and the same search move, for the same seed."""
    import random

    from domain.engine.randomness import Rng
    from domain.games.infection import EARLIER
    from domain.thinking.greedy import SimRng
    from domain.thinking.search import SearchBot

    v1 = EARLIER[0]
    twins = []
    for seed in ("layout-a", "layout-b"):
        state = v1.new_state(2, v1.resolve_options({}))
        for fact in v1.setup(state, Rng(seed, "setup")):
            state = v1.evolve(state, fact)
        twins.append(state)
    assert twins[0].tiles != twins[1].tiles and v1.view(twins[0], 1) == v1.view(twins[1], 1)
    seat = v1.to_act(twins[0])[0]
    dealt = [v1.determinize(state, seat, SimRng(random.Random(3))).tiles for state in twins]
    assert dealt[0] == dealt[1]
    moves = [SearchBot(5, simulations=30).choose(v1, state, seat, 9) for state in twins]
    assert moves[0] == moves[1]
