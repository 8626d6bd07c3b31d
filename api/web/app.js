// The web app's router: the part of the address after "#" picks the page. A seat's link
// (#/play/<game>/<token>) gives the tab its token, which is then kept in the tab's session storage
// and taken out of the address bar and the history at once.
// A game's join link (#/join/<code>) asks the name to join under and claims one open seat (join.js).
// A room (#/room/<CODE>): a student's page, /projector the projector's, /teacher the teacher's dashboard;
// #/room/<CODE>/teacher/<token> gives this browser the room's teacher's token, kept (local storage) and taken
// out of the address bar and the history at once; #/new-room opens a room.

import { keepForRoom, keepToken } from "./net.js";
import { showLobby, showNewGame } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { showDiary } from "./diary.js";
import { showBalance } from "./balance.js";
import { showTune } from "./tune.js";
import { showBranches } from "./forks.js";
import { showJoin } from "./join.js";
import { showNewRoom } from "./room_new.js";
import { showRoom } from "./room_student.js";
import { showProjector } from "./room_projector.js";
import { showDashboard } from "./room_teacher.js";
import { typedCode } from "./room_code.js";

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
  const code = page === "room" && game ? typedCode(game) : null;
  if (code && token === "teacher" && parts[3]) {
    keepForRoom(code, "teacher", { token: parts[3] });
    history.replaceState(null, "", `#/room/${code}/teacher`);
  }
  let stop;
  if (page === "play" && game) stop = await showTable(game, { spectator: false });
  else if (page === "watch" && game) stop = await showTable(game, { spectator: true });
  else if (page === "replay" && game) stop = await showReplay(game);
  else if (page === "diary" && game) stop = await showDiary(game);
  else if (page === "branches" && game) stop = await showBranches(game);
  else if (page === "join" && game) stop = await showJoin(game);
  else if (code && token === "projector") stop = await showProjector(code);
  else if (code && token === "teacher") stop = await showDashboard(code);
  else if (code) stop = await showRoom(code);
  else if (page === "new-room") stop = await showNewRoom();
  else if (page === "new") stop = await showNewGame();
  else if (page === "balance") stop = await showBalance();
  else if (page === "tune") stop = await showTune();
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
