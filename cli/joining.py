"""``ludolog join-link``: open a game for joining from one link and print the link; with ``-o``, write its
QR code as an SVG file to show a class (``domain.keeping.joining``; the API's ``POST /games/{id}/joining``
does the same with the owner token).

The link begins with ``--url``, else ``LUDOLOG_PUBLIC_URL``, else this machine's network address on port
8000: what ``ludolog serve --class`` prints as the address students open. ``--seats-per-address N`` lets one
address hold at most N seats through the link (none by default, so that a class behind one school address
fills the game; 1 on a classroom network, where each device has its own address).
"""

from __future__ import annotations

import os
import pathlib

import click

from cli.terminal import HELP, db_option, open_service, write


def _base(url: str | None) -> str:
    """Where the link points: the URL given, else the environment's public address, else the network's."""
    given = (url or os.environ.get("LUDOLOG_PUBLIC_URL", "")).strip()
    if not given:
        from cli.serve import students_open

        return students_open("0.0.0.0", 8000)
    if not given.startswith(("http://", "https://")):
        raise click.BadParameter(f"{given!r} is not an http:// or https:// address", param_hint="--url")
    return given.rstrip("/") + "/"


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--url", default=None, help="The address students open (default: LUDOLOG_PUBLIC_URL, else this "
                                          "machine's network address on port 8000).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=pathlib.Path), default=None,
              help="Write the link's QR code to this SVG file.")
@click.option("--seats-per-address", type=click.IntRange(min=1), default=None, metavar="N",
              help="Let one address hold at most N seats through the link (default: no cap, so that a class behind "
                   "one school address fills the game; 1 where each device has its own address).")
@db_option
def join_link(game: str, url: str | None, output: pathlib.Path | None, seats_per_address: int | None, db: str) -> None:
    """Open GAME for joining from one link and print it; each device that opens it gets one open seat.

    A link given before stops working; the seats already joined stay so. Every seat claimed through the
    link gets a new token (a seat's link given out before stops working). A game without tokens gets
    them first, and its owner token is shown once.

    \b
    Example:
      ludolog join-link 3f2a -o join.svg
      ludolog join-link 3f2a --url http://192.168.1.20:8000
      ludolog join-link 3f2a --seats-per-address 1
    """
    base = _base(url)
    from api.joining import join_link as link_to, qr_svg
    from domain.keeping.joining import Joining

    from domain.engine.errors import Unauthorized

    service = open_service(db)
    game_id = service.find_game(game)
    try:
        code = Joining(service).open(game_id, seats_per_address)
    except Unauthorized:  # a game made by 'ludolog new' has no tokens yet: it gets them, the owner's shown once
        owner = service.issue_tokens(game_id).owner
        click.echo(f"The game had no tokens: its owner token (shown once) is {owner}", err=True)
        code = Joining(service).open(game_id, seats_per_address)
    link = link_to(base, code)
    if output is not None:
        write(output, qr_svg(link))
    click.echo(link)
    if output is not None:
        click.echo(f"QR code written to {click.format_filename(output)}", err=True)
    if seats_per_address is not None:
        click.echo(f"One address may hold {seats_per_address} seat{'s' * (seats_per_address != 1)} through this link.", err=True)
