"""The Assassination Game Le for bots: ``evaluate`` (how near a seat stands to winning) and the cached
walk behind the legal moves.

Tables are written inline as in ``test_assassination_le.py``: ``table(victim=3, squares=["a1", "e5",
"c3"])`` puts seat 1 on a1, seat 2 on e5 and seat 3, the victim, in the Safe House.
"""

from __future__ import annotations

import random

import pytest

from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.games.assassination_le import RULESET as RULES
from domain.games.assassination_le.board import BASES, NEIGHBOURS, SQUARES
from domain.games.assassination_le.movement import destinations, step_problem
from domain.games.assassination_le.state import State
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def table(victim=3, squares=("a1", "e5", "c3"), coins=None, mover=None, phase="roll", rolled=0,
          last_assassin=None, keep_coins=False) -> State:
    return State(
        seat_count=3,
        keep_coins=keep_coins,
        bases=list(BASES),
        squares=list(squares),
        coins=[list(c) for c in (coins or ([], [], []))],
        small_victories=[0, 0, 0],
        victim=victim,
        mover=mover or victim,
        last_assassin=last_assassin or victim,
        phase=phase,
        rolled=rolled,
        left_safe_house=True,
    )


def values(state: State) -> list[float]:
    return [RULES.evaluate(state, seat) for seat in (1, 2, 3)]


# -- better positions score higher -----------------------------------------------------------------


def test_each_base_the_victim_touches_brings_it_nearer_and_the_assassins_further_from_winning():
    fewer = values(table(squares=("a1", "e5", "b4"), coins=([], [], ["c1"])))
    more = values(table(squares=("a1", "e5", "b4"), coins=([], [], ["c1", "e3", "a3"])))
    assert more[2] > fewer[2] + 0.2
    assert more[0] < fewer[0] and more[1] < fewer[1]


def test_the_victim_is_safer_on_a_base_than_where_the_assassin_on_turn_can_land():
    exposed = table(squares=("b2", "e5", "d2"), mover=1, last_assassin=2)  # seat 1 reaches d2 with a 2 or a 4
    on_a_base = table(squares=("b2", "e5", "c1"), mover=1, last_assassin=2)  # no assassin lands on a base
    assert RULES.evaluate(on_a_base, 3) > RULES.evaluate(exposed, 3) + 0.05
    assert RULES.evaluate(exposed, 1) > RULES.evaluate(on_a_base, 1) + 0.05


def test_an_assassin_whose_roll_lands_on_the_victim_stands_better_than_one_whose_roll_does_not():
    hits = table(squares=("b2", "e5", "d2"), mover=1, last_assassin=2, phase="move", rolled=2)
    misses = table(squares=("b2", "e5", "d2"), mover=1, last_assassin=2, phase="move", rolled=3)
    assert RULES.evaluate(hits, 1) > RULES.evaluate(misses, 1) + 0.1
    assert RULES.evaluate(hits, 3) < RULES.evaluate(misses, 3) - 0.1


def test_a_victim_a_roll_away_from_its_last_base_stands_better_than_one_far_from_it():
    near = table(squares=("a1", "e5", "b5"), coins=([], [], ["c1", "e3", "a3"]))  # c5 is one step away
    far = table(squares=("a1", "e5", "d1"), coins=([], [], ["c1", "e3", "a3"]))
    assert RULES.evaluate(near, 3) > RULES.evaluate(far, 3)


def test_the_victim_wants_what_the_assassins_do_not():
    state = table(squares=("b2", "e5", "d2"), coins=([], [], ["c1"]), mover=1, last_assassin=2)
    assert sum(values(state)) == pytest.approx(1.0)


def test_with_captured_victims_keeping_their_coins_an_assassin_with_coins_gains_more_by_a_capture():
    plain = table(squares=("b2", "e5", "d2"), mover=1, last_assassin=2, phase="move", rolled=2, keep_coins=True)
    with_coins = table(squares=("b2", "e5", "d2"), coins=(["c1", "e3"], [], []), mover=1, last_assassin=2,
                       phase="move", rolled=2, keep_coins=True)
    assert RULES.evaluate(with_coins, 1) > RULES.evaluate(plain, 1)


# -- the range, and finished games -----------------------------------------------------------------


def test_the_evaluation_lies_between_0_and_1_for_every_seat_throughout_random_games():
    for seed in range(3):
        game = Game.start(RULES, ["Ann", "Ben", "Cy"], RULES.resolve_options({}), f"range-{seed}", salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None and game.version < 600:
            assert all(0.0 <= v <= 1.0 for v in values(game.state))
            seat = game.to_act()[0]
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")


def test_a_finished_game_scores_1_for_the_victim_who_touched_every_base_and_0_for_the_others():
    state = table(squares=("a1", "e5", "c5"), coins=([], [], list(BASES)))
    state.phase, state.mover = "over", 0
    assert values(state) == [0.0, 0.0, 1.0]


def test_the_evaluation_is_overridden_and_not_the_contracts_default():
    assert type(RULES).evaluate is not Ruleset.evaluate
    assert RULES.evaluate(table(), 3) != 0.5


# -- the cached walk -------------------------------------------------------------------------------


def walked(state: State, seat: int, count: int) -> dict[str, list[str]]:
    """The destinations as the rules define them: every path of ``count`` steps, each step checked by
    ``step_problem``, the first path found to each square (north, east, south, west)."""
    found: dict[str, list[str]] = {}

    def walk(before, here, path):
        if len(path) == count:
            found.setdefault(here, list(path))
            return
        for there in NEIGHBOURS[here]:
            if step_problem(state, seat, before, here, there, len(path) + 1 == count) is None:
                walk(here, there, [*path, there])

    if count > 0:
        walk(None, state.squares[seat - 1], [])
    return dict(sorted(found.items()))


def test_the_destinations_worked_out_once_are_those_of_a_step_by_step_walk():
    rng = random.Random(7)
    for _ in range(300):
        state = table(victim=rng.randint(1, 3), squares=rng.sample(SQUARES, 3))
        for seat in (1, 2, 3):
            for count in range(6):
                assert destinations(state, seat, count) == walked(state, seat, count)


def test_the_destinations_given_are_fresh_lists_a_caller_may_change():
    state = table(squares=("a1", "e5", "b4"))
    destinations(state, 1, 2)["b2"].append("zz")
    assert destinations(state, 1, 2)["b2"] == ["a2", "b2"]


# -- purposeful play -------------------------------------------------------------------------------


def bot_wins(games: int) -> int:
    """Seeded games of a greedy bot (seats rotating) against two random bots: the greedy bot's wins."""
    wins = 0
    for number in range(games):
        me = 1 + number % 3
        greedy, others = GreedyBot(number), RandomBot(number)
        game = Game.start(RULES, ["Ann", "Ben", "Cy"], RULES.resolve_options({}), f"purpose-{number}", salt=SALT)
        while game.outcome() is None:
            seat = game.to_act()[0]
            bot = greedy if seat == me else others
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
        wins += me in game.outcome().winners
    return wins


def test_a_greedy_bot_wins_far_more_than_its_fair_share_against_random_bots():
    assert bot_wins(10) >= 7  # a third would be fair
