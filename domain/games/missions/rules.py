"""Missions: a GTA-style race for 3 or 4 players around a loop of mission and police spaces.

A turn: roll the die and move that many spaces (either way round); landing on another player, rob
them (trade one of your mission cards for one of theirs) unless the space is a police space; on a
mission space draw a mission of its level and roll to complete it (the card's roll depends on your
rank); on a police space, snitch: roll, and whoever's number comes up loses a card. Completed missions
are money; the first to $100,000 wins. Play passes counterclockwise (up the seat numbers).

The ruleset's class is here; playing a command is in ``play.py``, its conditions in ``checks.py``,
applying facts in ``evolve.py``, what players see in ``present.py``, the board in ``board.py`` and
``layout.json``, the cards in ``cards.py`` and ``cards.json``. The design diary's stages are options
(``stage`` and one option per point where stages, cards and rules differ); the rulings are in RULINGS.md.
Nothing is secret: a pile's order is not decided until a card is drawn.
"""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.games.missions import facts as f
from domain.games.missions import judge, picture, present
from domain.games.missions.board import (
    LAYOUT_SCHEMA,
    check_layout,
    default_layout,
    start_spaces,
)
from domain.games.missions.cards import ALL_NAMES, money
from domain.games.missions.checks import chooser, destinations, rob_targets
from domain.games.missions.evolve import apply
from domain.games.missions.play import COMMANDS, Play
from domain.games.missions.sides import MissionsSides
from domain.games.missions.state import State

CARD = {"enum": list(ALL_NAMES), "description": "a mission card, by its name"}

STAGES: dict[str, dict[str, Any]] = {
    "final": {},
    "first-changes": {
        "target": 150000, "police": "fine", "landing_on_player": "none", "max_per_space": 4,
        "start_rank": 1, "level2_ranks_up": True, "level3_failure_loses_rank": True,
    },
}
"""The design diary's stages as presets: each option the stage sets (the rest keep their defaults).
An option given explicitly beside ``stage`` overrides the preset."""


