"""Location CCG: a play that can change nothing this turn is refused, saying why, and not offered among the
legal commands, so bots skip it, unless the option ``no_effect_plays: allowed`` (rules v1's way) accepts and
offers it (ruling 39; LC-33 "Any stat increase granted by a surprise or ability is temporary, and only lasts
until the end of the turn", LC-47 "all damage taken by characters this turn is removed"): a boost that no
combat, damage or skill check reads before the turn ends (the response window, the deploy phase, a
character out of the mission), and a modifier that replaces a copy of itself or is not kept."""

from __future__ import annotations

import copy

import pytest
from designer_pool import pool as designer_pool
from location_table import DOCKS, RULES, act, refuse, table

from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import EARLIER
from domain.games.location_ccg.facts import ModifierRemoved, StatsBoosted

ALLOWED = {"no_effect_plays": "allowed"}

ADRENALINE = {"type": "play", "card": "adrenaline", "target": "1"}  # +2/+2/+0 on a character
DOJO = {"type": "activate", "card": "9", "target": "1"}  # Training Dojo: 1: +1/+0/+1 on a character you control


def _offered(state, seat, command):
    return command in RULES.legal_commands(state, seat)


def _refused(state, seat, command, words):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalCommand, match=words):
        refuse(state, seat, command)
    assert state == before


def _allowed(state):
    """The same table under the option ``no_effect_plays: allowed``."""
    state = state.copy()
    state.options = {**state.options, **ALLOWED}
    return state


