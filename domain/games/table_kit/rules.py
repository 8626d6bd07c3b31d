"""The ruleset ``table-kit``: any game described by a kit file, played as a table plays it.

A kit (``kit.py``, ``kit.schema.json``) lists the game's components; the game's ``kit`` option holds
the whole kit, so a game always replays under the kit it was played with, whatever becomes of the
file (its content hash is recorded in its first event, ``KitLaid``). The seat whose turn it is acts
with generic commands (``commands.py``): move a piece, draw, deal, play, discard, give, reveal and
look at cards, shuffle, gather and turn over piles, roll dice, set or add to counters, pass the turn,
end the game naming the winners. The people at the table keep the game's own rules, as at a real
table; the ruleset keeps the table's: where each card is and who may see it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from domain.engine.commands import Command, CommandShape
from domain.engine.errors import InvalidSetup
from domain.engine.facts import MOST_SCORE, Fact, Outcome
from domain.engine.randomness import Rng
from domain.engine.ruleset import Ruleset
from domain.games.table_kit.table import card_commands, commands, legal, starting
from domain.games.table_kit.shown import imagined_tables, present, refs
from domain.games.table_kit.vocabulary import facts as f
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.play.kit_rules import KitRules
from domain.games.table_kit.vocabulary.kit_parameters import parameter_values
from domain.games.table_kit.language.kit_sizes import deal_size
from domain.games.table_kit.play.kit_together import taken_together
from domain.games.table_kit.vocabulary.layout import OFF
from domain.games.table_kit.reading.loading import read_kit
from domain.games.table_kit.table.state import State, evolve, kit_of

NUMBERS_UP_TO = 100
"""The largest number a kit action's number choice is numbered up to, for OpenSpiel (``action_shapes``)."""
KITS = Path(__file__).parent / "kits"
"""The kits shipped as examples."""


def shipped_kit(name: str) -> dict[str, Any]:
    """One of the example kits, by file name without its suffix (``missions``, ``snakes-and-ladders``)."""
    document, mistakes = read_kit((KITS / f"{name}.yaml").read_text(encoding="utf-8"), f"{name}.yaml")
    if document is None:
        raise InvalidSetup("; ".join(mistakes))
    return document


@functools.cache
def default_kit() -> dict[str, Any]:
    """The kit a game gets when its options name none: the Missions kit, read and checked when first needed
    (checking a kit compiles the kit format's schema, which a process that plays no table game need not do)."""
    return shipped_kit("missions")


_DEFAULT_SEATS = yaml.load((KITS / "missions.yaml").read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))["seats"]
"""The default kit's seats, read from its file alone (``default_kit`` checks the whole kit)."""


def _play(options: dict[str, Any]) -> dict[str, Any] | None:
    """The rules section of a game's kit (kit 2's ``play``), or ``None`` for a kit that keeps none."""
    kit = options.get("kit")
    return kit.get("play") if isinstance(kit, dict) else None


def gives_scores(play: Any) -> bool:
    """Whether a kit's rules end a game with scores anywhere: an ending's or an ``end`` step's ``scores``."""
    if isinstance(play, list):
        return any(gives_scores(item) for item in play)
    if not isinstance(play, dict):
        return False
    ends = [play["end"]] if isinstance(play.get("end"), dict) else play.get("end") if isinstance(play.get("end"), list) else []
    return any(isinstance(end, dict) and "scores" in end for end in ends) or any(gives_scores(value) for value in play.values())


def kit_rules_of(state: State) -> KitRules | None:
    """The compiled rules of the game's kit, or ``None`` for a kit that keeps none (the table keeps them)."""
    return kit_of(state).rules


