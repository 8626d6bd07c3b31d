"""Correction: the turn limit that keeps games finite, the endings the players choose (resigning, a draw
agreed, an abort), random games, what players see, and the log's sentences.
"""

from __future__ import annotations

import pytest
from correction_table import RULES, landed, move, table

from chosen_endings import check_chosen_endings
from domain.engine.errors import InvalidSetup
from domain.games.correction.facts import FACTS, GameEnded, TurnEnded
from domain.keeping.service import OWNER, GameService
from domain.keeping.store import store_env
from domain.thinking.bots import play_random_game

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

SEATS = ["Ana", "Ben"]


def test_ruling_17_the_turn_limit_ends_the_game_in_a_draw():
    state = table(pieces={"c1": "S"}, turn=200)
    facts, state = move(state, 1, "c1", "d1")
    assert facts[-2:] == [TurnEnded(seat=1, reason=""), GameEnded(winners=[], reason="no piece reached a spawn row in 200 turns",
                                                                        at_limit=True)]
    assert RULES.outcome(state).winners == [] and RULES.to_act(state) == []


def test_ruling_17_the_turn_before_the_limit_does_not_end_the_game():
    state = table(pieces={"c1": "S"}, turn=199)
    _, state = move(state, 1, "c1", "d1")
    assert RULES.outcome(state) is None and RULES.to_act(state) == [2] and state.turn == 200


def test_ruling_17_the_turn_limit_is_an_option_with_a_default_of_200():
    assert RULES.resolve_options({})["turn_limit"] == 200
    assert RULES.new_state(2, RULES.resolve_options({"turn_limit": 6})).turn_limit == 6
    with pytest.raises(InvalidSetup):
        RULES.resolve_options({"turn_limit": 0})


def test_ruling_17_two_spearmen_shuffling_sideways_end_in_a_draw():
    state = table(pieces={"c1": "S", "d6": "s"}, turn=1, turn_limit=6)
    for turn in range(6):
        seat = 1 if turn % 2 == 0 else 2
        square = next(s for s, p in state.pieces.items() if p["seat"] == seat)
        to = next(c["to"] for c in RULES.legal_commands(state, seat) if c["type"] == "move" and c["from"] == square)
        _, state = landed(state, seat, square, to)
    assert RULES.outcome(state).reason == "no piece reached a spawn row in 6 turns"


def test_ruling_19_a_player_may_resign_and_the_other_wins_agree_a_draw_or_abort_before_both_have_played(service):
    check_chosen_endings(service, RULES.name, SEATS, SALT, resigner=2, winners=[1])


def test_random_games_end_with_a_winner_or_at_the_turn_limit():
    reasons = set()
    for seed in range(30):
        played = play_random_game(RULES, SEATS, {"turn_limit": 12}, f"short-{seed}", bot_seed=seed)
        outcome = played.game.outcome()
        assert outcome is not None and played.game.state.turn <= 12
        reasons.add("draw" if not outcome.winners else "win")
    assert reasons == {"draw", "win"}


def test_both_players_win_random_games():
    firsts = {play_random_game(RULES, SEATS, {}, f"who-{n}", bot_seed=n).game.outcome().winners[0] for n in range(20)}
    assert firsts == {1, 2}


# -- views and sentences --------------------------------------------------------------------------


def test_nothing_is_secret_every_seat_sees_the_same_view():
    service = GameService(env=store_env(None))
    game_id = service.create_game(RULES.name, SEATS, seed="views", salt=SALT)
    for _ in zip(range(15), service.play_bots(game_id, bot_seed=1)):
        pass
    views = [service.status(game_id, viewer)["view"] for viewer in (None, OWNER, 1, 2)]
    assert all(view == views[0] for view in views)


def test_the_board_drawing_shows_pieces_tokens_and_players():
    state = table(pieces={"a1": "S", "c3": "N", "d4": "p", "f6": "s"}, tokens={"b4": 2}, denial=(2, 5),
                  resting={2: ["knight"]})
    text = RULES.render(RULES.view(state, None), SEATS)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdef")
    rank4 = next(line for line in lines if line.startswith("  4 |"))
    assert [cell.strip() for cell in rank4.split("|")[1:-1]] == [".", "*", ".", "p", ".", "."]
    assert "P1 Ana" in text and "tokens  2" in text and "tokens  5" in text
    assert "laid down: 1 knight" in text
    assert "Ana to spawn (0 of 2 so far) or move" in text


def test_every_fact_in_seeded_random_games_reads_as_a_sentence():
    seen = set()
    for seed in range(40):
        played = play_random_game(RULES, SEATS, {}, f"describe-{seed}", bot_seed=seed)
        for event in played.game.collect_events():
            if hasattr(event, "as_fact"):
                fact = event.as_fact()
                sentence = RULES.describe(fact, SEATS)
                assert sentence.endswith(".") and type(fact).__name__ != sentence
                seen.add(type(fact))
    assert seen == set(FACTS)


def test_commands_have_short_labels_for_menus():
    assert RULES.describe_command({"type": "spawn", "piece": "knight", "square": "b1"}) == "spawn a knight on b1"
    assert RULES.describe_command({"type": "move", "from": "c2", "to": "d3"}) == "move c2 to d3"
    assert RULES.describe_command({"type": "banish"}) == "banish the moving piece (3 Denial Tokens)"


def test_seat_numbers_chart_tokens_and_pieces_on_the_board():
    state = table(pieces={"a1": "S", "c3": "N", "d4": "p"}, denial=(2, 5))
    assert RULES.seat_numbers(state) == {1: {"tokens": 2, "pieces on the board": 2},
                                         2: {"tokens": 5, "pieces on the board": 1}}
