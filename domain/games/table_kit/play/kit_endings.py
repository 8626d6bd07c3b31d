"""How an action of a kit's rules ends the game: an ending's winners and scores, checked and recorded, the
endings tried after each action (``play.end``), and the turn limit (``play.limit``: the leaders by a counter win,
all level a draw). A part of ``kit_steps.Run``, which gives the table, the seat acting, the values worked out
and the facts recorded."""

from __future__ import annotations

from typing import Any

from mypy_extensions import trait

from domain.engine.errors import IllegalCommand
from domain.engine.facts import MOST_SCORE, winners_by_score
from domain.games.table_kit.language.expressions import Expression
from domain.games.table_kit.vocabulary import facts as f


@trait
class RunPart:
    """What ``kit_steps.Run`` gives each of its parts (``Endings``, ``kit_piece_steps.PieceSteps``): the table, the seat
    acting and the ways to work out a value and record a fact. A trait (a part of one class, which mypyc compiles into
    it: ``kit_engine``), whose methods below are ``Run``'s own."""

    __slots__ = ()

    rules: Any
    state: Any
    seat: int

    def emit(self, fact: Any) -> None:
        """Record the fact and apply it to the table (``Run.emit``)."""
        raise NotImplementedError

    def value(self, expression: Expression) -> Any:
        """The expression's value on the table as it stands (``Run.value``)."""
        raise NotImplementedError

    def scope(self) -> Any:
        """The names and functions as the table now stands (``Run.scope``)."""
        raise NotImplementedError

    def seat_number(self, value: Any) -> int:
        """The value as a seat of the table, checked (``Run.seat_number``)."""
        raise NotImplementedError


@trait
class Endings(RunPart):
    """The ending steps of ``kit_steps.Run``."""

    __slots__ = ()

    chosen: dict[str, Any]

    def truth(self, expression: Expression) -> bool:
        """A condition's value on the table as it stands (``Run.truth``)."""
        raise NotImplementedError

    def end(self, winners: Any, reason: str, at_limit: bool = False, scores: list[int] | None = None) -> None:
        if not isinstance(winners, list):
            raise IllegalCommand(f"the kit's rules fail here: the winners are {winners!r}, not a list of seats")
        self.emit(f.GameEnded(self.seat, sorted({self.seat_number(winner) for winner in winners}), reason, at_limit, scores))

    def end_with(self, result: tuple[Expression | None, Expression | None], reason: str) -> None:
        """The game ended with an end's result: its scores, if it gives them, and its winners, or else the seats
        with the highest score (all equal: a draw)."""
        winners, scores = result
        counted = None if scores is None else self.scores(self.value(scores))
        self.end(self.value(winners) if winners is not None else winners_by_score(counted or []), reason, scores=counted)

    def scores(self, value: Any) -> list[int]:
        """An end's scores, checked: a whole number for each seat, seat 1 first."""
        if not isinstance(value, list) or len(value) != self.state.seats or not all(
                type(score) is int and -MOST_SCORE <= score <= MOST_SCORE for score in value):
            raise IllegalCommand(f"the kit's rules fail here: the scores are {value!r}, not a list of "
                                 f"{self.state.seats} whole numbers from {-MOST_SCORE:,} to {MOST_SCORE:,}, one a seat")
        return list(value)

    def check_endings(self) -> None:
        for when, result, reason in self.rules.endings:
            if self.truth(when):
                self.end_with(result, reason)
                return
        if self.rules.limit is not None:
            turns, most, reason = self.rules.limit
            if self.state.turns > self.last_turn(turns):  # the turn after the last has begun
                self.end(self.leaders(most), reason, at_limit=True)

    def last_turn(self, turns: Expression) -> int:
        """The turn limit's last turn: worked out once a game where it reads only the parameters and seats."""
        rules, state = self.rules, self.state
        fixed = rules.limit_fixed and self.chosen.keys().isdisjoint(turns.names)  # a choice of that name: read it
        known = rules.limit_known
        if fixed and known is not None and known[0] is state.parameters and known[1] == state.seats:
            return known[2]
        last = self.value(turns)
        if isinstance(last, bool) or not isinstance(last, int):
            raise IllegalCommand(f"the kit's rules fail here: the turn limit {turns.source!r} is {last!r}, not a whole number")
        if fixed:
            rules.limit_known = (state.parameters, state.seats, last)
        return last

    def leaders(self, most: str | None) -> list[int]:
        if most is None:
            return []
        values = self.scope()[most]
        if not isinstance(values, dict):
            return []
        best = max(values.values())
        found = [seat for seat, value in values.items() if value == best]
        return [] if len(found) == len(values) and len(values) > 1 else found
