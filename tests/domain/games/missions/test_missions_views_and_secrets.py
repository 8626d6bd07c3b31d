"""Missions: what every seat sees (everything on the table, nothing not yet drawn), the sentences of
the log, and the board drawn for a terminal."""

from __future__ import annotations

import json

from missions_table import L1, L2, L3, RULES, SEATS, act, table

from domain.engine.game import Game
from domain.games.missions.cards import ALL_NAMES
from domain.thinking.bots import play_random_game


def test_ruling_held_mission_cards_are_public():
    state = table(hands=[[L1[0]], [L2[0], L3[0]], [], []])
    views = [RULES.view(state, seat) for seat in (None, 1, 2, 3, 4)] + [RULES.owner_view(state)]
    assert all(view == views[0] for view in views)
    ben = views[0]["players"][1]
    assert ben["cards"] == [{"name": L2[0], "level": 2, "value": 20000}, {"name": L3[0], "level": 3, "value": 30000}]
    assert ben["money"] == 50000 and ben["rank"] == 1 and ben["space"] == 7


def test_hidden_information_no_view_event_or_sentence_names_a_card_before_it_is_drawn():
    """The piles' order is the game's only secret, and it does not exist until a card is turned: at
    every step, no view, stored fact or sentence names a card that has not yet left its pile."""
    for seats in (3, 4):
        played = play_random_game(RULES, SEATS[:seats], {}, f"secret-{seats}", bot_seed=seats)
        game = None
        revealed: set[str] = set()
        for event in played.game.collect_events():
            game = event.mutate(game)
            if isinstance(event, Game.FactRecorded):
                fact = event.as_fact()
                revealed |= {value for value in fact.to_data().values() if value in ALL_NAMES}
                text = json.dumps(fact.to_data()) + RULES.describe(fact, game.seats)
                assert _named(text) <= revealed
            for seat in (None, *range(1, seats + 1)):
                view = RULES.view(game.state, seat)
                assert _named(json.dumps(view)) <= revealed
                assert _named(RULES.render(view, game.seats)) <= revealed
        assert revealed, "the game drew no card"


def _named(text: str) -> set[str]:
    return {name for name in ALL_NAMES if json.dumps(name)[1:-1] in text}


def test_the_piles_show_their_size_and_the_cards_put_under_them():
    state = table()
    state = act(state, 1, {"type": "roll"}, 1)[1]
    state = act(state, 1, {"type": "move", "direction": "cw"}, L1[1], 6)[1]
    piles = RULES.view(state, 2)["piles"]
    assert piles["1"] == {"cards": 15, "put_back": [L1[1]]}
    assert piles["2"] == {"cards": 15, "put_back": []}


def test_the_view_says_who_must_act_and_how():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    state = act(state, 1, {"type": "roll"}, 4)[1]
    view = RULES.view(state, None)
    assert view["rolled"] == 4 and view["moves"] == {"cw": 4, "ccw": 24}
    state = act(state, 1, {"type": "move", "direction": "cw"})[1]
    assert RULES.view(state, None)["can_rob"] == [2]


def test_the_board_is_drawn_with_pieces_money_ranks_cards_and_whose_turn():
    state = table(positions=[0, 4, 4, 21], hands=[[L1[0]], [L3[0]], [], []], ranks=[1, 2, 1, 0])
    text = RULES.render(RULES.view(state, None), SEATS)
    assert " 4 L1 23" in text
    assert "Ben" in text and "$30,000" in text and "rank 2" in text and "Armed bank robbery (L3)" in text
    assert "round 1: Ann to roll (first to $100,000 wins)" in text
    state = act(state, 1, {"type": "roll"}, 4)[1]
    assert "Ann rolled 4: move counterclockwise to 24" in RULES.render(RULES.view(state, None), SEATS)  # 4 is full
    state = act(table(), 1, {"type": "roll"}, 5)[1]
    assert "Ann rolled 5: move clockwise to 5 or counterclockwise to 23" in RULES.render(RULES.view(state, None), SEATS)


def test_every_fact_reads_as_a_sentence_naming_the_players():
    state = table(positions=[0, 4, 14, 21], hands=[[L1[0]], [L3[0]], [], []])
    state = act(state, 1, {"type": "roll"}, 4)[1]
    facts, state = act(state, 1, {"type": "move", "direction": "cw"})
    facts, state = act(state, 1, {"type": "rob", "player": 2, "give": L1[0], "take": L3[0]}, L1[1], 1)
    sentences = [RULES.describe(fact, SEATS) for fact in facts]
    assert sentences == [
        "Ann robbed Ben: gave 'Vandalize a High School' ($10,000) and took 'Armed bank robbery' ($30,000).",
        "Ann drew the level 1 mission 'Mug an old man'.",
        "Ann rolled a 1 (4 or less needed): mission complete; Ann keeps 'Mug an old man' ($10,000).",
        "Round 1: Ben's turn.",
    ]
