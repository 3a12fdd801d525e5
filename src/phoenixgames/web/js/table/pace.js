// Showing the game at a pace a person can follow. The server records a bot's move at once and sends a
// state after every move, so a bot's reply lands a few milliseconds after the person's move, and a table
// of bots sends a burst. The page keeps the state messages in a queue and hands them on one version at a
// time: a bot's (or stand-in's) move `pace` milliseconds after the move before it; a person's move, an
// undo, the first state and whatever comes while the page is hidden, at once. `skip()` hands on the rest
// at once. A reload starts from the position as it is: there is no queue then.

const PERSON = "person";

export class Pacer {
  // release(key, message): a message handed on, each in the order it came; shown(): after the messages of
  // one version are handed on; waiting(count): the versions still held back, after every change.
  constructor({ pace, release, shown, waiting }) {
    this.pace = pace;
    this.release = release;
    this.shown = shown || (() => {});
    this.waiting = waiting || (() => {});
    this.queues = new Map(); // key -> messages held back, oldest first
    this.released = null; // the version last handed on
    this.previous = new Map(); // key -> the message last handed on
    this.at = 0; // when it was handed on (performance.now())
    this.timer = null;
    document.addEventListener("visibilitychange", () => this.run());
  }

  push(key, message) {
    if (!this.queues.has(key)) this.queues.set(key, []);
    this.queues.get(key).push(message);
    this.run();
  }

  setPace(pace) {
    this.pace = pace;
    this.run();
  }

  skip() {
    for (let next = this.next(); next !== null; next = this.next()) this.hand(next);
    this.run();
  }

  // The number of versions held back.
  get held() {
    const versions = new Set();
    for (const queue of this.queues.values()) for (const message of queue) versions.add(message.version);
    return versions.size;
  }

  run() {
    clearTimeout(this.timer);
    this.timer = null;
    for (let next = this.next(); next !== null; next = this.next()) {
      const wait = this.wait(next);
      if (wait > 0) {
        this.timer = setTimeout(() => this.run(), wait);
        break;
      }
      this.hand(next);
    }
    this.waiting(this.held);
  }

  // The version to hand on next: the oldest message held back (an undo's lower version comes in order).
  next() {
    for (const queue of this.queues.values()) if (queue.length) return queue[0];
    return null;
  }

  wait(message) {
    if (this.pace <= 0 || this.released === null || document.visibilityState === "hidden") return 0;
    if (message.version <= this.released || !this.byBot(message)) return 0;
    return this.at + this.pace - performance.now();
  }

  // Whether the move that led to `message` was a bot's or a stand-in's: the state's `moves` say who made
  // each; without them, who was to act in the state before it.
  byBot(message) {
    if (Array.isArray(message.moves)) {
      const move = message.moves.find((entry) => entry.number === message.version - 1);
      if (move) return move.by !== PERSON;
    }
    for (const before of this.previous.values()) {
      if (before.status !== "running" || before.to_act === null || before.to_act === undefined) continue;
      const info = before.seats[before.to_act];
      return Boolean(info && (info.kind === "bot" || info.stand_in));
    }
    return false;
  }

  // Hands on every message up to the version of `first` (the oldest held back), for every key.
  hand(first) {
    for (const [key, queue] of this.queues) {
      while (queue.length && queue[0].version <= first.version) {
        const message = queue.shift();
        this.previous.set(key, message);
        this.release(key, message);
      }
    }
    this.released = first.version;
    this.shown();
    this.at = performance.now(); // the pace counts from when the move is on the screen
  }
}
