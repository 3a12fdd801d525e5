// The table page (/web/table.html?id=<table>): where people play. It plays the seats this browser holds
// (their tokens in localStorage), or watches when it holds none (or with &watch=1); &join=N takes a free
// seat first. Every state from the server redraws the board, the choices, the list of legal moves, the
// players, the clock and the log; moves go back as {"type": "move", "version", "action"}.
//
// The states are shown one after the other at the pace the player chose (pace.js): the last moves are
// marked on the board (marks.js), and what changed moves there (motion.js). After each state is shown
// the page sends the event "table:shown" (detail: {version, key}) on the document.
//
// Several seats at one screen: one connection per seat held and one that watches. Between the turns of
// the seats held the public board is shown, and before a seat's hand is shown a cover asks for the
// screen to be handed over.

import { h } from "./dom.js";
import { loadBoard, drawBoard } from "./table/board.js";
import { TurnClock } from "./table/clock.js";
import { Link } from "./table/connection.js";
import { Handover } from "./table/handover.js";
import { joinSeat } from "./table/join.js";
import { showTurn } from "./table/banner.js";
import { hintWords } from "./table/hint.js";
import { GameLog } from "./table/log.js";
import { MoveMarks } from "./table/marks.js";
import { measure, animate, reducedMotion } from "./table/motion.js";
import { MovePanel } from "./table/moves.js";
import { renderOver } from "./table/over.js";
import { startTableFeatures } from "./table/features.js";
import { Pacer } from "./table/pace.js";
import { renderSeats, seatNames, namePlayers } from "./table/seats.js";
import { wireSettings } from "./table/settings.js";
import { heldSeats, forgetSeat, seenTurns, keepTurns, keptMarks, keepMarks, settings } from "./table/storage.js";

const $ = (id) => document.getElementById(id);
const PUBLIC = "public";

// What a refused request was, for the sentence that says it was not done.
const REFUSED = { move: "That move was not made", undo: "Nothing was taken back", take_back: "The seat was not taken back" };

class TablePage {
  constructor({ table, info, title, held, board }) {
    this.table = table;
    this.info = info;
    this.board = board;
    this.held = held;
    this.mine = held.map((entry) => entry.seat);
    this.together = held.length > 1;
    this.links = new Map(); // key (a seat held, or PUBLIC) -> Link
    this.latest = new Map(); // key -> its last state message
    this.logKey = held.length === 1 ? held[0].seat : PUBLIC;
    this.shownKey = null;
    this.state = null;
    this.paths = new Map();
    this.revealed = null; // at one screen: the seat whose hand was last shown
    this.turns = seenTurns(table); // seat held -> the versions at which the page saw it to act (its actions)
    this.over = null;
    this.overShown = false; // the end of the game was brought into view
    this.sentAt = null; // the version at which a move was sent, until the answer
    this.hintAsked = false; // a hint is being thought for the position shown
    this.settings = settings();
    this.pacer = new Pacer({
      pace: this.settings.pace,
      release: (key, message) => this.released(key, message),
      shown: () => this.choose(),
      waiting: (count) => this.waiting(count),
    });
    this.marks = new MoveMarks({
      board: $("board"),
      tags: $("move-tags"),
      keep: { load: (viewer) => keptMarks(table, viewer), save: (viewer, moves) => keepMarks(table, viewer, moves) },
    });
    this.log = new GameLog($("log"), {
      newMoves: $("log-new"),
      point: (number) => this.marks.preview(number),
      knows: (number) => this.marks.knows(number),
    });
    this.clock = new TurnClock($("clock"));
    this.handover = new Handover($("handover"));
    this.moves = new MovePanel({
      board: $("board"),
      prompt: $("prompt"),
      choices: $("choices"),
      confirm: $("confirm"),
      legal: $("legal"),
      legalTitle: $("legal-title"),
      form: $("notation-form"),
      input: $("notation"),
      notations: $("notations"),
      play: (action) => this.play(action),
    });
    this.moves.confirming = this.settings.confirm;
    this.down = new Set(); // keys whose links are reconnecting
    this.setTitle(title);
    this.wireControls();
    this.wireLayout();
  }

  start() {
    for (const { seat, token } of this.held) this.connect(seat, token);
    if (!this.held.length || this.together) this.connect(PUBLIC, null);
    $("table").hidden = false;
  }

