// A phone's play: on a touch screen a tap on the board selects the move it would play and says so in
// words, and only a second tap on the same thing, or Confirm, plays it (a finger brushing the board plays
// nothing); and a button that enlarges the board, which fits the screen's width, to read its small print.

import { el } from "./dom.js";

/** Whether a tap on the board only selects: on a touch screen (its pointer is coarse) or in a window as
 * narrow as a phone's (40rem), whatever points at it. A mouse on a wide screen plays at once. */
export function tapsSelect() {
  return matchMedia("(pointer: coarse), (max-width: 40rem)").matches;
}

/** The words and buttons of a move selected on the board and not yet played: Confirm plays it, Cancel
 * (as a tap elsewhere on the board) clears it. */
export function confirmBar(label, { confirm, cancel }) {
  return [
    el("p", { className: "selection", id: "selection", role: "status" },
      `Selected: ${label}. Tap it again, or Confirm, to play it; Cancel, or tap elsewhere, to choose again.`),
    el("p", { className: "confirm-bar" },
      el("button", { type: "button", className: "primary", id: "confirm-move", onclick: confirm }, `Confirm: ${label}`), " ",
      el("button", { type: "button", className: "clear", id: "cancel-move", onclick: cancel }, "Cancel")),
  ];
}

/** A toggle button that shows the board (`box`) at the size it has on a wide screen, in a box that
 * scrolls sideways, and (pressed again) at the screen's width; shown on narrow screens only (the stylesheet). */
export function enlargeButton(box) {
  const button = el("button", { type: "button", className: "board-size", id: "board-size", "aria-pressed": "false",
    "aria-controls": box.id }, "Enlarge the board");
  button.addEventListener("click", () => {
    const enlarged = box.classList.toggle("enlarged");
    button.setAttribute("aria-pressed", String(enlarged));
  });
  return button;
}
