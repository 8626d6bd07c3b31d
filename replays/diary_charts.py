"""The diary's pictures of each seat's key numbers over a game: an SVG line chart per number that
changes, and one sentence for a number that never changes ("Ana's reserve stayed at 0; Ben's
stayed at 2."), since a flat line on an empty axis tells less than the sentence.

Charts are drawn by pygal (pure Python, SVG, no display and no global state: safe in the API's
threads), imported only when a chart is drawn. The SVG is a standalone file with no script, no
comment and nothing random in it: the same game gives the same bytes. Seat names reach it only as
XML-escaped text (the legend and the ``<title>``). Each seat's line is drawn in its colour on the board
(``replays.seat_colours``). A ``ChartPlace`` says where a chart goes: a file
beside the diary (``ChartFiles``) or a ``data:`` URI inside it (``EmbeddedCharts``).
"""

from __future__ import annotations

import base64
import math
import pathlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from replays.markdown import link_target
from replays.seat_colours import board_colours

Point = tuple[int, float | None]

_DASHES = (None, "9, 5", "2, 4", "9, 4, 2, 4")
"""Seat 1 solid, later seats dashed and thinner: equal numbers draw lines on top of each other."""
_MAX_DOTS = 40
"""Series longer than this are drawn without a dot per point."""
_MAX_TICKS = 8
_CHART_ID = "ludolog"


@dataclass(frozen=True)
class Series:
    """One number of one seat over the game: ``(x, value)`` per turn (or command), ``None`` where the
    seat had no such number."""

    seat: int
    name: str
    points: list[Point]

    @property
    def values(self) -> set[float | None]:
        return {value for _, value in self.points}

    @property
    def constant(self) -> bool:
        return len(self.values) == 1


def number_text(value: float | None) -> str:
    """A number as the diary writes it: ``3``, not ``3.0``; ``2.5``; nothing for a missing one."""
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def constant_sentence(number: str, series: Sequence[Series], seats: Sequence[str]) -> str:
    """The plain-text sentence for a number none of whose seats' series ever changes (``None`` values
    are seats without that number: left out)."""
    held = [(s, next(iter(s.values))) for s in series if s.values != {None}]
    if len({value for _, value in held}) == 1 and len(held) == len(series):
        return f"{number} stayed at {number_text(held[0][1])} for every seat."
    parts = [f"{seats[s.seat - 1]}'s {number} stayed at {number_text(value)}" for s, value in held[:1]]
    parts += [f"{seats[s.seat - 1]}'s stayed at {number_text(value)}" for s, value in held[1:]]
    return "; ".join(parts) + "."


def chart_style(colours: Sequence[str]) -> Any:
    """pygal's style with the series drawn in ``colours``, in order, on white."""
    from pygal.style import Style

    return Style(colors=tuple(colours), background="white", plot_background="white")


def chart_svg(title: str, x_title: str, y_title: str, series: Sequence[Series], seats: Sequence[str],
              colours: Sequence[str] | None = None) -> bytes:
    """One number over the game as an SVG line chart: x the turn (or command), one labelled line per seat,
    each in its seat's colour on the board (``colours``, seat 1 first; the seats' own without them:
    ``replays.seat_colours``)."""
    import pygal

    xs = [x for s in series for x, _ in s.points]
    ys = [y for s in series for _, y in s.points if y is not None]
    colours = board_colours(None, len(seats)) if colours is None else colours
    chart = pygal.XY(
        style=chart_style([colours[s.seat - 1] for s in series]), js=[], width=750, height=380, explicit_size=True,
        title=title, x_title=x_title, y_title=y_title, legend_at_bottom=True, truncate_legend=-1,
        show_dots=max(len(s.points) for s in series) <= _MAX_DOTS, dots_size=3, allow_interruptions=True,
        x_labels=integer_ticks(min(xs), max(xs)), print_values=False,
    )
    if ys and all(float(y).is_integer() for y in ys):
        chart.y_labels = integer_ticks(math.floor(min(ys)), math.ceil(max(ys)))
    for s in series:
        dash = _DASHES[(s.seat - 1) % len(_DASHES)]
        stroke: dict[str, Any] = {"width": max(1.0, 3.2 - 0.7 * (s.seat - 1))}
        if dash:
            stroke["dasharray"] = dash
        chart.add(f"{s.seat} {seats[s.seat - 1]}", s.points, stroke_style=stroke)
    chart.uuid = _CHART_ID  # pygal's is random: the same game gives the same bytes
    chart.add_xml_filter(without_scripts_and_comments)
    svg: bytes = chart.render()
    return svg


class ChartPlace:
    """Where the charts go: ``target`` stores one and gives the address the diary links it by."""

    def target(self, game_id: str, name: str, svg: bytes) -> str:
        raise NotImplementedError


class EmbeddedCharts(ChartPlace):
    def target(self, game_id: str, name: str, svg: bytes) -> str:
        return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


class ChartFiles(ChartPlace):
    """Charts as files in ``folder`` (made when the first chart is written), linked as ``prefix`` + name."""

    def __init__(self, folder: pathlib.Path, prefix: str) -> None:
        self.folder, self.prefix = folder, prefix
        self.used: set[str] = set()

    def target(self, game_id: str, name: str, svg: bytes) -> str:
        file_name = _file_name(game_id, name, self.used)
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / file_name).write_bytes(svg)
        return link_target(self.prefix + file_name)


def _file_name(game_id: str, name: str, used: set[str]) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "number"
    candidate, n = slug, 2
    while candidate in used:
        candidate, n = f"{slug}-{n}", n + 1
    used.add(candidate)
    return f"{game_id}-{candidate}.svg"


def integer_ticks(low: int, high: int) -> list[int]:
    """At most about ``_MAX_TICKS`` whole numbers covering ``low``..``high``, 1, 2 or 5 times a power of ten apart."""
    wanted = max(high - low, 1) / _MAX_TICKS
    power = 1
    while True:
        step = next((s * power for s in (1, 2, 5) if s * power >= wanted), None)
        if step is not None:
            break
        power *= 10
    first = math.floor(low / step) * step
    return list(range(first, math.ceil(high / step) * step + 1, step))


def without_scripts_and_comments(root: Any) -> Any:
    """pygal's XML filter: drop its tooltip script (and the chart's config it holds) and its
    comments (a date among them)."""
    from pygal.etree import etree

    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag is etree.Comment or str(child.tag).rsplit("}", 1)[-1] == "script":
                parent.remove(child)
    return root
