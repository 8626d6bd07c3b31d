// The teacher's dashboard's tables (room_teacher.js): a card per table, live: who plays (the game's seats,
// bots included), whose turn or a bot thinking, how long since its last move, ended and how, a Watch link,
// and per student Move (to a table with a free seat, or a new one), Free and Remove (confirmed). A card is
// drawn again only when what it shows changed, and never while the teacher is using it (a choice open, a
// removal being confirmed). Names are data: text nodes only.

import { el, fill, statusText } from "./dom.js";
import { ago } from "./room_code.js";

/** The live cards of a dashboard: `update(dashboard)` draws what changed; `act(student, what, table)` is
 * called for Move ("move", a table number or null: a new table), Free ("free") and Remove ("remove"). */
export function tableCards(box, act) {
  const cards = new Map();  // table number (or "waiting") → { element, signature }

  function update(dashboard) {
    const targets = dashboard.tables.filter((t) => !t.started && t.names.includes(null)).map((t) => t.table);
    const entries = dashboard.tables.map((table) => [table.table, table]);
    const waiting = dashboard.roster.filter((student) => student.table === null);
    if (waiting.length) entries.push(["waiting", { table: "waiting", waiting }]);
    for (const [key, table] of entries) {
      const signature = JSON.stringify([table, targets]);
      let card = cards.get(key);
      if (!card) {
        card = { element: el("article", { className: "room-card", "data-table": key }), signature: null };
        cards.set(key, card);
        box.append(card.element);
      }
      if (card.signature === signature || busy(card.element)) continue;
      card.signature = signature;
      fill(card.element, key === "waiting" ? waitingCard(table.waiting, targets) : tableCard(table, targets));
    }
    for (const [key, card] of cards) {  // a table gone (none is, today), or nobody waiting any more
      if (!entries.some(([k]) => k === key) && !busy(card.element)) { card.element.remove(); cards.delete(key); }
    }
    tick();
  }

  /** The "since its last move" times, brought up to now. */
  function tick() {
    for (const span of box.querySelectorAll(".ago[data-updated]")) span.textContent = ago(span.dataset.updated);
  }

  function tableCard(table, targets) {
    const game = table.game;
    const over = game && game.status === "over";
    const state = !table.started ? "waiting to start" : !game ? "starting" : over ? "over" : "playing";
    const free = table.names.filter((name) => name === null).length;
    return [
      el("h3", {}, `Table ${table.table} `, el("span", { className: `room-state room-state-${state.split(" ")[0]}` }, state)),
      game ? el("p", { className: "room-seats" }, game.seats.map((seat) => `${seat.seat} ${seat.name}`).join(" · ")) : null,
      game ? el("p", { className: "room-status", "data-status": game.status },
        statusText({ ...game, thinking: game.bot_thinking }),
        over ? null : el("span", {}, " · last move ", el("span", { className: "ago", "data-updated": game.updated }, ago(game.updated)), " ago"))
        : el("p", { className: "room-status" }, free ? `${free} of ${table.names.length} seats free` : "full"),
      game ? el("p", {}, el("a", { href: `#/watch/${game.id}`, className: "button", "data-watch": game.id }, "Watch")) : null,
      el("ul", { className: "room-students" }, (table.students || []).map((student) =>
        studentRow(student, targets.filter((t) => t !== table.table), table.started && !over))),
    ];
  }

  function waitingCard(waiting, targets) {
    return [
      el("h3", {}, "Waiting for a seat"),
      el("ul", { className: "room-students" }, waiting.map((student) => studentRow(student, targets, false))),
    ];
  }

  /** A student's line: the name, and Move, Free and Remove (only Remove while the table plays: a student there
   * is moved or freed once its game is over). */
  function studentRow(student, targets, playing) {
    const n = student.student;
    const where = el("select", { id: `move-${n}`, "aria-label": `Table to move ${student.name} to` },
      targets.map((t) => el("option", { value: String(t) }, `table ${t}`)), el("option", { value: "new" }, "a new table"));
    const row = el("li", { "data-student": n },
      el("span", { className: "room-student-name" }, student.name),
      el("span", { className: "room-student-actions" },
        playing ? null : [where,
          el("button", { type: "button", "data-action": "move", onclick: () => act(n, "move", where.value === "new" ? null : Number(where.value)) }, "Move"),
          student.table === null ? null : el("button", { type: "button", "data-action": "free", onclick: () => act(n, "free") }, "Free")],
        el("button", { type: "button", "data-action": "remove", className: "danger", onclick: () => confirmRemoval(row, student) }, "Remove")));
    return row;
  }

  function confirmRemoval(row, student) {
    const box_ = el("div", { className: "resign-confirm room-confirm", "data-confirm": student.student, role: "alertdialog",
      "aria-label": `Remove ${student.name}?` },
      el("p", {}, `Remove ${student.name} from the room? Their device stops working here (at a playing table their seat is then nobody's); the name is free again.`),
      el("button", { type: "button", className: "danger", "data-action": "confirm-remove",
        onclick: () => { box_.remove(); act(student.student, "remove"); } }, `Remove ${student.name}`), " ",
      el("button", { type: "button", "data-action": "keep", onclick: () => box_.remove() }, "Keep"));
    row.append(box_);
    box_.querySelector("button").focus();
  }

  return { update, tick };
}

/** Whether the teacher is using a card: a removal being confirmed, or a table being chosen in it. */
function busy(element) {
  const focused = document.activeElement;
  return Boolean(element.querySelector(".room-confirm")) || (element.contains(focused) && focused.tagName === "SELECT");
}
