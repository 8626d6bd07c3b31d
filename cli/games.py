"""The commands on games themselves: rulesets, new, games, show, act and tokens (``new`` and
``rulesets`` take a kit too: a file, or a name on the shelf of the store).

Each imports the rulesets and the game service only when it runs, so that ``ludolog -h`` and
``ludolog COMMAND -h`` stay quick.
"""

from __future__ import annotations

import json
from typing import Any

import click

from cli.forks import fork_label, in_families
from cli.kits import is_kit_file, kit_shelf, read_kit_file
from cli.outcomes import parse_outcome, with_outcomes
from cli.terminal import (
    HELP,
    db_option,
    format_events,
    format_status,
    open_service,
    parse_option,
    shown,
)


@click.command(context_settings=HELP)
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print JSON, each ruleset as GET /rulesets/{name} gives it.")
@db_option
def rulesets(name: str | None, as_json: bool, db: str) -> None:
    """List the games ludolog knows, a line each; with NAME, that game's options and commands.

    The kits on the shelf of the store ('ludolog kit add') follow the rulesets, a line each; with a
    kit's NAME, its components and the generic commands of table-kit that play it.

    \b
    Example:
      ludolog rulesets
      ludolog rulesets squad-combat
      ludolog rulesets snakes-and-ladders      (a kit added with 'ludolog kit add')
      ludolog rulesets --json
    """
    from domain.engine import registry
    from domain.engine.errors import UnknownRuleset

    try:
        chosen = [registry.get(name).to_data()] if name else [rules.to_data() for rules in registry.all_rulesets()]
    except UnknownRuleset as error:
        shelf = kit_shelf(db)
        if shelf is None:
            raise click.ClickException(str(error)) from None
        chosen = [shelf.ruleset_data(str(name))]  # a kit's, or UnknownRuleset naming the kits too
    if as_json:
        click.echo(json.dumps(chosen[0] if name else chosen, indent=2))
        return
    if not name:
        for data in chosen:
            click.echo(shown(_ruleset_line(data)))
        _list_shelf(db)
        return
    data = chosen[0]
    click.echo(shown(_ruleset_line(data)))
    if data.get("kit"):
        click.echo(shown(f"    components {data['kit']['components']}"))
    for key, prop in data["options"].get("properties", {}).items():
        click.echo(f"    option {key}={json.dumps(prop.get('default'))}  {prop.get('description', '')}")
    for command in data["commands"]:
        fields = " ".join(f"{field}=..." for field in command["schema"]["properties"] if field != "type")
        click.echo(f"    command {command['type']} {fields}".rstrip() + f"  {command['summary']}")


def _ruleset_line(data: dict[str, Any]) -> str:
    """A ruleset or a shelved kit on a line: name, players, version, title and summary. The ruleset
    table-kit takes any table of 1 to 8, as the kit it plays says (its default kit's seats are not its own)."""
    kit = data.get("kit")
    if data["name"] == "table-kit" and not kit:
        seats = "1-8 players, as its kit says;"
    else:
        low, high = data["min_seats"], data["max_seats"]
        seats = f"{low if low == high else f'{low}-{high}'} players,"
    version = f"kit v{kit['version']} {kit['hash'][:12]}" if kit else f"rules v{data['version']}"
    return f"{data['name']}  ({seats} {version})  {data['title']}: {data['summary']}"


def _list_shelf(db: str) -> None:
    """The kits on the shelf of the store, a line each under a line naming the store; or a line saying
    there are none there, and how one is added (a store that cannot be opened: a note on stderr)."""
    from domain.keeping.store import describe_store

    try:
        shelf = kit_shelf(db)
    except click.ClickException as error:
        click.echo(f"(no kits listed: {error.message})", err=True)
        return
    entries = shelf.list() if shelf is not None else []
    where = describe_store(db)
    if db == ":memory:":
        click.echo("Kits on a shelf: none (a store in memory keeps none); --db names the store that has them")
        return
    if not entries:
        why = " (there is no store there yet)" if shelf is None else ""
        click.echo(shown(f"Kits on the shelf of {where}: none{why}; 'ludolog kit add FILE' keeps one there, "
                         "and --db names another store"))
        return
    click.echo(shown(f"Kits on the shelf of {where}, each played by its name ('ludolog new NAME'):"))
    for entry in entries:
        click.echo(shown(_ruleset_line(shelf.as_ruleset(entry.name))))  # type: ignore[union-attr]


@click.command(context_settings=HELP)
@click.argument("ruleset", metavar="RULESET|KIT")
@click.option("--seat", "seats", multiple=True, required=True, help="A player's name; repeat, in seat order.")
@click.option("--seed", help="The game's seed (default: a secret random one).")
@click.option("--salt", help="With --seed, the salt a finished game revealed: plays that game again (default: a secret random one).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A ruleset option; repeatable.")
@click.option("--table", is_flag=True, help="A table game: a paper game transcribed, its dice and draws told by the table.")
@click.option("--outcome", "outcomes", multiple=True, metavar="VALUE",
              help="A table game's setup outcome (a die face, a card), in order; repeatable. Missing ones are asked for.")
