// Talking to the API: JSON requests with the tab's token, problems as errors, and the event stream.

const TOKEN_KEY = (game) => `ludolog:token:${game}`;
const LASTING_KEY = (game) => `ludolog:lasting-token:${game}`;
const HOST_KEY = (game) => `ludolog:host:${game}`;
const ROOM_KEY = (code, role) => `ludolog:room-${role}:${code}`;

/** The token this tab holds for a game (a seat's or the owner's), or null: a spectator. A room's device
 * keeps its seat's token in the browser (local storage), so a closed tab's seat is found again. */
export function tokenFor(game) {
  return sessionStorage.getItem(TOKEN_KEY(game)) || lasting((store) => store.getItem(LASTING_KEY(game)));
}

/** Keeps a game's token in the tab; `lasting`: in the browser too (a room's device: one device, one
 * student), found after the tab is closed. No token: both forgotten. */
export function keepToken(game, token, { lasting: kept = false } = {}) {
  if (token) {
    sessionStorage.setItem(TOKEN_KEY(game), token);
    if (kept) lasting((store) => store.setItem(LASTING_KEY(game), token));
  } else {
    sessionStorage.removeItem(TOKEN_KEY(game));
    lasting((store) => store.removeItem(LASTING_KEY(game)));
  }
}

/** What this browser keeps for a room, by its code: `role` "device" (a student's: `{token, game}`) or
 * "teacher" (`{token}`); null when nothing. */
export function roomKept(code, role) {
  const text = lasting((store) => store.getItem(ROOM_KEY(code, role)));
  try { return text ? JSON.parse(text) : null; } catch (error) { return null; }
}

export function keepForRoom(code, role, kept) {
  lasting((store) => (kept ? store.setItem(ROOM_KEY(code, role), JSON.stringify(kept)) : store.removeItem(ROOM_KEY(code, role))));
}

/** The browser's local storage used, or nothing done where the browser refuses it (a private window). */
function lasting(use) {
  try { return use(window.localStorage); } catch (error) { return null; }
}

/** What the tab that created a game keeps to play its bot seats: the owner's token and each bot's strategy. */
export function hostOf(game) {
  const text = sessionStorage.getItem(HOST_KEY(game));
  return text ? JSON.parse(text) : null;
}

export function keepHost(game, host) {
  sessionStorage.setItem(HOST_KEY(game), JSON.stringify(host));
}

/** A refused request: the problem's title, detail and status. */
export class Problem extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : `the server answered ${status}`);
    this.status = status;
    this.title = body && body.title ? body.title : "";
    this.kind = body && body.type ? body.type.split(":").pop() : "";
    this.outcome = body && body.outcome ? body.outcome : null;  // a table game's outcome asked for
    this.body = body || {};
  }
}

const RETRIES_AFTER_429 = 3;

/**
 * A JSON request to the API; the parsed answer, or a thrown Problem. A 429 (too many requests, or
 * too many costly ones at once: nothing was done) is sent again after its Retry-After, a few times.
 */
export async function api(path, options = {}) {
  const retries = options.retries ?? RETRIES_AFTER_429;  // 0: a 429 is the caller's to show (a job refused)
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request(path, options);
    } catch (error) {
      if (!(error instanceof Problem) || error.status !== 429 || attempt >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(10, Math.max(1, error.retryAfter)) * 1000));
    }
  }
}

/** A file the API sends (an export): its Blob, or a thrown Problem; a 429 is tried again as `api` does. */
export async function download(path, token) {
  return api(path, { token, blob: true });
}

/** A text the API sends (a report as HTML): the text, or a thrown Problem; a 429 is tried again as `api` does. */
export async function text(path) {
  return api(path, { text: true });
}

async function request(path, { method = "GET", body, token, ifMatch, blob = false, text: asText = false } = {}) {
  const headers = { Accept: asText ? "text/html, application/problem+json" : "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (ifMatch !== undefined) headers["If-Match"] = `"${ifMatch}"`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store", referrerPolicy: "no-referrer" });
  } catch (error) {
    throw new Problem(0, { detail: "the service could not be reached" });
  }
  if (blob && response.ok) return response.blob();
  if (asText && response.ok) return response.text();
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch (error) { parsed = null; }
  if (!response.ok) {
    const problem = new Problem(response.status, parsed);
    problem.retryAfter = Number(response.headers.get("Retry-After")) || 1;
    throw problem;
  }
  return parsed;
}

/** Every event of a game the token may see, after event `after`, page by page. */
export async function allEvents(game, token, after = 0) {
  const found = [];
  let path = `/games/${game}/events?after=${after}&limit=1000`;
  while (path) {
    const page = await api(path, { token });
    found.push(...page.events);
    path = page.next;
  }
  return found;
}

/**
 * Follows a game's event stream (Server-Sent Events read with fetch, so the token rides in a header),
 * calling onEvent(event) for each event after `after`; reconnects where it left off until stop() is
 * called or the game ends and the stream closes. Calls onRefused(status) when the stream is refused (the
 * token reissued: a seat freed, or claimed by another device).
 */
export function follow(game, token, after, onEvent, onRefused = () => {}) {
  const control = new AbortController();
  let last = after;
  let stopped = false;
  async function run() {
    while (!stopped) {
      try {
        const headers = { Accept: "text/event-stream" };
        if (token) headers.Authorization = `Bearer ${token}`;
        const response = await fetch(`/games/${game}/events/stream?after=${last}`,
          { headers, signal: control.signal, cache: "no-store", referrerPolicy: "no-referrer" });
        if (!response.ok || !response.body) {
          if (response.status === 401 || response.status === 403) onRefused(response.status);  // the token no longer holds
          return;
        }
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
            if (!data) continue;
            const event = JSON.parse(data);
            last = Math.max(last, event.number);
            onEvent(event);
          }
        }
        const game_ = await api(`/games/${game}`, { token });
        if (game_.status === "over" && last >= game_.version) return;
      } catch (error) {
        if (stopped) return;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }
  run();
  return () => { stopped = true; control.abort(); };
}
