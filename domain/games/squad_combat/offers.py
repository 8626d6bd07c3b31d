"""The commands Squad Combat offers a seat (``legal_commands``): every legal way to play each card of the
hand (performer, target, the dice its Power Ups raise, a v0.5 attack die and discards), the refreshes,
the answers to an attack, the end-of-turn discards. A play that would change nothing is not offered
while the option ``no_effect_plays`` refuses it (ruling 21)."""

from __future__ import annotations

from itertools import combinations

from domain.engine.commands import Command
from domain.games.squad_combat.cards import Card
from domain.games.squad_combat.checks import (
    can_refresh,
    dice_paid,
    perform_problem,
    reaction_performers,
    reactions_left,
    targets_for,
)
from domain.games.squad_combat.effects import (
    change_problem,
    power_up_choices,
    reaction_problem,
    refresh_problem,
    refuses_no_effect,
)
from domain.games.squad_combat.state import State


def action_phase(state: State, seat: int) -> list[Command]:
    """The seat's commands in its action phase; once it has passed (an edge window, option
    ``passed_edges``, ruling 7) only the edges of its own phase, and pass."""
    passed = state.player(seat)["passed"]
    commands: list[Command] = []
    for card_id in dict.fromkeys(state.player(seat)["hand"]):
        card = state.cards.cards[card_id]
        if card.window == "own" or (card.kind in ("attack", "action") and not passed):
            commands += plays(state, seat, card)
    if not passed:
        commands += [{"type": "refresh", "character": place} for place in state.living(seat)
                     if can_refresh(state, seat, place) and not (refuses_no_effect(state) and refresh_problem(state, [seat, place]))]
    return commands + [{"type": "pass"}]


def plays(state: State, seat: int, card: Card) -> list[Command]:
    """Every legal way to play the card from the action phase: performer, target, the dice its Power Ups
    raise (one way for each set of dice they can leave), attack die, discards."""
    kind = "edge" if card.kind == "edge" else "play"
    cost = card.cost_under(state.options["rules"])
    hand = list(state.player(seat)["hand"])
    hand.remove(card.id)
    discard_picks = sorted({tuple(sorted(pick)) for pick in combinations(hand, cost.cards)}) if cost.cards else [()]
    refuse_idle = refuses_no_effect(state)
    commands: list[Command] = []
    for place in state.living(seat):
        if perform_problem(state, seat, card, place, cost.cards) is not None:
            continue
        dice_left = list(state.character([seat, place])["dice"])
        paid = dice_paid(dice_left, cost.dice) or []
        for die in paid:
            dice_left.remove(die)
        attack_dice = [0, *sorted(set(dice_left))] if card.kind == "attack" and state.v05 else [None]
        for target in targets_for(state, seat, card):
            aimed = {"performer": place, "target": target}
            if refuse_idle and card.kind != "attack" and change_problem(state, seat, card, aimed, paid) is not None:
                continue
            raises: list[list[int] | None] = [None]
            if "power_up" in card.effect and target:
                target_dice = dice_left if target == [seat, place] else state.character(target)["dice"]
                raises = [*power_up_choices(target_dice, int(card.effect["power_up"]))] or [None]
            for power_up in raises:
                for attack_die in attack_dice:
                    for discards in discard_picks:
                        command: Command = {"type": kind, "card": card.id, "performer": place}
                        if target:
                            command["target"] = list(target)
                        if power_up:
                            command["power_up"] = power_up
                        if attack_die:
                            command["attack_die"] = attack_die
                        if discards:
                            command["discard"] = list(discards)
                        commands.append(command)
    return commands


def answers(state: State, seat: int) -> list[Command]:
    """The defending player's answers: each reaction they can perform (one an attack), then allow (v1)
    or a defense die (v0.5)."""
    commands: list[Command] = []
    if reactions_left(state):
        for card_id in dict.fromkeys(state.player(seat)["hand"]):
            card = state.cards.cards[card_id]
            if card.window != "reaction" or (refuses_no_effect(state) and reaction_problem(state, card)):
                continue
            for place in reaction_performers(state, card):
                if perform_problem(state, seat, card, place) is None:
                    commands.append({"type": "react", "card": card.id, "performer": place})
    if state.v05:
        dice = sorted(set(state.character(state.attack["target"])["dice"]))
        return commands + [{"type": "defend", "die": die} for die in [0, *dice]]
    return commands + [{"type": "allow"}]


def discards(state: State, seat: int) -> list[Command]:
    """End of turn: each way to discard up to two cards of the hand."""
    hand = sorted(state.player(seat)["hand"])
    picks = {(), *((card,) for card in hand), *combinations(hand, 2)}
    return [{"type": "discard", "cards": list(pick)} for pick in sorted(picks)]
