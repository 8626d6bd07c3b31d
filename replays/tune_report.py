"""A tune's report written out: Markdown, a self-contained HTML page (its chart inline SVG, no script) or JSON
(every figure). The sentences come from ``replays.tune_words``; what a designer typed (a kit's title, a
choice's name) is escaped in each.

The chart shows each candidate's miss against the value varied, with its 95% interval (pygal); with two values
varied, a heat map: a cell for each pair tried, the darker the nearer the aim, its miss written in it."""

from __future__ import annotations

import html
from typing import Any

from replays.balance_report import STYLE, html_table, markdown_table, to_json
from replays.diary_charts import without_scripts_and_comments
from replays.markdown import escape_markdown
from replays.tune_words import sections, shown


def to_markdown(report: dict[str, Any]) -> str:
    parts = sections(report)
    lines = [f"# {escape_markdown(parts[0]['title'])}", ""]
    for part in parts:
        if part is not parts[0]:
            lines += [f"## {escape_markdown(part['title'])}", ""]
        lines += [f"- {escape_markdown(line)}" for line in part["lines"]] + [""]
        if part.get("table"):
            lines += markdown_table(part["table"]) + [""]
    return "\n".join(lines)


def to_html(report: dict[str, Any]) -> str:
    parts = sections(report)
    body = [f"<h1>{html.escape(parts[0]['title'])}</h1>"]
    for part in parts:
        if part is not parts[0]:
            body.append(f"<h2>{html.escape(part['title'])}</h2>")
        body.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in part["lines"]) + "</ul>")
        if part.get("chart"):
            body.append(f"<figure>{chart_svg(report)}</figure>")
        if part.get("table"):
            body.append(html_table(part["table"]))
    title = html.escape(parts[0]["title"])
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<style>{STYLE}</style></head><body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


def chart_svg(report: dict[str, Any]) -> str:
    names = [d["name"] for d in report["tune"]["vary"]]
    return miss_chart(report, names[0]) if len(names) == 1 else heat_map(report, names[0], names[1])


def miss_chart(report: dict[str, Any], name: str) -> str:
    """Each candidate's miss against the value, in the order the values were given, with its interval."""
    import pygal

    order = {shown(value): n for n, value in enumerate(report["tune"]["vary"][0]["values"])}
    rows = sorted(report["candidates"], key=lambda row: order[shown(row["values"][name])])
    chart = pygal.Bar(title=f"The miss at each {name} tried, with 95% intervals (0 meets the aim)", x_title=name, y_title="miss",
                      js=[], width=700, height=320, explicit_size=True, show_legend=False, print_values=False)
    chart.x_labels = [shown(row["values"][name]) for row in rows]
    chart.add("miss", [{"value": round(row["miss"]["value"], 4), "ci": {"low": row["miss"]["low"], "high": row["miss"]["high"]},
                        "color": "#2a7" if row["standing"] == "recommended" else "#999" if row["standing"] == "dropped" else "#58b"}
                       for row in rows])
    chart.uuid = "tune-miss"
    chart.add_xml_filter(without_scripts_and_comments)
    text = chart.render(is_unicode=False).decode("utf-8")
    return text[text.index("<svg"):]


def heat_map(report: dict[str, Any], across: str, down: str) -> str:
    """A cell for each pair of values tried, shaded by its miss (the darker, the nearer the aim)."""
    xs = [shown(v) for v in report["tune"]["vary"][0]["values"]]
    ys = [shown(v) for v in report["tune"]["vary"][1]["values"]]
    cell, left, top = 44, 80, 50
    misses = {(shown(r["values"][across]), shown(r["values"][down])): r for r in report["candidates"]}
    worst = max((r["miss"]["value"] for r in report["candidates"]), default=1.0) or 1.0
    width, height = left + cell * len(xs) + 10, top + cell * len(ys) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
             f"<title>{html.escape(f'The miss for each {across} and {down} tried: the darker, the nearer the aim')}</title>",
             f'<text x="{left}" y="16" font-size="13">{html.escape(across)} across, {html.escape(down)} down; blank: not tried</text>']
    for i, x in enumerate(xs):
        parts.append(f'<text x="{left + i * cell + cell / 2}" y="{top - 8}" font-size="11" text-anchor="middle">{html.escape(x)}</text>')
    for j, y in enumerate(ys):
        parts.append(f'<text x="{left - 6}" y="{top + j * cell + cell / 2 + 4}" font-size="11" text-anchor="end">{html.escape(y)}</text>')
        for i, x in enumerate(xs):
            row = misses.get((x, y))
            at = f'x="{left + i * cell}" y="{top + j * cell}" width="{cell - 2}" height="{cell - 2}"'
            if row is None:
                parts.append(f'<rect {at} fill="#fff" stroke="#ccc"/>')
                continue
            shade = 1 - min(1.0, row["miss"]["value"] / worst)
            fill = f"rgb({int(235 - 190 * shade)},{int(240 - 120 * shade)},{int(245 - 90 * shade)})"
            stroke = ' stroke="#000" stroke-width="3"' if row["standing"] == "recommended" else ""
            ink = "#fff" if shade > 0.6 else "#000"
            parts.append(f'<rect {at} fill="{fill}"{stroke}/><text x="{left + i * cell + cell / 2 - 1}" y="{top + j * cell + cell / 2 + 3}" '
                         f'font-size="10" text-anchor="middle" fill="{ink}">{row["miss"]["value"]:.2f}</text>')
    return "".join(parts) + "</svg>"
