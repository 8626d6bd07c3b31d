"""The state of a game of Squad Combat: JSON-native, one entry per seat (seat 1 first).

A player is ``{"squad", "characters", "hand", "deck", "discard", "passed", "out"}``; a character is
``{"id", "dice", "burden", "wounds", "dead"}``, a wound ``{"card", "damage", "owner"}``. ``deck`` is
the deck's cards in card-list order: which is on top is decided when one is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.squad_combat.cards import CardSet, Character, card_set
from domain.games.squad_combat.facts import LIMIT_WORDS


@dataclass
class State(EndsAtLimits):
    seat_count: int
    options: dict[str, Any]
    """The resolved options but the card set: ``rules``, ``squads``, ``recharge``, ``turn_limit``, ``rotate_first``."""
    card_set_json: str
    """The card set in play, as canonical JSON."""
    players: list[dict[str, Any]] = field(default_factory=list)
    first: int = 0
    current: int = 0
    """The seat whose action phase it is."""
    turn: int = 0
    phase: str = "setup"
    """``setup``, ``action``, ``reaction`` (an attack waits for its defender's answer), ``discard``
    (end of turn: ``discarding`` chooses), ``over``."""
    attack: dict[str, Any] | None = None
    """The attack waiting in the reaction window: ``seat``, ``card``, ``attacker``, ``target``,
    ``reacted``, ``resist``, ``defense`` (v0.5 modifiers), ``attack_die``, ``bonus``."""
    discarding: int = 0
    taunts: dict[str, int] = field(default_factory=dict)
    """This turn's taunting character, by seat."""
    battle_cries: dict[str, int] = field(default_factory=dict)
    """Damage added to each seat's next attack this turn."""
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS

    def copy(self) -> State:
        """A copy sharing nothing mutable but the options (built field by field: bots copy states
        thousands of times a move, and ``dataclasses.replace`` is several times slower)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.players = [_copy_player(p) for p in self.players]
        new.attack = None if self.attack is None else {**self.attack, "attacker": list(self.attack["attacker"]),
                                                       "target": list(self.attack["target"])}
        new.taunts, new.battle_cries, new.winners = dict(self.taunts), dict(self.battle_cries), list(self.winners)
        return new

    @property
    def cards(self) -> CardSet:
        return card_set(self.card_set_json)

    @property
    def v05(self) -> bool:
        return bool(self.options["rules"] == "v0.5")

    def player(self, seat: int) -> dict[str, Any]:
        return self.players[seat - 1]

    def ref(self, seat: int, place: int) -> list[Any]:
        """How facts name a character: ``[seat, place, id]`` (``[2, 1, "jimbo"]``)."""
        return [seat, place, self.player(seat)["characters"][place - 1]["id"]]

    def character(self, where: list[Any]) -> dict[str, Any]:
        seat, place = where[0], where[1]
        return self.players[seat - 1]["characters"][place - 1]

    def stats(self, where: list[Any]) -> Character:
        return self.cards.characters[self.character(where)["id"]]

    def alive(self, where: list[Any]) -> bool:
        return not self.character(where)["dead"]

    def living(self, seat: int) -> list[int]:
        """The places of the seat's living characters."""
        return [place for place, c in enumerate(self.player(seat)["characters"], 1) if not c["dead"]]

    def energy(self, where: list[Any]) -> int:
        """Current energy: total energy minus burden tokens."""
        return self.stats(where).energy - self.character(where)["burden"]

    def wounds(self, where: list[Any]) -> int:
        return sum(wound["damage"] for wound in self.character(where)["wounds"])

    def in_play(self) -> list[int]:
        """The seats still in the game, in seat order."""
        return [seat for seat in range(1, self.seat_count + 1) if not self.player(seat)["out"]]


def _copy_player(player: dict[str, Any]) -> dict[str, Any]:
    """A copy sharing nothing mutable (faster than ``copy.deepcopy`` on every fact)."""
    return {
        **player,
        "characters": [{**c, "dice": list(c["dice"]), "wounds": [dict(w) for w in c["wounds"]]} for c in player["characters"]],
        "hand": list(player["hand"]), "deck": list(player["deck"]), "discard": list(player["discard"]),
    }
