"""Squad Combat for bots: a determinization deals the other seats' hands afresh from what the seat has
not seen of their squad decks and never peeks at the real ones; the evaluation ranks positions as the
rules' ending does (characters alive, then HP left); and the bots that decide with them play with
purpose."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_matches import finished_random_game
from squad_table import RULES, table

from domain.engine.game import Game
from domain.thinking.bots import RandomBot
from domain.thinking.greedy import GreedyBot, SimRng
from domain.thinking.search import SearchBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

QUICK = {"turn_limit": 6}


def rng(seed: int = 5) -> SimRng:
    return SimRng(random.Random(seed))


def positions(options: dict, seed: str, every: int = 1, seats: int = 2):
    """Each ``every``-th position of a seeded game played by random bots: (game version, state, seat to act)."""
    game = Game.start(RULES, [f"P{n}" for n in range(1, seats + 1)], RULES.resolve_options(options), seed, salt=SALT)
    bot, played = RandomBot(seed), 0
    while game.outcome() is None:
        seat = game.to_act()[0]
        if played % every == 0:
            yield game.version, game.state, seat
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{played}")
        played += 1


def twin(state, seat: int, seed: int):
    """The state with every other seat's hidden cards dealt otherwise: the same cards in hand and deck
    together, a different hand where the cards allow one."""
    other_state = state.copy()
    for other in range(1, state.seat_count + 1):
        player = other_state.player(other)
        if other == seat:
            continue
        cards, size = player["hand"] + player["deck"], len(player["hand"])
        shuffler = random.Random(seed)
        for _ in range(20):
            shuffler.shuffle(cards)
            if Counter(cards[:size]) != Counter(player["hand"]):
                break
        player["hand"], player["deck"] = cards[:size], sorted(cards[size:])
    return other_state


def cards_of(state, seat: int) -> Counter:
    """Every card of the seat's squad deck, wherever it is."""
    player = state.player(seat)
    held = Counter(player["hand"] + player["deck"] + player["discard"])
    held.update(w["card"] for p in state.players for c in p["characters"] for w in c["wounds"] if w["owner"] == seat)
    if state.attack is not None and state.attack["seat"] == seat:
        held[state.attack["card"]] += 1
    return held


# -- determinize -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "seed"), [({}, "peek-1"), ({"rules": "v0.5"}, "peek-2")])
def test_determinize_and_search_never_peek_at_the_other_hand(options, seed):
    checked = 0
    for version, state, seat in positions(options, seed, every=9):
        if len(RULES.legal_commands(state, seat)) < 2:
            continue
        other = twin(state, seat, checked)
        assert RULES.view(other, seat) == RULES.view(state, seat)
        if other.player(3 - seat)["hand"] == state.player(3 - seat)["hand"]:
            continue  # nothing hidden to deal otherwise
        assert RULES.determinize(state, seat, rng()) == RULES.determinize(other, seat, rng())
        bot = SearchBot(seed=1, simulations=40)
        assert bot.choose(RULES, state, seat, version) == bot.choose(RULES, other, seat, version)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


@pytest.mark.parametrize(("options", "seats"), [({}, 2), ({"rules": "v0.5"}, 2), ({"dead_wounds": "discard"}, 3)])
def test_determinize_keeps_what_the_seat_sees_and_every_card(options, seats):
    for number, (_, state, seat) in enumerate(positions(options, f"keep-{seats}", every=3, seats=seats)):
        before = RULES.owner_view(state)
        world = RULES.determinize(state, seat, rng(number))
        assert RULES.owner_view(state) == before, "the given state is left as it was"
        assert RULES.view(world, seat) == RULES.view(state, seat)
        assert world.player(seat)["hand"] == state.player(seat)["hand"]
        assert world.player(seat)["deck"] == state.player(seat)["deck"]
        for other in range(1, seats + 1):
            assert cards_of(world, other) == cards_of(state, other)


