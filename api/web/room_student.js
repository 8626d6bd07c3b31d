// A student's page of a room (#/room/<CODE>): which class and game it is, a name to join under, and then
// where the student is (their table, their tablemates, and a big Play button once the table plays).
// The device's token is kept in the browser (local storage) by the room's code: a reload or a reopened tab
// shows the same place, and Join pressed again sends it, so the service gives the same place back, never a
// second one. A name already in the room is someone's: a new device takes that place with the student's
// personal code (shown once, at joining), or by asking the teacher, never by the name alone.

import { api, keepForRoom, keepToken, roomKept } from "./net.js";
import { claimPage, el, fill } from "./dom.js";
import { classBox, poll, roomLayout } from "./room_code.js";

const GONE = ["removed", "replaced", "refused"];  // a device's token the room no longer lets in
const POLL_MS = 2000;

export async function showRoom(code) {
  const show = claimPage();
  const unlayout = roomLayout("student");
  show(el("h1", {}, "Finding the class…"));
  let room;
  try {
    room = await api(`/rooms/${encodeURIComponent(code)}`);
  } catch (problem) {
    show(el("h1", {}, "Join a class"), el("p", { role: "alert", className: "error", id: "room-error" }, problem.message), classBox());
    return unlayout;
  }
  const nameInput = el("input", { id: "room-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname", enterkeyhint: "go" });
  const joinButton = el("button", { type: "submit", className: "primary", id: "room-join-button" }, "Join");
  const form = el("form", { id: "room-join", onsubmit: (event) => { event.preventDefault(); join({}); } },
    el("div", { className: "field" }, el("label", { for: "room-name" }, "Your name"), nameInput), joinButton);
  const codeInput = el("input", { id: "room-personal-code", maxlength: 20, autocomplete: "off", autocapitalize: "characters", spellcheck: "false" });
  const newDevice = el("div", { id: "room-new-device", className: "room-panel", hidden: true },
    el("p", {}, el("strong", {}, "Is that you, on a new device?"), " Give the personal code you were shown when you joined, or ask the teacher to let this device in."),
    el("div", { className: "field" }, el("label", { for: "room-personal-code" }, "Personal code"), codeInput,
      el("button", { type: "button", id: "room-use-code", onclick: () => join({ personal_code: codeInput.value.trim() }) }, "Take my place")),
    el("p", {}, el("button", { type: "button", id: "room-ask", onclick: () => join({ ask_teacher: true }) }, "Ask the teacher")));
  const place = el("section", { id: "room-place", "aria-live": "polite" });
  const once = el("div", { id: "room-personal", className: "room-personal", hidden: true });
  const note = el("p", { id: "room-note", className: "hint", "aria-live": "polite" });
  const error = el("p", { role: "alert", className: "error", id: "room-error" });
  let stopPolling = null;
  let busy = false;

  show(
    el("h1", { id: "room-title" }, room.name),
    el("p", { id: "room-game", className: "room-game" }, `${room.title || room.ruleset} · tables of ${room.seats_per_table} · code `,
      el("strong", {}, room.code), room.open ? null : " · closed: no one new joins"),
    once, place, note, form, error, newDevice);

  /** Where the device is, as the service said (`view`: GET /rooms/<code>/me or a join's answer). */
  function showPlace(view) {
    const kept = roomKept(code, "device");
    if (view.game_id && kept) {
      keepToken(view.game_id, kept.token, { lasting: true });  // the play page finds it, even in a new tab
      if (kept.game !== view.game_id) keepForRoom(code, "device", { ...kept, game: view.game_id });
    }
    if (GONE.includes(view.where) && kept && kept.game) keepToken(kept.game, null);
    const mates = view.tablemates || [];
    fill(place,
      el("p", { id: "room-message", className: "sentence", "data-where": view.where }, view.message),
      view.name ? el("p", { id: "room-who" }, "You joined as ", el("strong", {}, view.name), ".") : null,
      view.table ? el("p", { id: "room-table", className: "room-table-line" }, el("strong", {}, `Table ${view.table}`),
        mates.length ? ` with ${mates.join(", ")}` : ": nobody else there yet") : null,
      view.game_id ? el("p", {}, el("a", { href: `#/play/${view.game_id}`, id: "room-play", className: "button primary room-big" }, "Play")) : null);
    const placed = ["seated", "playing", "asked"].includes(view.where);
    form.hidden = placed;
    if (placed) newDevice.hidden = true;
    if (view.where === "waiting" && view.name && !nameInput.value) nameInput.value = view.name;
  }

  /** Asks the service where this device is, while it keeps a token; false (stop asking) once it has none. */
  async function refresh() {
    const kept = roomKept(code, "device");
    if (!kept) return false;
    try {
      const view = await api(`/rooms/${encodeURIComponent(code)}/me`, { token: kept.token });
      if (!show.current()) return false;
      showPlace(view);
      return !GONE.includes(view.where);
    } catch (problem) {
      if (problem.status === 401 || problem.status === 403) {  // not a token of this room's (any more)
        keepForRoom(code, "device", null);
        fill(place);
        form.hidden = false;
        return false;
      }
      return true;  // the service out of reach a moment: ask again
    }
  }

  function following() {
    if (stopPolling) stopPolling();
    stopPolling = poll(refresh, POLL_MS);
  }

  /** Joins (a name; `extra`: a personal code, or a request to the teacher), sending this device's token. */
  async function join(extra) {
    if (busy) return;
    const name = nameInput.value.trim();
    if (!name) { error.textContent = "Type your name first: the name your class knows you by."; nameInput.focus(); return; }
    busy = true;
    error.textContent = "";
    note.textContent = "";
    const kept = roomKept(code, "device");
    try {
      const answer = await api(`/rooms/${encodeURIComponent(code)}/students`, { method: "POST", body: { name, ...extra }, token: kept && kept.token });
      if (answer.device_token) keepForRoom(code, "device", { token: answer.device_token, game: null });
      newDevice.hidden = true;
      if (answer.how === "joined" && answer.personal_code) showPersonalCode(answer.personal_code);
      if (answer.how === "back") note.textContent = `This device already joined as ${answer.name}: it keeps its place, and no second place was taken.`;
      if (answer.how === "let-in") note.textContent = `Welcome back, ${answer.name}: this device has your place now.`;
      showPlace(answer);
      following();
    } catch (problem) {
      error.textContent = problem.message;
      if (problem.status === 409) {  // a name taken (or a full room): the room's names, as they are now
        room = await api(`/rooms/${encodeURIComponent(code)}`).catch(() => room);
        if (nameTaken(name)) newDevice.hidden = false;
      }
    } finally {
      busy = false;
    }
  }

  function nameTaken(name) {
    const key = (text) => String(text).normalize("NFKC").toLowerCase();
    const names = [...room.tables.flatMap((table) => table.names), ...room.waiting].filter(Boolean).map(key);
    return names.includes(key(name));
  }

  function showPersonalCode(personal) {
    fill(once,
      el("p", {}, "Your personal code"),
      el("p", { id: "room-personal-code-shown", className: "room-code-big" }, personal),
      el("p", {}, el("strong", {}, "Write it down: it gets your seat back on another device."), " It is shown only now."),
      el("button", { type: "button", onclick: () => { once.hidden = true; fill(once); } }, "I wrote it down"));
    once.hidden = false;
  }

  if (roomKept(code, "device")) {  // this device joined before: its place, not the form, once the service says
    form.hidden = true;
    following();
  } else nameInput.focus();
  return () => { if (stopPolling) stopPolling(); unlayout(); };
}
