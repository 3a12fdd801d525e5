// The board of Phoenicia: the VP and production tracks, the cards up for auction and the auction in
// progress, and every settlement (the viewer's own first). A move is clicked on the board: a card for
// auction; the auctioned card, then a bid among the amounts offered; an untrained worker to train it; a
// trained worker, then a tile's free circle to employ it; a tile's last worker, then another tile's free
// circle to shift it; a tile's free circle alone for a tool disk; the City Centre for a VP; a production
// card to turn it into disks. Ending the turn has no place on the board: it is in the list.

import { h } from "/web/js/dom.js";
import { cls } from "./phoenicia/look.js";
import { market } from "./phoenicia/market.js";
import { scoring } from "./phoenicia/scoring.js";
import { settlementPanel } from "./phoenicia/settlement.js";
import { tracks } from "./phoenicia/tracks.js";
import { describe, prompt, seatName, status } from "./phoenicia/words.js";

export const game = "phoenicia";
export { describe, prompt, scoring };

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
  root.append(
    header(view, context),
    h("section", { class: cls("tracks") }, tracks(view, context)),
    market(view, context),
    h("div", { class: cls(`settlements count-${seats.length}`) }, order.map((seat) => settlementPanel(view, seat, context))),
    legend(),
  );
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
