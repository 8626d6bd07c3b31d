// The list of games (on a phone, a card per game: the stylesheet), and the form that creates one and
// hands out a link per seat.

import { api, keepHost, keepToken, tokenFor } from "./net.js";
import { withOutcomes } from "./chance.js";
import { kitField } from "./kits.js";
import { claimPage, el, fill, linkBase, seatLabel, shortId, statusText } from "./dom.js";
import { STRATEGIES, optionFields, playableRulesets, rulesetOptions, typedOptions } from "./game_options.js";
import { classBox } from "./room_code.js";

const BOT_PACE_MS = 1000;  // how long a bot seat of a game made here waits before each move: long enough to follow it

const FILTER_KEY = "ludolog:lobby-filter";

export async function showLobby() {
  const show = claimPage();
  show(el("h1", {}, "Games"), el("p", {}, "Loading games…"));
  const filter = JSON.parse(sessionStorage.getItem(FILTER_KEY) || "{}");
  const query = new URLSearchParams({ limit: "100", ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) });
  let page, listing;
  try {
    [page, listing] = await Promise.all([api(`/games?${query}`), api("/rulesets")]);
  } catch (problem) {
    show(el("h1", {}, "Games"), el("p", { role: "alert", className: "error" }, problem.message));
    return null;
  }
  const refilter = (key) => (event) => {
    sessionStorage.setItem(FILTER_KEY, JSON.stringify({ ...filter, [key]: event.target.value }));
    showLobby();
  };
  const filters = el("p", { className: "filters" },
    el("label", { for: "filter-ruleset" }, "Game "),
    el("select", { id: "filter-ruleset", onchange: refilter("ruleset") }, el("option", { value: "" }, "every game"),
      (listing.rulesets || listing).map((r) => el("option", { value: r.name, selected: filter.ruleset === r.name }, r.title))),
    " ", el("label", { for: "filter-status" }, "Status "),
    el("select", { id: "filter-status", onchange: refilter("status") }, el("option", { value: "" }, "any"),
      el("option", { value: "active", selected: filter.status === "active" }, "being played"),
      el("option", { value: "over", selected: filter.status === "over" }, "over")));
  const rows = page.games.slice().reverse().map((game) => el("tr", { "data-game": game.id },
    el("td", {}, el("span", { className: "game-name" }, game.name),
      game.table ? el("span", { className: "tag", title: "played on paper and transcribed here" }, "on paper") : null,
      game.fork ? el("a", { className: "tag", href: `#/branches/${game.id}`, title: "see it beside the game it was forked from" },
        `fork of ${shortId(game.fork.game)} at step ${game.fork.step}`) : null,
      el("br"), el("small", {}, `${game.title} · game ${shortId(game.id)}`)),
    el("td", { "data-label": "Created (UTC)" }, el("time", { datetime: game.created }, game.created.slice(0, 16).replace("T", " "))),
    el("td", { "data-label": "Seats" }, game.seats.map((seat) => seat.name).join(", ")),
    el("td", { "data-label": "Status" }, game.status === "over" ? "over" : "being played"),
    el("td", { "data-label": "Turn or result" }, statusText(game)),
    el("td", { "data-label": "Events" }, String(game.version)),
    el("td", { className: "links" },
      tokenFor(game.id) && game.status !== "over" ? el("a", { href: `#/play/${game.id}` }, "Play") : null,
      el("a", { href: `#/watch/${game.id}` }, "Watch"),
      el("a", { href: `#/replay/${game.id}` }, "Replay"))));
  show(
    el("h1", {}, "Games"),
    classBox(),
    el("p", {}, el("a", { href: "#/new", className: "button" }, "New game"),
      ` ${page.total} game${page.total === 1 ? "" : "s"}${filter.ruleset || filter.status ? " of this choice" : " in this service"}${page.total > page.games.length ? ` (the latest ${page.games.length} shown)` : ""}.`),
    filters,
    rows.length
      ? el("div", { className: "scroll" }, el("table", { className: "games" },
          el("thead", {}, el("tr", {}, ["Game", "Created (UTC)", "Seats", "Status", "Turn or result", "Events", ""].map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, rows)))
      : el("p", {}, filter.ruleset || filter.status ? "No game of this choice." : "No games yet."),
  );
  return null;
}