@click.option("--name", help="What to call the game in the lists (default: its ruleset, seats and day).")
@click.option("--bot-seat", "bot_seats", multiple=True, metavar="SEAT=STRATEGY[:BUDGET]",
              help="A seat the service plays itself with a bot (random, greedy or search; a search bot's budget like 300 or "
                   "200ms), by number or name; repeatable.")
@click.option("--bot-pace", "bot_pace_ms", type=click.IntRange(0, 60_000), metavar="MS",
              help="Milliseconds a bot seat waits before each move (default 0).")
@db_option
def new(ruleset: str, seats: tuple[str, ...], seed: str | None, salt: str | None, options: tuple[str, ...], table: bool,
        outcomes: tuple[str, ...], name: str | None, bot_seats: tuple[str, ...], bot_pace_ms: int | None, db: str) -> None:
    """Create a game of RULESET and print its id.

    RULESET may also be a kit: a kit file (.yaml, .yml, .toml or .json) or the name of a kit on the
    shelf ('ludolog kit add'): a game of the ruleset table-kit played with that kit, called by the
    kit's title unless --name is given. A kit file with mistakes prints them, a line each.

    Its chance comes from its seed keyed with a secret random salt, so the seats cannot find a seed
    you chose from their own hands; a seed and the salt a game revealed (--seed, --salt) deal it again.

    A table game (--table) takes every chance outcome from the people at the table: the setup's are
    given with --outcome or asked for, each command's when it is played ('ludolog play' asks).

    A bot seat (--bot-seat) is played by the service itself as soon as it is to act, whoever reads or
    plays the game (a command waits for the bot seats' moves before it ends); no person may move for it.

    \b
    Example:
      ludolog new correction --seat Ana --seat Ben --seed 7
      ludolog new correction --seat Ana --seat Ben --name "Tuesday group, playtest 3"
      ludolog new correction --seat Ana --seat Ben --seed 7 --salt 8c0e1f6a2b3d4c5e6f708192a3b4c5d6
      ludolog new infection --seat Ana --seat Ben --option round_limit=10
      ludolog new missions --seat Ann --seat Ben --seat Cy --bot-seat Cy=greedy
      ludolog new missions --seat Ann --seat Ben --seat Cy --bot-seat 3=search:200ms --bot-pace 1000
      ludolog new assassination-le --seat Ann --seat Ben --seat Cy --table --outcome 3 --outcome 5 --outcome 1
      ludolog new snakes.yaml --seat Ann --seat Ben
      ludolog new snakes-and-ladders --seat Ann --seat Ben      (a kit on the shelf)
    """
    parsed = dict(parse_option(text) for text in options)
    if outcomes and not table:
        raise click.UsageError("--outcome is for table games: add --table")
    document = read_kit_file(ruleset) if is_kit_file(ruleset) else None
    service = open_service(db, create=True)
    if document is not None:
        ruleset, parsed, name = "table-kit", {**parsed, "kit": document}, document["title"] if name is None else name
    else:
        from domain.keeping.kit_shelf import KitShelf

        ruleset, parsed, name = KitShelf(service).game_setup(ruleset, parsed, name)
    given = [parse_outcome(text) for text in outcomes]
    players = bot_players(bot_seats, seats)
    game_id = with_outcomes(
        lambda told: service.create_game(ruleset, list(seats), parsed, seed, table=table, outcomes=told, salt=salt, name=name,
                                         players=players, bot_pace_ms=bot_pace_ms),
        given, ask=table
    )
    click.echo(str(game_id))


def bot_players(bot_seats: tuple[str, ...], seats: tuple[str, ...]) -> list[dict[str, Any]] | None:
    """Who plays each seat, from ``--bot-seat SEAT=STRATEGY[:BUDGET]`` (the service checks the strategy and budget)."""
    if not bot_seats:
        return None
    players: list[dict[str, Any]] = [{"kind": "person"} for _ in seats]
    for text in bot_seats:
        seat, equals, bot = text.partition("=")
        strategy, colon, budget = bot.partition(":")
        if not equals or not strategy.strip():
            raise click.BadParameter(f"{text!r}: give SEAT=STRATEGY[:BUDGET], like Cy=greedy or 3=search:200ms", param_hint="--bot-seat")
        seat = seat.strip()
        number = int(seat) if seat.isascii() and seat.isdigit() else (seats.index(seat) + 1 if seat in seats else 0)
        if not 1 <= number <= len(seats):
            raise click.BadParameter(f"no seat {seat!r}: seats are 1 to {len(seats)} or their names", param_hint="--bot-seat")
        players[number - 1] = {"kind": "bot", "strategy": strategy.strip(), **({"budget": budget.strip()} if colon else {})}
    return players


