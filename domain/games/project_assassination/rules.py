"""Project Assassination: two assassins on a 7x7 bar, three decks, enemies placed between rounds.

A turn: draw from the item or collectible deck (optional; Player 1 not on the very first turn), play
items from the reserve, then spend actions (2, +1 per boot) moving one square orthogonally or
attacking. After both players have had a turn, the one behind places the next enemy while the enemy
deck lasts. The game ends at 12 Victory Points, at a death, or when the enemy deck is spent and the
board is clear (most points wins). The ruleset's class is here; playing a command is in ``play.py``,
its conditions in ``checks.py``, ranges and lines of fire in ``tactics.py``, applying facts in
``evolve.py`` (collected cards in ``collected.py``), the turn flow in ``turns.py``, and what players
see in ``present.py`` and ``sentences.py``. The choices the text leaves open are in RULINGS.md;
those a designer may switch are options (``options.py``), today's choice the default.

Reserves are public (the text says so) and every card drawn is shown. Each deck is a known composition
in unknown order: no order is fixed at setup, the card drawn is chosen when it is drawn (``decks.py``,
RULINGS.md ruling 32). Seats see how many cards each deck holds, the owner which ones. Version 1 of
these rules shuffled the decks at setup and recorded their orders, a secret kept from the seats while
its games go on: it is in ``earlier.py``, for the games recorded under it.
"""

from __future__ import annotations

from typing import Any

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand, InvalidSetup
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.engine.ruleset import player_number_roles
from domain.games.project_assassination import facts as f
from domain.games.project_assassination import judge, picture, present
from domain.games.project_assassination.board import (
    LAYOUT_SCHEMA,
    SQUARE_PATTERN,
    SQUARES,
    canonical,
    default_layout,
    neighbours,
    parse_layout,
)
from domain.games.project_assassination.cards import COIN, ITEMS, NAMES
from domain.games.project_assassination.checks import (
    CHOICE_COMMANDS,
    PENDING_COMMANDS,
    action_limit,
    attack_limit,
    choices,
    draws,
    must_draw,
    pending_kind,
    pending_prompt,
    step_problem,
    strategy_moves,
)
from domain.games.project_assassination.evolve import apply
from domain.games.project_assassination.options import OPTIONS_SCHEMA
from domain.games.project_assassination.play import COMMANDS, Play
from domain.games.project_assassination.sides import ProjectAssassinationSides
from domain.games.project_assassination.state import State
from domain.games.project_assassination.tactics import (
    aims,
    enemy_squares,
    obstacle_square_problem,
)

SQUARE = {"type": "string", "pattern": SQUARE_PATTERN, "description": "a square, a1 to g7"}
AIM = {
    "type": "string",
    "pattern": "^([a-g][1-7]|north|east|south|west)$",
    "description": "the target square, or a direction for the shotgun and the sniper",
}
FIRST_ASK = "{seat} calls heads for Player 1: which side does the coin show?"
"""A table game's question for the coin flip of setup (seat 1 calls)."""


def flip_for_player_1(rng: Rng) -> tuple[str, int]:
    """The coin of setup and the seat it makes Player 1: seat 1 calls heads."""
    coin = rng.choice(COIN, FIRST_ASK, 1)
    return coin, 1 if coin == "heads" else 2


