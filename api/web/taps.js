// A phone's play: on a touch screen a tap on the board selects the move it would play and says so in
// words, and only a second tap on the same thing, or Confirm, plays it (a finger brushing the board plays
// nothing); and a button that shows the whole board, fitted to the screen, where it is zoomed in to read.

import { el } from "./dom.js";
import { panToTargets } from "./zoom.js";

/** Whether a tap on the board only selects: on a touch screen (its pointer is coarse) or in a window as
 * narrow as a phone's (40rem), whatever points at it. A mouse on a wide screen plays at once. */
export function tapsSelect() {
  return matchMedia("(pointer: coarse), (max-width: 40rem)").matches;
}

/** The words and buttons of a move selected on the board and not yet played: Confirm plays it, Cancel
 * (as a tap elsewhere on the board) clears it; on a phone they stay at the screen's foot (the stylesheet). */
export function confirmBar(label, { confirm, cancel }) {
  return el("div", { className: "selected-move" },
    el("p", { className: "selection", id: "selection", role: "status" },
      `Selected: ${label}. Tap it again, or Confirm, to play it; Cancel, or tap elsewhere, to choose again.`),
    el("p", { className: "confirm-bar" },
      el("button", { type: "button", className: "primary", id: "confirm-move", onclick: confirm }, `Confirm: ${label}`), " ",
      el("button", { type: "button", className: "clear", id: "cancel-move", onclick: cancel }, "Cancel")));
}

/** A toggle button that shows the whole board (`box`) fitted to the screen's width, its text small, and
 * (pressed again) the board zoomed in to read, panning in its box (zoom.js); shown on narrow screens only
 * (the stylesheet), where the board is zoomed in at first. */
export function enlargeButton(box) {
  const button = el("button", { type: "button", className: "board-size", id: "board-size", "aria-pressed": "false",
    "aria-controls": box.id }, "See the whole board");
  button.addEventListener("click", () => {
    const whole = box.classList.toggle("whole");
    button.setAttribute("aria-pressed", String(whole));
    if (!whole) panToTargets(box, { again: true });
  });
  return button;
}
