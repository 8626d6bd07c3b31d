// Asking the table for a chance outcome, for a table game (played on paper and transcribed here): the
// service names the question and the values still possible; a few (a die's faces) are buttons, more (the
// cards still in a deck) a list to narrow down by typing. Values are sent back as the service gave them.

import { el, fill } from "./dom.js";

const FEW = 12;

/**
 * Shows `outcome` ({index, question, values}) in `box` and resolves with the value picked, or with
 * undefined when the transcriber cancels. `context` says what is being told (a setup, a command).
 */
export function askOutcome(box, outcome, context) {
  return new Promise((resolve) => {
    const list = el("ul", { className: "outcome-values", id: "outcome-values", "aria-label": "Possible outcomes" });
    const search = outcome.values.length > FEW
      ? el("input", { type: "search", id: "outcome-search", placeholder: "Type to narrow the list",
        "aria-label": `Search the ${outcome.values.length} possible outcomes` })
      : null;
    function draw() {
      const wanted = search ? search.value.trim().toLowerCase() : "";
      const shown = outcome.values.filter((value) => String(value).toLowerCase().includes(wanted));
      fill(list, shown.length ? shown.map((value) => el("li", {}, el("button", {
        type: "button", className: "outcome", "data-value": JSON.stringify(value), onclick: () => resolve(value),
      }, String(value)))) : el("li", { className: "hint" }, "No possible outcome fits that."));
    }
    if (search) {
      search.addEventListener("input", draw);
      search.addEventListener("keydown", (event) => {
        const only = list.querySelectorAll("button.outcome");
        if (event.key === "Enter" && only.length === 1) { event.preventDefault(); only[0].click(); }
      });
    }
    draw();
    fill(box,
      el("h2", {}, "What did the table see?"),
      context ? el("p", { className: "hint" }, context) : null,
      el("p", { className: "question", id: "outcome-question", "data-index": outcome.index }, outcome.question),
      search, list,
      el("button", { type: "button", className: "clear", id: "outcome-cancel", onclick: () => resolve(undefined) }, "Cancel"));
    (search || list.querySelector("button"))?.focus();
  });
}

/**
 * Sends a request that a table game may answer with `outcome-needed`: `send(outcomes)` is called with
 * the outcomes told so far, and each one asked for is asked in `box` and added, until the service
 * takes it. The answer, or undefined when the transcriber cancelled; other refusals are thrown.
 */
export async function withOutcomes(send, box, context) {
  const outcomes = [];
  for (;;) {
    try {
      return await send(outcomes);
    } catch (problem) {
      if (problem.kind !== "outcome-needed" || !problem.outcome || problem.outcome.index !== outcomes.length) throw problem;
      const value = await askOutcome(box, problem.outcome, context);
      if (value === undefined) return undefined;
      outcomes.push(value);
    }
  }
}
