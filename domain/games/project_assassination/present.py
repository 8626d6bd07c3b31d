"""What players see: the view as JSON and the board drawn for a terminal; the sentence for each fact and
command is ``sentences``' (``describe``, ``describe_command``), given here with the rest for the contract."""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from domain.games.project_assassination.board import FILES, RANKS, board_of
from domain.games.project_assassination.cards import NAMES
from domain.games.project_assassination.sentences import describe, describe_command
from domain.games.project_assassination.state import State

Limit = Callable[[State, int], int]
DECKS = ("item", "collectible", "enemy")
__all__ = ["view", "render", "describe", "describe_command"]


def view(state: State, to_act: list[int], action_limit: Limit, attack_limit: Limit, secrets: bool) -> dict[str, Any]:
    """Everything on the table (reserves are public) and how many cards each deck holds; with
    ``secrets`` (the owner's view) which cards: the decks' order in a game that recorded one (rules
    v1), else each deck's cards and how many of each, as they lie in no order."""
    board = state.board
    players = []
    for seat, player in enumerate(state.players, 1):
        number = state.number(seat)
        players.append({
            "seat": seat,
            "player": number,
            "square": player["square"],
            "hp": player["hp"],
            "vp": player["vp"],
            "weapons": [dict(w) if w else None for w in player["slots"]],
            "boots": player["boots"],
            "reserve": list(player["reserve"]),
            "covered": player["covered"],
            "paralysed": player["paralysed"],
            "ambushed": player["ambushed"],
            "spawn": board.spawns[number],
            "rendezvous": board.rendezvous[number],
        })
    result: dict[str, Any] = {
        "board": _board_view(state.layout),
        "phase": state.phase,
        "round": state.round,
        "round_limit": state.round_limit,
        "to_act": list(to_act),
        "players": players,
        "enemies": [dict(e) for e in state.enemies],
        "obstacles": sorted(state.obstacles),
        "cards": {square: list(cards) for square, cards in sorted(state.cards.items())},
        "decks": {"item": len(state.item_deck), "collectible": len(state.collectible_deck), "enemy": state.enemies_left},
        "discards": {
            "item": list(state.item_discard),
            "collectible": list(state.collectible_discard),
            "sniper": list(state.sniper_discard),
            "enemy": list(state.enemy_discard),
        },
        "turn": None,
        "placement": None,
        "outcome": {"winners": list(state.winners), "reason": state.reason} if state.phase == "over" else None,
    }
    if state.phase == "turn":
        seat = state.current
        result["turn"] = {
            "seat": seat,
            "drew": state.drew,
            "acted": state.acted,
            "actions": state.actions,
            "action_limit": action_limit(state, seat),
            "attacks": state.attacks,
            "attack_limit": attack_limit(state, seat),
            "healed": state.healed,
            "pending": list(state.pending),
        }
    elif state.phase == "placement":
        result["placement"] = {"seat": state.current, "enemy": state.enemy_in_hand or None}
    if not state.ordered:
        result["enemy_bottom"] = list(state.enemy_bottom)  # every seat saw them put there
    if secrets and state.ordered:
        result["deck_order"] = {deck: list(state.deck(deck)) for deck in DECKS}
    elif secrets:
        cards = {deck: state.deck(deck) + (state.enemy_bottom if deck == "enemy" else []) for deck in DECKS}
        result["deck_contents"] = {deck: dict(sorted(Counter(held).items())) for deck, held in cards.items()}
    return result


def _board_view(layout_json: str) -> dict[str, Any]:
    """The view's ``board``: a fresh copy (a caller may change its view) of what the layout shows."""
    shown = _shown_board(layout_json)
    return {
        "spawns": dict(shown["spawns"]),
        "rendezvous": dict(shown["rendezvous"]),
        "tunnels": [list(pair) for pair in shown["tunnels"]],
        "heal_points": list(shown["heal_points"]),
        "no_enemy": list(shown["no_enemy"]),
        "no_obstacle": list(shown["no_obstacle"]),
    }


@functools.lru_cache(maxsize=64)
def _shown_board(layout_json: str) -> dict[str, Any]:
    """What the view shows of a layout (in canonical JSON), decoded once per process and never
    handed out: the layout's special squares as the layout names them (``"1"``, ``"2"``: JSON keys),
    and the squares no enemy or obstacle may take (the text's restrictions folded in), sorted. A
    layout is checked against ``LAYOUT_SCHEMA`` before a game holds it, so its values are squares
    (strings), lists of squares, and pairs of squares: copied as such by ``_board_view``."""
    layout = json.loads(layout_json)
    board = board_of(layout_json)
    return {
        "spawns": layout["spawns"],
        "rendezvous": layout["rendezvous"],
        "tunnels": layout["tunnels"],
        "heal_points": layout["heal_points"],
        "no_enemy": sorted(board.no_enemy),
        "no_obstacle": sorted(board.no_obstacle),
    }


