"""The table a kit game starts from (``TableKit.new_state``): its pieces where they start, its zones with the
decks' cards laid in them, its counters at their starts, worked out once for each kit, parameter values and
seats, and copied for each game.

What a table starts with follows from the kit's content (its hash), the parameters' values and the seats alone,
so a bot's or a study's thousand games of one kit lay out their tables once. Each game gets tables of its own:
its pieces, counters, zones, their lists of cards and each card's entry are copies.
"""

from __future__ import annotations

import json
from typing import Any

from domain.engine.errors import InvalidSetup
from domain.games.table_kit.reading.checks import MOST_CARDS
from domain.games.table_kit.reading.kit import Kit
from domain.games.table_kit.vocabulary.kit_parameters import parameter_values
from domain.games.table_kit.language.kit_sizes import setup_problem
from domain.games.table_kit.table.state import State

_STARTS: dict[tuple[str, str, int], tuple[str, dict[str, str], dict[str, dict[str, Any]], dict[str, int]]] = {}
"""Each table laid out so far, by its kit's hash, its parameter values (written out) and its seats: the kit's hash
as the table records it, the pieces, zones and counters it starts with (copied for each game, never handed out)."""


def new_state(seat_count: int, options: dict[str, Any]) -> State:
    """The table a game of the options' kit starts from at ``seat_count`` seats; ``InvalidSetup`` for a table the
    kit cannot have."""
    kit = Kit.of(options["kit"])
    try:
        values = parameter_values(kit.document, options.get("parameters"))
    except InvalidSetup:  # refused as a table laid out afresh refuses it, its mistakes in their order
        _laid_out(kit, options, seat_count)
        raise
    key = (kit.hash, json.dumps(values, sort_keys=True) if values else "{}", seat_count)  # a kit without parameters: "{}" as written out
    found = _STARTS.get(key)
    if found is None:
        if len(_STARTS) >= 256:
            _STARTS.clear()  # kept for the kits in play, never growing past a bound
        found = _STARTS[key] = _laid_out(kit, options, seat_count)
    kit_hash, pieces, zones, counters = found
    return State(kit=options["kit"], kit_hash=kit_hash, seats=seat_count, pieces=dict(pieces),
                 zones={name: {"cards": [{**entry, "seen": list(entry["seen"])} for entry in zone["cards"]], "pool": list(zone["pool"])}
                        for name, zone in zones.items()},
                 counters=dict(counters), parameters=values)


def _laid_out(kit: Kit, options: dict[str, Any], seat_count: int) -> tuple[str, dict[str, str], dict[str, dict[str, Any]], dict[str, int]]:
    """The kit hash, pieces, zones and counters of a new table (``new_state``), each mistake refused."""
    if kit.board_sized and kit.fewest <= seat_count <= kit.most:  # the board as this table has it
        kit = Kit.at_table(options["kit"], parameter_values(kit.document, options.get("parameters")), seat_count)
    if not kit.fewest <= seat_count <= kit.most:
        wanted = str(kit.fewest) if kit.fewest == kit.most else f"{kit.fewest}-{kit.most}"
        raise InvalidSetup(f"{kit.title} is played by {wanted} players, not {seat_count}")
    if isinstance(kit.first, int) and kit.first > seat_count:
        raise InvalidSetup(f"{kit.title} opens with seat {kit.first}, and {seat_count} seats play")
    zones: dict[str, dict[str, Any]] = {zone.name: {"cards": [], "pool": []} for zone in kit.zones(seat_count)}
    shows = kit.zone_map(seat_count)
    values = parameter_values(kit.document, options.get("parameters"))
    mistake = setup_problem(kit.document, values, seat_count, MOST_CARDS)
    if mistake is not None:
        raise InvalidSetup(f"{kit.title} cannot be set up at {seat_count} seats with these parameters: "
                           f"{'.'.join(map(str, mistake.path))}: {mistake.message}")
    for index, deck in enumerate(kit.decks):
        names = kit.deck_cards(index, values, seat_count)
        pile = zones[deck["pile"]]
        if deck.get("shuffled", True):
            pile["pool"] = sorted(pile["pool"] + names)
        else:
            up = shows[deck["pile"]].shows == "face-up"
            pile["cards"] = [{"card": name, "up": up, "seen": []} for name in reversed(names)] + pile["cards"]
    return (kit.hash, {piece.id: piece.start for piece in kit.pieces(seat_count)}, zones,
            {counter.key: counter.start for counter in kit.counters(seat_count, values)})
