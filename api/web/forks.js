// Forks: a new game made from any step of a replay ("Fork here"), and a fork replayed beside the game it
// was forked from, one step slider for both, the step where they part marked.

import { api, allEvents, hostOf, keepHost, tokenFor } from "./net.js";
import { showBoard } from "./board.js";
import { claimPage, el, fill, shortId, statusText } from "./dom.js";
import { showLinks } from "./lobby.js";

/** The token this tab reads a game with: its seat's or owner's, else none (a spectator). */
function readerToken(gameId) {
  return tokenFor(gameId) || (hostOf(gameId) || {}).owner || null;
}

/** The "Fork here" button of a replay: forks the game at the step shown, with the page's token, and
 * shows the new game's seat links, what it knows and a link to see it beside this one. */
export function forkButton(gameId, token, step, box, message) {
  return el("button", { type: "button", id: "fork-here", onclick: async () => {
    message.textContent = "";
    let created;
    try {
      created = await api(`/games/${gameId}/forks`, { method: "POST", body: { step: step() }, token });
    } catch (problem) {
      message.textContent = problem.message;
      return;
    }
    keepHost(created.id, { owner: created.owner_token, bots: {}, seats: Object.fromEntries(created.seats.map((s) => [s.seat, s.token])) });
    showLinks(created, {}, box, false);
    const eye = created.fork.eye === null ? "It starts from everything the game held at that step."
      : `It starts from what seat ${created.fork.eye} saw at that step; every card it could not see is dealt afresh.`;
    box.prepend(el("p", { className: "hint", id: "fork-made" },
      `Forked at step ${created.fork.step}, on its own seed: what it deals says nothing of what this game dealt. ${eye} `,
      el("a", { href: `#/branches/${created.id}`, id: "see-beside" }, "See it beside this game")));
    box.scrollIntoView({ block: "nearest" });
  } }, "Fork here");
}

/** The side-by-side page of a fork and its trunk. */
export async function showBranches(forkId) {
  const show = claimPage();
  show(el("h1", {}, "Loading the branches…"));
  const forkToken = readerToken(forkId);
  let fork, trunk, forkEvents, trunkEvents, trunkToken;
  try {
    fork = await api(`/games/${forkId}`, { token: forkToken });
    if (!fork.fork) throw new Error("this game is no fork: it was started afresh");
    trunkToken = readerToken(fork.fork.game);
    trunk = await api(`/games/${fork.fork.game}`, { token: trunkToken });
    [forkEvents, trunkEvents] = await Promise.all([allEvents(forkId, forkToken), allEvents(trunk.id, trunkToken)]);
  } catch (problem) {
    show(el("h1", {}, "Branches"), el("p", { role: "alert", className: "error" }, problem.message));
    return null;
  }
  const parted = fork.fork.step;
  const total = Math.max(trunkEvents.length, parted + forkEvents.length);
  let at = parted + 1;
  const columns = [
    { id: "trunk", game: trunk, token: trunkToken, events: trunkEvents, step: (k) => (k <= trunkEvents.length ? k : null) },
    { id: "branch", game: fork, token: forkToken, events: forkEvents, step: (k) => (k <= parted ? null : k - parted <= forkEvents.length ? k - parted : null) },
  ];
  for (const column of columns) {
    column.sentence = el("p", { className: "sentence", id: `${column.id}-sentence` });
    column.board = el("div", { className: "board-box", id: `${column.id}-board` });
  }
  const position = el("span", { id: "position", "aria-live": "polite" });
  const slider = el("input", { type: "range", id: "jump", min: 1, max: total, value: at, "aria-label": "Step" });
  const message = el("p", { className: "error", role: "alert" });
  const boards = new Map();

  async function board(gameId, token, step) {
    const key = `${gameId}:${step}`;
    if (!boards.has(key)) boards.set(key, (await api(`/games/${gameId}/board?at=${step}`, { token })).svg);
    return boards.get(key);
  }

  async function go(step) {
    at = Math.max(1, Math.min(total, step));
    slider.value = String(at);
    position.textContent = `Step ${at} of ${total}${at <= parted ? " (one game still)" : ` (they parted after step ${parted})`}`;
    const wanted = at;
    try {
      for (const column of columns) {
        const own = column.step(at);
        const shared = column.id === "branch" && at <= parted;
        const source = shared ? columns[0] : column;
        const step = shared ? at : own;
        column.sentence.textContent = step === null ? (column.id === "trunk" ? "The game had ended." : "The fork has not got this far.")
          : `${shared ? "As the game it was forked from: " : ""}${source.events[step - 1].sentence}`;
        const svg = step === null ? null : await board(source.game.id, source.token, step);
        if (wanted !== at) return;
        if (svg) showBoard(column.board, svg); else fill(column.board);
        column.board.setAttribute("data-step", String(at));
      }
    } catch (problem) {
      message.textContent = problem.message;
    }
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  const button = (label, id, target) => el("button", { type: "button", id, onclick: () => go(target()) }, label);
  show(
    el("h1", {}, `Branches: ${fork.name}`),
    el("p", { className: "hint", id: "parting" }, `${fork.name} (game ${shortId(fork.id)}) was forked from ${trunk.name} (game ${shortId(trunk.id)}) `,
      `after step ${parted}. Left: the game as it went on; right: the fork. `,
      el("a", { href: `#/replay/${trunk.id}` }, "Replay the game"), " · ", el("a", { href: `#/replay/${fork.id}` }, "Replay the fork")),
    el("div", { className: "controls" },
      button("First", "first", () => 1), button("◀ Back", "back", () => at - 1), button("Forward ▶", "forward", () => at + 1),
      button("Where they part", "parted", () => parted + 1), button("Last", "last", () => total), position, slider),
    message,
    el("div", { className: "branches" }, columns.map((column) => el("section", { "aria-label": column.id === "trunk" ? "The game" : "The fork" },
      el("h2", {}, column.id === "trunk" ? `The game: ${statusText(trunk)}` : `The fork: ${statusText(fork)}`),
      column.sentence, column.board))),
  );
  await go(at);
  return null;
}
