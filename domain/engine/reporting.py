"""What reports, replays and bots read of a game besides its rules, each with a default a ruleset overrides
where its game says more: how turns and seats' numbers run (``turn_number``, ``seat_numbers``), the seats'
sides and roles, the cards a command plays, the kinds of command and the limit options a balance report
counts, whether a game's rules are held at all (``holds_rules``) and whether its creator wrote them
(``rules_written_in``). ``Ruleset`` is built on it."""

from __future__ import annotations

import functools
from typing import Any, ClassVar

from domain.engine.commands import Command, CommandShape

CARD_MOVES = frozenset({"discard", "lose", "recover"})
"""Command types that move a card without playing it (discarded, given up, taken back): by default
(``Ruleset.cards_played``) a balance report does not count their cards as played."""


class ReportHooks:
    """The parts of the ruleset contract that reports read (``domain.engine.ruleset.Ruleset`` is built on it)."""

    command_shapes: ClassVar[tuple[CommandShape, ...]]
    knows_the_rules: ClassVar[bool] = True
    """Whether the ruleset holds the game's rules. A table kit without rules does not (the people at the
    table keep them): its bots play only by chance and a balance study of it says nothing, so ``ludolog
    balance`` and the bot benchmarks leave it out."""

    def holds_rules(self, options: dict[str, Any]) -> bool:
        """Whether a game with these options is played by rules the ruleset holds, so that bots can play to
        win and a balance study or a review means something. Default: ``knows_the_rules``; a table kit
        holds the rules of a kit that writes them down (kit 2's ``play``)."""
        return self.knows_the_rules

    def rules_written_in(self, options: dict[str, Any]) -> bool:
        """Whether a game with these options is played by rules its creator wrote (a kit's conditions and
        steps), not by the ruleset's code: reading its legal commands then costs what the rules' expressions
        cost, so the API counts such reads as costly requests. Default: no."""
        return False

    def limit_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options that set the game's turn or round limit, with their values (none: no limit): by
        default those named ``turn_limit`` or ``round_limit``."""
        return {key: value for key, value in options.items() if key in ("turn_limit", "round_limit")}

    def command_kinds(self, options: dict[str, Any]) -> list[str]:
        """The kinds of command a game with these options takes, as a balance report counts them: by
        default each command shape's type."""
        return [shape.type for shape in self.command_shapes]

    def command_kind(self, command: Command) -> str:
        """The kind a command is counted as (``command_kinds``): by default its type."""
        return str(command["type"])

    def turn_number(self, state: Any) -> int:
        """How many turns have begun: replays mark where a turn starts (and step by turns) where it
        changes. ``0`` for a ruleset that does not count turns."""
        return 0

    def seat_numbers(self, state: Any) -> dict[int, dict[str, float]]:
        """Each seat's key numbers worth charting over a game (``{1: {"HP": 10, "VP": 0}}``); public
        numbers only, as every seat sees them."""
        return {}

    def card_names(self) -> list[str]:
        """Every card a command can play, by name, for balance reports' counts of cards never played.
        Default: of the cards listed (a JSON Schema ``enum``) by the command fields named ``card``, those
        a command plays (see ``cards_played``)."""
        listed: list[str] = []
        for shape in self.command_shapes:
            for name in shape.properties.get("card", {}).get("enum", []):
                if name not in listed:
                    listed.append(name)
        types = {shape.type for shape in self.command_shapes}
        playing = {name for shape in self.command_shapes if shape.type not in CARD_MOVES
                   for name in shape.properties.get("card", {}).get("enum", [])}
        return [name for name in listed if name in types or name in playing]

    def cards_played(self, state: Any, seat: int, command: Command) -> list[str]:
        """The names of the cards the command plays (``state`` is the state it is played in), for balance
        reports. Default: the command's type when it names a card (Infection's ``axe``), else its ``card``
        field when that names a card, unless the command only moves the card (``CARD_MOVES``: a discard
        is not a play)."""
        if command["type"] in self._card_name_set:
            return [command["type"]]
        card = command.get("card")
        if command["type"] in CARD_MOVES or not isinstance(card, str) or card not in self._card_name_set:
            return []
        return [card]

    @functools.cached_property
    def _card_name_set(self) -> frozenset[str]:
        return frozenset(self.card_names())

    def sides(self, state: Any) -> dict[int, str]:
        """Each seat's side in the game's own words, where the game gives its seats different things to
        play (a squad, a deck, a role, a colour, a start space): ``{1: "the red squad", 2: "the blue
        squad"}``; public. Read from the table as setup left it, so a role that passes from seat to seat
        in play is the one each seat was dealt. Balance reports count wins by side beside wins by seat.
        Default: ``{}``, no sides."""
        return {}

    def rotate_sides(self, options: dict[str, Any], seat_count: int, rotation: int) -> dict[str, Any] | None:
        """The resolved ``options`` with the sides moved ``rotation`` seats round the table (seat ``s``
        plays the side seat ``s - rotation`` had, counting round), so that a balance study can give every
        side every seat in turn and tell a side's edge from a seat's. ``None`` where options cannot move
        the sides: a game without sides, or with sides the rules fix to seats or deal by chance. Default:
        ``None``."""
        return None

    def seat_roles(self, state: Any) -> dict[int, str]:
        """Each seat's role in the game's own words, where it is worth saying next to the seat number
        (``{2: "Player 1", 1: "Player 2"}`` when the coin made seat 2 go first); public. Messages
        name a seat ``Ben (seat 2, Player 1)`` with it."""
        return {}