  connect(key, token) {
    const link = new Link({
      table: this.table,
      token,
      onMessage: (message) => this.received(key, message),
      onStatus: (status) => this.linkStatus(key, status),
    });
    this.links.set(key, link);
    link.start();
  }

  // ---------------------------------------------------------------- from the server
  received(key, message) {
    // The table's features (chat, advice, rematch: table/features.js) take what is theirs from here.
    document.dispatchEvent(new CustomEvent("table:message", { detail: { key, message } }));
    switch (message.type) {
      case "state":
        this.pacer.push(key, message);
        break;
      case "accepted":
        if (key === this.shownKey) this.say("");
        break;
      case "refused":
        if (message.request === "move") this.sentAt = null;
        if (message.request === "hint") this.hintRefused(message);
        else if (message.request === "chat") break; // said in the chat's own box
        else if (key === this.shownKey) this.say(`${REFUSED[message.request] || "Refused"}: ${this.words(message.message)}.`);
        break;
      case "hint":
        this.hinted(key, message);
        break;
      case "over":
        this.over = message;
        if (this.state && this.state.status === "over") this.showOver();
        break;
      case "error":
        this.serverError(key, message);
        break;
      default:
        break; // pong, and whatever a newer server may add
    }
  }

  // A state message handed on by the pacer, in its turn: kept as the latest of its connection, its
  // moves and events told. The drawing follows once every message of its version is handed on.
  released(key, message) {
    this.latest.set(key, message);
    if (key !== PUBLIC) this.noteTurn(key, message);
    if (key === this.logKey) {
      this.marks.remember(message);
      this.log.add(message.version, message.events, seatNames(message.seats));
    }
  }

  // The versions still held back by the pacer: the way to show them at once.
  waiting(count) {
    const skip = $("skip");
    skip.hidden = count === 0;
    skip.textContent = `» Show ${count === 1 ? "the next move" : `all ${count} moves`} now`;
  }

  // Which connection's state to show: the seat held (or the only one), or at one screen the seat to act
  // if it is held (after the hand-over), else the public board. The watching connection says where the
  // game is; a seat's connection is shown once it has caught up with it.
  choose() {
    if (!this.together) {
      const key = this.links.keys().next().value;
      if (this.latest.has(key)) this.show(key, this.latest.get(key));
      return;
    }
    const table = this.latest.get(PUBLIC);
    if (!table) return;
    const seat = table.status === "running" && this.mine.includes(table.to_act) ? table.to_act : null;
    if (seat === null) {
      this.handover.hide();
      this.show(PUBLIC, table);
      return;
    }
    const own = this.latest.get(seat);
    const caughtUp = own && own.version === table.version && own.to_act === table.to_act && own.status === table.status;
    if (!caughtUp && this.shownKey === seat) return; // the seat shown still acts: its news is on the way
    if (!caughtUp || seat !== this.revealed) {
      if (this.shownKey !== PUBLIC || this.state !== table) this.show(PUBLIC, table);
      if (caughtUp) {
        this.handover.show(seat, this.heldName(seat, table), () => {
          this.revealed = seat;
          this.choose();
        });
      }
      return;
    }
    this.show(seat, own);
  }

  heldName(seat, state) {
    const info = state.seats[seat];
    return (info && info.name) || this.held.find((entry) => entry.seat === seat).name || `Seat ${seat + 1}`;
  }

