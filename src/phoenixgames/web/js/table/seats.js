// The players around the table: their names as people see them, and the list beside the board (who
// is who, who is a bot of which difficulty, who is here or away, who is to act).

import { h, clear } from "../dom.js";

// A seat's name for people, the same string on the board, in the players' list, in the log and at the
// top of the page: the player's display name, or for a bot "Bot <seat> (<difficulty>)".
export function seatName(info) {
  const number = info.seat + 1;
  if (info.kind === "bot") return `Bot ${number} (${info.name})`;
  return info.name || `Seat ${number} (free)`;
}

export function seatNames(seats) {
  return seats.map(seatName);
}

// The game's texts count seats from 0 ("seat 1 laid G6 beside nest 1"); people see names instead.
export function namePlayers(text, names) {
  return String(text).replace(/\bseat (\d+)\b/gi, (whole, number) => names[Number(number)] ?? whole);
}

function presence(info) {
  if (info.kind === "bot") return "a bot";
  if (!info.taken) return "free: waiting for a player";
  if (info.stand_in) return "a stand-in bot plays for now";
  return info.present ? "here" : "away";
}

export function renderSeats(list, state, { mine, scores }) {
  clear(list);
  for (const info of state.seats) {
    const toAct = state.status === "running" && state.to_act === info.seat;
    const own = mine.includes(info.seat);
    const away = info.kind === "person" && info.taken && !info.present;
    list.append(
      h(
        "li",
        {
          class: ["seat", toAct && "to-act", own && "own", away && "away"].filter(Boolean).join(" "),
          "data-seat": info.seat,
          "aria-current": toAct ? "true" : null,
        },
        h("span", { class: "marker", "aria-hidden": "true" }, toAct ? "▶" : ""),
        h(
          "span",
          { class: "who" },
          h("strong", { class: "name" }, seatName(info)),
          own ? h("span", { class: "you" }, " (you)") : null,
        ),
        h(
          "span",
          { class: "status" },
          toAct ? h("span", { class: "acting" }, "to act · ") : null,
          `seat ${info.seat + 1} · `,
          presence(info),
          scores ? ` · ${scores[info.seat]} points` : null,
        ),
      ),
    );
  }
}
