// Playing a seat, or watching: the board drawn, whose turn, the legal commands as buttons and as
// things to click on the board, a refused command's reason where it was tried, and the log, kept
// live by the game's event stream. The tab that created the game also plays its bot seats. A table
// game (played on paper) is transcribed with the owner's token: the page acts for the seat to act and
// asks for each chance outcome the table saw. On a phone a tap on the board selects the move and a
// second tap (or Confirm) plays it (taps.js). A seat resigns, offers or answers a draw, or aborts beside
// the commands (concede.js).

import { api, allEvents, follow, hostOf, tokenFor } from "./net.js";
import { withOutcomes } from "./chance.js";
import { explainItems, flatRefs, makeChoosable, makePickable, matching, paintSeats, pickFields, pickGroups, pickedMember, showBoard, thingNamed } from "./board.js";
import { claimPage, el, fill, seatLabel, shortId, statusText } from "./dom.js";
import { seatLostWords, wayBack } from "./way_back.js";
import { confirmBar, enlargeButton, tapsSelect } from "./taps.js";
import { endForm, newDraft, tableEnd } from "./ending.js";
import { drawConcede, newConcede, noteEvent, sendAct } from "./concede.js";
import { joiningPanel } from "./joining_owner.js";  // the owner's joining panel (joining_owner.js)

