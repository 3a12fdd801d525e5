// The board's class names, each with the prefix "ph-" so that no style of the page around the board
// (a table's .turn, .status, .winner) reaches into it; and a seat's colour chip.

import { h } from "/web/js/dom.js";

// cls("tile hunting") is "ph-tile ph-hunting"; nothing (an empty text) is no class at all.
export function cls(names) {
  const list = String(names).split(/\s+/).filter(Boolean);
  return list.length ? list.map((name) => `ph-${name}`).join(" ") : null;
}

// A seat's colour chip: the colour and the seat's number, never the colour alone.
export function seatChip(seat) {
  return h("span", { class: cls(`seat-chip seat-${seat}`), "data-colour": `seat-${seat}`, "aria-hidden": "true" }, String(seat + 1));
}
