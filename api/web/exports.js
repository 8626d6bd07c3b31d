// Downloading a game's exports as the eye chosen may see them: the design diary, the HTML replay page,
// the event log (NDJSON, importable with `ludolog import`), JSON and CSV.

import { download } from "./net.js";
import { el, shortId } from "./dom.js";

export const FORMATS = [["md", "Design diary (Markdown)"], ["html", "Replay page (HTML)"],
  ["diary", "Design diary (HTML)"], ["ndjson", "Event log (NDJSON)"], ["json", "JSON"], ["csv", "CSV"]];

/** A row of buttons, one per format; `say(text)` reports a refusal. */
export function downloads(gameId, token, say) {
  return el("div", { className: "downloads", id: "downloads" }, el("span", {}, "Download: "),
    FORMATS.map(([format, label]) => el("button", { type: "button", "data-format": format, onclick: async (event) => {
      const button = event.currentTarget;
      button.disabled = true;
      try {
        const blob = await download(`/games/${gameId}/export?format=${format}`, token);
        const link = el("a", { href: URL.createObjectURL(blob), download: `game-${shortId(gameId)}.${format === "diary" ? "diary.html" : format}` });
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      } catch (problem) {
        say(problem.message);
      } finally {
        button.disabled = false;
      }
    } }, label)));
}
