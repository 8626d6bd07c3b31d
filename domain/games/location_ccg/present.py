"""What players see of a game of the Location CCG: the view (a seat sees its own hand and the cards
it put under its deck; of the other seat only counts; decks' order is no one's; void piles show their
size; banks, discard piles and everything in play are public; with a designer's pool, the faces of the
cards and locations the view names), a sentence per fact and a label per command (``sentences.py``),
and the table drawn for a terminal."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from domain.games.location_ccg.cards import pool_data
from domain.games.location_ccg.sentences import (
    PHASE_WORDS,
    describe,
    describe_command,
    label_command,
    name_of,
)
from domain.games.location_ccg.state import State

__all__ = ["PHASE_WORDS", "describe", "describe_command", "label_command", "name_of", "render", "view"]


def view(state: State, to_act: list[int], viewer: int | None, secrets: bool) -> dict[str, Any]:
    """The table as ``viewer`` sees it (``None``: a spectator); with ``secrets``, every hidden zone."""
    players = []
    for seat, player in enumerate(state.players, 1):
        sees = secrets or viewer == seat
        players.append({
            "seat": seat,
            "hand": list(player["hand"]) if sees else None,
            "hand_size": len(player["hand"]),
            "deck_size": state.deck_size(seat),
            "deck": sorted(player["deck"]) if secrets else None,
            "under": list(player["bottom"]) if sees else None,
            "under_size": len(player["bottom"]),
            "bank": list(player["bank"]),
            "bank_points": "".join(state.pool.cards[card].resources for card in player["bank"]),
            "discard": list(player["discard"]),
            "void_size": len(player["void"]),
            "void": list(player["void"]) if secrets else None,
            "locations_not_placed": list(player["brought"]),
            "locations_won": state.won(seat),
        })
    mission = state.mission
    return {
        "turn": state.turn,
        "turn_limit": state.options["turn_limit"],
        "phase": state.phase,
        "current": state.current,
        "first": state.first,
        "to_act": list(to_act),
        "production_points": state.production,
        "upkeep_due": list(state.upkeep_due),
        "locations": [
            {"place": index + 1, "id": loc["id"], "name": state.location(index).name, "skill": state.location(index).skill,
             "vp": state.location(index).vp, "placed_by": loc["placed_by"], "tokens": dict(loc["tokens"]),
             "won_by": loc["won_by"]}
            for index, loc in enumerate(state.locations)
        ],
        "in_play": [_card(state, uid) for uid in state.in_play],
        "mission": None if mission is None else {
            "location": mission["location"] + 1, "attackers": list(mission["attackers"]),
            "defenders": list(mission["defenders"]),
            "pairs": [{**pair, "opposers": list(pair["opposers"])} for pair in mission["pairs"]],
            "gangs": dict(mission["gangs"])},
        "players": players,
        "options": {key: value for key, value in state.options.items() if key != "decks"},
        "winners": list(state.winners),
        "reason": state.reason,
        "card_pool": _faces(state, players) if state.pool_json else None,
    }


def _faces(state: State, players: list[dict[str, Any]]) -> dict[str, Any]:
    """A designer's pool's entries (as in its JSON) for the cards and locations the view names, so that
    what draws a view alone can show them; a hidden zone's cards are named only where the view shows it."""
    data = pool_data(state.pool_json)
    cards = {c["card"] for c in state.in_play.values()} | {m for c in state.in_play.values() for m in c["modifiers"]}
    locations = {loc["id"] for loc in state.locations}
    for player in players:
        for zone in ("hand", "under", "bank", "discard", "deck", "void"):
            cards.update(player[zone] or [])
        locations.update(player["locations_not_placed"])
    return {"cards": {card: copy.deepcopy(data["cards"][card]) for card in sorted(cards)},
            "locations": {loc: dict(data["locations"][loc]) for loc in sorted(locations)}}


