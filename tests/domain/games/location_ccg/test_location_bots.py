"""The Location CCG for bots: a determinization samples the other player's hand, deck, cards under the
deck and void pile from the demo deck less what was seen of that player, whatever its real deck list,
and never peeks; the evaluation ranks positions by locations won, victory point tokens and the forces
in play (not this turn's boosts), a mission's skill check in prospect, and a mission that cannot be won
as a cost; and a search bot that decides with them plays with purpose."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bot_matches import finished_random_game
from location_table import CASINO, DOCKS, RULES, table

from domain.engine.game import Game
from domain.games.location_ccg.cards import pool
from domain.thinking.bots import RandomBot, make_bot
from domain.thinking.greedy import SimRng
from domain.thinking.search import SearchBot

SALT = "5eed" * 8
"""The salt of every game here dealt by a chosen seed: with it, the seed deals one game, every run."""

QUICK = {"turn_limit": 10}
HIDDEN = ("hand", "deck", "bottom", "void")
"""A player's zones the other seat sees only the size of."""


def rng(seed: int = 5) -> SimRng:
    return SimRng(random.Random(seed))


def positions(options: dict, seed: str, every: int = 1):
    """Each ``every``-th position of a seeded game played by random bots: (game version, state, seat to act)."""
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options(options), seed, salt=SALT)
    bot, played = RandomBot(seed), 0
    while game.outcome() is None:
        seat = game.to_act()[0]
        if played % every == 0:
            yield game.version, game.state, seat
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), f"c{played}")
        played += 1


def twin(state, seat: int, seed: int):
    """The state with the other player's secrets otherwise: other cards in its hand, deck, under its deck
    and in its void pile (as many in each), and another deck list."""
    other_state, other = state.copy(), 3 - seat
    player = other_state.player(other)
    shuffler = random.Random(seed)
    every_card = sorted(card for card in pool().cards for _ in range(3))
    for zone in HIDDEN:
        player[zone] = [shuffler.choice(every_card) for _ in player[zone]]
    player["deck"].sort()
    decks = list(state.options["decks"])
    decks[other - 1] = dict(Counter(shuffler.choice(every_card) for _ in range(45)))
    other_state.options = {**state.options, "decks": decks}
    return other_state


def cards_of(state, seat: int) -> Counter:
    """Every card the seat owns, wherever it is."""
    player = state.player(seat)
    held = Counter(card for zone in (*HIDDEN, "bank", "discard") for card in player[zone])
    for card in state.in_play.values():
        if card["owner"] == seat:
            held.update([card["card"], *card["modifiers"]])
    return held


# -- determinize -----------------------------------------------------------------------------------


def test_determinize_and_search_never_peek_at_the_other_players_secrets():
    checked = 0
    for version, state, seat in positions({}, "peek", every=7):
        if len(RULES.legal_commands(state, seat)) < 2 or state.phase == "locations":
            continue
        other = twin(state, seat, checked)
        assert RULES.view(other, seat) == RULES.view(state, seat)
        assert RULES.determinize(state, seat, rng()) == RULES.determinize(other, seat, rng())
        bot = SearchBot(seed=1, simulations=40)
        assert bot.choose(RULES, state, seat, version) == bot.choose(RULES, other, seat, version)
        for strategy in ("openspiel-ismcts", "openspiel-mcts"):  # OpenSpiel's bots search from determinize too
            peer = make_bot(strategy, 1, "30")
            assert peer.choose(RULES, state, seat, version) == peer.choose(RULES, other, seat, version)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def test_determinize_keeps_what_the_seat_sees_and_every_card():
    for number, (_, state, seat) in enumerate(positions({}, "keep", every=3)):
        before = RULES.owner_view(state)
        world = RULES.determinize(state, seat, rng(number))
        assert RULES.owner_view(state) == before, "the given state is left as it was"
        assert RULES.view(world, seat) == RULES.view(state, seat)
        assert all(world.player(seat)[zone] == state.player(seat)[zone] for zone in HIDDEN)
        assert world.options["decks"][seat - 1] == state.options["decks"][seat - 1]
        for owner in (1, 2):  # both play the demo deck, the prior: every card is still there
            assert cards_of(world, owner) == cards_of(state, owner) == Counter(pool().decks["demo"])


