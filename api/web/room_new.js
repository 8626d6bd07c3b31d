// The form that opens a room for a class (#/new-room), modelled on the new-game form: the game or kit and
// its options, the seats a table has, who fills a seat nobody took (a bot of a strategy and pace, or nobody),
// when a table starts (as it fills, or when the teacher says go), how many students it takes, and its name.
// Opened, the teacher's token is kept in this browser (local storage) and the dashboard is shown.

import { api, keepForRoom } from "./net.js";
import { claimPage, el, fill } from "./dom.js";
import { kitField } from "./kits.js";
import { STRATEGIES, optionFields, playableRulesets, rulesetOptions, typedOptions } from "./game_options.js";
import { roomLayout } from "./room_code.js";


export async function showNewRoom() {
  const show = claimPage();
  const unlayout = roomLayout("new");
  show(el("h1", {}, "Open a room for a class"), el("p", {}, "Loading the games…"));
  let rulesets;
  try {
    rulesets = await playableRulesets();
  } catch (problem) {
    show(el("h1", {}, "Open a room for a class"), el("p", { role: "alert", className: "error" }, problem.message));
    return unlayout;
  }
  const choice = el("select", { id: "room-ruleset", name: "ruleset" }, rulesetOptions(rulesets));
  const optionsBox = el("fieldset", { className: "options" });
  const seats = el("input", { id: "room-seats", type: "number", min: 1, max: 20, step: 1, required: true, inputmode: "numeric" });
  const seatsHelp = el("small", { id: "room-seats-help" });
  const fillBot = el("input", { type: "radio", name: "fill", id: "room-fill-bot", value: "bot", checked: true });
  const fillNobody = el("input", { type: "radio", name: "fill", id: "room-fill-nobody", value: "nobody" });
  const strategy = el("select", { id: "room-strategy" }, STRATEGIES.map((s) => el("option", { value: s }, `a ${s} bot`)));
  const pace = el("input", { id: "room-pace", type: "number", min: 0, max: 10000, step: 50, value: 800, inputmode: "numeric" });
  const startFull = el("input", { type: "radio", name: "start", id: "room-start-full", value: "full", checked: true });
  const startTeacher = el("input", { type: "radio", name: "start", id: "room-start-teacher", value: "teacher" });
  const most = el("input", { id: "room-most", type: "number", min: 1, max: 300, step: 1, value: 60, inputmode: "numeric" });
  const nameInput = el("input", { id: "room-name-input", maxlength: 68, size: 40, placeholder: "empty: the game's title and “class”" });
  const message = el("p", { role: "alert", className: "error", id: "room-form-error" });
  const submit = el("button", { type: "submit", className: "primary" }, "Open the room");
  let kit = null;
  let kitSeats = null;

  const current = () => rulesets.find((r) => r.name === choice.value);
  // a table kit from a file: the seats its text names, else any table of 1 to 8 (the service checks)
  const fewest = () => (current().name === "table-kit" ? (kitSeats ? kitSeats.fewest : 1) : current().min_seats);
  const mostSeats = () => (current().name === "table-kit" ? (kitSeats ? kitSeats.most : 8) : current().max_seats);

  function drawSeats() {
    seats.min = fewest();
    seats.max = Math.min(mostSeats(), 20);
    const wanted = Number(seats.value) || Math.min(Math.max(3, fewest()), mostSeats());
    seats.value = Math.min(Math.max(wanted, fewest()), Math.min(mostSeats(), 20));
    seatsHelp.textContent = fewest() === mostSeats() ? `This game is played by ${fewest()}.` : `This game is played by ${fewest()} to ${mostSeats()}.`;
  }

  function drawOptions() {
    kit = current().name === "table-kit" ? kitField({ onSeats: (found) => { kitSeats = found; drawSeats(); } }) : null;
    optionFields(optionsBox, current(), kit);
  }

  function drawFill() {
    strategy.disabled = pace.disabled = fillNobody.checked;
  }

  async function open(event) {
    event.preventDefault();
    if (submit.disabled) return;
    message.textContent = "";
    let options;
    try { options = typedOptions(optionsBox); } catch (error) { message.textContent = error.message; return; }
    const body = {
      ruleset: choice.value, options, seats_per_table: Number(seats.value),
      fill: fillBot.checked ? { strategy: strategy.value, pace_ms: Number(pace.value) || 0 } : null,
      start: startTeacher.checked ? "teacher" : "full", most_students: Number(most.value) || 60,
    };
    if (nameInput.value.trim()) body.name = nameInput.value.trim();
    submit.disabled = true;
    try {
      if (kit) {
        const name = await kit.read();
        if (name) body.ruleset = name;
      }
      const opened = await api("/rooms", { method: "POST", body });
      keepForRoom(opened.code, "teacher", { token: opened.teacher_token });
      location.hash = `#/room/${opened.code}/teacher`;
    } catch (problem) {
      message.textContent = problem.message;
    } finally {
      submit.disabled = false;
    }
  }

  choice.addEventListener("change", () => { kitSeats = null; seats.value = ""; drawSeats(); drawOptions(); });
  for (const radio of [fillBot, fillNobody]) radio.addEventListener("change", drawFill);
  drawSeats();
  drawOptions();
  show(
    el("h1", {}, "Open a room for a class"),
    el("p", {}, "One short code seats the whole class at tables: students open its link (or type the code on the lobby) and give their names."),
    el("form", { id: "new-room", onsubmit: open },
      el("div", { className: "field" }, el("label", { for: "room-ruleset" }, "Game"), choice),
      el("div", { className: "field" }, el("label", { for: "room-name-input" }, "Name"), nameInput),
      optionsBox,
      el("div", { className: "field" }, el("label", { for: "room-seats" }, "Seats per table"), seats, seatsHelp),
      el("fieldset", {}, el("legend", {}, "A seat nobody took"),
        el("div", { className: "field" }, fillBot, el("label", { for: "room-fill-bot" }, "is played by"), strategy,
          el("label", { for: "room-pace" }, "waiting before each move (ms)"), pace),
        el("div", { className: "field" }, fillNobody, el("label", { for: "room-fill-nobody" },
          "stays empty: the table plays with fewer, where the game allows"))),
      el("fieldset", {}, el("legend", {}, "A table starts"),
        el("div", { className: "field" }, startFull, el("label", { for: "room-start-full" }, "as soon as it is full")),
        el("div", { className: "field" }, startTeacher, el("label", { for: "room-start-teacher" }, "when I say go (from the dashboard)"))),
      el("div", { className: "field" }, el("label", { for: "room-most" }, "Most students"), most),
      submit, message));
  return unlayout;
}