def test_determinize_deals_the_other_hand_afresh_from_the_cards_not_seen():
    # blue's only Riposte and Rally are in its discard pile, its two Jabs under red characters
    state = table(hands=[["strike"], ["dodge", "brace", "strike", "mend", "slash"]],
                  discards=[None, ["riposte", "rally"]],
                  wounds={(1, 1): [("jab", 2, 2)], (1, 2): [("jab", 2, 2)]})
    blue = state.player(2)
    state.player(2)["deck"] = [card for card in blue["deck"] if card not in ("riposte", "rally", "jab")]
    hands = set()
    for seed in range(30):
        world = RULES.determinize(state, 1, rng(seed))
        hand = world.player(2)["hand"]
        assert len(hand) == 5 and len(world.player(2)["deck"]) == len(blue["deck"])
        assert not {"riposte", "rally", "jab"} & set(hand)
        hands.add(tuple(sorted(hand)))
    assert len(hands) > 10


def test_determinize_of_a_finished_game_is_the_game_itself():
    game = finished_random_game(RULES, QUICK, "over")
    assert RULES.determinize(game.state, 1, rng()) is game.state


# -- evaluate ----------------------------------------------------------------------------------------


def test_evaluation_ranks_hurting_and_killing_enemies_above_an_even_table():
    even = table()
    hurt = table(wounds={(2, 2): [("strike", 3, 1), ("slash", 4, 1)]})
    killed = table(wounds={(2, 2): [("headshot", 12, 1)]}, dead=[(2, 2)])
    assert RULES.evaluate(even, 1) == pytest.approx(0.5, abs=0.05)  # the squads differ a little
    assert RULES.evaluate(even, 1) < RULES.evaluate(hurt, 1) < RULES.evaluate(killed, 1) < 1
    assert RULES.evaluate(killed, 2) < RULES.evaluate(hurt, 2) < RULES.evaluate(even, 2)
    for state in (even, hurt, killed):
        assert RULES.evaluate(state, 1) + RULES.evaluate(state, 2) == pytest.approx(1)


def test_evaluation_counts_an_attack_waiting_for_its_answer():
    state = table(hands=[["haymaker"], []])
    attacked = RULES.evolve(state, RULES.decide(state, 1, {"type": "play", "card": "haymaker", "performer": 1,
                                                           "target": [2, 2]}, rng())[0])
    assert attacked.phase == "reaction"
    assert RULES.evaluate(attacked, 1) > RULES.evaluate(state, 1)


def test_evaluation_is_one_for_the_winner_zero_for_the_loser_and_between_meanwhile():
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options({}), "ends", salt=SALT)
    bot = RandomBot("ends")
    while game.outcome() is None:
        for seat in (1, 2):
            assert 0 <= RULES.evaluate(game.state, seat) <= 1
        seat = game.to_act()[0]
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), "c")
    (winner,) = game.outcome().winners
    assert RULES.evaluate(game.state, winner) == 1.0
    assert RULES.evaluate(game.state, 3 - winner) == 0.0


# -- purposeful play ---------------------------------------------------------------------------------


def play_against_random(bot, options: dict, seed: int) -> tuple[int, list[int]]:
    """A seeded game of the bot against a random bot, the seats taking turns: the bot's seat and the winners."""
    mine = 1 + seed % 2
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options(options), f"duel-{seed}", salt=SALT)
    other = RandomBot(seed)
    while game.outcome() is None:
        seat = game.to_act()[0]
        chooser = bot if seat == mine else other
        game.play(seat, chooser.choose(RULES, game.state, seat, game.version), "c")
    return mine, game.outcome().winners


def test_greedy_bot_beats_random_play_in_most_quick_games():
    wins = sum(mine in winners for mine, winners in
               (play_against_random(GreedyBot(seed), QUICK, seed) for seed in range(10)))
    assert wins >= 8


def test_search_bot_beats_random_play_in_quick_games():
    wins = sum(mine in winners for mine, winners in
               (play_against_random(SearchBot(seed, simulations=15), QUICK, seed) for seed in range(4)))
    assert wins >= 3
