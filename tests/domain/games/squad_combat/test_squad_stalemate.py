"""Squad Combat, ruling 18: a game whose squads can no longer hurt each other ends when the turn ends: when
at most one squad can still hurt another (option ``stalemate: one-sided``, the default; the squad that can
still hurt wins, or with ``stalemate_winner`` the standing or no one), or only when none can (``mutual``;
the most characters alive then the most HP left win); it plays on to the
turn limit with ``stalemate: play-on`` and in games recorded under rules v1. "Can no longer hurt" is
exact: no attack card within a squad's reach (hand, deck, a discard pile that comes back, its cards under
a living enemy that a heal could take off) that one of its living characters could ever perform."""

from __future__ import annotations

import pytest
from squad_table import RULES, SEATS, act, kinds, table

from domain.games.squad_combat import EARLIER
from domain.games.squad_combat.facts import GameEnded, PlayerPassed, TurnEnded
from domain.games.squad_combat.stalemate import can_hurt, stalemate_reason, stalemated

PASS = {"type": "pass"}
NO_ATTACKS = ["dodge", "brace", "second_wind", "taunt"]
"""A deck with no attack card in it."""
REASON = ("a stalemate (turn 3): no squad has an attack left that one of its living characters could ever perform; "
          "the most characters alive, then the most HP left")
ONE_SIDED = ("a one-sided stalemate (turn 3): only seat {}'s squad has an attack left that one of its living characters "
             "could ever perform, and no other can hurt it; ")
BY_STANDING = ONE_SIDED + "the most characters alive, then the most HP left"
BY_ABLE = ONE_SIDED + "the squad that can still hurt wins: it alone could still be the last with characters alive"


def _spent(options=None, **changes):
    """Turn 3, seat 1 to act: neither squad holds an attack anywhere, seat 2's Jimbo is dead."""
    given = {"hands": [[], []], "decks": [NO_ATTACKS, NO_ATTACKS], "discards": [["mend"], ["triage"]],
             "dead": [(2, 1)], **changes}
    return table(options=options, turn=3, **given)


def _end_turn(state):
    """Both players pass: the facts of the second pass, and the state after."""
    state = act(state, 1, PASS)[1]
    return act(state, 2, PASS)


def test_ruling_18_a_game_whose_squads_can_no_longer_hurt_each_other_ends_when_the_turn_ends():
    facts, state = _end_turn(_spent())
    assert facts == [PlayerPassed(seat=2), TurnEnded(turn=3, recharged=True), GameEnded(winners=[1], reason=REASON)]
    assert RULES.outcome(state).winners == [1] and state.phase == "over"
    assert RULES.describe(facts[-1], SEATS) == f"Ann wins: {REASON}."


def test_ruling_18_a_stalemate_is_won_by_the_most_characters_alive_then_the_most_hp_left_or_drawn():
    # three characters each; red's HP are 16 + 12 + 13 = 41, blue's 13 + 12 + 15 = 40
    assert _end_turn(_spent(dead=[]))[0][-1] == GameEnded(winners=[1], reason=REASON)
    unhealed = {"dead": [], "discards": [[], []]}  # no Mend for the Medic: a Jab under the Bruiser stays there
    facts = _end_turn(_spent(wounds={(1, 1): [("jab", 2, 2)]}, **unhealed))[0]
    assert facts[-1] == GameEnded(winners=[2], reason=REASON)
    facts = _end_turn(_spent(wounds={(1, 1): [("jab", 1, 2)]}, **unhealed))[0]
    assert facts[-1] == GameEnded(winners=[], reason=REASON)


def test_ruling_18_with_the_option_stalemate_play_on_the_game_goes_on_to_the_turn_limit():
    facts, state = _end_turn(_spent({"stalemate": "play-on"}))
    assert kinds(facts) == ["PlayerPassed", "TurnEnded"] and state.phase == "discard"
    facts = _end_turn(_spent({"stalemate": "play-on", "turn_limit": 3}))[0]
    assert facts[-1].reason.startswith("the turn limit (3 turns)")


