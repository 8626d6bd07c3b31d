"""What players see of a game of Squad Combat: the view (a seat sees its own hand, and of every other
hand only its size; everything on the table is public), a sentence per fact, a label per command,
and the squads drawn for a terminal."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.squad_combat import facts as f
from domain.games.squad_combat.cards import demo_set_data
from domain.games.squad_combat.state import State


def view(state: State, to_act: list[int], viewer: int | None, secrets: bool) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: a spectator); with ``secrets``, every hand and deck."""
    players = []
    for seat, player in enumerate(state.players, 1):
        sees = secrets or viewer == seat
        players.append({
            "seat": seat,
            "squad": player["squad"],
            "hand": list(player["hand"]) if sees else None,
            "hand_size": len(player["hand"]),
            "deck_size": len(player["deck"]),
            "deck": sorted(player["deck"]) if secrets else None,
            "discard": list(player["discard"]),
            "passed": player["passed"],
            "out": player["out"],
            "characters": [_character(state, seat, place) for place in range(1, len(player["characters"]) + 1)],
        })
    attack = state.attack
    return {
        "rules": state.options["rules"],
        "turn": state.turn,
        "phase": state.phase,
        "current": state.current,
        "first": state.first,
        "to_act": list(to_act),
        "discarding": state.discarding,
        "attack": None if attack is None else {key: attack[key] for key in (
            "seat", "card", "attacker", "target", "reacted", "resist", "defense", "attack_die", "bonus")},
        "taunts": dict(state.taunts),
        "battle_cries": dict(state.battle_cries),
        "players": players,
        "options": dict(state.options),
        "winners": list(state.winners),
    }


def _character(state: State, seat: int, place: int) -> dict[str, Any]:
    where = [seat, place]
    character, stats = state.character(where), state.stats(where)
    return {
        "place": place, "id": stats.id, "name": stats.name, "traits": list(stats.traits), "hp": stats.hp,
        "wounds": [{"card": w["card"], "damage": w["damage"]} for w in character["wounds"]],
        "wound_total": state.wounds(where), "energy": stats.energy, "burden": character["burden"],
        "energy_left": max(0, state.energy(where)), "dice": sorted(character["dice"]), "pool": stats.pool,
        "refresh": stats.refresh, "dead": character["dead"],
    }


def name_of(card_or_character: str) -> str:
    """A card's or character's name in the demo set, else its id as words."""
    names = _demo_names()
    return names.get(card_or_character) or card_or_character.replace("_", " ").title()


