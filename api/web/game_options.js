// What the new-game form and the new-room form share: the games to choose from (the rulesets and the kits
// on the shelf), a game's options drawn as fields from its schema and read back, and the bots' strategies.

import { api } from "./net.js";
import { el, fill } from "./dom.js";

export const STRATEGIES = ["greedy", "random", "search", "openspiel-ismcts", "openspiel-mcts"];

/** The games a new game or room may be of: the rulesets, and the kits on the shelf (played by their names). */
export async function playableRulesets() {
  const listing = await api("/rulesets");
  const shelf = await api("/kits").catch(() => ({ kits: [] }));
  const kits = await Promise.all(shelf.kits.map((kit) => api(`/rulesets/${encodeURIComponent(kit.name)}`).catch(() => null)));
  return [...(listing.rulesets || listing), ...kits.filter(Boolean)];
}

/** The choices of a game select, one per ruleset or kit. */
export function rulesetOptions(rulesets) {
  const players = (r) => `${r.min_seats === r.max_seats ? r.min_seats : `${r.min_seats}–${r.max_seats}`} players`;
  return rulesets.map((r) => el("option", { value: r.name },
    r.kit ? `${r.title} (a table kit, ${players(r)})` : r.name === "table-kit" ? "A table kit from a file" : `${r.title} (${players(r)})`));
}

/** A ruleset's options drawn in `box` as fields (a table kit's `kit` as the kit field, when given). */
export function optionFields(box, ruleset, kit) {
  const properties = (ruleset.options || {}).properties || {};
  const fields = Object.entries(properties).map(([key, schema]) => {
    if (kit && key === "kit") return kit.element;
    const id = `option-${key}`;
    let input;
    if (Array.isArray(schema.enum)) {
      input = el("select", { id, "data-option": key }, schema.enum.map((value) =>
        el("option", { value: JSON.stringify(value), selected: value === schema.default }, String(value))));
    } else if (["array", "object"].some((kind) => [].concat(schema.type || []).includes(kind))) {
      input = el("textarea", { id, "data-option": key, "data-json": "", rows: 2, cols: 40, placeholder: "JSON; empty for the default" });
    } else if (schema.type === "boolean") {
      input = el("input", { id, type: "checkbox", "data-option": key, checked: schema.default === true });
    } else if (schema.type === "integer" || schema.type === "number") {
      input = el("input", { id, type: "number", "data-option": key, value: schema.default ?? "",
        min: schema.minimum, max: schema.maximum, step: schema.type === "integer" ? 1 : "any" });
    } else {
      input = el("input", { id, "data-option": key, value: typeof schema.default === "string" ? schema.default : "" });
    }
    return el("div", { className: "option-row" }, el("label", { for: id, title: schema.description || "" }, key), input,
      schema.description ? el("small", {}, schema.description) : null);
  });
  fill(box, el("legend", {}, "Options"), ...(fields.length ? fields : [el("p", {}, "This game has no options.")]));
}

/** The options typed in `box`'s fields; throws naming an option whose JSON does not parse. */
export function typedOptions(box) {
  const options = {};
  for (const input of box.querySelectorAll("[data-option]")) {
    const key = input.getAttribute("data-option");
    if (input.type === "checkbox") options[key] = input.checked;
    else if (input.tagName === "SELECT") options[key] = JSON.parse(input.value);
    else if (input.value.trim() === "") continue;
    else if (input.type === "number") options[key] = Number(input.value);
    else if (input.hasAttribute("data-json")) {
      try { options[key] = JSON.parse(input.value); } catch (error) { throw new Error(`option ${key}: not JSON (${error.message})`); }
    } else options[key] = input.value;
  }
  return options;
}
