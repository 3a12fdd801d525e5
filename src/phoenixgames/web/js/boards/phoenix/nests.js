// A nest: its upper and lower halves (two of each when full; a place stays empty once its half has been
// taken) and the ash token laid on it this round, if any. Each kind of half on a nest is one click
// target, "nest2:lower:Rf": two identical halves on one nest are the same choice, so they share it.

import { h, s } from "../../dom.js";
import { piece } from "../ids.js";
import { emptyPlace, halfDrawing, halfName, halfOutline } from "./halves.js";

const FEATHER = 36;
const HALF = 46;
const PLACES = 2; // a full nest holds 2 lower and 2 upper halves
const CAPTION_Y = 8 + HALF + 18;
const TOKEN_Y = 8 + HALF / 2;

export function nestLabel(nest) {
  return nest === "centre" ? "Centre nest" : `Nest ${nest.slice(4)}`;
}

export function halfKey(nest, position, code) {
  return `${nest}:${position}:${code}`;
}

// An ash token's disc showing `value` on its `side` ("white" or "black"), its number written on it
// either way; `attributes`: a piece's marks.
export function tokenDisc(value, side, x, y, r, attributes = {}) {
  return s(
    "g",
    { class: `phx-token phx-token-${side}`, "data-token": value, ...attributes },
    s("title", {}, `Ash token showing ${value} (${side} side)`),
    s("circle", { cx: x, cy: y, r }),
    s("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": r * 1.15 }, value),
  );
}

function halves(nest, position, left) {
  const codes = nest[position];
  const groups = [];
  codes.forEach((code, i) => {
    const group = groups.find((g) => g.code === code);
    if (group) group.at.push(i);
    else groups.push({ code, at: [i] });
  });
  const top = position === "upper" ? 8 + HALF : 8;
  const x = (i) => left + 22 + i * (FEATHER + 8);
  const drawn = groups.map(({ code, at }) =>
    s(
      "g",
      {
        class: "phx-nest-half",
        "data-pick": halfKey(nest.nest, position, code),
        "aria-label": `${at.length > 1 ? "two alike: " : ""}${halfName(code, position)} on ${nestLabel(nest.nest)}`,
      },
      s("title", {}, `${halfName(code, position)} on ${nestLabel(nest.nest)}`),
      // One area over the group's halves and the gap between them: the whole group is one target.
      s("rect", {
        class: "phx-hit",
        x: x(at[0]) - FEATHER / 2,
        y: 8,
        width: x(at[at.length - 1]) - x(at[0]) + FEATHER,
        height: HALF,
      }),
      at.map((i, copy) =>
        s(
          "g",
          { transform: `translate(${x(i)} ${top})` },
          halfDrawing(code, position, FEATHER, HALF, piece(`half:${position}:${code}`, `${nest.nest}:${copy}`)),
        ),
      ),
      // The outlines the picker's marks draw on, children of the target itself.
      at.map((i) =>
        s("path", {
          class: "phx-outline shape",
          d: halfOutline(position, FEATHER, HALF),
          transform: `translate(${x(i)} ${top})`,
        }),
      ),
    ),
  );
  for (let i = codes.length; i < PLACES; i += 1) {
    drawn.push(s("g", { transform: `translate(${x(i)} ${top})` }, emptyPlace(position, FEATHER, HALF)));
  }
  return [
    ...drawn,
    s(
      "text",
      { class: "phx-caption", x: left + 22 + (FEATHER + 8) / 2, y: CAPTION_Y, "text-anchor": "middle" },
      position,
    ),
  ];
}

// The nest `nest` (an entry of view.nests) under its heading. `note` says whose it is for the viewer;
// `laid` is the token laid on it (its entry of view.tokens), if any.
export function nestBox(nest, note, laid) {
  const closed = nest.token !== null;
  const tokenX = 210;
  const art = s(
    "svg",
    { class: "phx-nest-art", viewBox: "0 0 240 82", role: "group", "aria-label": nestLabel(nest.nest) },
    s("rect", { class: "phx-basket", x: 2, y: 2, width: 236, height: 78, rx: 16 }),
    halves(nest, "upper", 4),
    halves(nest, "lower", 94),
    closed
      ? tokenDisc(nest.token, laid ? laid.side : "white", tokenX, TOKEN_Y, 17, laid ? piece(`token:${laid.token}`, nest.nest) : {})
      : s("circle", { class: "phx-token-free", cx: tokenX, cy: TOKEN_Y, r: 17 }),
    s("text", { class: "phx-caption", x: tokenX, y: CAPTION_Y, "text-anchor": "middle" }, closed ? "token" : "free"),
  );
  return h(
    "figure",
    { class: `phx-nest${closed ? " phx-nest-closed" : ""}`, "data-nest": nest.nest },
    h(
      "figcaption",
      {},
      h("strong", {}, nestLabel(nest.nest)),
      note ? h("span", { class: "phx-note" }, note) : null,
      closed ? h("span", { class: "phx-note" }, `token ${nest.token} laid: closed this round`) : null,
    ),
    art,
  );
}
