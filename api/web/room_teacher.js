// A room's teacher's dashboard (#/room/<CODE>/teacher): the room's controls above (start the tables waiting,
// close the room, the projector, the link and its QR code, every table's games to download, the playtest
// report), the devices asking to take a student's place (Let in / Refuse), and every table live (room_tables.js),
// asked every 2 s. The teacher's token is kept in this browser (local storage) by the room's code, so the page
// survives a closed tab; #/room/<CODE>/teacher/<token> opens it on another device (the token is kept and taken
// out of the address bar and the history at once, app.js).

import { api, download, keepForRoom, roomKept } from "./net.js";
import { claimPage, el, fill, linkBase } from "./dom.js";
import { poll, qrImage, roomLayout, saveBlob } from "./room_code.js";
import { tableCards } from "./room_tables.js";
import { showReport } from "./room_report.js";

const POLL_MS = 2000;

export async function showDashboard(code) {
  const show = claimPage();
  const unlayout = roomLayout("teacher");
  const path = `/rooms/${encodeURIComponent(code)}`;
  const kept = roomKept(code, "teacher");
  if (!kept) {
    show(el("h1", {}, `Room ${code}: the teacher's dashboard`), tokenForm(code, "This browser keeps no teacher's token for this room."));
    return unlayout;
  }
  const token = kept.token;
  show(el("h1", {}, "Loading the dashboard…"));
  let dashboard, room;
  try {
    [dashboard, room] = await Promise.all([api(`${path}/dashboard`, { token }), api(path)]);
  } catch (problem) {
    show(el("h1", {}, `Room ${code}: the teacher's dashboard`), el("p", { role: "alert", className: "error", id: "room-error" }, problem.message),
      problem.status === 403 || problem.status === 401 ? tokenForm(code, "Give this room's teacher's token.") : null);
    return unlayout;
  }
  const note = el("p", { id: "room-note", className: "hint", "aria-live": "polite" });
  const error = el("p", { role: "alert", className: "error", id: "room-error" });
  const requests = el("section", { id: "room-requests", className: "room-requests", "aria-live": "polite" });
  const tablesBox = el("div", { id: "room-tables", className: "room-cards" });
  const summary = el("p", { id: "room-summary" });
  const report = el("section", { id: "room-report", className: "room-report", "aria-live": "polite" });
  const closing = el("span", { id: "room-closing" });

  /** A teacher's change sent: its answer's line (or the refusal's) said, and the dashboard read again. */
  async function send(what, method, body, done) {
    error.textContent = "";
    note.textContent = "";
    try {
      const answer = await api(`${path}${what}`, { method, body, token });
      note.textContent = done(answer);
    } catch (problem) {
      error.textContent = problem.message;
    }
    await load();
  }

  const cards = tableCards(tablesBox, (student, what, table) => {
    const name = (dashboard.roster.find((s) => s.student === student) || {}).name || `student ${student}`;
    if (what === "move") send(`/students/${student}/move`, "POST", { table }, () => `${name} moved to ${table === null ? "a new table" : `table ${table}`}.`);
    else if (what === "free") send(`/students/${student}/free`, "POST", undefined, () => `${name} was freed: their device's next join seats them again.`);
    else send(`/students/${student}`, "DELETE", undefined, () => `${name} was removed from the room.`);
  });

  function draw() {
    const playing = dashboard.tables.filter((t) => t.started).length;
    const over = dashboard.tables.filter((t) => t.game && t.game.status === "over").length;
    summary.textContent = `${dashboard.students} student${dashboard.students === 1 ? "" : "s"} · ${dashboard.tables.length} table${dashboard.tables.length === 1 ? "" : "s"}, ${playing} started, ${over} over${dashboard.open ? "" : " · the room is closed"}`;
    closing.hidden = !dashboard.open;
    const signature = JSON.stringify(dashboard.requests);
    if (signature !== requests.dataset.shown) drawRequests(signature);
    cards.update(dashboard);
  }

  function drawRequests(signature) {  // drawn again only when they changed: a button is never taken from under a click
    requests.dataset.shown = signature;
    fill(requests, dashboard.requests.length ? [
      el("h2", {}, "Devices asking to come in"),
      el("ul", { className: "room-students" }, dashboard.requests.map((asked) => el("li", { "data-request": asked.request },
        el("span", { className: "room-student-name" }, asked.name),
        el("span", {}, " asks to take their place from a new device "),
        el("span", { className: "room-student-actions" },
          el("button", { type: "button", className: "primary", "data-action": "let-in",
            onclick: () => send(`/requests/${asked.request}`, "POST", { let_in: true }, () => `${asked.name}'s new device was let in.`) }, "Let in"),
          el("button", { type: "button", "data-action": "refuse",
            onclick: () => send(`/requests/${asked.request}`, "POST", { let_in: false }, () => `${asked.name}'s new device was refused.`) }, "Refuse"))))),
    ] : []);
  }

  async function load() {
    try {
      const fresh = await api(`${path}/dashboard`, { token });
      if (!show.current()) return false;
      dashboard = fresh;
      draw();
    } catch (problem) {
      if (show.current()) error.textContent = problem.message;
    }
    return show.current();
  }

  const base = linkBase();
  const anotherDevice = `${base}#/room/${code}/teacher/${token}`;
  const confirmClose = el("span", { className: "room-confirm-close", hidden: true },
    "No one new will join (students in keep their places). ",
    el("button", { type: "button", className: "danger", id: "room-close-confirm", onclick: () => {
      confirmClose.hidden = true;
      send("/close", "POST", undefined, () => "The room is closed: no one new joins it.");
    } }, "Close it"), " ",
    el("button", { type: "button", onclick: () => { confirmClose.hidden = true; } }, "Keep it open"));
  fill(closing, el("button", { type: "button", id: "room-close", onclick: () => { confirmClose.hidden = false; } }, "Close the room"), " ", confirmClose);

  show(
    el("h1", {}, el("span", { id: "room-title" }, dashboard.name), el("span", { className: "subtitle" }, ` · teacher's dashboard · code ${dashboard.code}`)),
    el("p", { className: "room-game" }, `${room.title || room.ruleset} · tables of ${dashboard.seats_per_table} · `,
      dashboard.fill ? `empty seats to ${dashboard.fill.strategy} bots` : "empty seats left empty",
      ` · tables start ${dashboard.start === "full" ? "when full" : "when you say go"}`),
    el("section", { className: "room-controls", "aria-label": "The room's controls" },
      el("div", { className: "room-buttons" },
        el("button", { type: "button", className: "primary", id: "room-start", onclick: () => send("/start", "POST", undefined, startedLine) }, "Start waiting tables"),
        closing,
        el("a", { href: `#/room/${code}/projector`, className: "button", id: "room-projector-link", target: "_blank", rel: "noopener",
          title: "opens in a new window: put it on the classroom's screen" }, "Projector"),
        el("button", { type: "button", id: "room-download", onclick: (event) => downloadGames(event.currentTarget) }, "Download every table's games"),
        el("button", { type: "button", id: "room-report-button", onclick: (event) => openReport(event.currentTarget) }, "Playtest report")),
      el("div", { className: "room-share" },
        qrImage(room.qr_svg, `QR code of the room's link, ${room.link}`, "room-qr"),
        el("div", {},
          el("p", {}, "Students open ", el("a", { href: `#/room/${code}`, id: "room-link" }, room.link), " or type the code ", el("strong", {}, code), " on the lobby."),
          el("details", {}, el("summary", {}, "Open this dashboard on another device"),
            el("p", { className: "hint" }, "This link holds the teacher's token: whoever has it runs the room. Keep it to yourself."),
            el("input", { readonly: true, value: anotherDevice, className: "link", id: "room-teacher-link", "aria-label": "This dashboard's link, with the teacher's token" }))))),
    note, error, requests,
    el("h2", {}, "Tables"), summary, tablesBox, report);
  draw();

  function startedLine(answer) {
    const waiting = answer.waiting || [];
    return waiting.length ? `Started what could start; waiting: ${waiting.map((w) => `table ${w.table} (${w.reason})`).join("; ")}.`
      : "Every table with someone seated has started.";
  }

  async function downloadGames(button) {
    button.disabled = true;
    error.textContent = "";
    try {
      saveBlob(await download(`${path}/games.zip`, token), `room-${code}-games.zip`);
      note.textContent = "Every table's games were downloaded (a zip of their event logs and diaries).";
    } catch (problem) {
      error.textContent = problem.message;
    } finally {
      button.disabled = false;
    }
  }

  async function openReport(button) {
    button.disabled = true;
    error.textContent = "";
    note.textContent = "Writing the playtest report: the bots play the same game first, a few seconds…";
    try {
      await showReport(report, await download(`${path}/report`, token));
      note.textContent = "The playtest report is below the tables.";
      report.scrollIntoView({ block: "start" });
    } catch (problem) {
      error.textContent = problem.message;
    } finally {
      button.disabled = false;
    }
  }

  const stop = poll(load, POLL_MS, { now: false });
  const ticking = setInterval(() => cards.tick(), 1000);
  return () => { stop(); clearInterval(ticking); unlayout(); };
}

/** A field for the room's teacher's token, for a browser that keeps none (or the wrong one). */
function tokenForm(code, why) {
  const input = el("input", { id: "room-teacher-token", autocomplete: "off", spellcheck: "false", size: 44 });
  return el("form", { id: "room-token-form", onsubmit: (event) => {
    event.preventDefault();
    if (!input.value.trim()) return;
    keepForRoom(code, "teacher", { token: input.value.trim() });
    window.dispatchEvent(new HashChangeEvent("hashchange"));  // the dashboard again, with it
  } },
  el("p", {}, why, " Open the dashboard's link with its token (as the room gave it when it was opened), or give the token here."),
  el("div", { className: "field" }, el("label", { for: "room-teacher-token" }, "Teacher's token"), input,
    el("button", { type: "submit", className: "primary" }, "Open the dashboard")));
}
