"""Location CCG: the rulings a designer can switch, each on and off — modifiers per character (ruling 9),
who stays at the location (ruling 18), Long Range (ruling 22), the windows for surprises and abilities
(ruling 24) and what a skill check counts (ruling 28) — that games recorded before these options play
as today, that a bad value is refused, and that bots play and think under each."""

from __future__ import annotations

import pytest
from bot_matches import play_checking_bots
from location_table import DOCKS, act, refuse, table

from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg import bots
from domain.games.location_ccg.cards import covers, parse_cost
from domain.games.location_ccg.facts import (
    CardLeftPlay,
    CardPlayed,
    CharactersReturned,
    DamageDealt,
    MissionEnded,
    ModifierRemoved,
    Opposed,
    Passed,
    PhaseBegan,
    ResourcesSpent,
    SkillChecked,
    TurnEnded,
)

NEW_OPTIONS = ("long_range", "windows", "stay_at_location", "skill_count", "modifier_limit", "cost_unit")
DEFAULTS = {"long_range": "paired", "windows": "fixed", "stay_at_location": "all", "skill_count": "all-there",
            "modifier_limit": "one-per-type", "cost_unit": "points"}
PASS = {"type": "pass"}


def _recorded_before(state):
    """The state as a game recorded before the new options left it: none of their keys in its options."""
    state = state.copy()
    state.options = {key: value for key, value in state.options.items() if key not in NEW_OPTIONS}
    return state


def _mission(attackers, defenders, pairs=(), phase="tricks", options=None, **given):
    """Seat 1's mission at Docks: ``attackers`` and ``defenders`` are ``{uid: card}`` there, ``pairs``
    (challenger, opposer) uids in pairing order."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()}
    in_play |= given.pop("in_play", {})
    mission = {"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders),
               "pairs": [{"seat": 1 if c in attackers else 2, "challenger": c, "opposers": [o]} for c, o in pairs]}
    return table(phase=phase, in_play=in_play, mission=mission, options=options, **given)


def _moves(state, *moves):
    """Each (seat, command) in turn; every fact and the state after."""
    every = []
    for seat, command in moves:
        facts, state = act(state, seat, command)
        every += facts
    return every, state


def _fight(state):
    """Both players pass the tricks window."""
    return _moves(state, (1, PASS), (2, PASS))


def test_the_new_options_default_to_the_rulings_of_today():
    options = RULES.resolve_options({})
    assert {key: options[key] for key in NEW_OPTIONS} == DEFAULTS
    schema = RULES.options_schema["properties"]
    assert all("ruling" in schema[key]["description"] for key in NEW_OPTIONS)


@pytest.mark.parametrize("bad", [{"long_range": "never"}, {"windows": "any-time"}, {"stay_at_location": "none"},
                                 {"skill_count": "attackers"}, {"modifier_limit": 2},
                                 {"cost_unit": "symbols"}])
def test_a_bad_value_of_a_new_option_is_refused(bad):
    with pytest.raises(InvalidSetup):
        RULES.resolve_options(bad)


# -- ruling 3: costs counted in points or in cards -------------------------------------------------------------


def _armor_from(bank, options=None):
    """Seat 1's deploy phase: a Body Armor (cost "2") in hand, a Sniper to put it on, the bank given."""
    return table(phase="deploy", hands=[["body_armor"], []], banks=[bank, []], in_play={"1": ("sniper", 1)}, options=options)


ARMOR = {"type": "play", "card": "body_armor", "target": "1"}


@pytest.mark.parametrize("options", [None, {"cost_unit": "points"}])
def test_ruling_03_a_two_symbol_card_pays_two_points(options):
    state = _armor_from(["fixer"], options)  # the Fixer's row is "$$"
    assert ARMOR in RULES.legal_commands(state, 1)
    facts, state = act(state, 1, ARMOR)
    assert facts[0] == ResourcesSpent(seat=1, cards=["fixer"], purpose="body_armor")


def test_ruling_03_with_cost_unit_cards_a_cost_takes_as_many_cards_as_it_has_points():
    state = _armor_from(["fixer"], {"cost_unit": "cards"})
    assert ARMOR not in RULES.legal_commands(state, 1)
    with pytest.raises(IllegalCommand, match="2 cards, each typed symbol on a card of its own"):
        refuse(state, 1, {**ARMOR, "pay": ["fixer"]})
    state = _armor_from(["fixer", "sniper", "enforcer"], {"cost_unit": "cards"})
    facts, state = act(state, 1, ARMOR)
    assert facts[0] == ResourcesSpent(seat=1, cards=["enforcer", "sniper"], purpose="body_armor")  # the Fixer kept
    assert state.player(1)["bank"] == ["fixer"]