# -- the board for a terminal ---------------------------------------------------------------------

SHORT = {
    "boots": "BOOT", "uzi": "UZI", "sniper": "SNIP", "shotgun": "SHOT", "health_pack": "HLTH",
    "cage": "CAGE", "loot_crate": "LOOT", "sight": "SGHT", "muzzle": "MUZL", "grenade": "GREN",
    "paralysis_pistol": "PARA",
}
ENEMY_LETTER = {"grunt": "G", "heavy": "H", "medic": "M", "boss": "B"}


def _weapon(weapon: dict[str, Any] | None) -> str:
    if weapon is None:
        return "-"
    extras = "".join(f"+{a_}" for a_ in ("sight", "muzzle") if weapon[a_])
    return NAMES[weapon["card"]] + extras


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    board = view["board"]
    special: dict[str, str] = {}
    for player, square in board["spawns"].items():
        special[square] = f"S{player}"
    for player, square in board["rendezvous"].items():
        special[square] = f"R{player}"
    for pair in board["tunnels"]:
        for square in pair:
            special[square] = "T"
    for square in board["heal_points"]:
        special[square] = "+"
    by_player = {p["square"]: p for p in view["players"]}
    enemies = {e["square"]: e for e in view["enemies"]}

    def cell(square: str) -> str:
        if square in by_player:
            return f"[P{by_player[square]['player']}]"
        if square in enemies:
            e = enemies[square]
            mark = "c" if e["caged_by"] else "z" if e["paralysed_by"] else ""
            return f"{ENEMY_LETTER[e['kind']]}{e['hp']}{mark}"
        if square in view["obstacles"]:
            return "####"
        cards = view["cards"].get(square, [])
        if square in special and special[square].startswith("R"):
            return f"{special[square]}:{len(cards)}" if cards else special[square]
        if cards:
            first: str = cards[0]
            return SHORT.get(first, first[:4].upper())
        if square in special:
            return special[square]
        if square in board["no_enemy"]:
            return "x"
        return "."

    line = "    +" + "------+" * len(FILES)
    rows = ["       " + "      ".join(FILES), line]
    for rank in reversed(RANKS):
        rows.append(f"  {rank} |" + "|".join(f"{cell(file + rank):^6}" for file in FILES) + "|")
        rows.append(line)
    rows.append(
        "  [P1] [P2] players  G grunt H heavy M medic B boss (+HP, c caged, z paralysed)  #### obstacle\n"
        "  S spawn  R rendezvous (:cards)  T tunnel  + heal point  x no enemies  UZI BOOT SNIP preset cards"
    )
    for p in sorted(view["players"], key=lambda p: p["player"]):
        status = [s for s in ("covered", "paralysed", "ambushed") if p[s]]
        reserve = ", ".join(NAMES[c] for c in p["reserve"]) or "-"
        rows.append(
            f"  P{p['player']} {seats[p['seat'] - 1]:<12} HP {p['hp']:>2}/10  VP {p['vp']:>2}/12  "
            f"weapons: {_weapon(p['weapons'][0])}, {_weapon(p['weapons'][1])}  boots: {p['boots']}  "
            f"reserve: {reserve}" + (f"  ({', '.join(status)})" if status else "")
        )
    for square, cards in view["cards"].items():
        if special.get(square, "").startswith("R") and cards:
            rows.append(f"  on {special[square]} ({square}): {', '.join(NAMES[c] for c in cards)}")
    decks = view["decks"]
    under = ", ".join(NAMES[c] for c in view.get("enemy_bottom", []))
    rows.append(
        f"  round {view['round']} of at most {view['round_limit']}; decks: item {decks['item']}, "
        f"collectible {decks['collectible']}, enemy {decks['enemy']}" + (f" ({under} at the bottom)" if under else "")
    )
    turn = view["turn"]
    if turn is not None:
        who = seats[turn["seat"] - 1]
        rows.append(
            f"  {who} to play: actions {turn['actions']}/{turn['action_limit']}, attacks {turn['attacks']}/{turn['attack_limit']}"
            + (f", to resolve: {', '.join(NAMES.get(c, c) for c in turn['pending'])}" if turn["pending"] else "")
        )
    if view["placement"] is not None:
        enemy = view["placement"]["enemy"]
        rows.append(f"  {seats[view['placement']['seat'] - 1]} places the {NAMES[enemy] if enemy else 'next enemy'}")
    if view["outcome"] is not None:
        winners = " and ".join(seats[s - 1] for s in view["outcome"]["winners"]) or "nobody"
        rows.append(f"  over: {winners} won ({view['outcome']['reason']})")
    return "\n".join(rows)
