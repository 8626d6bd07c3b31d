"""Squad Combat: the rulings a designer can switch, each on and off — Stun X (ruling 11), reactions per
attack (ruling 13), reshuffling an empty deck (ruling 16) and the hand size (ruling 17) — that games
recorded before these options play as today, and that a bad value is refused."""

from __future__ import annotations

import pytest
from bot_matches import play_checking_bots
from squad_table import act, kinds, refuse, table

from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.games.squad_combat import RULESET as RULES
from domain.games.squad_combat.facts import (
    AttackFailed,
    AttackHit,
    Burdened,
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    DeckReshuffled,
    PhaseStarted,
)

NEW_OPTIONS = ("stun", "reactions_per_attack", "reshuffle", "hand_size")
STRIKE_JIMBO = {"type": "play", "card": "strike", "performer": 1, "target": [2, 1]}  # the Bruiser's Strike
SAP_BRUISER = {"type": "play", "card": "sap", "performer": 1, "target": [1, 1]}  # Jimbo's Sap
ALLOW, PASS, KEEP = {"type": "allow"}, {"type": "pass"}, {"type": "discard", "cards": []}
JIMBO, DUELIST, CAPTAIN, BRUISER = [2, 1, "jimbo"], [2, 2, "duelist"], [2, 3, "captain"], [1, 1, "bruiser"]


def _recorded_before(state):
    """The state as a game recorded before the new options left it: none of their keys in its options."""
    state = state.copy()
    state.options = {key: value for key, value in state.options.items() if key not in NEW_OPTIONS}
    return state


def _react(card, performer):
    return {"type": "react", "card": card, "performer": performer}


def test_the_new_options_default_to_the_rulings_of_today():
    options = RULES.resolve_options({})
    assert {key: options[key] for key in NEW_OPTIONS} == {
        "stun": "x-tokens", "reactions_per_attack": 1, "reshuffle": "discard-pile", "hand_size": 5}
    schema = RULES.options_schema["properties"]
    assert all("ruling" in schema[key]["description"] for key in NEW_OPTIONS)


@pytest.mark.parametrize("bad", [{"stun": "two-tokens"}, {"reactions_per_attack": 0}, {"reactions_per_attack": 4},
                                 {"reshuffle": "sometimes"}, {"hand_size": 0}, {"hand_size": 11}, {"hand_size": "5"}])
def test_a_bad_value_of_a_new_option_is_refused(bad):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(bad)


# -- ruling 11: Stun X ----------------------------------------------------------------------------------------


def _sap(options=None, recorded_before=False):
    state = table(current=2, hands=[[], ["sap"]], dice={(2, 1): [3, 3]}, options=options)
    state = _recorded_before(state) if recorded_before else state
    state = act(state, 2, SAP_BRUISER)[1]
    return act(state, 1, ALLOW)


@pytest.mark.parametrize(("options", "tokens"), [(None, 2), ({"stun": "x-tokens"}, 2), ({"stun": "one-token"}, 1)])
def test_ruling_11_stun_x_puts_x_burden_tokens_or_one_with_the_option(options, tokens):
    facts, state = _sap(options)
    assert facts[:2] == [AttackHit(seat=2, card="sap", target=BRUISER, damage=3),
                         Burdened(character=BRUISER, tokens=tokens, reason="stun")]
    assert state.character([1, 1])["burden"] == tokens


def test_ruling_11_a_game_recorded_without_the_option_stuns_x():
    assert _sap(recorded_before=True)[0] == _sap()[0]


# -- ruling 13: reactions per attack --------------------------------------------------------------------------


def _strike(options=None, hand=("brace", "dodge")):
    return act(table(hands=[["strike"], list(hand)], options=options), 1, STRIKE_JIMBO)[1]


def test_ruling_13_one_reaction_settles_the_attack_by_default():
    state = _strike()
    facts, state = act(state, 2, _react("brace", 1))
    assert kinds(facts) == ["CardPlayed", "AttackHit", "PhaseStarted"]
    assert facts[1] == AttackHit(seat=1, card="strike", target=JIMBO, damage=1)
    assert state.player(2)["hand"] == ["dodge"]


