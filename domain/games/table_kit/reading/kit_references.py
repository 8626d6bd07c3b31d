"""A kit's names that must point somewhere, and its numbers that must lie in their ranges, checked once the kit
fits the schema (``checks.problems``): a piece's space, a deck's pile, the hands' deck, a link's ends, a counter's
start between its bounds... each mistake a ``Problem`` at its place, with the nearest known name for a misspelt one."""

from __future__ import annotations

from typing import Any

from domain.games.table_kit.vocabulary.kit_mistakes import did_you_mean
from domain.games.table_kit.vocabulary.kit_problem import Problem
from domain.games.table_kit.vocabulary.layout import HAND, OFF, Path_, group_spaces, space_name


def reference_problems(document: dict[str, Any]) -> list[Problem]:
    out: list[Problem] = []
    seats = document["seats"]
    if seats["fewest"] > seats["most"]:
        out.append(Problem(("seats",), f"fewest ({seats['fewest']}) is more than most ({seats['most']})"))
    first = document.get("first", 1)
    if isinstance(first, int) and first > seats["most"]:
        out.append(Problem(("first",), f"seat {first} is more than the most seats ({seats['most']})"))
    spaces: dict[str, Path_] = {OFF: ()}
    for index, group in enumerate(document.get("spaces", [])):
        for name in group_spaces(group):
            if name in spaces:
                out.append(Problem(("spaces", index), f"space {name!r} is named twice"))
            spaces[name] = ("spaces", index)
        for at, link in enumerate(group.get("links", [])):
            for end in ("from", "to"):
                if space_name(link[end]) not in spaces and space_name(link[end]) not in group_spaces(group):
                    out.append(Problem(("spaces", index, "links", at, end), f"no space named {space_name(link[end])!r}" + did_you_mean(link[end], spaces)))
        for name, neighbours in group.get("neighbours", {}).items():
            for at, neighbour in enumerate(neighbours):
                if space_name(neighbour) not in group_spaces(group):
                    out.append(Problem(("spaces", index, "neighbours", name, at), f"no space named {space_name(neighbour)!r} in {group['name']!r}" + did_you_mean(neighbour, group_spaces(group))))
        for name in group.get("kinds", {}):
            if name not in group_spaces(group):
                out.append(Problem(("spaces", index, "kinds", name), f"no space named {name!r} in {group['name']!r}" + did_you_mean(name, group_spaces(group))))
    kinds: set[str] = set()
    for index, piece in enumerate(document.get("pieces", [])):
        if piece["kind"] in kinds:
            out.append(Problem(("pieces", index, "kind"), f"piece kind {piece['kind']!r} is listed twice"))
        kinds.add(piece["kind"])
        owner = piece.get("owner", "each")
        if isinstance(owner, int) and owner > seats["most"]:
            out.append(Problem(("pieces", index, "owner"), f"seat {owner} is more than the most seats ({seats['most']})"))
        at = piece.get("at")
        places = at if isinstance(at, list) else ([] if at is None else [at])
        for spot, place in enumerate(places):
            if space_name(place) not in spaces:
                path = ("pieces", index, "at", spot) if isinstance(at, list) else ("pieces", index, "at")
                out.append(Problem(path, f"no space named {space_name(place)!r}" + (
                    did_you_mean(place, spaces) if place != "none" else f": pieces off the board have no at, or at: {OFF}")))
        if isinstance(at, list):
            wanted = piece.get("count", 1) * (seats["most"] if owner == "each" else 1)
            if len(at) != wanted:
                out.append(Problem(("pieces", index, "at"), f"{len(at)} spaces for {wanted} pieces (one each, seat 1's first, for {seats['most']} seats)"))
    zones: set[str] = {HAND}
    for index, zone in enumerate(document.get("zones", [])):
        if zone["name"] in zones:
            out.append(Problem(("zones", index, "name"), f"zone {zone['name']!r} is named twice" if zone["name"] != HAND else "'hand' is every seat's own hand: give the zone another name"))
        zones.add(zone["name"])
        if zone.get("shows") == "holder" and not zone.get("each"):
            out.append(Problem(("zones", index, "shows"), "a zone seen by its holder belongs to each seat: add 'each: true'"))
    cards: set[str] = set()
    for index, deck in enumerate(document.get("decks", [])):
        pile = next((zone for zone in document.get("zones", []) if zone["name"] == deck["pile"]), None)
        if pile is None:
            out.append(Problem(("decks", index, "pile"), f"no zone named {deck['pile']!r}" + did_you_mean(deck["pile"], zones) + (" (a deck starts in one pile, not in the hands: deal from it with hands.deal)" if deck["pile"] == HAND else "")))
        elif pile.get("each"):
            out.append(Problem(("decks", index, "pile"), f"zone {deck['pile']!r} is one per seat: a deck starts in one pile"))
        for at, card in enumerate(deck["cards"]):
            if card["name"] in cards:
                out.append(Problem(("decks", index, "cards", at, "name"), f"card {card['name']!r} is named twice (give a card a count instead)"))
            cards.add(card["name"])
    hands = document.get("hands", {})
    if hands.get("deal", 0) and "from" not in hands:
        out.append(Problem(("hands",), "'from' is missing: the pile the hands are dealt from"))
    if "from" in hands and hands["from"] not in {deck["pile"] for deck in document.get("decks", [])}:
        out.append(Problem(("hands", "from"), f"no deck starts in a zone named {hands['from']!r}"
                                                  + did_you_mean(hands["from"], [deck["pile"] for deck in document.get("decks", [])])))
    elif hands.get("deal", 0) and "from" in hands and isinstance(hands["deal"], int) and not _sized_deck(document, hands["from"]):
        held = sum(card.get("count", 1) for deck in document.get("decks", []) if deck["pile"] == hands["from"] for card in deck["cards"])
        if held < hands["deal"] * seats["most"]:
            out.append(Problem(("hands", "deal"), f"{hands['deal']} card{'s' if hands['deal'] != 1 else ''} for each of {seats['most']} seats, but {hands['from']!r} holds {held}"))
    for section in ("dice", "counters"):
        seen: set[str] = set()
        for index, item in enumerate(document.get(section, [])):
            if item["name"] in seen:
                out.append(Problem((section, index, "name"), f"{item['name']!r} is named twice"))
            seen.add(item["name"])
    for index, counter in enumerate(document.get("counters", [])):
        low, high, start = counter.get("min"), counter.get("max"), counter.get("start", 0)
        start = (low if low is not None else high if high is not None else 0) if isinstance(start, str) else start  # worked out and checked by kit_sizes
        if low is not None and high is not None and low > high:
            out.append(Problem(("counters", index), f"min ({low}) is more than max ({high})"))
        elif (low is not None and start < low) or (high is not None and start > high):
            out.append(Problem(("counters", index, "start"), f"{start} is outside the range {_range(low, high)}"))
    return out


def _sized_deck(document: dict[str, Any], pile: str) -> bool:
    """Whether a deck starting in ``pile`` has a card whose copies are worked out (``kit_sizes`` checks it)."""
    return any(isinstance(card.get("count"), str) or "numbered" in card
               for deck in document.get("decks", []) if deck["pile"] == pile for card in deck["cards"])


def _range(low: int | None, high: int | None) -> str:
    return f"{'' if low is None else low}..{'' if high is None else high}"
