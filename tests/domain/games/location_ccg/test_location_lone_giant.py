"""Location CCG: Giant X (LC-69, "This character opposes x characters, and must be opposed by x
characters") when its side has no other character left out of combat — a lone defending Colossus (Giant
2) opposes two challengers, not one, and a designer's Titan (Giant 3) three (ruling 21) — and rules v1,
kept for the games recorded under them, which ended the pairing after its first opposition (and accepted
a play that changes nothing, ruling 39): such a game goes on, replays and audits under v1."""

from __future__ import annotations

import pytest
from designer_pool import pool as designer_pool
from location_table import DOCKS, act, refuse, table
from scenarios import act_with

from domain.engine import registry
from domain.engine.errors import IllegalCommand
from domain.engine.game import Game
from domain.games.location_ccg import EARLIER
from domain.games.location_ccg import RULESET as RULES
from domain.games.location_ccg.facts import DamageDealt, Opposed, PhaseBegan
from domain.keeping.service import GameService
from domain.keeping.store import store_env
from replays.audit import audit

[V1] = EARLIER
PASS = {"type": "pass"}


def _pairing(attackers, defenders, options=None):
    """Step 3 at Docks: seat 1's attackers and seat 2's defenders (``{uid: card}``) there, seat 1 to
    choose a challenger."""
    in_play = {uid: (card, 1, DOCKS) for uid, card in attackers.items()}
    in_play |= {uid: (card, 2, DOCKS) for uid, card in defenders.items()}
    return table(phase="challenge", in_play=in_play, options=options,
                 mission={"location": DOCKS, "attackers": list(attackers), "defenders": list(defenders)})


def _moves(state, *moves, rules=RULES):
    """Each (seat, command type, character) in turn; the last command's facts and the state after."""
    facts = []
    for seat, kind, uid in moves:
        facts, state = act_with(rules, state, seat, {"type": kind, "character": uid} if uid else {"type": kind})
    return facts, state


def test_keyword_giant_a_lone_defending_giant_2_opposes_both_of_two_challengers():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept"}, {"4": "colossus"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="challenge", seat=1)]  # the attacker challenges again
    assert RULES.legal_commands(state, 1) == [{"type": "challenge", "character": "2"}]
    facts, state = act(state, 1, {"type": "challenge", "character": 2})
    assert RULES.to_act(state) == [2] and RULES.legal_commands(state, 2) == [{"type": "oppose", "character": "4"}]
    facts, state = act(state, 2, {"type": "oppose", "character": 4})
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    assert state.mission["pairs"] == [{"seat": 1, "challenger": "1", "opposers": ["4"]},
                                      {"seat": 1, "challenger": "2", "opposers": ["4"]}]


def test_keyword_giant_a_lone_defending_giant_2_fights_both_challengers_at_once():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept"}, {"4": "colossus"})
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (1, "challenge", "2"), (2, "oppose", "4"),
                   (1, "pass", None))[1]
    facts, state = act(state, 2, PASS)
    blows = {fact.uid: fact.amount for fact in facts if isinstance(fact, DamageDealt)}
    assert blows == {"1": 2, "2": 3, "4": 6}  # its Atk 5 split, lethal 2 first; each Ninja's 3 on its Def 6
    assert "1" not in state.in_play and "2" not in state.in_play and "4" not in state.in_play


