"""A replay page: one self-contained HTML file that steps through a game as a viewer saw it.

Every step (the game after each event: its number, the event's sentence, the turn, and the board as
the ruleset's ``render`` draws the viewer's view) is built in one forward pass of a ``Cursor`` and
embedded as JSON in a ``<script type="application/json">`` element, with ``<``, ``>`` and ``&``
written as ``\\u003c``, ``\\u003e`` and ``\\u0026`` so no seat name or sentence can end the element.
The inline script shows one step at a time, setting every text with ``textContent``: the board,
"Step N of M", the sentence, and the log of all sentences with the current one highlighted (click
an entry to jump there). Buttons First / Previous / Next / Last; keys ArrowRight, n and space step
forward, ArrowLeft and p back, Home and End to the ends; ``#step-N`` in the address opens step N.

The page loads nothing: inline CSS and JS, no URLs, and a Content Security Policy forbidding any
fetch. Only the ruleset contract is used (``render``, ``turn_number``, event sentences).
"""

from __future__ import annotations

import html
import json
import uuid
from typing import Any

from domain.access import OWNER
from domain.service import GameService, Viewer
from replays import records
from replays.cursor import Cursor
from replays.diary import check_viewer, outcome_text, viewer_label


def steps(cursor: Cursor) -> list[dict[str, Any]]:
    """Every step as the cursor's viewer saw it, in one forward pass."""
    rules, seats = cursor.rules, cursor.seats
    found: list[dict[str, Any]] = []
    step = cursor.first()
    while True:
        event = step.event
        found.append({
            "number": step.number,
            "total": step.total,
            "sentence": event.sentence,
            "board": rules.render(step.view, seats),
            "turn": step.turn,
            "seat": seats[event.seat - 1] if event.seat else None,
            "type": event.type,
        })
        if step.number >= step.total:
            return found
        step = cursor.next()


