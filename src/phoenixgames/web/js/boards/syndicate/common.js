// What every part of the Syndicate board shares: the colours and their letters, the tiles, the galaxy's
// geometry, contracts read from their codes, and the seats' names and marks.

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

// The game's numbers a player needs to read the board (src/phoenixgames/games/syndicate/data.toml).
export const CARDS = [
  {
    name: "loot",
    title: "Loot",
    bribe: "1",
    does: "connect to one planet (through asteroid fields) and acquire there",
  },
  { name: "collect", title: "Collect", bribe: "1", does: "acquire at a planet holding your agent" },
  { name: "expand", title: "Expand", bribe: "3", does: "acquire at a planet of yours, then connect tiles" },
  { name: "gamble", title: "Gamble", bribe: "0", does: "draw contracts from the deck" },
  {
    name: "scheme",
    title: "Scheme",
    bribe: "1",
    does: "cash in a contract, acquire at one of its planets, maybe join a guild",
  },
  {
    name: "contract",
    title: "Contract",
    bribe: "1 per other face-up card",
    does: "claim a slot's contract and its resources; turn every card face up",
  },
];
export const GUILD_COST = { red: 4, yellow: 4, green: 4, blue: 5, purple: 4 };
export const SCORING = { colourFirst: 3, colourSecond: 1, varietyFirst: 3, varietySecond: 1 };
export const LAST_RESHUFFLE = 2; // the second reshuffle of the deck starts the last round

// The galaxy's cells (galaxy.py): cube coordinates (x, y, z), x + y + z = 7, each 0 to 5, row by row (z),
// left to right (x); rows of 4, 5, 6, 5, 4 and 3 cells. The six directions run clockwise from east.
export const DIRECTIONS = ["E", "SE", "SW", "W", "NW", "NE"];
const STEPS = [[1, -1, 0], [0, -1, 1], [-1, 0, 1], [-1, 1, 0], [0, 1, -1], [1, 0, -1]];
export const CELLS = [];
for (let z = 0; z <= 5; z++) {
  for (let x = 0; x <= 5; x++) {
    const y = 7 - x - z;
    if (y >= 0 && y <= 5) CELLS.push([x, y, z]);
  }
}
const INDEX = new Map(CELLS.map((cube, i) => [cube.join(","), i]));
// NEIGHBOURS[cell][direction]: the cell next to it that way, or -1 off the galaxy.
export const NEIGHBOURS = CELLS.map(([x, y, z]) =>
  STEPS.map(([dx, dy, dz]) => INDEX.get([x + dx, y + dy, z + dz].join(",")) ?? -1),
);

export function opposite(direction) {
  return DIRECTIONS[(DIRECTIONS.indexOf(direction) + 3) % 6];
}

// The view's galaxy by tile code.
export function tilesByCode(view) {
  return new Map(view.galaxy.map((cell) => [cell.tile, cell]));
}

export function isPlanet(cell) {
  return cell.kind !== "asteroid";
}

export function tileName(cell) {
  if (cell.kind === "reega" || cell.kind === "sabean") return KIND_NAMES[cell.kind];
  return `${KIND_NAMES[cell.kind]} ${cell.tile}`;
}

// The colours a planet gives when acquired there, in words: "4 yellow + 2 red (1 if shared)".
export function acquireText(cell) {
  if (cell.kind === "reega") return "1 of each colour";
  if (cell.kind === "sabean") return "3 red + 3 purple";
  if (cell.kind === "asteroid") return "nothing (asteroids hold no resources)";
  return `4 ${cell.colour} + 2 ${cell.moon} (1 ${cell.moon} if another player has an agent there)`;
}

// The guild colours a planet counts for at the end: its colour; Reega every one; Sabean Core red, purple.
export function guildColours(cell) {
  if (cell.kind === "reega") return COLOURS;
  if (cell.kind === "sabean") return ["red", "purple"];
  return cell.colour ? [cell.colour] : [];
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
  return h("span", { class: `syn-pawn seat-${seat}`, title: `Seat ${seat + 1}` }, String(seat + 1));
}

// A seat's pawn in the SVG galaxy, centred on (x, y), of radius r; a seat with several agents there
// (`count`) gets a second ring around its pawn.
export function svgPawn(seat, x, y, r, count, mine) {
  return [
    count > 1 ? s("circle", { cx: x, cy: y, r: r + 2.2, class: `syn-agent-stack seat-${seat}` }) : null,
    s("circle", { cx: x, cy: y, r, class: `syn-agent seat-${seat}${mine ? " mine" : ""}` }),
    s(
      "text",
      { x, y: y + r * 0.45, class: `syn-agent-number seat-${seat}`, "font-size": (r * 1.25).toFixed(1) },
      String(seat + 1),
    ),
  ];
}

// A resource colour as a small square "cube" with its letter (HTML).
export function cube(letter, extra = "", attributes = {}) {
  const colour = COLOUR_OF[letter];
  return h("span", { class: `syn-cube res-${letter} ${extra}`.trim(), title: colour, ...attributes }, letter);
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
