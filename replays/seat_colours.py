"""The seats' colours, defined once for every picture of a game: the board (``replays.drawing``), the
diary's charts (``replays.diary_charts``) and the review's (``replays.review_chart``), so that a seat is
the same colour on the board and on every chart of its game."""

from __future__ import annotations

from typing import Any

from domain.engine.picture import COLOURS, seat_colours

SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#8a7a00", "#444444")
"""Okabe and Ito's colours, told apart with every common colour blindness, in the order of
``domain.engine.picture.COLOURS`` (blue, red: vermillion, green, purple, orange, sky, yellow: darkened, grey)."""
HEX = dict(zip(COLOURS, SEAT_COLOURS, strict=True))


def named_colours(picture: dict[str, Any], count: int) -> dict[int, str]:
    """The seats' colours where a picture names its own (``colours``: a squad called red is drawn red),
    else none: each seat keeps its own (``own_colour``)."""
    return {seat: HEX[name] for seat, name in seat_colours(picture, count).items()} if picture.get("colours") else {}


def own_colour(seat: int) -> str:
    """A seat's colour where its picture names none: seat 1 blue, seat 2 vermillion, and so on."""
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def board_colours(picture: dict[str, Any] | None, count: int) -> list[str]:
    """Each of ``count`` seats' colours as the board draws them in ``picture`` (the palette's without
    one), seat 1 first: what a chart of the game draws each seat's line in."""
    named = named_colours(picture, count) if picture else {}
    return [named.get(seat) or own_colour(seat) for seat in range(1, count + 1)]
