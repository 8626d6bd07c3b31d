"""``ludolog play``: hot-seat play at one terminal, the players taking turns at the keyboard.

In a table game (a paper game being transcribed) each chance outcome is asked for when the command
meets it: "Cy rolls the die: which face?" (``cli.outcomes``). ``--bot SEAT`` lets a bot fill a seat: it
plays as soon as that seat is to act, thinking only from what the seat can see."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.outcomes import with_outcomes
from cli.terminal import (
    HELP,
    db_option,
    format_events,
    format_status,
    open_service,
    parse_command,
)
from domain.engine.errors import IllegalCommand, MalformedCommand
from domain.engine.seating import seat_label
from domain.thinking.strategies import STRATEGIES

if TYPE_CHECKING:
    from domain.keeping.service import GameService
    from domain.thinking.bots import Bot


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--bot", "bots", multiple=True, metavar="SEAT[=STRATEGY]",
              help=f"A seat a bot plays (number or name), with its strategy ({', '.join(STRATEGIES)}; default search); repeatable.")
@db_option
def play(game: str, bots: tuple[str, ...], db: str) -> None:
    """Play a game hot-seat: each turn shows the board as the seat to act sees it and the legal
    commands numbered; pick a number or type a command (``move to=b1`` or JSON); ``q`` quits. In a
    table game, each die face, coin side or card drawn is asked for when it happens.

    \b
    Example:
      ludolog play 3f2a
      ludolog play 3f2a --bot Ben --bot Cy=greedy
    """
    service = open_service(db)
    game_id = service.find_game(game)
    players = _bots(service, game_id, bots)
    last_seat = 0
    while seat := _turn(service, game_id, last_seat, players):
        last_seat = seat


def _bots(service: GameService, game_id: object, given: tuple[str, ...]) -> dict[int, Bot]:
    """The bots by seat number, from ``SEAT`` or ``SEAT=STRATEGY``; each seeded with the game's id."""
    current = service.game(game_id)  # type: ignore[arg-type]
    if given and current.table:
        raise click.UsageError("a table game takes its dice and draws from the people at the table: no bot plays it")
    from domain.thinking.bots import make_bot

    players: dict[int, Bot] = {}
    for text in given:
        name, _, strategy = text.partition("=")
        players[service.seat_number(current, name.strip())] = make_bot(strategy.strip() or "search", str(current.id))
    return players


def _turn(service: GameService, game_id: object, last_seat: int, bots: dict[int, Bot] | None = None) -> int:
    """Play one command; the seat that played it, or 0 when the game is over or the player quits.

    In a game where each seat keeps a hand secret, the screen is cleared and the next player asked to
    take the keyboard whenever another seat is to act, so nobody sees another's hand. A bot seat of the game
    is played by the service itself (``domain.keeping.bot_seats``): its moves are shown as a spectator sees them."""
    service.wait_for_bot_seats()
    current = service.game(game_id)  # type: ignore[arg-type]
    rules = current.rules
    waiting = current.to_act()
    if not waiting:
        if rules.private_hands:
            click.clear()
        click.echo(format_status(service.status(current.id, "owner", current), rules))
        return 0
    seat = waiting[0]
    label = seat_label(current.seats, seat, rules.seat_roles(current.state))
    if bots and seat in bots:
        command = bots[seat].choose(rules, current.state, seat, current.version)
        events = service.submit(current.id, seat, command)
        if rules.private_hands:  # what the bot drew is its seat's secret: the table sees what a spectator sees
            events = service.read_events(current.id, after=current.version, viewer=None)
        from domain.thinking.bots import thought_of

        thought = thought_of(bots[seat], command)
        took = f", {thought['milliseconds']:.0f} ms" if thought["milliseconds"] is not None else ""
        click.echo(f"{label} ({thought['strategy']} bot{took}): {rules.describe_command(command)}")
        click.echo(format_events(events))
        _bot_seats_moved(service, current.id, current.version + len(events))
        return seat
    if rules.private_hands and seat != last_seat:
        click.clear()
        answer = click.prompt(f"{label}, take the keyboard (the others look away) and press Enter, or q to quit",
                              default="", show_default=False).strip()
        if answer.lower() in ("q", "quit", "exit"):
            return 0
        click.clear()
    click.echo()
    click.echo(format_status(service.status(current.id, seat, current), rules))
    legal = rules.legal_commands(current.state, seat)
    click.echo(f"{label}, your move:")
    for number, command in enumerate(legal, 1):
        click.echo(f"  {number}. {rules.label_command(current.state, seat, command)}")
    click.echo("  q. quit (the game is saved; 'ludolog play' takes it up again)")
    while True:
        answer = click.prompt("Choose", default="1" if len(legal) == 1 else None, show_default=False).strip()
        if answer.lower() in ("q", "quit", "exit"):
            return 0
        if answer.isdigit() and not 1 <= int(answer) <= len(legal):
            click.echo(f"Pick a number from 1 to {len(legal)}, or type a command.")
            continue
        try:
            command = legal[int(answer) - 1] if answer.isdigit() else parse_command(answer)
            events = with_outcomes(lambda told: service.submit(current.id, seat, command, outcomes=told), [], ask=current.table)
        except (IllegalCommand, MalformedCommand, click.ClickException) as refusal:
            click.echo(f"Refused: {refusal.message}")
            continue
        click.echo(format_events(events))
        _bot_seats_moved(service, current.id, current.version + len(events))
        return seat


def _bot_seats_moved(service: GameService, game_id: Any, version: int) -> None:
    """Wait for the moves of the game's bot seats that a command set going, and show them as a spectator sees them."""
    service.wait_for_bot_seats()
    moved = service.read_events(game_id, after=version, viewer=None)
    if moved:
        click.echo(format_events(moved))

