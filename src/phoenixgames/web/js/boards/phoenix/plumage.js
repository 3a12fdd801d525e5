// One phoenix board: the bird in the middle, its eight feather slots as two wings (slots 1-4 on the
// left, 5-8 on the right, the outermost first and last), and below them an arc for each pair of facing
// slots (1-8, 2-7, 3-6, 4-5), marked when the pair scores its mirror bonus.

import { s } from "../../dom.js";
import { COLOURS, PHOENIX_LETTER, emptyPlace, halfDrawing, halfName } from "./halves.js";
import { FEATHER_POINTS, MIRROR_BONUS, featherScore, mirrorState } from "./points.js";

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

function feather(phoenix, slot, pickable) {
  const lower = phoenix.lower[slot - 1];
  const upper = phoenix.upper[slot - 1];
  const at = place(slot);
  const next = !lower ? "lower" : !upper ? "upper" : null; // the place a half taken now would fill
  const drawHalf = (code, position) =>
    code
      ? halfDrawing(code, position, FEATHER, HALF)
      : emptyPlace(position, FEATHER, HALF, { shape: pickable && position === next });
  return s(
    "g",
    {
      class: "phx-slot",
      "data-slot": slot,
      "data-pick": pickable ? `slot:${slot}` : null,
      transform: `translate(${at.x} ${at.y}) rotate(${at.angle}) translate(0 ${-(HALF + QUILL)})`,
    },
    s("title", {}, slotTitle(slot, lower, upper)),
    s("line", { class: "phx-quill", x1: 0, y1: HALF - 4, x2: 0, y2: HALF + QUILL }),
    drawHalf(lower, "lower"),
    drawHalf(upper, "upper"),
  );
}

function slotLabels(phoenix, slot) {
  const at = place(slot);
  const lower = phoenix.lower[slot - 1];
  const upper = phoenix.upper[slot - 1];
  const feather = lower && upper ? featherScore(phoenix.colour, lower, upper) : null;
  return [
    s("text", { class: "phx-slot-number", x: at.x, y: at.y + 14, "text-anchor": "middle" }, String(slot)),
    feather
      ? s(
          "text",
          { class: `phx-feather-points phx-${feather.kind}`, x: at.x, y: at.y + 28, "text-anchor": "middle" },
          `+${feather.points}`,
        )
      : null,
  ];
}

const MIRROR_MARK = { mirror: ` ✓ +${MIRROR_BONUS}`, unlike: " ✗ 0", open: "" };
const MIRROR_TITLE = {
  mirror: "same colours: +5",
  unlike: "different colours: no bonus",
  open: "not both complete yet",
};

function mirrorArc(phoenix, [a, b]) {
  const from = place(a);
  const to = place(b);
  const top = from.y + 34;
  const bottom = 226 + from.out * 16;
  const control = top + (bottom - top) / 0.75;
  const state = mirrorState(phoenix.lower, phoenix.upper, a, b);
  const label = `${a}↔${b}${MIRROR_MARK[state]}`;
  return s(
    "g",
    { class: `phx-mirror phx-mirror-${state}`, "data-mirror": `${a}-${b}` },
    s("title", {}, `Slots ${a} and ${b} face each other: ${MIRROR_TITLE[state]}`),
    s("path", { d: `M ${from.x} ${top} C ${from.x} ${control} ${to.x} ${control} ${to.x} ${top}`, fill: "none" }),
    s("rect", { x: CENTRE - 38, y: bottom - 7.5, width: 76, height: 15, rx: 7.5 }),
    s("text", { x: CENTRE, y: bottom, "text-anchor": "middle", "dominant-baseline": "central" }, label),
  );
}

function bird(colour) {
  const paint = COLOURS[PHOENIX_LETTER[colour]];
  return s(
    "g",
    { class: "phx-bird" },
    s("title", {}, `A ${colour} phoenix: feathers of its colour score ${FEATHER_POINTS.own}`),
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

// The board of `phoenix` (view.phoenixes[seat]); `pickable`: its slots are click targets (the board of
// the seat to act).
export function plumage(phoenix, pairs, { pickable = false, label = "" } = {}) {
  const slots = phoenix.lower.map((_, i) => i + 1);
  return s(
    "svg",
    {
      class: "phx-plumage",
      viewBox: `0 14 ${WIDTH} 272`,
      role: "img",
      "aria-label": label,
      "data-seat": phoenix.seat,
    },
    bird(phoenix.colour),
    pairs.map((pair) => mirrorArc(phoenix, pair)),
    slots.map((slot) => slotLabels(phoenix, slot)),
    slots.map((slot) => feather(phoenix, slot, pickable)),
  );
}
