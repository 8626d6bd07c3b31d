"""Playing one decision: ``Play`` builds the facts a command causes, applying each as it is made so
the next step sees its effect, and carries play on: a declared move waits for the other seat's
answer or lands at once, a turn ends when its move is made (or none is left), the next one begins.
"""

from __future__ import annotations

from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.modular import Decision
from domain.games.correction import facts as f
from domain.games.correction.board import home_row, kind_of
from domain.games.correction.checks import (
    BANISH_COST,
    DENY_COST,
    banish_problem,
    can_answer,
    could_act_on_a_later_turn,
    deny_problem,
    has_command,
    move_problem,
    spawn_problem,
)
from domain.games.correction.evolve import apply
from domain.games.correction.state import State


class Play(Decision):
    """Builds the facts of one decision, keeping the state they lead to."""

    apply_fact = staticmethod(apply)
    state: State

    # -- the player on turn ------------------------------------------------------------------

    def spawn(self, seat: int, command: Command) -> None:
        kind, square = command["piece"], command["square"]
        problem = spawn_problem(self.state, seat, kind, square)
        if problem:
            raise IllegalCommand(problem)
        piece = next(p for p in self.state.supply[seat - 1] if kind_of(p) == kind)
        tokens = self.state.denial[self.state.opponent(seat) - 1] + 1
        self.emit(f.PieceSpawned(seat=seat, piece=piece, kind=kind, square=square, tokens=tokens))
        self.carry_on()

    def move(self, seat: int, command: Command) -> None:
        start, to = command["from"], command["to"]
        problem = move_problem(self.state, seat, start, to)
        if problem:
            raise IllegalCommand(problem)
        if can_answer(self.state, self.state.opponent(seat), to):
            piece = self.state.pieces[start]
            self.emit(f.MoveDeclared(seat=seat, piece=piece["piece"], kind=piece["kind"], start=start, to=to))
        else:
            self.land(seat, start, to)

    # -- the other seat's answer -------------------------------------------------------------

    def deny(self, seat: int, command: Command) -> None:
        problem = deny_problem(self.state, seat)
        if problem:
            raise IllegalCommand(problem)
        assert self.state.declared is not None
        held = self.state.denial[seat - 1]
        self.emit(f.MoveDenied(seat=seat, square=self.state.declared["to"], tokens=held - DENY_COST))
        self.carry_on()

    def banish(self, seat: int, command: Command) -> None:
        problem = banish_problem(self.state, seat)
        if problem:
            raise IllegalCommand(problem)
        declared = self.state.declared
        assert declared is not None
        held = self.state.denial[seat - 1]
        self.emit(f.PieceBanished(seat=seat, owner=self.state.current, piece=declared["piece"], kind=declared["kind"],
                                  square=declared["start"], tokens=held - BANISH_COST))
        self.carry_on()

    def allow(self, seat: int, command: Command) -> None:
        declared = self.state.declared
        assert declared is not None
        self.emit(f.MoveAllowed(seat=seat))
        self.land(self.state.current, declared["start"], declared["to"])

    # -- carrying play on --------------------------------------------------------------------

    def land(self, seat: int, start: str, to: str) -> None:
        piece = self.state.pieces[start]
        occupant = self.state.pieces.get(to)
        recovered = piece["kind"] == "pawn" and to in self.state.tokens
        tokens = self.state.denial[seat - 1] + (1 if recovered else 0)
        self.emit(f.PieceMoved(seat=seat, piece=piece["piece"], kind=piece["kind"], start=start, to=to,
                               captured=occupant["piece"] if occupant else "", recovered=recovered, tokens=tokens))
        if to in home_row(self.state.number(self.state.opponent(seat))):
            self.emit(f.GameEnded(winners=[seat], reason=f"a {piece['kind']} reached the other player's spawn row ({to})"))
            return
        self.carry_on()

    def carry_on(self) -> None:
        """After a spawn, a landed move or an answer: the turn ends when its move is made or none is left."""
        seat = self.state.current
        if self.state.mode == "single" or not has_command(self.state, seat):
            self.end_turn(seat, "" if self.state.moved else "none of their pieces could make a move")

    def end_turn(self, seat: int, reason: str) -> None:
        """End the turn and begin the next; a turn with nothing to do ends at once (RULINGS.md, ruling 10)."""
        while True:
            self.emit(f.TurnEnded(seat=seat, reason=reason))
            if reason == f.NO_MOVE and not any(could_act_on_a_later_turn(self.state, s) for s in (1, 2)):
                self.emit(f.GameEnded(winners=[], reason="neither player can move or spawn a piece any more"))
                return
            if self.state.turn >= self.state.turn_limit:
                self.emit(f.GameEnded(winners=[], reason=f"no piece reached a spawn row in {self.state.turn_limit} turns",
                                            at_limit=True))
                return
            seat = self.next_turn()
            if has_command(self.state, seat):
                return
            reason = f.NO_MOVE

    def next_turn(self) -> int:
        """Begin the next turn (the first player's at the start); its seat."""
        state = self.state
        seat = state.order[0] if state.turn == 0 else state.opponent(state.current)
        self.emit(f.TurnStarted(seat=seat, turn=state.turn + 1))
        return seat
