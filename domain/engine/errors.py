"""The errors the engine raises: one class per kind of mistake, each with a message a player understands.

Every error is a ``LudologError``; ``kind`` is a stable slug that outer layers (the CLI, the REST API)
map to exit codes, HTTP statuses and problem types without parsing messages.
"""

from __future__ import annotations


class LudologError(Exception):
    """Base of every error the engine raises on purpose."""

    kind = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UnknownRuleset(LudologError, LookupError):
    """No ruleset is registered under that name."""

    kind = "unknown-ruleset"


class UnknownGame(LudologError, LookupError):
    """No game is stored under that id."""

    kind = "unknown-game"


class UnknownKit(LudologError, LookupError):
    """No kit is on the shelf under that name (or it has no such version)."""

    kind = "unknown-kit"


class InvalidKit(LudologError, ValueError):
    """A kit document that cannot be played: ``mistakes`` holds every one, a line each (``where: what``)."""

    kind = "invalid-kit"

    def __init__(self, message: str, mistakes: list[str]) -> None:
        super().__init__(message)
        self.mistakes = list(mistakes) or [message]


class InvalidSetup(LudologError, ValueError):
    """The seats or options given for a new game are not acceptable."""

    kind = "invalid-setup"


class UnknownSeat(LudologError, ValueError):
    """The game has no seat by that number or name."""

    kind = "unknown-seat"


class MalformedCommand(LudologError, ValueError):
    """The command is not of any shape the ruleset knows (syntax, not rules)."""

    kind = "malformed-command"


class IllegalCommand(LudologError, ValueError):
    """The command is well formed but the rules forbid it here."""

    kind = "illegal-command"


class NotYourTurn(IllegalCommand):
    """The seat is not one of those the game is waiting for."""

    kind = "not-your-turn"


class GameOver(IllegalCommand):
    """The game has ended; it takes no more commands."""

    kind = "game-over"


class VersionConflict(LudologError):
    """The game moved on since the version the caller expected, or a concurrent writer won."""

    kind = "version-conflict"


class StoreUnavailable(LudologError):
    """The game store could not be written (a locked or unreachable database); nothing was recorded."""

    kind = "store-unavailable"


class Unauthorized(LudologError):
    """A token that is no seat's and not the owner's."""

    kind = "unauthorized"


class Forbidden(LudologError):
    """A token that is valid but does not allow this (a seat acting for another seat)."""

    kind = "forbidden"


class KitOwned(Forbidden):
    """A new version of a kit from someone who does not hold its kit token; ``kit`` is its name."""

    def __init__(self, message: str, kit: str) -> None:
        super().__init__(message)
        self.kit = kit


class InvalidNote(LudologError, ValueError):
    """A note that cannot be written so: an event the game does not have, an empty text, an unknown glyph."""

    kind = "invalid-note"


class UnknownNote(LudologError, LookupError):
    """A note id the game does not have (or the viewer may not see)."""

    kind = "unknown-note"


class IdempotencyKeyReused(LudologError):
    """A command id already used for a different command or seat."""

    kind = "idempotency-key-reused"



class OutcomeError(LudologError):
    """About one chance outcome of a table game: ``question`` is what the table is asked (``{seat}``
    stands for the seat's name until ``name_seat``), ``values`` the possible answers, ``index`` the
    outcome's place (from 0) among those of the command or setup."""

    def __init__(self, question: str, seat: int | None, values: list[object], index: int) -> None:
        self.question, self.seat, self.values, self.index = question, seat, values, index
        super().__init__(self.say())

    def say(self) -> str:
        raise NotImplementedError

    def name_seat(self, seats: list[str]) -> None:
        """Put the seat's name in the question and the message."""
        self.question = self.question.replace("{seat}", seats[self.seat - 1] if self.seat else "a player")
        self.message = self.say()
        self.args = (self.message,)

    def details(self) -> dict[str, object]:
        """The outcome asked for, as data: ``{"index", "question", "values"}``."""
        return {"index": self.index, "question": self.question, "values": list(self.values)}

    def _asked(self) -> str:
        return f"{self._question()} (one of: {', '.join(str(value) for value in self.values)})"

    def _question(self) -> str:
        return self.question.replace("{seat}", f"seat {self.seat}" if self.seat else "a player")


class OutcomeNeeded(OutcomeError, MalformedCommand):
    """A table game's command (or setup) needs a chance outcome (a die face, a card drawn) that was not
    supplied."""

    kind = "outcome-needed"

    def say(self) -> str:
        return f"this table game needs outcome {self.index + 1} from the table: {self._asked()}"


class ImpossibleOutcome(OutcomeError, IllegalCommand):
    """A supplied outcome that could not have happened: a face the die lacks, a card no longer in that deck."""

    kind = "impossible-outcome"

    def __init__(self, question: str, seat: int | None, values: list[object], index: int, given: object) -> None:
        self.given = given
        super().__init__(question, seat, values, index)

    def say(self) -> str:
        return f"outcome {self.index + 1}, {self.given!r}, is not possible: {self._asked()}"


class OutcomeNotYours(OutcomeError, Forbidden):
    """A table game's command whose chance includes another seat's secret (a card that seat draws into its
    hand), sent with a seat's token: only the game's owner, who transcribes the game, may tell it. The
    possible values are not named: they would tell what that seat holds."""

    kind = "outcome-not-yours"

    def say(self) -> str:
        return (f"outcome {self.index + 1} of this command, {self._question()}, is another seat's secret: "
                "a command that needs it is told with the game owner's token")
