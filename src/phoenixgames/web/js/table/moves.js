// Making a move: on the board through the picker (the legal targets highlighted, a click path per
// action), among the choices when several actions share the keys clicked, from the list of every legal
// action, or typed in notation.

import { h, clear, plural } from "../dom.js";
import { Picker } from "../picker.js";

// Above this many legal actions the list is grouped by the kind of action (its first word).
const GROUP_FROM = 12;

export class MovePanel {
  constructor({ board, prompt, choices, legal, legalTitle, form, input, notations, play }) {
    Object.assign(this, { board, promptBox: prompt, choicesBox: choices, legalBox: legal, legalTitle });
    Object.assign(this, { form, input, notations, play });
    this.describe = (action) => action;
    this.prompter = null;
    this.view = null;
    this.active = false;
    this.legal = [];
    this.onBoard = new Set(); // the legal actions that have a path on the board
    this.picker = new Picker(board, {
      onChoose: (action) => this.play(action),
      onChange: (candidates) => this.showChoices(candidates),
    });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (this.play(text)) input.value = "";
    });
  }

  // After each drawing of the board: what the seat shown may do now (fresh: in a new position).
  update({ legal, pathOf, active, describe, prompt, view, fresh }) {
    this.legal = legal;
    this.active = active;
    this.view = view;
    this.describe = describe;
    this.prompter = prompt;
    this.onBoard = new Set(legal.filter((action) => pathOf(action)));
    this.renderLegal();
    this.picker.update(legal, pathOf, active, fresh);
  }

  reset() {
    this.picker.reset();
  }

  showChoices(candidates) {
    clear(this.choicesBox);
    for (const action of candidates) {
      this.choicesBox.append(this.button(action, "choice"));
    }
    this.showPrompt(candidates);
  }

  showPrompt(candidates) {
    let text = "";
    if (this.active) {
      const custom = this.prompter ? safely(() => this.prompter(this.picker.prefix, candidates, this.view)) : null;
      if (custom) text = custom;
      else if (this.picker.prefix.length && candidates.length)
        text = `Now click the next highlighted place, or choose one of these ${candidates.length} below. Esc starts again.`;
      else if (this.onBoard.size)
        text = "Click a highlighted place on the board (dashed outline) to begin a move, or choose from the list.";
      else text = "Choose your move from the list, or type it.";
    }
    this.promptBox.textContent = text;
  }

  renderLegal() {
    clear(this.legalBox);
    clear(this.notations);
    this.legalTitle.textContent = this.active ? `All legal moves (${this.legal.length})` : "All legal moves";
    if (!this.active) {
      this.legalBox.append(h("p", { class: "empty" }, "No move to make now."));
      return;
    }
    const groups = new Map();
    for (const action of this.legal) {
      const kind = this.legal.length > GROUP_FROM ? action.split(" ")[0] : "";
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(action);
    }
    for (const [kind, actions] of groups) {
      const buttons = actions.map((action) => this.button(action, "listed"));
      if (!kind) {
        this.legalBox.append(...buttons);
        continue;
      }
      const heading = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} · ${plural("move", actions.length)}`;
      this.legalBox.append(h("div", { class: "group" }, h("h3", {}, heading), buttons));
    }
    for (const action of this.legal) this.notations.append(h("option", { value: action }));
  }

  button(action, where) {
    const text = safely(() => this.describe(action)) || action;
    return h(
      "button",
      {
        type: "button",
        class: ["action", where, this.onBoard.has(action) ? "on-board" : "off-board"].join(" "),
        "data-action": action,
        title: this.onBoard.has(action) ? `${action} (also on the board)` : action,
        onclick: () => this.play(action),
      },
      h("span", { class: "describe" }, text),
      text !== action ? h("code", {}, action) : null,
    );
  }

  // The hint's action: its path on the board and its buttons marked, in words as well.
  highlight(action, path) {
    for (const element of this.board.querySelectorAll(".hinted")) element.classList.remove("hinted");
    for (const key of path || []) {
      const element = this.board.querySelector(`[data-pick="${CSS.escape(key)}"]`);
      if (element) element.classList.add("hinted");
    }
    for (const button of document.querySelectorAll("button.action")) {
      const hinted = button.dataset.action === action;
      button.classList.toggle("hinted", hinted);
      const mark = button.querySelector(".hint-mark");
      if (hinted && !mark) {
        button.querySelector(".describe").prepend(h("span", { class: "hint-mark" }, "✦ hint: "));
        if (button.classList.contains("listed")) button.scrollIntoView({ block: "nearest" });
      }
      if (!hinted && mark) mark.remove();
    }
  }
}

function safely(call) {
  try {
    return call();
  } catch (error) {
    console.warn(`the board failed to describe a move: ${error}`);
    return null;
  }
}
