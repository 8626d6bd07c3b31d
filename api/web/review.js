// A game's review on its replay page: the chance-to-win chart, the mistakes, the swings of chance and
// the lead changes, each a button to its step; the key moments stepped through and bookmarked.

import { api, download } from "./net.js";
import { el, fill, seatLabel } from "./dom.js";

const percent = (value) => `${Math.round(100 * value)}%`;
const points = (value) => `${value >= 0 ? "+" : "−"}${Math.abs(Math.round(100 * value))} points`;

/** The review panel: a button that asks for the review, then what it found. `go(step)` moves the
 * replay, `here()` is its step, `bookmarked()` is called once the key moments are notes. */
export function reviewPanel(gameId, token, game, { go, here, bookmarked }) {
  const box = el("section", { id: "review", className: "review", "aria-label": "Review" });
  const message = el("p", { className: "error", role: "alert" });
  const said = el("p", { className: "hint", id: "review-said", "aria-live": "polite" });
  let moments = [];
  const start = el("button", { type: "button", id: "review-game", onclick: () => load() }, "Review this game");
  fill(box, el("h2", {}, "Review"), el("p", { className: "hint" },
    "Where the game turned: each seat's chance to win at every step, the mistakes the search bot finds (judged from what each seat could see), the luck of the dice and draws, and the lead changes. ",
    start), message);

  async function load() {
    message.textContent = "";
    start.disabled = true;
    start.textContent = "Reviewing…";
    let review, chart;
    try {
      review = await api(`/games/${gameId}/review`, { token });
      chart = await dataUrl(await download(`/games/${gameId}/review/chart`, token));
    } catch (problem) {
      message.textContent = problem.message;
      start.disabled = false;
      start.textContent = "Review this game";
      return;
    }
    moments = [...new Set(review.key_moments.map((moment) => moment.step))];
    const name = (seat) => seatLabel(game.seats, seat);
    const jump = (step, text) => el("li", {}, el("button", { type: "button", className: "moment", "data-step": step, onclick: () => go(step) }, `Step ${step}`), ` ${text}`);
    const list = (id, title, items, empty) => [el("h3", {}, title), items.length ? el("ul", { id }, items) : el("p", { id }, empty)];
    fill(box,
      el("h2", {}, "Review"),
      el("p", { className: "hint", id: "review-made" }, `${review.eye === null ? "Seeing everything" : `As ${name(review.eye)} saw it`}: `,
        `${review.judged} choices judged by the search at ${review.budget} simulations each.`),
      el("img", { src: chart, id: "review-chart", alt: "Each seat's chance to win over the game, with its 95% interval", className: "chart" }),
      el("p", { className: "controls" },
        el("button", { type: "button", id: "previous-moment", onclick: () => step(-1) }, "◀ Key moment"),
        el("button", { type: "button", id: "next-moment", onclick: () => step(1) }, "Key moment ▶"),
        token ? el("button", { type: "button", id: "bookmark-moments", onclick: () => mark() }, "Bookmark the key moments") : null),
      list("mistakes", "Mistakes", review.mistakes.map((m) => jump(m.step,
        `${name(m.seat)}: ${m.kind}, played ${m.label} (${percent(m.value)}); the search preferred ${m.preferred_label} (${percent(m.preferred_value)}).`)),
        "None found."),
      list("swings", "Swings of chance", review.swings.map((s) => jump(s.step, `${name(s.seat)}: ${points(s.change)}, ${s.label}.`)), "None found."),
      list("lead-changes", "Lead changes", review.lead_changes.map((c) => jump(c.step,
        `${name(c.leader)} takes the lead${c.before ? ` from ${name(c.before)}` : ""}.`)), "None."),
      said, message);
  }

  function step(direction) {
    const now = here();
    said.textContent = "";
    const target = direction > 0 ? moments.find((s) => s > now) : [...moments].reverse().find((s) => s < now);
    if (target !== undefined) go(target);
    else said.textContent = direction > 0 ? "No key moment after this step." : "No key moment before this step.";
  }

  async function mark() {
    message.textContent = "";
    said.textContent = "";
    try {
      const written = await api(`/games/${gameId}/review/bookmarks`, { method: "POST", token });
      said.textContent = `${written.written} key moment${written.written === 1 ? "" : "s"} bookmarked: the bookmarks above step through them.`;
      await bookmarked();
    } catch (problem) {
      message.textContent = problem.message;
    }
  }
  return box;
}

function dataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(new Error("the chart could not be read"));
    reader.readAsDataURL(blob);
  });
}
