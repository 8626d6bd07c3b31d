"""The state of a game of the Location CCG: JSON-native, one entry per seat (seat 1 first).

A player is ``{"brought", "hand", "deck", "bottom", "bank", "discard", "void"}``: ``deck`` holds the
deck's cards in no order (which one is on top is decided when a card is drawn), ``bottom`` the cards
put under it at the mulligan, in order, drawn once the rest is gone. A card in play is
``{"uid", "card", "owner", "at", "damage", "wounds", "modifiers", "boost", "used"}``, kept by its
``uid`` (a string of the number it got on entering play): ``at`` is ``"hq"`` or the index of a
location. A location in play is ``{"id", "placed_by", "tokens", "won_by"}``.

A mission is ``{"location", "attackers", "defenders", "pairs", "gangs"}``: a pair is
``{"seat", "challenger", "opposers"}`` (the challenging seat; the last pair may still wait for
opposers), ``gangs`` maps an unopposed Gang character to the one it adds its Atk to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.engine.endings import EndsAtLimits
from domain.games.location_ccg.cards import Card, Location, Pool, pool_of
from domain.games.location_ccg.facts import LIMIT_WORDS


@dataclass
class State(EndsAtLimits):
    seat_count: int
    options: dict[str, Any]
    """The resolved options but the card pool: ``decks``, ``locations``, ``turn_limit`` and the
    switchable rulings."""
    players: list[dict[str, Any]] = field(default_factory=list)
    in_play: dict[str, dict[str, Any]] = field(default_factory=dict)
    locations: list[dict[str, Any]] = field(default_factory=list)
    first: int = 0
    """The first player: they chose locations first; the other seat takes the first turn."""
    current: int = 0
    """The active player (whose turn it is), or during setup the seat choosing."""
    turn: int = 0
    phase: str = "setup"
    """``locations``, ``mulligan``, ``upkeep``, ``production``, ``mission`` (attack or not),
    ``attackers``, ``defenders``, ``challenge``, ``oppose``, ``tricks`` (surprises and abilities before
    damage), ``gang``, ``before_check`` (surprises and abilities before the skill check, with the option
    ``windows: before-skill-check``), ``deploy``, ``response`` (the other player's surprises at the end of the turn),
    ``discard`` (down to seven), ``over``."""
    priority: int = 0
    """The seat to act in a phase where it is not the active player (defenders, pairing, tricks, gang)."""
    passes: int = 0
    """Passes in a row in a window both players share (``tricks``, ``before_check``): two end it."""
    production: int = 0
    """Production points left this phase."""
    attacked: bool = False
    upkeep_due: list[str] = field(default_factory=list)
    mission: dict[str, Any] | None = None
    next_uid: int = 1
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    at_limit: bool = False
    """Whether the game stopped at its turn or round limit (from the ending fact)."""
    limit_words = LIMIT_WORDS
    pool_json: str = ""
    """The card pool in play as canonical JSON (the option ``card_pool``); ``""``: the demo pool."""

    def copy(self) -> State:
        """A copy sharing nothing mutable but the options (built field by field: bots copy states
        thousands of times a move, and ``dataclasses.replace`` is several times slower)."""
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.players = [{**p, "brought": p["brought"][:], "hand": p["hand"][:], "deck": p["deck"][:],
                        "bottom": p["bottom"][:], "bank": p["bank"][:], "discard": p["discard"][:],
                        "void": p["void"][:]} for p in self.players]
        new.in_play = {uid: {**c, "modifiers": list(c["modifiers"]), "boost": list(c["boost"])}
                       for uid, c in self.in_play.items()}
        new.locations = [{**loc, "tokens": dict(loc["tokens"])} for loc in self.locations]
        new.mission = None if self.mission is None else _copy_mission(self.mission)
        new.upkeep_due, new.winners = list(self.upkeep_due), list(self.winners)
        return new

    # -- lookups --------------------------------------------------------------------------------

    def player(self, seat: int) -> dict[str, Any]:
        return self.players[seat - 1]

    @property
    def pool(self) -> Pool:
        """The cards and locations of the game: the demo pool, or the designer's (``card_pool``)."""
        return pool_of(self.pool_json)

    def card(self, uid: str) -> Card:
        return self.pool.cards[self.in_play[uid]["card"]]

    def location(self, index: int) -> Location:
        return self.pool.locations[self.locations[index]["id"]]

    def other(self, seat: int) -> int:
        return 3 - seat

    def characters(self, seat: int | None = None, at: Any = None) -> list[str]:
        """The uids of characters in play, in the order they came in: the seat's (or all), at ``at``
        (``"hq"``, a location index) or anywhere."""
        cards = self.pool.cards
        return [uid for uid, c in self.in_play.items()
                if cards[c["card"]].kind == "character"
                and (seat is None or c["owner"] == seat) and (at is None or c["at"] == at)]

    def assets(self, seat: int) -> list[str]:
        cards = self.pool.cards
        return [uid for uid, c in self.in_play.items() if c["owner"] == seat and cards[c["card"]].kind == "asset"]

    def stat(self, uid: str, index: int) -> int:
        """A character's Atk (0), Def (1) or Skl (2): printed, plus its modifiers, plus this turn's boosts."""
        c, cards = self.in_play[uid], self.pool.cards
        return cards[c["card"]].stats[index] + sum(cards[m].bonus[index] for m in c["modifiers"]) + c["boost"][index]

    def visible_copies(self, card_id: str) -> int:
        """Copies in play anywhere or in either discard pile (the glossary's "visible")."""
        return (sum(1 for c in self.in_play.values() if c["card"] == card_id)
                + sum(p["discard"].count(card_id) for p in self.players))

    def deck_size(self, seat: int) -> int:
        return len(self.player(seat)["deck"]) + len(self.player(seat)["bottom"])

    def won(self, seat: int) -> int:
        return sum(1 for loc in self.locations if loc["won_by"] == seat)

    def tokens(self, seat: int) -> int:
        """Victory point tokens on locations not yet won."""
        return sum(loc["tokens"][str(seat)] for loc in self.locations if not loc["won_by"])

    def free(self, seat: int) -> list[str]:
        """The seat's characters in the mission's party that are not in combat (a Giant that opposes is
        free to oppose again until it opposes X challengers: see ``can_oppose``)."""
        mission = self.mission
        assert mission is not None
        party = mission["attackers"] if seat == self.current else mission["defenders"]
        busy = {uid for pair in mission["pairs"] for uid in [pair["challenger"], *pair["opposers"]]}
        return [uid for uid in party if uid in self.in_play and uid not in busy]


def _copy_mission(mission: dict[str, Any]) -> dict[str, Any]:
    return {**mission, "attackers": list(mission["attackers"]), "defenders": list(mission["defenders"]),
            "pairs": [{**pair, "opposers": list(pair["opposers"])} for pair in mission["pairs"]],
            "gangs": dict(mission["gangs"])}
