// What a play page without a working seat tells its reader: in the tab that created the game, each
// seat's link again; on a page that holds no seat, how a player (one who joined from a link or a room's
// code, most often) gets one; and on a page whose token stopped working, what happened and the way back.

import { el, linkBase } from "./dom.js";

/**
 * How to get back to a seat: in the tab that created the game, each person's seat link again (for a
 * player whose tab closed); on a page without a seat, how a player who joined from a link gets one.
 */
export function wayBack(gameId, host, token) {
  const base = linkBase();
  const links = Object.entries((host && host.seats) || {}).filter(([seat]) => !(host.bots || {})[seat]);
  if (links.length) {
    return el("details", { className: "seat-links-again", id: "seat-links" }, el("summary", {}, "Links for the seats"),
      el("p", { className: "hint" }, "A player whose tab closed opens their seat's link again."),
      el("ul", { className: "seat-links" }, links.map(([seat, seatToken]) => el("li", {}, `Seat ${seat}: `,
        el("input", { readonly: true, className: "link", value: `${base}#/play/${gameId}/${seatToken}`, "aria-label": `Link for seat ${seat}` })))));
  }
  if (token) return null;
  return el("p", { className: "hint", id: "no-seat" },
    "You are watching: this page holds no seat in this game. To play, open the join link or your seat's own link again, "
    + "or type the room code in Join a class on the Games page; to get back a seat you had, ask the teacher or whoever made the game.");
}

/** The words of a page whose seat's token stopped working (401: the owner freed the seat, or another
 * device claimed it): what happened, then how to get back in. */
export function seatLostWords() {
  return [
    el("p", { className: "what" }, "This seat was freed or given to another device; this page's token no longer plays it."),
    el("p", {}, "To play again, open the join link you were given, or type the room code in Join a class on the Games page "
      + "(either gives you a seat if one is free), or ask the teacher or whoever made the game to give you your seat back. "
      + "Until then you watch the game here."),
  ];
}
