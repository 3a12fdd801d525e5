// The end of the game: every seat's score, the winners marked with a star and in words, the board's
// scoring broken down where it has one, the record to download and the way back to the lobby.

import { h, clear } from "../dom.js";

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
  panel.hidden = false;
}
