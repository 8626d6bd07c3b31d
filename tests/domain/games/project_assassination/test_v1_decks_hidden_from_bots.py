"""A game recorded under rules v1 holds its decks' order (shuffled at setup): a secret of the state that a
bot must never read. Two v1 games a seat cannot tell apart (the same coin, other deck orders) give the
same determinized decks and the same search move for the same seed."""

from __future__ import annotations

import random

from domain.engine.randomness import Rng
from domain.games.project_assassination import EARLIER
from domain.thinking.greedy import SimRng
from domain.thinking.search import SearchBot

V1 = EARLIER[0]


def v1_table(seed: str):
    state = V1.new_state(2, V1.resolve_options({}))
    for fact in V1.setup(state, Rng(seed, "setup")):
        state = V1.evolve(state, fact)
    return state


def test_a_bot_never_reads_the_order_of_a_v1_games_decks():
    tables = [v1_table(f"order-{n}") for n in range(12)]
    first = tables[0]
    twin = next(t for t in tables[1:] if t.order == first.order and t.item_deck != first.item_deck)
    seat = V1.to_act(first)[0]
    assert V1.view(first, seat) == V1.view(twin, seat)
    dealt = [V1.determinize(state, seat, SimRng(random.Random(4))) for state in (first, twin)]
    assert [d.item_deck for d in dealt] == [dealt[0].item_deck] * 2
    assert [d.enemy_deck for d in dealt] == [dealt[0].enemy_deck] * 2
    assert sorted(dealt[0].item_deck) == sorted(first.item_deck)
    moves = [SearchBot(2, simulations=30).choose(V1, state, seat, 3) for state in (first, twin)]
    assert moves[0] == moves[1]


def test_a_v2_game_has_no_order_to_hide():
    from domain.games.project_assassination import RULESET

    state = RULESET.new_state(2, RULESET.resolve_options({}))
    for fact in RULESET.setup(state, Rng("v2", "setup")):
        state = RULESET.evolve(state, fact)
    assert RULESET.determinize(state, 1, SimRng(random.Random(1))) is state
