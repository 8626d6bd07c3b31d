"""``ludolog play``: hot-seat play at one terminal, the players taking turns at the keyboard."""

from __future__ import annotations

import click

from cli.terminal import (
    db_option,
    format_events,
    format_status,
    open_service,
    parse_command,
)
from domain.errors import IllegalCommand, MalformedCommand
from domain.seating import seat_label
from domain.service import GameService


@click.command()
@click.argument("game")
@db_option
def play(game: str, db: str) -> None:
    """Play a game hot-seat: each turn shows the board as the seat to act sees it and the legal
    commands numbered; pick a number or type a command (``move to=b1`` or JSON); ``q`` quits.

    \b
    Example:
      ludolog play 3f2a
    """
    service = open_service(db)
    game_id = service.find_game(game)
    while _turn(service, game_id):
        pass


def _turn(service: GameService, game_id: object) -> bool:
    """Play one command; False when the game is over or the player quits."""
    current = service.game(game_id)  # type: ignore[arg-type]
    rules = current.rules
    waiting = current.to_act()
    if not waiting:
        click.echo(format_status(service.status(current.id, "owner", current), rules))
        return False
    seat = waiting[0]
    click.echo()
    click.echo(format_status(service.status(current.id, seat, current), rules))
    legal = rules.legal_commands(current.state, seat)
    click.echo(f"{seat_label(current.seats, seat, rules.seat_roles(current.state))}, your move:")
    for number, command in enumerate(legal, 1):
        click.echo(f"  {number}. {rules.describe_command(command)}")
    click.echo("  q. quit (the game is saved; 'ludolog play' takes it up again)")
    while True:
        answer = click.prompt("Choose", default="1" if len(legal) == 1 else None, show_default=False).strip()
        if answer.lower() in ("q", "quit", "exit"):
            return False
        if answer.isdigit() and not 1 <= int(answer) <= len(legal):
            click.echo(f"Pick a number from 1 to {len(legal)}, or type a command.")
            continue
        try:
            command = legal[int(answer) - 1] if answer.isdigit() else parse_command(answer)
            events = service.submit(current.id, seat, command)
        except (IllegalCommand, MalformedCommand, click.ClickException) as refusal:
            click.echo(f"Refused: {refusal.message}")
            continue
        click.echo(format_events(events))
        return True

