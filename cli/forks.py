"""``ludolog fork``: a new game that starts from a step of another and goes its own way
(``domain.keeping.forking``), and the family lines of ``ludolog games``."""

from __future__ import annotations

import json
from typing import Any

import click

from cli.terminal import HELP, db_option, open_service


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--at", "step", type=int, required=True, help="The step to fork at: the game as it stood after event N.")
@click.option("--as", "seat", help="Fork as this seat (number or name) of a game still being played: the fork knows "
              "only what that seat saw, the rest dealt afresh (default: the owner, seeing everything).")
@click.option("--seed", help="The fork's seed (default: a secret random one); never the game's.")
@click.option("--table/--seeded", "table", default=None,
              help="Whether the fork's dice and draws are told by the table or come from its seed (default: as the game's).")
@click.option("--name", help="What to call the fork in the lists (default: its ruleset, seats and day).")
@click.option("--json", "as_json", is_flag=True, help="Print the fork's id, its trunk and its tokens as JSON.")
@db_option
def fork(game: str, step: int, seat: str | None, seed: str | None, table: bool | None, name: str | None, as_json: bool,
         db: str) -> None:
    """Fork GAME at step N: a new game that starts where GAME stood after event N; prints its id.

    The fork is played on like any game (with 'ludolog play', 'ludolog bot', or the API with its
    own tokens: 'ludolog tokens'). Its chance is its own: a new seed, so its next card says nothing
    of the next card GAME dealt. Forked as a seat of a game still being played (--as), it starts
    from what that seat could see at step N; every card the seat could not see is dealt afresh.
    Its replay shows GAME's first N steps, then its own; 'ludolog games' lists it under GAME.

    \b
    Example:
      ludolog fork 3f2a --at 24
      ludolog fork 3f2a --at 24 --as Ben --seed 7
      ludolog fork 3f2a --at 24 --name "what if Ben had not robbed Ana"
    """
    from domain.keeping.access import OWNER

    service = open_service(db)
    game_id = service.find_game(game)
    viewer: Any = OWNER if seat is None else service.seat_number(service.game(game_id), seat)
    fork_id, tokens = service.fork_game(game_id, step, viewer, seed=seed, table=table, name=name)
    if as_json:
        forked = service.game(fork_id)
        seats = [{"seat": n, "name": named, "token": token} for n, (named, token) in enumerate(zip(forked.seats, tokens.seats), 1)]
        from domain.engine.viewing import public_link

        click.echo(json.dumps({"id": str(fork_id), "fork": public_link(forked.fork), "owner_token": tokens.owner, "seats": seats}, indent=2))
        return
    click.echo(str(fork_id))


def in_families(found: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """The listed games with each fork right after its trunk, and how deep in the family it is (0: a game
    that is no fork, or whose trunk is not listed)."""
    listed = {game["id"] for game in found}
    children: dict[str, list[dict[str, Any]]] = {}
    roots = []
    for game in found:
        trunk = (game.get("fork") or {}).get("game")
        if trunk in listed:
            children.setdefault(trunk, []).append(game)
        else:
            roots.append(game)
    ordered: list[tuple[int, dict[str, Any]]] = []
    stack = [(0, game) for game in reversed(roots)]
    while stack:
        depth, game = stack.pop()
        ordered.append((depth, game))
        stack += [(depth + 1, child) for child in reversed(children.get(game["id"], []))]
    return ordered


def fork_label(game: dict[str, Any]) -> str:
    """What ``ludolog games`` says of a fork after its name."""
    fork = game.get("fork")
    return f"  (fork of {fork['game'][:8]} at step {fork['step']})" if fork else ""
