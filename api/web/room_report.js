// A room's playtest report read in the teacher's dashboard (GET /rooms/<code>/report): an HTML report is put
// in as parsed elements, with nothing in it that runs (no script, no style sheet, no frame, no handler), its
// charts shown as images so they keep their look under the page's Content Security Policy; a JSON report
// is shown as its text. Students' names in it stay text.

import { el, fill } from "./dom.js";

const UNSAFE = "script, style, link, iframe, frame, object, embed, form, meta, base";

/** Shows the report `blob` in `box`. */
export async function showReport(box, blob) {
  const text = await blob.text();
  if (/html/i.test(blob.type) || /^\s*</.test(text)) {
    const parsed = new DOMParser().parseFromString(text, "text/html");
    const body = parsed.querySelector("main") || parsed.body;
    for (const bad of body.querySelectorAll(UNSAFE)) bad.remove();
    for (const node of body.querySelectorAll("*")) {
      for (const attribute of [...node.attributes]) {
        const value = attribute.value.trim().toLowerCase();
        if (attribute.name.startsWith("on") || attribute.name === "style" || value.startsWith("javascript:")) node.removeAttribute(attribute.name);
      }
    }
    for (const svg of body.querySelectorAll("svg")) svg.replaceWith(chartImage(svg));
    for (const link of body.querySelectorAll("a[href]")) {  // a game's replay in the report: this service's page of it
      const game = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(link.getAttribute("href"));
      if (game) link.setAttribute("href", `#/replay/${game[1]}`);
      else link.replaceWith(...link.childNodes);
    }
    fill(box, el("article", { className: "diary", id: "room-report-body" },  // the report's own heading opens it
      [...body.childNodes].map((node) => document.importNode(node, true))));
    return;
  }
  let shown = text;
  try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (error) { /* shown as it came */ }
  fill(box, el("h2", {}, "Playtest report"), el("pre", { className: "room-report-text", id: "room-report-body" }, shown));
}

function chartImage(svg) {
  const bytes = new TextEncoder().encode(new XMLSerializer().serializeToString(svg));
  let binary = "";
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  return el("img", { className: "chart", src: `data:image/svg+xml;base64,${btoa(binary)}`, alt: svg.querySelector("title")?.textContent || "a chart" });
}