class Missions(MissionsSides, ModularRuleset):
    name = "missions"
    title = "Missions"
    summary = "Roll around the city, pull off level 1-3 missions, rob and snitch: the first to $100,000 wins."
    min_seats = 3
    max_seats = 4
    version = 1
    variants = {"first-changes": {"stage": "first-changes"}}
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    state_types = (State,)
    command_shapes = (
        CommandShape("roll", "roll the die to move"),
        CommandShape(
            "move", "move the rolled count clockwise (cw, up the space numbers) or counterclockwise (ccw)",
            {"direction": {"enum": ["cw", "ccw"]}}, ("direction",),
        ),
        CommandShape(
            "rob", "trade one of your mission cards (give) for one of the robbed player's (take)",
            {"player": {"type": "integer", "minimum": 1, "maximum": 4, "description": "the seat robbed"},
             "give": CARD, "take": CARD},
            ("player", "give", "take"),
        ),
        CommandShape("no_rob", "do not rob the player you landed on"),
        CommandShape("snitch", "on a police space: roll the die; whoever's number comes up loses a card"),
        CommandShape("no_snitch", "on a police space: do not snitch"),
        CommandShape("lose", "give up one of your mission cards (snitched on, or fined); with lost_card snitch-chooses, "
                     "the snitch names the card the snitched player gives up", {"card": CARD}, ("card",)),
    )
    options_schema = {
        "type": "object",
        "properties": {
            "stage": {
                "enum": list(STAGES), "default": "final",
                "description": "the design diary's stage: final (the Game Rules) or first-changes (the rules after the "
                "first playtest: $150,000 to win, the police fine you a turn and a card, no robbing, no limit of "
                "pieces on a space, a failed level 3 mission costs a rank); options given beside it override it",
            },
            "target": {"type": "integer", "minimum": 10000, "maximum": 900000, "multipleOf": 10000, "default": 100000,
                       "description": "the money that wins"},
            "police": {"enum": ["snitch", "fine"], "default": "snitch",
                       "description": "a police space: snitch (the final rules) or fine (first changes: miss a turn, lose a card)"},
            "landing_on_player": {"enum": ["rob", "none"], "default": "rob",
                                  "description": "landing on another player: rob (trade a card) or nothing"},
            "max_per_space": {"type": "integer", "minimum": 1, "maximum": 4, "default": 2,
                              "description": "the most pieces a space may hold at the end of a move"},
            "start_rank": {"enum": [0, 1, 2], "default": 1, "description": "every player's rank at the start"},
            "level2_ranks_up": {"type": "boolean", "default": True,
                                "description": "a completed level 2 mission raises rank (its card's '+ 1 Rank')"},
            "level3_failure_loses_rank": {"type": "boolean", "default": False,
                                          "description": "a failed level 3 mission also costs a rank (the first changes)"},
            "movement": {"enum": ["choose", "forward"], "default": "choose",
                         "description": "choose: move either way round after the roll; forward: always clockwise"},
            "lost_card": {"enum": ["loser-chooses", "snitch-chooses"], "default": "loser-chooses",
                          "description": "a snitched player's lost card: the player who loses it chooses it, or the snitch does"},
            "round_limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100,
                            "description": "rounds after which the richest player wins: no endless games"},
            "layout": LAYOUT_SCHEMA,
        },
    }

    # -- setting the table -------------------------------------------------------------------

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        given = dict(options or {})
        resolved = super().resolve_options(given)
        if resolved["layout"] is not None:
            check_layout(resolved["layout"])
        return {**resolved, **STAGES[resolved["stage"]], **given}

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        resolved = self.resolve_options(options)
        spaces = check_layout(resolved["layout"] or default_layout(), seat_count)
        rules = {key: value for key, value in resolved.items() if key != "layout"}
        return State(seat_count=seat_count, options=rules, spaces=spaces)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        first = rng.choice(range(1, state.seat_count + 1), "who goes first: which seat number?")
        play = Play(state, rng)
        play.emit(f.TableSetUp(first=first, spaces=start_spaces(state.spaces, state.seat_count),
                               rank=state.options["start_rank"]))
        play.emit(f.TurnStarted(seat=first, round=1))
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        if state.phase in ("setup", "over"):
            return []
        return [chooser(state)] if state.phase == "lose" else [state.mover]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == "roll":
            return [{"type": "roll"}]
        if phase == "move":
            return [{"type": "move", "direction": way} for way in destinations(state, seat, state.rolled)]
        if phase == "rob":
            return [
                {"type": "rob", "player": other, "give": give, "take": take}
                for other in rob_targets(state, seat)
                for give in dict.fromkeys(state.hands[seat - 1])
                for take in dict.fromkeys(state.hands[other - 1])
            ] + [{"type": "no_rob"}]
        if phase == "snitch":
            return [{"type": "snitch"}, {"type": "no_snitch"}]
        return [{"type": "lose", "card": card} for card in state.hands[state.demanded - 1]]

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        if state.phase == "lose" and kind != "lose":
            raise IllegalCommand("first give up one of your mission cards (lose)")
        if kind == "lose" and state.phase != "lose":
            raise IllegalCommand("nobody has to give up a card now")
        if state.phase in ("rob", "snitch") and kind not in _ANSWERS[state.phase]:
            raise IllegalCommand(f"first answer the {state.phase} ({' or '.join(_ANSWERS[state.phase])})")
        play = Play(state, rng)
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- what players see --------------------------------------------------------------------

    def turn_number(self, state: State) -> int:
        return state.turns

    def evaluate(self, state: State, seat: int) -> float:
        """The race to the target: money lacking, rank, turns to miss, cards held (``judge.py``)."""
        if state.phase in ("setup", "over"):
            return super().evaluate(state, seat)
        return judge.evaluate(state, seat)

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        if not state.hands:
            return {}
        return {
            seat: {"money": money(state.hands[seat - 1]), "rank": state.ranks[seat - 1],
                   "cards": len(state.hands[seat - 1])}
            for seat in range(1, state.seat_count + 1)
        }


_ANSWERS = {"rob": ("rob", "no_rob"), "snitch": ("snitch", "no_snitch")}