@click.command(context_settings=HELP)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@db_option
def games(as_json: bool, db: str) -> None:
    """List the stored games; each fork follows the game it was forked from, indented.

    \b
    Example:
      ludolog games --db games.sqlite3
    """
    found = open_service(db).list_games()
    if as_json:
        click.echo(json.dumps(found, indent=2))
        return
    if not found:
        click.echo("No games yet: create one with 'ludolog new'.")
    rows = [[shown(text) for text in (f"{'  ' * depth}{game['id']}", game["ruleset"], game["status"], f"v{game['version']}",
                                      ", ".join(seat["name"] for seat in game["seats"]) + ("  (table game)" if game.get("table") else ""),
                                      f"{game['name']}{fork_label(game)}")]
            for depth, game in in_families(found)]
    click.echo("\n".join(aligned(rows)), nl=bool(rows))


def aligned(rows: list[list[str]]) -> list[str]:
    """Rows of cells as lines, each column but the last as wide as its widest cell, two spaces between."""
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]) - 1)] if rows else []
    return ["  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[-1]]) for row in rows]


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--as", "seat", help="Show what this seat (number or name) sees; default: everything.")
@click.option("--at", "at", type=click.IntRange(min=1), help="Show the game as it stood after event N.")
@click.option("--json", "as_json", is_flag=True, help="Print the game as one JSON object.")
@db_option
def show(game: str, seat: str | None, at: int | None, as_json: bool, db: str) -> None:
    """Show a game's current state, or its state after event N.

    \b
    Example:
      ludolog show 3f2a --as Ben
      ludolog show 3f2a --at 40 --json
    """
    from domain.engine import registry
    from domain.keeping.access import OWNER

    service = open_service(db)
    game_id = service.find_game(game)
    current = service.game(game_id)
    viewer = OWNER if seat is None else service.seat_number(current, seat)
    if at is not None and at > current.version:
        raise click.ClickException(f"the game has {current.version} events; --at takes 1 to {current.version}")
    then = service.game_at(game_id, at) if at is not None else current
    status = service.status(game_id, viewer, game=then)
    if as_json:
        click.echo(json.dumps(status, indent=2))
    else:
        click.echo(shown(format_status(status, registry.get(status["ruleset"]))))


@click.command(context_settings=HELP)
@click.argument("game")
@click.argument("command_json")
@click.option("--seat", required=True, help="The seat acting (number or name).")
@click.option("--id", "command_id", help="A command id, kept in the log with the events.")
@click.option("--expect", "expected_version", type=int, help="Refuse unless the game is at this version.")
@click.option("--outcome", "outcomes", multiple=True, metavar="VALUE",
              help="In a table game: a chance outcome the command met (a die face, a card drawn), in order; repeatable.")
@click.option("--json", "as_json", is_flag=True, help="Print the new events as JSON.")
@db_option
def act(game: str, command_json: str, seat: str, command_id: str | None, expected_version: int | None,
        outcomes: tuple[str, ...], as_json: bool, db: str) -> None:
    """Submit one command, given as JSON, for a seat; prints the events it caused.

    \b
    Example:
      ludolog act 3f2a --seat Ann '{"type": "roll"}'
      ludolog act 3f2a --seat 2 '{"type": "move", "to": "e1"}' --expect 3
      ludolog act 3f2a --seat Cy '{"type": "roll"}' --outcome 4      (a table game)
    """
    try:
        command = json.loads(command_json)
    except json.JSONDecodeError as error:
        raise click.ClickException(f"COMMAND_JSON is not JSON: {error.msg} at character {error.pos}") from None
    service = open_service(db)
    events = service.submit(service.find_game(game), seat, command, command_id=command_id, expected_version=expected_version,
                            outcomes=[parse_outcome(text) for text in outcomes])
    if as_json:
        click.echo(json.dumps([event.to_data() for event in events], indent=2))
    else:
        click.echo(shown(format_events(events)))


@click.command(context_settings=HELP)
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Print the tokens as JSON.")
@db_option
def tokens(game: str, as_json: bool, db: str) -> None:
    """Issue new API tokens for every seat and the owner (the old ones stop working).

    \b
    Example:
      ludolog tokens 3f2a --json
    """
    service = open_service(db)
    game_id = service.find_game(game)
    issued = service.issue_tokens(game_id)
    seats = service.game(game_id).seats
    if as_json:
        listing = [{"seat": n, "name": name, "token": token} for n, (name, token) in enumerate(zip(seats, issued.seats), 1)]
        click.echo(json.dumps({"id": str(game_id), "owner_token": issued.owner, "seats": listing}, indent=2))
        return
    click.echo(f"owner  {issued.owner}")
    for n, (name, token) in enumerate(zip(seats, issued.seats), 1):
        click.echo(f"seat {n} {name}: {token}")
