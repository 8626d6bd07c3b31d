"""Infection: two players, two villagers each, race to bring 2 of the 3 cures home across a 5x7 board
of face-down tiles.

A game of hidden information: the 25 tiles lie face down, region by region, unseen by both players
(``TilesLaid``: how many of each kind each region holds), and the only random outcome is which tile a
villager turns over when it picks one up, chosen then from the tiles still face down in that region
(in a table game, said by the people at the table). Rules v1 (``InfectionV1``, kept for the games
recorded under them) shuffled the tiles into their places at setup instead (``TilesPlaced``).

Villagers take turns Blue 1, Red 1, Blue 2, Red 2; on a villager's turn its player plays one action
card (a Move & Pick-up, or a weapon or Steal with an optional 1-tile move first) or resets the played
cards. The first side with 2 cures in its village wins; the option ``round_limit`` ends a game that
runs on (ruling 20). The ruleset's class is here; playing a command is in ``play.py``, its
conditions in ``checks.py``, the board's geometry in ``board.py``, applying facts in ``evolve.py``,
and what players see in ``present.py``. The choices the text leaves open are in RULINGS.md; those
that pick one of two readings are options (``RULINGS``), kept in the state.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.games.infection import facts as f
from domain.games.infection import judge, picture, present
from domain.games.infection.board import SQUARE_PATTERN, TILE_SQUARES, region_of
from domain.games.infection.cards import (
    CARDS,
    MIDDLE_TILES,
    REGION_TILES,
    SIDE_TILES,
    tiles_of,
)
from domain.games.infection.checks import (
    discard_options,
    pending_prompt,
    recover_options,
)
from domain.games.infection.evolve import apply
from domain.games.infection.play import CHOICES, COMMANDS, Play
from domain.games.infection.sides import InfectionSides
from domain.games.infection.state import State
from domain.games.infection.tactics import turn_commands

SQUARE = {"type": "string", "pattern": SQUARE_PATTERN, "description": "a square, a1 to e7"}
STEP = {**SQUARE, "description": "move 1 tile (north, east, south or west) to this square first, playing a Move & Pick-up card"}
CARD = {"enum": list(CARDS)}


def _weapon_shape(card: str, summary: str) -> CommandShape:
    return CommandShape(card, summary, {"target": SQUARE, "step": STEP}, ("target",))


class Infection(InfectionSides, ModularRuleset):
    name = "infection"
    title = "Infection"
    summary = "Two villagers a side search 25 face-down tiles for the cures; the first side to bring 2 home wins."
    min_seats = 2
    max_seats = 2
    version = 2
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    state_types = (State,)
    command_shapes = (
        CommandShape("move", "play a Move & Pick-up: 1 or 2 tiles (a diagonal counts as 2), then pick up the tile there",
                     {"to": SQUARE}, ("to",)),
        _weapon_shape("axe", "play an Axe: 2 HP off an enemy villager on one of the 8 squares around"),
        _weapon_shape("gun", "play the Gun: 1 HP off an enemy villager 1-3 squares away in a straight line"),
        _weapon_shape("arrow", "play the Arrow: an enemy villager 1-3 squares away in a straight line cannot move on its next turn"),
        _weapon_shape("grenade", "play the Grenade at a centre 1-2 tiles away: enemy villagers in the plus around it cannot use a weapon on their next turn"),
        CommandShape(
            "steal",
            "play the Steal (once a game): take the cure of the enemy villager next to you, or from the row next to the enemy village one of its cures",
            {"target": {"type": "string", "pattern": "^([a-e][1-7]|village)$",
                        "description": "the enemy villager's square, or 'village'"}, "step": STEP},
            ("target",),
        ),
        CommandShape("reset", "spend the turn taking every played card back (a used Steal stays out)"),
        CommandShape("discard", "after a kill: discard a card of your choice from the victim's hand", {"card": CARD}, ("card",)),
        CommandShape("recover", "after a Recover or Generosity tile: take a played card back", {"card": CARD}, ("card",)),
    )
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {
            "round_limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 5000,
                "default": 25,
                "description": "rounds (a turn of each of the four villagers) after which the game ends: more cures home wins",
            },
            "enemy_village": {
                "enum": ["closed", "open"],
                "default": "closed",
                "description": "ruling 8: a villager never enters the enemy village (closed), or may move into it "
                "like any free square (open; stealing from the village is still done from the row next to it)",
            },
            "steal_under_disarm": {
                "enum": ["allowed", "forbidden"],
                "default": "allowed",
                "description": "ruling 11: a villager that cannot use a weapon this turn (Grenade or Disarm) may still "
                "play the Steal, which is not a weapon (allowed), or may not (forbidden)",
            },
        },
    }

    RULINGS: ClassVar[dict[str, str]] = {"enemy_village": "closed", "steal_under_disarm": "allowed"}
    """The switchable rulings and the choice a game recorded without them was played under."""

    # -- setting the table -------------------------------------------------------------------

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        rulings = {key: str(options.get(key, before)) for key, before in self.RULINGS.items()}
        return State(round_limit=int(options.get("round_limit", 25)), **rulings)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        """The tiles laid face down, unseen (nothing is chosen: a tile is when it is turned over), and
        Blue 1's turn."""
        laid = f.TilesLaid(regions={region: dict(counts) for region, counts in REGION_TILES.items()})
        return self._set_table(state, laid, rng)

    def _set_table(self, state: State, tiles: Fact, rng: Rng) -> list[Fact]:
        """The fact laying the tiles, then Blue 1's turn."""
        play = Play(apply(state, tiles), rng)
        play.facts.append(tiles)
        play.next_turn()
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        if state.phase != "turn":
            return []
        return [state.pending[0]["seat"]] if state.pending else [state.current]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.pending:
            kind = state.pending[0]["kind"]
            options = discard_options(state) if kind == "discard" else recover_options(state)
            return [{"type": kind, "card": card} for card in options]
        return turn_commands(state, seat)

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        if state.pending and kind not in CHOICES:
            raise IllegalCommand(pending_prompt(state))
        play = Play(state, rng)
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return present.view(state, self.to_act(state), secrets=False)

    def owner_view(self, state: State) -> dict[str, Any]:
        return present.view(state, self.to_act(state), secrets=True)

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        """A v1 game's placement is blanked; nothing else is secret (``TilesLaid`` places no tile)."""
        if isinstance(fact, f.TilesPlaced):
            return f.TilesPlaced(placement=["?"] * len(fact.placement))
        return fact

    def evaluate(self, state: State, seat: int) -> float:
        """Cures home, carried and within reach, HP (``judge.py``); 1 or 0 once the game is over."""
        return super().evaluate(state, seat) if state.phase in ("over", "setup") else judge.evaluate(state, seat)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """Under rules v2 no tile lies anywhere until it is turned over: nothing to sample. A v1 game's
        laid placement is its secret: each region's face-down tiles are dealt afresh over its face-down
        squares (a region's counts are public), so a bot never reads where a tile really lies."""
        if state.chosen_when_turned or not state.tiles:
            return state
        regions: dict[str, list[str]] = {}
        for square in sorted(state.tiles):
            regions.setdefault(region_of(square), []).append(square)
        dealt = state.copy()
        for squares in regions.values():
            for square, tile in zip(squares, rng.shuffled(sorted(state.tiles[s] for s in squares)), strict=True):
                dealt.tiles[square] = tile
        return dealt

    def turn_number(self, state: State) -> int:
        return state.turns

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        return {
            seat: {
                "cures home": side["village"],
                "HP villager 1": side["villagers"][0]["hp"],
                "HP villager 2": side["villagers"][1]["hp"],
                "cards in hand": sum(side["hand"].values()),
            }
            for seat, side in enumerate(state.sides, 1)
        }


class InfectionV1(Infection):
    """Rules v1, kept so that the games recorded under them go on, replay and audit as they were: the
    setup shuffles each region's tiles into their places (``TilesPlaced``, secret to every seat until
    the game is over) and a pick-up reveals the tile laid there. Everything else is as in v2."""

    version = 1

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        blue, middle, red = (rng.shuffled(tiles_of(counts)) for counts in (SIDE_TILES, MIDDLE_TILES, SIDE_TILES))
        placed = f.TilesPlaced(placement=blue + middle + red)
        assert len(placed.placement) == len(TILE_SQUARES)
        return self._set_table(state, placed, rng)
