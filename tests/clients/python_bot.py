"""A bot written against the Python client that ``openapi-python-client`` generates from ``openapi.yaml``
(package ``ludolog_client``), as a bot author would write one: it creates a game, plays every seat to the
end choosing among the legal commands the server lists for the seat to act, reads the game as a seat,
and downloads it in every export format and its review chart. Everything goes through the generated
client; ``mypy --strict`` checks this file against the generated package (``test_python_client.py``).

Run it against a server (``ludolog serve``), the client generated first::

    openapi-python-client generate --path openapi.yaml --output-path ludolog-client
    PYTHONPATH=ludolog-client python tests/clients/python_bot.py http://127.0.0.1:8000 correction --seed 3
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ludolog_client import AuthenticatedClient, Client
from ludolog_client.api.games import (
    create_game,
    get_game,
    list_legal_commands,
    review_chart,
    submit_command,
)
from ludolog_client.api.history import export_game
from ludolog_client.api.rulesets import list_rulesets
from ludolog_client.models import (
    ExportGameFormat,
    GameCreated,
    GameState,
    GameStateStatus,
    LegalCommands,
    NewCommand,
    NewGame,
    NewGameOptions,
    Problem,
    RulesetList,
    Submission,
)
from ludolog_client.types import File

Answer = TypeVar("Answer")

MOST_COMMANDS = 2000
"""A game that has not ended after this many commands is reported as an error, not played on forever."""


class BotError(Exception):
    """The server refused a request, or answered with something the bot did not ask for."""


def expect(parsed: object, kind: type[Answer]) -> Answer:
    """The answer as the type asked for; a problem (or nothing) raised as a BotError saying what it was."""
    if isinstance(parsed, kind):
        return parsed
    if isinstance(parsed, Problem):
        raise BotError(f"{parsed.status} {parsed.title}: {parsed.detail}")
    raise BotError(f"expected a {kind.__name__}, got {parsed!r}")


@dataclass
class PlayedGame:
    """What the bot saw of one game it played: enough for a caller to check it against the server."""

    id: str
    ruleset: str
    commands: int
    version: int
    status: str
    outcome: dict[str, Any]
    seat_views: dict[int, dict[str, Any]] = field(default_factory=dict)
    exports: dict[str, str] = field(default_factory=dict)
    chart: bytes = b""


def ruleset_seats(base_url: str) -> dict[str, int]:
    """Every ruleset the server plays, with the fewest seats it is played by (``GET /rulesets``)."""
    listed = expect(list_rulesets.sync(client=Client(base_url=base_url, raise_on_unexpected_status=True)), RulesetList)
    return {ruleset.name: ruleset.min_seats for ruleset in listed.rulesets}


def pick(legal: LegalCommands, played: int) -> NewCommand:
    """A legal command: a fixed stride through the list, so that a seeded game is the same every run."""
    if not legal.commands:
        raise BotError(f"seat {legal.seat} is to act but has no legal command")
    return NewCommand(command=legal.commands[(played * 7) % len(legal.commands)])


def play(base_url: str, ruleset: str, seats: list[str], *, seed: str | None = None, salt: str | None = None,
         options: dict[str, Any] | None = None, chart: bool = False) -> PlayedGame:
    """Create a game of ``ruleset`` and play each seat with its own token until the game is over."""
    anyone = Client(base_url=base_url, raise_on_unexpected_status=True)
    new = NewGame(ruleset=ruleset, seats=seats)
    if seed is not None:
        new.seed = seed
    if salt is not None:
        new.salt = salt
    if options is not None:
        new.options = NewGameOptions.from_dict(options)
    created = expect(create_game.sync(client=anyone, body=new), GameCreated)
    tokens = {seat.seat: AuthenticatedClient(base_url=base_url, token=seat.token, raise_on_unexpected_status=True)
              for seat in created.seats}
    first = tokens[min(tokens)]
    played = 0
    state = expect(get_game.sync(created.id, client=first), GameState)
    while state.status == GameStateStatus.ACTIVE:
        if played >= MOST_COMMANDS:
            raise BotError(f"the game of {ruleset} has not ended after {played} commands")
        seat = state.to_act[0]
        legal = expect(list_legal_commands.sync(created.id, client=tokens[seat]), LegalCommands)
        submitted = expect(submit_command.sync(created.id, client=tokens[seat], body=pick(legal, played)), Submission)
        played += 1
        state = expect(get_game.sync(created.id, client=first), GameState)
        if state.version < submitted.version:
            raise BotError(f"the game read at version {state.version} after a command made it {submitted.version}")
    game = PlayedGame(id=str(created.id), ruleset=ruleset, commands=played, version=state.version, status=str(state.status),
                      outcome=state.outcome.to_dict() if state.outcome else {})
    for seat, client in tokens.items():
        seen = expect(get_game.sync(created.id, client=client), GameState)
        game.seat_views[seat] = {"viewer": seen.viewer, "view": seen.view.to_dict()}
    for form in ExportGameFormat:
        game.exports[form.value] = expect(export_game.sync(created.id, client=first, format_=form), str)
    if chart:
        game.chart = expect(review_chart.sync(created.id, client=first, budget=1), File).payload.read()
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description="Play a whole game through the generated ludolog client.")
    parser.add_argument("url", help="the service, like http://127.0.0.1:8000")
    parser.add_argument("ruleset", help="a ruleset GET /rulesets lists")
    parser.add_argument("--seed", default=None)
    args = parser.parse_args()
    seats = ruleset_seats(args.url)
    if args.ruleset not in seats:
        raise SystemExit(f"no ruleset {args.ruleset!r}; known: {', '.join(sorted(seats))}")
    names = [f"Bot {number}" for number in range(1, seats[args.ruleset] + 1)]
    game = play(args.url, args.ruleset, names, seed=args.seed)
    print(json.dumps({"id": game.id, "commands": game.commands, "status": game.status, "outcome": game.outcome}))


if __name__ == "__main__":
    main()
