// The turn clock, where the table has one: the time left to the seat to act, counted down here from the
// `remaining` of the last state (the server's own clock decides; this only shows it).

const WARN_SECONDS = 10;

export class TurnClock {
  constructor(element) {
    this.element = element;
    this.deadline = null;
    this.who = "";
    this.timer = null;
  }

  // `clock` is the state's {per_move, remaining}; `who` names the seat to act.
  set(clock, who, running) {
    clearInterval(this.timer);
    this.timer = null;
    if (!clock || clock.per_move === null || clock.per_move === undefined) {
      this.element.hidden = true;
      return;
    }
    this.element.hidden = false;
    this.who = who;
    if (!running || clock.remaining === null || clock.remaining === undefined) {
      this.deadline = null;
      this.element.textContent = `◷ ${format(clock.per_move)} a move`;
      this.element.classList.remove("low");
      return;
    }
    this.deadline = performance.now() + clock.remaining * 1000;
    this.tick();
    this.timer = setInterval(() => this.tick(), 250);
  }

  tick() {
    const left = Math.max(0, (this.deadline - performance.now()) / 1000);
    const low = left <= WARN_SECONDS;
    this.element.classList.toggle("low", low);
    this.element.textContent = `${low ? "⚠" : "◷"} ${format(left)} left for ${this.who}`;
    if (left <= 0) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

function format(seconds) {
  const whole = Math.ceil(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}
