// The web app's router: the part of the address after "#" picks the page. A seat's link
// (#/play/<game>/<token>) gives the tab its token, which is then kept in the tab's session storage
// and taken out of the address bar and the history at once.
// A game's join link (#/join/<code>) asks the name to join under and claims one open seat (join.js).

import { keepToken } from "./net.js";
import { showLobby, showNewGame } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showDiary } from "./diary.js";
import { showBalance } from "./balance.js";
import { showBranches } from "./forks.js";
import { showJoin } from "./join.js";

let leave = null;
let routes = 0;

async function route() {
  if (leave) { leave(); leave = null; }
  const mine = ++routes;
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, game, token] = parts;
  if (page === "play" && game && token) {
    keepToken(game, token);
    history.replaceState(null, "", `#/play/${game}`);
  }
  let stop;
  if (page === "play" && game) stop = await showTable(game, { spectator: false });
  else if (page === "watch" && game) stop = await showTable(game, { spectator: true });
  else if (page === "replay" && game) stop = await showReplay(game);
  else if (page === "diary" && game) stop = await showDiary(game);
  else if (page === "branches" && game) stop = await showBranches(game);
  else if (page === "join" && game) stop = await showJoin(game);
  else if (page === "new") stop = await showNewGame();
  else if (page === "balance") stop = await showBalance();
  else stop = await showLobby();
  if (mine !== routes) {  // the reader moved on while this page loaded
    if (stop) stop();
    return;
  }
  leave = stop;
  document.getElementById("page").focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);
route();
