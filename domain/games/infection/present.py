"""What players see: the view as JSON, one sentence per fact, and the board drawn for a terminal.

Hands, played cards, HP, carried cures and debuffs are public (every player has the same ten cards
and plays them face up). Face-down tiles are unknown to both players: a view shows where they lie and
how many of each kind are left in each region (the text's counts less the tiles revealed), never
which tile lies where. Under rules v2 nobody knows that, the owner neither: a tile is chosen when it
is turned over. Under rules v1 the placement was laid at setup, and the owner's view shows it
(``hidden_tiles``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.infection import facts as f
from domain.games.infection.board import (
    COLOURS,
    FILES,
    RANKS,
    SQUARES,
    VILLAGE_RANK,
)
from domain.games.infection.cards import CARDS, NAMES, a_card
from domain.games.infection.checks import villager_name
from domain.games.infection.state import State


def view(state: State, to_act: list[int], secrets: bool) -> dict[str, Any]:
    """Everything on the table; with ``secrets``, under rules v1, which tile lies face down where."""
    sides = []
    for seat, side in enumerate(state.sides, 1):
        sides.append({
            "seat": seat,
            "colour": COLOURS[seat],
            "village_rank": VILLAGE_RANK[seat],
            "cures_home": side["village"],
            "hand": dict(side["hand"]),
            "played": dict(side["played"]),
            "steal_used": side["steal_used"],
            "villagers": [
                {
                    "villager": number,
                    "name": villager_name(seat, number),
                    "square": v["square"],
                    "hp": v["hp"],
                    "cure": v["cure"],
                    "cannot_move_next_turn": v["cannot_move"],
                    "cannot_use_weapon_next_turn": v["cannot_use_weapon"],
                }
                for number, v in enumerate(side["villagers"], 1)
            ],
        })
    result: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "round_limit": state.round_limit,
        "turn": state.turns,
        "to_act": list(to_act),
        "on_turn": None,
        "sides": sides,
        "face_down": [square for square in SQUARES if square in state.tiles],
        "lying_cures": {square: state.cures[square] for square in SQUARES if square in state.cures},
        "unrevealed": state.left_face_down(),
        "pending": [dict(choice) for choice in state.pending],
        "outcome": {"winners": list(state.winners), "reason": state.reason} if state.phase == "over" else None,
    }
    if state.phase == "turn":
        result["on_turn"] = {
            "seat": state.current,
            "villager": state.villager,
            "name": villager_name(state.current, state.villager),
            "cannot_move": state.turn_cannot_move,
            "cannot_use_weapon": state.turn_cannot_use_weapon,
        }
    if secrets and not state.chosen_when_turned:
        result["hidden_tiles"] = {square: state.tiles[square] for square in SQUARES if square in state.tiles}
    return result


# -- sentences ----------------------------------------------------------------------------------


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def n(seat: int) -> str:
        return seats[seat - 1]

    def who(seat: int, number: int) -> str:
        return f"{n(seat)}'s {villager_name(seat, number)}"

    match fact:
        case f.TilesLaid():
            return ("The 25 tiles were laid face down, unseen: 10 on the blue side (ranks 2-3), 5 in the middle "
                    "row (rank 4), 10 on the red side (ranks 5-6). Nobody knows which lies where until it is turned over.")
        case f.TilesPlaced():
            return ("The 25 tiles were shuffled and laid face down: 10 on the blue side (ranks 2-3), 5 in the "
                    "middle row (rank 4), 10 on the red side (ranks 5-6).")
        case f.TurnStarted():
            debuffs = [words for flag, words in ((fact.cannot_move, "cannot move"), (fact.cannot_use_weapon, "cannot use a weapon")) if flag]
            extra = f" It {' and '.join(debuffs)} this turn." if debuffs else ""
            return f"Round {fact.round}: {who(fact.seat, fact.villager)} to play.{extra}"
        case f.VillagerMoved():
            how = "" if fact.pick_up else " (one tile, no pick-up: a weapon or Steal follows)"
            return f"{who(fact.seat, fact.villager)} moved from {fact.start} to {fact.to}{how}."
        case f.VillagerHealed():
            return f"{villager_name(fact.seat, fact.villager)} is back in the village: {fact.hp} HP."
        case f.CureDelivered():
            cures = f"{fact.village} cure{'s' if fact.village != 1 else ''}"
            return f"{who(fact.seat, fact.villager)} brought a cure home: the {COLOURS[fact.seat]} village holds {cures}."
        case f.TilePickedUp():
            return f"{who(fact.seat, fact.villager)} picked up the tile on {fact.square}: {_tile(fact, seats)}."
        case f.CureTaken():
            return f"{villager_name(fact.seat, fact.villager)} carries the cure from {fact.square}."
        case f.WeaponUsed():
            return f"{who(fact.seat, fact.villager)} {_weapon(fact)}."
        case f.CureStolen():
            if fact.victim:
                return (f"{who(fact.seat, fact.villager)} played the Steal: it took the cure "
                        f"{villager_name(fact.victim_seat, fact.victim)} carried on {fact.square}.")
            return (f"{who(fact.seat, fact.villager)} played the Steal from {fact.square}: it took a cure from the "
                    f"{COLOURS[fact.victim_seat]} village.")
        case f.VillagerDied():
            by = f"killed by {n(fact.killer)}" if fact.killer else "killed by a tile"
            cure = f"; its cure lies on {fact.square}" if fact.cure_dropped else ""
            return f"{villager_name(fact.seat, fact.villager)} died on {fact.square} ({by}) and is back on {fact.home} with 3 HP{cure}."
        case f.CardDiscarded():
            return f"{n(fact.seat)} discarded {a_card(fact.card)} from {n(fact.victim_seat)}'s hand (the price of the kill)."
        case f.CardTakenBack():
            return f"{n(fact.seat)} took back {a_card(fact.card)} ({NAMES[fact.tile]})."
        case f.CardsReset():
            if not fact.cards:
                return f"{n(fact.seat)} reset with no card played: {villager_name(fact.seat, fact.villager)}'s turn passes."
            return f"{n(fact.seat)} reset on {villager_name(fact.seat, fact.villager)}'s turn: {_cards(fact.cards)} back in hand."
        case f.GameEnded():
            if not fact.winners:
                return f"The game is over: {fact.reason}."
            return f"{' and '.join(n(s) for s in fact.winners)} won: {fact.reason}."
    return type(fact).__name__


def _tile(fact: f.TilePickedUp, seats: Sequence[str]) -> str:
    if fact.tile == "cure":
        return "a Cure"
    if fact.tile == "virus":
        return f"a Virus ({fact.hits[0]['hp']} HP left)" if fact.hits else "a Virus"
    if fact.tile == "contagion":
        hp = ", ".join(f"{villager_name(h['seat'], h['villager'])} {h['hp']}" for h in fact.hits)
        return f"a Contagion: every villager loses 1 HP ({hp})"
    if fact.tile == "disarm":
        return "a Disarm: it cannot use a weapon on its next turn"
    if fact.tile == "recover":
        return f"a Recover: {seats[fact.seat - 1]} takes back a played card"
    return "a Generosity: both players take back a played card"


def _weapon(fact: f.WeaponUsed) -> str:
    hits = [f"{villager_name(h['seat'], h['villager'])} on {h['square']}" for h in fact.hits]
    if fact.card in ("axe", "gun"):
        hit = fact.hits[0]
        return f"hit {hits[0]} with {a_card(fact.card)}: {hit['hp']} HP left"
    if fact.card == "arrow":
        return f"shot an Arrow at {hits[0]}: it cannot move on its next turn"
    return f"threw the Grenade at {fact.target}: {' and '.join(hits)} cannot use a weapon on their next turn"


def _cards(cards: list[str]) -> str:
    counts = {card: cards.count(card) for card in CARDS if card in cards}
    return ", ".join(NAMES[card] + (f" x{count}" if count > 1 else "") for card, count in counts.items())


def describe_command(command: Command) -> str:
    kind = command["type"]
    if kind == "move":
        return f"move to {command['to']} and pick up"
    if kind in ("axe", "gun", "arrow", "grenade", "steal"):
        step = f"step to {command['step']}, then " if command.get("step") else ""
        target = "the enemy village" if command["target"] == "village" else command["target"]
        return f"{step}{NAMES[kind]} at {target}"
    if kind == "reset":
        return "reset: take every played card back"
    if kind == "discard":
        return f"discard the victim's {NAMES[command['card']]}"
    if kind == "recover":
        return f"take back {a_card(command['card'])}"
    details = " ".join(str(v) for k, v in command.items() if k != "type")
    return f"{kind} {details}".strip()


# -- the board for a terminal ---------------------------------------------------------------------

SHORT = {"cure": "CURE", "virus": "VIRUS", "recover": "RECOV", "generosity": "GENER", "disarm": "DISARM",
         "contagion": "CONTAG"}
WIDTH = 8


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    hidden = view.get("hidden_tiles", {})
    face_down = set(view["face_down"])
    villagers = {v["square"]: (side, v) for side in view["sides"] for v in side["villagers"]}
    villages = {side["village_rank"]: side for side in view["sides"]}

    def cell(square: str) -> str:
        if square in villagers:
            side, v = villagers[square]
            mark = ("c" if v["cure"] else "") + ("?" if square in face_down else "")
            return f"{side['colour'][0].upper()}{v['villager']}:{v['hp']}{mark}"
        if square in face_down:
            text = f"({SHORT[hidden[square]]})" if square in hidden else "?"
            return text + ("+c" if square in view["lying_cures"] else "")
        if square in view["lying_cures"]:
            count = view["lying_cures"][square]
            return "cure" + (str(count) if count > 1 else "")
        return "~" if square[1] in villages else "."

    line = "    +" + ("-" * WIDTH + "+") * len(FILES)
    rows = ["     " + "".join(f"{file:^{WIDTH + 1}}" for file in FILES), line]
    for rank in reversed(RANKS):
        row = f"  {rank} |" + "|".join(f"{cell(file + rank):^{WIDTH}}" for file in FILES) + "|"
        if rank in villages:
            side = villages[rank]
            row += f"  {side['colour']} village: {side['cures_home']} of 2 cures"
        rows += [row, line]
    rows.append("  B1 R2 villagers (:HP, c carries a cure, ? on a face-down tile)  ? face-down tile  "
                "cure a cure lying face up  ~ village  . nothing left")
    for side in view["sides"]:
        hand = ", ".join(f"{NAMES[c]} {side['hand'][c]}" for c in CARDS if side["hand"][c]) or "-"
        played = ", ".join(f"{NAMES[c]} {side['played'][c]}" for c in CARDS if side["played"][c]) or "-"
        steal = "  (Steal used)" if side["steal_used"] else ""
        rows.append(f"  {side['colour'].capitalize()} {seats[side['seat'] - 1]}: hand {hand}; played {played}{steal}")
        for v in side["villagers"]:
            notes = [note for key, note in (("cure", "carries a cure"), ("cannot_move_next_turn", "cannot move next turn"),
                                            ("cannot_use_weapon_next_turn", "cannot use a weapon next turn")) if v[key]]
            rows.append(f"    {v['name']} on {v['square']}: {v['hp']}/3 HP" + (f", {', '.join(notes)}" if notes else ""))
    left = []
    for region, counts in view["unrevealed"].items():
        total = sum(counts.values())
        kinds = ", ".join(f"{NAMES[t]} {c}" for t, c in counts.items())
        left.append(f"{region} {total}" + (f" ({kinds})" if kinds else ""))
    rows.append("  face-down tiles left: " + "; ".join(left))
    if view["lying_cures"]:
        rows.append("  cures lying face up: " + ", ".join(f"{square} ({count})" for square, count in view["lying_cures"].items()))
    status = f"  round {view['round']} of at most {view['round_limit']}"
    on_turn = view["on_turn"]
    if on_turn is not None:
        debuffs = [w for k, w in (("cannot_move", "cannot move"), ("cannot_use_weapon", "cannot use a weapon")) if on_turn[k]]
        status += f"; {on_turn['name']} ({seats[on_turn['seat'] - 1]}) to play" + (f", {' and '.join(debuffs)} this turn" if debuffs else "")
    rows.append(status)
    for choice in view["pending"]:
        if choice["kind"] == "discard":
            rows.append(f"  {seats[choice['seat'] - 1]} discards a card from {seats[choice['victim'] - 1]}'s hand")
        else:
            rows.append(f"  {seats[choice['seat'] - 1]} takes back a played card ({NAMES[choice['tile']]})")
    if view["outcome"] is not None:
        winners = " and ".join(seats[s - 1] for s in view["outcome"]["winners"]) or "nobody"
        rows.append(f"  over: {winners} won ({view['outcome']['reason']})")
    return "\n".join(rows)
