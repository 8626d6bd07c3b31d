// A bot written against the types `openapi-typescript` generates from openapi.yaml (ludolog-api.ts) and
// the `openapi-fetch` client, as a bot author would write one: it creates a game, plays every seat
// to the end choosing among the legal commands the server lists for the seat to act, reads the game as
// each seat, downloads it in every export format and its review chart, and prints what it saw as JSON.
// tsc --strict compiles it; node runs it (tests/clients/test_typescript_client.py):
//
//   node bot.js http://127.0.0.1:8000 project-assassination [seed] [salt] [options-json] [seats] [--brief]
//
// options-json is laid over the defaults of the ruleset's options; seats is how many (the ruleset's fewest
// by default); --brief plays and reads the game but leaves out the exports and the review chart.
import createClient from "openapi-fetch";
import type { components, paths } from "./ludolog-api.js";

type Command = components["schemas"]["Command"];
type ExportFormat = NonNullable<paths["/games/{game_id}/export"]["get"]["parameters"]["query"]>["format"];

const MOST_COMMANDS = 2000;
const FORMATS: ExportFormat[] = ["ndjson", "json", "csv", "md", "html", "diary"];

const given = process.argv.slice(2);
const brief = given.includes("--brief");
const [baseUrl = "", ruleset = "", seed, salt, optionsJson, seatCount] = given.filter((argument) => argument !== "--brief");
if (!baseUrl || !ruleset) {
  console.error("usage: node bot.js URL RULESET [SEED] [SALT] [OPTIONS-JSON] [SEATS] [--brief]");
  process.exit(2);
}
const client = createClient<paths>({ baseUrl });

function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

/** The answer's body, or an error saying what the server answered instead. */
function expect<T>(answer: { data?: T; error?: unknown; response: Response }, what: string): T {
  if (answer.data === undefined) {
    throw new Error(`${what}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
  }
  return answer.data;
}

/** A legal command: a fixed stride through the list, so that a seeded game is the same every run. */
function pick(commands: Command[], played: number): Command {
  const chosen = commands[(played * 7) % commands.length];
  if (chosen === undefined) throw new Error("the seat to act has no legal command");
  return chosen;
}

async function main(): Promise<void> {
  const listed = expect(await client.GET("/rulesets"), "GET /rulesets");
  const shape = listed.rulesets.find((candidate) => candidate.name === ruleset);
  if (!shape) throw new Error(`no ruleset ${ruleset}; known: ${listed.rulesets.map((r) => r.name).join(", ")}`);
  // Every option at the default the ruleset's options schema gives it: options are a free-form object.
  const properties = (shape.options["properties"] ?? {}) as Record<string, { default?: unknown }>;
  const options: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(properties)) {
    if (option.default !== undefined) options[name] = option.default;
  }
  Object.assign(options, optionsJson ? (JSON.parse(optionsJson) as Record<string, unknown>) : {});
  const seats = Array.from({ length: seatCount ? Number(seatCount) : shape.min_seats }, (_, index) => `Bot ${index + 1}`);
  const created = expect(
    await client.POST("/games", { body: { ruleset, seats, options, ...(seed ? { seed } : {}), ...(salt ? { salt } : {}) } }),
    "POST /games",
  );
  const game_id = created.id;
  const tokens = new Map(created.seats.map((seat) => [seat.seat, seat.token]));
  const first = bearer(created.seats[0]!.token);
  const read = async (headers: { Authorization: string }) =>
    expect(await client.GET("/games/{game_id}", { params: { path: { game_id } }, headers }), "GET /games/{game_id}");

  let state = await read(first);
  let played = 0;
  let events = 0;
  while (state.status === "active") {
    if (played >= MOST_COMMANDS) throw new Error(`the game has not ended after ${played} commands`);
    const seat = state.to_act[0]!;
    const headers = bearer(tokens.get(seat)!);
    const legal = expect(
      await client.GET("/games/{game_id}/legal-commands", { params: { path: { game_id } }, headers }),
      "GET /games/{game_id}/legal-commands",
    );
    const submitted = expect(
      await client.POST("/games/{game_id}/commands", { params: { path: { game_id } }, body: { command: pick(legal.commands, played) }, headers }),
      "POST /games/{game_id}/commands",
    );
    events += submitted.events.filter((event) => typeof event.data === "object").length;
    played += 1;
    state = await read(first);
  }

  const views: Record<string, { viewer: unknown; view: string[] }> = {};
  for (const [seat, token] of tokens) {
    const seen = await read(bearer(token));
    views[String(seat)] = { viewer: seen.viewer, view: Object.keys(seen.view) };
  }
  const exports: Record<string, string> = {};
  for (const format of brief ? [] : FORMATS) {
    exports[format] = expect(
      await client.GET("/games/{game_id}/export", { params: { path: { game_id }, query: { format } }, headers: first, parseAs: "text" }),
      `GET /games/{game_id}/export?format=${format}`,
    );
  }
  const chart = brief ? "" : expect(
    await client.GET("/games/{game_id}/review/chart", { params: { path: { game_id }, query: { budget: 1 } }, headers: first, parseAs: "text" }),
    "GET /games/{game_id}/review/chart",
  );
  console.log(JSON.stringify({
    id: game_id, commands: played, events, version: state.version, status: state.status, outcome: state.outcome,
    options, views, exports, chart,
  }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
