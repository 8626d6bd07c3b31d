"""What players see of a game of Missions: the view (everything is public: pieces, ranks, the cards
each player holds, the piles' sizes and the cards seen going under them), a sentence per fact, a
label per command, and the loop board drawn for a terminal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command
from domain.engine.facts import Fact
from domain.games.missions import facts as f
from domain.games.missions.board import describe_layout, ring
from domain.games.missions.cards import LEVEL_OF, LEVELS, dollars, money, value
from domain.games.missions.checks import chooser, destinations, rob_targets
from domain.games.missions.state import State

WAY = {"cw": "clockwise", "ccw": "counterclockwise"}
CODE = {"start": "S", "L1": "L1", "L2": "L2", "L3": "L3", "police": "P"}


def view(state: State, to_act: list[int]) -> dict[str, Any]:
    """The whole table as every seat sees it: Missions keeps no secrets (RULINGS.md)."""
    started = bool(state.positions)
    return {
        "board": {"spaces": list(state.spaces), "about": describe_layout(state.spaces)},
        "players": [
            {
                "seat": seat,
                "space": state.positions[seat - 1] if started else None,
                "rank": state.ranks[seat - 1] if started else state.options["start_rank"],
                "money": money(state.hands[seat - 1]) if started else 0,
                "cards": [_card(card) for card in state.hands[seat - 1]] if started else [],
                "turns_to_miss": state.skips[seat - 1] if started else 0,
            }
            for seat in range(1, state.seat_count + 1)
        ],
        "piles": {
            level: {"cards": state.pile_size(int(level)),
                    "put_back": list(state.bottom.get(level, []))}
            for level in (str(level) for level in LEVELS)
        } if started else {},
        "first": state.first,
        "round": state.round,
        "turn": state.turns,
        "mover": state.mover,
        "phase": state.phase,
        "to_act": list(to_act),
        "rolled": state.rolled if state.phase == "move" else None,
        "moves": destinations(state, state.mover, state.rolled) if state.phase == "move" else {},
        "can_rob": rob_targets(state, state.mover) if state.phase == "rob" else [],
        "must_give_up": {"seat": state.demanded, "reason": state.demand_reason, "chosen_by": chooser(state)} if state.phase == "lose" else None,
        "options": dict(state.options),
        "winners": list(state.winners),
    }


def _card(name: str) -> dict[str, Any]:
    return {"name": name, "level": LEVEL_OF[name], "value": value(name)}


def describe(fact: Fact, seats: Sequence[str]) -> str:
    def name(seat: int) -> str:
        return seats[seat - 1]

    if isinstance(fact, f.TableSetUp):
        starts = ", ".join(f"{name(seat)} on {space}" for seat, space in enumerate(fact.spaces, 1))
        return (f"The pieces stand on their start spaces ({starts}); everyone starts at rank {fact.rank}; "
                f"the three mission piles lie face down. {name(fact.first)} goes first.")
    if isinstance(fact, f.TurnStarted):
        return f"Round {fact.round}: {name(fact.seat)}'s turn."
    if isinstance(fact, f.TurnSkipped):
        return f"Round {fact.round}: {name(fact.seat)} misses this turn."
    if isinstance(fact, f.DieRolled):
        return f"{name(fact.seat)} rolled a {fact.face}."
    if isinstance(fact, f.PieceMoved):
        return f"{name(fact.seat)} moved {WAY[fact.direction]} from space {fact.start} to space {fact.to} ({_space(fact.space)})."
    if isinstance(fact, f.MoveBlocked):
        return f"{name(fact.seat)} cannot move {fact.face}: every space it could end on is full. The piece stays."
    if isinstance(fact, f.CardsTraded):
        return (f"{name(fact.robber)} robbed {name(fact.robbed)}: gave '{fact.give}' ({dollars(value(fact.give))}) "
                f"and took '{fact.take}' ({dollars(value(fact.take))}).")
    if isinstance(fact, f.RobDeclined):
        return f"{name(fact.seat)} chose not to rob."
    if isinstance(fact, f.MissionDrawn):
        return f"{name(fact.seat)} drew the level {fact.level} mission '{fact.card}'."
    if isinstance(fact, f.PileEmpty):
        return f"The level {fact.level} pile is empty: {name(fact.seat)} draws no mission."
    if isinstance(fact, f.MissionRolled):
        roll = f"{name(fact.seat)} rolled a {fact.face} ({fact.needed} or less needed)"
        if fact.success:
            return f"{roll}: mission complete; {name(fact.seat)} keeps '{fact.card}' ({dollars(value(fact.card))})."
        return f"{roll}: mission failed; '{fact.card}' goes to the bottom of the level {LEVEL_OF[fact.card]} pile."
    if isinstance(fact, f.RankChanged):
        way = "rises" if fact.reason == "mission" else "falls"
        return f"{name(fact.seat)}'s rank {way} to {fact.rank}."
    if isinstance(fact, f.TurnLost):
        why = "the failed level 3 mission" if fact.reason == "mission" else "the police"
        return f"{name(fact.seat)} will miss their next turn ({why})."
    if isinstance(fact, f.SnitchRolled):
        if not fact.target:
            return f"{name(fact.seat)} snitched and rolled a {fact.face}: nobody's number, nothing happens."
        whose = "their own number" if fact.target == fact.seat else f"{name(fact.target)}'s number"
        return f"{name(fact.seat)} snitched and rolled a {fact.face}: {whose}."
    if isinstance(fact, f.SnitchDeclined):
        return f"{name(fact.seat)} chose not to snitch."
    if isinstance(fact, f.CardGained):
        if not fact.card:
            return f"The level 1 pile is empty: {name(fact.seat)} gains nothing for snitching."
        return f"{name(fact.seat)} gains the top level 1 card, '{fact.card}' ({dollars(value(fact.card))}), for snitching."
    if isinstance(fact, f.CardDemanded):
        return f"{name(fact.seat)} must give up a mission card ({_WHY_LOST[fact.reason]})."
    if isinstance(fact, f.NothingLost):
        return f"{name(fact.seat)} holds no mission card to give up ({_WHY_LOST[fact.reason]})."
    if isinstance(fact, f.CardLost):
        return f"{name(fact.seat)} gave up '{fact.card}'; it goes to the bottom of the level {LEVEL_OF[fact.card]} pile."
    if isinstance(fact, f.GameWon):
        return f"{name(fact.seat)} reached {dollars(fact.money)} and wins."
    if isinstance(fact, f.RoundLimitReached):
        if not fact.winners:
            return f"The round limit ({fact.rounds} rounds) is reached with everyone on {dollars(fact.money[0])}: a draw."
        names = " and ".join(name(seat) for seat in fact.winners)
        return (f"The round limit ({fact.rounds} rounds) is reached: {names} "
                f"{'has' if len(fact.winners) == 1 else 'have'} the most money "
                f"({dollars(fact.money[fact.winners[0] - 1])}) and {'wins' if len(fact.winners) == 1 else 'share the win'}.")
    return type(fact).__name__


_WHY_LOST = {"snitched": "snitched on", "self": "their own number came up", "police": "fined by the police"}


def _space(kind: str) -> str:
    return {"start": "a start space", "police": "a police space"}.get(kind, f"a level {kind[1:]} mission space")


def describe_command(command: Command) -> str:
    kind = command["type"]
    if kind == "move":
        return f"move {WAY[command['direction']]}"
    if kind == "rob":
        return f"rob seat {command['player']}: give '{command['give']}', take '{command['take']}'"
    if kind == "lose":
        return f"give up '{command['card']}'"
    return {"no_rob": "do not rob", "no_snitch": "do not snitch"}.get(kind, kind)


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    """The loop board with the pieces on it (clockwise from the top-left corner), then each player's
    money, rank and cards, the piles, and whose turn it is."""
    spaces = view["board"]["spaces"]
    players = view["players"]
    on: dict[int, str] = {}
    for p in players:
        if p["space"] is not None:
            on[p["space"]] = on.get(p["space"], "") + str(p["seat"])
    width = 6 + max(2, max((len(pieces) for pieces in on.values()), default=0))
    cells = ring(len(spaces))
    rows = max(row for row, _ in cells) + 1
    columns = max(column for _, column in cells) + 1
    grid = [[" " * width] * columns for _ in range(rows)]
    for index, (row, column) in enumerate(cells):
        grid[row][column] = f"{index:>2} {CODE[spaces[index]]:<2} {on.get(index, ''):<{width - 6}}"
    lines = ["  " + " ".join(row).rstrip() for row in grid]
    lines.append("  S start   L1 L2 L3 mission (its level)   P police   digits: the pieces, by seat   clockwise: up the numbers")
    for p in players:
        marker = "*" if p["seat"] in view["to_act"] else " "
        cards = ", ".join(f"{c['name']} (L{c['level']})" for c in p["cards"]) or "-"
        miss = f"  misses {p['turns_to_miss']} turn{'s' if p['turns_to_miss'] != 1 else ''}" if p["turns_to_miss"] else ""
        space = "-" if p["space"] is None else f"{p['space']} {CODE[spaces[p['space']]]}"
        lines.append(f"{marker} {p['seat']} {seats[p['seat'] - 1]:<12} space {space:<5} rank {p['rank']}  "
                     f"{dollars(p['money']):>9}  cards: {cards}{miss}")
    if view["piles"]:
        lines.append("  piles: " + ", ".join(
            f"L{level} {pile['cards']} cards" + (f" ({len(pile['put_back'])} put back at the bottom)" if pile["put_back"] else "")
            for level, pile in view["piles"].items()))
    lines.append("  " + _whose_turn(view, seats))
    return "\n".join(lines)


def _whose_turn(view: dict[str, Any], seats: Sequence[str]) -> str:
    phase = view["phase"]
    if phase == "over":
        return "the game is over"
    if phase == "setup":
        return "the table is not set up yet"
    mover = seats[view["mover"] - 1]
    target = dollars(view["options"]["target"])
    if phase == "roll":
        return f"round {view['round']}: {mover} to roll (first to {target} wins)"
    if phase == "move" and view["moves"]:
        ways = " or ".join(f"{WAY[way]} to {space}" for way, space in view["moves"].items())
        return f"round {view['round']}: {mover} rolled {view['rolled']}: move {ways}"
    if phase == "rob":
        names = ", ".join(seats[seat - 1] for seat in view["can_rob"])
        return f"round {view['round']}: {mover} may rob {names} (trade one card for one) or not"
    if phase == "snitch":
        return f"round {view['round']}: {mover} may snitch (roll the die) or not"
    demand = view["must_give_up"]
    if demand:
        chosen = demand.get("chosen_by", demand["seat"])
        picker = "" if chosen == demand["seat"] else f" that {seats[chosen - 1]} chooses"
        return f"round {view['round']}: {seats[demand['seat'] - 1]} must give up a mission card{picker}"
    return f"round {view['round']}: {mover}'s piece has landed"  # between two facts of one command