def _card(state: State, uid: str) -> dict[str, Any]:
    c, card = state.in_play[uid], state.card(uid)
    shown: dict[str, Any] = {
        "uid": uid, "card": card.id, "name": card.name, "typeline": card.typeline, "owner": c["owner"],
        "at": "hq" if c["at"] == "hq" else c["at"] + 1, "keywords": keyword_words(card.keywords),
        "ability_used": bool(c["used"]) and c["used"] == state.turn,
    }
    if card.kind == "character":
        shown.update(atk=state.stat(uid, 0), defense=state.stat(uid, 1), skl=state.stat(uid, 2), damage=c["damage"],
                     wounds=c["wounds"], modifiers=list(c["modifiers"]), boost=list(c["boost"]))
    return shown


def keyword_words(keywords: dict[str, Any]) -> list[str]:
    """``{"giant": 2, "upkeep": 1}`` → ``["Giant 2", "Upkeep 1"]``."""
    words = []
    for key, value in keywords.items():
        word = key.replace("_", " ").title()
        words.append(word if value is True else f"{word} {value}")
    return words


# -- the table in a terminal --------------------------------------------------------------------------


def view_names(view: dict[str, Any]) -> dict[str, str] | None:
    """The names of the cards and locations a view of a game with a designer's pool names, by id;
    ``None`` for the demo pool."""
    faces = view.get("card_pool")
    if not faces:
        return None
    return {key: entry["name"] for part in ("locations", "cards") for key, entry in faces[part].items()}


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    lines = []
    names = view_names(view)
    for loc in view["locations"]:
        state = f"won by {seats[loc['won_by'] - 1]}" if loc["won_by"] else \
            f"tokens {seats[0]} {loc['tokens']['1']}, {seats[1]} {loc['tokens']['2']}"
        here = ", ".join(_short(c, names) for c in view["in_play"] if c["at"] == loc["place"])
        lines.append(f"  location {loc['place']} {loc['name']} (Skl {loc['skill']}, VP {loc['vp']}): {state}"
                     + (f"; here: {here}" if here else ""))
    for player in view["players"]:
        seat = player["seat"]
        marker = "*" if seat in view["to_act"] else " "
        hand = (", ".join(name_of(c, names) for c in player["hand"]) or "empty") if player["hand"] is not None \
            else f"{player['hand_size']} cards, hidden"
        lines.append(f"{marker} {seat} {seats[seat - 1]}: hand {hand}")
        under = f" ({player['under_size']} put under)" if player["under_size"] else ""
        lines.append(f"    deck {player['deck_size']}{under}, discard {len(player['discard'])}, void {player['void_size']}, "
                     f"bank {player['bank_points'] or 'empty'}")
        hq = [c for c in view["in_play"] if c["owner"] == seat and c["at"] == "hq"]
        lines.append("    HQ: " + (", ".join(_short(c, names) for c in hq) or "empty"))
    mission = view["mission"]
    if mission:
        pairs = "; ".join(f"#{p['challenger']} vs {', '.join('#' + o for o in p['opposers']) or '?'}" for p in mission["pairs"])
        lines.append(f"  mission at location {mission['location']}" + (f": {pairs}" if pairs else ""))
    lines.append("  " + _whose_turn(view, seats))
    return "\n".join(lines)


def _short(c: dict[str, Any], names: dict[str, str] | None) -> str:
    if "atk" not in c:
        return f"#{c['uid']} {c['name']}" + (" (used)" if c["ability_used"] else "")
    extra = [f"{c['damage']} dmg"] if c["damage"] else []
    extra += [f"{c['wounds']} wound"] if c["wounds"] else []
    extra += [name_of(m, names) for m in c["modifiers"]] + c["keywords"]
    return f"#{c['uid']} {c['name']} {c['atk']}/{c['defense']}/{c['skl']}" + (f" [{', '.join(extra)}]" if extra else "")


def _whose_turn(view: dict[str, Any], seats: Sequence[str]) -> str:
    if view["phase"] == "over":
        return "the game is over" + (f": {view['reason']}" if view["reason"] else "")
    if view["phase"] == "setup" or not view["to_act"]:
        return "the table is not set up yet"
    who = seats[view["to_act"][0] - 1]
    points = f" ({view['production_points']} points left)" if view["phase"] == "production" else ""
    return f"turn {view['turn']}: {who} {PHASE_WORDS.get(view['phase'], view['phase'])}{points}"
