"""Every ludolog ruleset, and every shipped kit with rules, as an OpenSpiel game (needs ``open-spiel``).

``register()`` registers them all (``ludolog_correction``, ``ludolog_kit_pig``, ...), after which
``pyspiel.load_game("ludolog_correction")`` loads one like any OpenSpiel game; its parameters are
``players`` (the number of seats, default the fewest the game takes) and ``options`` (the game's options
as JSON). ``load(name, players, options)`` does both. ``domain.thinking.spiel.game`` maps the contract; the
games that draw a board give observation tensors too (``domain.thinking.spiel.tensor``).
"""

from __future__ import annotations

import base64
import functools
import json
from typing import Any

import pyspiel

from domain.engine import registry
from domain.engine.errors import InvalidSetup
from domain.engine.ruleset import Ruleset
from domain.games.table_kit.rules import KITS, shipped_kit
from domain.thinking.spiel.actions import ActionNumbering
from domain.thinking.spiel.game import MAX_CHANCE_OUTCOMES, MAX_GAME_LENGTH, LudologObserver, LudologState, Table
from domain.thinking.spiel.tensor import layout_of

PREFIX, KIT_PREFIX = "ludolog_", "ludolog_kit_"


def game_name(ruleset: str) -> str:
    """OpenSpiel's name of a ruleset's game: ``ludolog_assassination_le``."""
    return PREFIX + ruleset.replace("-", "_")


def kit_game_name(kit: str) -> str:
    """OpenSpiel's name of a shipped kit's game: ``ludolog_kit_connect_four``."""
    return KIT_PREFIX + kit.replace("-", "_")


def numbering_of(rules: Ruleset, options: dict[str, Any] | None = None) -> ActionNumbering:
    """The action numbering of a game of these rules and (resolved) options (``Ruleset.action_shapes``), or
    without options, of every game of the rules (``command_shapes``)."""
    shapes = rules.command_shapes if options is None else rules.action_shapes(options)
    key = json.dumps([[shape.type, shape.properties, shape.required] for shape in shapes], sort_keys=True)
    if key not in _NUMBERINGS:
        _NUMBERINGS[key] = ActionNumbering(shapes)
    return _NUMBERINGS[key]


_NUMBERINGS: dict[str, ActionNumbering] = {}


@functools.cache
def kits_with_rules() -> tuple[str, ...]:
    """The shipped kits that keep rules (kit 2's ``play``), by file name."""
    return tuple(path.stem for path in sorted(KITS.glob("*.yaml")) if "play" in shipped_kit(path.stem))


def has_board(rules: Ruleset, players: int, options: dict[str, Any]) -> bool:
    """Whether a game of these rules draws a board (its picture before the setup has spaces): the games that
    give observation tensors (``domain.thinking.spiel.tensor``)."""
    return layout_of(rules, [f"Seat {n}" for n in range(1, players + 1)], options) is not None


def _game_type(name: str, title: str, fewest: int, most: int, players: int, tensor: bool) -> pyspiel.GameType:
    two = most == 2
    return pyspiel.GameType(
        short_name=name, long_name=f"ludolog: {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most, min_num_players=fewest,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=tensor,
        parameter_specification={"players": players, "options": "{}"})


