"""A table-kit game's view as text for a terminal, from the view alone.

Whose turn it is (or how the game ended), then each space group: a grid as rows of squares (the top
row first, as a chessboard is printed) holding its pieces' labels, a track, loop, graph or free zone
as lines of ``name[pieces]`` (a graph's with its neighbours), and the group's links. A piece is shown
as its label and its seat's number (``P2``; a neutral piece by its label alone). Then the pieces off
the board, each zone with its cards bottom to top (``??`` for a card the view does not name, and
the count of its shuffled pile), the faces of the cards shown, the counters and the last dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.engine.picture import seat_name
from domain.games.table_kit.vocabulary.layout import group_spaces

HIDDEN = "??"
PER_LINE = 10
"""Spaces of a track, loop or graph on one line."""


def counter_label(counter: dict[str, Any]) -> str:
    """A counter of a view as a table shows it: its name, with its key for a keyed counter (``pile[2]``)."""
    key = str(counter.get("key") or counter["name"])
    return key.rpartition(":")[0] if counter.get("seat") and ":" in key else key


def render(view: dict[str, Any], seats: Sequence[str]) -> str:
    """The view as lines of text."""
    lines = [view["kit"]["title"], _status(view, seats), ""]
    here: dict[str, list[str]] = {}
    for piece in view["pieces"]:
        here.setdefault(str(piece["at"]), []).append(_token(piece))
    for group in view["spaces"]:
        lines += _group(group, here) + [""]
    off = here.get("off", [])
    if view["pieces"]:
        lines += [f"off the board: {' '.join(off) if off else 'none'}"]
        named: dict[str, list[str]] = {}
        for piece in view["pieces"]:
            named.setdefault(f"{_token(piece)} = {_whose(piece, seats)}", []).append(str(piece["id"]))
        lines += [f"  {token}{', '.join(ids)}" for token, ids in named.items()] + [""]
    shown: list[str] = []
    for zone in view.get("zones", []):
        lines.append(_zone(zone, seats, shown))
    faces = [f"  {name}: {_face(view['cards'].get(name, {}))}" for name in dict.fromkeys(shown) if _face(view["cards"].get(name, {}))]
    if faces:
        lines += ["cards shown:", *faces]
    for counter in view.get("counters", []):
        whose = f"{seat_name(seats, counter['seat'])}'s " if counter.get("seat") else ""
        high = f"/{counter['max']}" if counter.get("max") is not None else ""
        lines.append(f"{whose}{counter_label(counter)}: {'hidden' if counter.get('hidden') else counter['value']}{high}")
    for die in view.get("dice", []):
        last = die.get("last")
        whose = f"{seat_name(seats, die['seat'])}'s " if die.get("seat") else ""
        shown = "behind a screen" if die.get("hidden") else ", ".join(str(face) for face in last) if last else "not rolled"
        lines.append(f"{whose}{die['name']}: {shown}")
    return "\n".join(lines).rstrip()


def _status(view: dict[str, Any], seats: Sequence[str]) -> str:
    outcome = view.get("outcome")
    if outcome is not None:
        return game_over_line(outcome, seats)
    return turn_line(view, seats)[0] if view.get("turn") else "Setting up"


def game_over_line(outcome: dict[str, Any], seats: Sequence[str]) -> str:
    """The view's outcome as one line: who won, why, and the scores where the ending gave them."""
    said = f"Game over: {result_in_words(outcome.get('winners') or [], seats)}" + (f" ({outcome['reason']})" if outcome.get("reason") else "")
    scores = scores_in_words(outcome.get("scores"), seats)
    return f"{said}; scores: {scores}" if scores else said


def result_in_words(winners: Sequence[int], seats: Sequence[str]) -> str:
    """Who won, in words: ``Ana wins``, ``Ana and Ben win``, or ``a draw`` (no winner)."""
    if not winners:
        return "a draw"
    return " and ".join(seat_name(seats, seat) for seat in winners) + (" wins" if len(winners) == 1 else " win")


def scores_in_words(scores: Sequence[int] | None, seats: Sequence[str]) -> str:
    """Each seat's score at the end, seat 1 first, by its name (``Ana 4, Ben 3``); empty where the ending gave none."""
    return ", ".join(f"{seat_name(seats, seat)} {score}" for seat, score in enumerate(scores or [], 1))