def _demo_names() -> dict[str, str]:
    data = demo_set_data()
    return {item["id"]: item["name"] for item in data["characters"] + data["cards"]}


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def who(ref: list[Any]) -> str:
        return f"{seats[ref[0] - 1]}'s {name_of(ref[2])}"

    if isinstance(fact, f.TableSetUp):
        squads = ", ".join(f"{seats[seat - 1]} the {squad} squad" for seat, squad in enumerate(fact.squads, 1))
        return f"Squads laid out: {squads}. Each deck is shuffled. {seats[fact.first - 1]} goes first."
    if isinstance(fact, f.DiceSet):
        return f"{seats[fact.seat - 1]}'s character {fact.character} starts with dice {_dice(fact.dice)}."
    if isinstance(fact, f.CardsDrawn):
        shown = ", ".join(name_of(card) for card in fact.cards if card != "?")
        count = f"{len(fact.cards)} card{'s' if len(fact.cards) != 1 else ''}"
        return f"{seats[fact.seat - 1]} drew {count}" + (f": {shown}." if shown else ".")
    if isinstance(fact, f.DeckReshuffled):
        return f"{seats[fact.seat - 1]}'s deck is empty: {fact.cards} discarded cards are shuffled into a new deck."
    if isinstance(fact, f.PhaseStarted):
        return f"Turn {fact.turn}: {seats[fact.seat - 1]}'s action phase."
    if isinstance(fact, f.PlayerPassed):
        return f"{seats[fact.seat - 1]} passed."
    if isinstance(fact, f.CardPlayed):
        paid = [f"{fact.burden} energy"] if fact.burden else []
        paid += [f"dice {_dice(fact.dice)}"] if fact.dice else []
        paid += [f"discarding {', '.join(name_of(c) for c in fact.discarded)}"] if fact.discarded else []
        aim = f" at {who(fact.target)}" if fact.target else ""
        attack_die = f", attack die {fact.attack_die}" if fact.attack_die else ""
        return (f"{who(fact.performer)} played {name_of(fact.card)}{aim} "
                f"(paid {', '.join(paid) or 'nothing'}{attack_die}).")
    if isinstance(fact, f.DefenderChanged):
        return f"{who(fact.target)} steps in: the attack now targets it."
    if isinstance(fact, f.AttackRolled):
        verdict = "hits" if fact.hit else "misses"
        return (f"Attack rating {fact.attack_die + fact.hit_modifier} (die {fact.attack_die}, hit {fact.hit_modifier:+d}) "
                f"against defense rating {fact.defense_die + fact.defense_modifier} (die {fact.defense_die}, "
                f"modifiers {fact.defense_modifier:+d}): the attack {verdict}.")
    if isinstance(fact, f.AttackHit):
        return f"{name_of(fact.card)} hits {who(fact.target)} for {fact.damage} damage and is attached under it."
    if isinstance(fact, f.AttackFailed):
        return f"{name_of(fact.card)} is {fact.reason} and discarded."
    if isinstance(fact, f.Burdened):
        return f"{who(fact.character)} takes {fact.tokens} burden token{'s' if fact.tokens != 1 else ''} ({fact.reason})."
    if isinstance(fact, f.BurdenRemoved):
        return f"{fact.tokens} burden token{'s' if fact.tokens != 1 else ''} come off {who(fact.character)}."
    if isinstance(fact, f.DieLost):
        return f"{who(fact.character)} loses a die showing {fact.face}."
    if isinstance(fact, f.DiePoweredUp):
        return f"{who(fact.character)} powers up a die from {fact.before} to {fact.before + 1}."
    if isinstance(fact, f.DieAdded):
        return f"{who(fact.character)} is overcharged with a new die showing {fact.face}."
    if isinstance(fact, f.DiceRefreshed):
        return (f"{who(fact.character)} refreshed for {fact.burden} energy, rolled {_dice(fact.rolled)} "
                f"and keeps {_dice(fact.kept)}.")
    if isinstance(fact, f.WoundHealed):
        return f"{who(fact.character)} is healed: {name_of(fact.card)} ({fact.damage} damage) comes off."
    if isinstance(fact, f.Taunted):
        return f"{who(fact.character)} taunts: enemy attacks must target it this turn."
    if isinstance(fact, f.BattleCried):
        return f"Battle cry: {seats[fact.seat - 1]}'s next attack this turn deals {fact.bonus} more damage."
    if isinstance(fact, f.CharacterDied):
        return f"{who(fact.character)} dies."
    if isinstance(fact, f.PlayerEliminated):
        return f"{seats[fact.seat - 1]} has no character left alive and is out."
    if isinstance(fact, f.TurnEnded):
        recharge = " Every character's burden tokens come off." if fact.recharged else ""
        return f"Turn {fact.turn} ends: every player has passed.{recharge}"
    if isinstance(fact, f.CardsDiscarded):
        if not fact.cards:
            return f"{seats[fact.seat - 1]} keeps every card."
        return f"{seats[fact.seat - 1]} discarded {', '.join(name_of(c) for c in fact.cards)}."
    if isinstance(fact, f.GameEnded):
        if not fact.winners:
            return f"The game ends in a draw: {fact.reason}."
        return f"{' and '.join(seats[s - 1] for s in fact.winners)} win{'s' if len(fact.winners) == 1 else ''}: {fact.reason}."
    return type(fact).__name__


def _dice(dice: list[int]) -> str:
    return " ".join(str(die) for die in dice) or "none"


def describe_command(command: Command) -> str:
    """A command without the state: characters by number (``Slash by character 3 at 2.1``)."""
    return _words(command, lambda place: f"character {place}", lambda where: f"{where[0]}.{where[1]}")


