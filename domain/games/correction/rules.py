"""Correction (rules 1.01, 2013): a two-player abstract piece-moving game on a 6x6 board, with chess
influences and Denial Tokens.

Perfect information, chance only in who moves first (a recorded coin flip). Each player has four
pawns, a knight and a spearman, none on the board at the start. A turn: spawn up to two pieces on
the home row (the opponent gains a Denial Token for each), then move either every piece spawned this
turn or one other piece. The first piece to reach the opponent's spawn row wins.

Denial is a reaction: a declared move waits for the other seat's answer (``to_act`` names that
seat) whenever it could answer: ``deny`` (a token on the destination makes the move invalid),
``banish`` (three tokens remove the moving piece before it lands) or ``allow``. A move the other
seat could not answer lands at once. The ruleset's class is here; playing a command is in
``play.py``, its conditions in ``checks.py``, the board and the pieces' reach in ``board.py``,
applying facts in ``evolve.py``, what players see in ``present.py``; the choices the text leaves
open are in RULINGS.md, and those that pick one of two readings are options (``RULINGS``), kept in
the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.engine.modular import ModularRuleset
from domain.engine.randomness import Rng
from domain.engine.ruleset import player_number_roles
from domain.games.correction import facts as f
from domain.games.correction import judge, picture, present
from domain.games.correction.board import KINDS, SQUARE_PATTERN
from domain.games.correction.checks import (
    banish_problem,
    deny_problem,
    legal_moves,
    spawns,
)
from domain.games.correction.evolve import apply
from domain.games.correction.play import Play
from domain.games.correction.sides import CorrectionSides
from domain.games.correction.state import State

SQUARE = {"type": "string", "pattern": SQUARE_PATTERN, "description": "a square, a1 to f6"}
STARTING_TOKENS = 1
"""The second player's Denial Tokens at the start."""
ANSWERS = ("deny", "banish", "allow")

COMMANDS: dict[str, Callable[[Play, int, Command], None]] = {
    "spawn": Play.spawn,
    "move": Play.move,
    "deny": Play.deny,
    "banish": Play.banish,
    "allow": Play.allow,
}


