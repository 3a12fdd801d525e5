// The server's HTTP API for the pages (docs/server.md), and the seats this browser holds.
//
// Every call answers the body as JSON, or throws an ApiError whose message is the server's refusal in
// words (its ErrorBody's message, the first complaint of a 422, or why the server could not be reached).

import { holdSeat } from "./table/storage.js";

export class ApiError extends Error {
  constructor(message, status = 0, code = "unreachable") {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

// FastAPI's refusal of a body that does not match its model (422): its first complaint, named by field.
function complaint(body) {
  const first = Array.isArray(body && body.detail) ? body.detail[0] : null;
  if (!first) return null;
  const where = (first.loc || []).filter((part) => part !== "body").join(" ");
  return where ? `${where}: ${first.msg}` : first.msg;
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("The server cannot be reached: is it still running?");
  }
  let answer = null;
  try {
    answer = await response.json();
  } catch {
    answer = null; // a body that is not JSON: the status says what went wrong
  }
  if (response.ok) return answer;
  const message =
    (answer && answer.error && answer.error.message) || complaint(answer) || `the server answered ${response.status}`;
  const code = (answer && answer.error && answer.error.code) || `http_${response.status}`;
  throw new ApiError(message, response.status, code);
}

// GET /games: {games: [{name, title, summary, rules, min_players, max_players, options, difficulties}],
// difficulties, default_difficulty, difficulty_help}.
export const games = () => request("GET", "/games");

// GET /tables: the tables of these statuses ("open", "running", "over"), newest first.
export const tables = (statuses, limit = 50) =>
  request("GET", `/tables?status=${statuses.join(",")}&limit=${limit}`).then((answer) => answer.tables);

export const table = (id) => request("GET", `/tables/${encodeURIComponent(id)}`);

// POST /tables: the new table's TableInfo.
export const createTable = (body) => request("POST", "/tables", body);

// POST /tables/{id}/join: {seat, token, table}; the seat's token is kept in this browser.
export async function joinTable(id, name, seat = null) {
  const body = seat === null ? { name } : { name, seat };
  const answer = await request("POST", `/tables/${encodeURIComponent(id)}/join`, body);
  holdSeat(id, answer.seat, answer.token, answer.table.seats[answer.seat].name || name);
  return answer;
}

// ------------------------------------------------------------------ where the pages are
export function tablePage(id, { join = null, watch = false } = {}) {
  const query = new URLSearchParams({ id });
  if (join !== null) query.set("join", String(join));
  if (watch) query.set("watch", "1");
  return `/web/table.html?${query}`;
}

export const recordAddress = (id) => `/tables/${encodeURIComponent(id)}/record`;

// ------------------------------------------------------------------ the seats this browser holds
// Kept where the table page reads them (js/table/storage.js: localStorage phoenixgames.seats.<table id>).
export { heldSeats, holdSeat, lastName, rememberName } from "./table/storage.js";
