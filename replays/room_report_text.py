"""A room's playtest report (``replays.room_report``'s figures) in words: Markdown, a self-contained HTML page, or
JSON (every figure). Each sentence carries its numbers and 95% intervals; the games the class played are few, and
the report says so. The lines are plain text, escaped by each writer (``escape_markdown``, ``html.escape``), so a
name a student typed stays words wherever it is put."""

from __future__ import annotations

import html
from typing import Any

from replays.balance_report import STYLE, html_table, markdown_table, to_json
from replays.balance_words import capital, judged, options_text, pct, span
from replays.markdown import escape_markdown

Section = dict[str, Any]

FEW_GAMES = 30
"""Under this many results, the report says in words how little they can tell."""

__all__ = ["sections", "to_html", "to_json", "to_markdown"]


def to_markdown(report: dict[str, Any]) -> str:
    parts = sections(report)
    lines = [f"# {escape_markdown(parts[0]['title'])}", ""]
    for part in parts:
        if part is not parts[0]:
            lines += [f"## {escape_markdown(part['title'])}", ""]
        lines += [f"- {escape_markdown(line)}" for line in part["lines"]] + [""]
        if part.get("table") and part["table"]["rows"]:
            lines += markdown_table(part["table"]) + [""]
    return "\n".join(lines).rstrip() + "\n"


def to_html(report: dict[str, Any]) -> str:
    parts = sections(report)
    body = [f"<h1>{html.escape(parts[0]['title'])}</h1>"]
    for part in parts:
        if part is not parts[0]:
            body.append(f"<h2>{html.escape(part['title'])}</h2>")
        body.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in part["lines"]) + "</ul>")
        if part.get("table") and part["table"]["rows"]:
            body.append(html_table(part["table"]))
    title = html.escape(parts[0]["title"])
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<style>{STYLE}</style></head><body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def sections(report: dict[str, Any]) -> list[Section]:
    """The report's sections in order: what was played, seats, sides, length, endings, the tables."""
    parts = [summary(report), seats(report)]
    if report["people"] is not None and report["people"].get("sides"):
        parts.append(sides(report))
    if report["people"] is not None:
        parts += [length(report), endings(report)]
    parts.append(tables(report))
    return parts


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def games(count: int) -> str:
    return plural(count, "game")


def summary(report: dict[str, Any]) -> Section:
    room, counts = report["room"], report["counts"]
    started = len(report["tables"])
    lines = [(f"{room['title']} ({room['ruleset']}), {room['seats_per_table']} seats a table, options: "
              f"{options_text(room['options'])}; room {room['code']}: {plural(room['students'], 'student')} at "
              f"{plural(room['tables'], 'table')}, "
              f"{started} of them started.")]
    apart = [f"{counts['playing']} still being played" if counts["playing"] else "",
             f"{counts['aborted']} aborted (no result)" if counts["aborted"] else "",
             f"{counts['ended by the players']} ended by a resignation or an agreed draw" if counts["ended by the players"] else "",
             f"{counts['fewer seats']} played by fewer seats than the room's tables have" if counts["fewer seats"] else ""]
    apart = [part for part in apart if part]
    counted = (f"Counted as results: the {games(counts['finished'])} that the rules ended." if counts["finished"] else
               "Counted as results: only games the rules ended, and none has yet.")
    lines.append(counted + (f" Counted apart, not as results: {'; '.join(apart)}." if apart else ""))
    decided = report["people"]["fairness"]["decided"] if report["people"] else 0
    if not counts["finished"]:
        lines.append("The class has finished no game by its rules yet: there is nothing of theirs to count.")
    elif counts["finished"] < FEW_GAMES:
        lines.append(f"The class played only {games(counts['finished'])} to the end ({decided} won by one seat): among so few a "
                     "share is told from chance only when it is extreme. Read each with its 95% interval.")
    else:
        lines.append(f"The class played {games(counts['finished'])} to the end ({decided} won by one seat); each share "
                     "comes with its 95% interval.")
    bots = report["bots"]
    if bots is None:
        lines.append(f"No bots' figures beside them: {report['bots_left_out']}.")
    else:
        budget = f" ({bots['budget']} simulations a move)" if bots["budget"] else ""
        lead = "Beside them, " if report["people"] is not None else "The bots' figures: "
        lines.append(f"{lead}{games(bots['games'])} of {bots['strategy']} bots{budget} in every seat, with the same rules "
                     f"and options and the sides where the options put them; seeds {bots['seed']}:0 to {bots['seed']}:"
                     f"{bots['games'] - 1}, so the same room gives the same bots' figures.")
        if bots.get("room_bot") and bots["room_bot"] != bots["strategy"]:
            lines.append(f"The room's seats were filled by {bots['room_bot']} bots, which think for seconds a move: "
                         f"{bots['strategy']} bots play the study in their place ('ludolog room report --bot "
                         f"{bots['room_bot']}' plays theirs).")
    return {"title": f"Playtest report of {room['name']}", "lines": lines}


