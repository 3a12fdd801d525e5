// A learning game's advice: at each turn of the person at this screen, what Hard would play and why, in
// the move list's words (the board's describe), with the figures of its search behind a detail. The
// server sends it unasked (an `advice` message, thought like a hint on the seat's own copy); the player
// still chooses. Shown only at a learning table, and only for the position it was thought for.

import { h, clear } from "../dom.js";
import { hintWords } from "./hint.js";

export class LearningAdvice {
  // `words(text)` puts the seats' names into a text ("seat 1" -> "Bob").
  constructor({ words }) {
    this.words = words;
    this.advice = null; // the last advice message, of the connection it came on
    this.body = h("div", { id: "advice-body", class: "advice-body", "aria-live": "polite" });
    this.panel = h(
      "section",
      { id: "advice", class: "advice-panel", hidden: true, "aria-labelledby": "advice-title" },
      h("h3", { id: "advice-title" }, "Learning game: what Hard would play"),
      this.body,
    );
  }

  received(key, message) {
    this.advice = { key, message };
  }

  // Draw the advice for the state shown (`state`, of the connection `key`), with `describe(action)`.
  show(key, state, describe) {
    const mine = state && state.your_turn && state.status === "running";
    this.panel.hidden = !mine;
    if (!mine) return;
    const advice = this.advice;
    clear(this.body);
    if (!advice || advice.key !== key || advice.message.version !== state.version) {
      this.body.append(h("p", { class: "advice-thinking note" }, "Hard is thinking about your move…"));
      this.panel.dataset.version = "";
      return;
    }
    const { move, why, figures } = hintWords(advice.message, describe);
    this.body.append(
      h("p", { class: "advice-move" }, h("strong", {}, `${move}.`), why ? ` ${this.words(why)}` : ""),
      h(
        "details",
        { class: "advice-figures" },
        h("summary", {}, "The figures of the search"),
        h("p", {}, this.words(figures)),
      ),
      h("p", { class: "advice-choice note" }, "The choice is yours: any legal move may be played."),
    );
    this.panel.dataset.version = String(state.version);
    this.panel.dataset.action = advice.message.action;
  }
}