  // ---------------------------------------------------------------- drawing
  show(key, state) {
    const seat = key === PUBLIC ? null : key;
    const names = seatNames(state.seats);
    const moved = !this.state || this.state.version !== state.version || this.shownKey !== key;
    const before = this.state && this.shownKey === key && moved ? measure($("board")) : null;
    if (moved) this.sentAt = null;
    this.shownKey = key;
    this.state = state;
    const ctx = { seat, names, legal: state.legal, toAct: state.status === "running" ? state.to_act : null };
    const focused = $("board").contains(document.activeElement) ? document.activeElement.getAttribute("data-pick") : undefined;
    this.drawnByBoard = drawBoard($("board"), this.board, state.view, ctx);
    this.pathsFor(state);
    const board = this.drawnByBoard ? this.board : null;
    this.marks.mark(board, state, names, seat);
    animate($("board"), before);
    this.moves.update({
      legal: state.legal,
      final: state.final,
      pathOf: (action) => this.pathOf(action),
      active: state.your_turn,
      describe: (action) => (board && board.describe ? board.describe(action, state.view) : action),
      prompt: board && board.prompt ? board.prompt : null,
      view: state.view,
      fresh: moved,
    });
    if (focused !== undefined) this.refocus(focused);
    const scores = Array.isArray(state.view.scores) ? state.view.scores : null;
    renderSeats($("seats"), state, { mine: this.you(seat), scores });
    this.showTurn(state, names, seat);
    const toAct = state.to_act === null ? "" : names[state.to_act];
    this.clock.set(state.clock, state.your_turn ? "your move" : toAct, state.status === "running");
    $("undo").disabled = !state.can_undo;
    if (moved || !state.your_turn) this.hintAsked = false;
    $("hint").disabled = !state.your_turn || this.hintAsked;
    if (moved) $("hint-text").textContent = "";
    // Before the game starts the board is not shown: nobody is to act yet, whatever the deal says.
    $("waiting").hidden = state.status !== "open";
    document.querySelector(".board-frame").hidden = state.status === "open";
    const standIn = seat !== null && state.seats[seat] && state.seats[seat].stand_in;
    $("take-back").hidden = !standIn;
    this.log.markSince(seat, seat === null ? null : this.lastOwn(seat, state.version));
    if (this.over && state.status === "over") this.showOver();
    const data = document.body.dataset;
    data.status = state.status;
    data.version = String(state.version);
    data.seat = seat === null ? "" : String(seat);
    data.yourTurn = String(Boolean(state.your_turn));
    data.ready = "true";
    this.fitBars(); // now, not at the next frame: what the bars hold has just changed
    this.log.settle(); // and the log's box with them
    document.dispatchEvent(new CustomEvent("table:shown", { detail: { version: state.version, key } }));
  }

  // The click path of each legal action, kept for the state drawn: only paths whose every key is on
  // the board, so that a board's slip leaves the action to the list rather than out of reach.
  pathsFor(state) {
    this.paths = new Map();
    if (!this.drawnByBoard) return;
    const keys = new Set([...$("board").querySelectorAll("[data-pick]")].map((e) => e.getAttribute("data-pick")));
    for (const action of state.legal) {
      let path = null;
      try {
        path = this.board.path(action, state.view);
      } catch (error) {
        console.warn(`the board has no path for ${action}: ${error}`);
      }
      if (Array.isArray(path) && path.length) {
        if (path.every((key) => keys.has(key))) this.paths.set(action, path);
        else console.warn(`the path of ${action} names a key not on the board: ${path.join(" ")}`);
      }
    }
  }

  // The action at version v is made by the seat to act at v: the page keeps those of each seat held, so
  // that the log can mark what happened since the seat's own last action (an undo forgets those after).
  noteTurn(seat, state) {
    const turns = this.turns.get(seat) || new Set();
    for (const version of turns) if (version >= state.version) turns.delete(version);
    if (state.status === "running" && state.to_act === seat) turns.add(state.version);
    this.turns.set(seat, turns);
    keepTurns(this.table, this.turns);
  }

  lastOwn(seat, version) {
    const before = [...(this.turns.get(seat) || [])].filter((v) => v < version);
    return before.length ? Math.max(...before) : null;
  }

  // A redrawing replaces the board's elements: who plays by keyboard keeps their place on it (the same
  // key if it may still be picked, else the first that may).
  refocus(key) {
    const board = $("board");
    const same = key ? board.querySelector(`[data-pick="${CSS.escape(key)}"][tabindex]`) : null;
    const next = same || board.querySelector(".pickable");
    if (next) next.focus({ preventScroll: true });
  }

  // The seats the person looking is: at one screen the seat shown (none between turns), else those held.
  you(seat) {
    if (!this.together) return this.mine;
    return seat === null ? [] : [seat];
  }

  pathOf(action) {
    return this.paths.get(action) || null;
  }

  showTurn(state, names, seat) {
    const watching = seat === null && !this.together;
    showTurn(state, names, { watching, together: this.together });
  }