export async function showNewGame() {
  const show = claimPage();
  show(el("h1", {}, "New game"), el("p", {}, "Loading rulesets…"));
  const rulesets = await playableRulesets();
  const choice = el("select", { id: "ruleset", name: "ruleset" }, rulesetOptions(rulesets));
  const seatsBox = el("fieldset", { className: "seats" });
  // what was typed in each seat (its name, who plays it), kept when seats are added, removed or redrawn
  const typed = { names: [], who: [] };
  // the seats named by the kit pasted or chosen in the form, once its text names them
  let kitSeats = null;
  const sameSeats = (a, b) => (a && b ? a.fewest === b.fewest && a.most === b.most : a === b);
  const optionsBox = el("fieldset", { className: "options" });
  const nameInput = el("input", { id: "game-name", name: "name", maxlength: 80, size: 40,
    placeholder: "empty: the game, the seats and today's date" });
  const seedInput = el("input", { id: "seed", name: "seed", placeholder: "leave empty for a fresh one", maxlength: 200 });
  const saltInput = el("input", {
    id: "salt", name: "salt", placeholder: "only to deal a finished game again", maxlength: 32, size: 34,
    pattern: "[0-9a-f]{32}", title: "32 lowercase hexadecimal digits, as a finished game shows its salt",
  });
  const paper = el("input", { type: "checkbox", id: "table", name: "table" });
  paper.addEventListener("change", () => {
    for (const input of [seedInput, saltInput]) input.disabled = paper.checked;
    if (paper.checked) keepTyped();  // the bots chosen come back if the box is unticked
    seatsBox.querySelectorAll("select").forEach((select, index) => {
      select.value = paper.checked ? "person" : typed.who[index] || "person";
      select.disabled = paper.checked;
    });
  });
  const message = el("p", { role: "alert", className: "error", id: "form-error" });
  const result = el("section", { id: "created", "aria-live": "polite" });
  let seatCount = 2;

  function current() { return rulesets.find((r) => r.name === choice.value); }
  // a table kit from a file: the seats its text names, else any table of 1 to 8 (the service checks)
  function fewest() { return current().name === "table-kit" ? (kitSeats ? kitSeats.fewest : 1) : current().min_seats; }
  function most() { return current().name === "table-kit" ? (kitSeats ? kitSeats.most : 8) : current().max_seats; }

  function keepTyped() {
    seatsBox.querySelectorAll(".seat-row").forEach((row, index) => {
      typed.names[index] = row.querySelector("input").value;
      const who = row.querySelector("select");
      if (!who.disabled) typed.who[index] = who.value;  // on paper every seat shows "a person": not a choice
    });
  }

  function drawSeats() {
    keepTyped();
    seatCount = Math.min(Math.max(seatCount, fewest()), most());
    const rows = [];
    for (let n = 1; n <= seatCount; n += 1) {
      const who = el("select", { id: `who-${n}`, name: `who-${n}`, disabled: paper.checked },
        el("option", { value: "person" }, "a person"),
        STRATEGIES.map((s) => el("option", { value: s }, `a ${s} bot`)));
      who.value = paper.checked ? "person" : typed.who[n - 1] || "person";
      const name = typed.names[n - 1] ?? (n === 1 ? "Ann" : n === 2 ? "Ben" : `Player ${n}`);
      rows.push(el("div", { className: "seat-row" },
        el("label", { for: `seat-${n}` }, `Seat ${n}`),
        el("input", { id: `seat-${n}`, name: `seat-${n}`, value: name, maxlength: 40, required: true }),
        el("label", { for: `who-${n}` }, "played by"),
        who));
    }
    const more = el("button", { type: "button", onclick: () => { seatCount += 1; drawSeats(); } }, "Add a seat");
    const fewer = el("button", { type: "button", onclick: () => { seatCount -= 1; drawSeats(); } }, "Remove a seat");
    if (seatCount >= most()) more.disabled = true;
    if (seatCount <= fewest()) fewer.disabled = true;
    fill(seatsBox, el("legend", {}, "Seats"), ...rows, el("div", {}, more, " ", fewer));
  }

  let kit = null;

  function drawOptions() {
    kit = current().name === "table-kit" ? kitField({ onSeats: (seats) => {
      if (sameSeats(seats, kitSeats)) return;
      kitSeats = seats;
      if (seats) seatCount = seats.fewest;  // the kit's own table, as a ruleset's starts at its fewest
      drawSeats();
    } }) : null;
    optionFields(optionsBox, current(), kit);
  }

  function readOptions() { return typedOptions(optionsBox); }

  async function create(event) {
    event.preventDefault();
    message.textContent = "";
    const seats = [], bots = {};
    for (let n = 1; n <= seatCount; n += 1) {
      seats.push(document.getElementById(`seat-${n}`).value.trim());
      const who = document.getElementById(`who-${n}`).value;
      if (who !== "person") bots[n] = who;
    }
    let options;
    try { options = readOptions(); } catch (error) { message.textContent = error.message; return; }
    const body = { ruleset: choice.value, seats, options };
    if (kit) {
      try {
        const name = await kit.read();
        if (name) body.ruleset = name;
      } catch (error) { message.textContent = error.message; return; }
    }
    if (nameInput.value.trim()) body.name = nameInput.value.trim();
    if (Object.keys(bots).length) {  // the service plays these seats itself, a second a move so people can follow
      body.players = seats.map((_, index) => (bots[index + 1] ? { kind: "bot", strategy: bots[index + 1] } : { kind: "person" }));
      body.bot_pace_ms = BOT_PACE_MS;
    }
    if (paper.checked) body.table = true;
    else {
      if (seedInput.value.trim()) body.seed = seedInput.value.trim();
      if (saltInput.value.trim()) body.salt = saltInput.value.trim();
    }
    let created;
    try {
      // a table game's setup asks the table for each of its chance outcomes (who goes first, the deal)
      created = await withOutcomes((outcomes) => api("/games", { method: "POST", body: paper.checked ? { ...body, outcomes } : body }),
        result, "Setting the game up: tell what happened at the table.");
    } catch (problem) {
      fill(result);
      message.textContent = problem.message;
      return;
    }
    if (created === undefined) { fill(result); return; }
    const tokens = Object.fromEntries(created.seats.map((seat) => [seat.seat, seat.token]));
    keepHost(created.id, { owner: created.owner_token, bots, seats: tokens });
    showLinks(created, bots, result, paper.checked);
    result.scrollIntoView({ block: "start" });
    document.getElementById("play-here")?.focus({ preventScroll: true });
  }

  choice.addEventListener("change", () => { kitSeats = null; seatCount = current().min_seats; drawSeats(); drawOptions(); });
  drawSeats();
  drawOptions();
  show(
    el("h1", {}, "New game"),
    el("form", { id: "new-game", onsubmit: create },
      el("div", { className: "field" }, el("label", { for: "ruleset" }, "Game"), choice),
      el("div", { className: "field" }, el("label", { for: "game-name" }, "Name"), nameInput),
      seatsBox, optionsBox,
      el("div", { className: "field" }, paper, el("label", { for: "table" },
        "Played on paper: the people at the table roll and draw, and this page writes down what they saw")),
      el("div", { className: "field" }, el("label", { for: "seed" }, "Seed"), seedInput),
      el("div", { className: "field" }, el("label", { for: "salt" }, "Salt"), saltInput),
      el("button", { type: "submit", className: "primary" }, "Create the game"), message),
    result,
  );
  return null;
}

