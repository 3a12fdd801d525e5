// The table's chat: the lines of its seats and spectators, and a box to write one. A line is built of
// text nodes only (never HTML), its text isolated from the page's direction (dir="auto"; the server has
// already taken out every bidirectional control), and shown by the name of the seat that wrote it, or
// the name a spectator gave ("(watching)" beside it). A person may mute the chat: it is kept so in this
// browser, and the lines that come meanwhile are only counted.

import { h, clear } from "../dom.js";
import { lastName, rememberName } from "./storage.js";

const MUTED = "phoenixgames.chat.muted";
// The longest line the server takes, in characters.
const MAX_CHAT = 300;
// How many lines the panel keeps.
const KEPT = 200;

function mutedHere() {
  try {
    return localStorage.getItem(MUTED) === "true";
  } catch {
    return false;
  }
}

export class TableChat {
  // `send(message)` sends on the connection shown; `watching()` says whether the page is a spectator's.
  constructor({ send, watching }) {
    this.send = send;
    this.watching = watching;
    this.numbers = new Set(); // the lines shown, by number (several connections bring the same line)
    this.unread = 0;
    this.list = h("ol", { id: "chat-lines", class: "chat-lines", "aria-live": "polite" });
    this.empty = h("p", { class: "chat-empty note" }, "Nobody has said anything yet.");
    this.mutedNote = h("p", { id: "chat-muted", class: "chat-muted note", hidden: true });
    this.muteButton = h("button", { id: "chat-mute", type: "button", class: "chat-mute", "aria-pressed": "false" });
    this.muteButton.addEventListener("click", () => this.mute(!this.muted));
    this.name = h("input", {
      id: "chat-name",
      class: "chat-name",
      maxlength: 40,
      autocomplete: "nickname",
      placeholder: "Your name",
      "aria-label": "Your name in the chat",
      value: lastName(),
    });
    this.input = h("input", {
      id: "chat-text",
      class: "chat-text",
      maxlength: MAX_CHAT,
      autocomplete: "off",
      placeholder: "Say something to the table",
      "aria-label": "A line for the chat",
    });
    this.error = h("p", { id: "chat-error", class: "chat-error error", role: "alert" });
    this.form = h(
      "form",
      { id: "chat-form", class: "chat-form" },
      this.name,
      this.input,
      h("button", { id: "chat-send", type: "submit" }, "Say"),
    );
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.say();
    });
    this.panel = h(
      "section",
      { id: "chat", class: "panel chat-panel", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, "Chat ", this.muteButton),
      this.mutedNote,
      this.empty,
      this.list,
      this.form,
      this.error,
    );
    this.mute(mutedHere(), false);
    this.refreshName();
  }

  // A spectator gives the name its lines are shown by; a seat is shown by its player's name.
  refreshName() {
    this.name.hidden = !this.watching();
  }

  mute(muted, keep = true) {
    this.muted = muted;
    if (keep) {
      try {
        localStorage.setItem(MUTED, String(muted));
      } catch {
        // storage refused: muted for this page only
      }
    }
    if (!muted) this.unread = 0;
    this.muteButton.textContent = muted ? "Unmute the chat" : "Mute the chat";
    this.muteButton.setAttribute("aria-pressed", String(muted));
    this.muteButton.title = muted ? "Show the chat again" : "Hide the chat's lines (kept so in this browser)";
    this.panel.classList.toggle("muted", muted);
    this.list.hidden = muted;
    this.form.hidden = muted;
    this.empty.hidden = muted || this.numbers.size > 0;
    this.showMuted();
  }

  showMuted() {
    this.mutedNote.hidden = !this.muted;
    const lines = this.unread === 1 ? "1 new line" : `${this.unread} new lines`;
    this.mutedNote.textContent = `The chat is muted${this.unread ? `: ${lines} since` : ""}.`;
  }

  // A `chat` message from the server: its lines, each shown once.
  received(message) {
    for (const line of message.lines || []) {
      if (this.numbers.has(line.number)) continue;
      this.numbers.add(line.number);
      this.list.append(this.lineOf(line));
      if (this.muted) this.unread += 1;
    }
    while (this.list.children.length > KEPT) this.list.firstElementChild.remove();
    this.empty.hidden = this.muted || this.numbers.size > 0;
    this.list.scrollTop = this.list.scrollHeight;
    this.showMuted();
  }

  lineOf(line) {
    const watching = line.seat === null || line.seat === undefined;
    return h(
      "li",
      { class: `chat-line${watching ? " from-spectator" : ""}`, "data-number": line.number, "data-seat": watching ? "" : line.seat },
      h("strong", { class: "chat-who", dir: "auto" }, String(line.name)),
      watching ? h("span", { class: "chat-watching" }, " (watching)") : null,
      ": ",
      h("span", { class: "chat-said", dir: "auto" }, String(line.text)),
    );
  }

  say() {
    const text = this.input.value.trim();
    if (!text) return;
    const message = { type: "chat", text };
    if (this.watching()) {
      const name = this.name.value.trim();
      if (!name) {
        this.error.textContent = "Give a name first: a spectator's lines are shown by it.";
        this.name.focus();
        return;
      }
      message.name = name;
      rememberName(name);
    }
    if (!this.send(message)) {
      this.error.textContent = "Not connected: the line was not sent.";
      return;
    }
    this.error.textContent = "";
    this.input.value = "";
  }

  // A refused line, in words.
  refused(message) {
    this.error.textContent = `Not said: ${message.message}.`;
  }

  clear() {
    clear(this.list);
    this.numbers.clear();
  }
}