def script_json(value: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` in the text."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def to_html(service: GameService, game_id: uuid.UUID, viewer: Viewer = OWNER) -> str:
    """The replay page of the game as ``viewer`` may see it, as one HTML document."""
    head = records.header(service, game_id, viewer)
    seats: list[str] = head["seats"]
    check_viewer(viewer, seats)
    cursor = Cursor(service, game_id, viewer)
    found = steps(cursor)
    turns = any(step["turn"] != 0 for step in found)
    title = f"{head['title']}: {', '.join(seats)} (game {head['id'][:8]})"
    outcome = outcome_text(head["outcome"], seats, cursor.rules.to_act(cursor.state), cursor.rules.seat_roles(cursor.state))
    data = {"turns": turns, "steps": found}
    facts = (
        f"{head['title']}, rules v{head['ruleset_version']}; seats: "
        + ", ".join(f"{n} {name}" for n, name in enumerate(seats, 1))
        + f"; seen by {viewer_label(viewer, seats)}; game {head['id']}"
    )
    return _TEMPLATE.format(
        title=html.escape(title),
        heading=html.escape(f"{head['title']}: {', '.join(seats)}"),
        facts=html.escape(facts),
        outcome=html.escape(outcome),
        total=len(found),
        style=_STYLE,
        data=script_json(data),
        script=_SCRIPT,
    )


_STYLE = """
:root { color-scheme: light dark; --accent: #2f6fb3; --soft: rgba(47, 111, 179, 0.14); }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 78rem; }
h1 { font-size: 1.35rem; margin: 0 0 0.25rem; }
.facts, .outcome { margin: 0.1rem 0; color: GrayText; }
.outcome { color: inherit; font-weight: 600; }
.controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.8rem 0; }
.controls button { font: inherit; padding: 0.3rem 0.8rem; cursor: pointer; }
#position { font-weight: 600; margin-left: 0.6rem; }
#turn { color: GrayText; }
.hint { color: GrayText; font-size: 0.85rem; }
main { display: grid; grid-template-columns: minmax(0, max-content) minmax(18rem, 1fr); gap: 1.2rem; align-items: start; }
@media (max-width: 60rem) { main { grid-template-columns: 1fr; } }
#sentence { font-size: 1.05rem; min-height: 1.5em; margin: 0 0 0.6rem; padding: 0.5rem 0.7rem;
  border-left: 4px solid var(--accent); background: var(--soft); }
#board { font: 13px/1.25 ui-monospace, "DejaVu Sans Mono", monospace; overflow: auto; margin: 0;
  padding: 0.7rem; border: 1px solid rgba(128, 128, 128, 0.4); border-radius: 4px; }
#log { list-style: none; margin: 0; padding: 0; max-height: 78vh; overflow: auto;
  border: 1px solid rgba(128, 128, 128, 0.4); border-radius: 4px; }
#log li { margin: 0; }
#log button { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 0.15rem 0.5rem;
  cursor: pointer; font-size: 0.9rem; }
#log button:hover, #log button:focus-visible { background: var(--soft); }
#log li.turn-start { border-top: 1px solid rgba(128, 128, 128, 0.35); }
#log li.current button { background: var(--accent); color: #fff; }
#log .number { display: inline-block; min-width: 2.6em; opacity: 0.7; }
"""

_SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-steps").textContent);
  var steps = data.steps;
  var log = document.getElementById("log");
  var entries = [];
  var current = 0;

  function text(id, value) { document.getElementById(id).textContent = value; }

  steps.forEach(function (step, index) {
    var item = document.createElement("li");
    var button = document.createElement("button");
    var number = document.createElement("span");
    button.type = "button";
    number.className = "number";
    number.textContent = String(step.number);
    button.appendChild(number);
    button.appendChild(document.createTextNode(step.sentence));
    button.addEventListener("click", function () { show(index + 1); });
    if (data.turns && index > 0 && step.turn !== steps[index - 1].turn) item.className = "turn-start";
    item.appendChild(button);
    log.appendChild(item);
    entries.push(item);
  });

  function show(number) {
    number = Math.max(1, Math.min(steps.length, number));
    var step = steps[number - 1];
    if (current) {
      entries[current - 1].classList.remove("current");
      entries[current - 1].firstChild.removeAttribute("aria-current");
    }
    current = number;
    entries[number - 1].classList.add("current");
    entries[number - 1].firstChild.setAttribute("aria-current", "step");
    text("position", "Step " + step.number + " of " + steps.length);
    text("turn", data.turns ? (step.turn ? "turn " + step.turn : "before the first turn") : "");
    text("sentence", step.sentence);
    text("board", step.board);
    document.getElementById("first").disabled = document.getElementById("previous").disabled = number === 1;
    document.getElementById("next").disabled = document.getElementById("last").disabled = number === steps.length;
    var top = entries[number - 1].offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + entries[number - 1].offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top - log.clientHeight / 2;
    }
    try { history.replaceState(null, "", "#step-" + number); } catch (ignored) { /* a page opened from a file may refuse */ }
  }

  document.getElementById("first").addEventListener("click", function () { show(1); });
  document.getElementById("previous").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(steps.length); });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    var target = event.target;
    var onButton = target && target.tagName === "BUTTON";
    var moves = { ArrowRight: 1, n: 1, " ": 1, ArrowLeft: -1, p: -1 };
    if (event.key === "Home") show(1);
    else if (event.key === "End") show(steps.length);
    else if (event.key in moves && !(onButton && event.key === " ")) show(current + (event.shiftKey && event.key === " " ? -1 : moves[event.key]));
    else return;
    event.preventDefault();
  });

  var wanted = /^#step-(\\d+)$/.exec(location.hash);
  show(wanted ? parseInt(wanted[1], 10) : 1);
})();
"""

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{heading}</h1>
<p class="facts">{facts}</p>
<p class="outcome">{outcome}</p>
</header>
<nav class="controls" aria-label="Replay controls">
<button type="button" id="first">First</button>
<button type="button" id="previous">Previous</button>
<button type="button" id="next">Next</button>
<button type="button" id="last">Last</button>
<span id="position" aria-live="polite">Step 1 of {total}</span>
<span id="turn"></span>
<span class="hint">keys: &larr; &rarr; (p, n, space) Home End</span>
</nav>
<main>
<section aria-label="The board">
<p id="sentence"></p>
<pre id="board"></pre>
</section>
<section aria-label="Every event">
<ol id="log"></ol>
</section>
</main>
<script type="application/json" id="game-steps">{data}</script>
<script>{script}</script>
</body>
</html>
"""
