// Ending a game without its rules, as a seat chooses (the API's /resign, /draw-offers and /abort), shown as
// Lichess shows it: small buttons beside the board. Resign and Abort each ask again before they are sent (one
// stray tap on a phone ends nothing); Offer draw shows where draws may be agreed (no bot plays a seat: a bot agrees to none); Abort shows
// while some seat has not played a command yet (the page counts each seat's commands in the game's events).
// A draw another seat offered is shown with Accept and Decline; the seat that offered sees its offer stand.
// A seat knocked out of the game (not in `seats_in_play`) sees an offer as a watcher does: it has no say.
// How such a game ended is said by dom.js's statusText (the outcome's `ended_by`).

import { api } from "./net.js";
import { el, fill, seatLabel } from "./dom.js";

/** The types of the events of a seat's own acts here: not a ruleset's commands. */
const EARLY_EVENTS = new Set(["Resigned", "DrawOffered", "DrawDeclined", "DrawAgreed", "Aborted"]);

/** What the bar keeps across the page's redraws: the seats that have played a command, which act waits for
 * its confirmation (null, "resign" or "abort"), and whether a request is under way. */
export function newConcede() {
  return { played: new Set(), confirming: null, sending: false };
}

/** The question each act asks before it is sent, and the words of its confirming button. */
const QUESTIONS = {
  resign: { question: "Resign this game?", says: "It ends at once and cannot be taken back.", yes: "Yes, resign" },
  abort: { question: "Abort this game?", says: "It ends at once with no result, for every seat, and cannot be taken back.",
    yes: "Yes, abort" },
};

/** Reads one event of the game: a command's (a seat caused it, with a command id) says its seat has played. */
export function noteEvent(state, event) {
  if (typeof event.seat === "number" && event.command_id && !EARLY_EVENTS.has(event.type)) state.played.add(event.seat);
}

/** Whether the game may still be aborted: some seat has not played a command yet (as far as the page knows;
 * the API decides, and its refusal shows in the page's refusal area). */
function abortable(game, state) {
  return game.seats.some((s) => !state.played.has(s.seat));
}

/** Seats named and joined: "1 Ann and 2 Ben". */
function named(game, numbers) {
  return numbers.map((n) => seatLabel(game.seats, n)).join(" and ");
}

/**
 * Draws the bar in `box` for the page of seat `own` (null: a watcher, or the owner, who plays no seat):
 * the draw offer standing, and this seat's buttons. `drawsAgreed`: whether the ruleset takes draws by
 * agreement (true where the API does not say); `act(method, path)`: sends the seat's act and looks again.
 */
export function drawConcede(box, game, own, state, { drawsAgreed, act }) {
  if (game.status === "over") {
    state.confirming = null;
    return fill(box);  // the status says how the game ended
  }
  const offer = game.draw_offer || [];
  const inPlay = game.seats_in_play || game.seats.map((s) => s.seat);
  const waiting = inPlay.filter((n) => !offer.includes(n));
  const mine = own !== null && offer.includes(own);
  if (own !== null && !inPlay.includes(own)) own = null;  // a seat out of the game has no say: it watches
  const button = (id, label, onclick, className = "") =>
    el("button", { type: "button", id, className, disabled: state.sending, onclick }, label);
  let standing = null;
  if (offer.length && own !== null && !mine) {
    standing = el("div", { className: "draw-offer", id: "draw-offer", role: "status" },
      el("p", {}, `${named(game, offer)} ${offer.length > 1 ? "offer" : "offers"} a draw.`),
      el("p", { className: "concede-buttons" },
        button("draw-accept", "Accept the draw", () => act("POST", "draw-offers"), "primary"), " ",
        button("draw-decline", "Decline", () => act("DELETE", "draw-offers"))));
  } else if (mine) {
    standing = el("div", { className: "draw-offer", id: "draw-offer", role: "status" },
      el("p", {}, `You ${offer.length > 1 ? "agreed to the draw offered" : "offered a draw"}: `
        + `it stands until ${named(game, waiting)} ${waiting.length > 1 ? "agree" : "agrees"} or declines, or a command is played.`),
      el("p", { className: "concede-buttons" }, button("draw-withdraw", "Withdraw the offer", () => act("DELETE", "draw-offers"))));
  } else if (offer.length) {
    standing = el("p", { className: "draw-offer", id: "draw-offer", role: "status" },
      `${named(game, offer)} offered a draw; it waits for ${named(game, waiting)}.`);
  }
  if (own === null) return fill(box, standing);
  const bots = (game.players || []).some((player) => player.kind === "bot");
  const redraw = () => drawConcede(box, game, own, state, { drawsAgreed, act });
  if (state.confirming === "abort" && !abortable(game, state)) state.confirming = null;  // too late now: no question
  if (state.confirming) {
    const kind = state.confirming;
    const { question, says, yes } = QUESTIONS[kind];
    return fill(box, standing, el("div", { className: "resign-confirm", id: `${kind}-ask`, role: "alertdialog",
      "aria-label": question },
    el("p", {}, `${question} ${says}`),
    el("p", { className: "concede-buttons" },
      button(`${kind}-confirm`, yes, () => act("POST", kind), "danger"), " ",
      button(`${kind}-cancel`, "Cancel", () => { state.confirming = null; redraw(); }))));
  }
  const ask = (kind) => () => {  // the question, its safe answer focused
    state.confirming = kind;
    redraw();
    box.querySelector(`#${kind}-cancel`).focus();
  };
  return fill(box, standing, el("p", { className: "concede-buttons" },
    button("resign", "Resign…", ask("resign")),
    drawsAgreed && !bots && !offer.length ? button("offer-draw", "Offer a draw", () => act("POST", "draw-offers")) : null,
    abortable(game, state) ? button("abort", "Abort…", ask("abort")) : null));
}

/** Sends the seat's act (`path` under the game: resign, draw-offers, abort); a refusal shows in `refusal`;
 * then `after()` (the page looks again). */
export async function sendAct(state, gameId, token, method, path, refusal, after) {
  if (state.sending) return;
  state.sending = true;
  refusal.textContent = "";
  try {
    await api(`/games/${gameId}/${path}`, { method, token });
    state.confirming = null;
  } catch (problem) {
    refusal.textContent = problem.message;
  } finally {
    state.sending = false;
  }
  await after();
}