def _game_class(name: str, ruleset: str, kit: str | None) -> tuple[pyspiel.GameType, type]:
    rules = registry.get(ruleset)
    document = shipped_kit(kit) if kit else {}
    fewest, most = (document["seats"]["fewest"], document["seats"]["most"]) if kit else (rules.min_seats, rules.max_seats)
    players = fewest
    if ruleset == "table-kit" and not kit:  # any kit, given in the options: the kit says how many it seats
        fewest, most = 1, 8
    tensor = not (ruleset == "table-kit" and not kit) and has_board(rules, players, {"kit": document} if kit else {})
    game_type = _game_type(name, str(document.get("name", kit)) if kit else rules.title, fewest, most, players, tensor)

    def _laid(params: dict[str, Any]) -> Table:
        seats = int(params.get("players", players))
        options = options_from(str(params.get("options", "") or "{}"))
        if kit:
            options = {**options, "kit": shipped_kit(kit)}
        try:
            if not fewest <= seats <= most:
                raise InvalidSetup(f"{game_type.long_name} seats {fewest} to {most} players, not {seats}")
            resolved = rules.resolve_options(options)
            rules.new_state(seats, resolved)  # a kit's own count of seats
        except InvalidSetup as error:
            raise pyspiel.SpielError(str(error)) from None
        return Table(rules, [f"Seat {n}" for n in range(1, seats + 1)], resolved, numbering_of(rules, resolved))

    class LudologGame(pyspiel.Game):
        def __init__(self, params: dict[str, Any] | None = None, table: Table | None = None) -> None:
            """The game its parameters name (``table``: one already laid, at a position of a game under way)."""
            params = params or {}
            self.table = table or _laid(params)
            most = float(max(1, 2 * self.table.rules.most_score(self.table.options)))  # a score less the mean of all
            info = pyspiel.GameInfo(
                num_distinct_actions=self.table.numbering.size, max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=len(self.table.seats), min_utility=-most, max_utility=most,
                utility_sum=0.0 if game_type.utility == pyspiel.GameType.Utility.ZERO_SUM else None,
                max_game_length=MAX_GAME_LENGTH)
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> LudologState:
            return LudologState(self, self.table, self.table.first)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> LudologObserver:
            layout = self.table.layout if game_type.provides_observation_tensor else None
            return LudologObserver(bool(iig_obs_type and iig_obs_type.perfect_recall), layout)

    LudologGame.__name__ = LudologGame.__qualname__ = f"Game_{name}"
    return game_type, LudologGame


def options_text(options: dict[str, Any]) -> str:
    """A game's options as its ``options`` parameter: JSON, or unpadded base64url of the JSON where the JSON
    holds a character OpenSpiel's game strings are split on (``,=()``)."""
    text = json.dumps(options, separators=(",", ":"), sort_keys=True)
    return text if not any(mark in text for mark in ",=()") else base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def options_from(text: str) -> dict[str, Any]:
    """The options an ``options`` parameter gives (``options_text``); ``SpielError`` for one that is not."""
    try:
        options = json.loads(text if text.lstrip().startswith("{") else base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode())
    except (ValueError, UnicodeDecodeError):
        raise pyspiel.SpielError("options: a JSON object, or base64url of one") from None
    if not isinstance(options, dict):
        raise pyspiel.SpielError("options: a JSON object, or base64url of one")
    return options


_CLASSES: dict[str, type] = {}


@functools.cache
def register() -> tuple[str, ...]:
    """Register every ruleset (the table kit's with any kit in its options) and every shipped kit with rules
    with OpenSpiel (once); their names."""
    names = []
    for rules in registry.all_rulesets():
        names.append(game_name(rules.name))
        game_type, _CLASSES[rules.name] = _game_class(names[-1], rules.name, None)
        pyspiel.register_game(game_type, _CLASSES[rules.name])
    for kit in kits_with_rules():
        names.append(kit_game_name(kit))
        pyspiel.register_game(*_game_class(names[-1], "table-kit", kit))
    return tuple(names)


def game_at(rules: Ruleset, state: Any) -> LudologState:
    """An OpenSpiel state at a position of a game under way (its seats' information states begin with their
    views there): what OpenSpiel's bots search from."""
    register()
    table = Table(rules, [f"Seat {n}" for n in range(1, rules.seat_count(state) + 1)], {}, numbering_of(rules))
    game = _CLASSES[rules.name]({"players": len(table.seats)}, table)
    at = LudologState.from_position(game, table, state)
    table.__dict__["first"] = at.at  # a clone starts from a new initial state, then takes the clone's fields
    return at


def load(name: str, players: int | None = None, options: dict[str, Any] | None = None) -> pyspiel.Game:
    """The OpenSpiel game of a ruleset (``correction``) or a shipped kit with rules (``kit:pig``)."""
    register()
    spiel = kit_game_name(name[4:]) if name.startswith("kit:") else game_name(name)
    params: dict[str, Any] = {"options": options_text(options or {})}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(spiel, params)
