// The seats this browser holds at a table: their tokens, kept in localStorage (the lobby writes them
// there too) under phoenixgames.seats.<table id>, a JSON list of {seat, token, name}.

const key = (table) => `phoenixgames.seats.${table}`;
const NAME = "phoenixgames.name";

export function heldSeats(table) {
  try {
    const seats = JSON.parse(localStorage.getItem(key(table)) || "[]");
    if (!Array.isArray(seats)) return [];
    return seats
      .filter((entry) => entry && Number.isInteger(entry.seat) && typeof entry.token === "string")
      .sort((a, b) => a.seat - b.seat);
  } catch {
    return []; // unreadable storage: this browser holds no seat here
  }
}

export function holdSeat(table, seat, token, name) {
  const seats = heldSeats(table).filter((entry) => entry.seat !== seat);
  seats.push({ seat, token, name });
  localStorage.setItem(key(table), JSON.stringify(seats));
}

// A token the server no longer knows (the seat was left): forgotten, so the page watches instead.
export function forgetSeat(table, seat) {
  const seats = heldSeats(table).filter((entry) => entry.seat !== seat);
  localStorage.setItem(key(table), JSON.stringify(seats));
}

// The display name last used, offered again when joining.
export function lastName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}
