// A phone's board: drawn at the size where its smallest text is readable (12 CSS px: the picture's own
// smallest font size gives the scale), in a view (`.board-view`, in the board's box) of the screen's width
// and about a third of its height that pans with a finger, turned to the things the seat may tap (once one
// is chosen, to those that finish the move); each of those things takes a tap anywhere in a square 44 CSS px
// wide around it (WCAG 2.5.5), its own drawing staying on top. "See the whole board" (taps.js) fits it to
// the screen instead. On a wider screen the stylesheet keeps the board as it was: fitted, no tap areas.

const READABLE_PX = 12;  // the smallest text on a phone's board, in CSS px
const TAP_PX = 44;  // the smallest tap target, in CSS px
const PHONE = "(max-width: 40rem)";  // the stylesheet's phone layout

/** CSS px per board unit at which the drawing's smallest text is READABLE_PX. */
export function readableScale(svg) {
  const sizes = [...svg.querySelectorAll("text[font-size]")].map((text) => parseFloat(text.getAttribute("font-size"))).filter((size) => size > 0);
  const smallest = sizes.length ? Math.min(...sizes) : svg.viewBox.baseVal.width * 11 / 800;  // the picture format's floor
  return READABLE_PX / smallest;
}

/** Readies a board about to be shown: the width it reads at (`--readable-width`, for the phone's
 * stylesheet) and an empty layer, under every item, for the tap areas. */
export function prepareZoom(svg) {
  const scale = readableScale(svg);
  svg.dataset.readableScale = String(scale);
  svg.style.setProperty("--readable-width", `${Math.ceil(svg.viewBox.baseVal.width * scale)}px`);
  const layer = document.createElementNS(svg.namespaceURI, "g");  // the SVG namespace, as the board has it
  layer.setAttribute("class", "tap-areas");
  layer.setAttribute("aria-hidden", "true");
  svg.prepend(layer);
}

/** Whether the box shows its board zoomed in (a phone, not turned to the whole board). */
export function zoomed(holder) {
  return matchMedia(PHONE).matches && !holder.classList.contains("whole");
}

/** A tap area for a thing one may tap (`act` is what a tap on it does), on a phone: its box grown to
 * TAP_PX at the readable scale, centred on it and kept on the board, in the layer under the items (the
 * stylesheet shows the layer only while the board is zoomed in). */
export function addTapArea(item, act) {
  const svg = item.ownerSVGElement;
  const layer = svg && svg.querySelector(":scope > g.tap-areas");
  if (!layer || !matchMedia(PHONE).matches) return;
  const least = TAP_PX / Number(svg.dataset.readableScale);
  const box = item.getBBox(), view = svg.viewBox.baseVal;
  const width = Math.max(box.width, least), height = Math.max(box.height, least);
  if (width === box.width && height === box.height) return;  // big enough as drawn
  const keep = (start, size, end) => Math.max(0, Math.min(start, end - size));  // on the board (its viewBox starts at 0 0)
  const area = document.createElementNS(svg.namespaceURI, "rect");
  area.setAttribute("class", "tap-area");
  area.setAttribute("data-tap-for", item.getAttribute("data-id"));
  area.setAttribute("x", String(keep(box.x - (width - box.width) / 2, width, view.x + view.width)));
  area.setAttribute("y", String(keep(box.y - (height - box.height) / 2, height, view.y + view.height)));
  area.setAttribute("width", String(width));
  area.setAttribute("height", String(height));
  area.setAttribute("fill", "transparent");
  area.addEventListener("click", act);
  layer.append(area);
}

/**
 * Pans a zoomed view to the things the seat may tap when they change: those the page names (`data-pan-to`:
 * what to tap next, once a thing is chosen), else its pieces to move, else every thing to tap; of those, the
 * largest group that fits the view. Otherwise the view stays where the reader panned it. Called once a
 * board's things are made tappable (a microtask after `showBoard`).
 */
export function panToTargets(holder, { again = false } = {}) {
  const view = holder.querySelector(":scope > .board-view");
  const svg = view && view.querySelector(":scope > svg");
  if (!svg || !zoomed(holder)) return;
  const [named, pieces] = [svg.querySelectorAll("g.pickable[data-pan-to]"), svg.querySelectorAll("g.pickable.piece")];
  const items = [...(named.length ? named : pieces.length ? pieces : svg.querySelectorAll("g.pickable"))];
  const key = items.map((item) => item.getAttribute("data-id")).join("\u0000");
  if (!again && key === view.dataset.panned) return;
  view.dataset.panned = key;
  if (!items.length) return;
  const frame = view.getBoundingClientRect();
  const boxes = items.map((item) => {
    const rect = item.getBoundingClientRect();
    const left = rect.left - frame.left + view.scrollLeft, top = rect.top - frame.top + view.scrollTop;
    return { left, top, right: left + rect.width, bottom: top + rect.height, x: left + rect.width / 2, y: top + rect.height / 2 };
  });
  const width = view.clientWidth, height = view.clientHeight;
  const near = (centre) => boxes.filter((other) => Math.abs(other.x - centre.x) <= width / 2 && Math.abs(other.y - centre.y) <= height / 2);
  const group = boxes.map(near).reduce((best, found) => (found.length > best.length ? found : best), []);
  const left = Math.min(...group.map((b) => b.left)), right = Math.max(...group.map((b) => b.right));
  const top = Math.min(...group.map((b) => b.top)), bottom = Math.max(...group.map((b) => b.bottom));
  view.scrollLeft = Math.max(0, (left + right) / 2 - width / 2);
  view.scrollTop = Math.max(0, (top + bottom) / 2 - height / 2);
}