class ProjectAssassination(ProjectAssassinationSides, ModularRuleset):
    name = "project-assassination"
    title = "Project Assassination"
    summary = "Two assassins race to 12 Victory Points on a 7x7 bar of enemies, items and weapons."
    min_seats = 2
    max_seats = 2
    version = 2
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    state_types = (State,)
    command_shapes = (
        CommandShape(
            "draw",
            "draw from the item or collectible deck before anything else; name a reserve card to discard when it is full",
            {"deck": {"enum": ["item", "collectible"]}, "discard": {"enum": list(ITEMS)}},
            ("deck",),
        ),
        CommandShape("obstacle", "play an Obstacle from the reserve onto a square", {"square": SQUARE}, ("square",)),
        CommandShape(
            "strategy",
            "play a Strategy: move an enemy or obstacle two squares",
            {"from": SQUARE, "to": SQUARE},
            ("from", "to"),
        ),
        CommandShape("ambush", "play an Ambush on the opponent's rendezvous point for their next turn"),
        CommandShape("cover", "play a Cover: the opponent's weapons (option cover: or enemies) cannot hurt you until your next turn"),
        CommandShape("move", "spend an action to move one square north, east, south or west", {"to": SQUARE}, ("to",)),
        CommandShape(
            "attack",
            "spend an action to fire the weapon in a slot at a square (or in a direction)",
            {"slot": {"enum": [1, 2]}, "aim": AIM},
            ("slot", "aim"),
        ),
        CommandShape("end", "end the turn"),
        CommandShape(
            "drop",
            "with three weapons: drop the one in slot 1 or 2 for the new one, or 0 to turn the new one down",
            {"slot": {"enum": [0, 1, 2]}},
            ("slot",),
        ),
        CommandShape("attach", "fit the collected Sight or Muzzle to the weapon in a slot", {"slot": {"enum": [1, 2]}}, ("slot",)),
        CommandShape("cage", "cage the enemy on a square", {"square": SQUARE}, ("square",)),
        CommandShape(
            "grenade",
            "throw the collected Grenade: the 2x2 area whose lower-left square is given",
            {"corner": SQUARE},
            ("corner",),
        ),
        CommandShape("discard", "discard a card from an over-full reserve", {"card": {"enum": list(ITEMS)}}, ("card",)),
        CommandShape("place", "place the enemy drawn in the placement phase", {"square": SQUARE}, ("square",)),
    )
    options_schema = {
        "type": "object",
        "properties": {
            "round_limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 5000,
                "default": 40,
                "description": "rounds (a turn each) after which the game ends on points: no endless games",
            },
            "layout": LAYOUT_SCHEMA,
            **OPTIONS_SCHEMA,
        },
    }

    # -- setting the table -------------------------------------------------------------------

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        if resolved["layout"] is not None:
            parse_layout(resolved["layout"])
        return resolved

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        layout = options.get("layout") or default_layout()
        try:
            parse_layout(layout)
        except KeyError as missing:
            raise InvalidSetup(f"bad layout: missing {missing}") from None
        rulings = {key: value for key, value in options.items() if key in OPTIONS_SCHEMA}
        return State(seat_count=seat_count, layout=canonical(layout), round_limit=int(options.get("round_limit", 40)), options=rulings)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        coin, first = flip_for_player_1(rng)
        return self.open_play(state, rng, f.TableLaid(call="heads", coin=coin, first=first))

    def open_play(self, state: State, rng: Rng, table: Fact) -> list[Fact]:
        """The facts of setup: the table laid, then the first turn."""
        play = Play(state, rng)
        play.emit(table)
        play.next_turn()
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        return [state.current] if state.phase in ("turn", "placement") else []

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "placement":
            return [{"type": "place", "square": s} for s in enemy_squares(state, state.enemy_in_hand)]
        if state.pending:
            return choices(state, seat)
        commands = draws(state, seat)
        if commands and must_draw(state, seat):
            return commands
        if not state.acted:
            reserve = state.player(seat)["reserve"]
            if "obstacle" in reserve:
                commands += [{"type": "obstacle", "square": s} for s in SQUARES if not obstacle_square_problem(state, s)]
            if "strategy" in reserve:
                commands += [{"type": "strategy", "from": start, "to": to} for start, to in strategy_moves(state)]
            commands += [{"type": card} for card in ("ambush", "cover") if card in reserve]
        if state.actions < action_limit(state, seat):
            commands += [{"type": "move", "to": to} for to in neighbours(state.player(seat)["square"]) if not step_problem(state, seat, to)]
            if state.attacks < attack_limit(state, seat):
                for slot, weapon in enumerate(state.player(seat)["slots"], 1):
                    if weapon is not None:
                        commands += [{"type": "attack", "slot": slot, "aim": aim} for aim in aims(state, seat, weapon)]
        commands.append({"type": "end"})
        return commands

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        play = Play(state, rng)
        kind = command["type"]
        if state.phase == "placement":
            if kind != "place":
                raise IllegalCommand(f"place the {NAMES[state.enemy_in_hand]} you drew first")
            play.place(seat, command["square"])
            return play.facts
        if kind == "place":
            raise IllegalCommand("enemies are placed only in the placement phase, after both players' turns")
        if state.pending and kind not in PENDING_COMMANDS[pending_kind(state)]:
            raise IllegalCommand(pending_prompt(state, seat))
        if not state.pending and kind in CHOICE_COMMANDS:
            raise IllegalCommand(f"there is nothing to {kind}: that answers a card you have just collected")
        if kind != "draw" and must_draw(state, seat):
            raise IllegalCommand("draw a card first: a turn begins with a draw from the item or collectible deck")
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return present.view(state, self.to_act(state), action_limit, attack_limit, secrets=False)

    def owner_view(self, state: State) -> dict[str, Any]:
        return present.view(state, self.to_act(state), action_limit, attack_limit, secrets=True)

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        if isinstance(fact, f.TableSetUp):  # rules v1: the decks' order
            return f.TableSetUp(
                call=fact.call,
                coin=fact.coin,
                first=fact.first,
                item_deck=["?"] * len(fact.item_deck),
                collectible_deck=["?"] * len(fact.collectible_deck),
                enemy_deck=["?"] * len(fact.enemy_deck),
            )
        return fact

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Under rules v2 a deck has no order until a card is drawn: nothing to sample. A v1 game's decks
        were shuffled at setup, their order its secret: each is shuffled afresh (what a deck holds follows
        from the cards seen), so a bot never reads which card is on top."""
        if not state.ordered:
            return state
        dealt = state.copy()
        dealt.item_deck = rng.shuffled(sorted(state.item_deck))
        dealt.collectible_deck = rng.shuffled(sorted(state.collectible_deck))
        dealt.enemy_deck = rng.shuffled(sorted(state.enemy_deck))
        return dealt

    def turn_number(self, state: State) -> int:
        return state.turns

    def evaluate(self, state: State, seat: int) -> float:
        """Victory Points, both assassins' health, arms and targets in reach, compared (``judge.py``)."""
        if state.phase == "over":
            return super().evaluate(state, seat)
        return judge.evaluate(state, seat)

    def seat_roles(self, state: State) -> dict[int, str]:
        return player_number_roles(state.order)  # Player 1 is the coin flip's winner

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        return {
            seat: {"HP": p["hp"], "VP": p["vp"], "boots": p["boots"], "reserve": len(p["reserve"]),
                   "weapons": sum(1 for w in p["slots"] if w)}
            for seat, p in enumerate(state.players, 1)
        }
