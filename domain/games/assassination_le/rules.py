"""The Assassination Game Le (Ken Leyhe, 2002): three players on a piecepack 5x5 board.

Perfect information with chance: every pawn, base and coin is in plain view; the die is the only
randomness. One player is the victim, racing to touch all four bases; the other two are assassins
trying to land on the victim and take over the role. Rulings on what the text leaves open are in
RULINGS.md beside this file; those that pick one of two readings are options (``RULINGS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact, Outcome
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.games.assassination_le import evolve, judge, picture, present
from domain.games.assassination_le.board import (
    ASSASSIN_CORNERS,
    BASES,
    SAFE_HOUSE,
)
from domain.games.assassination_le.facts import (
    DIE_FACES,
    FACTS,
    BaseTouched,
    DieRolled,
    PawnMoved,
    TableSetUp,
    TurnLost,
    VictimCaptured,
)
from domain.games.assassination_le.movement import (
    check_path,
    destinations,
    why_unreachable,
)
from domain.games.assassination_le.options import OPTIONS_SCHEMA, RULINGS
from domain.games.assassination_le.sides import AssassinationLeSides
from domain.games.assassination_le.state import State

SQUARE = {"type": "string", "pattern": "^[a-e][1-5]$", "description": "a square, a1 to e5"}


class AssassinationLe(AssassinationLeSides, Ruleset):
    name = "assassination-le"
    title = "The Assassination Game Le"
    summary = "The victim races to touch all four bases; the two assassins try to land on it."
    min_seats = 3
    max_seats = 3
    version = 1
    facts = FACTS
    state_types = (State,)
    command_shapes = (
        CommandShape("roll", "roll the die (the victim may re-roll a null)"),
        CommandShape("pass", "the victim keeps a null roll and does not move"),
        CommandShape(
            "move",
            "move exactly the rolled count to a square; give the path to choose the way",
            {"to": SQUARE, "path": {"type": "array", "items": SQUARE, "minItems": 1, "maxItems": 5}},
            ("to",),
        ),
    )
    options_schema = OPTIONS_SCHEMA
    RULINGS = RULINGS

    def describe_command(self, command: Command) -> str:
        """``roll the die``, ``keep the null``, ``move to c1`` (``via b1 c1`` where the path is given)."""
        if command["type"] == "move":
            path = f" via {' '.join(command['path'])}" if command.get("path") else ""
            return f"move to {command['to']}{path}"
        return {"roll": "roll the die", "pass": "keep the null and stay"}.get(command["type"], command["type"])

    # -- setting the table -------------------------------------------------------------------

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        rulings = {key: str(options.get(key, before)) for key, before in self.RULINGS.items()}
        return State(seat_count=seat_count, keep_coins=bool(options.get("keep_coins", False)), **rulings)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        contenders = list(range(1, state.seat_count + 1))
        rounds: list[list[list[int]]] = []
        while len(contenders) > 1:
            rolls = [[seat, rng.choice(DIE_FACES, "{seat} rolls to be the victim: which face?", seat)] for seat in contenders]
            rounds.append(rolls)
            best = max(face for _, face in rolls)
            contenders = [seat for seat, face in rolls if face == best]
        victim = contenders[0]
        corners = iter(ASSASSIN_CORNERS)
        squares = [SAFE_HOUSE if seat == victim else next(corners) for seat in range(1, state.seat_count + 1)]
        return [TableSetUp(bases=list(BASES), rounds=rounds, victim=victim, squares=squares)]

    # -- whose turn, and what they may do ----------------------------------------------------

    def to_act(self, state: State) -> list[int]:
        return [] if state.phase in ("over", "setup") else [state.mover]

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase == "roll":
            return [{"type": "roll"}]
        if state.phase == "reroll":
            return [{"type": "roll"}, {"type": "pass"}]
        return [{"type": "move", "to": square} for square in destinations(state, seat, state.rolled)]

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        kind = command["type"]
        if kind == "roll":
            if state.phase == "move":
                raise IllegalCommand(f"you have rolled {state.rolled} already: move now")
            face = rng.choice(DIE_FACES, "{seat} rolls the die: which face?", seat)
            facts: list[Fact] = [DieRolled(seat=seat, face=face)]
            if face == 0 and seat != state.victim:
                facts.append(TurnLost(seat=seat, reason="null"))
            elif face > 0 and not destinations(state, seat, face):
                facts.append(TurnLost(seat=seat, reason="blocked"))
            return facts
        if kind == "pass":
            if state.phase != "reroll":
                raise IllegalCommand("only a victim who has just rolled a null may pass instead of re-rolling")
            return [TurnLost(seat=seat, reason="passed")]
        if state.phase != "move":
            raise IllegalCommand("roll the die before you move")
        return self._move(state, seat, command)

    def _move(self, state: State, seat: int, command: Command) -> list[Fact]:
        to = command["to"]
        if "path" in command:
            path = check_path(state, seat, state.rolled, command["path"], to)
        else:
            reachable = destinations(state, seat, state.rolled)
            if to not in reachable:
                raise IllegalCommand(why_unreachable(state, seat, state.rolled, to))
            path = reachable[to]
        facts: list[Fact] = [PawnMoved(seat=seat, start=state.squares[seat - 1], path=path)]
        end = path[-1]
        if seat == state.victim:
            if end in state.bases and end not in state.coins[seat - 1]:
                facts.append(BaseTouched(seat=seat, base=end))
        elif end == state.squares[state.victim - 1]:
            removed = [] if state.keep_coins else list(state.coins[state.victim - 1])
            facts.append(VictimCaptured(assassin=seat, victim=state.victim, square=end, coins_removed=removed))
        return facts

    # -- applying facts ----------------------------------------------------------------------

    def evolve(self, state: State, fact: Fact) -> State:
        return evolve.apply(state, fact)

    # -- for bots ---------------------------------------------------------------------------------

    def evaluate(self, state: State, seat: int) -> float:
        """The victim's bases against the assassins' reach (``judge.py``); 1 or 0 once the game is over."""
        return super().evaluate(state, seat) if state.phase in ("over", "setup") else judge.evaluate(state, seat)

    # -- what players see --------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "board": {"safe_house": SAFE_HOUSE, "bases": list(state.bases)},
            "players": [
                {
                    "seat": s,
                    "square": state.squares[s - 1] if state.squares else None,
                    "role": "victim" if s == state.victim else "assassin",
                    "coins": list(state.coins[s - 1]) if state.coins else [],
                    "small_victories": state.small_victories[s - 1] if state.small_victories else 0,
                }
                for s in range(1, state.seat_count + 1)
            ],
            "victim": state.victim,
            "phase": state.phase,
            "rolled": state.rolled if state.phase in ("move", "reroll") else None,
            "turn": state.turn + 1,
            "to_act": self.to_act(state),
            "variant": {"keep_coins": state.keep_coins},
        }

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(winners=[state.victim], reason="touched all four bases")

    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        return present.describe(fact, seats)

    def turn_number(self, state: State) -> int:
        """Turns begun: a turn begins with its roll and ends with the move (or the lost turn) that passes
        it on, so the event that ends a turn is counted in it (``state.turn`` counts those completed)."""
        return state.turn + (1 if state.phase in ("move", "reroll") else 0)

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        return {
            seat: {"coins": len(state.coins[seat - 1]) if state.coins else 0,
                   "small victories": state.small_victories[seat - 1] if state.small_victories else 0}
            for seat in range(1, state.seat_count + 1)
        }

    def picture(self, view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        """The board, the pawns, the coins, the die and each seat's role and numbers (``picture.py``)."""
        return picture.picture(view, seats)

    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        return present.render(view, seats)
