"""Reviewing a stored game (``domain.thinking.review``): its moves read from the store, who may review it and as
which eye, the review kept until the game moves on, its key moments written down as bookmarks, and its
words for the terminal.

A finished game's review looks at everything, for anyone; so does its owner's of a game still being played.
A seat's review of a game in play sees only what that seat saw, and judges only that seat's commands; a
spectator cannot review a game in play. A fork's review covers its own commands, from its start.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

from cachetools import LRUCache

from domain.engine.errors import Forbidden, InvalidSetup
from domain.engine.game import Game
from domain.keeping.access import OWNER
from domain.keeping.notebook import Notebook
from domain.keeping.service import GameService, Viewer
from domain.thinking.review import DEFAULT_BUDGET, Move, Review, review
from replays.cursor import Cursor

MOST_BUDGET = 2000
"""The largest budget a review takes (simulations of the search for each choice)."""

_CACHE: LRUCache[tuple[Any, ...], Review] = LRUCache(maxsize=64)
_LOCK = threading.Lock()

WHAT = {"mistake": "Mistake", "blunder": "Blunder", "lucky": "Lucky", "unlucky": "Unlucky", "lead": "Takes the lead"}
"""How a key moment is named in a bookmark and a list."""


def review_eye(game: Game, viewer: Viewer) -> int | None:
    """Who a review sees as: everything (``None``) for a finished game or the owner, a seat its own."""
    if game.outcome() is not None or viewer == OWNER:
        return None
    if isinstance(viewer, int):
        return viewer
    raise Forbidden("a game still being played is reviewed by one of its seats (from what it saw) or its owner")


def check_budget(budget: int) -> int:
    if isinstance(budget, bool) or not isinstance(budget, int) or not 1 <= budget <= MOST_BUDGET:
        raise InvalidSetup(f"a review's budget is 1 to {MOST_BUDGET} simulations for each choice, not {budget!r}")
    return budget


def review_game(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER, budget: int = DEFAULT_BUDGET,
                run: Callable[..., Review] = review) -> Review:
    """The game's review as ``viewer`` may have it, kept until the game moves on; ``run`` makes it
    (``domain.thinking.review.review``, or the API's way of running it in a worker process)."""
    check_budget(budget)
    game = service.game(game_id)
    rules = game.rules
    if not rules.holds_rules(game.options):
        raise InvalidSetup("the bots do not know the rules of a table kit that keeps none, so its games cannot be reviewed")
    eye = review_eye(game, viewer)
    key = (game_id, game.version, game.chain, eye, budget)
    with _LOCK:
        found = _CACHE.get(key)
    if found is not None:
        return found
    moves = moves_of(service, game_id)
    if not moves:
        raise InvalidSetup("the game has no commands yet: there is nothing to review")
    found = run(rules, moves, len(game.seats), eye=eye, budget=budget, seed=str(game_id))
    with _LOCK:
        _CACHE[key] = found
    return found


def moves_of(service: GameService, game_id: uuid.UUID) -> list[Move]:
    """The game's commands in order, each with the states before and after it (from its own events: a
    fork's from its start)."""
    cursor = Cursor(service, game_id)
    moves: list[Move] = []
    begun: tuple[int, dict[str, Any]] | None = None
    for number in range(1, cursor.total + 1):
        cause = getattr(cursor.stored[number - 1], "cause", None)
        if begun is not None and (cause != begun[1] or not cause):
            moves.append(_move(cursor, begun, number - 1))
            begun = None
        if cause and begun is None:
            begun = (number, cause)
    if begun is not None:
        last = cursor.total if not isinstance(cursor.stored[-1], Game.SeedRevealed) else cursor.total - 1
        moves.append(_move(cursor, begun, last))
    return moves


def _move(cursor: Cursor, begun: tuple[int, dict[str, Any]], last: int) -> Move:
    first, cause = begun
    return Move(first=first, step=last, seat=cause["seat"], command=cause["command"],
                before=cursor.state_at(first - 1), after=cursor.state_at(last),
                facts=tuple(event.as_fact() for event in cursor.stored[first - 1:last] if hasattr(event, "fact")))


def bookmark(service: GameService, game_id: uuid.UUID, found: Review, viewer: Viewer) -> int:
    """Each key moment of the review written as a bookmarked note on its step, by ``viewer`` (private
    for a seat, public for the owner); the number written. A moment already bookmarked so is skipped."""
    notebook = Notebook(service)
    seats = service.game(game_id).seats
    present = {(note.at, note.bookmark) for note in notebook.notes(game_id, viewer)}
    written = 0
    for step, what, seat in found.key_moments():
        name = f"{WHAT[what]}: {seats[seat - 1]}"[:40].strip()
        if (step, name) in present:
            continue
        notebook.write(game_id, viewer, {"at": step, "text": moment_text(found, step, what, seat, seats), "bookmark": name,
                                         "visibility": "public" if viewer == OWNER else "private"})
        present.add((step, name))
        written += 1
    return written


def moment_text(found: Review, step: int, what: str, seat: int, seats: list[str]) -> str:
    """A key moment in a sentence."""
    name = seats[seat - 1]
    if what in ("mistake", "blunder"):
        m = next(m for m in found.mistakes if m.step == step and m.seat == seat)
        return (f"{WHAT[what]} by {name}: played {m.label}, chance {percent(m.played_value)}; the search preferred "
                f"{m.preferred_label}, {percent(m.preferred_value)}.")
    if what in ("lucky", "unlucky"):
        s = next(s for s in found.swings if s.step == step and s.seat == seat)
        return f"{WHAT[what]} for {name}: {s.label} moved their chance by {signed(s.change)} by chance alone."
    return f"{name} takes the lead."


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def signed(value: float) -> str:
    return f"{'+' if value >= 0 else '−'}{abs(round(100 * value))} points"


def review_lines(found: Review, seats: list[str], title: str, rows: int = 12) -> list[str]:
    """The review in words for a terminal: how it was made, the chances at evenly spread steps, the
    mistakes, the swings of chance and the lead changes."""
    eye = "seeing everything" if found.eye is None else f"as {seats[found.eye - 1]} saw it"
    lines = [f"Review of {title}, {eye}: {len(found.estimates) - 1} commands, {found.judged} choices judged by the "
             f"search at {found.budget} simulations, in {found.seconds:.1f} s.", "",
             "Chance to win (± the 95% interval), from the start to the end:",
             "  step  " + "  ".join(f"{name[:12]:<12}" for name in seats)]
    picked = found.estimates if len(found.estimates) <= rows else \
        [found.estimates[round(i * (len(found.estimates) - 1) / (rows - 1))] for i in range(rows)]
    for estimate in picked:
        cells = [f"{percent(estimate.chance[s]):>4} ±{round(100 * estimate.margin[s]):<2}".ljust(12) for s in range(1, found.seats + 1)]
        lines.append(f"  {estimate.step:>4}  " + "  ".join(cells))
    lines += ["", "Mistakes (the search's value of the command played, against its own choice):"]
    lines += [f"  step {m.step:>4}  {seats[m.seat - 1]}: {m.kind}, played {m.label} ({percent(m.played_value)}); "
              f"the search preferred {m.preferred_label} ({percent(m.preferred_value)})"
              for m in sorted(found.mistakes, key=lambda m: m.step)] or ["  none found"]
    lines += ["", "The largest swings of chance (a roll or a draw):"]
    lines += [f"  step {s.step:>4}  {seats[s.seat - 1]}: {signed(s.change)}, {s.label}" for s in found.swings] or ["  none found"]
    lines += ["", "Lead changes:"]
    lines += [f"  step {c.step:>4}  {seats[c.leader - 1]} takes the lead from {seats[c.before - 1]}" if c.before else
              f"  step {c.step:>4}  {seats[c.leader - 1]} takes the lead" for c in found.lead_changes] or ["  none"]
    return lines


def review_data(found: Review) -> dict[str, Any]:
    """The review as JSON holds it (each seat's numbers in a list, seat 1 first)."""
    seats = range(1, found.seats + 1)
    return {
        "eye": found.eye, "budget": found.budget, "judged": found.judged, "seconds": round(found.seconds, 3),
        "estimates": [{"step": e.step, "chance": [e.chance[s] for s in seats], "margin": [e.margin[s] for s in seats]}
                      for e in found.estimates],
        "mistakes": [{"step": m.step, "seat": m.seat, "kind": m.kind, "command": m.command, "label": m.label, "value": m.played_value,
                      "preferred": m.preferred, "preferred_label": m.preferred_label, "preferred_value": m.preferred_value}
                     for m in found.mistakes],
        "swings": [{"step": s.step, "seat": s.seat, "change": s.change, "command": s.command, "label": s.label} for s in found.swings],
        "lead_changes": [{"step": c.step, "leader": c.leader, "before": c.before} for c in found.lead_changes],
        "key_moments": [{"step": step, "kind": kind, "seat": seat} for step, kind, seat in found.key_moments()],
    }
