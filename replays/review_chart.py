"""A review's picture: each seat's chance to win over the game, a line per seat and the 95% interval of
its estimate as two thin dotted lines of the same colour around it, drawn by pygal like the diary's charts
(``replays.diary_charts``: standalone SVG, no script, the same review gives the same bytes), each seat in
its colour on the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.thinking.review import Review
from replays.diary_charts import (
    _CHART_ID,
    _DASHES,
    chart_style,
    integer_ticks,
    without_scripts_and_comments,
)
from replays.seat_colours import board_colours


def review_chart_svg(found: Review, seats: Sequence[str], title: str = "Chance to win",
                     colours: Sequence[str] | None = None) -> bytes:
    """The review's chart: x the step, y each seat's chance to win (0 to 100%), each seat in its colour on
    the board (``colours``, seat 1 first; the seats' own without them: ``replays.seat_colours``)."""
    import pygal

    steps = [estimate.step for estimate in found.estimates]
    colours = board_colours(None, found.seats) if colours is None else colours
    chart = pygal.XY(
        style=chart_style([colours[seat - 1] for seat in range(1, found.seats + 1) for _ in range(3)]), js=[], width=750, height=380, explicit_size=True, title=title, x_title="Step", y_title="Chance to win (%)",
        legend_at_bottom=True, truncate_legend=-1, show_dots=False, allow_interruptions=True, range=(0, 100),
        x_labels=integer_ticks(min(steps), max(steps)) if steps else [], y_labels=[0, 25, 50, 75, 100], print_values=False,
    )
    for seat in range(1, found.seats + 1):
        dash = _DASHES[(seat - 1) % len(_DASHES)]
        stroke: dict[str, Any] = {"width": max(1.5, 3.2 - 0.6 * (seat - 1))}
        if dash:
            stroke["dasharray"] = dash
        name = f"{seat} {seats[seat - 1]}"
        chart.add(name, [(e.step, 100 * e.chance[seat]) for e in found.estimates], stroke_style=stroke)
        for side, sign in (("low", -1), ("high", 1)):
            band = [(e.step, max(0.0, min(100.0, 100 * (e.chance[seat] + sign * e.margin[seat])))) for e in found.estimates]
            chart.add(f"{name} (95% {side})", band, stroke_style={"width": 0.8, "dasharray": "1, 3"})
    chart.uuid = _CHART_ID
    chart.add_xml_filter(without_scripts_and_comments)
    svg: bytes = chart.render()
    return svg
