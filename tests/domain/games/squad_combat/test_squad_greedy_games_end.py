"""Squad Combat's evaluation, which greedy bots play by, finishes the games that ran to the turn limit (ruling
18): with three or four players a hit on any enemy counts (the seat's standing against the mean of the others',
not the strongest one's alone) and is worth its cost, and a squad that can no longer hurt, an enemy or the seat's own, counts as out; under v0.5 an attack counts only when its rating can beat
the defender's best die. Two-player v1 play is as ruling 18 and the guide's page ``explanation/benchmarks.md``
counted it. A few seeded greedy games show the games ending by themselves."""

from __future__ import annotations

import random

import pytest
from squad_table import RULES, act, table

from domain.engine.game import Game
from domain.thinking.greedy import GreedyBot, SimRng

SALT = "5eed" * 8
PASS = {"type": "pass"}
V05 = {"rules": "v0.5"}


def _after(state, seat: int, command: dict):
    facts = RULES.decide(state, seat, command, SimRng(random.Random(1)))
    for fact in facts:
        state = RULES.evolve(state, fact)
    return state


def test_with_three_players_a_hit_on_the_weaker_enemy_counts_too():
    even = table(3)
    stronger = table(3, wounds={(3, 1): [("strike", 3, 2)]})  # seat 2 now leads the others
    both = table(3, wounds={(3, 1): [("strike", 3, 2)], (3, 2): [("slash", 4, 1)]})  # seat 1 hits seat 3, the weaker
    assert RULES.evaluate(both, 1) > RULES.evaluate(stronger, 1)
    assert RULES.evaluate(stronger, 1) > RULES.evaluate(even, 1)  # seat 3's loss is a gain to every other seat


def test_with_two_players_the_evaluation_is_the_seats_standing_against_its_one_enemys():
    state = table(wounds={(2, 1): [("strike", 3, 1)]})
    assert RULES.evaluate(state, 1) + RULES.evaluate(state, 2) == pytest.approx(1)
    assert RULES.evaluate(state, 1) > RULES.evaluate(table(), 1)


def test_with_four_players_an_attack_is_still_worth_its_cost():
    """Against the mean of three enemies a hit counts a third as much as in a duel; so do the dice and the
    energy it costs, or a Strike (3 energy and a die) would be worth less than keeping them."""
    state = table(4, hands=[["strike"], [], [], []], dice={(1, 1): [6]})
    attacked = _after(state, 1, {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]})
    assert attacked.phase == "reaction"
    assert RULES.evaluate(attacked, 1) > RULES.evaluate(state, 1)
    assert GreedyBot("four").choose(RULES, state, 1, 1)["type"] == "play"


HARMLESS = {"hands": [[], [], []], "decks": [None, None, ["dodge", "brace", "second_wind", "taunt"]], "discards": [[], [], []]}
"""Three players; seat 3's squad has no attack within its reach: it can no longer hurt another."""


def test_with_three_players_an_enemy_that_can_no_longer_hurt_counts_as_out_where_it_can_no_longer_win():
    harmless = table(3, **HARMLESS)
    assert RULES.evaluate(harmless, 1) == RULES.evaluate(table(3, out=[3], **HARMLESS), 1)
    assert RULES.evaluate(table(3, wounds={(3, 1): [("strike", 3, 1)]}, **HARMLESS), 1) == RULES.evaluate(harmless, 1)
    assert RULES.evaluate(table(3, wounds={(2, 1): [("strike", 3, 1)]}, **HARMLESS), 1) > RULES.evaluate(harmless, 1)
    # where the standing decides a one-sided stalemate, it may still win: it counts as before
    standing = {"stalemate_winner": "standing"}
    assert RULES.evaluate(table(3, options=standing, **HARMLESS), 1) < RULES.evaluate(harmless, 1)


def test_with_three_players_a_seat_that_can_no_longer_hurt_counts_its_own_standing_as_nothing():
    """Ruling 18: under rules v3's defaults the one-sided stalemate goes to the squad that can still hurt, so a
    squad with no attack left that it could ever perform can no longer win, and its own evaluation says so."""
    harmless = table(3, **HARMLESS)
    assert RULES.evaluate(harmless, 3) == RULES.evaluate(table(3, out=[3], **HARMLESS), 3)
    assert RULES.evaluate(table(3, wounds={(3, 1): [("strike", 1, 1)]}, **HARMLESS), 3) == RULES.evaluate(harmless, 3)
    assert RULES.evaluate(harmless, 3) < RULES.evaluate(table(3), 3)
    # where the standing decides a one-sided stalemate, it may still win: its standing counts as before
    standing = {"stalemate_winner": "standing"}
    assert RULES.evaluate(table(3, options=standing, **HARMLESS), 3) > RULES.evaluate(harmless, 3)


def test_v05_an_attack_counts_only_when_its_rating_can_beat_the_defenders_best_die():
    state = table(options=V05, hands=[["strike"], []], dice={(1, 1): [3, 5, 6], (2, 1): [5, 1]})
    strike = {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]}  # <3>[3], hit +0
    no_die = _after(state, 1, strike)
    short = _after(state, 1, {**strike, "attack_die": 5})  # 5 against Jimbo's 5: it hits
    assert RULES.evaluate(short, 1) > RULES.evaluate(no_die, 1)
    beaten = table(options=V05, hands=[["strike"], []], dice={(1, 1): [3, 5, 6], (2, 1): [6, 1]})
    assert RULES.evaluate(_after(beaten, 1, {**strike, "attack_die": 5}), 1) < RULES.evaluate(short, 1)
    assert GreedyBot("v05").choose(RULES, state, 1, 1).get("attack_die", 0) >= 5


@pytest.mark.parametrize(("seats", "options", "seed"), [(2, V05, "ends-2"), (3, {}, "ends-3-2"), (4, {}, "ends-4")])
def test_greedy_games_end_by_themselves_before_the_turn_limit(seats, options, seed):
    """Greedy bots (one sample a command, to keep it quick) end these games by themselves; measured against the
    strongest enemy, and counting a v0.5 attack whatever its rating, they played each of them to the turn limit
    (and nearly every game of these kinds: ruling 18's figures)."""
    game = Game.start(RULES, ["A", "B", "C", "D"][:seats], RULES.resolve_options(options), seed, salt=SALT)
    bot = GreedyBot(seed, samples=1)
    while game.outcome() is None:
        seat = game.to_act()[0]
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
    assert not game.outcome().at_limit, game.outcome().reason
