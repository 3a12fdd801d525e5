// Making a move: on the board through the picker (the legal targets highlighted, a click path per
// action), among the choices when several actions share the keys clicked, from the list of every legal
// action, or typed in notation. Beside the prompt, a button for each move that has no place on the
// board and for a lone move (the only one legal). A move clicked that cannot be taken back (the state's
// `final`) asks for a confirmation first, unless the player turned that off: "Make this move", or the
// last place clicked clicked again. A move typed in full is made at once.

import { h, clear, plural } from "../dom.js";
import { Picker } from "../picker.js";

// Above this many legal actions the list is grouped by the kind of action (its first word).
const GROUP_FROM = 12;
// With no move on the board, at most this many are offered as buttons beside the prompt.
const FEW_OFF_BOARD = 6;

export class MovePanel {
  constructor({ board, prompt, choices, confirm, legal, legalTitle, form, input, notations, play }) {
    Object.assign(this, { board, promptBox: prompt, choicesBox: choices, confirmBox: confirm, legalBox: legal, legalTitle });
    Object.assign(this, { form, input, notations, play });
    this.describe = (action) => action;
    this.prompter = null;
    this.view = null;
    this.active = false;
    this.legal = [];
    this.final = new Set(); // the legal actions that cannot be taken back
    this.confirming = true; // whether those ask first (the player's setting)
    this.pending = null; // {action, path}: the move waiting for its confirmation
    this.pathOf = () => null;
    this.onBoard = new Set(); // the legal actions that have a path on the board
    this.picker = new Picker(board, {
      onChoose: (action) => this.choose(action),
      onChange: (candidates) => this.showChoices(candidates),
    });
    // While a move waits for its confirmation, its last place clicked again (or Enter on it) confirms it;
    // any other click on the board forgets it (and goes on to the picker).
    const again = (event) => {
      if (!this.pending || (event.type === "keydown" && event.key !== "Enter" && event.key !== " ")) return;
      const target = event.target.closest ? event.target.closest("[data-pick]") : null;
      const path = this.pending.path || [];
      if (target && path.length && target.getAttribute("data-pick") === path[path.length - 1]) {
        event.stopPropagation();
        event.preventDefault();
        this.confirm();
      } else if (event.type === "click") this.cancel();
    };
    board.addEventListener("click", again, true);
    board.addEventListener("keydown", again, true);
    confirm.querySelector("#confirm-yes").addEventListener("click", () => this.confirm());
    confirm.querySelector("#confirm-no").addEventListener("click", () => this.cancel());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (this.play(text)) input.value = ""; // typed in full: no confirmation asked
    });
  }

  // After each drawing of the board: what the seat shown may do now (fresh: in a new position).
  update({ legal, final, pathOf, active, describe, prompt, view, fresh }) {
    this.legal = legal;
    this.final = new Set(final || []);
    this.active = active;
    this.view = view;
    this.describe = describe;
    this.prompter = prompt;
    this.pathOf = pathOf;
    this.onBoard = new Set(legal.filter((action) => pathOf(action)));
    if (fresh || !active || (this.pending && !legal.includes(this.pending.action))) this.pending = null;
    this.renderLegal();
    this.picker.update(legal, pathOf, active, fresh);
    if (this.pending) this.ask(this.pending.action);
  }

  reset() {
    this.cancel();
    this.picker.reset();
  }

  // A move chosen (on the board, in the list, typed): made, or first confirmed.
  choose(action) {
    if (this.confirming && this.final.has(action)) {
      this.ask(action);
      return true;
    }
    return this.play(action);
  }

  ask(action) {
    const path = this.pathOf(action);
    this.pending = { action, path };
    const words = safely(() => this.describe(action)) || action;
    this.confirmBox.querySelector("#confirm-text").textContent = `“${words}” cannot be taken back once made.`;
    this.confirmBox.hidden = false;
    this.choicesBox.hidden = true;
    for (const key of path || []) {
      const element = this.board.querySelector(`[data-pick="${CSS.escape(key)}"]`);
      if (element) element.classList.add("picked", "confirming");
    }
    this.promptBox.textContent = path ? "Click it again, or “Make this move”, to make it; Esc or “Not yet” to choose again." : "";
  }

  confirm() {
    const pending = this.pending;
    if (!pending) return;
    this.hideConfirm();
    this.play(pending.action);
  }

  cancel() {
    if (!this.pending) return;
    this.hideConfirm();
    this.picker.reset();
  }

  hideConfirm() {
    this.pending = null;
    this.confirmBox.hidden = true;
    this.choicesBox.hidden = false;
    for (const element of this.board.querySelectorAll(".confirming")) element.classList.remove("confirming", "picked");
  }

  // The choices beside the prompt: the moves whose every key is clicked now (several share those clicks:
  // a bid of each amount, say), or, with nothing clicked, the moves that have no place on the board and
  // a lone move. The moves that go on to another place are shown there, not here.
  showChoices(candidates) {
    clear(this.choicesBox);
    if (candidates.length) {
      const depth = this.picker.prefix.length;
      for (const action of candidates) {
        if ((this.pathOf(action) || []).length === depth) this.choicesBox.append(this.button(action, "choice"));
      }
    } else if (this.active) {
      const lone = this.legal.filter((action) => !this.onBoard.has(action) || this.legal.length === 1);
      // Without a board (it could not be drawn) every move is off it: a few are buttons, many are the list.
      if (this.onBoard.size || lone.length <= FEW_OFF_BOARD) {
        for (const action of lone) this.choicesBox.append(this.button(action, "choice lone"));
      }
    }
    this.showPrompt(candidates);
  }

  showPrompt(candidates) {
    let text = "";
    if (this.active) {
      const custom = this.prompter ? safely(() => this.prompter(this.picker.prefix, candidates, this.view)) : null;
      if (custom) text = custom;
      else if (this.picker.prefix.length && candidates.length)
        text = this.choicesBox.childElementCount
          ? "Choose one of the moves below, or click the next highlighted place. Esc starts again."
          : "Now click the next highlighted place. Esc starts again.";
      else if (this.onBoard.size)
        text = "Click a highlighted place on the board (dashed outline) to begin a move, or choose from the list.";
      else if (this.choicesBox.childElementCount) text = "Make your move with a button below (or from the list of every move).";
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
        onclick: () => this.choose(action),
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
