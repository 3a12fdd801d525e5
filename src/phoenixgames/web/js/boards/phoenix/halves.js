// Feather halves: what a code like "Rf" means, and how a half is drawn.
//
// A half's code is its colour letter (R, Y, B, K, or * for rainbow) and its symbol letter (f flame,
// m moon, d diamond; none for a half without a symbol), as in the notation. A half is drawn as one half
// of a feather: an upper half is the pointed tip, a lower half the end by the quill. Every half carries
// its colour letter and its symbol's shape, so the colour is never the only sign of what it is.

import { s } from "../../dom.js";

export const COLOURS = {
  R: { name: "red", fill: "#c8362b", ink: "#ffffff" },
  Y: { name: "yellow", fill: "#f2c230", ink: "#1d1f24" },
  B: { name: "blue", fill: "#2f68c9", ink: "#ffffff" },
  K: { name: "black", fill: "#2b2b30", ink: "#ffffff" },
  "*": { name: "rainbow", fill: "url(#phx-rainbow)", ink: "#1d1f24" },
};
// A symbol's letter in a half's code, and its name (the view's score_values.symbols gives its points).
export const SYMBOLS = {
  f: { name: "flame" },
  m: { name: "moon" },
  d: { name: "diamond" },
};

// A phoenix board's colour (view.phoenixes[].colour) as the letter its halves use.
export const PHOENIX_LETTER = { red: "R", yellow: "Y", blue: "B", black: "K" };

export function colourOf(code) {
  return code[0];
}

export function symbolOf(code) {
  return code.length > 1 ? code[1] : null;
}

// "lower red flame half", "upper rainbow half".
export function halfName(code, position) {
  const symbol = symbolOf(code);
  return `${position} ${COLOURS[colourOf(code)].name}${symbol ? ` ${SYMBOLS[symbol].name}` : ""} half`;
}

// The gradient that fills rainbow halves, once per board (every SVG of the board refers to it by id).
export function rainbowDefs() {
  const stops = ["#f59a9a", "#f7d774", "#9bd79b", "#8fb6f0", "#c49ae8"];
  return s(
    "svg",
    { class: "phx-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
    s(
      "defs",
      {},
      s(
        "linearGradient",
        { id: "phx-rainbow", x1: 0, y1: 0, x2: 1, y2: 1 },
        stops.map((colour, i) => s("stop", { offset: `${(i * 100) / (stops.length - 1)}%`, "stop-color": colour })),
      ),
    ),
  );
}

// The outline of a half of a feather `width` wide and `length` long a half, in the feather's frame:
// the two halves meet on y = 0, the upper half points up (to -length), the lower one down (to +length).
export function halfOutline(position, width, length) {
  const w = width / 2;
  const l = position === "upper" ? -length : length; // towards the tip or towards the quill
  const taper = position === "upper" ? 0.45 : 0.35; // the tip is rounder than the quill's end
  const end = position === "upper" ? 1 : 0.9;
  const out = `C ${-w} ${l * 0.55} ${-w * taper} ${l * end} 0 ${l}`;
  const back = `C ${w * taper} ${l * end} ${w} ${l * 0.55} ${w} 0`;
  return `M ${-w} 0 ${out} ${back} Z`;
}

// A symbol's shape, `size` across, centred on (x, y): a flame, a crescent moon or a diamond.
export function symbolIcon(symbol, x, y, size, ink) {
  const k = size / 16;
  const shapes = {
    f:
      "M 0 -8 C 1 -5 6 -3 6 2 C 6 6 3 8 0 8 C -3 8 -6 6 -6 2 C -6 -1 -4 -3 -3 -6 " +
      "C -2 -3 -1 -2 0 -1 C 0 -4 -1 -6 0 -8 Z",
    m: "M 3.6 -6 A 7 7 0 1 0 3.6 6 A 6 6 0 0 1 3.6 -6 Z",
    d: "M 0 -8 L 6 0 L 0 8 L -6 0 Z",
  };
  const outline = ink === "#ffffff" ? "#1d1f24" : "#ffffff";
  return s("path", {
    class: "phx-symbol",
    d: shapes[symbol],
    transform: `translate(${x} ${y}) scale(${k})`,
    fill: ink,
    stroke: outline,
    "stroke-width": 1.2 / k,
  });
}

// One half drawn in the feather's frame (see halfOutline): its colour, its colour letter and, if it has
// one, its symbol; `attributes` go on its group (a piece's marks).
export function halfDrawing(code, position, width, length, attributes = {}) {
  const colour = COLOURS[colourOf(code)];
  const symbol = symbolOf(code);
  const dir = position === "upper" ? -1 : 1;
  const letterY = dir * length * (symbol ? 0.27 : 0.42);
  const fontSize = Math.round(width * 0.5);
  return s(
    "g",
    { class: "phx-half", "data-half": code, "data-position": position, ...attributes },
    s("path", { class: "phx-half-body", d: halfOutline(position, width, length), fill: colour.fill }),
    s(
      "text",
      {
        class: "phx-letter",
        x: 0,
        y: letterY,
        "font-size": fontSize,
        fill: colour.ink,
        stroke: colour.ink === "#ffffff" ? "#1d1f24" : "#ffffff",
        "dominant-baseline": "central",
        "text-anchor": "middle",
      },
      colourOf(code),
    ),
    symbol ? symbolIcon(symbol, 0, dir * length * 0.62, width * 0.5, colour.ink) : null,
  );
}

// An empty place for a half: a dashed outline. `shape` as for halfDrawing.
export function emptyPlace(position, width, length, { shape = false } = {}) {
  return s("path", {
    class: shape ? "phx-empty shape" : "phx-empty",
    d: halfOutline(position, width, length),
  });
}