def turn_line(view: dict[str, Any], seats: Sequence[str]) -> tuple[str, int]:
    """Whose turn it is, in words, and the seat the line is about: the seat to act; while a proposed end waits,
    the seat that proposed it and who is yet to answer; in a turn taken together, that every seat chooses."""
    turns, phase = view.get("turns", 0), f", in the {view['phase']} phase" if view.get("phase") else ""
    proposal = view.get("proposal")
    if proposal is not None:
        winners = proposal.get("winners") or []
        result = (" and ".join(seat_name(seats, seat) for seat in winners) + (" wins" if len(winners) == 1 else " win")) if winners else "a draw"
        waiting = [seat_name(seats, seat) for seat in range(1, view["seats"] + 1) if seat not in proposal.get("agreed", [])]
        return (f"Turn {turns}: {seat_name(seats, proposal['by'])} proposes to end the game ({result}); "
                f"waiting for {' and '.join(waiting)} to agree or refuse", proposal["by"])
    if view.get("together"):
        chosen = [seat_name(seats, choice["seat"]) for choice in view.get("chosen", [])]
        done = f" ({' and '.join(chosen)} {'has' if len(chosen) == 1 else 'have'} chosen)" if chosen else ""
        return f"Turn {turns}: every seat chooses in secret{phase}{done}", view["turn"]
    return f"Turn {turns}: {seat_name(seats, view['turn'])} to act{phase}", view["turn"]


def _token(piece: dict[str, Any]) -> str:
    label = str(piece.get("label") or piece["kind"][:1].upper())
    return f"{label}{piece['owner']}" if piece.get("owner") else label


def _whose(piece: dict[str, Any], seats: Sequence[str]) -> str:
    return f"{seat_name(seats, piece['owner'])}'s " if piece.get("owner") else "neutral "


def _group(group: dict[str, Any], here: dict[str, list[str]]) -> list[str]:
    names = group_spaces(group)
    lines = [f"{group.get('label') or group['name']} ({group['kind']}, {len(names)} space{'s' if len(names) != 1 else ''})"]
    if group["kind"] == "grid":
        columns, rows = group["columns"], group["rows"]
        wide = max([3] + [len(",".join(here.get(name, []))) + 1 for name in names])
        lines.append("   " + "".join(chr(ord("a") + c).center(wide) for c in range(columns)))
        for row in range(rows, 0, -1):
            cells = [",".join(here.get(f"{chr(ord('a') + c)}{row}", [])) or "." for c in range(columns)]
            lines.append(f"{row:>2} " + "".join(cell.center(wide) for cell in cells))
    else:
        marks, neighbours = group.get("kinds", {}), group.get("neighbours", {})
        cells = [f"{name}{':' + marks[name] if name in marks else ''}[{','.join(here.get(name, []))}]"
                 + (f"->{','.join(str(n) for n in neighbours[name])}" if name in neighbours else "") for name in names]
        per = 1 if neighbours else PER_LINE
        lines += ["  " + " ".join(cells[n:n + per]) for n in range(0, len(cells), per)]
    links = [f"{link.get('label') or 'link'} {link['from']}->{link['to']}" for link in group.get("links", [])]
    if links:
        lines.append("  links: " + ", ".join(links))
    return lines


def _zone(zone: dict[str, Any], seats: Sequence[str], shown: list[str]) -> str:
    name, owner = zone["name"], zone.get("owner")
    base = name[: -len(f":{owner}")] if owner and name.endswith(f":{owner}") else name
    label = f"{seat_name(seats, owner)}'s {base}" if owner else base
    cards = [entry["card"] if entry.get("card") is not None else HIDDEN for entry in zone["cards"]]
    shown += [card for card in cards if card != HIDDEN]
    hidden = zone.get("hidden", 0)
    parts = ([f"[{hidden} shuffled {HIDDEN}]"] if hidden else []) + cards
    count = zone.get("count", len(cards) + hidden)
    return f"{label} ({count} card{'s' if count != 1 else ''}, {zone.get('shows', 'face-up')}): {', '.join(parts) if parts else 'empty'}"


def _face(card: dict[str, Any]) -> str:
    fields = ", ".join(f"{key} {value}" for key, value in card.get("fields", {}).items())
    return "; ".join(part for part in (card.get("text", ""), fields) if part)
