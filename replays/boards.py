"""A game's board as a viewer saw it after any event, drawn: the ruleset's picture of the view, rendered
by the one renderer (``replays.drawing``) with what that event changed outlined.

The view follows the rule every reader of the game follows (``GameService.status``): the owner sees
everything, a seat what it could see at the table, a spectator what everyone could, and everyone sees
everything once the game is over.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from domain.engine.game import Game
from domain.engine.picture import changed
from domain.keeping.access import OWNER
from domain.keeping.service import GameService, Viewer
from replays.drawing import to_svg
from replays.seat_colours import board_colours


def seen(game: Game, viewer: Viewer) -> dict[str, Any]:
    """What ``viewer`` sees of the game as it stands."""
    rules = game.rules
    if viewer == OWNER or game.outcome() is not None:
        return rules.owner_view(game.state)
    return rules.view(game.state, viewer if isinstance(viewer, int) else None)


class Pictures:
    """The pictures drawn lately, by game, event and viewer. A game's events never change once stored, so
    a picture of one is never stale, in this process or any other: a board drawn after each new event
    finds the picture before it here rather than rebuilding the game as it stood then."""

    def __init__(self, most: int = 512) -> None:
        self.most = most
        self._kept: OrderedDict[tuple[uuid.UUID, int, Viewer], dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[uuid.UUID, int, Viewer], draw: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        picture = draw()
        with self._lock:
            self._kept[key] = picture
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)
        return picture


PICTURES = Pictures()


def board(service: GameService, game_id: uuid.UUID, viewer: Viewer, at: int | None = None,
          current: Game | None = None) -> dict[str, Any]:
    """The board after event ``at`` (default: the last) as ``viewer`` saw it: the game's version, the
    step, the SVG and the ids of what the step's event changed. ``current``: the game as it is now, when
    the caller has read it already."""
    current = current or service.game(game_id)
    number = current.version if at is None else at
    rules, seats = current.rules, list(current.seats)

    def drawn(version: int) -> dict[str, Any]:
        game = current if version == current.version else service.game_at(game_id, version)
        return rules.picture(seen(game, viewer), seats)

    picture = PICTURES.get((game_id, number, viewer), lambda: drawn(number))
    before = PICTURES.get((game_id, number - 1, viewer), lambda: drawn(number - 1)) if number > 1 else None
    moved = changed(before, picture)
    label = f"{rules.title} after event {number} of {current.version}"
    return {"version": current.version, "at": number, "svg": to_svg(picture, seats, moved, label=label), "changed": moved}


def colours_of(game: Game) -> list[str]:
    """Each seat's colour on the game's board as it stands, seat 1 first: what its charts draw it in."""
    return board_colours(game.rules.picture(seen(game, OWNER), list(game.seats)), len(game.seats))