export function showLinks(created, bots, box, table) {
  const base = linkBase();
  const people = created.seats.filter((seat) => !bots[seat.seat]);
  const items = created.seats.map((seat) => {
    if (bots[seat.seat]) return el("li", {}, `${seatLabel(created.seats, seat.seat)}: a ${bots[seat.seat]} bot, played by the service`);
    const link = `${base}#/play/${created.id}/${seat.token}`;
    const field = el("input", { readonly: true, value: link, "aria-label": `Link for seat ${seat.seat}`, className: "link", "data-seat": seat.seat });
    return el("li", {}, el("span", {}, `${seatLabel(created.seats, seat.seat)}: `), field,
      el("button", { type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "Copy"));
  });
  const first = people[0];
  if (table) {
    fill(box,
      el("h2", {}, `${created.name} is ready to be transcribed`),
      el("p", {}, "Write the game down here as it is played at the table: the command of each seat in turn, and what the table saw at each roll or draw. This tab holds the owner's token, which may tell every seat's moves and secrets. Each player may also follow their seat with its link."),
      el("p", {}, el("a", { href: "#", className: "button primary", id: "play-here", onclick: (event) => {
        event.preventDefault();
        keepToken(created.id, created.owner_token);
        location.hash = `#/play/${created.id}`;
      } }, "Transcribe here")),
      el("ul", { className: "seat-links" }, items));
    return;
  }
  fill(box,
    el("h2", {}, `${created.name} is ready`),
    el("p", {}, "Give each player the link of their seat: it holds that seat's token, which lets it play that seat and see what that seat may see. Anyone may watch or replay without one."),
    el("ul", { className: "seat-links" }, items),
    el("p", {},
      first ? el("a", { href: "#", className: "button primary", id: "play-here", onclick: (event) => {
        event.preventDefault();
        keepToken(created.id, first.token);
        location.hash = `#/play/${created.id}`;
      } }, `Play ${first.name} here`) : null, " ",
      el("a", { href: `#/watch/${created.id}`, className: "button" }, "Watch")),
  );
}
