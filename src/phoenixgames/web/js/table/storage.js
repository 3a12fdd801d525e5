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

// The versions at which this browser saw each seat it holds to act (the seat's own actions), kept so
// that a reload marks what is new since the seat's last action as before: {seat: [version, ...]}.
const turnsKey = (table) => `phoenixgames.turns.${table}`;
const TURNS_KEPT = 20;

export function seenTurns(table) {
  try {
    const kept = JSON.parse(localStorage.getItem(turnsKey(table)) || "{}");
    const turns = new Map();
    for (const [seat, versions] of Object.entries(kept && typeof kept === "object" ? kept : {})) {
      if (Array.isArray(versions)) turns.set(Number(seat), new Set(versions.filter(Number.isInteger)));
    }
    return turns;
  } catch {
    return new Map();
  }
}

export function keepTurns(table, turns) {
  const kept = {};
  for (const [seat, versions] of turns) kept[seat] = [...versions].sort((a, b) => a - b).slice(-TURNS_KEPT);
  try {
    localStorage.setItem(turnsKey(table), JSON.stringify(kept));
  } catch {
    // full or refused storage: a reload then marks from the events alone
  }
}

// The display name last used, offered again when joining.
export function lastName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  localStorage.setItem(NAME, name);
}

// The table's settings this browser keeps (for every table): how fast the bots' moves are shown, one
// after the other, and whether a move that cannot be taken back asks for a second click.
const SETTINGS = "phoenixgames.settings";
export const DEFAULT_SETTINGS = { pace: 800, confirm: true };

export function settings() {
  try {
    const kept = JSON.parse(localStorage.getItem(SETTINGS) || "{}");
    const pace = Number.isFinite(kept.pace) && kept.pace >= 0 ? kept.pace : DEFAULT_SETTINGS.pace;
    const confirm = typeof kept.confirm === "boolean" ? kept.confirm : DEFAULT_SETTINGS.confirm;
    return { pace, confirm };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function keepSettings(changed) {
  const kept = { ...settings(), ...changed };
  try {
    localStorage.setItem(SETTINGS, JSON.stringify(kept));
  } catch {
    // refused storage: the setting holds for this page only
  }
  return kept;
}

// The others' last moves marked on the board for a seat held (or the spectator: "public"), kept so that
// a reload in the middle of the seat's own turn marks them as before: {seat: [move, ...]}.
const marksKey = (table) => `phoenixgames.marks.${table}`;

export function keptMarks(table, viewer) {
  try {
    const kept = JSON.parse(localStorage.getItem(marksKey(table)) || "{}");
    const moves = kept && typeof kept === "object" ? kept[String(viewer)] : null;
    return Array.isArray(moves) ? moves.filter((move) => move && Number.isInteger(move.number)) : [];
  } catch {
    return [];
  }
}

export function keepMarks(table, viewer, moves) {
  try {
    const kept = JSON.parse(localStorage.getItem(marksKey(table)) || "{}");
    kept[String(viewer)] = moves;
    localStorage.setItem(marksKey(table), JSON.stringify(kept));
  } catch {
    // full or refused storage: a reload marks only what the server lists
  }
}
