// The join page (#/join/<code>): a device joining a game from its one link (or QR code) gives the name
// to join under, claims one open seat (POST /join/<code>) and opens that seat's play page with the
// seat's token kept in the tab. One press, one claim: a second seat only when asked again.

import { api, keepToken } from "./net.js";
import { claimPage, el } from "./dom.js";

export async function showJoin(code) {
  const show = claimPage();
  const nameInput = el("input", { id: "join-name", name: "name", required: true, maxlength: 40, autocomplete: "nickname" });
  const message = el("p", { role: "alert", className: "error", id: "join-error" });
  const button = el("button", { type: "submit", className: "primary" }, "Join");

  async function join(event) {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    message.textContent = "";
    try {
      const claimed = await api(`/join/${encodeURIComponent(code)}`, { method: "POST", body: { name: nameInput.value.trim() } });
      keepToken(claimed.game_id, claimed.token);
      location.hash = `#/play/${claimed.game_id}`;
    } catch (problem) {
      message.textContent = problem.message;
      button.disabled = false;
    }
  }

  show(
    el("h1", {}, "Join the game"),
    el("form", { id: "join", onsubmit: join },
      el("div", { className: "field" }, el("label", { for: "join-name" }, "Your name"), nameInput),
      button, message),
  );
  nameInput.focus();
  return null;
}
