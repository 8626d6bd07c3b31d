"""The Location CCG drawn (``domain.engine.picture``), from a view alone: the seat whose view it is sits at the
bottom (seat 1 for a spectator or the owner), the other at the top, and the three locations between
them.

Each seat has a strip of counters (cards in hand, deck, cards put under it, bank points, discard and
void piles, locations won), its hand (face up when the view holds it, small face-down cards when it
does not) and its HQ (characters and assets at home). Each location shows the cards of both players
there, the location card (skill, victory points, who won it) and each player's victory point tokens;
the contested one is toned, with lines from each challenger to its opposers; a place not yet filled
is an empty area. Cards in play are
``play:<uid>`` with ``ref`` ``#<uid>`` (what upkeep, activate, send, challenge, oppose, gang and a play's
target name), cards in hand ``hand:<seat>:<card>:<copy>`` with ``ref`` ``card:<card id>`` (play, bank,
discard, mulligan), locations ``loc:<place>`` with ``ref`` ``location:<place>`` (attack) and, while
locations are chosen, the ones a player still holds ``brought:<seat>:<id>`` with ``ref`` ``location:<id>``
(``refs.command_refs`` says what each command names). A game with a designer's pool brings the faces of
the cards its view names (``card_pool``); the demo pool's are known here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import legend, seat_name
from domain.games.location_ccg.cards import Pool
from domain.games.location_ccg.faces import card_name as _card_name
from domain.games.location_ccg.faces import card_words as _card_words
from domain.games.location_ccg.faces import hand_lines as _hand_lines
from domain.games.location_ccg.faces import view_pool
from domain.games.location_ccg.present import PHASE_WORDS
from domain.games.location_ccg.refs import in_hand, in_play, location

Item = dict[str, Any]
WIDTH = 20.0
MARGIN = 0.2
ROW_LEFT = 1.2
"""Where a row's cards start, leaving the row's label to their left."""
HAND_W, HAND_H = 2.35, 2.7
PLAY_W, PLAY_H = 2.2, 2.5
HIDDEN_W, HIDDEN_H = 0.95, 1.3
COUNTER_H = 0.7
LOC_W = (WIDTH - 2 * MARGIN - 2 * MARGIN) / 3
LOC_H = 7.6
LEGEND = (
    "blue location: the one under attack · grey: a location won, or a place not filled yet · lines: challengers to their opposers",
    "green card in an HQ: a location its player may put into play · red card: upkeep due, or damage on it · grey card: its ability used",
)
"""What the board's tones and marks mean."""