def test_determinize_samples_the_other_players_cards_from_the_demo_deck_less_what_was_seen():
    # seat 2's three Snipers are in its bank and discard pile, its one Arrest in its discard pile and its
    # one Black Market in play: its hand, deck, cards under the deck and void pile hide none of them
    hand, bank, discard, void, bottom = ["fixer", "fixer", "colossus"], ["sniper", "sniper"], ["sniper", "arrest"], \
        ["enforcer"], ["ninja_adept"]
    deck = Counter(pool().decks["demo"]) - Counter(hand + bank + discard + void + bottom + ["black_market"])
    state = table(hands=[["katana"], hand], banks=[[], bank], discards=[[], discard], voids=[[], void],
                  bottoms=[[], bottom], decks=[None, list(deck.elements())], in_play={"1": ("black_market", 2)})
    hands = set()
    for seed in range(30):
        world = RULES.determinize(state, 1, rng(seed))
        player = world.player(2)
        assert [len(player[zone]) for zone in HIDDEN] == [len(state.player(2)[zone]) for zone in HIDDEN]
        hidden = Counter(card for zone in HIDDEN for card in player[zone])
        assert not {"sniper", "arrest", "black_market"} & set(hidden)
        assert hidden <= Counter(pool().decks["demo"])
        hands.add(tuple(sorted(player["hand"])))
    assert len(hands) > 10


def test_determinize_guesses_a_secret_deck_list_from_the_demo_deck():
    thugs = {"street_thug": 3, "enforcer": 3, "fixer": 3, "sniper": 3, "ninja_adept": 3, "phoenix_monk": 3,
             "katana": 3, "body_armor": 3, "disguise": 3, "adrenaline": 3, "ambush": 3, "windfall": 3,
             "safehouse": 3, "dojo": 3}
    options = {"decks": [dict(pool().decks["demo"]), thugs]}
    state = next(state for _, state, _ in positions(options, "secret")
                 if state.phase == "production" and state.turn == 3)
    world = RULES.determinize(state, 1, rng())
    assert world.options["decks"] == [pool().decks["demo"], pool().decks["demo"]]
    assert RULES.view(world, 1) == RULES.view(state, 1)
    assert world.player(1)["deck"] == state.player(1)["deck"]


def test_determinize_of_a_finished_game_is_the_game_itself():
    game = finished_random_game(RULES, QUICK, "over")
    assert RULES.determinize(game.state, 1, rng()) is game.state


# -- evaluate ----------------------------------------------------------------------------------------


def test_evaluation_ranks_tokens_locations_and_forces_in_play():
    even = table()
    token = table(tokens={CASINO: {1: 1}})
    tokens = table(tokens={CASINO: {1: 2}})
    won = table(won={CASINO: 1})
    two_won = table(won={CASINO: 1, DOCKS: 1})
    assert RULES.evaluate(even, 1) == pytest.approx(0.5)
    assert RULES.evaluate(even, 1) < RULES.evaluate(token, 1) < RULES.evaluate(tokens, 1) < RULES.evaluate(won, 1)
    assert RULES.evaluate(won, 1) < RULES.evaluate(two_won, 1)
    forces = table(in_play={"1": ("shadow_master", 1), "2": ("sniper", 2)})
    assert RULES.evaluate(forces, 1) > 0.5 > RULES.evaluate(forces, 2)
    for state in (token, won, forces):
        assert RULES.evaluate(state, 1) + RULES.evaluate(state, 2) == pytest.approx(1)


