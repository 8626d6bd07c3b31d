"""What a game remembers of the commands it was sent, so that a client retrying a command (its answer
lost on the way) gets the first answer again instead of playing the command twice: for each of the
last ``REMEMBERED_ANSWERS`` command ids, the seat, the command and the events it caused."""

from __future__ import annotations

import json
from typing import Any

REMEMBERED_ANSWERS = 100
"""How many recent command ids a game remembers for idempotent retries."""


class Answers(dict[str, tuple[int, str, int, int]]):
    """Recent command ids: ``(seat, command as JSON, first event, last event)``. Never changed in place
    (``note_answer`` makes a new one), so copies of a game may share it: deep-copying a game, which
    the repository does on every load, costs nothing for it."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Answers:
        return self


class RemembersAnswers:
    """The ``Game`` aggregate's memory of answers, kept in its ``answers`` (an ``Answers``)."""

    answers: Answers

    def answer(self, command_id: str) -> dict[str, Any] | None:
        """What the command with this id was and which events it caused (``first``, ``last``), if it was played."""
        entry = self.__dict__.get("answers", {}).get(command_id)
        if entry is None:
            return None
        seat, command, first, last = entry
        return {"seat": seat, "command": json.loads(command), "first": first, "last": last}

    def note_answer(self, cause: dict[str, Any] | None, version: int) -> None:
        """Remember that the event numbered ``version`` was caused by ``cause``'s command (bounded: the
        oldest id is forgotten first)."""
        if not cause or not cause.get("command_id"):
            return
        answers = dict(self.__dict__.get("answers", {}))
        key = cause["command_id"]
        if key in answers:
            seat, command, first, _ = answers[key]
        else:
            seat, command, first = cause["seat"], json.dumps(cause["command"], sort_keys=True), version
            if len(answers) >= REMEMBERED_ANSWERS:
                del answers[next(iter(answers))]
        answers[key] = (seat, command, first, version)
        self.answers = Answers(answers)
