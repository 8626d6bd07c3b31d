"""Squad Combat, ruling 21 and its option ``no_effect_plays``: a card or a refresh that would change nothing
but its cost (a heal that fits no wound, a Second Wind or a Rally on no burden, a Power Up with no die below
6, a Taunt by the character already taunting, a Brace against an attack that deals no damage, a refresh of
dice that all show 6) is refused and never offered (``refused``, the default), so bots never play one; with
``allowed`` it is offered and played for its cost, as under rules v1."""

from __future__ import annotations

import pytest
from squad_table import RULES, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.engine.game import Game
from domain.thinking.bots import RandomBot

SIXES = [6, 6, 6]
STRIKE = {"type": "play", "card": "strike", "performer": 1, "target": [2, 2]}


def _taunting(**given):
    state = table(current=2, **given)
    state.taunts = {"2": 3}  # the Captain taunted earlier this turn
    return state


CASES = {
    "a heal that fits no wound": (
        lambda options: table(options=options, hands=[["mend"], []], wounds={(1, 1): [("haymaker", 6, 2)]}),
        1, {"type": "play", "card": "mend", "performer": 3, "target": [1, 1]},
        "Mend would change nothing: Bruiser has no wound of 4 or less to heal"),
    "a Field Surgery on no wound": (
        lambda options: table(options=options, hands=[["field_surgery"], []]),
        1, {"type": "play", "card": "field_surgery", "performer": 3, "target": [1, 2]},
        "Field Surgery would change nothing: Marksman has no wound of 6 or less to heal"),
    "a Second Wind on no burden": (
        lambda options: table(options=options, hands=[["second_wind"], []], burden={(1, 1): 3}),
        1, {"type": "play", "card": "second_wind", "performer": 1, "target": [1, 2]},
        "Second Wind would change nothing: Marksman has no burden token to take off"),
    "a Focus with no die below 6": (
        lambda options: table(options=options, hands=[["focus"], []], dice={(1, 1): SIXES}),
        1, {"type": "play", "card": "focus", "performer": 2, "target": [1, 1]},
        "Focus would change nothing: Bruiser has no die below 6 to power up"),
    "a Rally on no burden": (
        lambda options: table(options=options, current=2, hands=[[], ["rally"]], burden={(1, 1): 4}),
        2, {"type": "play", "card": "rally", "performer": 3},
        "Rally would change nothing: no living character of yours has a burden token"),
    "a Taunt by the character taunting": (
        lambda options: _taunting(options=options, hands=[[], ["taunt"]]),
        2, {"type": "play", "card": "taunt", "performer": 3},
        "Taunt would change nothing: Captain already taunts this turn"),
    "a refresh of sixes": (
        lambda options: table(options=options, dice={(1, 1): SIXES}),
        1, {"type": "refresh", "character": 1},
        "Bruiser's dice already show 6 6 6: a refresh would change nothing"),
}


@pytest.mark.parametrize("case", CASES)
def test_ruling_21_a_play_that_would_change_nothing_is_not_offered_and_is_refused(case):
    made, seat, command, message = CASES[case]
    state = made(None)
    assert command not in RULES.legal_commands(state, seat)
    with pytest.raises(IllegalCommand, match=message):
        refuse(state, seat, command)


@pytest.mark.parametrize("case", CASES)
def test_ruling_21_option_no_effect_plays_allowed_offers_it_and_plays_it_for_its_cost(case):
    made, seat, command, _ = CASES[case]
    state = made({"no_effect_plays": "allowed"})
    assert command in RULES.legal_commands(state, seat)
    facts = act(state, seat, command, *([1, 1, 1] if command["type"] == "refresh" else []))[0]
    assert type(facts[0]).__name__ in ("CardPlayed", "DiceRefreshed")


def test_ruling_21_the_same_card_is_offered_where_it_would_change_something():
    state = table(hands=[["mend", "second_wind"], []], wounds={(1, 2): [("jab", 2, 2)]}, burden={(1, 3): 1})
    offered = [(c["card"], c["target"]) for c in RULES.legal_commands(state, 1) if c.get("card")]
    assert offered == [("mend", [1, 2])] + [("second_wind", [1, 3])] * 3  # Second Wind: any of the three performs it


def test_ruling_21_a_reaction_that_would_change_nothing_is_not_offered():
    # two reactions an attack: a Brace takes a Jab's 2 damage to 0, a second Brace would change nothing
    state = table(options={"reactions_per_attack": 2}, hands=[["jab"], ["brace", "brace"]])
    state = act(state, 1, {"type": "play", "card": "jab", "performer": 2, "target": [2, 2]})[1]
    state = act(state, 2, {"type": "react", "card": "brace", "performer": 2})[1]
    assert RULES.legal_commands(state, 2) == [{"type": "allow"}]
    with pytest.raises(IllegalCommand, match="Brace would change nothing: the attack already deals no damage"):
        refuse(state, 2, {"type": "react", "card": "brace", "performer": 2})


def _idle_plays(options: dict, seed: str) -> int:
    """How many plays of a random two-player game changed nothing but their cost."""
    game = Game.start(RULES, ["A", "B"], RULES.resolve_options(options), seed, salt="5eed" * 8)
    bot, idle = RandomBot(seed), 0
    while game.outcome() is None:
        seat = game.to_act()[0]
        command = bot.choose(RULES, game.state, seat, game.version)
        before = len(game.pending_events)
        game.play(seat, command, f"c{before}")
        facts = [type(event.fact).__name__ for event in game.pending_events[before:] if hasattr(event, "fact")]
        card = game.state.cards.cards.get(command.get("card", ""))
        if command["type"] in ("play", "edge") and card and card.kind != "attack":
            idle += facts[1:] in ([], ["PhaseStarted"], ["PhaseStarted", "TurnEnded"])
    return idle


def test_ruling_21_bots_never_play_a_card_that_would_change_nothing():
    seeds = ["idle-1", "idle-2", "idle-3"]
    assert sum(_idle_plays({}, seed) for seed in seeds) == 0
    assert sum(_idle_plays({"no_effect_plays": "allowed"}, seed) for seed in seeds) > 0
