// Contract cards: a Prime, a Colony and an Outpost, coloured as the Prime (its letter on the card), each
// planet with its colour's letter and a ✓ where the card's holder has an agent.

import { h, plural } from "/web/js/dom.js";
import { piece } from "../ids.js";
import { KIND_NAMES, LETTER_OF, contractOf, tilesByCode } from "./common.js";

// What cashing in a contract would bring with `held` of its planets holding the holder's agents (the ✓
// marks), as the view's cash_in says.
function cashValue(view, held) {
  const { face_up: faceUp, credits } = view.cash_in[held];
  const marks = held ? `${held} ✓` : "no ✓";
  if (!faceUp) return `discarded (${marks})`;
  return credits ? `face up, +${plural("credit", credits)} (${marks})` : `face up (${marks})`;
}

function holds(cell, seat) {
  return seat !== null && seat !== undefined && cell && cell.agents.includes(seat);
}

// The full card. options: pick (its data-pick key), holder (the seat whose agents are marked), caption
// (a line above it: "Keep 1"), value (show what cashing it in would bring), place (where it lies, as a
// piece: "hand0", "slot2").
export function contractCard(code, view, options = {}) {
  const tiles = tilesByCode(view);
  const contract = contractOf(code, tiles);
  const letter = LETTER_OF[contract.colour] || "?";
  const held = contract.planets.filter((planet) => holds(tiles.get(planet), options.holder)).length;
  const rows = contract.planets.map((planet) => {
    const cell = tiles.get(planet);
    const planetLetter = cell && cell.colour ? LETTER_OF[cell.colour] : "?";
    const mine = holds(cell, options.holder);
    return h(
      "li",
      { class: mine ? "held" : "" },
      h("span", { class: `syn-cube res-${planetLetter}` }, planetLetter),
      h("b", {}, planet),
      h("span", { class: "syn-muted" }, cell ? KIND_NAMES[cell.kind] : ""),
      mine ? h("span", { class: "syn-check", title: "an agent of the holder is here" }, "✓") : null,
    );
  });
  return h(
    "div",
    {
      class: `syn-contract contract-${letter}${options.small ? " small" : ""}`,
      "data-pick": options.pick || null,
      "data-contract": code,
      title: `Contract ${code}: ${contract.colour} (its Prime's colour); planets ${contract.planets.join(", ")}`,
      "aria-label": options.pick
        ? `${options.caption ? `${options.caption}: ` : ""}${contract.colour} contract ${contract.planets.join(", ")}`
        : null,
      ...(options.place ? piece(`contract:${code}`, options.place) : {}),
    },
    options.caption ? h("div", { class: "syn-contract-caption" }, options.caption) : null,
    h(
      "div",
      { class: "syn-contract-head" },
      h("span", { class: `syn-cube res-${letter}` }, letter),
      contract.colour || "contract",
    ),
    h("ul", { class: "syn-contract-planets" }, rows),
    options.value ? h("div", { class: "syn-contract-value" }, `Cashed in now: ${cashValue(view, held)}`) : null,
  );
}

// A contract in one line: its colour letter and its code; `place`: where it lies, as a piece.
export function contractChip(code, view, extra = "", place = null) {
  const contract = contractOf(code, tilesByCode(view));
  const letter = LETTER_OF[contract.colour] || "?";
  return h(
    "span",
    {
      class: `syn-contract-chip contract-${letter} ${extra}`.trim(),
      "data-contract": code,
      title: `${contract.colour} contract ${code}`,
      ...(place ? piece(`contract:${code}`, place) : {}),
    },
    h("span", { class: `syn-cube res-${letter}` }, letter),
    code,
  );
}

// A contract face down: its back, with its code where every seat knows it; `place`: where it lies, as a
// piece (a back is a piece of its own kind: which contract it is, is hidden).
export function contractBack(known, view, place = null) {
  if (known) {
    return h(
      "span",
      { class: "syn-contract-back known", title: `known to all: ${known}`, ...(place ? piece(`contract:${known}`, place) : {}) },
      contractChip(known, view),
    );
  }
  const words = "a contract, face down";
  return h(
    "span",
    { class: "syn-contract-back", title: words, role: "img", "aria-label": words, ...(place ? piece("contract-back", place) : {}) },
    h("span", { "aria-hidden": "true" }, "?"),
  );
}
