"""Squad Combat's views as pictures (``domain.engine.picture``): a band per player, the viewer's own at the
bottom: its name, squad and state (to act, passed, out), its three characters as cards (HP and energy
as counters with bars, the dice as small square pieces, wounds and a taunt written under them, the dead
greyed), its deck face down and the top of its discard pile, and its hand: face up when the view holds
it, else as face-down cards, as many as it holds. Above the bands, whose action phase it is (or the
outcome), and a waiting attack as a dashed line from the attacker to its target. A squad named for a
colour (the demo set's red and blue) is drawn in that colour.

Each seat sees its own hand only, so a picture shows no card of another hand. Ids follow the things: a
character is ``char:<seat>:<place>``, a hand card ``hand:<seat>:<card id>:<n>`` (the n-th of that card in
the hand), a die ``die:<seat>:<place>:<n>``. Refs name their kind (``command_refs`` gives a command's):
a hand card ``card:<card id>`` (``card``, ``discard``, ``cards``), a character ``character:<seat>:<place>``
(``performer`` and ``character``: the acting seat's; ``target``), a die ``die:<seat>:<place>:<face>``
(``attack_die``: the performer's; ``die``: the defender's; ``power_up``: the target's die raised first).
The view names cards by id only: a card's text (kind, cost, effect) is printed from the demo set when
the squads and characters in the view are the demo set's (the view does not carry a designer's set).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.picture import COLOURS, legend, seat_name
from domain.games.squad_combat.cards import CardSet, canonical, card_set, demo_set_data
from domain.games.squad_combat.present import name_of

WIDTH = 22.2
LEGEND = (
    "blue band: the squad to act · grey: a squad out, a character dead · gold: a winning squad, a taunting character",
    "red: a character under attack, an attack card · green: an action card · light: an edge card · squares: a character's dice",
)
"""What the board's tones and marks mean."""
CHAR_W, CHAR_H = 4.5, 3.9
HAND_W, HAND_H = 2.1, 2.7
SMALL_W, SMALL_H = 1.7, 2.4
STATUS_H = 1.3


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """The picture of a view of Squad Combat: a seat's (its hand face up), a spectator's or the owner's."""
    players = view["players"]
    own = [p["seat"] for p in players if p["hand"] is not None]
    viewer = own[0] if len(own) == 1 else None
    order = [p for p in players if p["seat"] != viewer] + [p for p in players if p["seat"] == viewer]
    texts = _card_texts(view)
    items: list[dict[str, Any]] = _status(view, seats)
    places: dict[tuple[int, int], tuple[float, float]] = {}  # each character card's top centre, by (seat, place)
    top = STATUS_H
    for player in order:
        drawn, tall = _band(view, player, seats, texts, top, places)
        items += drawn
        top += tall
    attack = view["attack"]
    ends = ((attack["attacker"][0], attack["attacker"][1]), (attack["target"][0], attack["target"][1])) if attack else ()
    if attack and all(end in places for end in ends):
        start, end = places[ends[0]], places[ends[1]]
        down = start[1] < end[1]  # from the edge of one card to the facing edge of the other
        points = [[start[0], round(start[1] + (CHAR_H if down else 0), 3)], [end[0], round(end[1] + (0 if down else CHAR_H), 3)]]
        items.append({"kind": "line", "id": "attack", "points": points, "width": 0.1, "dashed": True,
                      "owner": attack["seat"], "title": f"{_who(seats, attack['attacker'])} attacks {_who(seats, attack['target'])} "
                      f"with {name_of(attack['card'])}"})
    marks, tall = legend(LEGEND, top)
    drawn = {"width": WIDTH, "height": round(top + tall + 0.1, 2), "items": items + marks}
    return {**drawn, "colours": squad_colours(players)} if squad_colours(players) else drawn


def squad_colours(players: list[dict[str, Any]]) -> dict[str, str]:
    """A squad named for a colour (the demo's red and blue) is drawn in it, so "the red squad" is red."""
    found: dict[str, str] = {}
    for player in players:
        colour = player["squad"].strip().lower()
        if colour in COLOURS and colour not in found.values():
            found[str(player["seat"])] = colour
    return found



def _who(seats: Sequence[str], ref: list[Any]) -> str:
    return f"{seat_name(seats, ref[0])}'s {name_of(ref[2])}"


