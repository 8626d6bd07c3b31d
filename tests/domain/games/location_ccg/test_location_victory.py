"""Location CCG: the end of a mission and winning — the skill check (LC-57, rulings 18 and 28), victory
point tokens and won locations (LC-58, ruling 29), the majority of the locations that wins the game
(LC-59), the characters that stay at the location until their owner's next begin phase (ruling 18), and the
endings the players choose (ruling 40)."""

from __future__ import annotations

import pytest
from location_table import CASINO, DOCKS, DOWNTOWN, SEATS, act, refuse, table

from chosen_endings import check_chosen_endings
from domain.engine.errors import IllegalCommand
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import (
    CharactersReturned,
    DamageDealt,
    GameEnded,
    LocationWon,
    MissionEnded,
    Passed,
    PhaseBegan,
    SkillChecked,
    TurnBegan,
    TurnEnded,
    VictoryTokenPlaced,
)

PASS = {"type": "pass"}


def _before_combat(location, attackers, defenders=None, pairs=(), others=None, **given):
    """The tricks window of seat 1's mission at ``location``: ``attackers`` and ``defenders`` are
    ``{uid: card}`` there, ``pairs`` (challenger, opposer) uids, ``others`` more cards in play."""
    in_play = {uid: (card, 1, location) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, location) for uid, card in (defenders or {}).items()} | (others or {})
    mission = {"location": location, "attackers": list(attackers), "defenders": list(defenders or {}),
               "pairs": [{"seat": 1 if c in attackers else 2, "challenger": c, "opposers": [o]} for c, o in pairs]}
    return table(phase="tricks", in_play=in_play, mission=mission, **given)


def _fight(state):
    """Both players pass the tricks window: combat damage, then the skill check."""
    return act(act(state, 1, PASS)[1], 2, PASS)


# -- the skill check (LC-57, ruling 28) ------------------------------------------------------------------


@pytest.mark.parametrize(("location", "attackers", "attack", "needed", "success"), [
    (DOWNTOWN, {"1": "fixer", "2": "fixer"}, 6, 2, True),
    (DOWNTOWN, {"1": "fixer", "2": "ninja_adept", "3": "ninja_adept"}, 5, 2, True),  # 5 - 3 = 2: just enough
    (CASINO, {"1": "fixer", "2": "ninja_adept"}, 4, 2, False),
    (DOCKS, {"1": "fixer"}, 3, 1, False),
])
def test_rule_lc_57_the_attackers_skill_less_the_defenders_at_least_the_locations_places_a_token(
        location, attackers, attack, needed, success):
    state = _before_combat(location, attackers, {"4": "fixer"}, pairs=[("1", "4")])  # 1 damage each: both live
    facts, state = _fight(state)
    check = SkillChecked(seat=1, location=location, attack=attack, defense=3, needed=needed, success=success)
    token = [VictoryTokenPlaced(seat=1, location=location)] if success else []
    blows = [DamageDealt(uid="4", amount=1, source="combat"), DamageDealt(uid="1", amount=1, source="combat")]
    assert facts == [Passed(seat=2), *blows, check, *token, MissionEnded(location=location),
                     PhaseBegan(phase="deploy", seat=1)]
    assert state.locations[location]["tokens"] == {"1": int(success), "2": 0}


def test_rule_lc_57_only_the_characters_remaining_at_the_location_count():
    state = _before_combat(DOCKS, {"1": "ninja_adept", "2": "fixer"}, {"4": "ninja_adept"}, pairs=[("2", "4")])
    facts, state = _fight(state)  # the Ninja deals 3 to the Fixer (Def 2): destroyed; the Fixer's 1 leaves it alive
    assert "2" not in state.in_play and state.in_play["4"]["damage"] == 1
    assert SkillChecked(seat=1, location=DOCKS, attack=1, defense=1, needed=1, success=False) in facts


def test_ruling_28_the_skill_total_is_the_current_skill_with_modifiers_and_boosts():
    state = _before_combat(DOCKS, {"1": "ninja_adept"}, others={"5": ("fixer", 2, DOCKS)},
                           modifiers={"1": ["disguise"]}, boost={"1": [0, 0, 1]})
    facts, state = _fight(state)  # Skl 1 + 2 (Disguise Kit) + 1 (boost) = 4, less the Fixer's 3
    assert facts[1:3] == [SkillChecked(seat=1, location=DOCKS, attack=4, defense=3, needed=1, success=True),
                          VictoryTokenPlaced(seat=1, location=DOCKS)]


def test_ruling_28_characters_elsewhere_do_not_count():
    state = _before_combat(DOCKS, {"1": "ninja_adept"}, others={"5": ("fixer", 2, DOWNTOWN), "6": ("fixer", 2),
                                                                 "7": ("fixer", 1)})
    facts, state = _fight(state)
    assert facts[1] == SkillChecked(seat=1, location=DOCKS, attack=1, defense=0, needed=1, success=True)


# -- who stays at the location (ruling 18) ----------------------------------------------------------------


def test_ruling_18_characters_left_at_a_location_count_at_its_skill_checks():
    state = table(current=2, phase="mission", in_play={"1": ("fixer", 1, DOCKS), "2": ("ninja_adept", 2)})
    facts, state = act(state, 2, {"type": "attack", "location": 1, "characters": [2]})
    assert facts[-1] == PhaseBegan(phase="tricks", seat=2)  # the Fixer cannot defend: no defenders step
    facts, state = act(act(state, 2, PASS)[1], 1, PASS)
    assert facts[1] == SkillChecked(seat=2, location=DOCKS, attack=1, defense=3, needed=1, success=False)


