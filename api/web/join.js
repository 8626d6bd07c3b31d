// The join page (#/join/<code>): a device joining a game from its one link (or QR code) reads which game
// it joins and how many seats are open (GET /join/<code>), gives the name to join under, claims one open
// seat (POST /join/<code>) and opens that seat's play page with the seat's token kept in the tab and in
// the browser. One press, one claim.
//
// The device remembers the seat it claimed (local storage, under the code: the game, the seat and its
// token), so the link opened again on it, after a reload or a closed tab, offers "Back to your seat" while
// that token still plays the seat (GET the game with it), and Join never claims a second seat from it. A
// seat its owner freed (the token refused, 401) is said so, forgotten, and the device may join anew.

import { api, keepToken, tokenFor } from "./net.js";
import { claimPage, el } from "./dom.js";

const CLAIM_PREFIX = "ludolog:joined:";

/** What this browser keeps of a seat it claimed through `code`: {game_id, seat, seat_name, name, token}. */
function keptClaim(code) {
  try {
    const text = window.localStorage.getItem(CLAIM_PREFIX + code);
    return text ? JSON.parse(text) : null;
  } catch (error) {
    return null;  // a browser that keeps nothing (a private window) or a damaged entry: nothing kept
  }
}

function keepClaim(code, claim) {
  try {
    if (claim) window.localStorage.setItem(CLAIM_PREFIX + code, JSON.stringify(claim));
    else window.localStorage.removeItem(CLAIM_PREFIX + code);
  } catch (error) { /* kept in the tab only */ }
}

/** The seat this browser claimed in the game, through this code or an earlier one of the same game
 * (its owner opened joining again), and the code it is kept under; null when none. */
function claimFor(code, gameId) {
  const own = keptClaim(code);
  if (own || !gameId) return own ? { code, claim: own } : null;
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (!key || !key.startsWith(CLAIM_PREFIX)) continue;
      const other = keptClaim(key.slice(CLAIM_PREFIX.length));
      if (other && other.game_id === gameId) return { code: key.slice(CLAIM_PREFIX.length), claim: other };
    }
  } catch (error) { /* nothing kept */ }
  return null;
}

/** Whether the kept claim's token still plays its seat: "plays", "freed" (refused: forgotten here), or
 * a Problem (the service not reached: nothing is concluded, nothing claimed). */
async function stillPlays(kept) {
  try {
    const game = await api(`/games/${kept.claim.game_id}`, { token: kept.claim.token });
    if (game.viewer === kept.claim.seat) return "plays";
  } catch (problem) {
    if (problem.status !== 401 && problem.status !== 404) return problem;
  }
  keepClaim(kept.code, null);
  if (tokenFor(kept.claim.game_id) === kept.claim.token) keepToken(kept.claim.game_id, null);
  return "freed";
}

export async function showJoin(code) {
  const show = claimPage();
  show(el("h1", {}, "Join the game"), el("p", {}, "Loading…"));
  let invited = null, refused = null;
  try {
    invited = await api(`/join/${encodeURIComponent(code)}`);
  } catch (problem) {
    refused = problem;  // an unknown or closed code: a seat claimed through it may still play
  }
  const kept = claimFor(code, invited && invited.game_id);
  const held = kept ? await stillPlays(kept) : null;
  if (!show.current()) return null;

  const heading = el("h1", { id: "join-title" }, invited ? `Join ${invited.name}` : "Join the game");
  const about = el("p", { id: "join-about", className: "join-about" }, invited ? seatsOpen(invited) : null);
  if (held === "plays") {
    const { claim } = kept;
    show(heading, about,
      el("p", { id: "join-held" }, `This device already holds seat ${claim.seat} ${claim.seat_name} of this game, joined as `,
        el("strong", {}, claim.name), ": it gets no second seat."),
      el("p", {}, el("button", { type: "button", className: "primary", id: "join-back", onclick: () => backTo(claim) },
        "Back to your seat")));
    document.getElementById("join-back").focus();
    return null;
  }

  const nameInput = el("input", { id: "join-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
  const message = el("p", { role: "alert", className: "error", id: "join-error" });
  const button = el("button", { type: "submit", className: "primary" }, "Join");
  const freed = held === "freed"
    ? el("p", { id: "join-freed", className: "notice" }, `The seat this device joined (${kept.claim.seat} ${kept.claim.seat_name}) `
      + "no longer plays: the game's owner freed it or gave it a new token. Join again to get an open seat.")
    : null;
  if (held && held !== "freed") message.textContent = held.message;
  if (refused) {  // an unknown or closed code: nothing to join, and no seat of this device to go back to
    message.textContent = refused.message;
    show(heading, freed, message);
    return null;
  }

  async function join(event) {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    message.textContent = "";
    try {
      // a seat this device claimed meanwhile (another tab, a press before): back to it, never a second one
      const before = claimFor(code, invited && invited.game_id);
      const state = before ? await stillPlays(before) : null;
      if (state === "plays") return backTo(before.claim);
      if (state && state !== "freed") throw state;
      const claimed = await api(`/join/${encodeURIComponent(code)}`, { method: "POST", body: { name: nameInput.value.trim() } });
      keepClaim(code, { game_id: claimed.game_id, seat: claimed.seat, seat_name: claimed.seat_name, name: claimed.name,
        token: claimed.token });
      backTo(claimed);
    } catch (problem) {
      message.textContent = problem.message;
      button.disabled = false;
    }
  }

  show(heading, about, freed,
    el("form", { id: "join", onsubmit: join },
      el("div", { className: "field" }, el("label", { for: "join-name" }, "Your name"), nameInput),
      button, message),
  );
  nameInput.focus();
  return null;
}

/** "Missions: 2 of 3 seats open", or that every seat is taken. */
function seatsOpen(invited) {
  const seats = `${invited.seats} seat${invited.seats === 1 ? "" : "s"}`;
  if (!invited.open_seats) return `${invited.title}: every one of its ${seats} is taken; its owner may free one.`;
  return `${invited.title}: ${invited.open_seats} of ${seats} open`;
}

function backTo(claim) {
  keepToken(claim.game_id, claim.token, { lasting: true });
  location.hash = `#/play/${claim.game_id}`;
}