  showOver() {
    const state = this.state;
    const names = state ? seatNames(state.seats) : this.over.scores.map((_, seat) => `Seat ${seat + 1}`);
    const seat = this.shownKey === PUBLIC ? null : this.shownKey;
    const ctx = { seat, names, legal: [], toAct: null };
    const board = this.drawnByBoard ? this.board : null;
    renderOver($("over"), { over: this.over, state, names, mine: this.you(seat), board, ctx });
    const winners = this.over.winners.map((n) => names[n]);
    $("turn").textContent = winners.length ? `Game over: ★ ${winners.join(" and ")}` : "Game over";
    document.body.dataset.status = "over";
    if (!this.overShown) {
      this.overShown = true;
      $("over").scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
      $("over-title").focus({ preventScroll: true });
    }
  }

  setTitle(title) {
    const heading = `${title} · table ${this.table}`;
    $("title").textContent = title;
    $("title").title = heading;
    document.title = `${title} · phoenixgames`;
    const rules = `/games/${encodeURIComponent(this.info.game)}/rules`;
    $("rules-link").href = rules;
    $("rules-tab").href = rules;
    $("rules-title").textContent = `Rules of ${title}`;
  }

  // ---------------------------------------------------------------- to the server
  send(message) {
    const link = this.links.get(this.shownKey);
    return Boolean(link && link.send(message));
  }

  play(action) {
    const state = this.state;
    if (!state || !state.your_turn) {
      this.say("It is not your turn: wait until the top of the page says “Your turn”.");
      return false;
    }
    if (this.sentAt === state.version) return false; // one move a position: a second click waits for the answer
    if (!this.send({ type: "move", version: state.version, action })) {
      this.say("Not connected: the move was not sent. The page is reconnecting.");
      return false;
    }
    this.sentAt = state.version;
    this.say("");
    return true;
  }

  undo() {
    if (!this.state || !this.state.can_undo) return;
    this.send({ type: "undo", version: this.state.version });
  }

  askHint() {
    if (!this.state || !this.state.your_turn || this.hintAsked) return;
    if (!this.send({ type: "hint" })) return;
    this.hintAsked = true;
    $("hint").disabled = true;
    $("hint-text").textContent = "Thinking about a hint…";
  }

  hinted(key, message) {
    this.hintAsked = false;
    const state = this.state;
    if (!state || key !== this.shownKey || message.version !== state.version || !state.your_turn) return;
    $("hint").disabled = false;
    const board = this.drawnByBoard ? this.board : null;
    const describe = (action) => (board && board.describe ? board.describe(action, state.view) : action);
    const { move, why, figures } = hintWords(message, describe);
    const box = $("hint-text");
    box.replaceChildren(
      h("strong", {}, `✦ Hint: ${move}.`),
      why ? ` ${this.words(why).replace(/[.\s]*$/, "")}.` : "", // the explanation is sentences already
      figures ? h("span", { class: "figures" }, ` ${this.words(figures)}`) : "",
    );
    this.moves.highlight(message.action, this.pathOf(message.action));
  }

  hintRefused(message) {
    this.hintAsked = false;
    if (this.state) $("hint").disabled = !this.state.your_turn;
    $("hint-text").textContent = `No hint now: ${this.words(message.message)}.`;
  }

  serverError(key, message) {
    if (message.code === "bad_message" && this.hintAsked) {
      this.hintAsked = false;
      $("hint").disabled = !(this.state && this.state.your_turn);
      $("hint-text").textContent = "Sorry: this server does not give hints yet.";
      return;
    }
    if (message.code === "bad_token" && key !== PUBLIC) {
      forgetSeat(this.table, key);
      this.say(`The server no longer knows this browser's seat ${key + 1} (it was left). Reload to watch, or join again.`);
      return;
    }
    if (message.code === "no_table") {
      this.say("There is no such table (any more).");
      return;
    }
    this.say(`The server could not take that: ${this.words(message.message)}.`);
  }

  linkStatus(key, status) {
    if (status.connected) this.down.delete(key);
    else if (!status.final) this.down.add(key);
    const banner = $("connection");
    if (status.final) {
      banner.hidden = false;
      banner.textContent = "The connection was closed by the server and will not be tried again.";
      return;
    }
    banner.hidden = this.down.size === 0;
    if (!status.connected) banner.textContent = `Connection lost: reconnecting in ${Math.round(status.retryIn / 100) / 10} s…`;
    document.body.dataset.connected = String(this.down.size === 0);
  }