def test_ruling_13_with_two_reactions_the_attack_waits_after_one_that_does_not_stop_it():
    state = _strike({"reactions_per_attack": 2})
    facts, state = act(state, 2, _react("brace", 1))
    assert kinds(facts) == ["CardPlayed"] and state.phase == "reaction" and state.attack["resist"] == 2
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [_react("dodge", 1), ALLOW]
    facts, state = act(state, 2, _react("dodge", 1))
    assert facts[1] == AttackFailed(seat=1, card="strike", reason="negated")
    assert state.wounds([2, 1]) == 0 and state.player(2)["discard"] == ["brace", "dodge"]


def test_ruling_13_with_two_reactions_allow_lands_the_attack_after_the_first():
    state = act(_strike({"reactions_per_attack": 2}), 2, _react("brace", 1))[1]
    facts, state = act(state, 2, ALLOW)
    assert facts[0] == AttackHit(seat=1, card="strike", target=JIMBO, damage=1)


def test_ruling_13_after_an_intercept_the_new_defender_may_react_when_the_option_allows():
    state = act(_strike({"reactions_per_attack": 2}, ("intercept", "dodge")), 2, _react("intercept", 3))[1]
    assert state.attack["target"] == CAPTAIN and state.phase == "reaction"
    assert RULES.legal_commands(state, 2) == [_react("dodge", 3), ALLOW]  # the Captain dodges now
    facts, state = act(state, 2, _react("dodge", 3))
    assert facts[0] == CardPlayed(seat=2, card="dodge", performer=CAPTAIN, target=CAPTAIN, burden=0, dice=[4])
    assert facts[1] == AttackFailed(seat=1, card="strike", reason="negated")


def test_ruling_13_the_limit_is_counted_a_third_reaction_is_refused_at_two():
    state = _strike({"reactions_per_attack": 2}, ("brace", "brace", "dodge"))
    state = act(state, 2, _react("brace", 1))[1]
    facts, state = act(state, 2, _react("brace", 1))
    assert facts[1] == AttackHit(seat=1, card="strike", target=JIMBO, damage=0)  # Resistance 2 twice
    three = _strike({"reactions_per_attack": 3}, ("brace", "brace", "dodge"))
    three = act(act(three, 2, _react("brace", 1))[1], 2, _react("brace", 1))[1]
    assert three.phase == "reaction" and RULES.legal_commands(three, 2) == [_react("dodge", 1), ALLOW]


def test_ruling_13_v05_with_two_reactions_each_adds_its_defense_then_defend():
    state = _strike({"rules": "v0.5", "reactions_per_attack": 2})
    state = act(act(state, 2, _react("brace", 1))[1], 2, _react("dodge", 1))[1]
    assert state.attack["defense"] == 4 and state.phase == "reaction"
    with pytest.raises(IllegalCommand, match="2 reactions an attack: now defend"):
        refuse(state, 2, _react("brace", 1))


def test_ruling_13_a_game_recorded_without_the_option_allows_one_reaction():
    state = _recorded_before(_strike(hand=("brace", "dodge")))
    state.attack.pop("reactions", None)
    facts, after = act(state, 2, _react("brace", 1))
    assert kinds(facts) == ["CardPlayed", "AttackHit", "PhaseStarted"]
    v05 = act(_recorded_before(table(hands=[["strike"], ["brace", "dodge"]], options={"rules": "v0.5"})), 1, STRIKE_JIMBO)[1]
    v05 = act(v05, 2, _react("brace", 1))[1]
    del v05.attack["reactions"]  # a snapshot taken before the count was kept
    with pytest.raises(IllegalCommand, match="one reaction an attack"):
        refuse(v05, 2, _react("dodge", 1))


# -- ruling 16: reshuffling an empty deck ---------------------------------------------------------------------


def _draw_from_an_empty_deck(options=None, recorded_before=False, *outcomes):
    state = table(hands=[["jab"], ["strike", "dodge", "brace", "jab", "slash"]], decks=[["cleave"], None],
                  discards=[["strike", "dodge"], None], options=options)
    state = _recorded_before(state) if recorded_before else state
    for seat in (1, 2):
        state = act(state, seat, PASS)[1]
    state = act(state, 1, KEEP)[1]
    return act(state, 2, KEEP, *outcomes)


