// Building the page: every text a player typed goes in as a text node, never as markup.

/** An element with attributes (`on...` functions become listeners) and children (texts become text nodes). */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else if (key === "className") element.className = value;
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replaces an element's children, leaving out the empty ones (null, undefined, false). */
export function fill(element, ...children) {
  element.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

let generation = 0;

/**
 * A new page: the function returned fills the page (as `setPage`) until another page is claimed, and
 * does nothing after (a page still loading when the reader has moved on never covers the next one);
 * its `current()` says whether it is still the page shown.
 */
export function claimPage() {
  const mine = ++generation;
  const show = (...children) => (mine === generation ? setPage(...children) : null);
  show.current = () => mine === generation;
  return show;
}

/** Replaces the page's content and moves the focus to it (for screen readers, after a route change). */
export function setPage(...children) {
  const page = document.getElementById("page");
  page.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return page;
}

/** A seat named as the page shows it: "2 Ben". */
export function seatLabel(seats, number) {
  const seat = seats.find((s) => s.seat === number);
  return seat ? `${seat.seat} ${seat.name}${seat.role ? ` (${seat.role})` : ""}` : `seat ${number}`;
}

/** The outcome or whom the game waits for, in words; a game its players ended (`ended_by`: a resignation, a
 * draw agreed, an abort) says so, so that it never reads as a result of the rules. */
export function statusText(game) {
  const ended = game.outcome ? endedEarly(game) : null;
  if (ended) return ended;
  if (game.outcome) {
    const winners = game.outcome.winners.map((n) => seatLabel(game.seats, n));
    const who = game.outcome.at_limit  // stopped when time ran out: not a finished game
      ? `Stopped at its limit, ${winners.length ? `${winners.join(" and ")} ahead` : "level"}`
      : winners.length ? `Won by ${winners.join(" and ")}` : "A draw";
    return `${who}: ${game.outcome.reason}`;
  }
  if (game.thinking) return game.thinking.sentence;  // a bot seat to act: the service is choosing its move
  const waiting = game.to_act.map((n) => seatLabel(game.seats, n));
  return waiting.length ? `Waiting for ${waiting.join(", ")}` : "Waiting";
}

/** How a game its players ended did end, in words, or null for an ending of the rules. */
function endedEarly(game) {
  const { winners, reason, ended_by: endedBy } = game.outcome;
  if (endedBy === "agreement") return `Drawn by agreement: ${reason}`;
  if (endedBy === "abort") return `Aborted, no result: ${reason}`;
  if (endedBy !== "resignation") return null;
  const won = winners.map((n) => seatLabel(game.seats, n)).join(" and ");
  const left = game.seats.filter((s) => !winners.includes(s.seat));  // every other seat won: the one left resigned
  const who = winners.length && left.length === 1 ? `${seatLabel(game.seats, left[0].seat)} resigned` : reason;
  return `Ended by resignation: ${who}, ${winners.length ? `so ${won} ${winners.length > 1 ? "win" : "wins"}` : "and nobody wins"}`;
}

export function shortId(id) {
  return id.slice(0, 8);
}

/** Where the links a page gives begin: the address students open, where the service has one (ludolog serve
 * --class), else the address this page was opened at. */
export function linkBase() {
  const given = document.querySelector('meta[name="ludolog-public-url"]')?.getAttribute("content");
  return given ? given.replace(/\/*$/, "/") : `${location.origin}${location.pathname}`;
}