def _table(state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
    """The facts of a table's command on cards, as a kit's rules take it (``kit_steps``)."""
    return card_commands.CARD_HANDLERS[command["type"]](kit_of(state), state, seat, command, rng)


def _pieces_said(kind: str, spaces: list[str]) -> str:
    """A seat's pieces of one kind and where they start: ``5 x off the board``, ``16 black from a7, b7 … h8``."""
    on = [space for space in spaces if space != OFF]
    where = [f"from {', '.join(on) if len(on) <= 4 else f'{on[0]}, {on[1]} … {on[-1]}'}"] if on else []
    if len(on) < len(spaces):
        where.append(f"{len(spaces) - len(on)} off the board" if on else "off the board")
    return f"{len(spaces)} {kind} {', '.join(where)}"


class TableKit(Ruleset):
    name = "table-kit"
    title = "Table kit"
    summary = "Any game described by a kit file: its spaces, pieces, cards, dice and counters, played as the table plays it."
    min_seats = _DEFAULT_SEATS["fewest"]
    max_seats = _DEFAULT_SEATS["most"]
    """The default kit's seats; a game's own kit says how many play it (``check_seat_count``)."""
    version = 1
    facts = f.FACTS
    state_types = (State,)
    command_shapes = commands.SHAPES

    @functools.cached_property
    def options_schema(self) -> dict[str, Any]:  # type: ignore[override]
        """The options: a kit (the Missions kit unless given) and its parameters' values."""
        return {
            "type": "object",
            "properties": {"kit": {"type": "object", "default": default_kit(),
                                   "description": "The kit: a document of the kit format (GET /kits/schema), most often read from a YAML file."},
                           "parameters": {"type": "object", "default": {},
                                          "description": "Values for the kit's parameters (kit 2), by name, each of its parameter's kind (a whole number, a switch, one of its choices, or a list); the kit's defaults otherwise."}},
        }
    private_hands = True
    knows_the_rules = False

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in. A kit and its parameters each given as an object, and nothing
        else, as every game has them, are all the schema asks: taken without its validator (a game is begun for
        each of a bot's imagined games), which says what is wrong with any others."""
        given = dict(options or {})
        if not all(key in ("kit", "parameters") and isinstance(value, dict) for key, value in given.items()):
            return super().resolve_options(given)
        if "kit" in given:  # the defaults' kit is not needed: the Missions kit is read and checked only for a game without one
            return {"kit": given["kit"], "parameters": given.get("parameters", {})}
        defaults = {key: prop.get("default") for key, prop in self.options_schema["properties"].items()}
        return {**defaults, **given}

    def holds_rules(self, options: dict[str, Any]) -> bool:
        return _play(options) is not None

    def rules_written_in(self, options: dict[str, Any]) -> bool:
        return self.holds_rules(options)  # the rules a kit holds are the ones its author wrote

    def command_kinds(self, options: dict[str, Any]) -> list[str]:
        """A kit with rules: its actions; else the generic commands."""
        play = _play(options)
        return super().command_kinds(options) if play is None else [action["name"] for action in play["actions"]]

    def limit_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A kit with a turn limit: ``turns`` and its value (a parameter's, where it names one)."""
        limit = (_play(options) or {}).get("limit")
        if limit is None:
            return {}
        turns = limit["turns"]
        return {"turns": parameter_values(options["kit"], options.get("parameters")).get(turns, turns)}

    def command_kind(self, command: Command) -> str:
        return str(command.get("action")) if command["type"] == "act" else str(command["type"])

    def action_shapes(self, options: dict[str, Any]) -> tuple[CommandShape, ...]:
        """A kit with rules: one ``act`` shape an action, each choice's values its kind's on this kit (the
        spaces, the cards, the numbers up to ``NUMBERS_UP_TO``); a kit without: the table's commands."""
        kit = Kit.of(options["kit"])
        if kit.rules is None:
            return self.command_shapes
        values = {"space": sorted(kit.spaces), "card": sorted(kit.cards), "number": list(range(NUMBERS_UP_TO + 1))}
        shapes = []
        for name, action in kit.rules.actions.items():
            fields: dict[str, Any] = {"action": {"const": name}}
            for choice in action["choices"]:
                kind = "number" if choice.numbers is not None else "card" if choice.card is not None else "space"
                fields[choice.name] = {"enum": values[kind]}
            shapes.append(CommandShape("act", action["summary"], fields, tuple(fields)))
        return tuple(shapes)

    def seat_count(self, state: State) -> int:
        return state.seats

    def evaluate(self, state: State, seat: int) -> float:
        """A kit with rules that declares its ``value`` (how near a seat stands to winning, 0 to 1): that;
        else 1 for a winner, 0 for a loser, 0.5 while the game goes on."""
        ruled = kit_rules_of(state)
        if ruled is None or ruled.value is None or self.outcome(state) is not None:
            return super().evaluate(state, seat)
        return ruled.evaluate(state, seat)

    def most_score(self, options: dict[str, Any]) -> int:
        return MOST_SCORE if gives_scores(_play(options)) else 0

    def game_title(self, options: dict[str, Any]) -> str:
        kit = options.get("kit")
        return f"{kit['title']} (Table kit)" if isinstance(kit, dict) and isinstance(kit.get("title"), str) else self.title

    def check_seat_count(self, count: int) -> None:
        """Any table of 1 to 8: the kit, met in ``new_state``, says how many play it."""
        if not 1 <= count <= 8:
            raise InvalidSetup(f"a kit is played by 1 to 8 players, not {count}")

    def new_state(self, seat_count: int, options: dict[str, Any]) -> State:
        return starting.new_state(seat_count, options)

    def setup(self, state: State, rng: Rng) -> list[Fact]:
        kit = kit_of(state)
        out: list[Fact] = [f.KitLaid(kit.title, kit.hash)]
        table = state
        for zone in kit.zone_map(state.seats).values():  # the zones in order, made once a seat count
            for _ in range(len(state.zones[zone.name]["pool"]) if zone.shows == "face-up" else 0):
                card = rng.choice(table.zones[zone.name]["pool"], f"which card is laid next on {zone.name}?")
                fact = f.CardMoved(None, "lay", card, zone.name, -1, zone.name, True, [])
                out.append(fact)
                table = evolve(table, fact)
        deal, start = deal_size(kit.document, state.parameters, state.seats), kit.hands.get("start")
        first = 0
        if start is not None:  # the deal begins with the first seat, or the one after it: who that is is drawn first
            first = rng.randint(1, state.seats, "who takes the first turn?") if kit.first == "random" else kit.first
        if deal:
            begin = 1 if start is None else first if start == "first" else first % state.seats + 1
            out += card_commands.deal(table, None, kit.hands["from"], deal, rng, begin, kit.hands.get("order") == "packets")
        if start is None:  # a kit that says nothing: dealt from seat 1, the first seat drawn after, as kits always were
            first = rng.randint(1, state.seats, "who takes the first turn?") if kit.first == "random" else kit.first
        if kit.rules is None:
            return out + [f.TurnPassed(None, first)]
        laid = state
        for fact in out:
            laid = evolve(laid, fact)
        return out + kit.rules.set_up(laid, first, rng, evolve, _table)  # the first turn passed, the stuck rule taken

    def to_act(self, state: State) -> list[int]:
        if state.proposal is not None:
            return commands.asked(state)
        ruled = kit_rules_of(state)
        if ruled is not None and ruled.together is not None:
            return ruled.acting(state)  # a turn taken together: every seat yet to choose
        return [] if state.winners is not None or not state.turn else [state.turn]

    def chosen_together(self, state: State) -> bool:
        ruled = kit_rules_of(state)
        return ruled is not None and state.proposal is None and taken_together(ruled, state)

    def legal_commands(self, state: State, seat: int) -> list[Command]:
        ruled = kit_rules_of(state)
        return legal.legal_commands(state, seat) if ruled is None else ruled.legal_commands(state, seat)

    def decide(self, state: State, seat: int, command: Command, rng: Rng) -> list[Fact]:
        ruled = kit_rules_of(state)
        return commands.decide(state, seat, command, rng) if ruled is None else ruled.decide(state, seat, command, rng, evolve, _table)

    def evolve(self, state: State, fact: Fact) -> State:
        return evolve(state, fact)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return present.view(state, seat, everything=state.winners is not None)

    def owner_view(self, state: State) -> dict[str, Any]:
        return present.view(state, None, everything=True)

    def redact(self, fact: Fact, seat: int | None) -> Fact:
        return present.redact(fact, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(list(state.winners), state.reason or "the table ended the game", at_limit=state.at_limit,
                       scores=None if state.scores is None else list(state.scores))

    def describe(self, fact: Fact, seats: Sequence[str]) -> str:
        return present.describe(fact, seats)

    def render(self, view: dict[str, Any], seats: Sequence[str]) -> str:
        from domain.games.table_kit.shown.present_text import render

        return render(view, seats)

    def picture(self, view: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        from domain.games.table_kit.shown.picture import picture

        return picture(view, seats)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        return imagined_tables.determinize(state, seat, rng)

    def sides(self, state: State) -> dict[int, str]:
        """What tells the seats apart at setup: each seat's pieces, by kind, and where they start (the kit
        names nothing else that differs by seat); the same words for every seat where nothing does."""
        starts: dict[int, dict[str, list[str]]] = {seat: {} for seat in range(1, state.seats + 1)}
        for piece in kit_of(state).pieces(state.seats):
            if piece.owner is not None:
                starts[piece.owner].setdefault(piece.kind, []).append(piece.start)
        return {seat: "; ".join(_pieces_said(kind, spaces) for kind, spaces in kinds.items()) or "no pieces of its own"
                for seat, kinds in starts.items()}

    def turn_number(self, state: State) -> int:
        return state.turns

    def seat_numbers(self, state: State) -> dict[int, dict[str, float]]:
        return present.seat_numbers(state)

    def describe_command(self, command: Command) -> str:
        return present.command_label(command)

    def command_refs(self, state: Any, seat: int, command: Command) -> dict[str, list[str]]:
        return refs.command_refs(state, seat, command)