def command_refs(state: Any, seat: int, command: Command) -> dict[str, list[str]]:
    """What each field of a command names on the board, as the refs above."""
    found: dict[str, list[str]] = {}
    for key, value in command.items():
        if key in ("card", "discard", "cards"):
            found[key] = [f"card:{card}" for card in (value if isinstance(value, list) else [value])]
        elif key in ("performer", "character"):
            found[key] = [f"character:{seat}:{value}"]
        elif key == "target":
            found[key] = [f"character:{value[0]}:{value[1]}"]
        elif key == "attack_die" and value:
            found[key] = [f"die:{seat}:{command.get('performer')}:{value}"]
        elif key == "power_up" and value and command.get("target"):  # the die raised first (the others may not show yet)
            found[key] = [f"die:{command['target'][0]}:{command['target'][1]}:{value[0]}"]
        elif key == "die" and value and state.attack:
            found[key] = [f"die:{state.attack['target'][0]}:{state.attack['target'][1]}:{value}"]
    return found


def _status(view: dict[str, Any], seats: Sequence[str]) -> list[dict[str, Any]]:
    """Whose action phase it is (or the answer, the discards, the outcome), and a line more."""
    phase, attack = view["phase"], view["attack"]
    detail = f"rules {view['rules']}, turn {view['turn']} of at most {view['options']['turn_limit']}"
    if phase == "over":
        winners = view["winners"]
        head = (" and ".join(seat_name(seats, seat) for seat in winners) + (" wins" if len(winners) == 1 else " win")) if winners \
            else "The game ends in a draw"
    elif phase == "setup":
        head = "Setting up"
    elif phase == "reaction" and attack:
        answer = "react, then defend with a die" if view["rules"] == "v0.5" else "react or allow"
        head = f"{seat_name(seats, attack['target'][0])} answers {name_of(attack['card'])} on {name_of(attack['target'][2])}"
        detail = f"{_who(seats, attack['attacker'])} attacks: {answer}; " + detail
    elif phase == "discard" and view["discarding"]:
        head = f"Turn {view['turn']} ends: {seat_name(seats, view['discarding'])} may discard up to 2 cards"
    else:
        head = f"Turn {view['turn']}: {seat_name(seats, view['current'])}'s action phase"
    cries = [f"{seat_name(seats, int(seat))}'s next attack +{bonus}" for seat, bonus in view["battle_cries"].items() if bonus]
    if cries:
        detail += "; battle cry: " + ", ".join(cries)
    return [{"kind": "text", "id": "status", "x": 0.2, "y": 0.55, "text": head, "size": 0.42, "bold": True},
            {"kind": "text", "id": "detail", "x": 0.2, "y": 1.0, "text": detail, "size": 0.28}]


def _band(view: dict[str, Any], player: dict[str, Any], seats: Sequence[str], texts: dict[str, Any] | None,
          y: float, places: dict[tuple[int, int], tuple[float, float]]) -> tuple[list[dict[str, Any]], float]:
    """A player's band: name and state, characters, deck and discard, the hand; and how tall it is."""
    seat = player["seat"]
    name = seat_name(seats, seat)
    acting = seat in view["to_act"]
    state = "out" if player["out"] else "to act" if acting else "passed" if player["passed"] else ""
    tall = 0.75 + CHAR_H + 0.3 + (HAND_H + 0.25 if player["hand"] is not None else 0)
    tone = {"tone": "accent"} if acting else {"tone": "muted"} if player["out"] else {"tone": "gold"} if seat in view["winners"] else {}
    items: list[dict[str, Any]] = [
        {"kind": "area", "id": f"band:{seat}", "x": 0.1, "y": y, "w": WIDTH - 0.2, "h": round(tall - 0.15, 3), "owner": seat, **tone,
         "title": f"{name}, seat {seat}, the {player['squad']} squad" + (f" ({state})" if state else "")},
        {"kind": "text", "id": f"name:{seat}", "x": 0.3, "y": y + 0.5, "size": 0.36, "bold": True, "owner": seat,
         "text": f"{seat}  {name}", "title": f"{name}, seat {seat}"},
        {"kind": "text", "id": f"squad:{seat}", "x": 7.5, "y": y + 0.5, "size": 0.3,
         "text": f"the {player['squad']} squad" + (f"  -  {state}" if state else "")},
    ]
    for character in player["characters"]:
        x = 0.3 + (character["place"] - 1) * (CHAR_W + 0.15)
        items += _character(view, seat, character, seats, x, y + 0.75)
        places[(seat, character["place"])] = (round(x + CHAR_W / 2, 3), round(y + 0.75, 3))
    items += _piles(player, name, texts, 14.3, y + 0.75)
    if player["hand"] is not None:
        items += _hand(player, name, texts, y + 0.75 + CHAR_H + 0.2)
    return items, tall


