"""Random games of a kit with rules, for ``ludolog kit check``: do its rules let a game end?

A kit's rules can be read without a mistake and still never end a game (an action that can never be
legal, an ending no one reaches, a rule that fails on a value it meets). The trial also notes which actions
were ever legal (``offered``): one that never was, in a hundred games, has a condition or choices that may
never allow it. The trial plays seeded random
games at the kit's fewest and most seats and counts how each went: ended by the rules, stopped at the turn
limit, still going at the command cap or at ``GAME_SECONDS`` (commands that each cost much: the game's rules run
under that deadline, ``domain.engine.rule_time``, so one command cannot outlast it by more than a step), or failed
(the rule that failed, in its own words); the whole trial stops at ``TRIAL_SECONDS``, the games not yet played
counted (``unplayed``), so a kit whose games never end is named in seconds. The clock is the caller's (the CLI
gives ``time.monotonic``; a test its own). It also watches
for a rule that tells a seat a secret: at every third turn, a table where everything the seat to act cannot
see is dealt (and rolled) afresh must offer it the same actions; the first that does not, in each game, is
reported (``telling``). A kit that hides nothing from any seat (``kit_secrets.hides_nothing``: no cards, so no hand
and no face-down pile; no die behind a screen; no private counter; no turn taken together, so no sealed choice) is
not watched: its twin table would be the table itself (``determinize`` deals afresh only cards, rolls afresh only
other seats' screened dice, and resets only other seats' private counters and sealed choices), which offers the same.
Nor is a seat at a table where it sees all of that (``sees_all``: every placed card, each deck's undealt cards in one
pool, no other seat's screened roll or sealed choice, and the kit has no private counter): most turns of a kit whose
cards are dealt only from face-down piles and shown when drawn.

The games are played through the ruleset's own functions (``setup``, ``to_act``, ``legal_commands``, ``decide``,
``evolve``, ``outcome``: ``RulesTable``), with the chance a stored game of the same seed and salt has and the random
bot's choices at the same versions, so that each game is the one the ``Game`` aggregate plays, command for command
(and a game named by its seed replays as told). Its turn limit is the rules' own (an ending ``at_limit``, decided
with the action that reaches it); the endings the aggregate adds (a resignation, a draw agreed, an abort) are a
seat's acts, which no trial game makes. The first game is played on the aggregate itself (``StoredTable``), so a
fact that could not be stored, or a legal command the ruleset's shapes refuse, is still found.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.engine import registry, rule_time
from domain.engine.chain import CHAIN_VERSION
from domain.engine.commands import Command
from domain.engine.errors import LudologError
from domain.engine.game import Game
from domain.engine.randomness import Rng, chance_key
from domain.games.table_kit.play.kit_rules import NO_ACTION
from domain.games.table_kit.table.state import kit_of, sees
from domain.thinking.greedy import SimRng
from domain.thinking.kit_secrets import hides_nothing

TRIAL_GAMES = 100
MOST_COMMANDS = 5_000
"""A trial game still going after this many commands is reported: its rules may never end it (the shipped kits'
longest random games take a thousand)."""
GAME_SECONDS = 5.0
"""A trial game still going after this many seconds is reported too, however few its commands: the shipped kits'
longest take about a second; a game whose every command takes a second is no game to play."""
TRIAL_SECONDS = 30.0
"""The most seconds the trial plays in all: the games not begun by then are left unplayed and counted, so that
``kit check`` answers in seconds whatever the kit (a hundred games that each hit the command cap took minutes)."""
SALT = "4b17" * 8
"""The salt of the trial's games: with their seeds (``kit-check:N``), each is dealt alike every run."""
STORED_GAMES = 1
"""The first games played on the ``Game`` aggregate (``StoredTable``), the rest through the ruleset alone."""


def never_offered(document: dict[str, Any], found: Trial) -> list[tuple[tuple[str | int, ...], str]]:
    """Each action of the kit that no trial game offered, as its place in the document and what to say."""
    return [(("play", "actions", n, "name"), f"{action['name']!r} was legal in none of the {found.games} random games: its "
             "condition or choices may never allow it") for n, action in enumerate(document["play"]["actions"])
            if action["name"] not in found.offered]