def _mission(phase, attackers, defenders, pairs=(), options=None, **given):
    """Seat 1's mission at Docks in ``phase``: ``{uid: card}`` there, ``pairs`` of (challenger, opposer);
    seat 1 holds an Adrenaline and a Training Dojo (uid 9), with a bank to pay."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()}
    in_play |= {"9": ("dojo", 1), **given.pop("in_play", {})}
    mission = {"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders),
               "pairs": [{"seat": 1 if c in attackers else 2, "challenger": c, "opposers": [o]} for c, o in pairs]}
    return table(phase=phase, in_play=in_play, mission=mission, options=options, hands=[["adrenaline"], []],
                 banks=[["katana", "katana"], []], **given)


def test_ruling_39_a_boost_at_the_end_of_the_other_players_turn_is_refused_and_not_offered():
    state = table(phase="response", current=2, priority=1, hands=[["adrenaline"], []], banks=[["katana", "katana"], []],
                  in_play={"1": ("ninja_adept", 1), "9": ("dojo", 1)})
    assert RULES.legal_commands(state, 1) == [{"type": "pass"}]
    _refused(state, 1, ADRENALINE, "Adrenaline would change nothing on #1: its boost lasts until the end of the turn")
    _refused(state, 1, DOJO, "Training Dojo would change nothing on #1")


def test_ruling_39_with_no_effect_plays_allowed_such_a_play_is_offered_and_accepted():
    state = _allowed(table(phase="response", current=2, priority=1, hands=[["adrenaline"], []],
                           banks=[["katana", "katana"], []], in_play={"1": ("ninja_adept", 1), "9": ("dojo", 1)}))
    assert ADRENALINE in RULES.legal_commands(state, 1) and DOJO in RULES.legal_commands(state, 1)
    facts, state = act(state, 1, ADRENALINE)
    assert facts[-1] == StatsBoosted(uid="1", bonus=[2, 2, 0], source="adrenaline")
    assert RULES.resolve_options({})["no_effect_plays"] == "refused"


def test_ruling_39_rules_v1_offer_and_accept_such_a_play():
    [v1] = EARLIER
    state = v1.new_state(2, v1.resolve_options({}))
    assert state.options["no_effect_plays"] == "allowed"


def test_ruling_39_a_boost_in_the_deploy_phase_is_not_offered_when_nothing_can_damage_the_character():
    state = table(phase="deploy", hands=[["adrenaline"], []], banks=[["katana", "katana"], []],
                  in_play={"1": ("ninja_adept", 1), "9": ("dojo", 1)})
    assert not _offered(state, 1, ADRENALINE) and not _offered(state, 1, DOJO)  # the demo's damage needs a mission
    _refused(state, 1, DOJO, "Training Dojo would change nothing")
    assert act(_allowed(state), 1, DOJO)[0][-1] == StatsBoosted(uid="1", bonus=[1, 0, 1], source="dojo")


def test_ruling_39_a_def_boost_is_offered_while_a_damage_surprise_of_the_pool_may_still_be_played():
    own = designer_pool()
    own["cards"]["bolt"] = {"name": "Bolt", "typeline": "Surprise", "cost": "1", "resources": "!",
                            "effect": {"damage": 2, "target": "character"}}
    own["cards"]["shield"] = {"name": "Shield", "typeline": "Surprise", "cost": "1", "resources": "#",
                              "effect": {"boost": [0, 2, 0], "target": "own"}}
    hold = {"phase": "deploy", "hands": [["shield", "rally"], []], "banks": [["scout", "scout"], []],
            "in_play": {"1": ("soldier_1", 1)}}
    state = table(options={"card_pool": own}, **hold)
    assert _offered(state, 1, {"type": "play", "card": "shield", "target": "1"})  # a Bolt could come in the response
    assert not _offered(state, 1, {"type": "play", "card": "rally", "target": "1"})  # +1/+0/+1: nothing reads it
    state = table(options={"card_pool": designer_pool()}, **{**hold, "hands": [["rally"], []]})
    assert not _offered(state, 1, {"type": "play", "card": "rally", "target": "1"})


def test_ruling_39_before_a_mission_a_boost_to_a_character_at_an_hq_is_offered():
    for phase in ("production", "mission"):
        state = table(phase=phase, hands=[["adrenaline"], []], banks=[["katana", "katana"], []],
                      in_play={"1": ("ninja_adept", 1), "9": ("dojo", 1), "2": ("sniper", 2)})
        assert _offered(state, 1, ADRENALINE) and _offered(state, 1, DOJO)
        assert _offered(state, 1, {**ADRENALINE, "target": "2"})  # the other player's, who may defend


def test_ruling_39_in_the_tricks_window_a_boost_counts_for_the_mission_only():
    state = _mission("tricks", {"1": "ninja_adept", "3": "fixer"}, {"2": "sniper"}, [("1", "2")],
                     in_play={"4": ("enforcer", 1)})
    assert _offered(state, 1, ADRENALINE) and _offered(state, 1, DOJO)  # in combat
    assert _offered(state, 1, {**DOJO, "target": "3"})  # unopposed, but its Skl counts at the check
    assert _offered(state, 1, {**ADRENALINE, "target": "3"})  # an Ambush may still hit it: its Def counts
    assert not _offered(state, 1, {**DOJO, "target": "4"}) and not _offered(state, 1, {**ADRENALINE, "target": "4"})  # at the HQ


def test_ruling_39_after_combat_damage_only_what_the_skill_check_reads_is_offered():
    state = _mission("before_check", {"1": "ninja_adept"}, {"2": "sniper"}, [("1", "2")],
                     options={"windows": "before-skill-check"}, in_play={"4": ("enforcer", 1)})
    assert _offered(state, 1, DOJO) and not _offered(state, 1, {**DOJO, "target": "4"})


def test_ruling_39_a_modifier_replacing_a_copy_of_itself_is_refused_and_not_offered():
    state = table(phase="deploy", hands=[["katana", "disguise"], []], banks=[["katana", "sniper", "fixer"], []],
                  in_play={"1": ("ninja_adept", 1), "2": ("sniper", 1)}, modifiers={"1": ["katana"]})
    offered = [c for c in RULES.legal_commands(state, 1) if c["type"] == "play"]
    assert {"type": "play", "card": "katana", "target": "1"} not in offered
    assert {"type": "play", "card": "katana", "target": "2"} in offered
    assert {"type": "play", "card": "disguise", "target": "1"} in offered
    _refused(state, 1, {"type": "play", "card": "katana", "target": "1"},
             "Katana would change nothing: on #1 it would only replace a copy of itself")
    facts, state = act(_allowed(state), 1, {"type": "play", "card": "katana", "target": "1"})
    assert ModifierRemoved(uid="1", card="katana", to="discard") in facts and state.in_play["1"]["modifiers"] == ["katana"]


def test_ruling_39_a_modifier_that_is_not_kept_is_refused():
    state = table(phase="deploy", hands=[["body_armor"], []], banks=[["fixer"], []], in_play={"1": ("sniper", 1)},
                  modifiers={"1": ["katana"]}, options={"modifier_limit": "one"})
    armor = {"type": "play", "card": "body_armor", "target": "1"}
    assert _offered(state, 1, armor)  # kept, it takes the Katana's place
    _refused(state, 1, {**armor, "keep": "old"}, "Body Armor would change nothing: #1 would keep the modifier it holds")
