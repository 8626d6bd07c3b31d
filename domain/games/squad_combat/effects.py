"""What an action or edge does once it is played (its effect bar), the dice its Power Ups may raise, and
whether a card would change anything at all.

Power Up (ruling 11): "A character may take one of its dice and increase its value by 1, to a maximum
of 6". A card's Power Ups (Focus has two) each raise one die the player names by the face it shows at
that moment (the command's ``power_up``: ``[5, 1]`` raises the 5, then the 1); a Power Up left unnamed
raises the lowest die below 6, as every Power Up did before the choice existed.

A card that would change nothing (ruling 21): a heal that fits no wound, a Second Wind or a Rally on no
burden, a Power Up with no die below 6, a Taunt by the character already taunting, a Brace against an
attack that deals no damage. With the option ``no_effect_plays: refused`` (the default) such a play is
refused and never offered; ``allowed`` plays it for its cost alone, as rules v1 did.
"""

from __future__ import annotations

from typing import Any, Protocol

from domain.games.squad_combat import facts as f
from domain.games.squad_combat.cards import DIE_FACES, Card
from domain.games.squad_combat.state import State


class Play(Protocol):
    """What an effect needs of the command being decided (``play.Play``, which calls the effects): the state
    as the facts so far leave it, the command's chance, and a way to add a fact."""

    state: State
    rng: Any

    def emit(self, fact: Any) -> None: ...

TOP_FACE = DIE_FACES[-1]


def power_up_steps(dice: list[int], count: int, named: list[int]) -> list[int] | str:
    """The face each of ``count`` Power Ups raises: the ``named`` faces in turn, then the lowest die
    below 6 (none once every die shows 6); or, when a named die is not there to raise, why."""
    dice, raised = list(dice), []
    if len(named) > count:
        return f"it has {count} Power Up{'s' if count != 1 else ''}, not {len(named)}"
    for step in range(count):
        below = [die for die in dice if die < TOP_FACE]
        if step < len(named):
            if named[step] not in below:
                return (f"Power Up {step + 1} names a {named[step]}, but the dice then show {sorted(dice)} "
                        f"(a die below {TOP_FACE} is raised)")
            face = named[step]
        elif below:
            face = min(below)
        else:
            break
        dice[dice.index(face)] = face + 1
        raised.append(face)
    return raised


def power_up_choices(dice: list[int], count: int) -> list[list[int]]:
    """One ``power_up`` for each different set of dice the Power Ups can leave, in a fixed order: the
    first raises the lowest die each time (the choice made when none is named)."""
    found: dict[tuple[int, ...], list[int]] = {}

    def walk(now: list[int], named: list[int]) -> None:
        below = sorted({die for die in now if die < TOP_FACE})
        if len(named) == count or not below:
            found.setdefault(tuple(sorted(now)), named)
            return
        for face in below:
            after = list(now)
            after[after.index(face)] = face + 1
            walk(after, [*named, face])

    walk(list(dice), [])
    return [named for named in found.values() if named]


def refuses_no_effect(state: State) -> bool:
    """Whether a play that would change nothing is refused (option ``no_effect_plays``; games recorded
    before it allowed one)."""
    return bool(state.options.get("no_effect_plays", "allowed") == "refused")


def change_problem(state: State, seat: int, card: Card, command: dict[str, Any], paid: list[int] | tuple[int, ...] = ()) -> str | None:
    """Why the card, played as ``command`` (an action or an edge of the player's own phase) with the dice
    ``paid`` for it, would change nothing but its cost; ``None`` when it would change something. Burden
    is judged before the cost is paid (a Rally that gives back only its own cost gains nothing), dice
    after (a die paid is no longer there to power up)."""
    effect = card.effect
    if card.kind == "attack" or any(key in effect for key in ("overcharge", "battle_cry")):
        return None  # an attack always waits for its answer; a die or a bonus is always added
    given = command.get("target") or []
    target = [given[0], given[1]] if given else []
    reasons = []
    if "heal" in effect:
        if any(w["damage"] <= int(effect["heal"]) for w in state.character(target)["wounds"]):
            return None
        reasons.append(f"{state.stats(target).name} has no wound of {effect['heal']} or less to heal")
    if "restore" in effect:
        if state.character(target)["burden"]:
            return None
        reasons.append(f"{state.stats(target).name} has no burden token to take off")
    if "power_up" in effect:
        if any(die < TOP_FACE for die in dice_left(state, seat, command, paid)):
            return None
        reasons.append(f"{state.stats(target).name} has no die below {TOP_FACE} to power up")
    if "rally" in effect:
        if any(state.character([seat, place])["burden"] for place in state.living(seat)):
            return None
        reasons.append("no living character of yours has a burden token")
    if effect.get("taunt"):
        if state.taunts.get(str(seat)) != command["performer"]:
            return None
        reasons.append(f"{state.stats([seat, command['performer']]).name} already taunts this turn")
    return "; ".join(reasons) if reasons else None


