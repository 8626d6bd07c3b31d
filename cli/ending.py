"""``ludolog end``: a seat ends a game without its rules: ``resign``, ``offer-draw`` (or agree to the offer
standing), ``decline-draw`` and ``abort`` (``domain.keeping.ending``; the rules of it are
``domain.engine.early_endings``). Each prints the events it recorded; a refusal is one line and exit 1.

The game service is imported only when a subcommand runs, so that ``ludolog end -h`` stays quick.
"""

from __future__ import annotations

import json

import click

from cli.terminal import HELP, db_option, format_events, open_service, shown

ACTS = {
    "resign": ("resign", "The seat resigns: the game ends, the other seats win (in a game of two, the other seat)."),
    "offer-draw": ("offer_draw", "The seat offers a draw, or agrees to the one standing: when every seat has, the game ends drawn."),
    "decline-draw": ("decline_draw", "The seat declines the draw offered (or withdraws its own)."),
    "abort": ("abort", "The seat aborts the game, which then has no result: only before every seat has played."),
}


@click.group(context_settings=HELP)
def end() -> None:
    """A seat resigns, offers or declines a draw, or aborts the game: ended so, a game is over and its seed revealed.

    Only a seat acts so (the owner acts as none). A draw offer stands until every seat has agreed (each by
    offering too), one declines, or any command is played. A game is aborted only before every seat has
    played a command; an aborted game has no result, and balance studies count no such ending as a win.

    \b
    Example:
      ludolog end resign 3f2a --seat Ben
      ludolog end offer-draw 3f2a --seat Ann
      ludolog end decline-draw 3f2a --seat Ben
      ludolog end abort 3f2a --seat Ann
    """


def _subcommand(name: str, method: str, summary: str) -> click.Command:
    @click.argument("game")
    @click.option("--seat", required=True, help="The seat acting (number or name).")
    @click.option("--json", "as_json", is_flag=True, help="Print the events recorded as JSON.")
    @db_option
    def run(game: str, seat: str, as_json: bool, db: str) -> None:
        from domain.keeping.ending import Endings

        service = open_service(db)
        answer = getattr(Endings(service), method)(service.find_game(game), seat)
        if as_json:
            click.echo(json.dumps([event.to_data() for event in answer.events], indent=2))
        else:
            over = [] if answer.status == "active" else ["The game is over: its seed is revealed (ludolog show, ludolog audit)."]
            click.echo(shown("\n".join([format_events(answer.events), *over])))

    run.__doc__ = f"{summary}\n\n\\b\nExample:\n  ludolog end {name} 3f2a --seat 2\n"
    return end.command(name, context_settings=HELP)(run)


for _name, (_method, _summary) in ACTS.items():
    _subcommand(_name, _method, _summary)