def test_keyword_giant_a_lone_defending_giant_2_against_three_challengers_leaves_the_third_unopposed():
    state = _pairing({"1": "ninja_adept", "2": "sniper", "3": "fixer"}, {"4": "colossus"})
    facts, state = _moves(state, (1, "challenge", "3"), (2, "oppose", "4"), (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]  # it opposes 2, no more
    assert state.free(1) == ["2"]
    assert [pair["challenger"] for pair in state.mission["pairs"]] == ["3", "1"]


def test_keyword_giant_a_lone_defending_giant_3_opposes_three_challengers_and_no_fourth():
    own = {"card_pool": designer_pool()}
    attackers = {"1": "soldier_1", "2": "soldier_2", "3": "scout", "5": "soldier_3"}
    state = _pairing(attackers, {"4": "titan"}, options=own)
    state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (1, "challenge", "2"), (2, "oppose", "4"))[1]
    assert state.phase == "challenge" and RULES.to_act(state) == [1]  # the Titan opposes two of three so far
    facts, state = _moves(state, (1, "challenge", "3"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    assert [pair["challenger"] for pair in state.mission["pairs"]] == ["1", "2", "3"] and state.free(1) == ["5"]
    state = _moves(state, (1, "pass", None))[1]
    facts, state = act(state, 2, PASS)
    blows = {fact.uid: fact.amount for fact in facts if isinstance(fact, DamageDealt)}
    assert blows == {"1": 2, "2": 2, "3": 2, "4": 5}  # Atk 6 split, lethal 2 each (the Scout's Def 1 takes the rest)
    assert set(state.in_play) == {"4", "5"}


def test_keyword_giant_an_attacking_giant_left_alone_opposes_the_defenders_next_challenger():
    """The attacker's Colossus opposed once and its Ninja is in combat: the defender, with one character
    still out of combat, challenges again and the Colossus opposes it."""
    state = _pairing({"1": "ninja_adept", "2": "colossus"}, {"4": "fixer", "5": "phoenix_monk", "6": "ninja_adept"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"))
    assert facts == [Opposed(seat=1, uid="2"), PhaseBegan(phase="challenge", seat=2)]
    facts, state = _moves(state, (2, "challenge", "6"))
    assert RULES.legal_commands(state, 1) == [{"type": "oppose", "character": "2"}]
    facts, state = _moves(state, (1, "oppose", "2"))
    assert facts == [Opposed(seat=1, uid="2"), PhaseBegan(phase="tricks", seat=1)]


def test_ruling_19_without_a_giant_the_pairing_ends_when_the_side_to_challenge_has_no_one_left():
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept"}, {"4": "enforcer"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"))
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]
    with pytest.raises(IllegalCommand):
        refuse(state, 1, {"type": "challenge", "character": 2})


def test_rules_v1_ended_the_pairing_after_a_lone_giants_first_opposition():
    assert V1.version == 1 and RULES.version == 2 and registry.get("location-ccg", 1) is V1
    state = _pairing({"1": "ninja_adept", "2": "ninja_adept"}, {"4": "colossus"})
    facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), rules=V1)
    assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]


def test_rules_v1_decide_as_v2_where_a_giant_has_company():
    """The Colossus opposes twice in both versions when its side still has a character to challenge with."""
    for rules in (V1, RULES):
        state = _pairing({"1": "ninja_adept", "2": "ninja_adept", "3": "fixer"}, {"4": "colossus", "5": "phoenix_monk"})
        facts, state = _moves(state, (1, "challenge", "1"), (2, "oppose", "4"), (2, "challenge", "5"), (1, "oppose", "2"),
                              (1, "challenge", "3"), (2, "oppose", "4"), rules=rules)
        assert facts == [Opposed(seat=2, uid="4"), PhaseBegan(phase="tricks", seat=1)]


def test_a_game_recorded_under_rules_v1_goes_on_replays_and_audits_under_v1():
    """Its random bots made a play that changes nothing, which v1 accepts and v2 refuses (ruling 39)."""
    service = GameService(env=store_env(None))
    game = Game.start(V1, ["Ann", "Ben"], V1.resolve_options({"turn_limit": 12}), "v1-1", salt="5eed" * 8)
    service.save(game)
    for _ in service.play_bots(game.id, bot_seed=1):
        pass
    assert service.game(game.id).rules is V1 and service.status(game.id)["status"] == "over"
    report = audit(service, game.id)
    assert report.clean, report.problems
    [note] = [note for note in report.notes if "played under rules v1" in note]
    assert "the current rules v2 would decide differently" in note and "Training Dojo would change nothing" in note
    state = V1.new_state(2, dict(service.game(game.id).options))
    for event in service.events.get(game.id):
        if hasattr(event, "as_fact"):
            state = V1.evolve(state, event.as_fact())
    assert state == service.game(game.id).state
