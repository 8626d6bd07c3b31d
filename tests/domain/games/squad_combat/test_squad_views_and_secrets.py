"""Squad Combat: hidden information at the rules level (each hand is its player's alone, a drawn card
is shown to its drawer alone, everything on the table is public), the sentences of the log, the
table drawn for a terminal, and one short random game."""

from __future__ import annotations

import json

from squad_table import SEATS, act, table

from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import CardsDrawn, TableSetUp
from domain.thinking.bots import play_random_game

HANDS = [["strike", "jab", "mend"], ["dodge", "sap", "rally", "taunt"]]


def test_ruling_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    view = RULES.view(table(hands=HANDS), 1)
    mine, theirs = view["players"]
    assert mine["hand"] == ["strike", "jab", "mend"] and mine["hand_size"] == 3
    assert theirs["hand"] is None and theirs["hand_size"] == 4
    assert mine["deck"] is None and theirs["deck"] is None and mine["deck_size"] == 33 - 3
    text = json.dumps(view)
    assert all(f'"{card}"' not in text for card in ("dodge", "sap", "rally", "taunt"))
    assert RULES.view(table(hands=HANDS), 2)["players"][1]["hand"] == ["dodge", "sap", "rally", "taunt"]
    assert RULES.view(table(hands=HANDS), 2)["players"][0]["hand"] is None


def test_ruling_a_spectator_sees_no_hand():
    view = RULES.view(table(hands=HANDS), None)
    assert [(p["hand"], p["hand_size"], p["deck"]) for p in view["players"]] == [(None, 3, None), (None, 4, None)]


def test_ruling_the_owner_of_the_game_sees_every_hand_and_deck():
    state = table(hands=HANDS)
    view = RULES.owner_view(state)
    assert [p["hand"] for p in view["players"]] == HANDS
    assert view["players"][0]["deck"] == sorted(state.player(1)["deck"]) and len(view["players"][1]["deck"]) == 29


def test_ruling_everything_on_the_table_is_public():
    state = table(hands=HANDS, dice={(2, 1): [1, 5]}, burden={(2, 1): 3}, wounds={(2, 1): [("strike", 3, 1)]},
                  discards=[["cleave"], ["brace"]])
    views = [RULES.view(state, seat) for seat in (None, 1, 2)]
    jimbo = views[0]["players"][1]["characters"][0]
    assert jimbo == {"place": 1, "id": "jimbo", "name": "Jimbo", "traits": ["Alpha", "Delta"], "hp": 13,
                     "wounds": [{"card": "strike", "damage": 3}], "wound_total": 3, "energy": 7, "burden": 3,
                     "energy_left": 4, "dice": [1, 5], "pool": "RRR", "refresh": 2, "dead": False}
    for view in views:
        assert view["players"][1]["characters"] == views[0]["players"][1]["characters"]
        assert [p["discard"] for p in view["players"]] == [["cleave"], ["brace"]]


def test_ruling_a_drawn_card_is_shown_to_its_drawer_alone():
    drawn = CardsDrawn(seat=2, cards=["sap", "dodge", "rally"])
    assert RULES.redact(drawn, 1) == CardsDrawn(seat=2, cards=["?", "?", "?"])
    assert RULES.redact(drawn, None) == CardsDrawn(seat=2, cards=["?", "?", "?"])
    assert RULES.redact(drawn, 2) == drawn
    assert RULES.redact(TableSetUp(first=1, squads=["red", "blue"]), 2) == TableSetUp(first=1, squads=["red", "blue"])
    assert RULES.describe(RULES.redact(drawn, 1), SEATS) == "Ben drew 3 cards."
    assert RULES.describe(drawn, SEATS) == "Ben drew 3 cards: Sap, Dodge, Rally."


def test_ruling_the_legal_commands_of_a_seat_name_only_its_own_cards():
    state = table(hands=HANDS, wounds={(1, 1): [("jab", 2, 2)]})  # a wound for the Mend to heal (ruling 21)
    cards = {c["card"] for c in RULES.legal_commands(state, 1) if "card" in c}
    assert cards == {"strike", "jab", "mend"}
    assert RULES.legal_commands(state, 2) == []  # not to act
    state = act(state, 1, {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]})[1]
    assert RULES.legal_commands(state, 2) == [{"type": "react", "card": "dodge", "performer": 1}, {"type": "allow"}]
    assert RULES.legal_commands(state, 1) == []


def test_every_fact_reads_as_a_sentence_naming_the_players():
    state = table(hands=[["strike"], ["brace"]])
    facts, state = act(state, 1, {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]})
    more, state = act(state, 2, {"type": "react", "card": "brace", "performer": 1})
    assert [RULES.describe(fact, SEATS) for fact in facts + more] == [
        "Ann's Bruiser played Strike at Ben's Jimbo (paid 3 energy, dice 4).",
        "Ben's Jimbo played Brace at Ben's Jimbo (paid 2 energy).",
        "Strike hits Ben's Jimbo for 1 damage and is attached under it.",
        "Turn 1: Ben's action phase.",
    ]


def test_the_table_is_drawn_with_hidden_hands_and_whose_turn_it_is():
    state = table(hands=HANDS, wounds={(2, 1): [("strike", 3, 1)]}, dead=[(2, 3)])
    text = RULES.render(RULES.view(state, 1), SEATS)
    assert "* 1 Ann, the red squad: hand Strike, Jab, Mend; deck 30, discard 0" in text
    assert "  2 Ben, the blue squad: hand 4 cards, hidden; deck 29, discard 0" in text
    assert "Jimbo      HP 10/13" in text and "3 Captain    dead" in text
    assert text.endswith("turn 1: Ann's action phase")


def test_a_short_random_game_ends_and_no_view_shows_another_seats_hand():
    played = play_random_game(RULES, SEATS[:2], {"turn_limit": 2}, "short", bot_seed=1)
    game = played.game
    assert game.outcome() is not None and game.state.turn <= 2
    state = game.state
    for seat in (1, 2):
        other = 3 - seat
        view = RULES.view(state, seat)
        assert view["players"][seat - 1]["hand"] == state.player(seat)["hand"]
        assert view["players"][other - 1]["hand"] is None
    drawn = [e.as_fact() for e in game.collect_events() if type(e).__name__ == "CardsDrawn"]
    assert drawn and all(RULES.redact(fact, 3 - fact.seat).cards == ["?"] * len(fact.cards) for fact in drawn)
