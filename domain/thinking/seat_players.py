"""Who plays each seat of a game: a person, or a bot with its strategy, budget and pace.

A game's creation records it (``Game.Created.players``): ``None`` when every seat is a person's, else one
entry a seat, ``{"kind": "person"}`` or ``{"kind": "bot", "strategy", "budget", "pace_ms"}``. The service
plays a bot seat itself as soon as it is to act (``domain.keeping.bot_seats``), ``pace_ms`` after the move
before it (a watched game can be given a second a move). ``check_players`` is the rule a new game's players
follow, from the CLI, the API and an imported file alike; ``player_phrase`` names a seat's player in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.thinking.bots import parse_budget
from domain.thinking.strategies import SEARCHING, STRATEGIES

MAX_PACE_MS = 60_000
"""The longest a bot seat waits before its move."""

PERSON: dict[str, Any] = {"kind": "person"}


def check_players(players: Any, seat_count: int, pace_ms: Any = None, table: bool = False) -> list[dict[str, Any]] | None:
    """The game's players as recorded: ``None`` when none are given or every seat is a person's, else one entry a
    seat, each checked (``InvalidSetup`` saying what is wrong). ``pace_ms`` is the pace of a bot given none."""
    if players is None:
        return None
    if not isinstance(players, list) or len(players) != seat_count:
        raise InvalidSetup(f"players name who plays each seat: a list of {seat_count} entries, one a seat, in seat order")
    if pace_ms is not None:
        _check_pace(pace_ms)
    checked = [_checked(player, number, pace_ms) for number, player in enumerate(players, 1)]
    if all(player["kind"] == "person" for player in checked):
        return None
    if table:
        raise InvalidSetup("a table game takes its chance outcomes from the people at the table: a bot cannot play a seat")
    return checked


def _checked(player: Any, number: int, pace_ms: Any) -> dict[str, Any]:
    if not isinstance(player, dict) or player.get("kind") not in ("person", "bot"):
        raise InvalidSetup(f'seat {number}\'s player is {{"kind": "person"}} or {{"kind": "bot", "strategy": ...}}')
    if player["kind"] == "person":
        if set(player) != {"kind"}:
            raise InvalidSetup(f"seat {number} is a person's: a person has no strategy, budget or pace")
        return dict(PERSON)
    unknown = set(player) - {"kind", "strategy", "budget", "pace_ms"}
    if unknown:
        raise InvalidSetup(f"seat {number}'s bot has no {', '.join(sorted(unknown))}: a bot has a strategy, a budget and a pace_ms")
    strategy, budget = player.get("strategy"), player.get("budget")
    if strategy not in STRATEGIES:
        raise InvalidSetup(f"seat {number}'s bot plays one of the strategies {', '.join(STRATEGIES)}, not {strategy!r}")
    if budget is not None:
        if strategy not in SEARCHING:
            raise InvalidSetup(f"seat {number}'s bot is {strategy}: only a search bot ({', '.join(SEARCHING)}) has a budget")
        if not isinstance(budget, (str, int)) or isinstance(budget, bool):
            raise InvalidSetup(f"seat {number}'s budget is simulations (like 300) or milliseconds (like \"200ms\")")
        parse_budget(str(budget))
        budget = str(budget).strip().lower()
    pace = player.get("pace_ms", pace_ms if pace_ms is not None else 0)
    _check_pace(pace)
    return {"kind": "bot", "strategy": strategy, "budget": budget, "pace_ms": int(pace)}


def _check_pace(pace: Any) -> None:
    if not isinstance(pace, int) or isinstance(pace, bool) or not 0 <= pace <= MAX_PACE_MS:
        raise InvalidSetup(f"a bot's pace is whole milliseconds from 0 to {MAX_PACE_MS} before each move, not {pace!r}")


def is_bot(players: Sequence[dict[str, Any]] | None, seat: int) -> bool:
    """Whether a bot plays the seat (numbered from 1)."""
    return bool(players) and players[seat - 1].get("kind") == "bot"  # type: ignore[index]


def player_phrase(seats: Sequence[str], players: Sequence[dict[str, Any]] | None, seat: int) -> str:
    """The seat's name and, for a bot's seat, what bot plays it: ``"Cy, a greedy bot"``."""
    name = seats[seat - 1]
    if not is_bot(players, seat):
        return name
    strategy = players[seat - 1]["strategy"]  # type: ignore[index]
    return f"{name}, {'an' if strategy[0] in 'aeiou' else 'a'} {strategy} bot"


def described_players(seats: Sequence[str], players: Sequence[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Every seat's player, for an answer: ``{"seat", "name", "kind"}`` and a bot's strategy, budget and pace."""
    return [{"seat": number, "name": name, **(dict(players[number - 1]) if players else dict(PERSON))}
            for number, name in enumerate(seats, 1)]
