// The board of Phoenix: the centre nest with the bags and a key to the scoring, then each player's area
// (their nests above their phoenix board, its eight slots as two mirrored wings). A turn is clicked as
// a half on a nest without a token, then a slot of the phoenix of the seat to act.

import { h } from "../dom.js";
import { PieceIds } from "./ids.js";
import { halfName, rainbowDefs } from "./phoenix/halves.js";
import { halfKey, nestLabel } from "./phoenix/nests.js";
import { playerArea, scoringTable, seatName, tableArea, topBar } from "./phoenix/panels.js";
import { gainWords } from "./phoenix/points.js";

export const game = "phoenix";

const TAKE = /^take (lower|upper) (\S+) (centre|nest[0-9]+) slot([0-9]+)$/;

// The pieces that move: the halves ("half:lower:Rf", at "nest2:0" or "seat1:slot5") and the ash tokens
// ("token:3", in a player's hand "seat1" or on a nest "nest2").
const ids = new PieceIds();

function parse(action) {
  const m = TAKE.exec(action);
  return m ? { position: m[1], code: m[2], nest: m[3], slot: Number(m[4]) } : null;
}

function context(ctx) {
  return { seat: null, names: null, toAct: null, ...ctx };
}

export function draw(root, view, ctx) {
  const c = context(ctx);
  const over = view.phase === "over";
  const board = h(
    "div",
    { class: "phx" },
    rainbowDefs(),
    topBar(view, c),
    tableArea(view, c, over ? scoringTable(view, c) : null),
    h(
      "div",
      { class: "phx-players" },
      view.phoenixes.map((phoenix) => playerArea(view, c, phoenix)),
    ),
  );
  ids.assign(board);
  root.append(board);
}

// Where the move `action` of `seat` shows on the board drawn last from `view`: the half it took, now in
// the slot of its phoenix. (The token it laid is not told apart from one laid there in a later round.)
export function lastMove(action, seat, view) {
  const take = parse(action);
  const half = take ? ids.at(`half:${take.position}:${take.code}`, `seat${seat}:slot${take.slot}`) : null;
  return half ? [half] : [];
}

export function path(action, view) {
  const take = parse(action);
  if (!take) return null;
  return [halfKey(take.nest, take.position, take.code), `slot:${take.slot}`];
}

function nestWords(nest, view) {
  const owner = view.nests.find((n) => n.nest === nest)?.owner;
  if (owner === null || owner === undefined) return "";
  if (owner === view.current_player) {
    return `; your own nest, so the token turns ${view.token_rules.laid_on_own_nest}`;
  }
  return `; ${seatName(owner, {})}'s nest, so the token goes to them at the round's end`;
}

export function describe(action, view) {
  const take = parse(action);
  if (!take) return action;
  const half = halfName(take.code, take.position);
  const from = take.nest === "centre" ? "the centre nest" : nestLabel(take.nest);
  const what = `Take the ${half} from ${from} into slot ${take.slot}`;
  return `${what}${gainWords(action, view)}${nestWords(take.nest, view)}`;
}

export function prompt(prefix, candidates, view) {
  if (!prefix.length) return "Click a feather half on a nest without a token.";
  const takes = candidates.map(parse).filter(Boolean);
  if (!takes.length) return "";
  const slots = takes.map((take) => take.slot).sort((a, b) => a - b);
  const half = halfName(takes[0].code, takes[0].position);
  const where = `${slots.length > 1 ? "slots" : "slot"} ${slots.join(", ")}`;
  return `Now click the slot of your phoenix for the ${half}: ${where}.`;
}

export function scoring(view, ctx) {
  return h("div", { class: "phx-final" }, scoringTable(view, context(ctx)));
}
