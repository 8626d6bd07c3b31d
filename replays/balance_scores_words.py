"""The scores section of a balance report, where the game's endings give scores (``domain.thinking.balance.scores``):
each seat's mean score and the mean margin with their 95% intervals, in plain sentences and a table. Text here is
plain: the writers (``replays.balance_report``) escape it."""

from __future__ import annotations

from typing import Any


def figure(value: float, sign: bool = False) -> str:
    """A mean, to two decimals where it has any (``3.98``, ``−0.06``, ``0``); with ``sign``, ``+`` before a gain."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    return ("+" if sign and value > 0 and text != "0" else "−" if value < 0 and text != "0" else "") + text


def interval(row: dict[str, Any], sign: bool = False) -> str:
    """``3.98 (3.87 to 4.09)``; with ``sign``, ``+0.96 (+0.75 to +1.17)``."""
    return f"{figure(row['mean'], sign)} ({figure(row['low'], sign)} to {figure(row['high'], sign)})"


def scores(main: dict[str, Any]) -> dict[str, Any]:
    """The section: each seat's mean score, the winner's margin and, with two seats, seat 1's lead over seat 2."""
    found = main["scores"]
    games = f"the {found['games']} games whose ending gave scores" + ("" if found["games"] == found["of"] else f" (of {found['of']})")
    lines = [f"Seat {row['seat']} scores {interval(row)} a game on average, over {games}." for row in found["seats"]]
    lines.append(f"The winner's margin (the highest score less the next): {interval(found['margin'])} on average.")
    if "first_less_second" in found:
        lines.append(f"Seat 1's score less seat 2's: {interval(found['first_less_second'], sign=True)} on average, game by game.")
    rows = [[f"Seat {row['seat']}", figure(row["mean"]), f"{figure(row['low'])} to {figure(row['high'])}"] for row in found["seats"]]
    return {"title": "Scores", "lines": lines, "table": {"header": ["seat", "mean score", "95% interval"], "rows": rows}}
