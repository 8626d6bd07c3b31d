"""``ludolog join-link``: open a game for joining from one link and print the link; with ``-o``, write its
QR code as an SVG file to show a class (``domain.keeping.joining``; the API's ``POST /games/{id}/joining``
does the same with the owner token). With ``--list``, ``--free SEAT`` or ``--close`` instead: who joined
which seat, a seat freed for joining again, joining closed (the API's ``GET``, ``DELETE .../seats/{n}``
and ``DELETE`` of ``/games/{id}/joining``).

The link begins with ``--url``, else ``LUDOLOG_PUBLIC_URL``, else the address the service serving this
store recorded there when it started (``ludolog serve``: ``domain.keeping.service_address``); without any
of them the command says so and opens nothing, rather than guessing a port. ``--seats-per-address N``
lets one address hold at most N seats through the link (none by default, so that a class behind one
school address fills the game; 1 on a classroom network, where each device has its own address).
"""

from __future__ import annotations

import os
import pathlib
import unicodedata
from typing import TYPE_CHECKING

import click

from cli.escaping import escaped
from cli.terminal import HELP, db_option, open_service, write
from domain.engine.seating import printable

if TYPE_CHECKING:
    import uuid

    from domain.keeping.service import GameService

NO_ADDRESS = "no running service has recorded its address in this store: start 'ludolog serve' or give --url"


def given_base(url: str | None) -> str | None:
    """The address given (``--url``, else ``LUDOLOG_PUBLIC_URL``), checked, ending in ``/``; ``None``: none."""
    given = (url or os.environ.get("LUDOLOG_PUBLIC_URL", "")).strip()
    if not given:
        return None
    from domain.keeping.service_address import address_problem

    problem = address_problem(given)
    if problem is not None:
        hint = "--url" if url else "LUDOLOG_PUBLIC_URL"
        raise click.BadParameter(f"{given!r} {problem}", param_hint=hint)
    return given.rstrip("/") + "/"


def base_address(url: str | None, service: GameService) -> str:
    """Where the links begin: ``--url``, else ``LUDOLOG_PUBLIC_URL``, else the address the running service recorded in
    the store (``domain.keeping.service_address``); one line saying so when none says."""
    from domain.keeping.service_address import recorded_address

    found = given_base(url) or recorded_address(service)
    if found is None:
        raise click.ClickException(NO_ADDRESS)
    return found


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--url", default=None, help="The address students open (default: LUDOLOG_PUBLIC_URL, else the address "
                                          "the running 'ludolog serve' recorded in the store).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=pathlib.Path), default=None,
              help="Write the link's QR code to this SVG file.")
@click.option("--seats-per-address", type=click.IntRange(min=1), default=None, metavar="N",
              help="Let one address hold at most N seats through the link (default: no cap, so that a class behind "
                   "one school address fills the game; 1 where each device has its own address).")
@click.option("--list", "listing", is_flag=True, help="Print who joined which seat instead (opens nothing).")
@click.option("--free", "seat", default=None, metavar="SEAT",
              help="Free SEAT (its number or name) instead: its token stops working and the next device to join gets it.")
@click.option("--close", "closing", is_flag=True, help="Close joining instead: the link stops working; the seats "
                                                         "joined keep playing.")