def _character(view: dict[str, Any], seat: int, c: dict[str, Any], seats: Sequence[str], x: float, y: float) -> list[dict[str, Any]]:
    """A character's card, its HP and energy, its dice, and its wounds."""
    key, who = f"{seat}:{c['place']}", f"{seat_name(seats, seat)}'s {c['name']}"
    taunting = view["taunts"].get(str(seat)) == c["place"] and not c["dead"]
    wounds = ", ".join(f"{name_of(w['card'])} {w['damage']}" for w in c["wounds"])
    lines = [" ".join(c["traits"])]  # its pool and refresh are in its title: the counters below leave room for one line
    card = {"kind": "card", "id": f"char:{key}", "ref": f"character:{key}", "owner": seat, "x": x, "y": y, "w": CHAR_W, "h": CHAR_H,
            "name": c["name"] + (" (dead)" if c["dead"] else ""), "corner": str(c["place"]), "lines": lines,
            "title": f"{who}, character {c['place']}: " + (f"dead; wounds {wounds}" if c["dead"] else
                     f"HP {c['hp'] - c['wound_total']} of {c['hp']}, energy {c['energy_left']} of {c['energy']} "
                     f"({c['burden']} burden), dice {' '.join(map(str, c['dice'])) or 'none'}, pool {c['pool']}, "
                     f"refresh {c['refresh']} energy" + (f"; wounds {wounds}" if wounds else "")
                     + ("; taunting" if taunting else ""))}
    attack = view["attack"]
    if c["dead"]:
        card["tone"] = "muted"
    elif attack and attack["target"][:2] == [seat, c["place"]]:
        card["tone"] = "danger"
    elif taunting:
        card["tone"] = "gold"
    items = [card]
    if c["dead"]:
        return items
    items += [
        {"kind": "counter", "id": f"hp:{key}", "x": x + 0.15, "y": y + 1.15, "w": CHAR_W - 0.3, "label": "HP",
         "value": c["hp"] - c["wound_total"], "max": c["hp"], "owner": seat, "title": f"{who}: {c['hp'] - c['wound_total']} HP of {c['hp']}"},
        {"kind": "counter", "id": f"energy:{key}", "x": x + 0.15, "y": y + 1.95, "w": CHAR_W - 0.3,
         "label": "energy" + (f" ({c['burden']} burden)" if c["burden"] else ""), "value": c["energy_left"], "max": c["energy"],
         "owner": seat, "title": f"{who}: {c['energy_left']} energy of {c['energy']}, {c['burden']} burden tokens"},
    ]
    for index, face in enumerate(c["dice"]):
        items.append({"kind": "piece", "id": f"die:{key}:{index + 1}", "ref": f"die:{key}:{face}", "x": round(x + 0.45 + index * 0.62, 3),
                      "y": y + 3.05, "shape": "square", "size": 0.52, "label": str(face), "tone": "plain",
                      "title": f"{who}'s die showing {face}"})
    if not c["dice"]:
        items.append({"kind": "text", "id": f"no-dice:{key}", "x": x + 0.2, "y": y + 3.15, "size": 0.24, "text": "no dice"})
    notes = (["taunting"] if taunting else []) + ([f"wounds: {wounds}"] if wounds else [])
    if notes:
        text = "; ".join(notes)
        items.append({"kind": "text", "id": f"notes:{key}", "x": x + 0.15, "y": y + CHAR_H - 0.15, "size": 0.2,
                      "w": CHAR_W - 0.3, "text": text, "title": f"{who}: {text}"})
    return items


