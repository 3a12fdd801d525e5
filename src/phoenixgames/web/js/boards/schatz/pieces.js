// The pieces of Schatz des Phönix as elements: equipment cards, treasure tokens, seat names and marks.
// Every card shows its colour's letter beside its number (R3, Gx2, W2), so colour is never the only
// signal; every token shows its value, the large 10 a letter L as well.

import { h } from "/web/js/dom.js";

export const COLOURS = { R: "red", B: "blue", Y: "yellow", G: "green", P: "purple", W: "wild" };
export const ACTING = "▶";
export const START = "★";

// "R3" -> {letter: "R", colour: "red", value: "3", double: false}; "Gx2" -> value "x2", double true.
export function parseCard(code) {
  const letter = code.slice(0, 1);
  const value = code.slice(1);
  return { letter, colour: COLOURS[letter] || "unknown", value, double: value === "x2" };
}

// "red 3", "wild 2", "green x2".
export function cardName(code) {
  const { colour, value } = parseCard(code);
  return `${colour} ${value}`;
}

export function tokenName(token) {
  return token === "L10" ? "the large 10" : `the ${token}`;
}

// A treasure token in words: "treasure 6", "the large treasure 10".
export function tokenWords(token) {
  return token === "L10" ? "the large treasure 10" : `treasure ${token}`;
}

// One equipment card: its colour's letter in the corner, its number (or x2) in the middle; mini: the
// small size of the tables.
export function card(code, { mini = false, ...attributes } = {}) {
  const { letter, value, double } = parseCard(code);
  const name = cardName(code);
  const classes = `sz-card sz-${letter}${double ? " sz-double" : ""}${mini ? " sz-mini" : ""}`;
  return h(
    "span",
    { class: classes, "data-card": code, title: name, role: "img", "aria-label": name, ...attributes },
    h("span", { class: "sz-letter", "aria-hidden": "true" }, letter),
    h("span", { class: "sz-value", "aria-hidden": "true" }, double ? "×2" : value),
  );
}

// An empty place for a card (a side holds two).
export function slot() {
  return h("span", { class: "sz-card sz-slot", "aria-hidden": "true" });
}

// The back of a card: the deck, and the hidden cards of the other hands.
export function back(attributes = {}) {
  return h("span", { class: "sz-card sz-back", "aria-hidden": "true", ...attributes });
}

// A number that counts up or down when it changes (the table animates data-count), under a stable key.
export function count(key, value) {
  return h("span", { class: "sz-number", "data-piece": `count:${key}`, "data-count": value }, String(value));
}

// A treasure token: "6", or the large "L10" (gold, bigger, an L beside its 10).
export function token(code, { mini = false, ...attributes } = {}) {
  const large = code === "L10";
  const title = large ? "large treasure, worth 10: its taker gets the start player token" : `treasure worth ${code}`;
  const classes = `sz-token${large ? " sz-large" : ""}${mini ? " sz-mini" : ""}`;
  return h(
    "span",
    { class: classes, title, role: "img", "aria-label": tokenWords(code), ...attributes },
    large
      ? [h("span", { class: "sz-token-value", "aria-hidden": "true" }, "10"), h("span", { class: "sz-token-l", "aria-hidden": "true" }, "L")]
      : h("span", { "aria-hidden": "true" }, code),
  );
}

export function tokenValue(code) {
  return Number(String(code).replace(/^L/, ""));
}

// Most valuable first; the large 10 before a small 10.
export function sortTokens(tokens) {
  return [...tokens].sort((a, b) => tokenValue(b) - tokenValue(a) || (b === "L10") - (a === "L10"));
}

// A seat as people read it: its display name, or "Seat 1" for seat 0.
export function seatName(seat, ctx) {
  const names = ctx && ctx.names;
  return (names && names[seat]) || `Seat ${seat + 1}`;
}

// The seat's name with its marks: ▶ to act, ★ start player (marks: false leaves both out, for the
// tables of past rounds), "you" for the viewer's own seat.
export function seatLabel(view, ctx, seat, toAct, marks = true) {
  return h(
    "span",
    { class: "sz-seat" },
    marks && seat === toAct ? h("span", { class: "sz-mark sz-acting", title: "to act", role: "img", "aria-label": "to act:" }, `${ACTING} `) : null,
    h("span", { class: "sz-seat-name" }, seatName(seat, ctx)),
    marks && seat === view.start_player
      ? h("span", { class: "sz-mark sz-start", title: "start player", role: "img", "aria-label": ", start player" }, ` ${START}`)
      : null,
    seat === ctx.seat ? h("span", { class: "sz-you" }, " (you)") : null,
  );
}

// Seats in picking order at a nest, as the view gives them: the highest combo first, ties to the seat
// first in turn order from the start player (the rules' SCH-31 to SCH-33, worked out by the game).
export function ranking(view, nest) {
  return (view.rankings && view.rankings[nest.nest - 1]) || [];
}

export function ordinal(place) {
  return ["1st", "2nd", "3rd"][place - 1] || `${place}th`;
}
