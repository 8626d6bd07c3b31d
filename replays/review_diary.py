"""A review in the design diary (``ludolog export --format md --review``): the chance-to-win chart, the
mistakes, the swings of chance and the lead changes, each linked to its step's line in the narrative
where the diary has one. Names and command labels are escaped as every text in the diary is."""

from __future__ import annotations

from collections.abc import Sequence

from domain.thinking.review import Review
from replays.diary_charts import ChartPlace
from replays.markdown import escape_markdown
from replays.review_chart import review_chart_svg
from replays.reviews import percent, signed


def review_section(found: Review, seats: list[str], game_id: str, images: ChartPlace,
                   colours: Sequence[str] | None = None) -> list[str]:
    """The diary's "Review" section, as Markdown lines; its chart draws each seat in ``colours`` (the
    board's, seat 1 first)."""
    name = lambda seat: escape_markdown(seats[seat - 1])  # noqa: E731
    eye = "seeing everything" if found.eye is None else f"as {name(found.eye)} saw it"
    lines = ["## Review", "",
             f"Each seat's chance to win after every command ({eye}): short games played on by greedy bots from each "
             f"position, with their 95% interval. {found.judged} choices were judged by the search bot at {found.budget} "
             "simulations, from what the seat could see: a command it valued 10 points or more below its own choice is "
             "a mistake, 20 a blunder.", ""]
    target = images.target(game_id, "review chance to win", review_chart_svg(found, seats, colours=colours))
    lines += [f"![Chance to win over the game]({target})", "", "### Mistakes", ""]
    lines += [f"- Step {m.step}, {name(m.seat)}: {m.kind}, played {escape_markdown(m.label)} ({percent(m.played_value)}); "
              f"the search preferred {escape_markdown(m.preferred_label)} ({percent(m.preferred_value)})"
              for m in sorted(found.mistakes, key=lambda m: m.step)] or ["None found."]
    lines += ["", "### The largest swings of chance", ""]
    lines += [f"- Step {s.step}, {name(s.seat)}: {signed(s.change)}, {escape_markdown(s.label)}" for s in found.swings] or ["None found."]
    lines += ["", "### Lead changes", ""]
    lines += [f"- Step {c.step}: {name(c.leader)} takes the lead" + (f" from {name(c.before)}" if c.before else "")
              for c in found.lead_changes] or ["None."]
    return [*lines, ""]