def test_ruling_03_counted_in_cards_each_typed_symbol_needs_a_card_of_its_own():
    cost = parse_cost("2!!")
    assert covers(["ninja_adept", "katana", "fixer", "fixer"], cost, "cards")
    assert not covers(["ninja_adept", "fixer", "fixer", "fixer"], cost, "cards")
    assert covers(["ninja_adept", "fixer", "fixer"], parse_cost("1!"), "cards") and not covers(["fixer", "fixer"], parse_cost("1!"), "cards")


def test_ruling_03_the_bots_count_the_bank_as_the_option_does():
    points, cards = _armor_from(["fixer", "fixer"]), _armor_from(["fixer", "fixer"], {"cost_unit": "cards"})
    assert RULES.evaluate(points, 1) > RULES.evaluate(cards, 1)


def test_ruling_03_a_game_recorded_without_the_option_counts_points():
    state = _armor_from(["fixer"])
    assert act(_recorded_before(state), 1, ARMOR)[0] == act(state, 1, ARMOR)[0]


# -- ruling 9: modifiers per character ------------------------------------------------------------------------


def _armor_on_a_sniper_with_a_katana(options=None, keep=None):
    state = table(phase="deploy", hands=[["body_armor"], []], banks=[["fixer"], []], in_play={"1": ("sniper", 1)},
                  modifiers={"1": ["katana"]}, options=options)
    return state, {"type": "play", "card": "body_armor", "target": "1", **({"keep": keep} if keep else {})}


@pytest.mark.parametrize("options", [None, {"modifier_limit": "one-per-type"}])
def test_ruling_09_one_modifier_of_each_type_a_weapon_and_an_armor_stay_together(options):
    state, command = _armor_on_a_sniper_with_a_katana(options)
    facts, state = act(state, 1, command)
    assert not [fact for fact in facts if isinstance(fact, ModifierRemoved)]
    assert state.in_play["1"]["modifiers"] == ["katana", "body_armor"] and state.stat("1", 0) == 4


@pytest.mark.parametrize(("keep", "gone", "kept"), [(None, "katana", "body_armor"), ("old", "body_armor", "katana")])
def test_ruling_09_with_modifier_limit_one_a_second_modifier_of_any_type_discards_one(keep, gone, kept):
    state, command = _armor_on_a_sniper_with_a_katana({"modifier_limit": "one", "no_effect_plays": "allowed"}, keep)
    facts, state = act(state, 1, command)
    assert facts[-1] == ModifierRemoved(uid="1", card=gone, to="discard")
    assert state.in_play["1"]["modifiers"] == [kept] and gone in state.player(1)["discard"]


def test_ruling_09_a_game_recorded_without_the_option_keeps_one_of_each_type():
    state, command = _armor_on_a_sniper_with_a_katana()
    assert act(_recorded_before(state), 1, command)[0] == act(state, 1, command)[0]


# -- ruling 18: who stays at the location ---------------------------------------------------------------------


def _monk_unopposed(options=None):
    """Seat 1's Ninja Adept is opposed by an Enforcer, its Phoenix Monk unopposed; seat 2's Fixer defends
    unopposed too: the tricks window."""
    return _mission({"1": "ninja_adept", "2": "phoenix_monk"}, {"4": "enforcer", "5": "fixer"}, [("1", "4")],
                    options=options)


@pytest.mark.parametrize("options", [None, {"stay_at_location": "all"}])
def test_ruling_18_every_character_sent_stays_at_the_location(options):
    facts, state = _fight(_monk_unopposed(options))
    assert not [fact for fact in facts if isinstance(fact, CharactersReturned)]
    assert [state.in_play[uid]["at"] for uid in ("2", "4", "5")] == [DOCKS, DOCKS, DOCKS]


def test_ruling_18_with_stay_at_location_in_combat_the_unopposed_go_home_after_the_skill_check():
    facts, state = _fight(_monk_unopposed({"stay_at_location": "in-combat"}))
    checked = next(i for i, fact in enumerate(facts) if isinstance(fact, SkillChecked))
    assert facts[checked + 1:checked + 4] == [CharactersReturned(seat=1, characters=["2"]),
                                              CharactersReturned(seat=2, characters=["5"]),
                                              MissionEnded(location=DOCKS)]
    assert state.in_play["2"]["at"] == "hq" and state.in_play["5"]["at"] == "hq"
    assert state.in_play["4"]["at"] == DOCKS  # the Enforcer fought: it stays


def test_ruling_18_a_game_recorded_without_the_option_keeps_everyone_there():
    assert _fight(_recorded_before(_monk_unopposed()))[0] == _fight(_monk_unopposed())[0]


# -- ruling 22: Long Range ------------------------------------------------------------------------------------