@dataclass
class Trial:
    """How the trial's games went; ``stuck`` and ``failed`` hold ``(game number, seats, what happened)``."""

    games: int = 0
    ended: int = 0
    at_limit: int = 0
    lengths: list[int] = field(default_factory=list)
    stuck: list[tuple[int, int, str]] = field(default_factory=list)
    failed: list[tuple[int, int, str]] = field(default_factory=list)
    telling: list[tuple[int, int, str]] = field(default_factory=list)
    no_action: list[tuple[int, int, str]] = field(default_factory=list)
    """Games ended in a draw because a seat had no action it may take (and no ``stuck`` steps said otherwise)."""
    offered: set[str] = field(default_factory=set)
    """The actions that were legal at least once, in any game."""
    actions: frozenset[str] = frozenset()
    """The kit's actions: once every one was offered, the legal commands are no longer looked through for them."""
    unplayed: int = 0
    """The games left unplayed when the trial's ``TRIAL_SECONDS`` ran out (one it cut short among them)."""

    @property
    def median(self) -> float:
        return statistics.median(self.lengths) if self.lengths else 0


@dataclass(frozen=True)
class Caps:
    """When a trial game stops: at ``most_commands``, at ``game_seconds`` by ``clock``, or at the trial's ``ends``."""

    most_commands: int
    game_seconds: float
    clock: Callable[[], float]
    ends: float


class TrialOver(Exception):
    """The trial's time ran out (in the middle of a game, or before the next)."""


def trial(document: dict[str, Any], games: int = TRIAL_GAMES, most_commands: int = MOST_COMMANDS, *, clock: Callable[[], float]) -> Trial:
    """Play ``games`` seeded random games of the kit (half at its fewest seats, half at its most), for at most
    ``TRIAL_SECONDS`` by ``clock`` (seconds, ``time.monotonic``'s or a test's)."""
    rules = registry.get("table-kit")
    options = rules.resolve_options({"kit": document})
    fewest, most = document["seats"]["fewest"], document["seats"]["most"]
    caps = Caps(most_commands, GAME_SECONDS, clock, clock() + TRIAL_SECONDS)
    found = Trial(actions=frozenset(action["name"] for action in (document.get("play") or {}).get("actions", [])))
    watched = _watching(document)
    for number in range(games):
        seats = fewest if number % 2 == 0 or fewest == most else most
        try:
            if clock() >= caps.ends:
                raise TrialOver
            _play(rules, options, seats, number, caps, found, watched)
        except TrialOver:
            found.unplayed = games - number
            break
        found.games += 1
    return found


class RulesTable:
    """A trial game's table played through the ruleset's functions alone: the chance of each decision is what a
    ``Game`` of that seed and salt draws at that version (its creation is version 1, each fact one more)."""

    def __init__(self, rules: Any, options: dict[str, Any], seats: int, seed: str) -> None:
        self.rules = rules
        self.key = chance_key(seed, SALT, CHAIN_VERSION)
        self.state = rules.new_state(seats, options)
        self.version = 1
        self._apply(rules.setup(self.state, Rng(self.key, "setup")))

    def play(self, seat: int, command: Command, command_id: str) -> None:
        self._apply(self.rules.decide(self.state, seat, command, Rng(self.key, self.version)))

    def _apply(self, facts: list[Any]) -> None:
        for fact in facts:
            self.state = self.rules.evolve(self.state, fact)
        self.version += len(facts)


class StoredTable:
    """A trial game's table played on the ``Game`` aggregate: every fact made a stored event, every command checked
    against the ruleset's shapes."""

    def __init__(self, rules: Any, options: dict[str, Any], seats: int, seed: str) -> None:
        self.game = Game.start(rules, [f"Seat {n}" for n in range(1, seats + 1)], options, seed, salt=SALT)

    @property
    def state(self) -> Any:
        return self.game.state

    @property
    def version(self) -> int:
        return self.game.version

    def play(self, seat: int, command: Command, command_id: str) -> None:
        self.game.play(seat, command, command_id)