class Correction(CorrectionSides, ModularRuleset):
    name = "correction"
    title = "Correction"
    summary = "Spawn pawns, a knight and a spearman on a 6x6 board and reach the other's spawn row; deny moves with tokens."
    min_seats = 2
    max_seats = 2
    version = 1
    perfect_information = True  # the coin at setup is the only chance; nothing is hidden
    facts = f.FACTS
    apply_fact = staticmethod(apply)
    present = present
    drawing = picture
    state_types = (State,)
    command_shapes = (
        CommandShape(
            "spawn",
            "before moving, put a piece from your supply on an empty square of your home row (two a turn at most)",
            {"piece": {"enum": list(KINDS)}, "square": SQUARE},
            ("piece", "square"),
        ),
        CommandShape(
            "move",
            "move a piece by its movement rules; the other player may answer before it lands",
            {"from": SQUARE, "to": SQUARE},
            ("from", "to"),
        ),
        CommandShape("deny", "answer a declared move: put a Denial Token on its destination, making the move invalid"),
        CommandShape("banish", "answer a declared move: spend 3 Denial Tokens to remove the moving piece before it lands"),
        CommandShape("allow", "answer a declared move: let it happen"),
    )
    options_schema: ClassVar[dict[str, Any]] = {
        "type": "object",
        "properties": {
            "turn_limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": 10000,
                "default": 200,
                "description": "turns (both players' together) after which a game with no winner is a draw: no endless games",
            },
            "deny_capture": {
                "enum": ["under-the-piece", "banish-only"],
                "default": "under-the-piece",
                "description": "ruling 13: a declared capture may be denied, the token going under the piece it would "
                "take (under-the-piece), or a token goes only on an empty square, so only a banishment stops a capture "
                "(banish-only)",
            },
            "capture_on_token": {
                "enum": ["pawns-only", "any-piece"],
                "default": "pawns-only",
                "description": "ruling 18: a piece standing on a Denial Token can be captured by a pawn only (knights and "
                "spearmen never move onto a token) (pawns-only), or by any piece, the token staying under the "
                "capturing knight or spearman (any-piece)",
            },
            "banished_piece": {
                "enum": ["laid-down", "standing"],
                "default": "laid-down",
                "description": "ruling 9: a banished piece is laid down like a captured one and cannot be spawned on "
                "its owner's next turn (laid-down), or goes back to the supply standing, spawnable at once (standing)",
            },
            "spear_past_pieces": {
                "enum": ["blocked", "reaches"],
                "default": "blocked",
                "description": "ruling 5: a spearman's capture two squares ahead is blocked by a piece between "
                "(blocked), or reaches over it (reaches)",
            },
        },
    }

    RULINGS: ClassVar[dict[str, str]] = {
        "deny_capture": "under-the-piece",
        "capture_on_token": "pawns-only",
        "banished_piece": "laid-down",
        "spear_past_pieces": "blocked",
    }
    """The switchable rulings and the choice a game recorded without them was played under."""

    # -- setting the table -------------------------------------------------------------------

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        rulings = {key: str(options.get(key, before)) for key, before in self.RULINGS.items()}
        return State(seat_count=seat_count, turn_limit=int(options.get("turn_limit", 200)), **rulings)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        coin = rng.choice(("heads", "tails"), "{seat} calls heads and flips the coin: which side?", 1)
        table = f.GameSetUp(call="heads", coin=coin, first=1 if coin == "heads" else 2, tokens=STARTING_TOKENS)
        play = Play(apply(state, table), rng)
        play.facts.append(table)
        play.next_turn()
        return play.facts

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        if state.phase not in ("spawn", "move"):
            return []
        if state.declared is not None:
            return [state.opponent(state.current)]
        return [state.current]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.declared is not None:
            answers: list[Command] = []
            if deny_problem(state, seat) is None:
                answers.append({"type": "deny"})
            if banish_problem(state, seat) is None:
                answers.append({"type": "banish"})
            return [*answers, {"type": "allow"}]
        moves: list[Command] = [{"type": "move", "from": start, "to": to} for start, to in legal_moves(state, seat)]
        return spawns(state, seat) + moves

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        waiting = self.to_act(state)
        if seat not in waiting:
            raise IllegalCommand("the game is over" if not waiting else f"it is not seat {seat}'s turn: waiting for seat {waiting[0]}")
        if state.declared is not None and kind not in ANSWERS:
            declared = state.declared
            raise IllegalCommand(
                f"answer the declared move first (the {declared['kind']} from {declared['start']} to {declared['to']}): "
                "deny, banish or allow"
            )
        if state.declared is None and kind in ANSWERS:
            raise IllegalCommand(f"there is no declared move to {kind}: answers come only when the other player declares a move")
        play = Play(state, rng)
        COMMANDS[kind](play, seat, command)
        return play.facts

    # -- for bots ---------------------------------------------------------------------------------

    def evaluate(self, state: State, seat: int) -> float:
        """Pieces advanced toward the far row, tokens, and threats to land there (``judge.py``); 1 or 0
        once the game is over."""
        return super().evaluate(state, seat) if state.phase in ("over", "setup") else judge.evaluate(state, seat)

    # -- what players see --------------------------------------------------------------------

    def turn_number(self, state: State) -> int:
        return state.turn

    def seat_roles(self, state: State) -> dict[int, str]:
        return player_number_roles(state.order)  # Player 1 is the coin flip's winner

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        on_board = {seat: 0 for seat in range(1, state.seat_count + 1)}
        for piece in state.pieces.values():
            on_board[piece["seat"]] += 1
        return {
            seat: {"tokens": state.denial[seat - 1] if state.denial else 0, "pieces on the board": on_board[seat]}
            for seat in range(1, state.seat_count + 1)
        }