def _piles(player: dict[str, Any], name: str, texts: dict[str, Any] | None, x: float, y: float) -> list[dict[str, Any]]:
    """The deck face down, the discard pile's top card, and a hidden hand face down, with their sizes."""
    seat = player["seat"]
    items: list[dict[str, Any]] = [
        {"kind": "card", "id": f"deck:{seat}", "x": x, "y": y, "w": SMALL_W, "h": SMALL_H, "face_down": True, "owner": seat,
         "title": f"{name}'s deck: {player['deck_size']} cards"},
        {"kind": "counter", "id": f"deck-size:{seat}", "x": x, "y": y + SMALL_H + 0.15, "w": SMALL_W, "label": "deck",
         "value": player["deck_size"], "owner": seat},
    ]
    discard = player["discard"]
    if discard:
        items.append({**_face(discard[-1], texts), "id": f"discard:{seat}", "x": x + 1.9, "y": y, "w": SMALL_W, "h": SMALL_H,
                      "owner": seat, "title": f"{name}'s discard pile, {name_of(discard[-1])} on top ({len(discard)} cards)"})
    items.append({"kind": "counter", "id": f"discard-size:{seat}", "x": x + 1.9, "y": y + SMALL_H + 0.15, "w": SMALL_W,
                  "label": "discard", "value": len(discard), "owner": seat})
    if player["hand"] is None:
        count = player["hand_size"]
        step = min(0.45, (3.8 - SMALL_W) / max(1, count - 1))
        for index in range(count):
            items.append({"kind": "card", "id": f"hidden:{seat}:{index + 1}", "x": round(x + 3.8 + index * step, 3), "y": y,
                          "w": SMALL_W, "h": SMALL_H, "face_down": True, "owner": seat, "title": f"a card in {name}'s hand"})
    items.append({"kind": "counter", "id": f"hand-size:{seat}", "x": x + 3.8, "y": y + SMALL_H + 0.15, "w": SMALL_W,
                  "label": "hand", "value": player["hand_size"], "owner": seat, "title": f"{name} holds {player['hand_size']} cards"})
    return items


def _hand(player: dict[str, Any], name: str, texts: dict[str, Any] | None, y: float) -> list[dict[str, Any]]:
    """The hand face up, in the order held; a card's id counts the copies of it before it."""
    seat, hand = player["seat"], player["hand"]
    step = min(HAND_W + 0.1, (WIDTH - 0.6 - HAND_W) / max(1, len(hand) - 1))
    items, seen = [], {}
    for index, card in enumerate(hand):
        seen[card] = seen.get(card, 0) + 1
        items.append({**_face(card, texts), "id": f"hand:{seat}:{card}:{seen[card]}", "ref": f"card:{card}", "owner": seat,
                      "x": round(0.3 + index * step, 3), "y": y, "w": HAND_W, "h": HAND_H,
                      "title": f"{name_of(card)}, in {name}'s hand"})
    if not hand:
        items.append({"kind": "text", "id": f"empty-hand:{seat}", "x": 0.4, "y": y + 0.5, "size": 0.3, "text": "no cards in hand"})
    return items


def _face(card_id: str, texts: dict[str, Any] | None) -> dict[str, Any]:
    """A card face up: its name, and its kind, cost, effect and who may perform it when its text is known."""
    face: dict[str, Any] = {"kind": "card", "name": name_of(card_id)}
    card = texts["cards"].get(card_id) if texts else None
    if texts is None or card is None:
        return face
    kind = f"{card.window} edge" if card.kind == "edge" else card.kind
    cost = card.cost_under(texts["rules"])
    paid = [f"{cost.energy} energy"] * bool(cost.energy) + [f"die {need}+" for need in cost.dice] + ["a card"] * cost.cards
    effect = ", ".join(key.replace("_", " ") + ("" if value is True else f" {value}") for key, value in card.effect.items())
    if texts["rules"] == "v0.5":
        effect += "".join(f", {key} {card.v05[key]:+d}" for key in ("hit", "defense") if card.v05.get(key))
    performer = texts["characters"].get(card.character or "")
    anyone = "no one (no trait to share)" if texts["generic_cards"] == "trait-needed" else "anyone"
    who = "by " + (f"{performer.name} only" if performer else " or ".join(card.traits) or anyone)
    face["lines"] = [kind, "cost " + (", ".join(paid) or "none"), effect, who]
    face["tone"] = {"attack": "danger", "action": "good", "edge": "light"}[card.kind]
    return face


@functools.cache
def _demo() -> CardSet:
    return card_set(canonical(demo_set_data()))


def _card_texts(view: dict[str, Any]) -> dict[str, Any] | None:
    """The demo set's ``cards`` and ``characters`` by id, and the ``rules`` played, when the view's squads
    and characters are the demo set's; ``None`` when the game plays a set of its own."""
    demo = _demo()
    for player in view["players"]:
        if player["squad"] not in demo.squads:
            return None
        for c in player["characters"]:
            known = demo.characters.get(c["id"])
            if known is None or (known.name, list(known.traits), known.hp, known.energy, known.pool, known.refresh) != (
                    c["name"], c["traits"], c["hp"], c["energy"], c["pool"], c["refresh"]):
                return None
    return {"cards": demo.cards, "characters": demo.characters, "rules": view["rules"],
            "generic_cards": view.get("options", {}).get("generic_cards", "any-character")}