def _play(rules: Any, options: dict[str, Any], seats: int, number: int, caps: Caps, found: Trial,
          watched: Callable[[Any, int], bool]) -> None:
    """One trial game, counted in ``found``; its rules run under the deadline of its seconds (or the trial's end,
    if sooner: ``TrialOver`` then). ``watched``: whether the seat is kept from anything at a table, which a rule could tell it (``_watch``)."""
    seed = f"kit-check:{number}"
    bot = f"bot:{seed}"  # the random bot's stream (``RandomBot``), choosing among the commands listed here once
    commands = 0
    began = caps.clock()
    try:
        with rule_time.deadline(max(0.0, min(caps.game_seconds, caps.ends - began)), caps.clock):
            table = (StoredTable if number < STORED_GAMES else RulesTable)(rules, options, seats, seed)
            while (outcome := rules.outcome(table.state)) is None:
                waiting = rules.to_act(table.state)
                if not waiting:
                    found.stuck.append((number, seats, f"no seat is asked to act after {commands} commands"))
                    return
                if commands >= caps.most_commands:
                    found.stuck.append((number, seats, f"still going after {commands:,} commands"))
                    return
                if _out_of_time(caps, began, (number, seats, commands), found):
                    return
                seat = waiting[0]
                legal = rules.legal_commands(table.state, seat)
                if len(found.offered) < len(found.actions):
                    found.offered.update(command["action"] for command in legal if command["type"] == "act")
                if not legal:
                    found.stuck.append((number, seats, f"seat {seat} is asked to act after {commands} commands but no action is allowed"))
                    return
                if commands % 3 == 0 and not any(told[0] == number for told in found.telling) and watched(table.state, seat):
                    _watch(rules, table.state, seat, legal, (number, seats, commands), found)
                chosen = legal[0] if len(legal) == 1 else Rng(bot, table.version).choice(legal)  # one: the bot's too, unseeded
                table.play(seat, chosen, f"c{commands}")
                commands += 1
    except LudologError as error:
        if not _out_of_time(caps, began, (number, seats, commands), found):  # else the rules stopped at the deadline
            found.failed.append((number, seats, f"at command {commands + 1}: {error}"))
        return
    found.ended += 1
    found.at_limit += outcome.at_limit
    if outcome.reason.endswith(NO_ACTION):
        found.no_action.append((number, seats, f"{outcome.reason} after {commands} commands: the game ended in a draw"))
    found.lengths.append(commands)


def _out_of_time(caps: Caps, began: float, where: tuple[int, int, int], found: Trial) -> bool:
    """Whether the game begun at ``began`` is past its seconds (then noted as still going); ``TrialOver`` once the
    trial's time is up."""
    number, seats, commands = where
    now = caps.clock()
    if now - began >= caps.game_seconds:
        found.stuck.append((number, seats, f"still going after {caps.game_seconds:g} seconds ({commands:,} commands)"))
        return True
    if now >= caps.ends:
        raise TrialOver
    return False


def _watching(document: dict[str, Any]) -> Callable[[Any, int], bool]:
    """Whether a seat at a table is watched for a rule that tells it a secret: never in a kit that hides nothing,
    always in one with private counters, else where it does not see all (``sees_all``)."""
    if hides_nothing(document):
        return lambda state, seat: False
    if any(counter.get("private") for counter in document.get("counters", [])):
        return lambda state, seat: True
    return lambda state, seat: not sees_all(state, seat)


def sees_all(state: Any, seat: int) -> bool:
    """Whether the seat sees all that ``determinize`` deals or rolls afresh at this table of a kit without private
    counters, so that its twin is the table itself: every placed card (``sees``); each deck's cards not yet placed in
    one zone's pool (a pool is kept sorted: dealt afresh among themselves they make the same pool); and no other
    seat's roll behind a screen (``die:seat``) or sealed choice (``:sealed:seat``)."""
    deck_of = kit_of(state).deck_of
    pools: dict[int, str] = {}
    for name, zone in state.zones.items():
        if not all(sees(entry, seat) for entry in zone["cards"]):
            return False
        for card in zone["pool"]:
            if pools.setdefault(deck_of[card], name) != name:
                return False
    return all(":" not in key or key.rsplit(":", 1)[1] == str(seat) for key in state.dice)


def _watch(rules: Any, state: Any, seat: int, legal: list[dict[str, Any]], where: tuple[int, int, int], found: Trial) -> None:
    """Note the seat's actions if a table it could not tell from this one offers it others."""
    number, seats, commands = where
    twin = rules.determinize(state, seat, SimRng(random.Random(f"kit-check:{number}:{commands}")))
    offered = rules.legal_commands(twin, seat)
    if offered != legal:
        def said(commands: list[dict[str, Any]]) -> str:
            return ", ".join(rules.describe_command(command) for command in commands[:4]) + (" ..." if len(commands) > 4 else "")

        found.telling.append((number, seats, f"at command {commands + 1}, seat {seat} is offered {said(legal)}, and a table "
                              f"that differs only in what it cannot see offers {said(offered) or 'nothing'}: a rule "
                              "lets a secret decide what it may do, which tells it the secret"))