def test_ruling_18_games_recorded_under_rules_v1_play_on():
    v1, _ = EARLIER
    assert v1.version == 1 and RULES.version == 3
    assert v1.resolve_options({})["stalemate"] == "play-on" and RULES.resolve_options({})["stalemate"] == "one-sided"
    state = _spent()
    state.options = {key: value for key, value in state.options.items() if key != "stalemate"}  # stored before it
    assert kinds(_end_turn(state)[0]) == ["PlayerPassed", "TurnEnded"]


def test_ruling_18_no_stalemate_while_a_squad_holds_an_attack_in_hand_or_deck():
    assert not stalemated(_spent(hands=[["strike"], []]))
    assert not stalemated(_spent(decks=[NO_ATTACKS, [*NO_ATTACKS, "jab"]]))
    mutual = {"stalemate": "mutual"}
    assert kinds(_end_turn(_spent(mutual, hands=[["strike"], []]))[0]) == ["PlayerPassed", "TurnEnded"]


def test_ruling_18_one_sided_the_game_ends_when_only_one_squad_can_still_hurt_another():
    facts = _end_turn(_spent(hands=[["strike"], []]))[0]  # red holds a Strike, blue no attack
    assert facts[1:] == [TurnEnded(turn=3, recharged=True), GameEnded(winners=[1], reason=BY_ABLE.format(1))]


def test_ruling_18_one_sided_the_squad_that_can_still_hurt_wins_by_default_as_the_texts_object_says():
    # blue can still hurt but has lost its Jimbo; red cannot, with three alive: blue alone can still be the last standing
    facts = _end_turn(_spent(decks=[NO_ATTACKS, [*NO_ATTACKS, "jab"]]))[0]
    assert facts[-1] == GameEnded(winners=[2], reason=BY_ABLE.format(2))


@pytest.mark.parametrize(("decided", "winners", "said"), [("standing", [1], BY_STANDING), ("draw", [], ONE_SIDED + "a draw")])
def test_ruling_18_option_stalemate_winner_the_standing_or_a_draw_decides_a_one_sided_stalemate(decided, winners, said):
    facts = _end_turn(_spent({"stalemate_winner": decided}, decks=[NO_ATTACKS, [*NO_ATTACKS, "jab"]]))[0]
    assert facts[-1] == GameEnded(winners=winners, reason=said.format(2))


def test_ruling_18_games_recorded_under_rules_v2_are_decided_by_the_standing():
    _, v2 = EARLIER
    assert v2.version == 2 and v2.resolve_options({})["stalemate_winner"] == "standing"
    state = _spent(decks=[NO_ATTACKS, [*NO_ATTACKS, "jab"]])
    state.options = {key: value for key, value in state.options.items() if key != "stalemate_winner"}  # stored before it
    assert _end_turn(state)[0][-1] == GameEnded(winners=[1], reason=BY_STANDING.format(2))


def test_ruling_18_one_sided_no_ending_while_two_squads_can_hurt():
    assert kinds(_end_turn(_spent(hands=[["strike"], ["jab"]]))[0]) == ["PlayerPassed", "TurnEnded"]
    three = table(3, turn=3, hands=[[], ["jab"], ["strike"]], decks=[NO_ATTACKS] * 3, discards=[[], [], []])
    assert stalemate_reason(three) is None
    three.player(3)["hand"] = []
    assert stalemate_reason(three) == BY_ABLE.format(2)
    three.player(2)["hand"] = []
    assert stalemate_reason(three) == REASON


@pytest.mark.parametrize(("reshuffle", "ends"), [("discard-pile", False), ("never", True)])
def test_ruling_18_an_attack_in_the_discard_pile_counts_while_the_pile_comes_back(reshuffle, ends):
    state = _spent({"reshuffle": reshuffle}, discards=[["strike"], []])
    assert stalemated(state) is ends