def dice_left(state: State, seat: int, command: dict[str, Any], paid: list[int] | tuple[int, ...]) -> list[int]:
    """The target's dice once the cost is paid: without the dice ``paid`` when it is the performer."""
    given = command.get("target") or []
    dice = list(state.character([given[0], given[1]])["dice"])
    if [given[0], given[1]] == [seat, command["performer"]]:
        for die in paid:
            dice.remove(die)
    return dice


def play_problem(state: State, seat: int, card: Card, command: dict[str, Any], paid: list[int]) -> str | None:
    """Why the play is refused for its choice of dice to power up, or (option ``no_effect_plays``) for
    changing nothing but its cost; ``None`` when it may go on."""
    named = command.get("power_up")
    if named is not None:
        if "power_up" not in card.effect:
            return f"{card.name} has no Power Up: leave out 'power_up'"
        steps = power_up_steps(dice_left(state, seat, command, paid), int(card.effect["power_up"]), named)
        if isinstance(steps, str):
            return f"{card.name} cannot raise those dice: {steps}"
    idle = change_problem(state, seat, card, command, paid) if refuses_no_effect(state) else None
    return f"{card.name} would change nothing: {idle} (the option no_effect_plays: allowed plays it for its cost)" if idle else None


def reaction_problem(state: State, card: Card) -> str | None:
    """Why the reaction would change nothing about the waiting attack (a Brace against an attack that
    already deals no damage), or ``None``."""
    effect = card.effect
    if "intercept" in effect or (effect.get("negate") and not state.v05) or (state.v05 and card.v05.get("defense")):
        return None
    attack = state.attack
    damage = int(state.cards.cards[attack["card"]].effect["damage"]) + attack["bonus"] - attack["resist"]
    if effect.get("resist") and damage > 0:
        return None
    return f"{card.name} would change nothing: the attack already deals no damage"


def refresh_problem(state: State, where: list[int]) -> str | None:
    """Why refreshing would change nothing (every die of the pool already shows a 6), or ``None``."""
    dice, stats = state.character(where)["dice"], state.stats(where)
    if sorted(dice) == [TOP_FACE] * len(stats.pool):
        return f"{stats.name}'s dice already show {' '.join(str(d) for d in dice)}: a refresh would change nothing"
    return None


def perform_effects(play: Play, seat: int, card: Card, command: dict[str, Any]) -> None:
    """What an action or edge does once played (its target and Power Ups already checked)."""
    state, effect, given = play.state, card.effect, command.get("target") or []
    target = state.ref(*given) if given else []
    if "heal" in effect:
        fitting = [w for w in state.character(target)["wounds"] if w["damage"] <= int(effect["heal"])]
        if fitting:  # ruling 11: the largest that fits
            wound = max(fitting, key=lambda w: w["damage"])
            play.emit(f.WoundHealed(character=target, card=wound["card"], damage=wound["damage"]))
    if "restore" in effect:
        restore(play, target, int(effect["restore"]))
    if "power_up" in effect:
        steps = power_up_steps(play.state.character(target)["dice"], int(effect["power_up"]), command.get("power_up") or [])
        for face in steps if isinstance(steps, list) else []:
            play.emit(f.DiePoweredUp(character=target, before=face))
    if "overcharge" in effect:
        for _ in range(int(effect["overcharge"])):
            face = play.rng.choice(DIE_FACES, f"{{seat}} overcharges {play.state.stats(target).name}: which face?", seat)
            play.emit(f.DieAdded(character=target, face=face))
    if effect.get("taunt"):
        play.emit(f.Taunted(character=play.state.ref(seat, command["performer"])))
    if "rally" in effect:
        for place in play.state.living(seat):
            restore(play, play.state.ref(seat, place), int(effect["rally"]))
    if "battle_cry" in effect:
        play.emit(f.BattleCried(seat=seat, bonus=int(effect["battle_cry"])))


def restore(play: Play, where: list[Any], amount: int) -> None:
    """Up to ``amount`` burden tokens come off the character."""
    tokens = min(amount, play.state.character(where)["burden"])
    if tokens:
        play.emit(f.BurdenRemoved(character=where, tokens=tokens))
