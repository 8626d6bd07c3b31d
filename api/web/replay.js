// Replaying a game step by step, as the eye chosen may see it (a seat its own, the owner everything, a
// spectator what everyone saw; everyone sees everything once the game is over): forward, back, a jump
// to any step, the log to click, the bookmarks, the notes on each step with their marks drawn on the
// board, a form to write, edit and withdraw notes, and the exports to download; a fork made at any step
// ("Fork here"), and the game's review with its key moments to jump to (or, for a table kit that holds no
// rules, a line saying why there is none). Keys: ← → step, Home End.

import { api, allEvents, hostOf, tokenFor } from "./net.js";
import { explainItems, makePickable, showBoard } from "./board.js";
import { claimPage, el, fill, seatLabel, shortId, statusText } from "./dom.js";
import { drawMarks, markable, marksText, noteForm, noteItems } from "./notes.js";
import { downloads } from "./exports.js";
import { readDiary } from "./diary.js";
import { forkButton } from "./forks.js";
import { reviewPanel } from "./review.js";
import { enlargeButton } from "./taps.js";

/** The eyes this tab may replay the game with: the tokens it holds (its seat's; every seat's and the
 * owner's in the tab that created the game) and a spectator's, named with the game's seats. */
function eyes(gameId, seats, mySeat) {
  const host = hostOf(gameId) || {};
  const found = [];
  const mine = tokenFor(gameId);
  if (mine && mine !== host.owner) {
    const seat = Object.entries(host.seats || {}).find(([, token]) => token === mine);
    const own = seat ? Number(seat[0]) : mySeat;
    found.push({ label: typeof own === "number" ? `${seatLabel(seats, own)} (your seat)` : "your seat", token: mine });
  }
  for (const [seat, token] of Object.entries(host.seats || {})) found.push({ label: seatLabel(seats, Number(seat)), token });
  if (host.owner) found.push({ label: "the owner: everything", token: host.owner });
  found.push({ label: "a spectator", token: null });
  return found.filter((eye, index) => found.findIndex((other) => other.token === eye.token) === index);
}

/** Whether the game can be reviewed: the bots judge moves by the rules the game holds, which a table kit
 * holds only when it writes them down (kit 2's `play`; the service's `holds_rules`). */
function reviewable(game) {
  return game.ruleset !== "table-kit" || Boolean(game.options && game.options.kit && game.options.kit.play);
}

/** Where a game that cannot be reviewed would have its review: one line saying why. */
function noReview() {
  return el("section", { id: "review", className: "review", "aria-label": "Review" }, el("h2", {}, "Review"),
    el("p", { className: "hint", id: "no-review" },
      "No review: this kit holds no rules for a bot to judge its moves by (a kit 1, or a kit without play): the people at the table keep them."));
}

let stopKeys = null;