def test_ruling_18_an_attack_no_living_character_could_perform_does_not_count():
    # red's Haymaker is Alpha: only the Bruiser (Alpha, Foxtrot) performs it, and he is dead
    assert stalemated(_spent(decks=[[*NO_ATTACKS, "haymaker", "headshot"], NO_ATTACKS], dead=[(2, 1), (1, 1), (1, 2)]))
    assert not stalemated(_spent(decks=[[*NO_ATTACKS, "haymaker"], NO_ATTACKS]))
    assert not can_hurt(_spent(decks=[NO_ATTACKS, ["ground_pound"]]), 2)  # the Bruiser's own card, in a blue deck


def test_ruling_18_energy_spent_for_good_counts_only_without_a_recharge():
    # the Bruiser alone, 6 of his 8 energy spent: a Haymaker costs 4
    state = _spent(hands=[["haymaker"], []], dead=[(2, 1), (1, 2), (1, 3)], burden={(1, 1): 6}, decks=[[], []],
                   discards=[[], []])
    assert not stalemated(state)  # the burden comes off at the end of the turn (ruling 4)
    never = _spent({"recharge": "never"}, hands=[["haymaker"], []], dead=[(2, 1), (1, 2), (1, 3)], burden={(1, 1): 6},
                   decks=[[], []], discards=[[], []])
    assert stalemated(never)
    never.player(1)["deck"] = ["second_wind"]  # a Second Wind would take the burden off
    assert not stalemated(never)


def test_ruling_18_each_answer_follows_the_squad_as_it_is_now_not_an_answer_given_before():
    """Bots ask whether a squad can hurt at every position they score, and the answers for the cards a squad holds are
    kept: the same cards with another burden, other dice or other options are asked afresh."""
    def bruiser(burden: int, options=None):
        return _spent({"recharge": "never", **(options or {})}, hands=[["haymaker"], []], dead=[(2, 1), (1, 2), (1, 3)],
                      burden={(1, 1): burden}, decks=[[], []], discards=[[], []])
    for burden, able in [(0, True), (6, False), (0, True), (6, False)]:
        assert can_hurt(bruiser(burden), 1) is able
    assert can_hurt(bruiser(6, {"recharge": "end_of_turn"}), 1)
    one = _spent({"recharge": "never"}, hands=[["headshot"], []], dice={(1, 2): [1]}, burden={(1, 2): 4},
                 decks=[["dodge"], NO_ATTACKS], discards=[[], []])
    six = _spent({"recharge": "never"}, hands=[["headshot"], []], dice={(1, 2): [6]}, burden={(1, 2): 4},
                 decks=[["dodge"], NO_ATTACKS], discards=[[], []])
    assert [can_hurt(one, 1), can_hurt(six, 1), can_hurt(one, 1)] == [False, True, False]


def test_ruling_18_dice_count_as_a_refresh_or_a_power_up_could_make_them():
    # Headshot (<4>[6]) and a Marksman showing a 1: a refresh (5 energy, pool 5RR) may roll a 6
    assert can_hurt(_spent(hands=[["headshot"], []], dice={(1, 2): [1]}), 1)
    # with 4 energy for good (recharge: never) he pays the Headshot but never the refresh
    spent = _spent({"recharge": "never"}, hands=[["headshot"], []], dice={(1, 2): [1]}, burden={(1, 2): 4},
                   decks=[["dodge"], NO_ATTACKS], discards=[[], []])
    assert not can_hurt(spent, 1)
    spent.player(1)["deck"].append("focus")  # a Power Up could raise the 1 to a 6
    assert can_hurt(spent, 1)


@pytest.mark.parametrize(("heal_card", "dead", "ends"), [("mend", (), False), ("triage", (), True),
                                                         ("mend", ((2, 2),), True)])
