// What every part of the Syndicate board shares: the colours and their letters, the tiles, the galaxy's
// geometry, contracts read from their codes, and the seats' names and marks. The game's figures (costs,
// bribes, what acquiring gives, the scoring) come in the view: the board works out none of them.

import { h, s } from "/web/js/dom.js";

export const COLOURS = ["red", "yellow", "green", "blue", "purple"];
export const LETTERS = ["R", "Y", "G", "B", "P"];
export const LETTER_OF = Object.fromEntries(COLOURS.map((colour, i) => [colour, LETTERS[i]]));
export const COLOUR_OF = Object.fromEntries(LETTERS.map((letter, i) => [letter, COLOURS[i]]));
export const DEEP_SPACE = "*";

export const KIND_NAMES = {
  prime: "Prime",
  colony: "Colony",
  outpost: "Outpost",
  reega: "Reega",
  sabean: "Sabean Core",
  asteroid: "Asteroid field",
};

// The action cards, in the order of a seat's area, and what each does; each seat's bribes are in the view.
export const CARDS = [
  { name: "loot", title: "Loot", does: "connect to one planet (through asteroid fields) and acquire there" },
  { name: "collect", title: "Collect", does: "acquire at a planet holding your agent" },
  { name: "expand", title: "Expand", does: "acquire at a planet of yours, then connect tiles" },
  { name: "gamble", title: "Gamble", does: "draw contracts from the deck" },
  { name: "scheme", title: "Scheme", does: "cash in a contract, acquire at one of its planets, maybe join a guild" },
  {
    name: "contract",
    title: "Contract",
    does: "claim a slot's contract and its resources; turn every card face up",
    bribeNote: "one per other face-up card",
  },
];

// The galaxy's cells, where galaxy.py lays them: cube coordinates (x, y, z), x + y + z = 7, each 0 to 5,
// row by row (z), left to right (x); rows of 4, 5, 6, 5, 4 and 3 cells. The six directions (the keys of
// a cell's edges) run clockwise from east.
export const DIRECTIONS = ["E", "SE", "SW", "W", "NW", "NE"];
export const CELLS = [];
for (let z = 0; z <= 5; z++) {
  for (let x = 0; x <= 5; x++) {
    const y = 7 - x - z;
    if (y >= 0 && y <= 5) CELLS.push([x, y, z]);
  }
}

// The view's galaxy by tile code.
export function tilesByCode(view) {
  return new Map(view.galaxy.map((cell) => [cell.tile, cell]));
}

export function tileName(cell) {
  if (cell.kind === "reega" || cell.kind === "sabean") return KIND_NAMES[cell.kind];
  return `${KIND_NAMES[cell.kind]} ${cell.tile}`;
}

// Resources in words, the most first: "4 yellow + 2 red", "1 of each colour", "nothing".
export function resourceWords(resources) {
  const shown = LETTERS.filter((letter) => resources[letter]);
  if (!shown.length) return "nothing";
  const counts = shown.map((letter) => resources[letter]);
  if (shown.length === LETTERS.length && counts.every((count) => count === counts[0])) {
    return `${counts[0]} of each colour`;
  }
  const order = [...shown].sort((a, b) => resources[b] - resources[a]);
  return order.map((letter) => `${resources[letter]} ${COLOUR_OF[letter]}`).join(" + ");
}

// What acquiring at a planet gives (`figure`: the view's acquire for it), in words: "4 yellow + 2 red (1
// red if another player has an agent there)".
export function acquireText(figure) {
  if (!figure) return "nothing (asteroids hold no resources)";
  const { alone, shared } = figure;
  const differ = LETTERS.filter((letter) => alone[letter] !== shared[letter]);
  if (!differ.length) return resourceWords(alone);
  const less = differ.map((letter) => `${shared[letter]} ${COLOUR_OF[letter]}`).join(", ");
  return `${resourceWords(alone)} (${less} if another player has an agent there)`;
}

// A contract by its code ("P1C2O3"): its three planets and its colour, its Prime's.
export function contractOf(code, tiles) {
  const match = /^(P\d)(C\d)(O\d)$/.exec(code);
  const planets = match ? [match[1], match[2], match[3]] : [code];
  const prime = tiles.get(planets[0]);
  return { code, planets, colour: prime ? prime.colour : null };
}

export function seatName(ctx, seat) {
  const names = ctx && ctx.names;
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

// The seat the view belongs to (null for a spectator): the view says, ctx may say too.
export function viewerOf(view, ctx) {
  if (typeof view.viewer === "number") return view.viewer;
  return ctx && typeof ctx.seat === "number" ? ctx.seat : null;
}

// A seat's pawn, as HTML: a disc of the seat's colour with its number.
export function pawn(seat) {
  const words = `seat ${seat + 1}`;
  return h("span", { class: `syn-pawn seat-${seat}`, title: words, role: "img", "aria-label": words }, String(seat + 1));
}

// A seat's pawn in the SVG galaxy, centred on (x, y), of radius r (7.5 or more: its number is 14 units
// high); a seat with several agents there (`count`) gets a second ring around its pawn.
export function svgPawn(seat, x, y, r, count, mine) {
  return [
    count > 1 ? s("circle", { cx: x, cy: y, r: r + 1.6, class: `syn-agent-stack seat-${seat}` }) : null,
    s("circle", { cx: x, cy: y, r, class: `syn-agent seat-${seat}${mine ? " mine" : ""}` }),
    s(
      "text",
      { x, y: y + 5, class: `syn-agent-number seat-${seat}`, "font-size": 14 },
      String(seat + 1),
    ),
  ];
}

// A resource colour as a small square "cube" with its letter (HTML).
export function cube(letter, extra = "", attributes = {}) {
  const colour = COLOUR_OF[letter];
  return h(
    "span",
    { class: `syn-cube res-${letter} ${extra}`.trim(), title: colour, role: "img", "aria-label": colour, ...attributes },
    letter,
  );
}

// Resources as letters and counts, the empty colours left out: "2R 1B", or "none".
export function resourceText(resources) {
  const parts = LETTERS.filter((letter) => resources[letter]).map((letter) => `${resources[letter]}${letter}`);
  return parts.length ? parts.join(" ") : "none";
}

// Resources shown as cubes with counts beside, the empty colours left out.
export function resourceList(resources, empty = "none") {
  const shown = LETTERS.filter((letter) => resources[letter]);
  if (!shown.length) return h("span", { class: "syn-muted" }, empty);
  return h(
    "span",
    { class: "syn-res-list" },
    shown.map((letter) => h("span", { class: "syn-res-item" }, cube(letter), `×${resources[letter]}`)),
  );
}
