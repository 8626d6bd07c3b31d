// Proposing the end of a table game (a kit without rules, or any table's "end"): the winners ticked by name
// (none: a draw) and a reason typed, kept while the page redraws, then one button; every other seat agrees or refuses.

import { el, seatLabel } from "./dom.js";

/** Whether a command proposes a table's end (naming its winners): another game's "end" (a turn's) is a plain command. */
export function tableEnd(command) {
  return command.type === "end" && Array.isArray(command.winners);
}

/** What the seat has ticked and typed so far, kept across redraws of the commands. */
export function newDraft() {
  return { open: false, winners: new Set(), reason: "" };
}

/** The form, or null where the seat may not propose an end now. */
export function endForm(game, commands, draft, submit) {
  if (!commands.some(tableEnd)) return null;
  const boxes = game.seats.map((s) => el("label", { className: "end-winner" },
    el("input", { type: "checkbox", value: String(s.seat), checked: draft.winners.has(s.seat),
      onchange: (event) => { if (event.target.checked) draft.winners.add(s.seat); else draft.winners.delete(s.seat); } }),
    ` ${seatLabel(game.seats, s.seat)}`));
  const reason = el("input", { type: "text", id: "end-reason", maxlength: "200", value: draft.reason,
    placeholder: "the final scores, the rain…", oninput: (event) => { draft.reason = event.target.value; } });
  const propose = () => {
    const winners = [...draft.winners].sort((a, b) => a - b);
    const why = draft.reason.trim();
    submit({ type: "end", winners, ...(why ? { reason: why } : {}) });
  };
  return el("details", { className: "end-form", id: "end-form", open: draft.open,
    ontoggle: (event) => { draft.open = event.target.open; } },
    el("summary", {}, "End the game…"),
    el("fieldset", {}, el("legend", {}, "Who wins? (tick none for a draw)"), ...boxes),
    el("label", { for: "end-reason" }, "Why: "), reason,
    el("p", { className: "hint" }, "Every other seat is asked to agree; one refusal and the game goes on."),
    el("button", { type: "button", id: "end-propose", onclick: propose }, "Propose this end"));
}
