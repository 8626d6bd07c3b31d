// A game's design diary, read in the page: the service's diary document (the Markdown diary rendered
// with raw HTML off, its charts embedded as images) as the eye chosen in the replay may see it, put into
// the page as parsed elements (nothing in it runs).

import { download, hostOf, tokenFor } from "./net.js";
import { claimPage, el } from "./dom.js";

const chosen = new Map();  // game → the token whose eye the replay chose

/** Opens the diary of `gameId` as `token`'s holder may see it. */
export function readDiary(gameId, token) {
  chosen.set(gameId, token);
  location.hash = `#/diary/${gameId}`;
}

export async function showDiary(gameId) {
  const show = claimPage();
  const token = chosen.has(gameId) ? chosen.get(gameId) : tokenFor(gameId) || (hostOf(gameId) || {}).owner || null;
  show(el("h1", {}, "Loading the design diary…"));
  let text;
  try {
    text = await (await download(`/games/${gameId}/export?format=diary`, token)).text();
  } catch (problem) {
    show(el("h1", {}, "Design diary"), el("p", { role: "alert", className: "error" }, problem.message));
    return null;
  }
  const body = new DOMParser().parseFromString(text, "text/html").querySelector("main.diary");
  const article = el("article", { className: "diary", id: "diary" }, [...(body ? body.childNodes : [])].map((node) => document.importNode(node, true)));
  article.addEventListener("click", (event) => {  // a link inside the diary (a bookmark's) scrolls to its place, if any
    const link = event.target.closest && event.target.closest("a[href^='#']");
    if (!link) return;
    event.preventDefault();
    const target = article.querySelector(`[id="${CSS.escape(decodeURIComponent(link.getAttribute("href").slice(1)))}"]`);
    if (target) target.scrollIntoView({ block: "start" });
  });
  show(el("p", { className: "links" }, el("a", { href: `#/replay/${gameId}` }, "Back to the replay")), article);
  return null;
}
