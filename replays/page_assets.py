"""The replay page's inline style, script and HTML template (``replays.page`` fills them in)."""

from replays.page_drawing import DRAWING
from replays.page_steps import STEPS_SCRIPT

STYLE = """
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
main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr); gap: 1.2rem; align-items: start; }
@media (max-width: 60rem) { main { grid-template-columns: 1fr; } }
#sentence { font-size: 1.05rem; min-height: 1.5em; margin: 0 0 0.6rem; padding: 0.5rem 0.7rem;
  border-left: 4px solid var(--accent); background: var(--soft); }
#drawing svg { width: 100%; height: auto; max-height: 80vh; display: block; }
#drawing { border: 1px solid rgba(128, 128, 128, 0.4); border-radius: 4px; padding: 0.4rem; background: #fff; margin-bottom: 0.5rem; }
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
#log .noted { margin-left: 0.4em; font-weight: 700; }
.bookmarks { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0 0 0.8rem; }
.bookmarks ul { display: contents; list-style: none; }
.bookmarks button { font: inherit; padding: 0.15rem 0.6rem; cursor: pointer; }
#notes { list-style: none; margin: 0 0 0.6rem; padding: 0; }
#notes li { margin: 0 0 0.3rem; padding: 0.3rem 0.7rem; border-left: 4px solid GrayText; }
#notes li.private { border-left-style: dashed; }
#notes .glyph { font-weight: 700; margin-right: 0.4em; }
#notes .by { font-weight: 600; }
#notes .text { white-space: pre-wrap; }
#notes .marks, #notes .bookmark { display: block; color: GrayText; font-size: 0.9rem; }
"""

