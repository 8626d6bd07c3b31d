// The board: the service's SVG (drawn by the one renderer) put into the page, and, for a seat to act,
// the things its legal commands name made clickable and reachable with the keyboard.

/** Puts the SVG text into the element, parsed as SVG (never as HTML), and returns the <svg> element. */
export function showBoard(holder, svgText) {
  const parsed = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = parsed.documentElement;
  holder.replaceChildren();
  if (svg.nodeName !== "svg") {
    holder.textContent = "The board could not be drawn.";
    return null;
  }
  const adopted = document.importNode(svg, true);
  adopted.removeAttribute("width");
  adopted.removeAttribute("height");
  holder.appendChild(adopted);
  return adopted;
}

/** The values a command names (its fields' texts and numbers, lists included), as texts. */
export function valuesOf(command) {
  const found = [];
  for (const [key, value] of Object.entries(command)) {
    if (key === "type") continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === "string" || typeof item === "number") found.push(String(item));
    }
  }
  return found;
}

/**
 * Makes the board's items that the commands name clickable. `onPick(ref)` is called when one is
 * clicked or chosen with Enter or Space; `picked` (refs) are marked as chosen.
 */
export function makePickable(svg, commands, picked, onPick) {
  if (!svg) return;
  const named = new Set(commands.flatMap(valuesOf));
  for (const item of svg.querySelectorAll("g[data-ref]")) {
    const ref = item.getAttribute("data-ref");
    if (!named.has(ref)) continue;
    item.classList.add("pickable");
    if (picked.includes(ref)) item.classList.add("picked");
    item.setAttribute("tabindex", "0");
    item.setAttribute("role", "button");
    const title = item.querySelector("title");
    item.setAttribute("aria-label", title ? title.textContent : ref);
    item.setAttribute("aria-pressed", picked.includes(ref) ? "true" : "false");
    item.addEventListener("click", () => onPick(ref));
    item.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onPick(ref);
      }
    });
  }
}

/** The commands that name every picked ref. */
export function matching(commands, picked) {
  return commands.filter((command) => {
    const values = valuesOf(command);
    return picked.every((ref) => values.includes(ref));
  });
}
