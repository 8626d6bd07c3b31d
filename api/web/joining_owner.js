// The owner's joining panel on a game's page (table.js), shown in a tab that holds the game's owner token:
// the tab that created the game (net.js hostOf) or one opened with the owner's own link. "Let players
// join" opens joining (POST /games/<id>/joining, with a cap of seats per address if asked), shows the join
// link's QR code large (an <img> of the SVG the service drew: an image runs no script, and the page's
// policy allows data: images) with the link printed under it and a Copy button, lists who joined which
// seat (GET, read again every few seconds while the panel is on the page), frees a joined seat (DELETE
// .../joining/seats/<n>, asked again first) and closes joining (DELETE).
//
// The service shows a join code only when it makes it (it keeps the code's hash): this tab keeps the last
// link it made (session storage) so that a reload shows it again, and forgets it once the service says
// the code no longer opens the game (GET /join/<code>: closed or replaced).

import { api } from "./net.js";
import { el, fill, seatLabel } from "./dom.js";

const LINK_KEY = (game) => `ludolog:join-link:${game}`;
const REFRESH_MS = 3000;

/** The panel for the game's owner, or null where this tab holds no token that may be the owner's. */
export function joiningPanel(gameId, host, token) {
  const owner = host && host.owner ? host.owner : null;
  if (!owner && !token) return null;
  const panel = el("details", { className: "joining-owner", id: "joining-panel", hidden: !owner });
  const status = el("p", { id: "joining-status", "aria-live": "polite" });
  const linkBox = el("div", { className: "join-qr-box", id: "join-qr-box" });
  const joinedList = el("ul", { className: "joined-list", id: "joined-list", "aria-label": "Who joined" });
  const message = el("p", { className: "error", id: "joining-error", role: "alert" });
  const capInput = el("input", { type: "number", id: "seats-per-address", min: 1, max: 1000, step: 1, inputmode: "numeric",
    placeholder: "no cap" });
  const openButton = el("button", { type: "button", className: "primary", id: "open-joining", onclick: () => openJoining() },
    "Open joining");
  const closeButton = el("button", { type: "button", id: "close-joining", onclick: () => closeJoining() }, "Close joining");
  let seats = [], state = null, busy = false, timer = null, key = owner || token;

  panel.append(el("summary", {}, "Let players join"), status, linkBox,
    el("div", { className: "field joining-open" },
      el("label", { for: "seats-per-address" }, "Seats one address may hold (empty: no cap)"), capInput, " ", openButton, " ", closeButton),
    el("h3", {}, "Who joined"), joinedList, message);

  function keptLink() {
    const text = sessionStorage.getItem(LINK_KEY(gameId));
    try { return text ? JSON.parse(text) : null; } catch (error) { return null; }
  }

  async function start() {
    if (!panel.isConnected) return;  // the page was left before it was drawn
    try {
      const game = await api(`/games/${gameId}`, { token: key });
      if (game.viewer !== "owner") { panel.remove(); return; }
      seats = game.seats;
      panel.hidden = false;
      await refresh();
      if (state && state.open) panel.open = true;
    } catch (problem) {
      if (!owner) { panel.remove(); return; }
      message.textContent = problem.message;
    }
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (!panel.isConnected) return;  // another page: no more reading
      if (document.visibilityState !== "hidden") await refresh().catch(() => {});
      schedule();
    }, REFRESH_MS);
  }

  async function refresh() {
    const read = await api(`/games/${gameId}/joining`, { token: key });
    let link = keptLink();
    if (link && read.open) {
      try { await api(`/join/${encodeURIComponent(link.code)}`); } catch (problem) { if (problem.status === 404 || problem.status === 410) link = null; }
    }
    if (!read.open || !link) sessionStorage.removeItem(LINK_KEY(gameId));
    state = read;
    draw(read.open ? link : null);
  }

  function draw(link) {
    const cap = state.seats_per_address;
    const open = state.open_seats.length;
    status.textContent = state.open
      ? `Joining is open: ${open} of ${seats.length} seat${seats.length === 1 ? "" : "s"} open${cap ? `; one address may hold ${cap} seat${cap === 1 ? "" : "s"}` : ""}.`
      : "Joining is closed: open it to show the class one link and its QR code.";
    openButton.textContent = state.open ? "Make a new link" : "Open joining";
    closeButton.hidden = !state.open;
    if (link) {
      const shown = linkBox.querySelector("#join-link");
      if (!shown || shown.textContent !== link.link) drawLink(link);
    } else {
      fill(linkBox, state.open ? el("p", { className: "hint", id: "join-link-lost" },
        "The link was shown when joining was opened, in the tab that opened it. Make a new link to show it here: the one given before stops working.") : null);
    }
    fill(joinedList, state.joined.length ? state.joined.map((joined) => el("li", { "data-seat": joined.seat },
      el("span", {}, `${seatLabel(seats, joined.seat)}: `), el("strong", { className: "joined-name" }, joined.name), " ",
      el("button", { type: "button", className: "free-seat", "data-seat": joined.seat, onclick: () => free(joined) }, "Free")))
      : el("li", { className: "hint" }, "Nobody yet."));
  }

  function drawLink(link) {
    const image = el("img", { id: "join-qr", className: "join-qr", alt: `QR code of the join link ${link.link}`,
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(scalable(link.qr_svg))}` });
    const text = el("p", { className: "join-link-text", id: "join-link" }, link.link);
    const said = el("span", { className: "hint", id: "join-copied", "aria-live": "polite" });
    const copy = el("button", { type: "button", id: "copy-join-link", onclick: () => copyText(text, link.link, said) }, "Copy the link");
    const full = el("button", { type: "button", id: "join-full-screen", onclick: () => linkBox.requestFullscreen?.().catch(() => {}) },
      "Full screen");
    fill(linkBox, image, text, el("p", {}, copy, " ", full, " ", said));
  }

  async function act(work) {
    if (busy) return;
    busy = true;
    message.textContent = "";
    try {
      await work();
      await refresh();
    } catch (problem) {
      message.textContent = problem.message;
    } finally {
      busy = false;
    }
  }

  function openJoining() {
    const typed = capInput.value.trim();
    if (typed && !/^[1-9][0-9]*$/.test(typed)) {
      message.textContent = "Seats one address may hold: a whole number from 1, or empty for no cap.";
      return;
    }
    if (state && state.open && keptLink() && !window.confirm("Make a new link? The link shown now stops working; the seats joined stay so.")) return;
    act(async () => {
      const opened = await api(`/games/${gameId}/joining`, { method: "POST", token: key,
        body: typed ? { seats_per_address: Number(typed) } : {} });
      sessionStorage.setItem(LINK_KEY(gameId), JSON.stringify({ code: opened.code, link: opened.link, qr_svg: opened.qr_svg }));
      panel.open = true;
    });
  }

  function closeJoining() {
    act(() => api(`/games/${gameId}/joining`, { method: "DELETE", token: key }));
  }

  function free(joined) {
    const question = `Free ${seatLabel(seats, joined.seat)}, joined by ${joined.name}? Its page stops playing, and the next device to join gets the seat.`;
    if (!window.confirm(question)) return;
    act(() => api(`/games/${gameId}/joining/seats/${joined.seat}`, { method: "DELETE", token: key }));
  }

  setTimeout(start, 0);  // once the page holds the panel
  return panel;
}

/** The QR code's SVG drawn to any size: its fixed width and height (segno's) become a viewBox, so that the
 * image fills the width the page gives it (a projector's screen) and stays sharp. */
function scalable(svgText) {
  const svg = new DOMParser().parseFromString(svgText, "image/svg+xml").documentElement;
  if (svg.nodeName !== "svg") return svgText;
  const width = parseFloat(svg.getAttribute("width")), height = parseFloat(svg.getAttribute("height"));
  if (!svg.hasAttribute("viewBox") && width > 0 && height > 0) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  return new XMLSerializer().serializeToString(svg);
}

/** The link copied to the clipboard (where the browser allows it: a secure page), else selected for the
 * reader to copy. */
async function copyText(element, text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = "Copied.";
  } catch (error) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    said.textContent = "Selected: copy it with Ctrl+C (⌘C on a Mac).";
  }
}