@pytest.mark.parametrize("options", [None, {"reshuffle": "discard-pile"}])
def test_ruling_16_an_empty_deck_takes_back_the_discard_pile(options):
    facts, state = _draw_from_an_empty_deck(options, False, "cleave", "strike", "dodge")
    assert facts == [CardsDiscarded(seat=2, cards=[]), CardsDrawn(seat=1, cards=["cleave"]), DeckReshuffled(seat=1, cards=2),
                     CardsDrawn(seat=1, cards=["strike", "dodge"]), PhaseStarted(seat=1, turn=2)]


def test_ruling_16_with_reshuffle_never_an_empty_deck_draws_nothing_more():
    facts, state = _draw_from_an_empty_deck({"reshuffle": "never"}, False, "cleave")
    assert facts == [CardsDiscarded(seat=2, cards=[]), CardsDrawn(seat=1, cards=["cleave"]), PhaseStarted(seat=1, turn=2)]
    assert state.player(1)["hand"] == ["jab", "cleave"] and state.player(1)["discard"] == ["strike", "dodge"]


def test_ruling_16_a_game_recorded_without_the_option_reshuffles():
    assert _draw_from_an_empty_deck(None, True, "cleave", "strike", "dodge")[0] == \
        _draw_from_an_empty_deck(None, False, "cleave", "strike", "dodge")[0]


# -- ruling 17: the hand size ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("options", "size"), [(None, 5), ({"hand_size": 5}, 5), ({"hand_size": 3}, 3), ({"hand_size": 7}, 7)])
def test_ruling_17_the_opening_hand_is_the_hand_size(options, size):
    state = RULES.new_state(2, options or {})
    for fact in RULES.setup(state, _FirstOfEach()):
        state = RULES.evolve(state, fact)
    assert [len(state.player(seat)["hand"]) for seat in (1, 2)] == [size, size]


@pytest.mark.parametrize(("options", "ones", "twos"), [(None, 4, 0), ({"hand_size": 3}, 2, 0), ({"hand_size": 7}, 6, 2)])
def test_ruling_17_each_player_draws_back_up_to_the_hand_size(options, ones, twos):
    facts, state = _end_of_turn(_hands(options), *["strike"] * (ones + twos))
    drawn = [fact for fact in facts if isinstance(fact, CardsDrawn)]
    assert drawn == [CardsDrawn(seat=1, cards=["strike"] * ones)] + ([CardsDrawn(seat=2, cards=["strike"] * twos)] if twos else [])
    assert len(state.player(1)["hand"]) == ones + 1 and len(state.player(2)["hand"]) == 5 + twos


def test_ruling_17_a_game_recorded_without_the_option_draws_up_to_five():
    state = _hands()
    assert _end_of_turn(_recorded_before(state), *["strike"] * 4)[0] == _end_of_turn(state, *["strike"] * 4)[0]


def _hands(options=None):
    """Seat 1 holds a Jab, seat 2 five cards; both decks are Strikes."""
    return table(hands=[["jab"], ["strike", "dodge", "brace", "jab", "slash"]], decks=[["strike"] * 8, ["strike"] * 8],
                 options=options)


def _end_of_turn(state, *drawn):
    """Both pass, both keep their cards; the draws (seat 1 first) are the given cards."""
    for seat in (1, 2):
        state = act(state, seat, PASS)[1]
    state = act(state, 1, KEEP)[1]
    return act(state, 2, KEEP, *drawn)


class _FirstOfEach:
    """Setup's rng: seat 1 goes first, each card drawn is the first left, each die a 3."""

    def choice(self, options, ask="", seat=None, secret=False):
        options = list(options)
        return 1 if "first" in ask else (3 if 3 in options else options[0])


# -- bots under the options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"stun": "one-token", "reactions_per_attack": 3, "reshuffle": "never", "hand_size": 3, "turn_limit": 12},
    {"reactions_per_attack": 2, "hand_size": 8, "rules": "v0.5", "turn_limit": 12},
])
def test_bots_play_and_think_under_the_switched_rulings(options):
    """A game to its end by a random bot and a greedy one; every few positions the determinization keeps
    what the seat sees, and the greedy bot's evaluation is a number in [0, 1]."""
    game = play_checking_bots(RULES, options)
    assert game.state.options["hand_size"] == options["hand_size"]
