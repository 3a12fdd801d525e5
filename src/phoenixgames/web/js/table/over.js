// The end of the game: every seat's score, the winners marked with a star and in words, the board's
// scoring broken down where it has one, the record to download, the replay, the way back to the lobby,
// and the rematch: a new table of the same seats and bots with a new seed, which each person at this
// screen asks for (or accepts) for the seats this browser holds, taking the same seat numbers there.
// Everyone at the table sees the offer and who has accepted it (the server's `rematch` messages); a seat
// nobody has accepted yet stays free, with its link to share.

import { h, clear } from "../dom.js";
import { heldSeats, holdSeat } from "./storage.js";

let offer = null; // the last `rematch` message
let shownAt = null; // {panel, over, names}: where the rematch is drawn

export function renderOver(panel, { over, state, names, mine, board, ctx }) {
  const body = panel.querySelector("#scores tbody");
  clear(body);
  const order = over.scores.map((score, seat) => ({ score, seat })).sort((a, b) => b.score - a.score || a.seat - b.seat);
  for (const { score, seat } of order) {
    const winner = over.winners.includes(seat);
    body.append(
      h(
        "tr",
        { class: winner ? "winner" : null, "data-seat": seat, "data-score": score, "data-winner": String(winner) },
        h("th", { scope: "row" }, h("span", { class: "name" }, names[seat] ?? `Seat ${seat + 1}`), mine.includes(seat) ? " (you)" : null),
        h("td", { class: "score" }, String(score)),
        h("td", { class: "result" }, winner ? h("span", { class: "star" }, "★ winner") : ""),
      ),
    );
  }
  const title = panel.querySelector("#over-title");
  const winners = over.winners.map((seat) => names[seat] ?? `Seat ${seat + 1}`);
  title.textContent = winners.length ? `Game over: ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}` : "Game over";
  const scoring = panel.querySelector("#scoring");
  clear(scoring);
  if (board && typeof board.scoring === "function" && state) {
    try {
      const breakdown = board.scoring(state.view, ctx);
      if (breakdown) scoring.append(h("h3", {}, "How the points were scored"), breakdown);
    } catch (error) {
      console.warn(`the board could not break the scoring down: ${error}`);
    }
  }
  panel.querySelector("#record-link").href = `/tables/${encodeURIComponent(over.table)}/record`;
  links(panel, over.table);
  shownAt = { panel, over, names };
  drawRematch();
  panel.hidden = false;
}

// The replay of the game, beside the record.
function links(panel, table) {
  const row = panel.querySelector(".over-links");
  if (!row || row.querySelector("#replay-link")) return;
  const replay = h("a", { id: "replay-link", href: `/web/replay.html?id=${encodeURIComponent(table)}` }, "▶ Replay the game");
  row.prepend(replay);
}

// A `rematch` message: the new table and its seats (`taken`: accepted).
export function offered(message) {
  offer = message;
  drawRematch();
}

function rematchBox(panel) {
  let box = panel.querySelector("#rematch");
  if (!box) {
    box = h("div", { id: "rematch", class: "rematch" });
    const row = panel.querySelector(".over-links");
    if (row) row.before(box);
    else panel.append(box);
  }
  return box;
}

function drawRematch() {
  if (!shownAt) return;
  const { panel, over, names } = shownAt;
  const box = rematchBox(panel);
  clear(box);
  const held = heldSeats(over.table);
  const message = h("p", { id: "rematch-error", class: "error", role: "alert" });
  if (!offer || offer.table !== over.table) {
    if (!held.length) return;
    const button = h("button", { id: "rematch-go", type: "button", class: "primary" }, "↻ Rematch");
    button.title = "A new table: the same players and bots, a new deal";
    button.addEventListener("click", () => accept(over.table, held, button, message));
    box.append(button, message);
    return;
  }
  const seats = offer.seats;
  const page = (query) => `/web/table.html?${new URLSearchParams({ id: offer.rematch, ...query })}`;
  const status = h("ul", { id: "rematch-seats", class: "rematch-seats" });
  for (const seat of seats) {
    const name = seat.kind === "bot" ? `${names[seat.seat] ?? `Seat ${seat.seat + 1}`}` : seat.name || names[seat.seat];
    let state;
    if (seat.kind === "bot") state = "bot, plays again";
    else if (seat.taken) state = "✓ accepted";
    else {
      const share = new URL(page({ join: seat.seat }), location.href).href;
      state = h("span", {}, "not yet · ", h("a", { class: "rematch-share", href: share }, "link to share"));
    }
    status.append(
      h("li", { "data-seat": seat.seat, "data-accepted": seat.kind === "bot" ? "bot" : String(Boolean(seat.taken)) }, h("strong", {}, `${name}: `), state),
    );
  }
  const mine = held.filter((entry) => {
    const seat = seats.find((each) => each.seat === entry.seat);
    return seat && seat.kind === "person" && !seat.taken;
  });
  box.append(h("h3", { id: "rematch-title" }, "A rematch is offered"), status);
  if (mine.length) {
    const button = h("button", { id: "rematch-go", type: "button", class: "primary" }, "✓ Accept the rematch");
    button.addEventListener("click", () => accept(over.table, mine, button, message));
    box.append(button);
  }
  const accepted = held.some((entry) => seats.some((each) => each.seat === entry.seat && each.taken));
  const go = heldSeats(offer.rematch).length ? page({}) : page({ watch: "1" });
  box.append(h("a", { id: "rematch-open", class: "button", href: go }, accepted ? "Go to the new table" : "Watch the new table"));
  box.append(message);
}

// Ask for the rematch (or accept it) for each seat held here, keep the new seats' tokens, and go there.
async function accept(table, held, button, message) {
  button.disabled = true;
  message.textContent = "";
  let target = null;
  try {
    for (const entry of held) {
      const response = await fetch(`/tables/${encodeURIComponent(table)}/rematch`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: entry.token }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(body.error ? body.error.message : `the server answered ${response.status}`);
      holdSeat(body.table.id, body.seat, body.token, body.table.seats[body.seat].name || entry.name);
      target = body.table.id;
    }
  } catch (error) {
    message.textContent = `The rematch could not be joined: ${error.message}.`;
    button.disabled = false;
    return;
  }
  if (target) location.assign(`/web/table.html?${new URLSearchParams({ id: target })}`);
}