  // ---------------------------------------------------------------- the page's own controls
  say(text) {
    $("message").textContent = text;
  }

  words(text) {
    const names = this.state ? seatNames(this.state.seats) : [];
    return namePlayers(String(text).replace(/[.\s]+$/, ""), names);
  }

  wireControls() {
    $("skip").addEventListener("click", () => this.pacer.skip());
    $("more-toggle").addEventListener("click", () => {
      const open = $("more").classList.toggle("open");
      $("more-toggle").setAttribute("aria-expanded", String(open));
    });
    wireSettings(this.settings, {
      pace: (pace) => this.pacer.setPace(pace),
      confirm: (confirm) => {
        this.moves.confirming = confirm;
      },
    });
    $("undo").addEventListener("click", () => this.undo());
    $("hint").addEventListener("click", () => this.askHint());
    $("take-back").addEventListener("click", () => this.send({ type: "take_back" }));
    $("rules-link").addEventListener("click", (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return; // a new tab, as asked
      event.preventDefault();
      const frame = $("rules-frame");
      if (!frame.src) frame.src = $("rules-link").href;
      $("rules").showModal();
    });
    $("rules-close").addEventListener("click", () => $("rules").close());
    document.addEventListener("keydown", (event) => this.key(event));
  }

  // The heights the style needs: the bar at the top (the column beside the board stays below it) and, on
  // a narrow screen, the bar at the foot (the page ends that much lower, so that nothing stays under it).
  wireLayout() {
    const root = document.documentElement.style;
    const top = document.querySelector(".topbar");
    const side = $("side");
    this.fitBars = () => {
      root.setProperty("--top-bar", `${top.offsetHeight}px`);
      root.setProperty("--foot-bar", `${side.offsetHeight}px`);
    };
    const sizes = new ResizeObserver(this.fitBars);
    sizes.observe(top);
    sizes.observe(side);
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (event.key === "Escape") {
      if (typing) event.target.blur();
      this.moves.reset();
      return;
    }
    if (typing || this.handover.up || $("rules").open) return;
    if (event.key === "u") this.undo();
    else if (event.key === "h") this.askHint();
    else if (event.key === "/") {
      event.preventDefault();
      $("notation").focus();
    } else return;
    event.preventDefault();
  }
}

// ---------------------------------------------------------------- starting
async function fetchJson(url) {
  const response = await fetch(url);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error ? body.error.message : `${response.status} ${response.statusText}`);
  return body;
}

function fail(text) {
  const turn = $("turn");
  turn.textContent = text;
  turn.classList.add("failed");
  document.body.dataset.ready = "failed";
}

async function main() {
  const params = new URLSearchParams(location.search);
  const table = params.get("id");
  if (!table) {
    fail("No table named in the address: open a table from the lobby.");
    return;
  }
  let info;
  try {
    info = await fetchJson(`/tables/${encodeURIComponent(table)}`);
  } catch (error) {
    fail(`This table cannot be shown: ${error.message}.`);
    return;
  }
  const games = await fetchJson("/games").catch(() => ({ games: [] }));
  const game = games.games.find((entry) => entry.name === info.game);
  const title = game ? game.title : info.game;
  const watch = params.get("watch") === "1";
  if (params.has("join") && !watch) {
    const wanted = params.get("join");
    if (!heldSeats(table).some((entry) => String(entry.seat) === wanted)) {
      $("turn").textContent = "Choose a name to sit down";
      await joinSeat(table, wanted, { ...info, title });
    }
    params.delete("join"); // the seat is this browser's now: a reload plays it
    history.replaceState(null, "", `${location.pathname}?${params}`);
  }
  const board = await loadBoard(info.game);
  const page = new TablePage({ table, info, title, held: watch ? [] : heldSeats(table), board });
  window.phoenixTable = {
    get state() {
      return page.state;
    },
    get over() {
      return page.over;
    },
    // The last moves marked on the board: [{seat, number, action, by, keys, name}].
    get marked() {
      return page.marks.marked;
    },
    // The versions the page still holds back, to show at the bots' pace.
    get held() {
      return page.pacer.held;
    },
    board,
    send: (message) => page.send(message),
    pathOf: (action) => page.pathOf(action),
  };
  startTableFeatures({ info });
  page.start();
}

main().catch((error) => {
  console.warn(error);
  fail(`The page could not start: ${error.message}`);
});
