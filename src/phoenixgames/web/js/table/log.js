// The events of the game, newest last: what each player did, what the viewer drew, how rounds ended.
// Events come in each state message (those since the last one); after an undo the version goes down
// and the events of the actions taken back go. Those since the viewer's own last action are marked
// "new", in words as well as in colour; a move a stand-in bot made for a player says so.
//
// The log follows the newest entry unless the reader has scrolled up; then a "new moves" button brings
// it back. Whether it follows is decided when the reader scrolls, not as lines come (new lines and the
// "new" marks make lines wrap, which moves the bottom). Pointing at an entry, or tapping it, shows its
// move on the board (`point(number)`; null when it is let go).

import { h } from "../dom.js";
import { namePlayers } from "./seats.js";

// How close to the bottom counts as at the bottom, in pixels.
const AT_BOTTOM = 8;

export class GameLog {
  constructor(list, { newMoves, point, knows }) {
    this.list = list;
    this.newMoves = newMoves; // the button that scrolls back to the newest entry
    this.point = point || (() => {});
    this.knows = knows || (() => false); // whether the move of an action's number can be shown
    this.items = []; // {event, element}, in order
    this.following = true;
    this.pinned = null; // the entry tapped, whose move stays shown
    list.addEventListener("scroll", () => {
      this.following = this.atBottom();
      if (this.following) this.newMoves.hidden = true;
    });
    // The log's box may change size as the page around it does (the bar at the foot of a phone's screen):
    // a log that follows stays at its newest entry.
    new ResizeObserver(() => this.settle()).observe(list);
    newMoves.addEventListener("click", () => {
      this.following = true;
      this.settle();
    });
  }

  atBottom() {
    return this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight <= AT_BOTTOM;
  }

  // The events of one state message, at `version` (the number of actions so far).
  add(version, events, names) {
    while (this.items.length && this.items[this.items.length - 1].event.action >= version) {
      this.items.pop().element.remove();
    }
    for (const event of events) {
      const element = this.entry(event, names);
      this.items.push({ event, element });
      this.list.append(element);
    }
    if (events.length && !this.following) this.newMoves.hidden = false;
    this.settle();
  }

  entry(event, names) {
    const number = Number.isInteger(event.action) ? event.action : null;
    const shows = number !== null && this.knows(number);
    const element = h(
      "li",
      {
        class: `event kind-${String(event.kind || "event").replace(/\W+/g, "-")}${shows ? " shows" : ""}`,
        "data-action": event.action,
        tabindex: shows ? "0" : null,
        title: shows ? "Point here (or tap) to see this move on the board" : null,
      },
      h("span", { class: "new-mark" }, "new"),
      event.by === "stand-in" ? h("span", { class: "stand-in-mark" }, "stand-in") : null,
      h("span", { class: "text" }, namePlayers(event.text ?? event.kind ?? "", names)),
    );
    if (shows) {
      element.addEventListener("mouseenter", () => this.point(number));
      element.addEventListener("mouseleave", () => this.point(this.pinned));
      element.addEventListener("focus", () => this.point(number));
      element.addEventListener("blur", () => this.point(this.pinned));
      element.addEventListener("click", () => {
        this.pinned = this.pinned === number ? null : number;
        for (const { element: other } of this.items) other.classList.toggle("pinned", other === element && this.pinned !== null);
        this.point(this.pinned);
      });
    }
    return element;
  }

  // Once the lines are laid out (after the "new" marks): down to the newest entry, if following.
  settle() {
    if (!this.following) return;
    this.list.scrollTop = this.list.scrollHeight;
    this.newMoves.hidden = true;
  }

  // Marks the events after `seat`'s last action as new (none for a spectator: `seat` null). `lastOwn` is
  // the index of that action where the page saw it made; after a reload it has not, and the last event
  // that tells the seat what it did ("you laid R7 beside nest 2") stands for it.
  markSince(seat, lastOwn) {
    let last = lastOwn ?? -1;
    if (seat !== null && lastOwn === null) {
      for (const { event } of this.items) {
        if (event.seat === seat && /^you /i.test(event.text || "") && event.action > last) last = event.action;
      }
    }
    for (const { event, element } of this.items) {
      element.classList.toggle("fresh", seat !== null && last >= 0 && event.action > last);
    }
    this.settle();
  }
}
