"""Squad Combat, ruling 7 and its option ``passed_edges``: "If a player passes their action, they may not
receive actions again during this turn (but may still play edges.)" By default (ruling 7) a player who
has passed plays no edge of their own phase, only reactions when attacked; with ``passed_edges: true``
they get, in their place in turn order, a window to play the edges of their own phase (Triage,
Overcharge, Battle Cry), closed by ``pass``, while another player still acts."""

from __future__ import annotations

import pytest
from squad_table import RULES, SEATS, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.squad_combat.facts import (
    CardPlayed,
    PhaseStarted,
    PlayerPassed,
    TurnEnded,
    WoundHealed,
)

PASS, ALLOW = {"type": "pass"}, {"type": "allow"}
JAB = {"type": "play", "card": "jab", "performer": 2, "target": [2, 2]}  # the Marksman's Jab at the Duelist
TRIAGE = {"type": "edge", "card": "triage", "performer": 2, "target": [2, 2]}  # the Duelist heals itself
DUELIST = [2, 2, "duelist"]


def _after_ben_passed(options=None):
    """Ben (blue) has passed holding a Triage and a Strike, a Jab (2) under his Duelist; Ann acts."""
    return table(options=options, hands=[["jab", "jab"], ["triage", "strike"]], passed=[2],
                 wounds={(2, 2): [("jab", 2, 1)]})


def test_ruling_7_by_default_a_passed_player_gets_no_window_for_edges():
    state = act(_after_ben_passed(), 1, JAB)[1]
    facts, state = act(state, 2, ALLOW)  # a passed player still answers the attack (ruling 6)
    assert facts[-1] == PhaseStarted(seat=1, turn=1) and RULES.to_act(state) == [1]
    facts = act(state, 1, PASS)[0]
    assert facts == [PlayerPassed(seat=1), TurnEnded(turn=1, recharged=True)]


def test_ruling_7_option_passed_edges_a_passed_player_gets_a_window_for_edges_in_their_place():
    state = act(_after_ben_passed({"passed_edges": True}), 1, JAB)[1]
    facts, state = act(state, 2, ALLOW)
    assert facts[-1] == PhaseStarted(seat=2, turn=1) and RULES.to_act(state) == [2]
    assert RULES.legal_commands(state, 2) == [
        {"type": "edge", "card": "triage", "performer": 2, "target": [2, 2]}, PASS]  # no attack, no refresh
    facts, state = act(state, 2, TRIAGE)
    assert facts == [CardPlayed(seat=2, card="triage", performer=DUELIST, target=DUELIST, burden=3, dice=[]),
                     WoundHealed(character=DUELIST, card="jab", damage=2)]
    assert RULES.to_act(state) == [2]  # an edge does not end the window
    facts, state = act(state, 2, PASS)
    assert facts == [PlayerPassed(seat=2), PhaseStarted(seat=1, turn=1)]
    assert state.player(2)["passed"] and RULES.to_act(state) == [1]


def test_ruling_7_option_passed_edges_a_passed_player_may_not_take_an_action():
    state = act(act(_after_ben_passed({"passed_edges": True}), 1, JAB)[1], 2, ALLOW)[1]
    message = r"you have passed: until the turn ends you may play edges of your own phase \(edge\) or pass"
    with pytest.raises(IllegalCommand, match=message):
        refuse(state, 2, {"type": "play", "card": "strike", "performer": 1, "target": [1, 1]})
    with pytest.raises(IllegalCommand, match=message):
        refuse(state, 2, {"type": "refresh", "character": 1})


def test_ruling_7_option_passed_edges_the_turn_ends_when_the_last_player_acting_passes():
    state = _after_ben_passed({"passed_edges": True})
    facts = act(state, 1, PASS)[0]
    assert facts == [PlayerPassed(seat=1), TurnEnded(turn=1, recharged=True)]  # no window once nobody acts


def test_ruling_7_option_passed_edges_the_window_opens_even_with_no_edge_to_play():
    # skipping it would tell the others the passed player holds no edge (as ruling 12 says of reactions)
    state = table(options={"passed_edges": True}, hands=[["jab"], ["strike"]], passed=[2])
    state = act(act(state, 1, JAB)[1], 2, ALLOW)[1]
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [PASS]
    assert RULES.render(RULES.view(state, 2), SEATS).endswith(
        "turn 1: Ben has passed and may play edges of their own phase, or pass")


def test_ruling_7_option_passed_edges_three_players_each_passed_player_in_turn_order():
    state = table(3, options={"passed_edges": True}, hands=[["jab"], [], []], passed=[2, 3])
    state = act(act(state, 1, JAB)[1], 2, ALLOW)[1]
    assert RULES.to_act(state) == [2]
    state = act(state, 2, PASS)[1]
    assert RULES.to_act(state) == [3]
    facts = act(state, 3, PASS)[0]
    assert facts == [PlayerPassed(seat=3), PhaseStarted(seat=1, turn=1)]
