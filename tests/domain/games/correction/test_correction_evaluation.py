"""Correction for bots: ``evaluate``, how near a seat stands to winning (pieces advanced toward the
other's spawn row, pieces on the board, Denial Tokens, and pieces that can land on the far row next
move), and bots that play purposefully with it.

Seat 1 is Player 1 (home row rank 1, moving up), seat 2 Player 2, as ``correction_table`` sets them.
"""

from __future__ import annotations

from correction_table import RULES, table

from domain.engine.game import Game
from domain.engine.ruleset import Ruleset
from domain.thinking.bots import RandomBot
from domain.thinking.search import SearchBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""


def value(state, seat=1) -> float:
    return RULES.evaluate(state, seat)


# -- better positions score higher -----------------------------------------------------------------


def test_a_piece_further_toward_the_other_spawn_row_scores_higher():
    behind = table(pieces={"b2": "P", "e5": "p"})
    ahead = table(pieces={"b4": "P", "e5": "p"})
    assert value(ahead) > value(behind)
    assert value(ahead, 2) < value(behind, 2)


def test_more_pieces_on_the_board_score_higher():
    fewer = table(pieces={"b2": "P", "e5": "p"})
    more = table(pieces={"b2": "P", "d2": "N", "e5": "p"})
    assert value(more) > value(fewer)


def test_denial_tokens_in_hand_score_higher():
    none = table(pieces={"b2": "P", "e5": "p"})
    three = table(pieces={"b2": "P", "e5": "p"}, denial=(3, 0))
    assert value(three) > value(none) + 0.1


def test_a_piece_that_lands_on_the_far_row_next_move_all_but_wins_when_nothing_can_banish_it():
    state = table(pieces={"c5": "P", "e5": "p", "a4": "p"})
    assert value(state) >= 0.9
    assert value(state, 2) <= 0.1


def test_three_tokens_to_banish_the_winning_piece_keep_the_other_player_in_the_game():
    unanswerable = table(pieces={"c5": "P", "e5": "p", "a4": "p"})
    answerable = table(pieces={"c5": "P", "e5": "p", "a4": "p"}, denial=(0, 3))
    assert 0.1 < value(answerable, 2) and value(answerable) < value(unanswerable)


def test_the_other_players_piece_about_to_win_on_their_turn_is_all_but_lost():
    state = table(pieces={"c2": "p", "e2": "P"}, current=2)
    assert value(state) <= 0.1


# -- the range, and finished games -----------------------------------------------------------------


def test_the_evaluation_lies_between_0_and_1_throughout_random_games():
    for seed in range(4):
        game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({}), f"range-{seed}", salt=SALT)
        bot = RandomBot(seed)
        while game.outcome() is None:
            assert all(0.0 <= RULES.evaluate(game.state, seat) <= 1.0 for seat in (1, 2))
            seat = game.to_act()[0]
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")


def test_a_finished_game_scores_1_for_the_winner_and_0_for_the_loser():
    state = table(pieces={"c6": "P"})
    state.phase, state.winners = "over", [1]
    assert (value(state, 1), value(state, 2)) == (1.0, 0.0)


def test_the_evaluation_is_overridden_and_not_the_contracts_default():
    assert type(RULES).evaluate is not Ruleset.evaluate


# -- purposeful play -------------------------------------------------------------------------------


def bot_wins(games: int) -> int:
    """Seeded games of a small search bot (seats rotating) against a random bot: the search bot's wins.
    It plays no random commands past its tree, so that its evaluation, not the rollouts, finds the way
    (with the contract's default evaluation it wins about half the games)."""
    wins = 0
    for number in range(games):
        me = 1 + number % 2
        thinker, other = SearchBot(number, simulations=10), RandomBot(number)  # wins all 10 at 10 simulations, as at 30
        game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({}), f"purpose-{number}", salt=SALT)
        while game.outcome() is None:
            seat = game.to_act()[0]
            bot = thinker if seat == me else other
            game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{game.version}")
        wins += me in game.outcome().winners
    return wins


def test_a_search_bot_beats_a_random_bot_in_a_clear_majority_of_games():
    assert bot_wins(10) >= 8