def seats(report: dict[str, Any]) -> Section:
    people, bots, beside = report["people"], report["bots"], report["beside"]
    lines: list[str] = []
    if beside is not None:
        fair = people["fairness"]["fair_share"]
        for row, own in zip(beside["seats"], people["fairness"]["seats"]):
            lines.append(f"Seat {row['seat']} won {row['people']['count']} of the {row['people']['of']} class games one seat won, "
                         f"{span(row['people'])}: {_judged(own, fair)}; the bots' Seat {row['seat']} won {span(row['bots'])} of "
                         f"{row['bots']['of']}: {_difference(row)}.")
        lines.append(f"Draws: {span(people['fairness']['draws'])} of the class's games, {span(bots['findings']['fairness']['draws'])} "
                     "of the bots'.")
        rows = [[f"Seat {r['seat']}", f"{r['people']['count']} of {r['people']['of']}", pct(r["people"]["rate"]),
                 f"{pct(r['people']['low'])}–{pct(r['people']['high'])}", pct(r["bots"]["rate"]),
                 f"{pct(r['bots']['low'])}–{pct(r['bots']['high'])}", _points(r)] for r in beside["seats"]]
        table = {"header": ["seat", "class wins", "class rate", "95% interval", "bots' rate", "95% interval", "difference"],
                 "rows": rows}
        return {"title": "Seats: the class beside the bots", "lines": lines, "table": table}
    found = people or (bots["findings"] if bots else None)
    if found is None:
        return {"title": "Seats", "lines": ["Nothing to count yet: no game the class finished, and no bots' figures."]}
    whose = "class" if people is not None else "bots'"
    fair = found["fairness"]["fair_share"]
    for row in found["fairness"]["seats"]:
        lines.append(f"Seat {row['seat']} won {row['count']} of the {row['of']} {whose} games one seat won, {span(row)}: "
                     f"{_judged(row, fair) if people is not None else judged(row, fair)}.")
    return {"title": f"Seats: the {'class' if people is not None else 'bots'} alone", "lines": lines}


def sides(report: dict[str, Any]) -> Section:
    found = report["people"]["sides"]
    if found["arrangement"] == "fixed":
        held = ", ".join(f"Seat {seat} {side}" for seat, side in found["fixed"].items())
        return {"title": "Sides", "lines": [(f"Each seat played one side in every class game ({held}): a seat's edge is its "
                                            "side's, the two can't be told apart.")]}
    lines = ["The game dealt the sides at setup, so each seat played several: a side's share is told apart from a seat's."]
    beside = {row["side"]: row for row in (report["beside"] or {}).get("sides", [])}
    for row in found["sides"]:
        line = f"{capital(row['side'])} won {row['count']} of the {row['of']} class games one seat won that it played, {span(row)}"
        other = beside.get(row["side"])
        lines.append(line + (f"; the bots' {span(other['bots'])} of {other['bots']['of']}: {_difference(other)}." if other else "."))
    return {"title": "Sides", "lines": lines}


def length(report: dict[str, Any]) -> Section:
    turns, commands = report["people"]["length"]["turns"], report["people"]["length"]["commands"]
    lines = [(f"The class's games lasted a median of {turns['median']:g} turns (shortest {turns['min']}, longest {turns['max']}) "
              f"and {commands['median']:g} commands.")]
    if report["bots"] is not None:
        theirs = report["bots"]["findings"]["length"]
        lines.append(f"The bots' lasted a median of {theirs['turns']['median']:g} turns (10th–90th percentile "
                     f"{theirs['turns']['p10']:g}–{theirs['turns']['p90']:g}) and {theirs['commands']['median']:g} commands.")
    return {"title": "Length", "lines": lines}


def endings(report: dict[str, Any]) -> Section:
    if report["beside"] is None:
        rows = report["people"]["endings"]
        return {"title": "Endings", "lines": [(f"{capital(row['ending'])}: {row['count']} of {row['of']} class games, "
                                               f"{span(row)}.") for row in rows]}
    lines = [f"{capital(row['ending'])}: {row['people']['count']} of {row['people']['of']} class games, {span(row['people'])}; "
             f"the bots' {span(row['bots'])}." for row in report["beside"]["endings"]]
    rows = [[row["ending"], str(row["people"]["count"]), pct(row["people"]["rate"]), pct(row["bots"]["rate"])]
            for row in report["beside"]["endings"]]
    return {"title": "Endings", "lines": lines, "table": {"header": ["ending", "class games", "class share", "bots' share"],
                                                         "rows": rows}}


STATUS_WORDS = {"finished": "finished", "playing": "still being played", "aborted": "aborted, with no result",
                "ended by the players": "ended by the players", "fewer seats": "finished with fewer seats (counted apart)"}


def tables(report: dict[str, Any]) -> Section:
    lines = []
    for row in report["tables"]:
        who = ", ".join(name + ("" if player == "person" else f" (bot: {player})") for name, player in zip(row["names"], row["players"]))
        line = f"Table {row['table']} ({who}): {STATUS_WORDS[row['status']]}"
        if row["reason"] is not None and row["status"] != "aborted":
            won = " and ".join(row["winners"]) or "nobody"
            line += f"; won by {won}: {row['reason']}"
        lines.append(line + f"; {row['turns']} turn{'' if row['turns'] == 1 else 's'}.")
    if report["waiting_tables"]:
        lines.append(f"{report['waiting_tables']} more table{'' if report['waiting_tables'] == 1 else 's'} not started.")
    if not lines:
        lines.append("No table has started yet.")
    return {"title": "The tables", "lines": lines}


def _judged(row: dict[str, Any], fair: float) -> str:
    """A class's share against a fair one, in words, without the balance report's estimate of the games that would
    tell (made for hundreds of games, it reads wrong for a handful)."""
    if row["verdict"] in ("favoured", "handicapped"):
        return f"{row['verdict']} (a fair share is {pct(fair)})"
    if row["verdict"] == "looks fair":
        return f"looks fair (a fair share is {pct(fair)})"
    return f"can't be told from a fair share ({pct(fair)}) yet"


def _points(row: dict[str, Any]) -> str:
    return (f"{_signed(row['difference'])} points ({_signed(row['difference_low'])} to {_signed(row['difference_high'])})")


def _difference(row: dict[str, Any]) -> str:
    told = "a real difference" if row["told"] else "can't be told from chance yet"
    return f"{_points(row)}, {told}"


def _signed(value: float) -> str:
    number = round(value * 100)
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"