@db_option
def join_link(game: str, url: str | None, output: pathlib.Path | None, seats_per_address: int | None, listing: bool,
              seat: str | None, closing: bool, db: str) -> None:
    """Open GAME for joining from one link and print it; each device that opens it gets one open seat.

    A link given before stops working; the seats already joined stay so. Every seat claimed through the
    link gets a new token (a seat's link given out before stops working). A game without tokens gets
    them first, and its owner token is shown once. The link begins with --url, else LUDOLOG_PUBLIC_URL,
    else the address the running 'ludolog serve' recorded in the store.

    --list prints who joined which seat, --free SEAT frees a seat (its token stops working; the next device
    to join gets it) and --close closes joining; each does only that.

    \b
    Example:
      ludolog join-link 3f2a -o join.svg
      ludolog join-link 3f2a --url http://192.168.1.20:8000
      ludolog join-link 3f2a --seats-per-address 1
      ludolog join-link 3f2a --list
      ludolog join-link 3f2a --free 2
      ludolog join-link 3f2a --close
    """
    chosen = [name for name, on in (("--list", listing), ("--free", seat is not None), ("--close", closing)) if on]
    if len(chosen) > 1:
        raise click.UsageError(f"{' and '.join(chosen)} go one at a time: give one of them")
    opening = [name for name, on in (("--url", url is not None), ("-o", output is not None),
                                     ("--seats-per-address", seats_per_address is not None)) if on]
    if chosen and opening:
        raise click.UsageError(f"{chosen[0]} opens nothing: leave out {', '.join(opening)}")
    base = None if chosen else given_base(url)  # checked before the store is opened
    service = open_service(db)
    game_id = service.find_game(game)
    if listing:
        _print_joiners(service, game_id)
    elif seat is not None:
        _free(service, game_id, seat)
    elif closing:
        from domain.keeping.joining import Joining

        Joining(service).close(game_id)
        click.echo("Joining is closed: its link stops working; the seats joined keep playing.")
    else:
        _open(service, game_id, base, output, seats_per_address)


def _open(service: GameService, game_id: uuid.UUID, base: str | None, output: pathlib.Path | None,
          seats_per_address: int | None) -> None:
    from api.joining import join_link as link_to
    from api.joining import qr_svg
    from domain.engine.errors import Unauthorized
    from domain.keeping.joining import Joining

    base = base_address(base, service)
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


def _print_joiners(service: GameService, game_id: uuid.UUID) -> None:
    """Whether joining is open (and its cap), then each seat: the name that joined it, open, or a bot's."""
    from domain.keeping.joining import Joining

    joiners = Joining(service).joiners(game_id)
    seats = service.game(game_id).seats
    if not joiners.is_open:
        click.echo("Joining is closed.")
    elif joiners.seats_per_address is None:
        click.echo("Joining is open.")
    else:
        cap = joiners.seats_per_address
        click.echo(f"Joining is open; one address may hold {cap} seat{'s' * (cap != 1)}.")
    names = {joined["seat"]: joined["name"] for joined in joiners.joined}
    for number in range(1, len(seats) + 1):
        if number in names:
            who = f"joined by {_plain(names[number])}"
        elif number in joiners.open_seats:
            who = "open" if joiners.is_open else "not joined"
        else:
            who = "played by a bot"
        click.echo(f"{_plain(seats[number - 1])} (seat {number}): {who}")


def _free(service: GameService, game_id: uuid.UUID, given: str) -> None:
    """Free the seat ``given`` names (its number, else its name), saying whom it held."""
    from domain.keeping.joining import Joining

    seats = service.game(game_id).seats
    number = _seat_number(seats, given)
    joining = Joining(service)
    held = {joined["seat"]: joined["name"] for joined in joining.joiners(game_id).joined}.get(number)
    joining.free(game_id, number)
    by = f", joined by {_plain(held)}," if held is not None else ""
    click.echo(f"{_plain(seats[number - 1])} (seat {number}){by} is free: its token stops working, and the next "
               "device to join gets the seat.")


def _seat_number(seats: list[str], given: str) -> int:
    """The seat ``given`` names: a number (checked by the freeing), else the seat whose name it is, but
    for case (seats' names differ in more than case: ``domain.engine.seating``)."""
    text = given.strip()
    if text.isascii() and text.isdigit():
        return int(text)
    key = unicodedata.normalize("NFKC", text).casefold()
    found = [number for number, name in enumerate(seats, 1) if unicodedata.normalize("NFKC", name).casefold() == key]
    if len(found) == 1:
        return found[0]
    listed = ", ".join(f"{number} {_plain(name)}" for number, name in enumerate(seats, 1))
    raise click.ClickException(f"the game has no seat {printable(text)}: its seats are {listed}")


def _plain(text: str) -> str:
    """A name as the terminal shows it: every character it would act on, line breaks too, as its escape."""
    return escaped(text, keep="")
