"""Whether a play of the Location CCG can still change anything this turn, for the legal commands (a play
that cannot is refused and not offered, so bots skip it, unless the option ``no_effect_plays`` allows it;
ruling 39). A boost lasts until the end of the turn, and
damage is removed then: a boost or damage that nothing reads before the turn ends does nothing.

What reads a character's stats later in the turn: its Atk, combat (pairing and combat damage, Long
Range, Gang); its Def, combat damage and the damage effects of the pool still playable this turn; its
Skl, the skill check of a mission. A mission may still come in the active player's production and
mission phases (each player's characters at an HQ may join it, those at a location not won may stand
where it is fought); once one is declared, its parties and the characters that may still be sent count,
until its combat is resolved (Atk, Def) or its skill check made (Skl). A KO and a draw always do
something; a modifier does, unless it replaces a copy of itself.
"""

from __future__ import annotations

from typing import Any

from domain.games.location_ccg.cards import Card, parse_cost
from domain.games.location_ccg.checks import in_combat, unopposed_gangs
from domain.games.location_ccg.state import State

BEFORE_MISSION = ("production", "mission")
"""The active player's phases before a mission may be declared (if none was this turn)."""
SENDING = ("attackers", "defenders")
PAIRING = ("attackers", "defenders", "challenge", "oppose")
FIGHTING = ("tricks", "gang")
"""After the pairing, before combat damage."""
MISSION_WINDOWS = ("attackers", "defenders", "tricks", "before_check")
"""The windows of a mission under way, in which a mission's surprise may still be played."""


def no_effect_plays_refused(state: State) -> bool:
    """The option ``no_effect_plays`` (ruling 39): a play that changes nothing is refused (and not offered), or
    allowed (and offered, as rules v1 did)."""
    return state.options.get("no_effect_plays", "refused") == "refused"


def why_empty(state: State, card: Card, effect: dict[str, Any], target: str, keep: str = "new") -> str | None:
    """Why this play of ``card`` (its ``effect``, or its ability's) on ``target`` would change nothing this
    turn, when the option refuses such plays; ``None`` when it may change something."""
    if not no_effect_plays_refused(state) or not target:
        return None
    if card.kind == "modifier":
        if modifier_matters(state, card, target, keep):
            return None
        if keep == "old":
            return f"{card.name} would change nothing: #{target} would keep the modifier it holds and {card.name} be discarded"
        return f"{card.name} would change nothing: on #{target} it would only replace a copy of itself"
    if effect_matters(state, effect, target):
        return None
    what = "its boost" if "boost" in effect else "its damage"
    return (f"{card.name} would change nothing on #{target}: {what} lasts until the end of the turn, and no combat, damage "
            "or skill check can count it before then")


def effect_matters(state: State, effect: dict[str, Any], target: str) -> bool:
    """Whether a surprise's or an ability's effect on ``target`` can change anything this turn."""
    if effect.get("ko") or "draw" in effect:
        return True
    if "damage" in effect and damage_matters(state, target, int(effect["damage"])):
        return True
    return "boost" in effect and boost_matters(state, target, list(effect["boost"]))


def modifier_matters(state: State, card: Card, target: str, keep: str = "new") -> bool:
    """Whether a modifier played on ``target`` changes it: not when it replaces a copy of itself, nor when
    the player keeps the modifier of its type already there (``keep: old``, ruling 9)."""
    held = state.in_play[target]["modifiers"]
    if keep == "new":
        return card.id not in held
    one = state.options.get("modifier_limit", "one-per-type") == "one"
    return not any(one or state.pool.cards[m].subtype == card.subtype for m in held)


def boost_matters(state: State, uid: str, bonus: list[int]) -> bool:
    atk, defense, skill = bonus
    if defense < 0 and _lethal(state, uid, defense=defense):
        return True
    return bool((atk and may_fight(state, uid)) or (defense and (may_fight(state, uid) or may_be_damaged(state, uid)))
                or (skill and may_count(state, uid)))


def damage_matters(state: State, uid: str, amount: int) -> bool:
    """Damage destroys or wounds the character now, or adds to combat damage or to more damage this turn."""
    return _lethal(state, uid, damage=amount) or may_fight(state, uid) or may_be_damaged(state, uid)


def _lethal(state: State, uid: str, damage: int = 0, defense: int = 0) -> bool:
    taken = state.in_play[uid]["damage"] + damage
    return bool(taken) and taken >= state.stat(uid, 1) + defense


def _mission_to_come(state: State) -> bool:
    return state.phase in BEFORE_MISSION and not state.attacked


def _sendable(state: State, uid: str) -> bool:
    """At an HQ while its side may still send characters to the mission under way."""
    c = state.in_play[uid]
    if c["at"] != "hq":
        return False
    return state.phase == "attackers" or (state.phase == "defenders" and c["owner"] != state.current)


def _in_party(state: State, uid: str) -> bool:
    mission = state.mission
    return mission is not None and (uid in mission["attackers"] or uid in mission["defenders"]) \
        and state.in_play[uid]["at"] == mission["location"]


def may_fight(state: State, uid: str) -> bool:
    """Whether the character may still be in combat this turn (its Atk dealt, combat damage taken)."""
    if _mission_to_come(state):
        return state.in_play[uid]["at"] == "hq"
    if state.mission is None:
        return False
    if state.phase in PAIRING:
        return _in_party(state, uid) or _sendable(state, uid)
    if state.phase in FIGHTING:
        owner = state.in_play[uid]["owner"]
        return uid in in_combat(state) or uid in unopposed_gangs(state, owner)
    return False


def may_be_damaged(state: State, uid: str) -> bool:
    """Whether a damage effect of the pool may still be played on the character this turn."""
    for card in state.pool.damaging:
        for effect in (card.effect, card.ability):
            if "damage" not in effect:
                continue
            cost = card.cost if effect is card.effect else parse_cost(card.ability["cost"])
            if card.phase == "production" or cost.production:
                if state.phase == "production":
                    return True
            elif card.phase == "mission" or effect.get("target") == "contested":
                if _mission_to_come(state) or (state.phase in MISSION_WINDOWS
                                               and (_in_party(state, uid) or _sendable(state, uid))):
                    return True
            elif effect.get("target") != "away" or state.in_play[uid]["at"] != "hq" or _mission_to_come(state) \
                    or (state.mission is not None and _sendable(state, uid)):
                return True
    return False


def may_count(state: State, uid: str) -> bool:
    """Whether the character may still count at a skill check this turn (ruling 28)."""
    at = state.in_play[uid]["at"]
    if _mission_to_come(state):
        return at == "hq" or not state.locations[at]["won_by"]
    mission = state.mission
    if mission is None or state.phase not in (*PAIRING, *FIGHTING, "before_check"):
        return False
    if state.options.get("skill_count", "all-there") == "parties":
        return _in_party(state, uid) or _sendable(state, uid)
    return at == mission["location"] or _sendable(state, uid)
