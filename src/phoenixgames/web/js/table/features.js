// The table's features around the play, drawn in places of their own on the table page: the chat (below
// the players), a learning game's advice (beside the hint), the table's away choice (a line under the
// players), and the notice a person coming back gets of the moves a stand-in bot made for them.
//
// The page hands every message from the server on as a "table:message" event ({key, message}) and says
// "table:shown" after drawing a state; this module reads what it needs from window.phoenixTable (the
// state shown, the board module, send).

import { h, clear } from "../dom.js";
import { LearningAdvice } from "./advice.js";
import { TableChat } from "./chat.js";
import { offered } from "./over.js";
import { namePlayers, seatNames } from "./seats.js";

const $ = (id) => document.getElementById(id);

function useStyle() {
  if (!document.querySelector('link[data-features="table"]')) {
    document.head.append(h("link", { rel: "stylesheet", href: "/web/css/table-features.css", "data-features": "table" }));
  }
}

class StandInNotice {
  constructor() {
    this.seen = new Set(); // "seat:number" of the stand-in moves the person has acknowledged
    this.list = h("ol", { id: "stand-in-moves", class: "stand-in-moves" });
    this.title = h("h2", { id: "stand-in-title" });
    this.ok = h("button", { id: "stand-in-ok", type: "button", class: "primary" }, "Got it");
    this.ok.addEventListener("click", () => {
      for (const key of this.shown) this.seen.add(key);
      this.panel.hidden = true;
    });
    this.shown = [];
    this.panel = h(
      "section",
      { id: "stand-in-notice", class: "panel stand-in-notice", hidden: true, role: "status", "aria-labelledby": "stand-in-title" },
      this.title,
      h("p", { class: "note" }, "While you were away or out of time, the table's stand-in bot made these moves in your seat:"),
      this.list,
      this.ok,
    );
  }

  // The moves of `state.moves` a stand-in made for the seat shown (since the person's own last move).
  show(state, describe) {
    const seat = state.seat;
    const played = seat === null ? [] : (state.moves || []).filter((m) => m.seat === seat && m.by === "stand-in");
    const keys = played.map((m) => `${seat}:${m.number}`);
    if (!played.length || keys.every((key) => this.seen.has(key))) {
      this.panel.hidden = true;
      return;
    }
    this.shown = keys;
    const count = played.length;
    this.title.textContent = `A bot played ${count === 1 ? "1 move" : `${count} moves`} for you`;
    clear(this.list);
    for (const move of played) {
      this.list.append(h("li", { "data-number": move.number }, describe(move.action)));
    }
    this.panel.hidden = false;
  }
}

function awayLine(info) {
  const line = h(
    "p",
    { id: "away-line", class: "away-line" },
    h("strong", {}, "When a player is away or slow: "),
    info.away ? info.away.text : "the table waits.",
  );
  const learning = info.learning
    ? h("p", { id: "learning-line", class: "learning-line" }, "A learning game: at each of your turns the page says what Hard would play, and why.")
    : null;
  return [line, learning];
}

export function startTableFeatures({ info }) {
  useStyle();
  const table = () => window.phoenixTable;
  const names = () => (table().state ? seatNames(table().state.seats) : []);
  const words = (text) => namePlayers(String(text), names());
  const describe = (action) => {
    const { board, state } = table();
    try {
      return board && board.describe && state ? board.describe(action, state.view) : action;
    } catch {
      return action;
    }
  };
  const chat = new TableChat({
    send: (message) => table().send(message),
    watching: () => !table().state || table().state.seat === null,
  });
  const advice = new LearningAdvice({ words });
  const notice = new StandInNotice();

  const seats = document.querySelector(".seats-panel");
  if (seats) {
    seats.append(...awayLine(info).filter(Boolean));
    seats.after(chat.panel);
  }
  const hintText = $("hint-text");
  if (hintText && info.learning) hintText.after(advice.panel);
  const column = document.querySelector(".play-column");
  if (column) column.prepend(notice.panel);

  document.addEventListener("table:message", (event) => {
    const { key, message } = event.detail;
    if (message.type === "chat") chat.received(message);
    else if (message.type === "refused" && message.request === "chat") chat.refused(message);
    else if (message.type === "advice") {
      advice.received(key, message);
      const state = table().state;
      if (state) advice.show(state.seat === null ? "public" : state.seat, state, describe);
    } else if (message.type === "rematch") offered(message);
  });
  document.addEventListener("table:shown", (event) => {
    const state = table().state;
    if (!state) return;
    chat.refreshName();
    notice.show(state, describe);
    if (info.learning) advice.show(event.detail.key, state, describe);
  });
}
