"""``ludolog bot``: bots play a stored game's seats, random, greedy or searching from what their seat sees."""

from __future__ import annotations

import click

from cli.terminal import (
    HELP,
    db_option,
    format_events,
    format_standing,
    format_status,
    open_service,
    shown,
)
from domain.engine.viewers import OWNER
from domain.thinking.strategies import SEARCHING, STRATEGIES


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--seat", "seats", multiple=True, help="A seat the bot plays (number or name); repeat. Default: all.")
@click.option("--strategy", type=click.Choice(STRATEGIES), default="random", show_default=True,
              help="random: any legal command; greedy: the best-looking next command; search: tree search from what its seat sees.")
@click.option("--budget", help="A search bot's thinking per move: simulations (300) or milliseconds (200ms). Default: 200 simulations.")
@click.option("--seed", help="The bot's own seed: the same seed makes the same choices (default: the game's id).")
@click.option("--quiet", "-q", is_flag=True, help="Print no board and no events: only how many commands the bot played and how the game stands.")
@db_option
def bot(game: str, seats: tuple[str, ...], strategy: str, budget: str | None, seed: str | None, quiet: bool, db: str) -> None:
    """Let a bot play seats until the game ends or waits for another seat.

    The bot's choices follow its seed and the game's version only (and a search bot's budget), so a
    bot stopped at any moment and run again ends the game exactly as an uninterrupted one; by default
    the seed is the game's id, so every game is played differently. A thinking bot shows after each
    command how long it thought. A game that is already over is a mistake: the bot has nothing to play.

    \b
    Example:
      ludolog bot 3f2a -q
      ludolog bot 3f2a --seat Ben --seed 7
      ludolog bot 3f2a --seat Ben --strategy search --budget 200ms
    """
    if budget is not None and strategy not in SEARCHING:
        raise click.UsageError(f"--budget is a search bot's ({', '.join(SEARCHING)}): add --strategy search")
    service = open_service(db)
    game_id = service.find_game(game)
    bot_seed = str(game_id) if seed is None else seed
    before = service.status(game_id, OWNER)
    if before["outcome"] is not None:
        ended = format_standing(before)[0].removeprefix("Game over. ").rstrip(".")
        raise click.ClickException(shown(f"game {game_id} is over ({ended}): a bot has nothing left to play"))
    from domain.thinking.bots import make_bot, thought_of

    player = make_bot(strategy, bot_seed, budget)
    commands, thinking = 0, 0.0
    for events in service.play_bots(game_id, seats, bot=player):
        commands += 1
        thought = thought_of(player, {})
        thinking += thought["milliseconds"] or 0.0
        if not quiet:
            said = format_events(events)
            if thought["simulations"] is not None:
                said += f"   ({thought['simulations']} simulations, {thought['milliseconds']:.0f} ms)"
            click.echo(said)
    from domain.engine import registry

    status = service.status(game_id, OWNER)
    average = f", {thinking / commands:.0f} ms a command on average" if strategy in SEARCHING and commands else ""
    name = "The bot" if strategy == "random" else f"The {strategy} bot"
    click.echo(f"{name} played {commands} command{'s' if commands != 1 else ''} (bot seed: {bot_seed}{average}).")
    if quiet:
        click.echo(shown("\n".join(format_standing(status))))
    else:
        click.echo(shown(format_status(status, registry.get(status["ruleset"]))))