def test_ruling_18_an_attack_under_a_living_enemy_counts_while_the_enemy_could_heal_it_off(heal_card, dead, ends):
    # seat 1's Strike (3) lies under blue's Captain; the Duelist (Echo) could Mend it off (Heal 4), not
    # Triage it (Heal 2), and nobody can once the Duelist is dead
    state = _spent(wounds={(2, 3): [("strike", 3, 1)]}, discards=[[], [heal_card]], dead=[(2, 1), *dead])
    assert stalemated(state) is ends
    under_the_dead = _spent(wounds={(2, 1): [("strike", 3, 1)]}, discards=[[], ["mend"]])
    assert stalemated(under_the_dead)  # a dead character's cards stay under it (dead_wounds: stay)


def _played(seed: int, decided: str, commands: list | None = None):
    """A seeded greedy game (``commands`` None) or the same commands played again: its commands, facts and outcome."""
    from domain.engine.game import Game
    from domain.thinking.greedy import GreedyBot

    game = Game.start(RULES, ["Ann", "Ben"], RULES.resolve_options({"stalemate_winner": decided}), f"recount-{seed}", salt="5eed" * 8)
    bot, played = GreedyBot(seed, samples=1), []
    while game.outcome() is None:
        seat = game.to_act()[0]
        command = bot.choose(RULES, game.state, seat, game.version) if commands is None else commands[len(played)][1]
        played.append((seat, command))
        game.play(seat, command, f"c{game.version}")
    return played, [event.as_fact() for event in game.pending_events if hasattr(event, "fact")], game.outcome()


def test_ruling_18_recount_the_option_changes_who_wins_exactly_the_one_sided_stalemates_where_the_standing_names_another():
    """The same greedy games (their commands played again) with the option switched: only the last fact of a
    one-sided stalemate changes, to the squad its reason names, and only where the standing named another."""
    changed = one_sided = 0
    for seed in range(16):
        commands, by_standing, standing = _played(seed, "standing")
        _, by_able, able = _played(seed, "able", commands)
        assert by_standing[:-1] == by_able[:-1], seed  # the same game to its last fact
        if not standing.reason.startswith("a one-sided stalemate"):
            assert standing == able, seed
            continue
        one_sided += 1
        squad = int(able.reason.split("only seat ")[1].split("'")[0])
        assert able.winners == [squad], seed
        changed += standing.winners != able.winners
    assert one_sided >= 3 and changed >= 2  # the seeds hold games of both kinds


@pytest.mark.parametrize("reshuffle", ["discard-pile", "never"])
def test_ruling_18_the_cards_held_alone_answer_as_the_whole_reach_does(reshuffle):
    """``can_hurt`` asks the seat's own cards first and looks under the enemies' characters only when they
    cannot hurt: the same answer as from the whole reach at every position of seeded four-player games."""
    import random

    from domain.engine.randomness import Rng
    from domain.games.squad_combat.stalemate import _hurts_with, hurting, within_reach
    from domain.thinking.greedy import GreedyBot, SimRng, play_out

    checked = 0
    for seed in range(1):
        options = RULES.resolve_options({"reshuffle": reshuffle, "stalemate": "play-on", "turn_limit": 10})
        state = RULES.new_state(4, options)
        for fact in RULES.setup(state, Rng(f"reach-{seed}", "setup")):
            state = RULES.evolve(state, fact)
        bot, rng, version = GreedyBot(seed, samples=1), SimRng(random.Random(seed)), 0
        while RULES.outcome(state) is None:
            seats = state.in_play()
            whole = [seat for seat in seats if _hurts_with(state, seat, within_reach(state, seat))]
            assert hurting(state, seats) == whole == [seat for seat in seats if can_hurt(state, seat)], (seed, version)
            checked += 1
            seat = RULES.to_act(state)[0]
            state = play_out(RULES, state, seat, bot.choose(RULES, state, seat, version), rng)
            version += 1
    assert checked > 80
