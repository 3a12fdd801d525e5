// The galaxy in SVG: 27 pointy-topped hexagons laid as galaxy.py lays them, each tile with its code (its
// kind's letter: P Prime, C Colony, O Outpost, A asteroid field, RE Reega, SC Sabean Core), planet and
// moon colours (letters on them), the route symbols printed on its six edges (a deep space gap is a dark
// ✶), the agents on it (numbered pawns) and a Colony's credit ($). Every tile is a pick target
// (`tile:C3`): where to place, loot, collect, expand or connect. Every text is at least TEXT units high,
// so that drawn at MIN_WIDTH or wider it is at least 11 CSS px.

import { h, s } from "/web/js/dom.js";
import { piece } from "../ids.js";
import {
  CELLS,
  COLOUR_OF,
  DEEP_SPACE,
  DIRECTIONS,
  LETTER_OF,
  LETTERS,
  acquireText,
  seatName,
  svgPawn,
  tileName,
} from "./common.js";

const R = 60; // a hexagon's outer radius
const HALF = (Math.sqrt(3) * R) / 2; // half a hexagon's width: the unit of the rows' offsets
const INNER = HALF; // the distance from a centre to an edge's middle
const MARGIN = 8;
const TEXT = 14; // the smallest text, in the galaxy's units
const CHIP = 7.5; // the radius of a colour's chip on an edge or a planet
export const MIN_WIDTH = 510; // the galaxy (640 units wide) is never drawn narrower, in CSS px (syndicate.css)

export function centre(cell) {
  const [x, , z] = CELLS[cell];
  return [(2 * x + z) * HALF, z * 1.5 * R];
}

function hexPoints(radius) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const angle = ((-90 + 60 * k) * Math.PI) / 180;
    points.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

// A resource colour as a round chip with its letter, for edges and planets.
function chip(letter, x, y, r = CHIP, extra = "") {
  return [
    s("circle", { cx: x, cy: y, r, class: `syn-chip res-${letter} ${extra}`.trim() }),
    s("text", { x, y: y + TEXT * 0.36, class: "syn-chip-letter", "font-size": TEXT }, letter),
  ];
}

// The symbols printed on one edge, drawn just inside it: letters on colours, or ✶ for a deep space gap.
function edgeSymbols(direction, symbols) {
  const angle = (DIRECTIONS.indexOf(direction) * 60 * Math.PI) / 180;
  const distance = INNER - 9;
  const [cx, cy] = [distance * Math.cos(angle), distance * Math.sin(angle)];
  const [tx, ty] = [-Math.sin(angle), Math.cos(angle)];
  if (symbols === DEEP_SPACE) {
    return s(
      "g",
      { class: "syn-edge syn-gap" },
      s("circle", { cx, cy, r: CHIP, class: "syn-gap-mark" }),
      s("text", { x: cx, y: cy + TEXT * 0.36, class: "syn-gap-letter", "font-size": TEXT }, "✶"),
    );
  }
  const letters = [...symbols];
  const spread = CHIP + 0.6;
  return s(
    "g",
    { class: "syn-edge" },
    letters.map((letter, i) => {
      const offset = (i - (letters.length - 1) / 2) * 2 * spread;
      return chip(letter, cx + tx * offset, cy + ty * offset);
    }),
  );
}

function edgeTitle(cell) {
  return DIRECTIONS.map((d) => `${d} ${cell.edges[d] === DEEP_SPACE ? "gap" : cell.edges[d]}`).join(", ");
}

// The colours a planet is: its colour and its moon's (☽); for Reega and Sabean Core, which have neither,
// the colours acquiring there gives (every one; red and purple).
// (`crowded`: the agents of four seats or more lie on the tile, in two rows: the colours go up a little.)
function planetColours(cell, figure, crowded) {
  const y = crowded ? 1 : 4;
  if (cell.kind === "reega" || cell.kind === "sabean") {
    const letters = LETTERS.filter((letter) => figure.alone[letter]);
    const [step, r] = letters.length > 3 ? [14.5, 7] : [17, CHIP];
    return letters.map((letter, i) => chip(letter, (i - (letters.length - 1) / 2) * step, y + 4, r));
  }
  if (cell.kind === "asteroid") {
    return [
      s("circle", { cx: -12, cy: y, r: 3.5, class: "syn-rock" }),
      s("circle", { cx: 0, cy: y + 2, r: 5, class: "syn-rock" }),
      s("circle", { cx: 12, cy: y - 1, r: 3, class: "syn-rock" }),
    ];
  }
  return [
    chip(LETTER_OF[cell.colour], -15, y, 8),
    s("text", { x: 0, y: y + TEXT * 0.36, class: "syn-moon-mark", "font-size": TEXT }, "☽"),
    chip(LETTER_OF[cell.moon], 15, y, CHIP, "syn-moon"),
  ];
}