def label_command(state: Any, seat: int, command: Command) -> str:
    """A command as a menu offers it, naming characters rather than numbering them: ``Slash by Marksman at
    seat 2's Jimbo``, ``refresh Medic``."""
    def target(where: list[int]) -> str:
        name = state.stats(where).name
        return f"your {name}" if where[0] == seat else f"seat {where[0]}'s {name}"

    return _words(command, lambda place: str(state.stats([seat, place]).name), target)


def _words(command: Command, performer: Callable[[int], str], target: Callable[[list[int]], str]) -> str:
    kind = command["type"]
    card = name_of(command["card"]) if "card" in command else ""
    if kind in ("play", "edge"):
        at = f" at {target(command['target'])}" if command.get("target") else ""
        extra = f", raising {', then '.join(f'a {face} to {face + 1}' for face in command['power_up'])}" \
            if command.get("power_up") else ""
        extra += f", attack die {command['attack_die']}" if command.get("attack_die") else ""
        extra += f", discarding {', '.join(name_of(c) for c in command['discard'])}" if command.get("discard") else ""
        return f"{card} by {performer(command['performer'])}{at}{extra}"
    if kind == "react":
        return f"react with {card} by {performer(command['performer'])}"
    if kind == "refresh":
        return f"refresh {performer(command['character'])}"
    if kind == "defend":
        return f"defend with die {command['die']}" if command["die"] else "defend without a die"
    if kind == "discard":
        return "discard " + (", ".join(name_of(c) for c in command["cards"]) or "nothing")
    return kind


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    lines = []
    for player in view["players"]:
        seat = player["seat"]
        marker = "*" if seat in view["to_act"] else " "
        status = " (out)" if player["out"] else " (passed)" if player["passed"] else ""
        hand = (", ".join(name_of(c) for c in player["hand"]) or "empty") if player["hand"] is not None \
            else f"{player['hand_size']} cards, hidden"
        lines.append(f"{marker} {seat} {seats[seat - 1]}, the {player['squad']} squad{status}: hand {hand}; "
                     f"deck {player['deck_size']}, discard {len(player['discard'])}")
        for c in player["characters"]:
            if c["dead"]:
                lines.append(f"    {c['place']} {c['name']:<10} dead")
                continue
            wounds = ", ".join(f"{name_of(w['card'])} {w['damage']}" for w in c["wounds"])
            lines.append(f"    {c['place']} {c['name']:<10} HP {c['hp'] - c['wound_total']:>2}/{c['hp']:<2} "
                         f"energy {c['energy_left']:>2}/{c['energy']:<2} dice {_dice(c['dice']):<11} "
                         f"[{' '.join(c['traits'])}]" + (f"  wounds: {wounds}" if wounds else ""))
    attack = view["attack"]
    if attack:
        target, attacker = attack["target"], attack["attacker"]
        lines.append(f"  attack waiting: {seats[attacker[0] - 1]}'s {name_of(attacker[2])} plays {name_of(attack['card'])} "
                     f"at {seats[target[0] - 1]}'s {name_of(target[2])}")
    lines.append("  " + _whose_turn(view, seats))
    return "\n".join(lines)


def _whose_turn(view: dict[str, Any], seats: Sequence[str]) -> str:
    phase = view["phase"]
    if phase == "over":
        return "the game is over"
    if phase == "setup":
        return "the table is not set up yet"
    if phase == "reaction":
        defender = seats[view["attack"]["target"][0] - 1]
        answer = "react, then defend with a die" if view["rules"] == "v0.5" else "react or allow"
        return f"turn {view['turn']}: {defender} answers the attack ({answer})"
    if phase == "discard" and view["discarding"]:
        return f"turn {view['turn']} ends: {seats[view['discarding'] - 1]} may discard up to 2 cards"
    if any(p["seat"] == view["current"] and p["passed"] for p in view["players"]):  # ruling 7's option
        return f"turn {view['turn']}: {seats[view['current'] - 1]} has passed and may play edges of their own phase, or pass"
    return f"turn {view['turn']}: {seats[view['current'] - 1]}'s action phase"