export async function showReplay(gameId, chosen = undefined, start = undefined) {
  const show = claimPage();
  if (stopKeys) { stopKeys(); stopKeys = null; }
  const token = chosen === undefined ? (tokenFor(gameId) || (hostOf(gameId) || {}).owner || null) : chosen;
  show(el("h1", {}, "Loading the replay…"));
  let game, events, notes;
  try {
    game = await api(`/games/${gameId}`, { token });
    events = await allEvents(gameId, token);
    notes = (await api(`/games/${gameId}/notes`, { token })).notes;
  } catch (problem) {
    show(el("h1", {}, "Replay"), el("p", { role: "alert", className: "error" }, problem.message));
    return null;
  }
  const choices = eyes(gameId, game.seats, token && token === tokenFor(gameId) ? game.viewer : null);
  const total = events.length;
  const steps = new Map();  // step → {board, state}, as this eye sees them
  let at = total, editing = null;  // editing: {note (null: a new one), marks}
  const seeAs = el("select", { id: "see-as", "aria-label": "See the game as" },
    choices.map((eye, index) => el("option", { value: String(index), selected: eye.token === token }, eye.label)));
  seeAs.addEventListener("change", () => showReplay(gameId, choices[Number(seeAs.value)].token, at));
  const heading = el("p", { className: "status", id: "step-status", "aria-live": "polite" });
  const position = el("span", { id: "position", "aria-live": "polite" });
  const slider = el("input", { type: "range", id: "jump", min: 1, max: total, value: total, "aria-label": "Step" });
  const number = el("input", { type: "number", id: "goto", min: 1, max: total, value: total, "aria-label": "Go to step" });
  const sentence = el("p", { id: "sentence", className: "sentence" });
  const notesBox = el("ul", { id: "notes", className: "notes" });
  const writing = el("div", { id: "writing" });
  const message = el("p", { className: "error", id: "replay-error", role: "alert" });
  const boardBox = el("div", { className: "board-box", id: "board" });
  explainItems(boardBox);
  const log = el("ol", { className: "log", id: "log", "aria-label": "Events" });
  const bookmarksBox = el("div", { className: "bookmarks", id: "bookmarks" });
  const seer = typeof game.viewer === "number" ? `${seatLabel(game.seats, game.viewer)}'s eye`
    : game.viewer === "owner" ? "the owner's eye: everything" : "a spectator's eye";
  const entries = events.map((event) => el("li", { value: event.number },
    el("button", { type: "button", onclick: () => go(event.number) }, event.sentence, el("span", { className: "noted" }))));
  log.append(...entries);

  function drawNotes() {
    entries.forEach((entry, index) => {
      const on = notes.filter((note) => note.at === index + 1);
      fill(entry.querySelector(".noted"), on.length ? ` ✎${on.map((note) => note.glyph).join("")}` : "");
    });
    const marked = notes.filter((note) => note.bookmark);
    fill(bookmarksBox, marked.length ? el("span", {}, "Bookmarks: ") : null,
      marked.map((note) => el("button", { type: "button", onclick: () => go(note.at) }, `${note.bookmark} (step ${note.at})`)));
  }

  async function reloadNotes() {
    notes = (await api(`/games/${gameId}/notes`, { token })).notes;
    drawNotes();
  }

  function drawWriting() {
    if (!token) {
      fill(writing, el("p", { className: "hint" }, "A spectator's eye writes no notes: choose a seat's or the owner's eye to write one."));
      return;
    }
    if (!editing) {
      fill(writing, el("button", { type: "button", id: "write-note", onclick: () => { editing = { note: null, marks: [] }; drawStep(); } },
        `Write a note on step ${at}`));
      return;
    }
    const line = editing.line = marksText(el("p", { className: "hint", id: "note-marks" }), editing.marks);
    const { note } = editing;
    fill(writing, noteForm({
      at, note, marks: editing.marks, marksLine: line,
      save: async (body) => {
        if (note) {
          const changed = Object.fromEntries(Object.entries(body).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(note[key])));
          if (Object.keys(changed).length) await api(`/games/${gameId}/notes/${note.id}`, { method: "PATCH", body: changed, token });
        } else {
          await api(`/games/${gameId}/notes`, { method: "POST", body, token });
        }
        editing = null;
        await reloadNotes();
        drawStep();
      },
      cancel: () => { editing = null; drawStep(); },
    }));
    document.getElementById("note-text")?.focus({ preventScroll: true });
  }

  /** The step: its notes, the note being written, the board with the marks. */
  function drawStep() {
    const here = notes.filter((note) => note.at === at);
    fill(notesBox, noteItems(here, game, {
      edit: (note) => { editing = { note, marks: [...note.marks] }; drawStep(); },
      withdraw: async (note) => {
        try {
          await api(`/games/${gameId}/notes/${note.id}`, { method: "DELETE", token });
          await reloadNotes();
        } catch (problem) {
          message.textContent = problem.message;
        }
        drawStep();
      },
    }));
    drawWriting();
    drawBoard(here);
  }

  /** The board at the step, with the marks of its notes, or, while a note is written, its own marks,
   * which a click on a square or piece adds or takes away (the form keeps what was typed). */
  function drawBoard(here) {
    const drawn = steps.get(at);
    if (!drawn) return;
    const svg = showBoard(boardBox, drawn.board.svg);
    drawMarks(svg, editing ? editing.marks : here.flatMap((note) => note.marks));
    if (editing) {
      const marks = editing.marks;
      makePickable(svg, new Set(markable(svg)), marks, (ref) => {
        const index = marks.indexOf(ref);
        if (index >= 0) marks.splice(index, 1); else marks.push(ref);
        marksText(editing.line, marks);
        drawBoard(here);
      });
    }
    boardBox.setAttribute("data-step", String(at));
    heading.textContent = at === total ? statusText(game) : `After step ${at}: ${statusText(drawn.state)}`;
  }

  async function go(step) {
    at = Math.max(1, Math.min(total, step));
    if (editing && editing.note === null) editing = null;  // a new note belongs to the step it was begun on
    position.textContent = `Step ${at} of ${total}`;
    slider.value = String(at);
    number.value = String(at);
    message.textContent = "";
    sentence.textContent = events[at - 1] ? events[at - 1].sentence : "";
    entries.forEach((entry, index) => entry.classList.toggle("current", index === at - 1));
    const wanted = at;
    if (!steps.has(wanted)) {
      try {
        const [board, state] = await Promise.all([api(`/games/${gameId}/board?at=${wanted}`, { token }),
          api(`/games/${gameId}/state?at=${wanted}`, { token })]);
        steps.set(wanted, { board, state });
      } catch (problem) {
        message.textContent = problem.message;
        return;
      }
    }
    if (wanted !== at) return;
    drawStep();
    entries[at - 1]?.scrollIntoView({ block: "nearest" });
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  number.addEventListener("change", () => go(Number(number.value)));
  const keys = (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 1, End: total };
    if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
  };
  document.addEventListener("keydown", keys);
  const button = (label, id, target) => el("button", { type: "button", id, onclick: () => go(target()) }, label);
  drawNotes();
  const forked = el("div", { id: "fork-result" });
  const review = reviewable(game)
    ? reviewPanel(gameId, token, game, { go, here: () => at, bookmarked: async () => { await reloadNotes(); drawStep(); } })
    : noReview();
  const parted = game.fork ? el("p", { className: "hint", id: "forked-from" },
    `A fork of game ${shortId(game.fork.game)}, after its step ${game.fork.step}. `,
    el("a", { href: `#/branches/${gameId}` }, "See it beside that game"), " · ", el("a", { href: `#/replay/${game.fork.game}` }, "Replay that game")) : null;
  show(
    el("div", { className: "table-head" },
      el("h1", {}, `Replay: ${game.name}`, el("small", { className: "subtitle" }, ` ${game.title}${game.table ? " · on paper" : ""} · game ${shortId(game.id)}`)),
      heading,
      el("p", { className: "hint" }, el("label", { for: "see-as" }, "Seen as "), seeAs,
        ` (${seer}). Keys: ← and → step, Home and End go to the ends.`),
      el("p", { className: "downloads" }, el("button", { type: "button", id: "read-diary", onclick: () => readDiary(gameId, token) },
        "Read the design diary"), downloads(gameId, token, (text) => { message.textContent = text; }))),
    el("div", { className: "controls" },
      button("First", "first", () => 1), button("◀ Back", "back", () => at - 1),
      button("Forward ▶", "forward", () => at + 1), button("Last", "last", () => total),
      position, slider, number, forkButton(gameId, token, () => at, forked, message), enlargeButton(boardBox)),
    parted, forked, bookmarksBox,
    el("div", { className: "table" },
      el("div", {}, sentence, notesBox, writing, message, boardBox),
      el("div", { className: "side" }, el("h2", {}, "Events"), log)),
    review,
  );
  stopKeys = () => document.removeEventListener("keydown", keys);
  await go(start === undefined ? total : start);
  return () => { if (stopKeys) { stopKeys(); stopKeys = null; } };
}