def picture(view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    players = {player["seat"]: player for player in view["players"]}
    if not players:
        return {"width": WIDTH, "height": 1.0, "items": [_status(view, seats)]}
    cards = view_pool(view)
    seeing = [seat for seat, player in players.items() if player["hand"] is not None]
    bottom = seeing[0] if len(seeing) == 1 else 1
    top = 3 - bottom
    items: list[Item] = [_status(view, seats)]
    lines: list[Item] = []
    y = 0.85
    y = _add(items, _counters(view, players[top], seats, y, cards), y)
    y = _add(items, _hand(players[top], seats, y, cards), y)
    y = _add(items, _hq(view, top, seats, y, cards), y) + 0.15
    for index in range(3):
        x = MARGIN + index * (LOC_W + MARGIN)
        if index < len(view["locations"]):
            items += _location(view, view["locations"][index], top, bottom, seats, x, y, lines, cards)
        else:
            items.append({"kind": "area", "id": f"locarea:{index + 1}", "x": round(x, 3), "y": y, "w": round(LOC_W, 3),
                          "h": LOC_H, "label": f"location {index + 1}: not placed yet", "tone": "muted"})
    y += LOC_H + 0.15
    y = _add(items, _hq(view, bottom, seats, y, cards), y)
    y = _add(items, _hand(players[bottom], seats, y, cards), y)
    y = _add(items, _counters(view, players[bottom], seats, y, cards), y)
    marks, tall = legend(LEGEND, y)
    return {"width": WIDTH, "height": round(y + tall + 0.1, 2), "items": items + lines + marks}


def _add(items: list[Item], part: tuple[list[Item], float], y: float) -> float:
    """Add a part's items; the y under it."""
    items += part[0]
    return y + part[1]



# -- the words at the top ---------------------------------------------------------------------------


def _status(view: dict[str, Any], seats: Sequence[str]) -> Item:
    phase = view["phase"]
    if phase == "over":
        winners = view["winners"]
        who = (f"{seat_name(seats, winners[0])} wins" if winners else "a draw")
        text = f"Game over: {who}" + (f" ({view['reason']})" if view["reason"] else "")
        return {"kind": "text", "id": "status", "x": 0.3, "y": 0.55, "text": text, "size": 0.4, "bold": True}
    if not view["to_act"]:
        return {"kind": "text", "id": "status", "x": 0.3, "y": 0.55, "text": "The table is not set up yet", "size": 0.4}
    who = seat_name(seats, view["to_act"][0])
    points = f" ({view['production_points']} points left)" if phase == "production" else ""
    when = "Setting up" if phase in ("locations", "mulligan") else f"Turn {view['turn']} of {view['turn_limit']}"
    text = f"{when}. {who}: {PHASE_WORDS.get(phase, phase)}{points}"
    return {"kind": "text", "id": "status", "x": 0.3, "y": 0.55, "text": text, "size": 0.4, "bold": True,
            "owner": view["to_act"][0]}


# -- a seat's strip, hand and HQ --------------------------------------------------------------------


def _counters(view: dict[str, Any], player: dict[str, Any], seats: Sequence[str], y: float,
              cards: Pool) -> tuple[list[Item], float]:
    seat, name = player["seat"], seat_name(seats, player["seat"])
    acting = " (to act)" if seat in view["to_act"] else ""
    items: list[Item] = [{"kind": "text", "id": f"name:{seat}", "x": 0.3, "y": y + 0.42, "text": name + acting,
                          "size": 0.34, "bold": True, "owner": seat}]
    bank = player["bank_points"]
    under = f": {', '.join(_card_name(c, cards) for c in player['under'])}" if player.get("under") else ""
    shown = [
        ("hand", player["hand_size"], 1.5, f"{name} holds {player['hand_size']} cards in hand"),
        ("deck", player["deck_size"], 1.5, f"{name}'s deck: {player['deck_size']} cards"),
        ("under", player["under_size"], 1.5, f"{name} put {player['under_size']} cards under the deck{under}"),
        ("bank", bank if len(bank) <= 14 else f"{len(bank)} pts", 3.2,
         f"{name}'s bank: {', '.join(_card_name(c, cards) for c in player['bank']) or 'empty'} ({len(bank)} points)"),
        ("discard", len(player["discard"]), 1.7,
         f"{name}'s discard pile: {', '.join(_card_name(c, cards) for c in player['discard']) or 'empty'}"),
        ("void", player["void_size"], 1.5, f"{name}'s void pile: {player['void_size']} cards"),
        ("won", player["locations_won"], 1.5, f"{name} has won {player['locations_won']} of the 3 locations"),
    ]
    x = WIDTH - MARGIN - sum(w for _, _, w, _ in shown) - 0.1 * (len(shown) - 1)
    for label, value, w, title in shown:
        items.append({"kind": "counter", "id": f"{label}:{seat}", "x": round(x, 2), "y": y + 0.1, "w": w,
                      "label": label, "value": value if value != "" else "0", "owner": seat, "title": title})
        x += w + 0.1
    return items, COUNTER_H


def _hand(player: dict[str, Any], seats: Sequence[str], y: float, cards: Pool) -> tuple[list[Item], float]:
    seat, name = player["seat"], seat_name(seats, player["seat"])
    hidden = player["hand"] is None
    w, h = (HIDDEN_W, HIDDEN_H) if hidden else (HAND_W, HAND_H)
    items: list[Item] = [{"kind": "area", "id": f"handarea:{seat}", "x": MARGIN, "y": y, "w": WIDTH - 2 * MARGIN,
                          "h": h + 0.3, "label": "hand", "owner": seat}]
    if hidden:
        for n, x in enumerate(_spread(player["hand_size"], w, ROW_LEFT, WIDTH - MARGIN - 0.1)):
            items.append({"kind": "card", "id": f"hand:{seat}:{n}", "x": x, "y": y + 0.15, "w": w, "h": h,
                          "face_down": True, "owner": seat, "title": f"one of {name}'s {player['hand_size']} hidden cards"})
        return items, h + 0.45
    copies: dict[str, int] = {}
    for card_id, x in zip(player["hand"], _spread(len(player["hand"]), w, ROW_LEFT, WIDTH - MARGIN - 0.1), strict=True):
        copy = copies[card_id] = copies.get(card_id, 0) + 1
        card = cards.cards[card_id]
        items.append({"kind": "card", "id": f"hand:{seat}:{card_id}:{copy}", "ref": in_hand(card_id), "x": x, "y": y + 0.15,
                      "w": w, "h": h, "name": card.name, "corner": str(card.cost), "lines": _hand_lines(card),
                      "owner": seat, "title": f"{card.name} in {name}'s hand: {_card_words(card)}"})
    return items, h + 0.45


def _hq(view: dict[str, Any], seat: int, seats: Sequence[str], y: float, cards: Pool) -> tuple[list[Item], float]:
    name = seat_name(seats, seat)
    items: list[Item] = [{"kind": "area", "id": f"hq:{seat}", "x": MARGIN, "y": y, "w": WIDTH - 2 * MARGIN,
                          "h": PLAY_H + 0.3, "label": "HQ", "owner": seat}]
    here = [c for c in view["in_play"] if c["owner"] == seat and c["at"] == "hq"]
    placing = view["phase"] == "locations"
    brought = next(p["locations_not_placed"] for p in view["players"] if p["seat"] == seat) if placing else []
    xs = _spread(len(here) + len(brought), PLAY_W, ROW_LEFT, WIDTH - MARGIN - 0.1)
    for loc_id, x in zip(brought, xs, strict=False):
        loc = cards.locations[loc_id]
        items.append({"kind": "card", "id": f"brought:{seat}:{loc_id}", "ref": location(loc_id), "x": x, "y": y + 0.15,
                      "w": PLAY_W, "h": PLAY_H, "name": loc.name, "lines": ["location", f"skill {loc.skill}", f"VP {loc.vp}"],
                      "owner": seat, "tone": "grass", "title": f"{name} may put {loc.name} into play (skill {loc.skill}, VP {loc.vp})"})
    for c, x in zip(here, xs[len(brought):], strict=True):
        items.append(_in_play(view, c, seats, x, y + 0.15, PLAY_W, cards))
    return items, PLAY_H + 0.45


def _spread(count: int, w: float, left: float, right: float) -> list[float]:
    """The x of each of ``count`` cards ``w`` wide from ``left``, overlapping when they would pass ``right``."""
    if count == 0:
        return []
    step = w + 0.15 if count == 1 else min(w + 0.15, (right - left - w) / (count - 1))
    return [round(left + n * step, 3) for n in range(count)]


# -- the locations ---------------------------------------------------------------------------------


def _location(view: dict[str, Any], loc: dict[str, Any], top: int, bottom: int, seats: Sequence[str], x: float, y: float,
              lines: list[Item], cards: Pool) -> list[Item]:
    place, mission = loc["place"], view["mission"]
    contested = mission is not None and mission["location"] == place
    area: Item = {"kind": "area", "id": f"locarea:{place}", "x": round(x, 3), "y": y, "w": round(LOC_W, 3), "h": LOC_H,
                  "label": f"location {place}" + (" (contested)" if contested else "")}
    if contested:
        area["tone"] = "accent"
    elif loc["won_by"]:
        area["tone"] = "muted"
    items = [area]
    centres: dict[str, tuple[float, float, float]] = {}
    for seat, row_y in ((top, y + 0.45), (bottom, y + LOC_H - PLAY_H - 0.15)):
        here = [c for c in view["in_play"] if c["owner"] == seat and c["at"] == place]
        w = PLAY_W if len(here) < 3 else 1.95
        for c, cx in zip(here, _spread(len(here), w, x + 0.15, x + LOC_W - 0.15), strict=True):
            items.append(_in_play(view, c, seats, cx, row_y, w, cards))
            centres[c["uid"]] = (cx + w / 2, row_y, row_y + PLAY_H)
    mid = y + 0.45 + PLAY_H + 0.15
    name = loc["name"]
    card: Item = {"kind": "card", "id": f"loc:{place}", "ref": location(place), "x": round(x + 0.15, 3), "y": round(mid, 3),
                  "w": 2.1, "h": 1.7, "name": name, "lines": [f"skill {loc['skill']}, VP {loc['vp']}"],
                  "title": f"location {place}, {name}: skill {loc['skill']}, {loc['vp']} VP, placed by {seat_name(seats, loc['placed_by'])}"}
    if loc["won_by"]:
        card.update(owner=loc["won_by"], tone="gold")
        card["lines"].append(f"won by {seat_name(seats, loc['won_by'])}")
        card["title"] += f"; won by {seat_name(seats, loc['won_by'])}"
    items.append(card)
    for n, seat in enumerate((top, bottom)):
        tokens = loc["tokens"].get(str(seat), 0)
        items.append({"kind": "counter", "id": f"tokens:{place}:{seat}", "x": round(x + 2.45, 3), "y": round(mid + 0.1 + 0.6 * n, 3),
                      "w": round(LOC_W - 2.65, 3), "label": "VP tokens", "value": tokens, "owner": seat,
                      "title": f"{seat_name(seats, seat)}'s victory point tokens on {name}: {tokens}"})
    if contested:
        attacker = view["current"]
        items.append({"kind": "text", "id": f"mission:{place}", "x": round(x + 2.45, 3), "y": round(mid + 1.55, 3),
                      "text": "under attack", "size": 0.3, "bold": True, "owner": attacker,
                      "title": f"{seat_name(seats, attacker)} attacks {name}"})
        for pair in mission["pairs"]:
            for opposer in pair["opposers"]:
                a, b = centres.get(pair["challenger"]), centres.get(opposer)
                if a and b:
                    upper, lower = (a, b) if a[1] < b[1] else (b, a)
                    lane, high, low = x + 2.35, upper[2] + 0.075, lower[1] - 0.075  # around the location card
                    route = [(upper[0], upper[2]), (upper[0], high), (lane, high), (lane, low), (lower[0], low), (lower[0], lower[1])]
                    lines.append({"kind": "line", "id": f"pair:{pair['challenger']}:{opposer}",
                                  "points": [[round(px, 3), round(py, 3)] for px, py in route],
                                  "width": 0.08, "owner": pair["seat"],
                                  "title": f"#{pair['challenger']} challenged, opposed by #{opposer}"})
    return items


# -- cards ---------------------------------------------------------------------------------------


def _in_play(view: dict[str, Any], c: dict[str, Any], seats: Sequence[str], x: float, y: float, w: float, cards: Pool) -> Item:
    uid, owner = c["uid"], c["owner"]
    where = "the HQ" if c["at"] == "hq" else f"location {c['at']}"
    item: Item = {"kind": "card", "id": f"play:{uid}", "ref": in_play(uid), "x": x, "y": round(y, 3), "w": w, "h": PLAY_H,
                  "name": c["name"], "corner": uid, "owner": owner}
    notes = _roles(view, uid)
    if uid in view["upkeep_due"]:
        notes.append("upkeep due")
        item["tone"] = "danger"
    if "atk" in c:
        lines = [f"{c['atk']}/{c['defense']}/{c['skl']}"]
        lines += [f"{c['damage']} damage"] if c["damage"] else []
        lines += [f"{c['wounds']} wound"] if c["wounds"] else []
        lines += [_card_name(m, cards) for m in c["modifiers"]] + c["keywords"] + notes
        words = (f"Atk {c['atk']}, Def {c['defense']}, Skl {c['skl']}"
                 + (f", {c['damage']} damage" if c["damage"] else "") + (f", {c['wounds']} wounds" if c["wounds"] else ""))
        if c["damage"] and "tone" not in item:
            item["tone"] = "danger"
    else:
        lines = [c["typeline"]] + c["keywords"] + (["used this turn"] if c["ability_used"] else []) + notes
        words = c["typeline"] + (", its ability used this turn" if c["ability_used"] else "")
        if c["ability_used"] and "tone" not in item:
            item["tone"] = "muted"
    extras = [_card_name(m, cards) for m in c.get("modifiers", [])] + c["keywords"] + notes
    item["lines"] = lines
    item["title"] = f"{seat_name(seats, owner)}'s {c['name']} #{uid} at {where}: {words}" + (f"; {', '.join(extras)}" if extras else "")
    return item


def _roles(view: dict[str, Any], uid: str) -> list[str]:
    mission = view["mission"]
    if mission is None:
        return []
    roles = ["attacker"] if uid in mission["attackers"] else ["defender"] if uid in mission["defenders"] else []
    for pair in mission["pairs"]:
        if pair["challenger"] == uid:
            roles.append("challenger")
        if uid in pair["opposers"]:
            roles.append(f"opposes #{pair['challenger']}")
    if uid in mission["gangs"]:
        roles.append(f"Gang: helps #{mission['gangs'][uid]}")
    return roles
