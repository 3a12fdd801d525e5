// The points of a plumage feather by feather, so the board can show where each point comes from (the
// view gives only each phase's total). The rules are those of scoring.py: a complete feather scores
// by its colour (rainbow with a colour counts as that colour), every half by its symbol, and two facing
// complete feathers with the same colours, lower with lower and upper with upper, score a mirror bonus.

import { colourOf, SYMBOLS, PHOENIX_LETTER } from "./halves.js";

export const FEATHER_POINTS = { own: 4, other: 2, rainbow: 12, mixed: 0 };
export const MIRROR_BONUS = 5;

// The colour letter a complete feather counts as, or null for two different colours.
export function featherColour(lower, upper) {
  const a = colourOf(lower);
  const b = colourOf(upper);
  if (a === b) return a;
  if (a === "*") return b;
  if (b === "*") return a;
  return null;
}

// What one complete feather scores for its colours: {points, kind}, kind one of FEATHER_POINTS' keys.
export function featherScore(phoenixColour, lower, upper) {
  const colour = featherColour(lower, upper);
  let kind = "mixed";
  if (colour === "*") kind = "rainbow";
  else if (colour === PHOENIX_LETTER[phoenixColour]) kind = "own";
  else if (colour !== null) kind = "other";
  return { points: FEATHER_POINTS[kind], kind };
}

export function symbolPoints(code) {
  const symbol = code && code.length > 1 ? code[1] : null;
  return symbol ? SYMBOLS[symbol].points : 0;
}

// A pair of facing slots (1-based): "open" while either feather is incomplete, else "mirror" (it scores
// the bonus) or "unlike".
export function mirrorState(lower, upper, a, b) {
  const i = a - 1;
  const j = b - 1;
  if (!upper[i] || !upper[j]) return "open";
  const same = colourOf(lower[i]) === colourOf(lower[j]) && colourOf(upper[i]) === colourOf(upper[j]);
  return same ? "mirror" : "unlike";
}

// Every phase of a plumage ({colour, lower, upper} as in the view), as the view's score gives them.
export function plumageScore(phoenix, pairs) {
  let colours = 0;
  let symbols = 0;
  let own = 0;
  phoenix.lower.forEach((lower, i) => {
    const upper = phoenix.upper[i];
    symbols += symbolPoints(lower) + symbolPoints(upper);
    if (lower && upper) {
      const feather = featherScore(phoenix.colour, lower, upper);
      colours += feather.points;
      if (feather.kind === "own") own += 1;
    }
  });
  const mirrors = pairs.filter(([a, b]) => mirrorState(phoenix.lower, phoenix.upper, a, b) === "mirror").length;
  return { colours, symbols, mirrors: mirrors * MIRROR_BONUS, own_colour_feathers: own };
}

// The points a half would add to `phoenix` if placed in `slot` (1-based), phase by phase.
export function gain(phoenix, pairs, position, code, slot) {
  const before = plumageScore(phoenix, pairs);
  const placed = { ...phoenix, lower: [...phoenix.lower], upper: [...phoenix.upper] };
  placed[position][slot - 1] = code;
  const after = plumageScore(placed, pairs);
  return {
    colours: after.colours - before.colours,
    symbols: after.symbols - before.symbols,
    mirrors: after.mirrors - before.mirrors,
  };
}
