"""How fast a kit could play if it were compiled to plain code: Connect Four decided by Python written for it alone,
onto the kit's own table and facts, beside the Connect Four kit and OpenSpiel's Connect Four, in one run.

    python tests/benchmarks/kit_floor.py [--runs 3] [--seconds 3] [--quick] [--write-guide]

``HandWritten`` is the Connect Four kit's rules (``kits/connect-four.yaml``) as code: the same legal commands in the
same order, the same facts (``PieceMoved``, ``TurnPassed``, ``GameEnded``) applied by the same ``evolve`` to the same
table, every call of the engine's contract made as a kit's are (``to_act``, ``outcome`` and ``evolve`` are the table
kit's own). Only the two functions a kit's rules are made of are written by hand: the legal commands and the facts of
a command, reading a board carried beside each table (as the kit engine carries its own). ``agreement`` plays seeded
random games through both and compares every legal command, fact and table (``test_kit_floor_benchmark.py`` runs it).

So the rate here is what the contract itself costs a command (facts made, each applied to a copied table) plus what
plain, untuned code costs to find the legal drops and a line of four: what a kit compiled to such code would play at.
Each row: random commands per CPU-second, whole seeded random games as ``kit_rules.py`` plays them, the median of
``--runs`` runs of at least ``--seconds`` each, the three taking turns in this process; OpenSpiel's rate ÷ each, and each as a share of the code's rate. The kit is to be
within 20× of OpenSpiel (``kit_rules.OPENSPIEL_TARGET``): a row gives the rate that asks of it, and its share.

``--quick`` runs once for a moment: it checks that the runner works. Nothing here asserts on a time.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).resolve().parents[1])]

import guide_pages
import kit_openspiel
from benchmarks.bots_report import SimRng, random_game_states, timed_games

from domain.engine import registry
from domain.engine.commands import Command
from domain.engine.errors import IllegalCommand
from domain.engine.facts import Fact
from domain.games.table_kit.rules import shipped_kit
from domain.games.table_kit.table.state import State, kit_of
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.vocabulary.layout import OFF

KIT = "connect-four"
RULES = registry.get("table-kit")
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Across, up and down, and the two diagonals: the lines four in a row may lie along."""
MOST_BOARDS = 256
"""The most boards kept beside tables (past them, they are let go and worked out again when asked)."""


class HandWritten:
    """The Connect Four kit's rules written as Python for it alone, on the kit's table: which grid space holds whose
    disc is worked out once a table, carried to the tables an action makes (as the kit engine carries its board)."""

    def __init__(self, state: State) -> None:
        (grid,) = [space for space in state.kit["spaces"] if space["kind"] == "grid"]
        self.columns, self.rows = grid["columns"], grid["rows"]
        self.names = {(column, row): f"{chr(ord('a') + column)}{row + 1}" for column in range(self.columns) for row in range(self.rows)}
        self.places = {name: place for place, name in self.names.items()}
        self.pieces: dict[int | None, list[str]] = {}
        for piece in kit_of(state).pieces(state.seats):
            self.pieces.setdefault(piece.owner, []).append(piece.id)
        self.seat_of = {name: seat for seat, names in self.pieces.items() for name in names}
        self.boards: dict[int, tuple[State, dict[tuple[int, int], int]]] = {}

    def board(self, state: State) -> dict[tuple[int, int], int]:
        """Each occupied place (column, row from 0) with its disc's seat."""
        kept = self.boards.get(id(state))
        if kept is not None and kept[0] is state:
            return kept[1]
        found = {self.places[space]: self.seat_of[piece] for piece, space in state.pieces.items() if space != OFF}
        self._keep(state, found)
        return found

    def _keep(self, state: State, board: dict[tuple[int, int], int]) -> None:
        if len(self.boards) >= MOST_BOARDS:
            self.boards.clear()
        self.boards[id(state)] = (state, board)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        """The lowest empty space of each column not full, in the grid's order (row by row), as the kit lists them."""
        if state.winners is not None or seat != state.turn:
            return []
        board = self.board(state)
        open_: list[tuple[int, int]] = []
        for column in range(self.columns):
            row = 0
            while (column, row) in board:
                row += 1
            if row < self.rows:
                open_.append((row, column))
        return [{"type": "act", "action": "drop", "to": self.names[column, row]} for row, column in sorted(open_)]

    def decide(self, state: State, seat: int, command: Command) -> list[Fact]:
        """The disc placed, the turn passed, then the end if four are in a line or the grid is full."""
        board = self.board(state)
        place = self.places.get(command.get("to")) if command.keys() == {"type", "action", "to"} else None
        if (state.winners is not None or seat != state.turn or command["type"] != "act" or command["action"] != "drop"
                or place is None or place in board or (place[1] and (place[0], place[1] - 1) not in board)):
            raise IllegalCommand(f"not a legal drop: {command!r}")
        board = dict(board)
        column, row = place
        placed = sum(1 for holder in board.values() if holder == seat)
        board[place] = seat
        facts: list[Fact] = [f.PieceMoved(seat, self.pieces[seat][placed], OFF, command["to"]), f.TurnPassed(seat, seat % state.seats + 1)]
        if max(self._line(board, seat, column, row, step) for step in LINES) >= state.parameters["in_a_row"]:
            facts.append(f.GameEnded(seat, [seat], "four in a line"))
        elif len(board) == self.columns * self.rows:
            facts.append(f.GameEnded(seat, [], "the grid is full"))
        table = state
        for fact in facts:
            table = RULES.evolve(table, fact)
            self._keep(table, board)
        return facts

    @staticmethod
    def _line(board: dict[tuple[int, int], int], seat: int, column: int, row: int, step: tuple[int, int]) -> int:
        count = 1
        for sign in (1, -1):
            at = 1
            while board.get((column + sign * at * step[0], row + sign * at * step[1])) == seat:
                count, at = count + 1, at + 1
        return count


