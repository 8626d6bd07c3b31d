"""Squad Combat, ruling 22: the trait rule ("A character must have at least one trait on their character card
that matches a trait on the card being played") and the generic cards, which have no trait. By default (option
``generic_cards: any-character``) any character performs a generic card; with ``trait-needed``, the rule read
word for word, none does: the card is only discarded. Trait cards and character cards play alike under both."""

from __future__ import annotations

import pytest
from picture_checks import by_id
from squad_table import SEATS, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import AttackHit, CardsDiscarded
from domain.games.squad_combat.stalemate import can_hurt

LITERAL = {"generic_cards": "trait-needed"}
STRIKE = {"type": "play", "card": "strike", "performer": 3, "target": [2, 1]}  # the Medic's Strike at Jimbo
ALLOW, PASS = {"type": "allow"}, {"type": "pass"}


def _plays(state, seat: int, card: str) -> list[dict]:
    return [c for c in RULES.legal_commands(state, seat) if c.get("card") == card]


def test_ruling_22_the_option_defaults_to_any_character_and_games_recorded_before_it_play_so():
    assert RULES.resolve_options({})["generic_cards"] == "any-character"
    assert "ruling 22" in RULES.options_schema["properties"]["generic_cards"]["description"]
    state = table(hands=[["strike"], []])
    state.options.pop("generic_cards")  # a game recorded before the option: no key
    assert {c["performer"] for c in _plays(state, 1, "strike")} == {1, 2, 3}


@pytest.mark.parametrize("options", [{}, {"generic_cards": "any-character"}])
def test_ruling_22_any_character_performs_a_generic_card_whatever_its_traits(options):
    state = table(hands=[["strike", "second_wind"], ["dodge"]], options=options, burden={(1, 1): 2})
    assert {c["performer"] for c in _plays(state, 1, "strike")} == {1, 2, 3}  # Alpha Foxtrot, Beta Gamma, Charlie Echo
    assert {c["performer"] for c in _plays(state, 1, "second_wind")} == {1, 2, 3}
    facts, state = act(state, 1, STRIKE)
    assert {c["card"] for c in RULES.legal_commands(state, 2) if c["type"] == "react"} == {"dodge"}
    facts, _ = act(state, 2, ALLOW)
    assert AttackHit in map(type, facts)


def test_ruling_22_trait_needed_no_character_performs_a_generic_card():
    state = table(hands=[["strike", "second_wind", "haymaker"], ["dodge", "brace"]], options=LITERAL, burden={(1, 1): 2})
    assert _plays(state, 1, "strike") == [] and _plays(state, 1, "second_wind") == []
    with pytest.raises(IllegalCommand, match="Strike has no trait for Medic to share"):
        refuse(state, 1, STRIKE)
    _, attacked = act(state, 1, {"type": "play", "card": "haymaker", "performer": 1, "target": [2, 1]})
    answers = RULES.legal_commands(attacked, 2)
    assert answers == [ALLOW]  # neither Dodge nor Brace
    with pytest.raises(IllegalCommand, match="Dodge has no trait for Jimbo to share"):
        refuse(attacked, 2, {"type": "react", "card": "dodge", "performer": 1})


def test_ruling_22_trait_needed_a_generic_card_is_still_drawn_held_and_discarded():
    state = table(hands=[["strike"], []], options=LITERAL)
    state = act(state, 1, PASS)[1]
    state = act(state, 2, PASS)[1]
    assert {"type": "discard", "cards": ["strike"]} in RULES.legal_commands(state, state.discarding)
    facts, _ = act(state, 1, {"type": "discard", "cards": ["strike"]})
    assert facts[0] == CardsDiscarded(seat=1, cards=["strike"])


@pytest.mark.parametrize("options", [{}, LITERAL])
def test_ruling_22_trait_cards_and_character_cards_play_as_before_under_both_readings(options):
    state = table(hands=[["haymaker", "ground_pound", "slash"], []], options=options, dice={(1, 1): [4, 4, 5]})
    assert {c["performer"] for c in _plays(state, 1, "haymaker")} == {1}  # Alpha: the Bruiser alone
    assert {c["performer"] for c in _plays(state, 1, "ground_pound")} == {1}  # the Bruiser's own card
    assert {c["performer"] for c in _plays(state, 1, "slash")} == {3}  # Charlie: the Medic alone


@pytest.mark.parametrize(("options", "hurts"), [({}, True), (LITERAL, False)])
def test_ruling_22_a_generic_attack_counts_toward_can_still_hurt_only_while_a_character_may_perform_it(options, hurts):
    state = table(hands=[["strike"], []], decks=[["dodge", "strike"], None], options=options)
    assert can_hurt(state, 1) is hurts


@pytest.mark.parametrize(("options", "who"), [({}, "by anyone"), (LITERAL, "by no one (no trait to share)")])
def test_ruling_22_a_generic_cards_face_says_who_may_perform_it(options, who):
    state = table(hands=[["strike"], []], options=options)
    card = by_id(RULES.picture(RULES.view(state, 1), SEATS))["hand:1:strike:1"]
    assert card["lines"][-1] == who