def _sniper_opposes(options=None):
    """A Ninja Adept (3/2/1) challenges; a Sniper (2/1/1, Long Range) opposes it."""
    state = _mission({"1": "ninja_adept"}, {"4": "sniper"}, phase="challenge", options=options)
    return _moves(state, (1, {"type": "challenge", "character": "1"}), (2, {"type": "oppose", "character": "4"}))


@pytest.mark.parametrize("options", [None, {"long_range": "paired"}])
def test_ruling_22_a_long_range_opposer_strikes_at_once(options):
    facts, state = _sniper_opposes(options)
    assert facts[3:5] == [DamageDealt(uid="1", amount=2, source="long range"),
                          CardLeftPlay(uid="1", card="ninja_adept", owner=1, how="destroyed", to="void")]
    facts, state = _fight(state)
    assert "4" in state.in_play and state.in_play["4"]["damage"] == 0


def test_ruling_22_with_long_range_when_opposed_a_long_range_opposer_deals_normal_combat_damage():
    facts, state = _sniper_opposes({"long_range": "when-opposed"})
    assert facts[2:] == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    facts, state = _fight(state)
    assert facts[2:4] == [DamageDealt(uid="4", amount=3, source="combat"), DamageDealt(uid="1", amount=2, source="combat")]
    assert "1" not in state.in_play and "4" not in state.in_play  # they strike each other at the same time


@pytest.mark.parametrize("value", ["paired", "when-opposed"])
def test_ruling_22_a_long_range_challenger_strikes_at_once_under_both_values(value):
    state = _mission({"1": "sniper"}, {"4": "ninja_adept"}, phase="challenge", options={"long_range": value})
    facts, state = _moves(state, (1, {"type": "challenge", "character": "1"}), (2, {"type": "oppose", "character": "4"}))
    assert DamageDealt(uid="4", amount=2, source="long range") in facts and "4" not in state.in_play
    facts, state = _fight(state)
    assert not [fact for fact in facts if isinstance(fact, DamageDealt)]


def test_ruling_22_a_game_recorded_without_the_option_strikes_when_paired():
    state = _mission({"1": "ninja_adept"}, {"4": "sniper"}, phase="challenge")
    moves = ((1, {"type": "challenge", "character": "1"}), (2, {"type": "oppose", "character": "4"}))
    assert _moves(_recorded_before(state), *moves)[0] == _moves(state, *moves)[0]


# -- ruling 24: windows for surprises and abilities -----------------------------------------------------------


def _arrest_window(options=None):
    """Seat 1's Ninja Adept is opposed by an Enforcer (and dies), its Phoenix Monk (Skl 2) is unopposed at
    Docks (Skl 1) against the Enforcer's Skl 1: the skill check succeeds unless the Monk goes. Seat 2
    holds an Arrest it can pay for."""
    return _mission({"1": "ninja_adept", "2": "phoenix_monk"}, {"4": "enforcer"}, [("1", "4")], options=options,
                    hands=[[], ["arrest"]], banks=[[], ["enforcer", "street_thug", "sniper"]])


ARREST_MONK = {"type": "play", "card": "arrest", "target": "2"}


@pytest.mark.parametrize("options", [None, {"windows": "fixed"}])
def test_ruling_24_the_skill_check_follows_combat_damage_at_once(options):
    facts, state = _fight(_arrest_window(options))
    assert SkillChecked(seat=1, location=DOCKS, attack=2, defense=1, needed=1, success=True) in facts


def test_ruling_24_with_windows_before_skill_check_both_players_may_play_after_combat_damage():
    facts, state = _fight(_arrest_window({"windows": "before-skill-check"}))
    assert facts[-1] == PhaseBegan(phase="before_check", seat=1) and not [f for f in facts if isinstance(f, SkillChecked)]
    facts, state = act(state, 1, PASS)
    assert facts == [Passed(seat=1)] and RULES.to_act(state) == [2] and ARREST_MONK in RULES.legal_commands(state, 2)
    facts, state = act(state, 2, ARREST_MONK)
    assert CardPlayed(seat=2, card="arrest", uid="", target="2") in facts and RULES.to_act(state) == [1]
    assert state.player(1)["hand"] == ["phoenix_monk"]  # KO'd, Recur: back to its owner's hand
    facts, state = _moves(state, (1, PASS), (2, PASS))
    assert SkillChecked(seat=1, location=DOCKS, attack=0, defense=1, needed=1, success=False) in facts


