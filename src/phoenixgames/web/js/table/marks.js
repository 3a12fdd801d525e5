// Where the last moves show on the board. A state message lists the moves since the viewer's own last
// one (`moves`: number, seat, action as the viewer may know it, by whom); the last turn of each seat
// among them (those before the viewer's turn, while it lasts) is marked on the board (class
// "last-move") with the seat's name beside it, where the board module says the move shows (its
// lastMove(action, seat, view), else the path clicked for it). Pointing at an entry of the log (or
// tapping it) marks that entry's move the same way ("log-shown"), for as long as it is pointed at.

import { h, clear } from "../dom.js";

export class MoveMarks {
  // keep: {load(viewer), save(viewer, moves)}, where the marks kept through the viewer's turn are stored.
  constructor({ board, tags, keep }) {
    this.board = board;
    this.keep = keep || { load: () => [], save: () => {} };
    this.tags = tags; // a layer over the board for the names
    this.known = new Map(); // number -> {number, seat, action, by}: every move the page was told of
    this.marked = []; // [{seat, number, action, keys}] marked in the drawing shown
    this.others = {}; // viewer -> the moves marked last, kept through the viewer's own turn
    this.placed = []; // [{element, text}] the names beside the board's elements
    this.module = null;
    this.view = null;
    new ResizeObserver(() => this.placeTags()).observe(board);
    board.addEventListener("scroll", () => this.placeTags(), true); // a part of the board that scrolls
  }

  // The moves a state message tells of (kept for the log), and those after `version` forgotten: an
  // undo took them back.
  remember(message) {
    for (const number of [...this.known.keys()]) if (number >= message.version) this.known.delete(number);
    for (const move of Array.isArray(message.moves) ? message.moves : []) this.known.set(move.number, move);
  }

  // The moves to mark in `message`: each seat's last run of moves among those listed (a turn of several
  // actions is marked whole), the viewer's own aside.
  static latest(message, viewer) {
    const moves = Array.isArray(message.moves) ? message.moves : [];
    const seen = new Set();
    const marked = [];
    for (let i = moves.length - 1; i >= 0; i--) {
      const move = moves[i];
      if (move.seat === viewer || seen.has(move.seat)) continue;
      seen.add(move.seat);
      for (let j = i; j >= 0 && moves[j].seat === move.seat; j--) marked.push(moves[j]);
    }
    return marked.sort((a, b) => a.number - b.number);
  }

  // After each drawing of the board: the last moves of `message` marked, named by `names` (one name a
  // seat, beside the first place of its latest move that shows on the board).
  mark(module, message, names, viewer) {
    this.module = module;
    this.view = message.view;
    this.marked = [];
    const named = new Map(); // element -> the names to show beside it
    // While the viewer's own turn goes on (their first action made, the next to make) the others' last
    // moves stay marked: the state lists none since the viewer's own last action.
    let latest = MoveMarks.latest(message, viewer);
    const key = viewer ?? "public";
    if (latest.length) {
      if (JSON.stringify(latest) !== JSON.stringify(this.others[key])) this.keep.save(key, latest);
      this.others[key] = latest;
    } else {
      if (!this.others[key]) this.others[key] = this.keep.load(key);
      latest = this.others[key].filter((move) => move.number < message.version);
    }
    for (const move of latest) {
      const elements = this.elementsOf(move);
      const name = names[move.seat] ?? `Seat ${move.seat + 1}`;
      for (const element of elements) {
        element.classList.add("last-move");
        element.setAttribute("data-last-move-by", name);
      }
      this.marked.push({ seat: move.seat, number: move.number, action: move.action, by: move.by, keys: elements.map(keyOf), name });
    }
    for (const seat of new Set(latest.map((move) => move.seat))) {
      // The name goes beside the first place of the seat's latest move that is in sight (a board may
      // scroll a part of itself), else beside the first place of its latest move with one.
      const shown = this.marked.filter((entry) => entry.seat === seat && entry.keys.length).reverse();
      if (!shown.length) continue;
      const places = shown.flatMap((entry) => entry.keys.map((key) => this.placeOf(key))).filter(Boolean);
      const first = places.find((element) => this.inSight(element)) || places[0];
      if (!first) continue;
      const all = named.get(first) || [];
      all.push(shown[0].name);
      named.set(first, all);
    }
    this.placed = [...named].map(([element, all]) => ({ element, text: all.join(" · ") }));
    this.placeTags();
  }

  placeOf(key) {
    const quoted = CSS.escape(key);
    return this.board.querySelector(`.last-move[data-pick="${quoted}"], .last-move[data-piece="${quoted}"]`);
  }

  // Whether the middle of `element` is inside every part of the board that clips it.
  inSight(element) {
    const box = element.getBoundingClientRect();
    const x = (box.left + box.right) / 2;
    const y = (box.top + box.bottom) / 2;
    for (let up = element.parentElement; up && up !== this.board.parentElement; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const clip = up.getBoundingClientRect();
      if (x < clip.left || x > clip.right || y < clip.top || y > clip.bottom) return false;
    }
    return true;
  }

  // The elements of the board where `move` shows.
  elementsOf(move) {
    if (!this.module || !move) return [];
    let keys = null;
    for (const how of ["lastMove", "path"]) {
      if (typeof this.module[how] !== "function") continue;
      try {
        keys = how === "lastMove" ? this.module.lastMove(move.action, move.seat, this.view) : this.module.path(move.action, this.view);
      } catch {
        keys = null; // a board that cannot place this move (another seat's, in public notation)
      }
      if (Array.isArray(keys) && keys.length) break;
    }
    const found = [];
    for (const key of Array.isArray(keys) ? keys : []) {
      const quoted = CSS.escape(String(key));
      for (const element of this.board.querySelectorAll(`[data-pick="${quoted}"], [data-piece="${quoted}"]`)) {
        if (!found.includes(element)) found.push(element);
      }
    }
    return found;
  }

  // The names beside the marked elements, in the layer over the board (placed again as it changes size).
  placeTags() {
    clear(this.tags);
    const frame = this.tags.getBoundingClientRect();
    for (const { element, text } of this.placed) {
      if (!element.isConnected) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 1 && box.height < 1) continue;
      const tag = h("span", { class: "move-tag" }, text);
      this.tags.append(tag);
      // Above the element, its pointer over the element's left part (or its middle, if it is small).
      const aim = box.left - frame.left + Math.min(box.width / 2, 14);
      const left = Math.max(0, Math.min(aim - 10, frame.width - tag.offsetWidth));
      const top = Math.max(0, box.top - frame.top - tag.offsetHeight - 5);
      tag.style.setProperty("--aim", `${Math.max(4, Math.min(aim - left - 5, tag.offsetWidth - 14))}px`);
      tag.style.left = `${left}px`;
      tag.style.top = `${top}px`;
    }
  }

  // Marks the move of a log entry (its action's number) while it is pointed at; null clears.
  preview(number) {
    for (const element of this.board.querySelectorAll(".log-shown")) element.classList.remove("log-shown");
    if (number === null || number === undefined) return [];
    const elements = this.elementsOf(this.known.get(number));
    for (const element of elements) element.classList.add("log-shown");
    return elements;
  }

  knows(number) {
    return this.known.has(number);
  }
}

function keyOf(element) {
  return element.getAttribute("data-piece") || element.getAttribute("data-pick");
}