// The agents on a tile, one pawn a seat (a second ring where a seat has several: the tile's title says
// how many), in a row, or two rows for four seats or more. A pawn is a piece: "agent:2" at "C3".
function agentsOn(cell, viewer) {
  const counts = new Map();
  for (const seat of cell.agents) counts.set(seat, (counts.get(seat) || 0) + 1);
  const seats = [...counts.keys()].sort((a, b) => a - b);
  const rows = seats.length > 3 ? [seats.slice(0, 3), seats.slice(3)] : [seats];
  const step = rows.length > 1 ? 16 : 17.5;
  return rows.flatMap((row, r) =>
    row.map((seat, i) =>
      s(
        "g",
        { class: "syn-agents", "data-agents": counts.get(seat), ...piece(`agent:${seat}`, cell.tile) },
        svgPawn(seat, (i - (row.length - 1) / 2) * step, rows.length > 1 ? 18 + r * 13 : 23, 7.5, counts.get(seat), seat === viewer),
      ),
    ),
  );
}

function tileTitle(cell, figure, ctx) {
  const lines = [tileName(cell)];
  if (cell.colour) lines.push(`${cell.colour} planet, ${cell.moon} moon`);
  lines.push(`Acquire: ${acquireText(figure)}`);
  if (cell.credit) lines.push("A credit lies here for the first agent to arrive");
  if (cell.agents.length) {
    const counts = new Map();
    for (const seat of cell.agents) counts.set(seat, (counts.get(seat) || 0) + 1);
    const who = [...counts].map(([seat, n]) => `${seatName(ctx, seat)}${n > 1 ? ` ×${n}` : ""}`);
    lines.push(`Agents: ${who.join(", ")}`);
  }
  lines.push(`Edges: ${edgeTitle(cell)}`);
  return lines.join("\n");
}

function kindDecoration(cell) {
  if (cell.kind === "prime") return s("polygon", { points: hexPoints(R - 8), class: "syn-prime-ring" });
  if (cell.kind === "reega") return s("polygon", { points: hexPoints(R - 8), class: "syn-reega-ring" });
  return null;
}

// A tile; `figure`: what acquiring there gives (the view's acquire; none on an asteroid field).
function tile(cell, figure, ctx, viewer, onRoute) {
  const [x, y] = centre(cell.cell);
  const colourClass = cell.colour ? ` planet-${LETTER_OF[cell.colour]}` : "";
  return s(
    "g",
    {
      class: `syn-tile kind-${cell.kind}${colourClass}${onRoute ? " on-route" : ""}`,
      transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
      "data-pick": `tile:${cell.tile}`,
      "data-tile": cell.tile,
      "aria-label": tileTitle(cell, figure, ctx).replace(/\n/g, "; "),
    },
    s("title", {}, tileTitle(cell, figure, ctx)),
    s("polygon", { points: hexPoints(R - 2.5), class: "shape syn-hex" }),
    kindDecoration(cell),
    DIRECTIONS.map((d) => edgeSymbols(d, cell.edges[d])),
    s("text", { x: 0, y: -12, class: "syn-tile-code" }, cell.tile),
    planetColours(cell, figure, new Set(cell.agents).size > 3),
    cell.credit
      ? s(
          "g",
          { class: "syn-credit", ...piece("credit", cell.tile) },
          s("circle", { cx: 24, cy: -17, r: 8.5, class: "syn-coin" }),
          s("text", { x: 24, y: -17 + TEXT * 0.36, class: "syn-coin-mark", "font-size": TEXT }, "$"),
        )
      : null,
    agentsOn(cell, viewer),
  );
}