export async function showTable(gameId, { spectator }) {
  const show = claimPage();
  let token = spectator ? null : tokenFor(gameId);  // null once it no longer plays its seat (seatLost)
  const host = hostOf(gameId);
  const title = el("h1", {}, "Loading the game…");
  const status = el("p", { className: "status", id: "status", "aria-live": "polite" });
  const seatsList = el("ul", { className: "seats-list", "aria-label": "Seats" });
  const boardBox = el("div", { className: "board-box", id: "board" });
  explainItems(boardBox);
  const commandsBox = el("section", { className: "commands", id: "commands", "aria-label": "Your move" });
  const concedeBox = el("section", { className: "concede", id: "concede", "aria-label": "End the game early" });
  const refusal = el("p", { className: "error", id: "refusal", role: "alert" });
  const lost = el("div", { className: "seat-lost", id: "seat-lost", role: "alert", hidden: true });
  const log = el("ol", { className: "log", id: "log", "aria-label": "What happened" });
  let svgText = "", game = null, legal = { commands: [], labels: [] }, picked = [], busy = false, lastNumber = 0, pending = null;
  const endDraft = newDraft();  // the end being proposed: kept while the page redraws
  const concede = newConcede();  // resign, draw, abort: who has played, a resignation being confirmed
  let drawsAgreed = true;  // whether the ruleset takes draws by agreement (where the API says)

  show(
    el("div", { className: "table-head" }, title, status, seatsList,
      el("p", { className: "links" }, el("a", { href: `#/replay/${gameId}` }, "Replay this game"), " ", enlargeButton(boardBox)),
      wayBack(gameId, host, token), lost),
    joiningPanel(gameId, host, token),  // the owner's joining panel (joining_owner.js): null but for the owner
    el("div", { className: "table" },
      el("div", {}, boardBox),
      el("div", { className: "side" }, commandsBox, concedeBox, refusal, el("h2", {}, "Log"), log)),
  );

  let mySeat = null, chosenSeat = null, refreshing = false, again = false;
  let fields = null, choosing = null;  // the commands' pick fields; a choice of several things under way: {key, ids}
  let selected = null;  // on a phone, the move a tap on the board selected, not yet played: {command (JSON), ref}
  boardBox.addEventListener("click", (event) => {  // a tap elsewhere on the board clears the selection
    if (!selected || event.target.closest("g.pickable, rect.tap-area")) return;
    selected = null;
    picked = [];
    drawCommands(showBoard(boardBox, svgText), mySeat);
  });

  /** The seat this page acts for now: its token's, or, transcribing a table game with the owner's
   * token, the seat to act (the one chosen where several may act). */
  function actingSeat(found) {
    if (typeof found.viewer === "number") return found.viewer;
    if (!(found.table && found.viewer === "owner") || found.status === "over" || !found.to_act.length) return null;
    return found.to_act.includes(chosenSeat) ? chosenSeat : found.to_act[0];
  }

  function transcribing() {
    return game && game.table && game.viewer === "owner";
  }

  async function refresh() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      await look();
    } finally {
      refreshing = false;
    }
    if (again) { again = false; schedule(); }
  }

  async function look() {
    try {
      const none = { commands: [], labels: [] };
      const legalOf = (seat) => api(`/games/${gameId}/legal-commands${typeof seat === "number" && transcribing() ? `?seat=${seat}` : ""}`, { token });
      const asked = [api(`/games/${gameId}`, { token }), api(`/games/${gameId}/board`, { token }),
        mySeat ? legalOf(mySeat) : Promise.resolve(null)];
      const [found, drawn, listed] = await Promise.all(asked);
      const before = mySeat;
      game = found;
      if (!fields) {
        const rules = await api(`/rulesets/${game.ruleset}`);
        fields = pickFields(rules);
        drawsAgreed = rules.draws_agreed !== false;
      }
      mySeat = actingSeat(game);
      legal = mySeat && game.status !== "over" && game.to_act.includes(mySeat)
        ? (before === mySeat && listed) || await legalOf(mySeat)
        : none;
      if (drawn.version !== game.version || (legal.version !== undefined && legal.version !== game.version)) return schedule();
      draw(drawn);
    } catch (problem) {
      if (problem.status === 401 && token) return seatLost();
      refusal.textContent = problem.message;
    }
  }

  /** The page's token no longer plays its seat (401: the owner freed the seat, or another device claimed
   * it): the page says so and how to get back in, and goes on showing the game as a spectator sees it. */
  async function seatLost() {
    token = null;
    mySeat = null; selected = null; picked = []; choosing = null;
    fill(lost, seatLostWords());
    lost.hidden = false;
    (await allEvents(gameId, null, lastNumber).catch(() => [])).forEach(addEvent);
    if (stopFollowing) followEvents();  // the stream followed with the old token has stopped
    schedule();
  }

  function schedule() {
    if (pending) return;
    pending = setTimeout(() => { pending = null; refresh(); }, 20);
  }

  function draw(drawn) {
    const seat = mySeat;
    const own = typeof game.viewer === "number" ? game.viewer : null;
    fill(title, game.name, el("small", { className: "subtitle" }, ` ${game.title} · game ${shortId(game.id)}${game.table ? " · on paper" : ""}`));
    status.textContent = own !== null && game.status !== "over" && game.to_act.includes(own)
      ? `Your turn${game.to_act.length > 1 ? ` (also waiting for ${game.to_act.filter((n) => n !== own).map((n) => seatLabel(game.seats, n)).join(", ")})` : ""}`
      : statusText(game);
    const chosen = new Set(((game.view || {}).chosen || []).map((c) => c.seat));  // a turn taken together: sealed choices
    fill(seatsList, ...game.seats.map((s) => el("li", {
      className: `seat seat-${s.seat}${game.to_act.includes(s.seat) ? " to-act" : ""}${s.seat === seat ? " me" : ""}`,
    }, seatLabel(game.seats, s.seat), s.seat === own ? " (you)" : "", game.to_act.includes(s.seat) ? " ◀ to act" : "",
    chosen.has(s.seat) ? " ✓ has chosen, in secret" : "")));
    svgText = drawn.svg;
    const svg = showBoard(boardBox, svgText);
    paintSeats(seatsList, svg);
    if (!busy) drawCommands(svg, seat);  // not over a question the table is being asked
    drawConcede(concedeBox, game, own, concede, { drawsAgreed,
      act: (method, path) => sendAct(concede, gameId, token, method, path, refusal, refresh) });
    boardBox.setAttribute("data-version", String(game.version));
  }

  function drawCommands(svg, seat) {
    const commands = legal.commands;
    if (seat === null && !(transcribing() && game.status === "over")) {
      fill(commandsBox, el("h2", {}, "Watching"),
        el("p", {}, game.viewer === "owner" ? "You hold the owner's token: you see everything." : "You see what every player at the table sees."));
      return;
    }
    if (game.status === "over") {
      const deal = game.seed && game.seed_salt
        ? el("p", { className: "deal", id: "deal" }, `Seed ${game.seed}, salt ${game.seed_salt}: give both to a new game to deal this one again.`)
        : null;
      fill(commandsBox, el("h2", {}, "The game is over"), el("p", {}, statusText(game)), deal);
      return;
    }
    const heading = transcribing() ? `${seatLabel(game.seats, seat)} to act` : "Your move";
    const others = transcribing() && game.to_act.length > 1
      ? el("p", { className: "hint" }, "Several seats may act now; transcribe for ",
        game.to_act.map((n) => el("button", { type: "button", className: "seat-choice", "aria-pressed": n === seat ? "true" : "false",
          onclick: () => { chosenSeat = n; picked = []; selected = null; schedule(); } }, seatLabel(game.seats, n))))
      : null;
    if (!commands.length) {
      fill(commandsBox, el("h2", {}, heading), others, el("p", { id: "waiting" }, `${statusText(game)}.`));
      return;
    }
    const groups = pickGroups(commands, fields || {}).filter((found) => !found.members.some((index) => tableEnd(commands[index])));  // ends: the form
    const group = choosing && groups.find((found) => found.key === choosing.key);
    if (group) return drawChoice(svg, seat, group, heading, others);
    choosing = null;
    const grouped = new Set(groups.flatMap((found) => found.members));
    const refs = flatRefs(legal);
    const single = commands.map((command, index) => index).filter((index) => !grouped.has(index) && !tableEnd(commands[index]));
    picked = picked.filter((ref) => single.some((index) => refs[index].includes(ref)));
    const shown = matching(single, refs, picked);
    const chosen = selected ? commands.findIndex((command) => JSON.stringify(command) === selected.command) : -1;
    if (chosen < 0) selected = null;  // the game moved on: the move selected is no longer offered
    const panTo = selected ? [selected.ref] : picked.length ? shown.flatMap((index) => refs[index]) : [];  // what to tap next
    makePickable(svg, new Set(single.flatMap((index) => refs[index])), picked, (ref) => {
      if (selected && selected.ref === ref) return submit(commands[chosen]);  // the second tap plays it
      const from = selected ? [] : picked;  // a tap on another thing starts the choice again
      selected = null;
      picked = from.includes(ref) ? from.filter((r) => r !== ref) : [...from, ref];
      const left = matching(single, refs, picked);
      if (left.length === 1 && picked.length > 0) {
        if (!tapsSelect()) return submit(commands[left[0]]);
        selected = { command: JSON.stringify(commands[left[0]]), ref };
      }
      drawCommands(showBoard(boardBox, svgText), seat);
    }, panTo);
    if (selected) {
      const clear = () => { selected = null; picked = []; drawCommands(showBoard(boardBox, svgText), seat); };
      fill(commandsBox, el("h2", {}, heading), others,
        confirmBar(legal.labels[chosen] || commands[chosen].type, { confirm: () => submit(commands[chosen]), cancel: clear }));
      return;
    }
    const buttons = shown.map((index) => el("li", {}, el("button", {
      type: "button", className: "command", "data-command": JSON.stringify(commands[index]), "data-refs": JSON.stringify(refs[index]),
      onclick: () => submit(commands[index]),
    }, legal.labels[index] || commands[index].type)));
    if (!picked.length) {
      buttons.push(...groups.map((found) => el("li", {}, el("button", {
        type: "button", className: "command choice-group", "data-commands": JSON.stringify(found.members.map((index) => commands[index])),
        onclick: () => { choosing = { key: found.key, ids: [] }; drawCommands(showBoard(boardBox, svgText), seat); },
      }, `${found.type[0].toUpperCase()}${found.type.slice(1).replace(/_/g, " ")}: choose the ${found.field.replace(/_/g, " ")} on the board`))));
    }
    fill(commandsBox,
      el("h2", {}, heading), others,
      el("p", { className: "hint" }, picked.length
        ? `Chosen on the board: ${picked.map((ref) => thingNamed(svg, ref)).join("; ")}. `
        : `Choose a command, or ${tapsSelect() ? "tap" : "click"} a highlighted thing on the board to narrow them down. `),
      picked.length ? el("button", { type: "button", className: "clear", onclick: () => { picked = []; drawCommands(showBoard(boardBox, svgText), seat); } }, "Clear the choice") : null,
      el("ul", { className: "command-list" }, buttons),
      endForm(game, commands, endDraft, submit),
    );
  }

  /** A choice of several things (a mulligan's cards): each clicked on the board, then one button. */
  function drawChoice(svg, seat, group, heading, others) {
    const commands = legal.commands;
    const refOf = (id) => svg && svg.querySelector(`g[data-id="${CSS.escape(id)}"]`)?.getAttribute("data-ref");
    choosing.ids = choosing.ids.filter((id) => refOf(id));
    const allowed = new Set(group.members.flatMap((index) => legal.refs[index][group.field] || []));
    makeChoosable(svg, allowed, choosing.ids, (id) => {
      choosing.ids = choosing.ids.includes(id) ? choosing.ids.filter((other) => other !== id) : [...choosing.ids, id];
      drawCommands(showBoard(boardBox, svgText), seat);
    });
    const titles = choosing.ids.map((id) => svg.querySelector(`g[data-id="${CSS.escape(id)}"] > title`)?.textContent || refOf(id));
    const match = pickedMember(legal, group, choosing.ids.map(refOf));
    fill(commandsBox, el("h2", {}, heading), others,
      el("p", { className: "hint", id: "choice-hint" }, `Click the ${group.field.replace(/_/g, " ")} on the board, then confirm. `,
        titles.length ? `Chosen: ${titles.join("; ")}.` : "None chosen yet."),
      el("button", { type: "button", className: "primary", id: "choice-confirm", disabled: match < 0,
        onclick: () => submit(commands[match]) }, match >= 0 ? legal.labels[match] || group.type : "That choice is not allowed"),
      " ",
      el("button", { type: "button", className: "clear", onclick: () => { choosing = null; drawCommands(showBoard(boardBox, svgText), seat); } }, "Back to every command"));
  }

  async function submit(command) {
    if (busy) return;
    busy = true;
    refusal.textContent = "";
    const seat = transcribing() ? { seat: mySeat } : {};
    try {
      // a table game asks for each chance outcome the command meets (a die, a card drawn) in place
      const sent = await withOutcomes((outcomes) => api(`/games/${gameId}/commands`, { method: "POST",
        body: { command, ...seat, ...(game.table ? { outcomes } : {}) }, token, ifMatch: game.version }),
        commandsBox, `${seatLabel(game.seats, mySeat)}: ${legal.labels[legal.commands.indexOf(command)] || command.type}`);
      if (sent !== undefined) { picked = []; choosing = null; selected = null; }
      if (sent !== undefined && tableEnd(command)) Object.assign(endDraft, newDraft());
    } catch (problem) {
      if (problem.status === 401 && token) return seatLost();  // (finally: no longer busy)
      refusal.textContent = problem.kind === "stale-version" ? "The game moved on before your command arrived: look again."
        : problem.kind === "outcome-not-yours" ? `${problem.message}: the game's owner transcribes it.` : problem.message;
    } finally {
      busy = false;
    }
    await refresh();
  }

  let stopFollowing = null;  // the game's event stream, followed once the page is shown
  function followEvents() {
    if (stopFollowing) stopFollowing();
    stopFollowing = follow(gameId, token, lastNumber, (event) => { addEvent(event); schedule(); },
      (status) => { if (status === 401 && token) seatLost(); });  // the stream refused: the token was reissued
  }
  const lookAgain = () => { if (document.visibilityState === "visible") schedule(); };  // a phone woken up

  function addEvent(event) {
    if (event.number <= lastNumber) return;
    lastNumber = event.number;
    noteEvent(concede, event);
    log.append(el("li", { value: event.number, "data-number": event.number }, event.sentence));
    log.scrollTop = log.scrollHeight;
  }

  const known = await allEvents(gameId, token).catch(() => []);
  known.forEach(addEvent);
  await refresh();
  if (!show.current()) return null;
  followEvents();
  document.addEventListener("visibilitychange", lookAgain);
  return () => { stopFollowing(); document.removeEventListener("visibilitychange", lookAgain); if (pending) clearTimeout(pending); };
}