def test_evaluation_counts_a_mission_whose_skill_check_would_succeed():
    at_docks = {"1": ("fixer", 1, DOCKS), "2": ("fixer", 1, DOCKS)}
    sent = table(in_play=at_docks, phase="tricks", mission={"location": DOCKS, "attackers": ["1", "2"]})
    stayed = table(in_play={"1": ("fixer", 1), "2": ("fixer", 1)}, phase="deploy")
    assert RULES.evaluate(sent, 1) > RULES.evaluate(stayed, 1)


def test_evaluation_does_not_count_a_boost_that_goes_at_the_end_of_the_turn():
    plain = table(in_play={"1": ("ninja_adept", 1)}, phase="deploy")
    boosted = table(in_play={"1": ("ninja_adept", 1)}, phase="deploy", boost={"1": [2, 2, 1]})
    armed = table(in_play={"1": ("ninja_adept", 1)}, phase="deploy", modifiers={"1": ["katana"]})
    assert RULES.evaluate(boosted, 1) == RULES.evaluate(plain, 1) < RULES.evaluate(armed, 1)


def test_evaluation_counts_a_boost_that_tips_a_missions_skill_check():
    at_casino = {"1": ("fixer", 1, CASINO)}  # Skl 3 against Casino's 2, but a defender's Skl 2 stands there too
    mission = {"location": CASINO, "attackers": ["1"], "defenders": ["2"]}
    short = table(in_play={**at_casino, "2": ("phoenix_monk", 2, CASINO)}, phase="tricks", mission=mission)
    tipped = table(in_play={**at_casino, "2": ("phoenix_monk", 2, CASINO)}, phase="tricks", mission=mission,
                   boost={"1": [0, 0, 1]})
    assert RULES.evaluate(tipped, 1) > RULES.evaluate(short, 1)


def test_evaluation_counts_a_mission_that_all_it_may_still_send_cannot_win_against_its_attacker():
    """Declared at Casino (Skl 2) with one Sniper (Skl 1) at the HQ: whatever is sent, a character is
    stranded there; at Docks (Skl 1) the same Sniper could take a token."""
    home = {"1": ("sniper", 1)}
    before = table(in_play=home, phase="mission")
    hopeless = table(in_play=home, phase="attackers", mission={"location": CASINO})
    hopeful = table(in_play=home, phase="attackers", mission={"location": DOCKS})
    assert RULES.evaluate(hopeless, 1) < RULES.evaluate(before, 1) == RULES.evaluate(hopeful, 1)


def test_evaluation_is_one_for_the_winner_zero_for_the_loser_and_between_meanwhile():
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options({}), "ends-4", salt=SALT)
    bot = RandomBot("ends-4")
    while game.outcome() is None:
        for seat in (1, 2):
            assert 0 <= RULES.evaluate(game.state, seat) <= 1
        seat = game.to_act()[0]
        game.play(seat, bot.choose(RULES, game.state, seat, game.version), "c")
    (winner,) = game.outcome().winners
    assert RULES.evaluate(game.state, winner) == 1.0
    assert RULES.evaluate(game.state, 3 - winner) == 0.0


# -- purposeful play ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_search_bot_beats_random_play_in_quick_games():
    wins = 0
    for seed in range(20):
        mine = 1 + seed % 2
        game = Game.start(RULES, ["A", "B"], RULES.resolve_options(QUICK), f"duel-{seed}", salt=SALT)
        # 15 simulations a move (17 wins in these 20 games) cost half as much as 30 (16 wins) and prove the same
        bots = {mine: SearchBot(seed, simulations=15), 3 - mine: RandomBot(seed)}
        while game.outcome() is None:
            seat = game.to_act()[0]
            game.play(seat, bots[seat].choose(RULES, game.state, seat, game.version), "c")
        wins += mine in game.outcome().winners
    assert wins >= 15  # 75%: the 95% interval of 15 in 20 starts above an even share