// One tile alone, as a picture of its own (How to play): `cell` and `figure` as the view gives them.
export function tilePicture(cell, figure) {
  const drawn = tile(cell, figure, {}, null, false);
  drawn.removeAttribute("data-pick");
  drawn.removeAttribute("transform");
  const size = R + 3;
  return s(
    "svg",
    { class: "syn-tile-picture", viewBox: `${-size} ${-size} ${2 * size} ${2 * size}`, role: "img", "aria-label": tileName(cell) },
    drawn,
  );
}

// Loot's path chosen so far: a line through the tiles' centres, each step numbered.
function lootRoute(view, byCode) {
  const route = view.loot_route || [];
  if (!route.length) return null;
  const points = route.map((code) => centre(byCode.get(code).cell));
  return s(
    "g",
    { class: "syn-route", "aria-hidden": "true" },
    points.length > 1
      ? s("polyline", { points: points.map((p) => p.join(",")).join(" "), class: "syn-route-line" })
      : null,
    points.map(([x, y], i) => [
      s("circle", { cx: x, cy: y - 40, r: 9, class: "syn-route-step" }),
      s("text", { x, y: y - 40 + TEXT * 0.36, class: "syn-route-number", "font-size": TEXT }, String(i + 1)),
    ]),
  );
}

function defs() {
  return s(
    "defs",
    {},
    s(
      "linearGradient",
      { id: "syn-sabean-fill", x1: "0", y1: "0", x2: "1", y2: "1" },
      s("stop", { offset: "0", "stop-color": "#f3c9c4" }),
      s("stop", { offset: "1", "stop-color": "#dcc7ee" }),
    ),
  );
}

export function galaxy(view, ctx, viewer) {
  const byCode = new Map(view.galaxy.map((cell) => [cell.tile, cell]));
  const route = new Set(view.loot_route || []);
  const xs = CELLS.map((_, i) => centre(i)[0]);
  const ys = CELLS.map((_, i) => centre(i)[1]);
  const left = Math.min(...xs) - HALF - MARGIN;
  const top = Math.min(...ys) - R - MARGIN;
  const width = Math.max(...xs) - Math.min(...xs) + 2 * HALF + 2 * MARGIN;
  const height = Math.max(...ys) - Math.min(...ys) + 2 * R + 2 * MARGIN;
  const svg = s(
    "svg",
    {
      class: "syn-galaxy-map",
      viewBox: `${left.toFixed(1)} ${top.toFixed(1)} ${width.toFixed(1)} ${height.toFixed(1)}`,
      role: "img",
      "aria-label": "The galaxy: 27 tiles",
    },
    defs(),
    view.galaxy.map((cell) => tile(cell, view.acquire[cell.tile], ctx, viewer, route.has(cell.tile))),
    lootRoute(view, byCode),
  );
  return h(
    "section",
    { class: "syn-galaxy", "aria-label": "The galaxy" },
    h("h3", { class: "syn-heading" }, "The galaxy"),
    h("div", { class: "syn-galaxy-view" }, svg),
  );
}

function legendChip(letter) {
  return h("span", { class: `syn-cube res-${letter}` }, letter);
}

// The key to the galaxy: the colours, the tiles' letters, the edges, moons, credits and agents.
export function galaxyLegend() {
  return h(
    "section",
    { class: "syn-legend", "aria-label": "The key to the galaxy" },
    h(
      "span",
      {},
      "Colours: ",
      LETTERS.map((letter) => h("span", { class: "syn-legend-item" }, legendChip(letter), COLOUR_OF[letter])),
    ),
    h("span", {}, "Tiles: P Prime, C Colony, O Outpost, A asteroid field, RE Reega, SC Sabean Core."),
    h(
      "span",
      {},
      "Edge symbols: what a link between two tiles costs (both facing edges); ",
      h("span", { class: "syn-gapchip", role: "img", "aria-label": "a star" }, "✶"),
      " a deep space gap costs one of each colour. ",
      "☽ the moon's colour. ",
      h("span", { class: "syn-coinchip", role: "img", "aria-label": "a coin" }, "$"),
      " a colony's credit. Numbered discs: agents by seat.",
    ),
  );
}
