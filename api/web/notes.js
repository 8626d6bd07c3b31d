// Notes on a replay's steps, as the CLI's `ludolog notes` allows: each shown with its glyph, author,
// text, marks and bookmark, its marks drawn on the board; a form to write one on the step shown (a
// seat's or the owner's eye), to edit one's own, and to withdraw one's own (the owner: any).

import { el, fill, seatLabel } from "./dom.js";

export const GLYPHS = [["", "no glyph"], ["!", "! good"], ["?", "? a mistake"], ["!!", "!! brilliant"],
  ["??", "?? a blunder"], ["!?", "!? interesting"], ["?!", "?! dubious"]];

export function authorLabel(seats, author) {
  return typeof author === "number" ? seatLabel(seats, author) : "the owner";
}

/** Outlines on the board each item a note marks (by what commands call it, or its id). */
export function drawMarks(svg, marks) {
  if (!svg) return;
  for (const mark of marks) {
    for (const item of svg.querySelectorAll(`g[data-ref="${CSS.escape(mark)}"], g[data-id="${CSS.escape(mark)}"]`)) {
      item.classList.add("marked");
    }
  }
}

/** What a note can mark on the board: every square or piece that commands can name. */
export function markable(svg) {
  return svg ? [...svg.querySelectorAll("g[data-ref]")].map((item) => item.getAttribute("data-ref")) : [];
}

/** The notes of one step, with Edit and Withdraw where the eye's token may. */
export function noteItems(notes, game, { edit, withdraw }) {
  return notes.map((note) => el("li", { "data-note": note.id },
    el("strong", {}, `${note.glyph ? `${note.glyph} ` : ""}${authorLabel(game.seats, note.author)}: `),
    el("span", { className: "text" }, note.text),
    note.marks.length ? el("span", { className: "marks" }, ` marks: ${note.marks.join(", ")}`) : null,
    note.bookmark ? el("em", {}, ` (bookmark: ${note.bookmark})`) : null,
    note.visibility === "private" ? el("em", {}, " (private)") : null,
    note.author === game.viewer ? el("button", { type: "button", className: "small edit-note", onclick: () => edit(note) }, "Edit") : null,
    note.author === game.viewer || game.viewer === "owner"
      ? el("button", { type: "button", className: "small withdraw-note", onclick: () => withdraw(note) }, "Withdraw") : null));
}

/**
 * The form for a note on step `at` (`note`: the one edited, or null for a new one). `marks` is the
 * list the board's clicks change (shown in `marksLine`); `save(body)` sends it and throws a refusal,
 * which is shown in the form.
 */
export function noteForm({ at, note, marks, marksLine, save, cancel }) {
  const text = el("textarea", { id: "note-text", rows: 3, maxlength: 2000, required: true, "aria-label": "The note's text" });
  text.value = note ? note.text : "";
  const glyph = el("select", { id: "note-glyph", "aria-label": "Glyph" },
    GLYPHS.map(([value, label]) => el("option", { value, selected: note ? note.glyph === value : value === "" }, label)));
  const bookmark = el("input", { id: "note-bookmark", maxlength: 40, placeholder: "a name to jump to (optional)", value: note ? note.bookmark : "" });
  const visibility = el("select", { id: "note-visibility", "aria-label": "Who sees it" },
    el("option", { value: "public", selected: !note || note.visibility === "public" }, "everyone who sees the game"),
    el("option", { value: "private", selected: note && note.visibility === "private" }, "only me and the game's owner"));
  const refusal = el("p", { className: "error", id: "note-error", role: "alert" });
  async function submit(event) {
    event.preventDefault();
    refusal.textContent = "";
    const body = { at, text: text.value, glyph: glyph.value, marks: [...marks], bookmark: bookmark.value.trim(), visibility: visibility.value };
    try {
      await save(body);
    } catch (problem) {
      refusal.textContent = problem.message;
    }
  }
  return el("form", { className: "note-form", id: "note-form", onsubmit: submit },
    el("h3", {}, note ? `Edit your note on step ${at}` : `A note on step ${at}`),
    text,
    el("div", { className: "field" }, el("label", { for: "note-glyph" }, "Glyph"), glyph,
      el("label", { for: "note-bookmark" }, "Bookmark"), bookmark,
      el("label", { for: "note-visibility" }, "Seen by"), visibility),
    marksLine,
    el("div", { className: "field" }, el("button", { type: "submit", className: "primary", id: "note-save" }, note ? "Save the edit" : "Write the note"),
      el("button", { type: "button", onclick: cancel }, "Cancel")),
    refusal);
}

/** The line under the form that lists the marks and says how to change them. */
export function marksText(line, marks) {
  return fill(line, marks.length
    ? `Marked: ${marks.join(", ")}. Click a marked square or piece again to unmark it.`
    : "Click squares or pieces on the board to mark them (optional).");
}
