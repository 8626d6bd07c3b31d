"""A balance report written out: Markdown (text histograms), a self-contained HTML page (its charts
inline SVG drawn by pygal, no script) or JSON (every figure). The sentences come from
``replays.balance_words``; everything a person typed (option values, seat names) is escaped."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from replays.balance_words import sections
from replays.diary_charts import without_scripts_and_comments
from replays.markdown import code_span, escape_markdown, link_target

BAR_WIDTH = 40
NUMBER = re.compile(r"(?:[0-9 .%–+−()-]|points|to)*")
"""A table cell that is a number, a rate or an interval: nothing in it for Markdown to read."""
IDENTIFIER = re.compile(r"[a-z0-9_]+")
"""A table cell that names a command or a card: shown as code."""


def to_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=2, sort_keys=True, default=str) + "\n"


def to_markdown(report: dict[str, Any]) -> str:
    parts = sections(report)
    lines = [f"# {escape_markdown(parts[0]['title'])}", ""]
    for part in parts:
        if part is not parts[0]:
            lines += [f"## {escape_markdown(part['title'])}", ""]
        lines += [f"- {escape_markdown(line)}" for line in part["lines"]] + [""]
        if part.get("histogram"):
            lines += text_histogram(part["histogram"], "turns") + [""]
        for key in ("table", "cards"):
            if part.get(key) and part[key]["rows"]:
                lines += markdown_table(part[key]) + [""]
        for name, kept in (part.get("links") or {}).items():
            if kept.get("page"):
                lines += [f"- [{escape_markdown(name.replace('_', ' '))}: replay page]({link_target(kept['page'])})"]
    return "\n".join(lines).rstrip() + "\n"


def text_histogram(bins: list[dict[str, Any]], unit: str) -> list[str]:
    most = max(b["count"] for b in bins) or 1
    width = max(len(label(b)) for b in bins)
    rows = [f"{label(b).rjust(width)} {unit} | {'█' * round(BAR_WIDTH * b['count'] / most)} {b['count']}" for b in bins]
    return ["```text", *rows, "```"]


def label(b: dict[str, Any]) -> str:
    return str(b["low"]) if b["high"] - b["low"] == 1 else f"{b['low']}–{b['high'] - 1}"


def markdown_table(table: dict[str, Any]) -> list[str]:
    def row(cells: list[str]) -> str:
        return "| " + " | ".join(markdown_cell(cell) or " " for cell in cells) + " |"

    return [row(table["header"]), "|" + "---|" * len(table["header"]), *[row(cells) for cells in table["rows"]]]


def markdown_cell(cell: str) -> str:
    if NUMBER.fullmatch(cell):
        return cell
    return code_span(cell) if IDENTIFIER.fullmatch(cell) and "_" in cell else escape_markdown(cell)


def to_html(report: dict[str, Any]) -> str:
    parts = sections(report)
    body = [f"<h1>{html.escape(parts[0]['title'])}</h1>"]
    for part in parts:
        if part is not parts[0]:
            body.append(f"<h2>{html.escape(part['title'])}</h2>")
        body.append("<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in part["lines"]) + "</ul>")
        chart = part.get("chart")
        if chart:
            body.append(f'<figure>{chart_svg(chart, report)}</figure>')
        for key in ("table", "cards"):
            if part.get(key) and part[key]["rows"]:
                body.append(html_table(part[key]))
        links = [f'<li><a href="{html.escape(kept["page"])}">{html.escape(name.replace("_", " "))}: replay page</a></li>'
                 for name, kept in (part.get("links") or {}).items() if kept.get("page")]
        if links:
            body.append("<ul>" + "".join(links) + "</ul>")
    title = html.escape(parts[0]["title"])
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<style>{STYLE}</style></head><body><main>\n" + "\n".join(body) + "\n</main></body></html>\n")


STYLE = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:auto;padding:1rem;line-height:1.45}"
         "li{overflow-wrap:anywhere}.table{max-width:100%;overflow-x:auto}"
         "table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2rem .5rem;text-align:left}"
         "figure{margin:0;max-width:100%}figure svg{max-width:100%;height:auto}")
"""A narrow screen (a phone, 390 px) scrolls a wide table inside its own box, and breaks long words in
the sentences, rather than cutting them off or widening the page."""


def html_table(table: dict[str, Any]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in table["header"])
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>" for cells in table["rows"])
    return f'<div class="table"><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></div>'


def chart_svg(name: str, report: dict[str, Any]) -> str:
    """The seats' win rates with their intervals, or the histogram of lengths, as inline SVG."""
    import pygal

    found = report["findings"]
    common = {"js": [], "width": 700, "height": 320, "explicit_size": True, "legend_at_bottom": True, "print_values": False}
    if name == "seats":
        chart = pygal.Bar(title="Wins by seat, with 95% intervals, beside a fair share", y_title="wins (%)", range=(0, 100), **common)
        chart.x_labels = [f"Seat {row['seat']}" for row in found["fairness"]["seats"]]
        chart.add("wins", [{"value": round(row["rate"] * 100, 1), "ci": {"low": row["low"] * 100, "high": row["high"] * 100}}
                           for row in found["fairness"]["seats"]])
        chart.add("fair share", [round(found["fairness"]["fair_share"] * 100, 1)] * len(found["fairness"]["seats"]))
    else:
        bins = found["length"]["turns"]["histogram"]
        chart = pygal.Bar(title="Games by length", x_title="turns", y_title="games", **common)
        chart.x_labels = [label(b) for b in bins]
        chart.add("games", [b["count"] for b in bins])
    chart.uuid = f"balance-{name}"
    chart.add_xml_filter(without_scripts_and_comments)
    svg: bytes = chart.render(is_unicode=False)
    text = svg.decode("utf-8")
    return text[text.index("<svg"):]
