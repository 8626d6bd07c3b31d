// The board: the service's SVG (drawn by the one renderer) put into the page, and, for a seat to act,
// the things its legal commands name made clickable and reachable with the keyboard. On a phone the
// board is zoomed in to read and pans in its box, and each of those things takes a finger's tap (zoom.js).

import { addTapArea, panToTargets, prepareZoom } from "./zoom.js";

/** Puts the SVG text into the element (in its view: the box that pans on a phone), parsed as SVG (never
 * as HTML), and returns the <svg> element. A zoomed view (a phone's) stays where it was panned, and pans to
 * the things to tap when they change. */
export function showBoard(holder, svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = parsed.documentElement;
  const detail = holder.querySelector(":scope > .detail");  // explainItems' box, kept
  const view = holder.querySelector(":scope > .board-view") || Object.assign(document.createElement("div"), { className: "board-view" });
  const { scrollLeft, scrollTop } = view;
  for (const child of [...holder.childNodes]) if (child !== view && child !== detail) child.remove();
  if (view.parentNode !== holder) holder.prepend(view);
  if (detail) detail.hidden = true;
  if (svg.nodeName !== "svg") {
    view.replaceChildren("The board could not be drawn.");
    return null;
  }
  const adopted = document.importNode(svg, true);
  adopted.removeAttribute("width");
  adopted.removeAttribute("height");
  prepareZoom(adopted);
  view.replaceChildren(adopted);
  view.scrollLeft = scrollLeft;
  view.scrollTop = scrollTop;
  queueMicrotask(() => panToTargets(holder));  // once the page has made its things tappable
  return adopted;
}

/** Gives the list's seats (`li.seat-N`) the colours the board draws them in, where the board names its
 * own (`data-seat-colours`: a squad called red is drawn red); else each keeps its seat's colour. */
export function paintSeats(list, svg) {
  let colours = {};
  try { colours = JSON.parse((svg && svg.getAttribute("data-seat-colours")) || "{}"); } catch { colours = {}; }
  for (const item of list.querySelectorAll("li")) {
    const seat = [...item.classList].find((name) => /^seat-\d+$/.test(name));
    const colour = seat && colours[seat.slice(5)];
    if (colour && /^#[0-9a-f]{6}$/i.test(colour)) item.style.setProperty("--seat-colour", colour);
    else item.style.removeProperty("--seat-colour");
  }
}

/** Each command's refs (the service's `refs`: for each field, the `data-ref`s of the items it names), as one list. */
export function flatRefs(legal) {
  return (legal.refs || []).map((byField) => Object.values(byField).flat());
}

/**
 * Makes the board's items whose ref is in `named` clickable. `onPick(ref)` is called when one is
 * clicked or chosen with Enter or Space; `picked` (refs) are marked as chosen. A phone's zoomed board
 * pans to the things `panTo` names (refs: what to tap next), where given.
 */
export function makePickable(svg, named, picked, onPick, panTo = []) {
  if (!svg) return;
  for (const item of svg.querySelectorAll("g[data-ref]")) {
    const ref = item.getAttribute("data-ref");
    if (!named.has(ref)) continue;
    clickable(item, picked.includes(ref), () => onPick(ref));
    if (panTo.includes(ref)) item.setAttribute("data-pan-to", "");
  }
}

/**
 * Makes each item whose ref is `allowed` a thing to choose one by one (two copies of a card are two
 * things): `onToggle(id)` is called with the item's id; `chosen` (ids) are marked.
 */
export function makeChoosable(svg, allowed, chosen, onToggle) {
  if (!svg) return;
  for (const item of svg.querySelectorAll("g[data-ref]")) {
    const id = item.getAttribute("data-id");
    if (allowed.has(item.getAttribute("data-ref"))) clickable(item, chosen.includes(id), () => onToggle(id));
  }
}

/** What a ref stands for, in words: the start of its item's title (before any ":"), else the ref. */
export function thingNamed(svg, ref) {
  const title = svg && svg.querySelector(`g[data-ref="${CSS.escape(ref)}"] > title`);
  return (title && title.textContent.split(":")[0].trim()) || ref;
}

function clickable(item, pressed, act) {
  item.classList.add("pickable");
  if (pressed) item.classList.add("picked");
  item.setAttribute("tabindex", "0");
  item.setAttribute("role", "button");
  const title = item.querySelector("title");
  item.setAttribute("aria-label", title ? title.textContent : item.getAttribute("data-ref"));
  item.setAttribute("aria-pressed", pressed ? "true" : "false");
  item.addEventListener("click", act);
  addTapArea(item, act);
  item.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act();
    }
  });
}

