"""``ludolog review``: where a game turned and who made the mistakes (``domain.thinking.review``)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from cli.terminal import HELP, db_option, open_service, shown


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--budget", type=int, default=None, help="The search's simulations for each choice it judges (default 100).")
@click.option("--as", "seat", help="Review a game still being played as this seat (number or name): from what it saw, "
              "judging its own commands (default: the owner, seeing everything).")
@click.option("--bookmark", is_flag=True, help="Write each key moment as a bookmarked note on its step: "
              "'ludolog replay' then jumps between them with } and {.")
@click.option("--chart", "chart", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the chance-to-win chart to this SVG file.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
@db_option
def review(game: str, budget: int | None, seat: str | None, bookmark: bool, chart: Path | None, as_json: bool, db: str) -> None:
    """Review GAME: each seat's chance to win at every step, the mistakes, the swings of chance and the lead changes.

    At every command, short games played on by greedy bots estimate each seat's chance to win, with
    its 95% interval. Where a seat had a choice, the search bot weighs every command it had, from what
    that seat could see: a command it valued 10 points or more below its own choice is a mistake (20 a
    blunder). A roll or draw that moved a seat's chance is a swing of luck. Key moments can be
    bookmarked (--bookmark) and stepped through in 'ludolog replay' with } and {.

    \b
    Example:
      ludolog review 3f2a
      ludolog review 3f2a --budget 400 --chart review.svg
      ludolog review 3f2a --bookmark
      ludolog review 3f2a --as Ben      (a game still being played)
    """
    from domain.engine.viewing import display_name
    from domain.keeping.access import OWNER
    from domain.thinking.review import DEFAULT_BUDGET
    from replays.boards import colours_of
    from replays.review_chart import review_chart_svg
    from replays.reviews import bookmark as write_bookmarks
    from replays.reviews import review_data, review_game, review_lines

    if chart is not None:
        check_chart(chart)
    service = open_service(db)
    game_id = service.find_game(game)
    current = service.game(game_id)
    viewer = OWNER if seat is None else service.seat_number(current, seat)
    found = review_game(service, game_id, viewer, DEFAULT_BUDGET if budget is None else budget)
    if chart is not None:
        try:
            chart.write_bytes(review_chart_svg(found, current.seats, colours=colours_of(current)))
        except OSError as error:
            raise click.ClickException(f"cannot write the chart to {chart}: {error.strerror}") from None
    written = write_bookmarks(service, game_id, found, viewer) if bookmark else 0
    if as_json:
        click.echo(json.dumps({"game": str(game_id), **review_data(found), "bookmarked": written}, indent=2))
        return
    lines = review_lines(found, current.seats, f"{display_name(current)} (game {str(game_id)[:8]})")
    if bookmark:
        lines += ["", f"{written} key moment{'s' if written != 1 else ''} bookmarked: 'ludolog replay {str(game_id)[:8]}' "
                  "jumps between them with } and {."]
    if chart is not None:
        lines += ["", f"The chart is in {chart}."]
    click.echo(shown("\n".join(lines)))


def check_chart(chart: Path) -> None:
    """Refuse, before anything is reviewed, a chart that could not be written where it is asked for: its
    folder must exist and be a folder, and the chart itself must not be a folder. What cannot be known
    before writing (a folder that may not be written in) is still refused when the chart is written."""
    folder = chart.parent
    if not folder.exists():
        raise click.ClickException(f"cannot write the chart to {chart}: there is no folder {folder}")
    if not folder.is_dir():
        raise click.ClickException(f"cannot write the chart to {chart}: {folder} is not a folder")
    if chart.is_dir():
        raise click.ClickException(f"cannot write the chart to {chart}: it is a folder")
