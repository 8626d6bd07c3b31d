// What the room pages share: a room's code as a person types it, the lobby's "Join a class" box, the
// room's QR code drawn from the service's SVG as an image (nothing in it runs, and it scales to any size),
// a page's polling of the service, and "how long ago" in words.

import { el } from "./dom.js";

const CODE_LENGTH = 6;

/** A room code as typed, read kindly: case, spaces and dashes ignored ("kxm-pta" is "KXMPTA"). */
export function typedCode(text) {
  return String(text || "").toUpperCase().replace(/[\s-]+/g, "");
}

/** Why a typed code cannot be a room's (one line), or null. */
export function codeProblem(code) {
  if (!code) return "Type the room's code: the 6 letters on the board.";
  if (!/^[A-Z]+$/.test(code)) return `A room code is letters only, like KXMPTA: ${code} is not one.`;
  if (code.length !== CODE_LENGTH) return `A room code is ${CODE_LENGTH} letters, like KXMPTA: ${code} has ${code.length}.`;
  return null;
}

/** The lobby's box: join a class by its code (to the room's page), or open a room for a class. */
export function classBox() {
  const input = el("input", { id: "class-code", name: "code", maxlength: 20, size: 10, autocomplete: "off",
    autocapitalize: "characters", spellcheck: "false", placeholder: "KXMPTA", "aria-describedby": "class-code-error" });
  const message = el("p", { role: "alert", className: "error", id: "class-code-error" });
  const go = (event) => {
    event.preventDefault();
    const code = typedCode(input.value);
    const problem = codeProblem(code);
    message.textContent = problem || "";
    if (!problem) location.hash = `#/room/${code}`;
  };
  return el("section", { className: "class-box", "aria-labelledby": "class-box-title" },
    el("h2", { id: "class-box-title" }, "Join a class"),
    el("form", { id: "class-join", className: "field", onsubmit: go },
      el("label", { for: "class-code" }, "Room code"), input,
      el("button", { type: "submit", className: "primary" }, "Join")),
    message,
    el("p", {}, "A teacher? ", el("a", { href: "#/new-room", id: "new-room-link" }, "Open a room for a class"),
      ": one code seats the whole class at tables."));
}

/** The service's QR code (SVG text) as an image that scales to its box: parsed, given a view box, and drawn
 * from a data address (an image's script never runs); null when the text is not an SVG. */
export function qrImage(svgText, alt, id) {
  const doc = new DOMParser().parseFromString(svgText || "", "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.localName !== "svg" || doc.querySelector("parsererror")) return null;
  for (const bad of svg.querySelectorAll("script, foreignObject")) bad.remove();
  const width = parseFloat(svg.getAttribute("width")) || 100;
  const height = parseFloat(svg.getAttribute("height")) || width;
  if (!svg.getAttribute("viewBox")) svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  const text = new XMLSerializer().serializeToString(svg);
  return el("img", { id, className: "qr", alt, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
}

/**
 * Calls `step()` (now, or after `ms` when `now` is false) and again every `ms` milliseconds after each call
 * ends, until the returned function is called (the page left) or `step` answers false.
 */
export function poll(step, ms, { now = true } = {}) {
  let stopped = false;
  let timer = null;
  async function run() {
    if (stopped) return;
    let again = true;
    try { again = (await step()) !== false; } catch (error) { again = true; }
    if (!stopped && again) timer = setTimeout(run, ms);
  }
  if (now) run();
  else timer = setTimeout(run, ms);
  return () => { stopped = true; clearTimeout(timer); };
}

/** How long ago an ISO time was, in words: "12 s", "3 min", "1 h 5 min". */
export function ago(iso) {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return "";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Saves a Blob as a file the browser downloads. */
export function saveBlob(blob, name) {
  const link = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

/** Marks the page as a room's (its layout: large text and buttons a finger's height on a phone) until the
 * returned function is called. */
export function roomLayout(kind) {
  document.body.classList.add("room-page", `room-${kind}`);
  return () => document.body.classList.remove("room-page", `room-${kind}`);
}