/** For each command type, its field that picks several things (a list of cards, of any length), from
 * the ruleset's command shapes (a list of fixed length, such as a [seat, place] target, is one thing). */
export function pickFields(ruleset) {
  const found = {};
  for (const shape of (ruleset && ruleset.commands) || []) {
    for (const [name, schema] of Object.entries(shape.schema.properties || {})) {
      if (schema.type === "array" && schema.items && !(schema.minItems !== undefined && schema.minItems === schema.maxItems)) found[shape.type] = name;
    }
  }
  return found;
}

/** Commands that differ only in the things their pick field names (a mulligan's every subset of a
 * hand), grouped: {key, type, field, members: indexes}; a command alone in its group is left out. */
export function pickGroups(commands, fields) {
  const groups = new Map();
  commands.forEach((command, index) => {
    const field = fields[command.type];
    if (!field || !Array.isArray(command[field])) return;
    const rest = { ...command };
    delete rest[field];
    const key = JSON.stringify(rest);
    if (!groups.has(key)) groups.set(key, { key, type: command.type, field, members: [] });
    groups.get(key).members.push(index);
  });
  return [...groups.values()].filter((group) => group.members.length > 1);
}

/** The index of the group's command whose pick field names exactly these refs (as many of each), or -1. */
export function pickedMember(legal, group, refs) {
  const wanted = [...refs].sort().join("\u0000");
  const found = group.members.find((index) => [...(legal.refs[index][group.field] || [])].sort().join("\u0000") === wanted);
  return found === undefined ? -1 : found;
}

/** Of the commands (indexes), those that name every picked ref (`refs`: each command's, from `flatRefs`). */
export function matching(indexes, refs, picked) {
  return indexes.filter((index) => picked.every((ref) => refs[index].includes(ref)));
}

/**
 * Shows, in a box over the board, the words of the item under the pointer, the finger or the keyboard's
 * focus (its <title>: a card's whole text, a counter's meaning), in a readable size, so a small drawing
 * never hides what a thing is. `holder` is the board's box (`showBoard` keeps the box).
 */
export function explainItems(holder) {
  const box = document.createElement("div");
  box.className = "detail";
  box.id = "detail";
  box.setAttribute("role", "status");
  box.hidden = true;
  holder.append(box);
  let frame = 0, shown = null;
  function itemAt(svg, clientX, clientY) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    const items = [...svg.querySelectorAll("g[data-id]")].filter((item) => item.querySelector(":scope > title"));
    for (let index = items.length - 1; index >= 0; index -= 1) {
      const b = items[index].getBBox();
      if (point.x >= b.x && point.x <= b.x + b.width && point.y >= b.y && point.y <= b.y + b.height) return items[index];
    }
    return null;
  }
  function show(item) {
    const title = item ? item.querySelector(":scope > title") : null;
    if (item === shown) return;
    shown = item;
    if (!title) { box.hidden = true; return; }
    box.textContent = title.textContent;
    const area = holder.getBoundingClientRect(), rect = item.getBoundingClientRect();
    box.hidden = false;
    const left = rect.right - area.left + 8 + box.offsetWidth > area.width ? rect.left - area.left - box.offsetWidth - 8 : rect.right - area.left + 8;
    box.style.left = `${Math.max(4, left)}px`;
    box.style.top = `${Math.max(4, rect.top - area.top)}px`;
  }
  const at = (event) => {
    const svg = holder.querySelector("svg");
    const area = event.target.closest && event.target.closest("rect.tap-area");  // a finger beside a small thing
    const near = area && svg.querySelector(`g[data-id="${CSS.escape(area.dataset.tapFor)}"]`);
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => show(near || (svg ? itemAt(svg, event.clientX, event.clientY) : null)));
  };
  holder.addEventListener("pointermove", at);
  holder.addEventListener("pointerdown", at);
  holder.addEventListener("pointerleave", () => { cancelAnimationFrame(frame); show(null); });
  holder.addEventListener("focusin", (event) => show(event.target.closest && event.target.closest("g[data-id]")));
  holder.addEventListener("focusout", () => show(null));
}
