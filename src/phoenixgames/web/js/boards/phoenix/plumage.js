// One phoenix board: the bird in the middle, its eight feather slots as two wings (slots 1-4 on the
// left, 5-8 on the right, the outermost first and last), and below them an arc for each pair of facing
// slots (1-8, 2-7, 3-6, 4-5), marked when the pair scores its mirror bonus. What each feather and pair
// scores comes from the view (view.breakdown, view.score_values).

import { h, s } from "../../dom.js";
import { piece } from "../ids.js";
import { COLOURS, PHOENIX_LETTER, emptyPlace, halfDrawing, halfName } from "./halves.js";

const WIDTH = 560;
const CENTRE = WIDTH / 2;
const FEATHER = 46; // width of a feather
const HALF = 56; // length of a half
const QUILL = 12;

// Where slot `slot` (1-based) stands: its quill's foot, its tilt, and how far out on its wing it is.
function place(slot) {
  const side = slot <= 4 ? -1 : 1;
  const out = slot <= 4 ? 4 - slot : slot - 5; // 0 next to the body, 3 at the wing's tip
  return { x: CENTRE + side * (56 + out * 52), y: 176 - out * 14, angle: side * (4 + out * 7), out };
}

function slotTitle(slot, lower, upper) {
  const what = (code, position) => (code ? halfName(code, position) : `no ${position} half`);
  return `Slot ${slot}: ${what(lower, "lower")}, ${what(upper, "upper")}`;
}

// The feather in `score.slot` (`score`: its entry in view.breakdown's slots). Its halves are pieces: a
// half's place is "seat0:slot3".
function feather(phoenix, score, pickable) {
  const slot = score.slot;
  const lower = phoenix.lower[slot - 1];
  const upper = phoenix.upper[slot - 1];
  const at = place(slot);
  const next = score.free; // the place a half taken now would fill
  const drawHalf = (code, position) =>
    code
      ? halfDrawing(code, position, FEATHER, HALF, piece(`half:${position}:${code}`, `seat${phoenix.seat}:slot${slot}`))
      : emptyPlace(position, FEATHER, HALF, { shape: pickable && position === next });
  const title = slotTitle(slot, lower, upper);
  return s(
    "g",
    {
      class: "phx-slot",
      "data-slot": slot,
      "data-pick": pickable ? `slot:${slot}` : null,
      "aria-label": pickable ? title : null,
      transform: `translate(${at.x} ${at.y}) rotate(${at.angle}) translate(0 ${-(HALF + QUILL)})`,
    },
    s("title", {}, title),
    s("line", { class: "phx-quill", x1: 0, y1: HALF - 4, x2: 0, y2: HALF + QUILL }),
    drawHalf(lower, "lower"),
    drawHalf(upper, "upper"),
  );
}

// The slot's number and, once its feather is complete, the feather's points for its colours.
function slotLabels(score) {
  const at = place(score.slot);
  return [
    s("text", { class: "phx-slot-number", x: at.x, y: at.y + 19, "text-anchor": "middle" }, String(score.slot)),
    score.feather
      ? s(
          "text",
          { class: `phx-feather-points phx-${score.feather}`, x: at.x, y: at.y + 38, "text-anchor": "middle" },
          `+${score.colours}`,
        )
      : null,
  ];
}

// A pair's mark on its arc and its title, by its status (view.breakdown's mirrors).
function mirrorWords(pair) {
  if (pair.status === "mirror") return { mark: ` ✓ +${pair.points}`, title: `same colours: +${pair.points}` };
  if (pair.status === "unlike") return { mark: " ✗ 0", title: "different colours: no bonus" };
  return { mark: "", title: "not both complete yet" };
}

// The arc joining a pair of facing slots (`pair`: its entry in view.breakdown's mirrors); what the pair
// scores is written under the board (mirrorLine).
function mirrorArc(pair) {
  const [a, b] = pair.slots;
  const from = place(a);
  const to = place(b);
  const top = from.y + 44;
  const bottom = 236 + from.out * 14;
  const control = top + (bottom - top) / 0.75;
  const words = mirrorWords(pair);
  return s(
    "g",
    { class: `phx-mirror phx-mirror-${pair.status}`, "data-mirror": `${a}-${b}` },
    s("title", {}, `Slots ${a} and ${b} face each other: ${words.title}`),
    s("path", { d: `M ${from.x} ${top} C ${from.x} ${control} ${to.x} ${control} ${to.x} ${top}`, fill: "none" }),
  );
}

// The pairs of facing slots in words, under the board: "1↔8 ✓ +5", "2↔7 ✗ 0", "3↔6".
export function mirrorLine(breakdown) {
  return h(
    "p",
    { class: "phx-mirrors", "data-seat": breakdown.seat },
    h("span", { class: "phx-label" }, "Facing slots:"),
    breakdown.mirrors.map((pair) => {
      const words = mirrorWords(pair);
      const [a, b] = pair.slots;
      return h(
        "span",
        { class: `phx-pair phx-pair-${pair.status}`, "data-mirror": `${a}-${b}`, title: words.title },
        `${a}↔${b}${words.mark}`,
      );
    }),
  );
}

function bird(colour, values) {
  const paint = COLOURS[PHOENIX_LETTER[colour]];
  return s(
    "g",
    { class: "phx-bird" },
    s("title", {}, `A ${colour} phoenix: feathers of its colour score ${values.feathers.own}`),
    s("path", {
      class: "phx-tail",
      d: `M ${CENTRE - 16} 160 L ${CENTRE} 196 L ${CENTRE + 16} 160 Z`,
      fill: paint.fill,
    }),
    s("ellipse", { cx: CENTRE, cy: 118, rx: 28, ry: 48, fill: paint.fill }),
    s("circle", { cx: CENTRE, cy: 58, r: 19, fill: paint.fill }),
    s("path", { class: "phx-beak", d: `M ${CENTRE - 5} 62 L ${CENTRE} 74 L ${CENTRE + 5} 62 Z` }),
    s("circle", { class: "phx-eye", cx: CENTRE - 7, cy: 54, r: 2.5 }),
    s("circle", { class: "phx-eye", cx: CENTRE + 7, cy: 54, r: 2.5 }),
    s(
      "text",
      {
        class: "phx-letter phx-bird-letter",
        x: CENTRE,
        y: 118,
        fill: paint.ink,
        stroke: paint.ink === "#ffffff" ? "#1d1f24" : "#ffffff",
        "text-anchor": "middle",
        "dominant-baseline": "central",
      },
      PHOENIX_LETTER[colour],
    ),
  );
}

// The board of `phoenix` (view.phoenixes[seat]), its score broken down by `breakdown` (the seat's entry
// of view.breakdown) and `values` (view.score_values); `pickable`: its slots are click targets (the
// board of the seat to act).
export function plumage(phoenix, breakdown, values, { pickable = false, label = "" } = {}) {
  const slots = breakdown.slots;
  return s(
    "svg",
    {
      class: "phx-plumage",
      viewBox: `0 14 ${WIDTH} 266`,
      role: "group",
      "aria-label": label,
      "data-seat": phoenix.seat,
    },
    bird(phoenix.colour, values),
    breakdown.mirrors.map(mirrorArc),
    slots.map(slotLabels),
    slots.map((score) => feather(phoenix, score, pickable)),
  );
}
