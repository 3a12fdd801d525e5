// The replay page (/web/replay.html?id=<table>&step=N&as=<seat|public|all>): a game stepped through from
// its record, forward and back, or to any move; seen as one seat saw it, as a spectator, or (once the game
// is over) with every card open. Each step is the server's (GET /tables/{id}/replay), drawn with the
// game's own board module; the log beside it shows what happened up to that move. The address always
// names the moment shown, so it can be shared.

import { h, clear } from "./dom.js";
import { loadBoard, drawBoard } from "./table/board.js";
import { namePlayers, seatNames } from "./table/seats.js";

const $ = (id) => document.getElementById(id);

async function fetchJson(url) {
  const response = await fetch(url);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ? body.error.message : `${response.status} ${response.statusText}`);
  return body;
}

class Replay {
  constructor({ info, title, board, audience, step }) {
    this.info = info;
    this.title = title;
    this.board = board;
    this.audience = audience;
    this.step = step;
    this.steps = info.version;
    this.asked = 0; // the number of the latest request: an older answer is dropped
    this.shown = null;
    this.names = seatNames(info.seats);
  }

  start() {
    document.title = `${this.title}: replay · phoenixgames`;
    $("title").textContent = `${this.title}: replay`;
    const select = $("as");
    const over = this.info.status === "over";
    for (const seat of this.info.seats) {
      select.append(h("option", { value: String(seat.seat) }, `${this.names[seat.seat]}'s view`));
    }
    select.append(h("option", { value: "public" }, "A spectator's view"));
    if (over) select.append(h("option", { value: "all" }, "Every card open"));
    for (const option of select.options) option.disabled = !over && option.value !== "public";
    select.value = this.audience;
    select.addEventListener("change", () => this.go(this.step, select.value));
    $("first").addEventListener("click", () => this.go(0));
    $("back").addEventListener("click", () => this.go(this.step - 1));
    $("forward").addEventListener("click", () => this.go(this.step + 1));
    $("last").addEventListener("click", () => this.go(this.steps));
    $("step-range").addEventListener("input", (event) => this.go(Number(event.target.value)));
    $("step-number").addEventListener("change", (event) => this.go(Number(event.target.value)));
    $("copy").addEventListener("click", async () => {
      $("share").select();
      try {
        await navigator.clipboard.writeText($("share").value);
        $("copy").textContent = "Copied ✓";
      } catch {
        $("copy").textContent = "Select and copy it";
      }
    });
    document.addEventListener("keydown", (event) => {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      this.go(to);
    });
    $("replay").hidden = false;
    this.go(this.step);
  }

  async go(step, audience = this.audience) {
    const wanted = Math.max(0, Math.min(Number.isFinite(step) ? Math.round(step) : 0, this.steps));
    const number = ++this.asked;
    const query = new URLSearchParams({ step: String(wanted), as: audience });
    let shown;
    try {
      shown = await fetchJson(`/tables/${encodeURIComponent(this.info.id)}/replay?${query}`);
    } catch (error) {
      if (number === this.asked) $("error").textContent = `This move cannot be shown: ${error.message}.`;
      return;
    }
    if (number !== this.asked) return;
    $("error").textContent = "";
    this.step = shown.step;
    this.steps = shown.steps;
    this.audience = shown.audience;
    this.draw(shown);
  }

  describe(action, view) {
    try {
      return this.board && this.board.describe ? this.board.describe(action, view) : action;
    } catch {
      return action;
    }
  }

  draw(shown) {
    this.shown = shown;
    this.names = seatNames(shown.seats);
    const seat = /^\d+$/.test(shown.audience) ? Number(shown.audience) : null;
    const ctx = { seat, names: this.names, legal: [], toAct: null };
    drawBoard($("board"), this.board, shown.view, ctx);
    const last = shown.moves[shown.moves.length - 1];
    const where = $("where");
    if (!last) where.textContent = `The start of the game (${shown.steps} moves in all)`;
    else {
      const who = this.names[last.seat] || `Seat ${last.seat + 1}`;
      const stand = last.by === "stand-in" ? " (a stand-in bot for them)" : "";
      where.textContent = `Move ${shown.step} of ${shown.steps}: ${who}${stand}: ${this.describe(last.action, shown.view)}`;
    }
    this.drawLog(shown);
    this.drawResult(shown);
    $("step-number").value = String(shown.step);
    $("step-number").max = String(shown.steps);
    $("step-range").max = String(shown.steps);
    $("step-range").value = String(shown.step);
    $("steps").textContent = String(shown.steps);
    $("first").disabled = $("back").disabled = shown.step === 0;
    $("forward").disabled = $("last").disabled = shown.step >= shown.steps;
    $("as").value = shown.audience;
    const address = new URL(location.href);
    address.search = new URLSearchParams({ id: shown.table, step: String(shown.step), as: shown.audience }).toString();
    history.replaceState(null, "", address.pathname + address.search);
    $("share").value = address.href;
    const data = document.body.dataset;
    data.step = String(shown.step);
    data.steps = String(shown.steps);
    data.as = shown.audience;
    data.ready = "true";
  }

  drawLog(shown) {
    const log = clear($("log"));
    for (const event of shown.events) {
      const current = event.action === shown.step - 1;
      log.append(
        h(
          "li",
          { class: `event${current ? " current" : ""}`, "data-action": event.action },
          h("span", { class: "text" }, namePlayers(event.text ?? event.kind ?? "", this.names)),
          event.by === "stand-in" ? h("span", { class: "stand-in-mark" }, "stand-in") : null,
        ),
      );
    }
    // The log scrolls to the move shown; the page itself stays where it is (the controls in sight).
    const current = log.querySelector(".current") || log.lastElementChild;
    if (current) log.scrollTop = Math.max(0, current.offsetTop - log.offsetTop - log.clientHeight / 2);
  }

  drawResult(shown) {
    const result = $("result");
    clear(result);
    result.hidden = !shown.scores;
    if (!shown.scores) return;
    const order = shown.scores.map((score, seat) => ({ score, seat })).sort((a, b) => b.score - a.score || a.seat - b.seat);
    result.append(
      h("h2", {}, "The end of the game"),
      h(
        "ol",
        {},
        order.map(({ score, seat }) =>
          h("li", {}, `${this.names[seat]}: ${score}`, shown.winners.includes(seat) ? " ★ winner" : ""),
        ),
      ),
    );
  }
}

function fail(text) {
  $("where").textContent = text;
  document.body.dataset.ready = "failed";
}

async function main() {
  const params = new URLSearchParams(location.search);
  const id = params.get("id");
  if (!id) {
    fail("No game named in the address: open a finished table's replay from the lobby.");
    return;
  }
  let info;
  try {
    info = await fetchJson(`/tables/${encodeURIComponent(id)}`);
  } catch (error) {
    fail(`This game cannot be replayed: ${error.message}.`);
    return;
  }
  const games = await fetchJson("/games").catch(() => ({ games: [] }));
  const game = games.games.find((entry) => entry.name === info.game);
  const over = info.status === "over";
  let audience = params.get("as") || (over ? "all" : "public");
  if (!over) audience = "public"; // until the end a replay shows only what a spectator saw
  const step = params.has("step") ? Number(params.get("step")) : over ? 0 : info.version;
  const board = await loadBoard(info.game);
  const replay = new Replay({ info, title: game ? game.title : info.game, board, audience, step });
  window.phoenixReplay = replay;
  replay.start();
}

main().catch((error) => {
  console.warn(error);
  fail(`The page could not start: ${error.message}`);
});
