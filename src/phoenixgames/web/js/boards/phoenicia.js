// The board of Phoenicia: the VP and production tracks, the cards up for auction and the auction in
// progress, and every settlement (the viewer's own first). A move is clicked on the board: a card for
// auction; the auctioned card, then a bid among the amounts offered; an untrained worker to train it; a
// trained worker, then a tile's free circle to employ it; a tile's last worker, then another tile's free
// circle to shift it; a tile's free circle alone for a tool disk; the City Centre for a VP; a production
// card to turn it into disks. Ending the turn has no place on the board: it is in the list.

import { h } from "/web/js/dom.js";
import { PieceIds } from "./ids.js";
import { cls } from "./phoenicia/look.js";
import { market } from "./phoenicia/market.js";
import { scoring } from "./phoenicia/scoring.js";
import { settlementPanel } from "./phoenicia/settlement.js";
import { tracks } from "./phoenicia/tracks.js";
import { describe, prompt, seatName, status } from "./phoenicia/words.js";

export const game = "phoenicia";
export { describe, prompt, scoring };

// The pieces that move: workers ("worker:0" untrained, trained or on a tile), tool disks, treasury disks,
// production cards and development cards (for auction, up for auction, bought), the tracks' markers.
const ids = new PieceIds();

function header(view, ctx) {
  const order = view.turn_order.map((seat, i) => {
    const done = view.phase !== "over" && i < view.finished_turns;
    const now = view.phase !== "over" && seat === view.turn_seat;
    return h("span", { class: cls(`order-item${now ? " now" : ""}${done ? " done" : ""}`) }, now ? "▶ " : done ? "✓ " : "", seatName(seat, ctx), seat === view.overlord ? " ♛" : "");
  });
  let viewer = `You are ${seatName(ctx.seat, ctx)}`;
  if (!Number.isInteger(ctx.seat)) viewer = view.hands ? "Watching: every hand is shown at the end" : "Watching: production cards in hand are face down";
  return h(
    "header",
    { class: cls("head") },
    h("div", { class: cls(`status${view.phase === "over" ? " over" : ""}`) }, status(view, ctx)),
    h(
      "div",
      { class: cls("facts") },
      h("span", {}, `Round ${view.round}`),
      h("span", {}, "Turn order: ", order.flatMap((item, i) => (i ? [" → ", item] : [item]))),
      h("span", {}, `${view.victory_points_to_win} VP to win`),
      h("span", { class: cls("muted") }, viewer),
    ),
    h(
      "div",
      { class: cls("facts") },
      h("span", {}, `Production deck: ${view.production_deck_size} cards`),
      h("span", {}, "Production discards, face up: ", discards(view.production_discards)),
    ),
  );
}

// The discards as each value and how many of it: "4 ×7".
function discards(values) {
  if (!values.length) return "none";
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) || 0) + 1);
  return [...counts].map(([value, count]) => h("span", { class: cls("discard") }, h("span", { class: cls("prod-card mini") }, String(value)), `×${count} `));
}

function legend() {
  return h(
    "p",
    { class: cls("legend muted") },
    "● worker  ◎ tool disk  ○ free circle  ◉ treasury disk  ? production card face down  ★ victory points  ⚙ production  + improved side, ++ advanced  ♛ Overlord  ▶ to act",
  );
}

export function draw(root, view, ctx) {
  const context = { seat: Number.isInteger(ctx.seat) ? ctx.seat : null, names: ctx.names || null, legal: ctx.legal || [], toAct: ctx.toAct ?? null };
  const seats = view.settlements.map((_, seat) => seat);
  const order = context.seat === null ? seats : [...seats.slice(context.seat), ...seats.slice(0, context.seat)];
  root.classList.add("phoenicia");
  // The viewer busy in their own settlement (workers, tool disks): on a phone it comes first.
  const settling = view.phase !== "over" && !view.auction && view.current_player === context.seat && view.part !== "auctions";
  root.classList.toggle("ph-settling", settling);
  const parts = [
    header(view, context),
    h("section", { class: cls("tracks") }, tracks(view, context)),
    market(view, context),
    h("div", { class: cls(`settlements count-${seats.length}`) }, order.map((seat) => settlementPanel(view, seat, context))),
    legend(),
  ];
  const board = h("div", {}, parts);
  ids.assign(board);
  root.append(...board.childNodes);
}

// The id of the last of `count` pieces of `kind` at places "`prefix`0", "`prefix`1"... in the last drawing.
function lastOf(kind, prefix, count) {
  const id = count > 0 ? ids.at(kind, `${prefix}${count - 1}`) : null;
  return id ? [id] : [];
}

function tileOf(view, seat, activity) {
  return view.settlements[seat].tiles.find((tile) => tile.activity === activity) || { workers: 0, tool_disks: 0 };
}

// Where the move `action` of `seat` shows on the board drawn last from `view`: the card up for auction or
// bought, the seat's bid, the worker trained, employed or shifted, the tool disk, the VP or the disks.
export function lastMove(action, seat, view) {
  const words = action.split(" ");
  switch (words[0]) {
    case "auction": {
      if (view.auction && view.auction.card_facts.notation === words[1]) return ["auction-card"];
      const card = view.cards_for_auction.find((each) => each.notation === words[1]);
      return card ? [`card:${words[1]}`] : [];
    }
    case "bid":
    case "pass":
      return view.auction ? [`bid:${seat}`] : [];
    case "train":
      return lastOf(`worker:${seat}`, "trained:", view.settlements[seat].trained);
    case "employ":
      return lastOf(`worker:${seat}`, `tile:${words[1]}:`, tileOf(view, seat, words[1]).workers);
    case "shift":
      return lastOf(`worker:${seat}`, `tile:${words[2]}:`, tileOf(view, seat, words[2]).workers);
    case "tool":
      return lastOf(`tool:${seat}`, `tile:${words[1]}:`, tileOf(view, seat, words[1]).tool_disks);
    case "vp":
      return [`count:vp${seat}`];
    case "convert":
      return [`count:disks${seat}`];
    default:
      return [];
  }
}

// Where each kind of action is clicked (see the top of this file).
export function path(action, view) {
  const words = action.split(" ");
  switch (words[0]) {
    case "auction":
      return [`card:${words[1]}`];
    case "bid":
      return ["auction-card"];
    case "pass":
      return ["pass"];
    case "train":
      return ["train"];
    case "employ":
      return ["trained", `tile:${words[1]}`];
    case "shift":
      return [`worker:${words[1]}`, `tile:${words[2]}`];
    case "tool":
      return [`tile:${words[1]}`];
    case "vp":
      return ["citycentre"];
    case "convert": {
      const preset = `P${words[1]}`;
      return [(view.hand || []).includes(preset) ? `hand:${preset}` : `hand:${words[1]}`];
    }
    default:
      return null;
  }
}