def test_ruling_24_with_windows_own_turn_the_tricks_window_is_the_active_players_alone():
    state = _arrest_window({"windows": "own-turn"})
    facts, state = act(state, 1, PASS)  # one pass ends it: combat damage follows
    assert facts[:2] == [Passed(seat=1), DamageDealt(uid="4", amount=3, source="combat")]
    assert SkillChecked(seat=1, location=DOCKS, attack=2, defense=1, needed=1, success=True) in facts
    fixed = act(_arrest_window(), 1, PASS)[1]
    assert RULES.to_act(fixed) == [2] and ARREST_MONK in RULES.legal_commands(fixed, 2)


def test_ruling_24_with_windows_own_turn_a_play_keeps_the_say_with_the_active_player():
    state = _mission({"1": "ninja_adept"}, {"4": "ninja_adept"}, [("1", "4")], options={"windows": "own-turn"},
                     hands=[["adrenaline", "adrenaline"], []], banks=[["katana", "katana"], []])
    facts, state = act(state, 1, {"type": "play", "card": "adrenaline", "target": "1"})
    assert RULES.to_act(state) == [1] and state.phase == "tricks"


@pytest.mark.parametrize(("windows", "other_may_play"), [("fixed", True), ("own-turn", False)])
def test_ruling_24_the_defenders_step_is_a_window_for_the_other_player_unless_own_turn(windows, other_may_play):
    state = table(phase="mission", in_play={"1": ("ninja_adept", 1), "4": ("fixer", 2)}, options={"windows": windows},
                  hands=[[], ["adrenaline"]], banks=[[], ["katana"]])
    state = act(state, 1, {"type": "attack", "location": 1, "characters": [1]})[1]
    assert state.phase == "defenders"
    plays = [command for command in RULES.legal_commands(state, 2) if command["type"] == "play"]
    assert bool(plays) == other_may_play


@pytest.mark.parametrize(("windows", "after"), [("fixed", PhaseBegan(phase="response", seat=2)), ("own-turn", TurnEnded(seat=1))])
def test_ruling_24_the_response_window_opens_unless_own_turn(windows, after):
    state = table(phase="deploy", hands=[[], ["adrenaline"]], banks=[[], ["katana"]], in_play={"4": ("fixer", 2)},
                  options={"windows": windows})
    facts, state = act(state, 1, PASS)
    assert facts[0] == after


def test_ruling_24_a_game_recorded_without_the_option_has_the_fixed_windows():
    assert _fight(_recorded_before(_arrest_window()))[0] == _fight(_arrest_window())[0]
    deploy = table(phase="deploy", hands=[[], ["adrenaline"]], banks=[[], ["katana"]])
    assert act(_recorded_before(deploy), 1, PASS)[0] == [PhaseBegan(phase="response", seat=2)]


# -- ruling 28: what a skill check counts ---------------------------------------------------------------------


def _monk_against_a_fixer_left_there(options=None):
    """Seat 1's Phoenix Monk (Skl 2) attacks Docks (Skl 1) unopposed; seat 2's Fixer (Skl 3) is still there
    from its own attack, not a defender."""
    return _mission({"1": "phoenix_monk"}, {}, options=options, in_play={"6": ("fixer", 2, DOCKS)})


@pytest.mark.parametrize("options", [None, {"skill_count": "all-there"}])
def test_ruling_28_every_character_at_the_location_counts(options):
    state = _monk_against_a_fixer_left_there(options)
    assert bots._prospect(state) == 0
    facts, state = _fight(state)
    assert SkillChecked(seat=1, location=DOCKS, attack=2, defense=3, needed=1, success=False) in facts


def test_ruling_28_with_skill_count_parties_only_the_missions_parties_count():
    state = _monk_against_a_fixer_left_there({"skill_count": "parties"})
    assert bots._prospect(state) > 0  # the bots' evaluation counts as the rules do
    assert RULES.evaluate(state, 1) > RULES.evaluate(_monk_against_a_fixer_left_there(), 1)
    facts, state = _fight(state)
    assert SkillChecked(seat=1, location=DOCKS, attack=2, defense=0, needed=1, success=True) in facts


def test_ruling_28_a_game_recorded_without_the_option_counts_everyone_there():
    state = _monk_against_a_fixer_left_there()
    assert _fight(_recorded_before(state))[0] == _fight(state)[0]


# -- bots under the options ---------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [
    {"long_range": "when-opposed", "windows": "before-skill-check", "stay_at_location": "in-combat", "turn_limit": 14},
    {"windows": "own-turn", "skill_count": "parties", "modifier_limit": "one", "cost_unit": "cards", "turn_limit": 14},
])
def test_bots_play_and_think_under_the_switched_rulings(options):
    """A game to its end by a random bot and a greedy one; every few positions the determinization keeps
    what the seat sees, and the evaluation is a number in [0, 1]."""
    game = play_checking_bots(RULES, options)
    assert all(game.state.options[key] == value for key, value in options.items())