PAGE_SCRIPT = r"""
  var data = JSON.parse(document.getElementById("game-steps").textContent);
  var steps = new Steps(data);
  var count = steps.count;
  var notes = data.notes || {};
  var log = document.getElementById("log");
  var entries = [];
  var current = 0;
  var LOG_BLOCK = 1000;

  function text(id, value) { document.getElementById(id).textContent = value; }

  function add(parent, tag, className, value) {
    var element = document.createElement(tag);
    element.className = className;
    element.textContent = value;
    parent.appendChild(element);
    return element;
  }

  function showDrawing(number) {  // drawn now, from the step's picture and the one before it
    var holder = document.getElementById("drawing");
    var picture = steps.picture(number);
    var changed = changedIds(number > 1 ? steps.picture(number - 1) : null, picture);
    var drawn = svgOf(picture, data.seats, changed, data.title + " after step " + number);
    var svg = new DOMParser().parseFromString(drawn, "image/svg+xml").documentElement;
    holder.textContent = "";
    if (svg.nodeName !== "svg") return;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    holder.appendChild(document.importNode(svg, true));
  }

  function showNotes(number) {
    var list = document.getElementById("notes");
    var shown = notes[String(number)] || [];
    list.textContent = "";
    shown.forEach(function (note) {
      var item = document.createElement("li");
      item.className = note.private ? "note private" : "note";
      if (note.glyph) add(item, "span", "glyph", note.glyph);
      add(item, "span", "by", note.by + (note.private ? " (private)" : "") + ": ");
      add(item, "span", "text", note.text);
      if (note.marks.length) add(item, "span", "marks", "marks: " + note.marks.join(", "));
      if (note.bookmark) add(item, "span", "bookmark", "bookmark: " + note.bookmark);
      list.appendChild(item);
    });
    list.hidden = shown.length === 0;
  }

  function entry(index) {
    var item = document.createElement("li");
    var button = document.createElement("button");
    var number = document.createElement("span");
    var noted = notes[String(index + 1)];
    button.type = "button";
    button.dataset.step = String(index + 1);
    number.className = "number";
    number.textContent = String(index + 1);
    button.appendChild(number);
    button.appendChild(document.createTextNode(data.sentences[index]));
    if (noted) {
      var glyphs = noted.map(function (note) { return note.glyph; }).filter(Boolean).join(" ");
      add(button, "span", "noted", glyphs || "\u270e").title = noted.length + (noted.length === 1 ? " note" : " notes");
    }
    if (data.turns && index > 0 && data.turn[index] !== data.turn[index - 1]) item.className = "turn-start";
    item.appendChild(button);
    return item;
  }

  function logUpTo(last) {  // the log's entries up to step ``last``, added to it
    var added = document.createDocumentFragment();
    while (entries.length < Math.min(last, count)) {
      var item = entry(entries.length);
      added.appendChild(item);
      entries.push(item);
    }
    log.appendChild(added);
  }

  function logTheRest() {  // a long game's log is written a block at a time after the first board is shown
    logUpTo(entries.length + LOG_BLOCK);
    if (entries.length < count) setTimeout(logTheRest, 0);
  }

  log.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button && button.dataset.step) show(parseInt(button.dataset.step, 10));
  });

  function show(number) {
    number = Math.max(1, Math.min(count, number));
    logUpTo(number);
    if (current) {
      entries[current - 1].classList.remove("current");
      entries[current - 1].firstChild.removeAttribute("aria-current");
    }
    current = number;
    entries[number - 1].classList.add("current");
    entries[number - 1].firstChild.setAttribute("aria-current", "step");
    var turn = data.turn[number - 1];
    text("position", "Step " + number + " of " + count);
    text("turn", data.turns ? (turn ? "turn " + turn : "before the first turn") : "");
    text("sentence", data.sentences[number - 1]);
    showNotes(number);
    text("board", steps.board(number));
    showDrawing(number);
    document.getElementById("first").disabled = document.getElementById("previous").disabled = number === 1;
    document.getElementById("next").disabled = document.getElementById("last").disabled = number === count;
    var top = entries[number - 1].offsetTop - log.offsetTop;
    if (top < log.scrollTop || top + entries[number - 1].offsetHeight > log.scrollTop + log.clientHeight) {
      log.scrollTop = top - log.clientHeight / 2;
    }
    try { history.replaceState(null, "", "#step-" + number); } catch (ignored) { /* a page opened from a file may refuse */ }
  }

  (data.bookmarks || []).forEach(function (mark) {
    var item = document.createElement("li");
    var button = add(item, "button", "bookmark", mark.name);
    button.type = "button";
    button.title = "step " + mark.step + ", by " + mark.by;
    button.addEventListener("click", function () { show(mark.step); });
    document.getElementById("bookmarks").appendChild(item);
  });
  document.getElementById("bookmark-list").hidden = !(data.bookmarks || []).length;

  document.getElementById("first").addEventListener("click", function () { show(1); });
  document.getElementById("previous").addEventListener("click", function () { show(current - 1); });
  document.getElementById("next").addEventListener("click", function () { show(current + 1); });
  document.getElementById("last").addEventListener("click", function () { show(count); });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    var target = event.target;
    var onButton = target && target.tagName === "BUTTON";
    var moves = { ArrowRight: 1, n: 1, " ": 1, ArrowLeft: -1, p: -1 };
    if (event.key === "Home") show(1);
    else if (event.key === "End") show(count);
    else if (event.key in moves && !(onButton && event.key === " ")) show(current + (event.shiftKey && event.key === " " ? -1 : moves[event.key]));
    else return;
    event.preventDefault();
  });

  var wanted = /^#step-(\d+)$/.exec(location.hash);
  logUpTo(LOG_BLOCK);
  show(wanted ? parseInt(wanted[1], 10) : 1);
  if (entries.length < count) setTimeout(logTheRest, 0);
"""

SCRIPT = '(function () {\n  "use strict";\n' + DRAWING + STEPS_SCRIPT + PAGE_SCRIPT + "})();\n"
"""The page's one script: the renderer (``replays.page_drawing``), the reader of the stored steps
(``replays.page_steps``) and the page's own, in one function's scope."""

TEMPLATE = """<!DOCTYPE html>
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
<nav class="bookmarks" id="bookmark-list" aria-label="Bookmarks" hidden>
<span>Bookmarks:</span>
<ul id="bookmarks"></ul>
</nav>
<main>
<section aria-label="The board">
<p id="sentence"></p>
<ul id="notes" aria-label="Notes on this step" hidden></ul>
<div id="drawing"></div>
<details><summary>The board as text</summary><pre id="board"></pre></details>
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
