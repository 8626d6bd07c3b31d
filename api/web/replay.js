// Replaying a game step by step, as this tab's token may see it (a seat its own eye, a spectator
// what everyone saw; everyone sees everything once the game is over): forward, back, a jump to any
// step, the log to click, the bookmarks and the notes on each step. Keys: ← → step, Home End.

import { api, allEvents, hostOf, tokenFor } from "./net.js";
import { showBoard } from "./board.js";
import { claimPage, el, fill, shortId, statusText } from "./dom.js";

/** The eyes this tab may replay the game with: the tokens it holds (its seat's; every seat's and the
 * owner's in the tab that created the game) and a spectator's. */
function eyes(gameId) {
  const host = hostOf(gameId);
  const found = [];
  const mine = tokenFor(gameId);
  if (mine) found.push({ label: "your seat", token: mine });
  for (const [seat, token] of Object.entries((host && host.seats) || {})) found.push({ label: `seat ${seat}`, token });
  if (host && host.owner) found.push({ label: "the owner: everything", token: host.owner });
  found.push({ label: "a spectator", token: null });
  return found.filter((eye, index) => found.findIndex((other) => other.token === eye.token) === index);
}

let stopKeys = null;

export async function showReplay(gameId, chosen = undefined, start = undefined) {
  const show = claimPage();
  if (stopKeys) { stopKeys(); stopKeys = null; }
  const choices = eyes(gameId);
  const token = chosen === undefined ? choices[0].token : chosen;
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
  const total = events.length;
  const boards = new Map();
  let at = total;
  const seeAs = el("select", { id: "see-as", "aria-label": "See the game as" },
    choices.map((eye, index) => el("option", { value: String(index), selected: eye.token === token }, eye.label)));
  seeAs.addEventListener("change", () => showReplay(gameId, choices[Number(seeAs.value)].token, at));
  const position = el("span", { id: "position", "aria-live": "polite" });
  const slider = el("input", { type: "range", id: "jump", min: 1, max: total, value: total, "aria-label": "Step" });
  const number = el("input", { type: "number", id: "goto", min: 1, max: total, value: total, "aria-label": "Go to step" });
  const sentence = el("p", { id: "sentence", className: "sentence" });
  const notesBox = el("ul", { id: "notes", className: "notes" });
  const boardBox = el("div", { className: "board-box", id: "board" });
  const log = el("ol", { className: "log", id: "log", "aria-label": "Events" });
  const seer = typeof game.viewer === "number" ? `seat ${game.viewer}'s eye` : game.viewer === "owner" ? "the owner's eye: everything" : "a spectator's eye";
  const entries = events.map((event) => el("li", { value: event.number },
    el("button", { type: "button", onclick: () => go(event.number) }, event.sentence,
      notes.some((note) => note.at === event.number) ? el("span", { className: "noted", "aria-label": "has notes" }, " ✎") : null)));
  log.append(...entries);
  const bookmarks = notes.filter((note) => note.bookmark);

  async function go(step) {
    at = Math.max(1, Math.min(total, step));
    position.textContent = `Step ${at} of ${total}`;
    slider.value = String(at);
    number.value = String(at);
    sentence.textContent = events[at - 1] ? events[at - 1].sentence : "";
    fill(notesBox, ...notes.filter((note) => note.at === at).map((note) => el("li", {},
      el("strong", {}, `${note.glyph ? `${note.glyph} ` : ""}${typeof note.author === "number" ? `seat ${note.author}` : note.author}: `),
      el("span", { className: "text" }, note.text),
      note.bookmark ? el("em", {}, ` (bookmark: ${note.bookmark})`) : null)));
    entries.forEach((entry, index) => entry.classList.toggle("current", index === at - 1));
    const wanted = at;
    let drawn = boards.get(wanted);
    if (!drawn) {
      try {
        drawn = await api(`/games/${gameId}/board?at=${wanted}`, { token });
      } catch (problem) {
        boardBox.textContent = problem.message;
        return;
      }
      boards.set(wanted, drawn);
    }
    if (wanted !== at) return;
    showBoard(boardBox, drawn.svg);
    boardBox.setAttribute("data-step", String(at));
    entries[at - 1]?.scrollIntoView({ block: "nearest" });
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  number.addEventListener("change", () => go(Number(number.value)));
  const keys = (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 1, End: total };
    if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
  };
  document.addEventListener("keydown", keys);
  const button = (label, id, target) => el("button", { type: "button", id, onclick: () => go(target()) }, label);
  show(
    el("div", { className: "table-head" },
      el("h1", {}, `${game.title} · replay of game ${shortId(game.id)}`),
      el("p", { className: "status" }, statusText(game)),
      el("p", { className: "hint" }, el("label", { for: "see-as" }, "Seen as "), seeAs,
        ` (${seer}). Keys: ← and → step, Home and End go to the ends.`)),
    el("div", { className: "controls" },
      button("First", "first", () => 1), button("◀ Back", "back", () => at - 1),
      button("Forward ▶", "forward", () => at + 1), button("Last", "last", () => total),
      position, slider, number),
    bookmarks.length ? el("div", { className: "bookmarks" }, el("span", {}, "Bookmarks: "),
      bookmarks.map((note) => el("button", { type: "button", onclick: () => go(note.at) }, `${note.bookmark} (step ${note.at})`))) : null,
    el("div", { className: "table" },
      el("div", {}, sentence, notesBox, boardBox),
      el("div", { className: "side" }, el("h2", {}, "Events"), log)),
  );
  stopKeys = () => document.removeEventListener("keydown", keys);
  await go(start === undefined ? total : start);
  return () => { if (stopKeys) { stopKeys(); stopKeys = null; } };
}
