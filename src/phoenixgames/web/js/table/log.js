// The events of the game, newest last: what each player did, what the viewer drew, how rounds ended.
// Events come in each state message (those since the last one); after an undo the version goes down
// and the events of the actions taken back go. Those since the viewer's own last action are marked
// "new", in words as well as in colour.

import { h } from "../dom.js";
import { namePlayers } from "./seats.js";

export class GameLog {
  constructor(list) {
    this.list = list;
    this.items = []; // {event, element}, in order
  }

  // The events of one state message, at `version` (the number of actions so far).
  add(version, events, names) {
    while (this.items.length && this.items[this.items.length - 1].event.action >= version) {
      this.items.pop().element.remove();
    }
    const nearBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    for (const event of events) {
      const element = h(
        "li",
        { class: `event kind-${String(event.kind || "event").replace(/\W+/g, "-")}`, "data-action": event.action },
        h("span", { class: "new-mark" }, "new"),
        h("span", { class: "text" }, namePlayers(event.text ?? event.kind ?? "", names)),
      );
      this.items.push({ event, element });
      this.list.append(element);
    }
    if (events.length && nearBottom) this.list.scrollTop = this.list.scrollHeight;
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
  }
}
