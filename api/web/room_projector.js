// A room's projector page (#/room/<CODE>/projector): the QR code as large as the screen allows, the code and
// the link printed large under it, and a live list of who joined and at which table, read from the back of
// a classroom. Nothing secret: what anyone holding the code sees (GET /rooms/<code>), asked every 2 s.

import { api } from "./net.js";
import { claimPage, el, fill } from "./dom.js";
import { poll, qrImage, roomLayout } from "./room_code.js";

const POLL_MS = 2000;

export async function showProjector(code) {
  const show = claimPage();
  const unlayout = roomLayout("projector");
  show(el("h1", {}, "Loading the room…"));
  let room;
  try {
    room = await api(`/rooms/${encodeURIComponent(code)}`);
  } catch (problem) {
    show(el("h1", {}, "Projector"), el("p", { role: "alert", className: "error", id: "room-error" }, problem.message));
    return unlayout;
  }
  const tables = el("div", { id: "projector-tables", className: "projector-tables", "aria-live": "polite" });
  const count = el("p", { id: "projector-count", className: "projector-count" });
  const state = el("p", { id: "projector-state", className: "projector-state" });
  show(
    el("div", { className: "projector" },
      el("section", { className: "projector-join" },
        el("h1", { id: "projector-title", className: "projector-title" }, room.name),
        qrImage(room.qr_svg, `QR code of the room's link, ${room.link}`, "projector-qr"),
        el("p", { className: "projector-code-line" }, "Code ", el("strong", { id: "projector-code", className: "projector-code" }, room.code)),
        el("p", { id: "projector-link", className: "projector-link" }, room.link)),
      el("section", { className: "projector-list" },
        el("p", { className: "projector-game" }, `${room.title || room.ruleset} · tables of ${room.seats_per_table}`),
        count, state, tables)));

  function draw(current) {
    count.textContent = `${current.students} joined`;
    state.textContent = current.open ? "Open the link or type the code on the lobby, then give your name." : "The room is closed: no one new joins.";
    state.classList.toggle("closed", !current.open);
    fill(tables,
      current.tables.map((table) => el("div", { className: `projector-table${table.started ? " started" : ""}`, "data-table": table.table },
        el("h2", {}, `Table ${table.table}`, el("span", { className: "projector-table-state" }, table.started ? " · playing" : "")),
        el("p", {}, seated(table)))),
      current.waiting.length ? el("div", { className: "projector-table", "data-table": "waiting" },
        el("h2", {}, "Waiting for a seat"), el("p", {}, current.waiting.join(", "))) : null);
  }

  draw(room);
  const stop = poll(async () => {
    const current = await api(`/rooms/${encodeURIComponent(code)}`);
    if (show.current()) draw(current);
  }, POLL_MS, { now: false });
  return () => { stop(); unlayout(); };
}

/** Who sits at a table, and its free seats: "Ann, Ben · 1 seat free". */
function seated(table) {
  const names = table.names.filter(Boolean);
  const free = table.started ? 0 : table.names.length - names.length;
  return `${names.join(", ") || "nobody yet"}${free ? ` · ${free} seat${free === 1 ? "" : "s"} free` : ""}`;
}