def test_ruling_18_every_character_of_the_mission_stays_there_until_its_owners_next_begin_phase():
    state = table(phase="challenge", in_play={"1": ("fixer", 1, DOCKS), "2": ("fixer", 1, DOCKS), "4": ("fixer", 2, DOCKS)},
                  mission={"location": DOCKS, "attackers": ["1", "2"], "defenders": ["4"]})
    state = act(act(state, 1, {"type": "challenge", "character": 1})[1], 2, {"type": "oppose", "character": 4})[1]
    state = _fight(state)[1]
    assert state.phase == "deploy" and {state.in_play[uid]["at"] for uid in ("1", "2", "4")} == {DOCKS}
    facts, state = act(act(state, 1, PASS)[1], 2, PASS)
    assert facts == [TurnEnded(seat=1), TurnBegan(seat=2, turn=2), CharactersReturned(seat=2, characters=["4"]),
                     PhaseBegan(phase="production", seat=2)]
    assert state.in_play["1"]["at"] == state.in_play["2"]["at"] == DOCKS  # the unopposed one too
    for seat in (2, 2, 2, 1):  # seat 2: production, mission and deploy passed; seat 1's response
        facts, state = act(state, seat, PASS)
    assert facts == [TurnEnded(seat=2), TurnBegan(seat=1, turn=3), CharactersReturned(seat=1, characters=["1", "2"]),
                     PhaseBegan(phase="production", seat=1)]
    assert [state.in_play[uid]["at"] for uid in ("1", "2", "4")] == ["hq", "hq", "hq"]


# -- won locations (LC-58, ruling 29) and the game (LC-59) -----------------------------------------------


def test_rule_lc_58_tokens_reaching_the_vp_win_the_location_and_all_its_tokens_go():
    state = _before_combat(DOWNTOWN, {"1": "fixer"}, tokens={DOWNTOWN: {1: 1, 2: 1}})
    facts, state = _fight(state)  # Downtown: Skl 2, VP 2
    assert facts == [Passed(seat=2), SkillChecked(seat=1, location=DOWNTOWN, attack=3, defense=0, needed=2, success=True),
                     VictoryTokenPlaced(seat=1, location=DOWNTOWN), LocationWon(seat=1, location=DOWNTOWN),
                     MissionEnded(location=DOWNTOWN), PhaseBegan(phase="deploy", seat=1)]
    assert state.locations[DOWNTOWN]["won_by"] == 1 and state.locations[DOWNTOWN]["tokens"] == {"1": 0, "2": 0}
    assert state.won(1) == 1 and state.phase == "deploy"


@pytest.mark.parametrize(("seat", "won_by"), [(1, 1), (1, 2), (2, 1)])
def test_rule_lc_58_no_attack_may_be_declared_against_a_won_location(seat, won_by):
    state = table(current=seat, phase="mission", won={DOWNTOWN: won_by}, in_play={"1": ("fixer", seat)})
    assert [c for c in RULES.legal_commands(state, seat) if c["type"] == "attack"] == [
        {"type": "attack", "location": 1}, {"type": "attack", "location": 2}]
    before = state.copy()
    with pytest.raises(IllegalCommand):
        refuse(state, seat, {"type": "attack", "location": 3, "characters": [1]})
    assert state == before


def test_ruling_29_each_players_tokens_count_on_their_own():
    state = _before_combat(DOCKS, {"1": "fixer"}, tokens={DOCKS: {1: 1, 2: 2}})
    facts, state = _fight(state)  # Docks: VP 3; 2 + 2 tokens make no 3
    assert VictoryTokenPlaced(seat=1, location=DOCKS) in facts and not [f for f in facts if isinstance(f, LocationWon)]
    assert state.locations[DOCKS]["tokens"] == {"1": 2, "2": 2} and state.locations[DOCKS]["won_by"] == 0
    assert state.tokens(1) == 2 and state.tokens(2) == 2


def test_rule_lc_59_a_second_location_won_wins_the_game_at_once():
    state = _before_combat(DOWNTOWN, {"1": "fixer"}, won={DOCKS: 1}, tokens={DOWNTOWN: {1: 1}})
    facts, state = _fight(state)
    assert facts[2:4] == [VictoryTokenPlaced(seat=1, location=DOWNTOWN), LocationWon(seat=1, location=DOWNTOWN)]
    assert len(facts) == 5 and isinstance(facts[4], GameEnded) and facts[4].winners == [1]
    assert state.phase == "over" and state.winners == [1] and state.mission is None and RULES.to_act(state) == []


def test_rule_lc_59_one_location_each_is_no_majority():
    state = _before_combat(DOWNTOWN, {"1": "fixer"}, won={CASINO: 2}, tokens={DOWNTOWN: {1: 1}})
    facts, state = _fight(state)
    assert facts[-3:] == [LocationWon(seat=1, location=DOWNTOWN), MissionEnded(location=DOWNTOWN),
                          PhaseBegan(phase="deploy", seat=1)]
    assert state.phase == "deploy" and state.winners == []


# -- ending by the players' choice (ruling 40) ------------------------------------------------------


def test_ruling_40_a_player_may_resign_and_the_other_wins_agree_a_draw_or_abort_before_both_have_played(service):
    check_chosen_endings(service, RULES.name, SEATS, "5eed" * 8, resigner=1, winners=[2])
