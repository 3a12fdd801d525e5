// Several people at one screen (the browser holds more than one seat): before a seat's hand is shown,
// a cover asks for the screen to be passed to its player, and hides the board until they are ready.

export class Handover {
  constructor(cover) {
    this.cover = cover;
    this.name = cover.querySelector("#handover-name");
    this.who = cover.querySelector("#handover-who");
    this.ready = cover.querySelector("#handover-ready");
    this.waiting = null; // the seat the cover is up for
    this.onReady = null;
    this.ready.addEventListener("click", () => {
      const done = this.onReady;
      this.hide();
      if (done) done();
    });
  }

  show(seat, name, onReady) {
    this.onReady = onReady;
    if (this.waiting === seat && !this.cover.hidden) return;
    this.waiting = seat;
    this.name.textContent = name;
    this.who.textContent = name;
    this.cover.hidden = false;
    document.body.classList.add("covered");
    this.ready.focus();
  }

  hide() {
    this.waiting = null;
    this.onReady = null;
    this.cover.hidden = true;
    document.body.classList.remove("covered");
  }

  get up() {
    return !this.cover.hidden;
  }
}
