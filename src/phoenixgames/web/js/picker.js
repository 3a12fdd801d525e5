// Choosing a move on the board: a legal action is a path of board keys, clicked in order.
//
// A board draws every thing a player may click as an element with data-pick="<key>" (a card in the hand,
// a nest, a slot, a hexagon), and says for each legal action the keys to click for it (its path), or null
// when the action is chosen from the list only. The picker keeps the keys clicked so far (the prefix):
// the elements that may come next are marked "pickable" (the legal targets, highlighted and reachable
// with the keyboard), those clicked so far "picked". When the prefix is the whole path of one action and
// of no other, that action is chosen; when it is the whole path of several (a bid of each amount, say),
// or the path of one and the start of others, the candidates are offered as choices beside the board.
// Clicking a picked element takes that click back; clicking the first step of another path starts over.

export class Picker {
  constructor(root, { onChoose, onChange }) {
    this.root = root;
    this.onChoose = onChoose;
    this.onChange = onChange || (() => {});
    this.prefix = [];
    this.paths = new Map(); // action -> path (array of keys), actions with no path left out
    this.active = false;
    root.addEventListener("click", (event) => this.clicked(event));
    root.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") this.clicked(event);
      if (event.key === "Escape") this.reset();
    });
  }

  // After every drawing of the board: the legal actions, their paths, and whether the seat may move now.
  // A new position (fresh) starts a new pick; a redrawing of the same one keeps the keys clicked so far.
  update(legal, pathOf, active, fresh = false) {
    if (fresh) this.prefix = [];
    this.paths = new Map();
    for (const action of legal) {
      const path = pathOf(action);
      if (Array.isArray(path) && path.length > 0) this.paths.set(action, path);
    }
    this.active = active;
    if (!active || this.candidates().length === 0) this.prefix = [];
    this.decorate();
    this.onChange(this.prefix.length ? this.candidates() : []);
  }

  reset() {
    this.prefix = [];
    this.decorate();
    this.onChange([]);
  }

  // The legal actions whose path begins with the keys clicked so far.
  candidates() {
    const prefix = this.prefix;
    const found = [];
    for (const [action, path] of this.paths) {
      if (prefix.length <= path.length && prefix.every((key, i) => path[i] === key)) found.push(action);
    }
    return found;
  }

  // The keys that may be clicked next.
  nextKeys() {
    const keys = new Set();
    for (const action of this.candidates()) {
      const path = this.paths.get(action);
      if (path.length > this.prefix.length) keys.add(path[this.prefix.length]);
    }
    return keys;
  }

  firstKeys() {
    return new Set([...this.paths.values()].map((path) => path[0]));
  }

  pick(key) {
    if (!this.active) return false;
    const at = this.prefix.indexOf(key);
    if (at >= 0) {
      this.prefix = this.prefix.slice(0, at);
    } else if (this.nextKeys().has(key)) {
      this.prefix = [...this.prefix, key];
    } else if (this.firstKeys().has(key)) {
      this.prefix = [key];
    } else {
      return false;
    }
    const candidates = this.candidates();
    const complete = candidates.filter((action) => this.paths.get(action).length === this.prefix.length);
    if (candidates.length === 1 && complete.length === 1) {
      const action = complete[0];
      this.prefix = [];
      this.decorate();
      this.onChange([]);
      this.onChoose(action);
      return true;
    }
    this.decorate();
    this.onChange(this.prefix.length ? candidates : []);
    return true;
  }

  clicked(event) {
    const target = event.target.closest ? event.target.closest("[data-pick]") : null;
    if (!target || !this.root.contains(target)) return;
    if (this.pick(target.getAttribute("data-pick"))) event.preventDefault();
  }

  decorate() {
    const next = this.active ? this.nextKeys() : new Set();
    const picked = new Set(this.prefix);
    for (const element of this.root.querySelectorAll("[data-pick]")) {
      const key = element.getAttribute("data-pick");
      const pickable = next.has(key);
      element.classList.toggle("pickable", pickable);
      element.classList.toggle("picked", picked.has(key));
      if (pickable || picked.has(key)) {
        element.setAttribute("tabindex", "0");
        element.setAttribute("role", "button");
        element.setAttribute("aria-pressed", picked.has(key) ? "true" : "false");
      } else {
        element.removeAttribute("tabindex");
        element.removeAttribute("role");
        element.removeAttribute("aria-pressed");
      }
    }
  }
}
