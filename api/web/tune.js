// Tuning a rule in the page (`ludolog tune` as a job of the service): the game (a ruleset, a kit on the
// service's shelf, or a kit file from this computer, added to the shelf first as for a new game), the values
// to vary and the goals as the command takes them, and the bot. The form starts POST /tunings, the page
// follows the job (GET /tunings/{id}: the race's round, the candidates left, the games) and shows its HTML
// report as the balance page shows an opened one (balance.js: parsed, charts as images, nothing in it runs).

import { api, text } from "./net.js";
import { claimPage, el, fill } from "./dom.js";
import { kitField } from "./kits.js";
import { putReport } from "./balance.js";

const POLL_MS = 1000;
const KIT_FILE = "kit file";
const BOTS = ["greedy", "random", "search"];

export async function showTune() {
  const show = claimPage();
  show(el("h1", {}, "Tune a rule"), el("p", {}, "Loading the games…"));
  let listing, shelf;
  try {
    [listing, shelf] = await Promise.all([api("/rulesets"), api("/kits")]);
  } catch (problem) {
    show(el("h1", {}, "Tune a rule"), el("p", { role: "alert", className: "error" }, problem.message));
    return null;
  }
  let stopped = false;
  let timer = null;
  const rulesets = listing.rulesets.filter((r) => r.name !== "table-kit");  // a kit is tuned by its own name or file
  const game = el("select", { id: "tune-game", name: "game" },
    el("optgroup", { label: "Rulesets" }, rulesets.map((r) => el("option", { value: r.name }, r.title))),
    shelf.kits.length ? el("optgroup", { label: "Kits on the shelf" }, shelf.kits.map((k) => el("option", { value: k.name }, k.title))) : null,
    el("option", { value: KIT_FILE }, "A kit file from this computer…"));
  const kit = kitField({ placeholder: "Paste a kit file with rules here (YAML, TOML or JSON), or choose one" });
  const kitBox = el("div", { id: "tune-kit", hidden: true }, kit.element,
    el("p", { className: "hint" }, "Bots play the kit by its rules (its play section): a kit without rules cannot be tuned. ",
      "The file is added to the service's kits, as for a new game, and tuned by its name."));
  game.addEventListener("change", () => { kitBox.hidden = game.value !== KIT_FILE; });
  const vary = el("textarea", { id: "tune-vary", rows: 2, cols: 40, spellcheck: "false", "aria-describedby": "tune-vary-help",
    placeholder: "head_start=0..10" });
  const goals = el("textarea", { id: "tune-goals", rows: 2, cols: 40, spellcheck: "false", "aria-describedby": "tune-goals-help",
    placeholder: "seats" });
  const bot = el("select", { id: "tune-bot", name: "bot" }, BOTS.map((name) => el("option", { value: name }, name)));
  const mostGames = el("input", { id: "tune-most-games", type: "number", min: 10, max: 2000, value: 1000 });
  const confirm = el("input", { id: "tune-confirm", type: "number", min: 0, max: 1000, value: 200 });
  const start = el("button", { type: "submit", id: "tune-start" }, "Tune");
  const message = el("p", { role: "alert", className: "error", id: "tune-error" });
  const progress = el("div", { id: "tune-progress", "aria-live": "polite" });
  const report = el("article", { className: "diary", id: "report" });
  const form = el("form", { id: "tune-form" },
    el("p", { className: "field" }, el("label", { for: "tune-game" }, "Game "), game),
    kitBox,
    el("p", { className: "field" }, el("label", { for: "tune-vary" }, "Values to vary "), vary,
      el("small", { id: "tune-vary-help" }, "One a line: NAME=LOW..HIGH[:STEP] for a whole number (target=20..200:10), ",
        "NAME=A,B,C for any, or NAME alone for a switch's or a choice's every value.")),
    el("p", { className: "field" }, el("label", { for: "tune-goals" }, "Goals "), goals,
      el("small", { id: "tune-goals-help" }, "One a line: seats, sides, length=LOW..HIGH, draws<=SHARE or limits<=SHARE, ",
        "each with an optional *WEIGHT (seats*2); several are one weighted mix.")),
    el("p", { className: "field" }, el("label", { for: "tune-bot" }, "Bot in every seat "), bot,
      el("label", { for: "tune-most-games" }, "Most games a candidate "), mostGames,
      el("label", { for: "tune-confirm" }, "Confirming games "), confirm),
    el("p", {}, start), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    fill(report);
    start.disabled = true;
    try {
      const name = game.value === KIT_FILE ? await kit.read() : game.value;
      if (!name) throw new Error("choose a kit file with rules, or paste one");
      const most = Number(mostGames.value);
      const job = await api("/tunings", { method: "POST", retries: 0, body: {
        game: name, vary: lines(vary.value), goals: lines(goals.value), bot: bot.value, most_games: most,
        confirm: Number(confirm.value), ...(most < 100 ? { block: Math.max(10, most) } : {}) } });  // a block is 100 games
      follow(job);
    } catch (problem) {
      message.textContent = problem.message;
      start.disabled = false;
    }
  });

  async function follow(job) {
    if (stopped) return;
    fill(progress, progressOf(job));
    if (job.state === "failed") {
      message.textContent = `The tune failed: ${job.error}`;
      start.disabled = false;
      return;
    }
    if (job.state === "done") {
      try {
        putReport(report, await text(`/tunings/${job.id}/report?format=html`));
      } catch (problem) {
        message.textContent = problem.message;
      }
      start.disabled = false;
      return;
    }
    timer = setTimeout(async () => {
      try {
        follow(await api(`/tunings/${job.id}`));
      } catch (problem) {
        message.textContent = problem.message;
        start.disabled = false;
      }
    }, POLL_MS);
  }

  show(
    el("h1", {}, "Tune a rule"),
    el("p", {}, "Bots play the game at the values you give, the same seeds for each, and drop a value once it is clearly ",
      "worse than the best, until the values that meet your goals stand out (as ", el("code", {}, "ludolog tune"),
      " does). The report gives the recommended values with their intervals, the runners-up and a chart."),
    form, progress, report);
  return () => { stopped = true; clearTimeout(timer); };
}

function lines(value) {
  return value.split("\n").map((line) => line.trim()).filter(Boolean);
}

/** The job's progress in words, with a bar of its games against the most it may play. */
export function progressOf(job) {
  const p = job.progress;
  const games = `${p.games.toLocaleString("en")} game${p.games === 1 ? "" : "s"} played`;
  const words = job.state === "queued" ? "Waiting to start…"
    : p.stage === "confirm" ? `Confirming the recommended values on fresh games against the current ones: ${games}.`
    : p.round === 0 ? `The first candidates are playing: ${games}.`
    : `After round ${p.round}: ${p.candidates_in_race} of the ${p.candidates_tried} candidates tried still in the race `
      + `(at most ${p.candidates_at_most} are tried), ${games}.`;
  const done = job.state === "done" ? `Done: ${p.games.toLocaleString("en")} games in ${p.round} rounds.` : null;
  return [
    el("p", { id: "tune-state" }, done || words),
    el("progress", { max: p.games_at_most, value: job.state === "done" ? p.games_at_most : p.games,
      "aria-label": "games played of the most the tune may play" }),
  ];
}