@functools.cache
def options() -> dict[str, Any]:
    return RULES.resolve_options({"kit": shipped_kit(KIT)})  # type: ignore[no-any-return]


def hand_written_games(rules: HandWritten, seed: int) -> int:
    """One seeded random game through the hand-written rules, as ``random_game_states`` plays a kit's; its commands."""
    source = random.Random(f"bench-{seed}")
    rng = SimRng(source)
    state = RULES.new_state(2, options())
    for fact in RULES.setup(state, rng):
        state = RULES.evolve(state, fact)
    commands = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        legal = rules.legal_commands(state, seat)
        for fact in rules.decide(state, seat, legal[source.randrange(len(legal))]):
            state = RULES.evolve(state, fact)
        commands += 1
    return commands


def agreement(games: int) -> list[str]:
    """Seeded random games played through the kit and through ``HandWritten`` side by side: each difference in the
    seat to act, the legal commands, the facts or the table, said (none, where they agree)."""
    found: list[str] = []
    for seed in range(games):
        source = random.Random(f"agree-{seed}")
        rng = SimRng(source)
        state = RULES.new_state(2, options())
        for fact in RULES.setup(state, rng):
            state = RULES.evolve(state, fact)
        rules, turn = HandWritten(state), 0
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            theirs, ours = RULES.legal_commands(state, seat), rules.legal_commands(state, seat)
            if theirs != ours:
                found.append(f"game {seed}, command {turn}: the kit offers {theirs}, the code {ours}")
                break
            chosen = theirs[source.randrange(len(theirs))]
            kit_facts, code_facts = RULES.decide(state, seat, chosen, rng), rules.decide(state, seat, dict(chosen))
            if kit_facts != code_facts:
                found.append(f"game {seed}, command {turn}: the kit decides {kit_facts}, the code {code_facts}")
                break
            after = state
            for fact in code_facts:
                after = RULES.evolve(after, fact)
            for fact in kit_facts:
                state = RULES.evolve(state, fact)
            if state.__getstate__() != after.__getstate__():
                found.append(f"game {seed}, command {turn}: the tables differ")
                break
            turn += 1
    return found


def rates(runs: int, seconds: float) -> tuple[float, float, float]:
    """The median random commands per CPU-second of the hand-written rules, the kit and OpenSpiel, their runs taking
    turns so that the machine's drift falls on all three alike."""
    kit = {"kit": shipped_kit(KIT)}
    game = kit_openspiel.loaded(kit_openspiel.counterpart(KIT, shipped_kit(KIT)))  # type: ignore[arg-type]
    for _ in random_game_states(RULES, 2, -1, kit):  # the kit compiled first, as a process keeps it
        pass
    state = RULES.new_state(2, options())
    rules = HandWritten(state)  # made once, as a kit is compiled once
    ours, theirs, openspiel = [], [], []
    for _ in range(runs):
        ours.append(timed_games(lambda seed: hand_written_games(rules, seed), seconds)[0])
        theirs.append(timed_games(lambda seed: sum(1 for _ in random_game_states(RULES, 2, seed, kit)), seconds)[0])
        openspiel.append(kit_openspiel.openspiel_rate(game, seconds))
    return statistics.median(ours), statistics.median(theirs), statistics.median(openspiel)


def rates_table(hand: float, kit: float, openspiel: float, target: float) -> str:
    """The three rates, and the kit's at the target (``target`` times OpenSpiel's time a command): each with OpenSpiel's
    rate ÷ it and its share of the code's rate."""
    game = kit_openspiel.described(kit_openspiel.counterpart(KIT, shipped_kit(KIT)))  # type: ignore[arg-type]
    rows = [("Connect Four written as code, on the kit's table and facts", hand), ("the Connect Four kit", kit),
            (f"the kit at the target, within {target:g}× of OpenSpiel", openspiel / target), (f"OpenSpiel's `{game}`", openspiel)]
    lines = ["| rules | commands per CPU-second | OpenSpiel ÷ it | ÷ the code's rate |", "|---|---|---|---|"]
    lines += [f"| {name} | {rate:,.0f} | {openspiel / rate:,.1f}× | {rate / hand:,.2f} |" for name, rate in rows] if hand else []
    return "\n".join(lines)


def guide_headers() -> dict[str, list[str]]:
    """The header row of the table ``--write-guide`` writes, as its function makes it, without measuring."""
    return {"rates": guide_pages.header(rates_table(0, 0, 0, 1))}


def main(argv: Sequence[str] | None = None) -> int:
    from kit_rules import OPENSPIEL_TARGET

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each, the median shown (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a run plays at least (default 3)")
    guide_pages.add_options(parser)
    args = guide_pages.parse(parser, argv)
    runs, seconds = (1, 0.05) if args.quick else (args.runs, args.seconds)
    differences = agreement(2 if args.quick else 20)
    if differences:
        print("The hand-written rules differ from the kit's:", *differences, sep="\n")
        return 1
    print(f"## Connect Four as code, on the kit's table\n\nThe code and the kit agree on every legal command, fact and table of "
          f"{2 if args.quick else 20} seeded random games. The median of {runs} run(s) of at least {seconds:g} CPU-seconds, "
          "taking turns.\n")
    table = rates_table(*rates(runs, seconds), OPENSPIEL_TARGET)
    print(table)
    if args.write_guide:
        guide_pages.report_written(guide_pages.write("kit_floor.py", {"rates": table}, argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
