"""Project Assassination drawn (``domain.engine.picture``): the 7x7 bar, each assassin's arms and reserve, the decks.

Built from a view alone. The board is a grid of squares named like a chess board (``a1`` at the bottom
left, Player 1's side), each square toned by what the layout makes it: a spawn point (``base``) or a
rendezvous point (``gold``) in its player's colour, a tunnel (``water``), a heal point (``grass``), a
square crossed for enemies and obstacles (``muted``), an Obstacle on it (``wall``). The assassins,
the enemies and the cards lying on squares stand on them as pieces whose ``ref`` is their square, as
the commands name them (move, attack, place, cage, grenade, strategy). Beside the board, each seat's
health, points and boots as counters, its two weapon slots (``ref`` the slot, for the seat on turn)
and its reserve of items (``ref`` the card, which draw and discard name); under them the decks (``ref``
item and collectible, which draw names), the cards waiting to be resolved, and a compass whose points
are the directions the shotgun and the sniper aim at.

Ids follow the things: ``assassin:<seat>``; an enemy ``enemy:<kind>:<n>``, the n-th of its kind on
the board in the order they came (the view gives enemies no id of their own); a card lying on a
square ``card:<square>:<n>`` (``cards:<square>``, a pile of three or more); a reserve card ``reserve:<seat>:<card>:<n>``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name
from domain.games.project_assassination.board import FILES, RANKS
from domain.games.project_assassination.cards import (
    MAX_BOOTS,
    MAX_HP,
    NAMES,
    RESERVE_LIMIT,
    WEAPONS,
    WINNING_POINTS,
)

BOARD_X, BOARD_Y = 0.5, 1.3
PANEL_X = 8.1
TABLE_X, TABLE_Y = 2.9, 9.1
WIDTH, HEIGHT = 21.0, 11.8
LEGEND = (
    "P1 P2: the players · diamonds: enemies, G grunt, H heavy, M medic, B boss, with their HP · dark grey: an obstacle",
    "S1 S2: spawns · R1 R2: rendezvous · T: a tunnel's ends · +: a heal point · x: no enemy is placed there · "
    "gold: a card lying on the square",
)
"""What the board's marks mean, as the terminal's board says it under the grid."""
SHORT = {
    "boots": "BT", "uzi": "UZI", "sniper": "SN", "shotgun": "SG", "health_pack": "HP", "cage": "CG",
    "loot_crate": "LC", "sight": "SI", "muzzle": "MZ", "grenade": "GR", "paralysis_pistol": "PP",
    "obstacle": "OB", "strategy": "ST", "ambush": "AM", "cover": "CV",
}
ENEMY_LETTER = {"grunt": "G", "heavy": "H", "medic": "M", "boss": "B"}
DIRECTIONS = {"north": (0, -1, "N"), "east": (1, 0, "E"), "south": (0, 1, "S"), "west": (-1, 0, "W")}


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    names = {p["seat"]: seat_name(seats, p["seat"]) for p in view["players"]}
    seat_of = {p["player"]: p["seat"] for p in view["players"]}
    items: list[dict[str, Any]] = [
        {"kind": "text", "id": "title", "x": 0.3, "y": 0.45, "text": f"Project Assassination · round {view['round']} of at most {view['round_limit']}",
         "size": 0.38, "bold": True},
        {"kind": "text", "id": "status", "x": 0.3, "y": 0.95, "text": _status(view, names), "size": 0.34},
    ]
    items += _board(view, names, seat_of)
    items += _compass()
    players = sorted(view["players"], key=lambda p: p["player"])
    for row, player in enumerate(players):
        items += _seat(view, player, names, BOARD_Y + row * 3.75)
    items += _table(view, TABLE_Y)
    return {"width": WIDTH, "height": round(HEIGHT + 0.4 * len(LEGEND) + 0.38 * len(_secrets(view)), 2), "items": items}



def _status(view: dict[str, Any], names: dict[int, str]) -> str:
    if view["outcome"] is not None:
        winners = " and ".join(names[s] for s in view["outcome"]["winners"]) or "nobody"
        return f"Game over: {winners} won ({view['outcome']['reason']})."
    if view["placement"] is not None:
        enemy = view["placement"]["enemy"]
        return f"Enemy placement: {names[view['placement']['seat']]} places the {NAMES[enemy] if enemy else 'next enemy'}."
    turn = view["turn"]
    if turn is None:
        return "Setting up."
    text = (f"{names[turn['seat']]} to play: actions {turn['actions']}/{turn['action_limit']}, "
            f"attacks {turn['attacks']}/{turn['attack_limit']}")
    if turn["pending"]:
        text += f"; to resolve: {', '.join(NAMES.get(c, c.title()) for c in turn['pending'])}"
    elif not turn["drew"] and not turn["acted"]:
        text += "; may draw first"
    return text + "."


def _board(view: dict[str, Any], names: dict[int, str], seat_of: dict[int, int]) -> list[dict[str, Any]]:
    board = view["board"]
    roles: dict[str, tuple[str, str, int | None, str]] = {}  # square: (tone, mark, owner, words)
    tunnel = {a: b for pair in board["tunnels"] for a, b in (pair, pair[::-1])}
    for square in board["no_enemy"]:
        roles[square] = ("muted", "x", None, "no enemy may be placed here")
    for square, other in tunnel.items():
        roles[square] = ("water", "T", None, f"a tunnel to {other}")
    for square in board["heal_points"]:
        roles[square] = ("grass", "+", None, "a heal point")
    for number, square in board["spawns"].items():
        seat = seat_of.get(int(number))
        roles[square] = ("base", f"S{number}", seat, f"Player {number}'s spawn point ({names.get(seat or 0, '?')})")
    for number, square in board["rendezvous"].items():
        seat = seat_of.get(int(number))
        roles[square] = ("gold", f"R{number}", seat, f"Player {number}'s rendezvous point ({names.get(seat or 0, '?')})")
    obstacles = set(view["obstacles"])
    items: list[dict[str, Any]] = []
    for c, file in enumerate(FILES):
        items.append({"kind": "text", "x": BOARD_X + c + 0.5, "y": BOARD_Y + 7.35, "text": file, "size": 0.3, "anchor": "middle"})
    for r, rank in enumerate(RANKS):
        items.append({"kind": "text", "x": BOARD_X - 0.2, "y": BOARD_Y + 6.6 - r, "text": rank, "size": 0.3, "anchor": "middle"})
    for r, rank in enumerate(RANKS):
        for c, file in enumerate(FILES):
            square = file + rank
            tone, mark, owner, words = roles.get(square, ("light" if (r + c) % 2 else "plain", "", None, ""))
            if square in obstacles:
                tone, words = "wall", "an Obstacle" + (f", on {words}" if words else "")
            space = {"kind": "space", "id": square, "x": BOARD_X + c, "y": BOARD_Y + 6 - r, "w": 1, "h": 1, "tone": tone,
                     "label": f"{square} {mark}".strip(), "title": f"{square}: {words}" if words else square}
            if owner is not None:
                space["owner"] = owner
            items.append(space)
    for player in view["players"]:
        status = [s for s in ("covered", "paralysed", "ambushed") if player[s]]
        items.append({"kind": "piece", "id": f"assassin:{player['seat']}", "ref": player["square"], "at": player["square"],
                      "owner": player["seat"], "label": f"P{player['player']}", "shape": "disc", "size": 0.62,
                      "title": f"{names[player['seat']]} (Player {player['player']}) on {player['square']}, "
                               f"{player['hp']} HP" + (f", {', '.join(status)}" if status else "")})
    seen: Counter[str] = Counter()
    for enemy in view["enemies"]:
        n = seen[enemy["kind"]]
        seen[enemy["kind"]] += 1
        held = [f"caged by {names.get(enemy['caged_by'], '?')}"] if enemy["caged_by"] else []
        held += [f"paralysed by {names.get(enemy['paralysed_by'], '?')}"] if enemy["paralysed_by"] else []
        items.append({"kind": "piece", "id": f"enemy:{enemy['kind']}:{n}", "ref": enemy["square"], "at": enemy["square"],
                      "label": f"{ENEMY_LETTER[enemy['kind']]}{enemy['hp']}", "shape": "diamond", "size": 0.62,
                      "tone": "muted" if held else "danger",
                      "title": f"{NAMES[enemy['kind']]} on {enemy['square']}, {enemy['hp']} HP" + (f", {', '.join(held)}" if held else "")})
    for square, cards in view["cards"].items():
        lying = f"lying on {square}"
        if len(cards) > 2:  # a pile (collectibles drawn wait on a rendezvous point): one piece, its cards in words
            items.append({"kind": "piece", "id": f"cards:{square}", "ref": square, "at": square, "label": f"x{len(cards)}",
                          "shape": "square", "size": 0.5, "tone": "gold",
                          "title": f"{len(cards)} cards {lying}: {', '.join(NAMES.get(c, c) for c in cards)}"})
            continue
        for n, card in enumerate(cards):
            items.append({"kind": "piece", "id": f"card:{square}:{n}", "ref": square, "at": square, "label": SHORT.get(card, card[:3]),
                          "shape": "square", "size": 0.5, "tone": "gold", "title": f"{NAMES.get(card, card)} {lying}"})
    return items


def _compass() -> list[dict[str, Any]]:
    """The four directions the shotgun and the sniper may aim at, as points of a compass beside the decks."""
    cx, cy = 1.4, TABLE_Y + 1.0
    items: list[dict[str, Any]] = [{"kind": "text", "x": cx, "y": TABLE_Y + 2.35, "text": "aim", "size": 0.26, "anchor": "middle"}]
    for direction, (dx, dy, letter) in DIRECTIONS.items():
        items.append({"kind": "piece", "id": f"aim:{direction}", "ref": direction, "x": cx + 0.7 * dx, "y": cy + 0.7 * dy,
                      "label": letter, "shape": "diamond", "size": 0.5, "tone": "muted", "title": f"aim {direction}"})
    return items


def _seat(view: dict[str, Any], player: dict[str, Any], names: dict[int, str], y: float) -> list[dict[str, Any]]:
    seat = player["seat"]
    turn = view["turn"]
    on_turn = turn is not None and turn["seat"] == seat
    status = [s for s in ("covered", "paralysed", "ambushed") if player[s]]
    heading = f"Player {player['player']}: {names[seat]}" + (" · to play" if on_turn else "")
    items: list[dict[str, Any]] = [
        {"kind": "area", "id": f"seat:{seat}", "x": PANEL_X, "y": y - 0.1, "w": WIDTH - PANEL_X - 0.2, "h": 3.55, "owner": seat,
         "title": f"{names[seat]}'s arms and reserve"},
        {"kind": "text", "id": f"name:{seat}", "x": PANEL_X + 0.2, "y": y + 0.35, "text": heading, "size": 0.36, "bold": True, "owner": seat},
        {"kind": "text", "id": f"state:{seat}", "x": WIDTH - 0.45, "y": y + 0.35, "text": ", ".join(status), "size": 0.3, "anchor": "end"},
    ]
    numbers = (("HP", player["hp"], MAX_HP), ("VP", player["vp"], WINNING_POINTS), ("Boots", player["boots"], MAX_BOOTS),
               ("Reserve", len(player["reserve"]), RESERVE_LIMIT))
    for n, (label, value, top) in enumerate(numbers):
        items.append({"kind": "counter", "id": f"{label.lower()}:{seat}", "x": PANEL_X + 0.2 + n * 3.05, "y": y + 0.6, "label": label,
                      "value": value, "max": top, "w": 2.85, "owner": seat, "title": f"{names[seat]}: {label} {value} of {top}"})
    for slot, weapon in enumerate(player["weapons"], 1):
        card: dict[str, Any] = {"kind": "card", "id": f"weapon:{seat}:{slot}", "x": PANEL_X + 0.2 + (slot - 1) * 1.85, "y": y + 1.45,
                                "w": 1.75, "h": 1.9, "owner": seat, "corner": str(slot)}
        if weapon is None:
            card.update(name="empty", lines=[f"slot {slot}"], tone="muted", title=f"{names[seat]}'s weapon slot {slot}: empty")
        else:
            extras = [a.title() for a in ("sight", "muzzle") if weapon[a]]
            card.update(name=NAMES[weapon["card"]], lines=[f"+{e}" for e in extras] or [_reach(weapon["card"])],
                        title=f"{names[seat]}'s {NAMES[weapon['card']]} in slot {slot}" + (f" with {' and '.join(extras)}" if extras else ""))
        if on_turn:
            card["ref"] = str(slot)
        items.append(card)
    reserve = player["reserve"]
    step = min(1.75, 8.5 / max(1, len(reserve)))
    seen: Counter[str] = Counter()
    for n, name in enumerate(reserve):
        items.append({"kind": "card", "id": f"reserve:{seat}:{name}:{seen[name]}", "ref": name, "x": PANEL_X + 4.0 + n * step, "y": y + 1.45,
                      "w": step - 0.1, "h": 1.9, "name": NAMES.get(name, name), "tone": "accent",
                      "title": f"{names[seat]}'s {NAMES.get(name, name)} in reserve"})
        seen[name] += 1
    return items


def _reach(card: str) -> str:
    weapon = WEAPONS.get(card)
    if weapon is None:
        return ""
    return "reach any" if weapon.range is None else f"reach {weapon.range}"


def _table(view: dict[str, Any], y: float) -> list[dict[str, Any]]:
    """The decks, the cards waiting to be resolved or placed, the discards, and (the owner's) what the decks hold."""
    items: list[dict[str, Any]] = []
    decks = view["decks"]
    for n, deck in enumerate(("item", "collectible", "enemy")):
        card = {"kind": "card", "id": f"deck:{deck}", "x": TABLE_X + n * 2.2, "y": y, "w": 1.8, "h": 2.0, "face_down": True,
                "corner": str(decks[deck]), "title": f"the {deck} deck: {decks[deck]} cards"}
        if deck != "enemy":
            card["ref"] = deck
        items.append(card)
        items.append({"kind": "text", "x": TABLE_X + 0.9 + n * 2.2, "y": y + 2.35, "text": f"{deck} {decks[deck]}", "size": 0.26, "anchor": "middle"})
    waiting: list[tuple[str, str, str]] = []  # (card, words, ref)
    turn, placement = view["turn"], view["placement"]
    if turn is not None:
        for n, card in enumerate(turn["pending"]):
            ref = "0" if n == 0 and card in WEAPONS else ""
            waiting.append((card, "to resolve" + (" (drop slot 0 turns it down)" if ref else ""), ref))
    if placement is not None and placement["enemy"]:
        waiting.append((placement["enemy"], "to place", ""))
    x = TABLE_X + 6.8
    for n, (card, words, ref) in enumerate(waiting[:4]):
        item = {"kind": "card", "id": f"waiting:{n}", "x": x + n * 1.9, "y": y, "w": 1.8, "h": 2.0, "name": NAMES.get(card, card.title()),
                "lines": [words.split(" (")[0]], "tone": "danger" if card in ENEMY_LETTER else "gold",
                "title": f"{NAMES.get(card, card.title())} {words}"}
        if ref:
            item["ref"] = ref
        items.append(item)
    discards = view["discards"]
    gone = ", ".join(f"{deck} {len(cards)}" for deck, cards in discards.items() if cards)
    under = ", ".join(NAMES[c] for c in view.get("enemy_bottom", []))
    items.append({"kind": "text", "id": "discards", "x": WIDTH - 0.3, "y": y + 2.35, "anchor": "end", "size": 0.26,
                  "text": f"discarded: {gone or 'none'}" + (f"; under the enemy deck: {under}" if under else "")})
    for n, line in enumerate(LEGEND):
        items.append({"kind": "text", "id": f"legend:{n}", "x": 0.3, "y": y + 2.95 + 0.4 * n, "text": line, "size": 0.27})
    for n, line in enumerate(_secrets(view)):
        items.append({"kind": "text", "id": f"secret:{n}", "x": 0.3, "y": y + 2.95 + 0.4 * len(LEGEND) + 0.38 * n, "text": line, "size": 0.27})
    return items


def _secrets(view: dict[str, Any]) -> list[str]:
    """The owner's view only: which cards each deck holds (or, in a game of rules v1, their order)."""
    lines = []
    for deck, held in view.get("deck_contents", {}).items():
        lines.append(f"{deck} deck holds: " + (", ".join(f"{NAMES.get(c, c)} {k}" for c, k in held.items()) or "nothing"))
    for deck, order in view.get("deck_order", {}).items():
        lines.append(f"{deck} deck, top first: " + (", ".join(NAMES.get(c, c) for c in order) or "nothing"))
    return lines
