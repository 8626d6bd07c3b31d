// A table kit for a new game: a kit file chosen or pasted, added to the service's kits, its mistakes
// shown one a line (each naming its line and field), and the game created by the kit's name.
import { api } from "./net.js";
import { el, fill } from "./dom.js";

/** The format of a kit's text: by its file name, else JSON when it opens with a brace, else YAML. */
function formatOf(name, text) {
  if (/\.toml$/i.test(name)) return "toml";
  if (/\.json$/i.test(name) || text.trimStart().startsWith("{")) return "json";
  return "yaml";
}

const KIT_TOKEN_KEY = (name) => `ludolog-kit-token:${name}`;

/** The kit token this browser keeps for the kit it first added under `name` (null: none). */
function kitToken(name) {
  return localStorage.getItem(KIT_TOKEN_KEY(name));
}

/**
 * The seats a kit's text names, `{fewest, most}` (YAML `seats: {fewest: 2, most: 4}`, TOML `[seats]`,
 * JSON `"seats": {...}`), or null while it names none: read from the text, not checked (the service
 * checks the kit when the game is created).
 */
export function seatsOf(text) {
  const key = /(?:^|[\s{,])["']?seats["']?\s*[:=]|^\s*\[seats\]/gm;
  for (let found = key.exec(text); found; found = key.exec(text)) {
    const near = text.slice(found.index, found.index + 200);
    const count = (name) => Number((new RegExp(`\\b${name}["']?\\s*[:=]\\s*(\\d+)`).exec(near) || [])[1]);
    const fewest = count("fewest"), most = count("most");
    if (fewest >= 1 && most >= fewest) return { fewest, most };
  }
  return null;
}

/**
 * The kit field of the new-game form for a table kit, and `read()`: the name of the kit to play (the
 * text added to the kits first), or null for the default kit; it throws, listing the mistakes, when
 * the kit has any. `onSeats` hears the seats the text names (`seatsOf`) whenever it changes.
 */
export function kitField({ onSeats = () => {}, placeholder = "Paste a kit file here (YAML, TOML or JSON), or choose one; empty: the Missions kit" } = {}) {
  const text = el("textarea", {
    id: "kit-text", rows: 10, cols: 60, spellcheck: "false", "aria-describedby": "kit-help", placeholder,
  });
  const file = el("input", { type: "file", id: "kit-file", accept: ".yaml,.yml,.toml,.json,text/yaml,application/json" });
  const mistakes = el("ul", { id: "kit-mistakes", className: "error", "aria-live": "polite" });
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    text.value = await chosen.text();
    text.dataset.name = chosen.name;
    onSeats(seatsOf(text.value));
  });
  text.addEventListener("input", () => onSeats(seatsOf(text.value)));
  const element = el("div", { className: "option-row kit" },
    el("label", { for: "kit-file" }, "Kit file"), file,
    el("small", { id: "kit-help" }, "A table kit lists the game's spaces, pieces, cards, dice and counters; the players keep its rules. See the README's “Table kits”."),
    text, mistakes);

  async function read() {
    fill(mistakes);
    if (!text.value.trim()) return null;
    const body = { text: text.value, format: formatOf(text.dataset.name || "", text.value) };
    try {
      let added;
      try {
        added = await api("/kits", { method: "POST", body });
      } catch (problem) {  // a new version of a kit this browser added first: with its kit token
        const owned = problem.status === 403 && problem.body && problem.body.kit && kitToken(problem.body.kit);
        if (!owned) throw problem;
        added = await api("/kits", { method: "POST", body, token: owned });
      }
      if (added.token) {
        localStorage.setItem(KIT_TOKEN_KEY(added.name), added.token);
        fill(mistakes, el("li", { className: "hint", id: "kit-token" },
          `Kit “${added.name}” is yours: this browser keeps its kit token, which a new version needs. Keep a copy too: `,
          el("code", {}, added.token)));
      }
      return added.name;
    } catch (problem) {
      const lines = (problem.body && (problem.body.mistakes || problem.body.errors)) || [problem.message];
      fill(mistakes, lines.map((line) => el("li", {}, String(line))));
      throw new Error(`the kit has ${lines.length === 1 ? "a mistake" : `${lines.length} mistakes`}: see below the kit`);
    }
  }
  return { element, read };
}
