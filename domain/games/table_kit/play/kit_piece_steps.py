"""The steps of a kit's rules that move pieces: ``place`` one of a seat's pieces from off the board onto a space,
``move`` the piece on one space to another, ``capture`` the piece on a space (it goes off the board). A part of
``kit_steps.Run``, which gives the table, the seat acting, the values worked out, the facts recorded and the
landing rules taken where a piece lands."""

from __future__ import annotations

from mypy_extensions import trait

from domain.engine.errors import IllegalCommand
from domain.games.table_kit.language.expressions import Expression
from domain.games.table_kit.play.kit_endings import RunPart
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.vocabulary.layout import OFF


@trait
class PieceSteps(RunPart):
    """The piece steps of ``kit_steps.Run``."""

    __slots__ = ()

    def space(self, expression: Expression) -> str:
        """The expression's value as a space of the board, checked (``Run.space``)."""
        raise NotImplementedError

    def land(self, space: str) -> None:
        """The landing rules taken for a piece landed on the space (``Run.land``)."""
        raise NotImplementedError

    def place(self, step: str, spec: tuple[str | Expression | None, Expression, Expression | None]) -> None:
        """One of the seat's pieces (the acting seat's, or ``seat``'s) of a kind (named, or worked out) from off
        the board onto a space."""
        kind, to, seat = spec
        whose = self.seat if seat is None else self.seat_number(self.value(seat))
        if isinstance(kind, Expression):
            found = self.value(kind)
            if not isinstance(found, str) or found not in self.rules.kinds:
                raise IllegalCommand(f"the kit's rules fail here: {kind.source!r} is {found!r}, which is no kind of piece of the kit")
            kind = found
        space = self.space(to)
        board = self.scope().board
        if space in board.at:
            raise IllegalCommand(f"the kit's rules fail here: place {kind or 'a piece'} on {space}, but {board.at[space]} stands there")
        pieces, piece = self.state.pieces, None
        for found in self.rules.placeable(self.state.seats, kind, whose):  # the first still off the board
            if pieces[found] == OFF:
                piece = found
                break
        if piece is None:
            raise IllegalCommand(f"the kit's rules fail here: seat {whose} has no {kind or 'piece'} left off the board to place")
        self.emit(f.PieceMoved(self.seat, piece, OFF, space))
        self.land(space)

    def move(self, step: str, spec: tuple[Expression, Expression, bool]) -> None:
        origin, to, stack = spec
        start, space = self.space(origin), self.space(to)
        board = self.scope().board
        if start != OFF and board.single:  # one piece a space at most: the piece standing there
            piece = board.at.get(start)
        else:
            owners = self.rules.owners(self.state.seats)
            here = [piece for piece, space in self.state.pieces.items() if space == start]
            piece = next((piece for piece in reversed(here) if owners[piece][1] == self.seat), here[-1] if here else None)
        if piece is None:
            raise IllegalCommand(f"the kit's rules fail here: move from {start}, but no piece stands there")
        if space in board.at and not stack and space != start:  # a walk round a loop may end where it began
            raise IllegalCommand(f"the kit's rules fail here: move onto {space}, but {board.at[space]} stands there "
                                 "(capture it first, or let pieces share a space with stack: true)")
        self.emit(f.PieceMoved(self.seat, piece, start, space))
        self.land(space)

    def capture(self, step: str, spec: tuple[Expression]) -> None:
        (at,) = spec
        space = self.space(at)
        piece = self.scope().board.at.get(space)
        if piece is not None:
            self.emit(f.PieceMoved(self.seat, piece, space, OFF))
