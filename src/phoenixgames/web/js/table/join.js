// The link to share for a free seat (table.html?id=X&join=N, or join=any): asks for a display name,
// takes the seat, keeps its token, and drops `join` from the address so that a reload plays the seat.

import { holdSeat, lastName, rememberName } from "./storage.js";

export function joinSeat(table, wanted, info) {
  const panel = document.getElementById("join");
  const form = document.getElementById("join-form");
  const name = document.getElementById("join-name");
  const error = document.getElementById("join-error");
  const seat = wanted === "any" ? null : Number(wanted);
  document.getElementById("join-title").textContent =
    seat === null ? "Join this table" : `Join this table as seat ${seat + 1}`;
  document.getElementById("join-what").textContent = info
    ? `${info.title}, ${info.players} players. ${freeSeats(info)}`
    : "";
  document.getElementById("join-watch").href = `/web/table.html?id=${encodeURIComponent(table)}&watch=1`;
  name.value = lastName();
  panel.hidden = false;
  name.focus();
  return new Promise((resolve) => {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const body = seat === null ? { name: name.value } : { name: name.value, seat };
      let answer;
      try {
        const response = await fetch(`/tables/${encodeURIComponent(table)}/join`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        answer = await response.json();
        if (!response.ok) throw new Error(answer.error ? answer.error.message : wordsOf(answer));
      } catch (failure) {
        // The server counts seats from 0; people, from 1.
        const words = failure.message.replace(/\bseat (\d+)\b/g, (_, n) => `seat ${Number(n) + 1}`).replace(/\.$/, "");
        error.textContent = `The seat could not be taken: ${words}.`;
        return;
      }
      const shown = answer.table.seats[answer.seat].name || name.value;
      holdSeat(table, answer.seat, answer.token, shown);
      rememberName(shown);
      panel.hidden = true;
      resolve(answer.seat);
    });
  });
}

function freeSeats(info) {
  const free = info.seats.filter((seat) => seat.kind === "person" && !seat.taken).map((seat) => seat.seat + 1);
  if (!free.length) return "Every seat is taken.";
  return `Free ${free.length === 1 ? "seat" : "seats"}: ${free.join(", ")}.`;
}

// FastAPI's own refusal of a body (422): its first complaint.
function wordsOf(answer) {
  const first = Array.isArray(answer.detail) ? answer.detail[0] : null;
  return first ? `${first.loc.slice(1).join(".")}: ${first.msg}` : "the server refused";
}
